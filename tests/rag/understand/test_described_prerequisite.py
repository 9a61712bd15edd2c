"""A prerequisite named in words, written as the codes it stands for where it has no choice."""

from __future__ import annotations

import pytest

from rag.understand.described_prerequisite import DescribedPrerequisites, required_courses

NAMES = DescribedPrerequisites({"ABCD 430": ["ABCD 311"], "ABCD 450": ["ABCD 311", "ABCD 312"]})


@pytest.mark.parametrize("text, written", [
    ("i didnt pas the prerequisit for ABCD 430 lol, can i stil regester for it",
     "i didnt pas ABCD 311 (for ABCD 430) lol, can i stil regester for it"),
    ("taking ABCD 430's prereq this term. ABCD 430 next year?", "taking ABCD 311 this term. ABCD 430 next year?"),
    ("got 38% in the course that's the prereq for ABCD 430. ABCD 430?", "got 38% in ABCD 311. ABCD 430?"),
    ("I quit the lit course that ABCD 450 requires", "I quit ABCD 311 and ABCD 312 (for ABCD 450)"),
    # a question about the prerequisite itself, a prerequisite with a choice or of an unknown course: as written
    ("what is the prerequisite for ABCD 430?", "what is the prerequisite for ABCD 430?"),
    ("i failed the prereq for ABCD 210", "i failed the prereq for ABCD 210"),
    # whether the student has it is what is asked: "have" tells nothing done
    ("do i have the prereq for ABCD 430 yet?", "do i have the prereq for ABCD 430 yet?"),
    ("passed ABCD 311. did i get ABCD 430's prereq?", "passed ABCD 311. did i get ABCD 430's prereq?"),
])
def test_a_prerequisite_named_in_words_is_written_as_its_codes(text, written):
    assert NAMES.name_codes(text) == written


def test_only_a_prerequisite_with_no_choice_has_courses_to_write():
    assert required_courses({"op": "course", "code": "ABCD 311"}) == ["ABCD 311"]
    assert required_courses({"op": "all", "n": 0, "items": [{"op": "course", "code": "ABCD 311"},
                                                           {"op": "course", "code": "ABCD 312"}]}) == ["ABCD 311", "ABCD 312"]
    assert required_courses({"op": "one", "n": 1, "items": [{"op": "course", "code": "ABCD 107"},
                                                           {"op": "course", "code": "ABCD 110"}]}) == []
    assert required_courses({"op": "all", "n": 0, "items": [{"op": "course", "code": "ABCD 311"},
                                                           {"op": "standing", "text": "Third-year standing"}]}) == []


@pytest.mark.parametrize("text", [
    "Would ABCD 466 cover the prerequisite for ABCD 430?",
    "If all I have is ABCD 371, does that meet ABCD 430's prerequisites?",
    "ABCD 250 counts toward ABCD 430's prereqs, right?",
])
def test_a_prerequisite_weighed_against_another_course_is_not_written_out(text):
    assert NAMES.name_codes(text) == text  # it asks whether that course stands in for the prerequisite

"""A requirement worded as a kind of course, set against what the student says they have not done."""

from __future__ import annotations

import pytest

from rag.answer.described import described_not_done
from rag.understand.slots import read_not_done_clauses


def _tree(text: str) -> dict:
    return {"op": "other", "text": text}


@pytest.mark.parametrize("question, requirement, found", [
    ("I flunked comparative widget anatomy twice. Am I allowed into ABCD 412?",
     "A course in comparative widget anatomy", True),
    ("The economic widgetry course I signed up for got cancelled on me. Can I take ABCD 539?",
     "a course in Economic Widgetry", True),
    # each part of an "all of" is asked: a part not done is enough
    ("A numerical-methods course never happened for me, though I've done fluid dynamics. ABCD 507?",
     "All of a fluid-dynamics course, a numerical-methods course, as well as computer-programming skills", True),
    # done, or not said: nothing to match (never a "Yes" from words)
    ("I passed comparative widget anatomy. Am I allowed into ABCD 412?", "A course in comparative widget anatomy", False),
    ("I never took anything on gizmos. ABCD 412?", "A course in comparative widget anatomy", False),
    # a negation that does not govern the matched words says nothing of them
    ("Comparative widget anatomy went fine, no problems. ABCD 412?", "A course in comparative widget anatomy", False),
    ("I never failed comparative widget anatomy. ABCD 412?", "A course in comparative widget anatomy", False),
    # an "or" leaves another way in: the whole words must be matched
    ("I never did numerical methods. ABCD 507?", "A course in numerical methods or fluid dynamics", False),
])
def test_a_kind_of_course_the_student_says_they_have_not_done_is_found(question, requirement, found):
    said, part = described_not_done(_tree(requirement), read_not_done_clauses(question))
    assert bool(said) is found and (not found or part)


def test_only_a_requirement_every_route_asks_for_is_matched():
    one_of = {"op": "one", "items": [_tree("A course in comparative widget anatomy"),
                                     {"op": "course", "code": "ABCD 200"}]}
    clauses = read_not_done_clauses("I flunked comparative widget anatomy twice. ABCD 412?")
    assert described_not_done(one_of, clauses) == ("", "")  # ABCD 200 is another way in
    all_of = {"op": "all", "items": one_of["items"]}
    assert described_not_done(all_of, clauses)[0] == "A course in comparative widget anatomy"


def test_a_clause_that_names_a_course_code_is_no_description():
    assert read_not_done_clauses("I failed ABCD 110. I never took comparative widget anatomy.") == \
        ["I never took comparative widget anatomy"]

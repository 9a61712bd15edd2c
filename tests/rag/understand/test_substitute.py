"""Which course a question puts in another's place, and for which goal."""

import pytest

from rag.understand.slots import read_mentions
from rag.understand.substitute import read_substitution

SUBJECTS = ["ABCD", "EFGH"]


def _read(text: str):
    return read_substitution(text, read_mentions(text, SUBJECTS))


@pytest.mark.parametrize("text", [
    "Would ABCD 130 do as a stand-in for ABCD 123 when going on to ABCD 233?",
    "For ABCD 233, could ABCD 123 be swapped out for ABCD 130?",
    "ABCD 233: replace ABCD 123 with ABCD 130, fine?",
    "is it possible to substitute ABCD 130 for ABCD 123 in the ABCD 233 prereq",
    "are ABCD 130 and ABCD 123 interchangeable as far as ABCD 233 goes",
    "could ABCD 130 get subbed in for ABCD 123 when I go for ABCD 233",  # "for" after the verb is the phrase's
])
def test_the_substitute_the_course_replaced_and_the_goal_are_told_apart(text):
    found = _read(text)
    assert found is not None
    assert (found.substitute, found.replaced, found.goals) == ("ABCD 130", "ABCD 123", ("ABCD 233",))


@pytest.mark.parametrize("text", [
    "can ABCD 130 replace ABCD 123?",                        # no goal: a question about the pair
    "Does ABCD 130 count for ABCD 233 or is ABCD 123 needed?",  # the goal named after "count for"
    "I did ABCD 130 and ABCD 123. ABCD 233?",                 # no phrase joins two courses
])
def test_no_substitution_without_a_phrase_joining_two_courses_and_a_third_as_goal(text):
    assert _read(text) is None

"""Three-valued evaluation of requirement trees: yes, no, and cannot tell."""

from __future__ import annotations

from assets.requirements import parse_requirement
from rag.index.requirement_tree import NO, UNKNOWN, YES, evaluate, missing, unchecked

TREE = parse_requirement("All of ABCD 213, ABCD 221.")
EITHER = parse_requirement("Either (a) a score of 64% or higher in one of ABCD 101, ABCD 103 or (b) one of ABCD 121, ABCD 200.")


def test_all_of_satisfied_and_missing():
    assert evaluate(TREE, {"ABCD 213", "ABCD 221"}) == YES
    assert evaluate(TREE, {"ABCD 210"}) == NO
    assert missing(TREE, {"ABCD 213"}) == ["ABCD 221"]


def test_a_grade_condition_is_cannot_tell_and_named():
    assert evaluate(EITHER, {"ABCD 101"}) == UNKNOWN
    assert unchecked(EITHER, {"ABCD 101"}) == ["a score of 64% or higher in one of ABCD 101, ABCD 103"]
    assert evaluate(EITHER, {"ABCD 200"}) == YES
    assert evaluate(EITHER, set()) == NO


def test_standing_is_never_assumed():
    tree = parse_requirement("ABCD 300 and third-year standing.")
    assert evaluate(tree, {"ABCD 300"}) == UNKNOWN
    assert evaluate(tree, set()) == NO

"""One course in another's place: decided by the goal course's requirement, never by the student's record."""

from rag.answer.substitute import substitute
from rag.index.facts import FactStore
from rag.understand.substitute import Substitution
from tests.rag.answer.tiny_facts import tiny_course, tiny_question


def _asked(swap: tuple[str, str], goal):
    q = tiny_question(goal.code)
    q.intent, q.substitute = "need_check", Substitution(swap[0], swap[1], (goal.code,))
    return substitute(q, FactStore(courses={goal.code: goal}, required_by={}, coreq_of={}, excluded={}))


def test_two_options_of_one_group_stand_in_for_each_other():
    a = _asked(("ABCD 130", "ABCD 123"), tiny_course("ABCD 233", prerequisite="One of ABCD 123, ABCD 130, EFGH 001."))
    assert a.verdict == "yes" and a.text.startswith("Yes: ABCD 233's prerequisite accepts one of ABCD 123, ABCD 130")


def test_the_rest_of_the_requirement_is_said_to_still_apply():
    a = _asked(("ABCD 221", "ABCD 152"),
               tiny_course("ABCD 215", prerequisite="One of ABCD 101, ABCD 103 and one of ABCD 152, ABCD 221."))
    assert a.verdict == "yes" and "The rest of its prerequisite still applies." in a.text


def test_a_course_required_on_every_route_has_no_stand_in():
    a = _asked(("ABCD 375", "ABCD 380"), tiny_course("ABCD 489", prerequisite="All of ABCD 375, ABCD 380."))
    assert a.verdict == "no" and a.text.startswith("No: ABCD 489 requires ABCD 380 on every route")


def test_a_course_the_requirement_does_not_name_is_no_stand_in():
    a = _asked(("EFGH 200", "ABCD 123"), tiny_course("ABCD 233", prerequisite="One of ABCD 123, ABCD 130."))
    assert a.verdict == "no" and a.text.startswith("No: ABCD 233's prerequisite does not name EFGH 200")


def test_a_corequisite_group_is_read_like_a_prerequisite_one():
    a = _asked(("ABCD 103", "ABCD 101"), tiny_course("ABCD 158", corequisite="One of ABCD 101, ABCD 103."))
    assert a.verdict == "yes" and "ABCD 158's corequisite accepts" in a.text


def test_options_in_different_parts_are_only_another_route():
    a = _asked(("ABCD 210", "ABCD 110"),
               tiny_course("ABCD 310", prerequisite="Either (a) ABCD 110 and ABCD 120 or (b) ABCD 210."))
    assert a.verdict == "cannot tell" and a.text.startswith("Only by another route")


def test_a_premise_that_does_not_hold_gets_no_verdict():
    a = _asked(("ABCD 130", "ABCD 999"), tiny_course("ABCD 233", prerequisite="ABCD 123."))
    assert a.verdict == "" and "does not name ABCD 999, so nothing needs to take its place" in a.text

""""Do I need A for B?" answers on tiny entries: required, one option, corequisite, not named."""

from __future__ import annotations

import pytest

from tests.rag.answer.tiny_facts import tiny_course


def test_a_course_that_only_recommends_another_does_not_require_it():
    from rag.answer.need import need_check
    from rag.index.facts import FactStore
    from tests.rag.answer.test_planning import _q

    course = tiny_course("ABCD 300", prerequisite="ABCD 200 is recommended.")
    course.prerequisite_tree, course.prerequisite_notes = None, ["ABCD 200 is recommended."]
    q = _q("need_check", target="ABCD 300")
    q.asked, q.asks_direction = ["ABCD 200"], True
    answer = need_check(q, FactStore(courses={"ABCD 300": course}, required_by={}, coreq_of={}, excluded={}))
    assert answer.verdict == "no" and answer.text.startswith("No: ABCD 300 requires no course; the calendar only")


def test_a_course_the_prerequisite_does_not_name_is_no_yes_to_a_skip_question():
    from rag.answer.need import need_check
    from rag.index.facts import FactStore
    from rag.understand import Question
    from rag.understand.entities import Entities

    facts = FactStore(courses={"ABCD 310": tiny_course("ABCD 310", prerequisite="ABCD 210.")},
                      required_by={}, coreq_of={}, excluded={})
    q = Question(text="", entities=Entities(courses=["ABCD 310", "ABCD 110"]), intent="need_check",
                 target="ABCD 310", targets=["ABCD 310"], asked=["ABCD 110"], asks_skip=True, asks_direction=True)
    # "can I get into ABCD 310 without ABCD 110?": it asks for ABCD 210, which the student has not said they have
    a = need_check(q, facts)
    assert a.text.startswith("ABCD 310's prerequisite does not name ABCD 110; it requires ABCD 210")
    assert a.verdict != "yes"


@pytest.mark.parametrize("asked, not_completed, completed, verdict", [
    (["ABCD 110"], [], [], "yes"),                                # another route is open: skippable
    (["ABCD 110"], ["ABCD 120"], [], "no"),                       # "haven't done ABCD 120": no route left
    (["ABCD 110", "ABCD 120"], [], [], "yes"),                    # which is skipped and which is had: unknown
    (["ABCD 110"], [], ["ABCD 120"], "yes"),                      # "already done ABCD 120"
])
def test_a_course_that_is_one_option_cannot_be_skipped_when_every_other_route_is_ruled_out(
        asked, not_completed, completed, verdict):
    from rag.answer.need import need_check
    from rag.index.facts import FactStore
    from rag.understand import Question
    from rag.understand.entities import Entities

    facts = FactStore(courses={"ABCD 310": tiny_course("ABCD 310", prerequisite="One of ABCD 110, ABCD 120.")},
                      required_by={}, coreq_of={}, excluded={})
    q = Question(text="", entities=Entities(courses=["ABCD 310", "ABCD 110", "ABCD 120"]), intent="need_check",
                 target="ABCD 310", targets=["ABCD 310"], asked=asked, not_completed=not_completed,
                 completed=completed, asks_skip=True, asks_direction=True)
    a = need_check(q, facts)
    assert a.verdict == verdict
    if verdict == "no":
        assert a.text.startswith("No, it cannot be skipped: ABCD 310 has no route without")
        assert a.text.count("has no route") == 1  # said once for all the courses left out

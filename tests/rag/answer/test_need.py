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


def test_a_course_with_no_prerequisite_still_needs_its_corequisite():
    from rag.answer.need import need_check
    from rag.index.facts import FactStore
    from tests.rag.answer.test_planning import _q

    course = tiny_course("ABCD 550", corequisite="ABCD 505 and ABCD 506.")  # "Pre- or co-requisite: A and B"
    q = _q("need_check", target="ABCD 550")
    q.asked, q.asks_direction = ["ABCD 506"], True
    answer = need_check(q, FactStore(courses={"ABCD 550": course}, required_by={}, coreq_of={}, excluded={}))
    assert answer.verdict == "yes" and answer.text.startswith("Yes, as a corequisite")


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
    assert a.text.startswith("Only if you meet what ABCD 310 does require: its prerequisite does not name ABCD 110; "
                             "it requires ABCD 210")
    assert a.verdict == "cannot tell"


@pytest.mark.parametrize("prerequisite, restriction, standing, verdict, lead", [
    ("Second-year standing and above.", "", 0, "cannot tell", "Only if you meet what ABCD 433 does require"),
    ("Third-year standing.", "", 2, "no", "No, not for you"),
    ("", "Restricted to students with second-year standing or above.", 0, "cannot tell", "Only if you meet its restriction"),
    ("", "Restricted to students with second-year standing or above.", 1, "no", "No, not for you"),
    ("", "", 0, "yes", "Yes, it can be skipped"),
])
def test_skipping_a_course_the_goal_does_not_name_turns_on_what_the_goal_does_ask(
        prerequisite, restriction, standing, verdict, lead):
    from rag.answer.need import need_check
    from rag.index.facts import FactStore
    from rag.understand import Question
    from rag.understand.entities import Entities

    facts = FactStore(courses={"ABCD 433": tiny_course("ABCD 433", prerequisite=prerequisite, restriction=restriction)},
                      required_by={}, coreq_of={}, excluded={})
    q = Question(text="", entities=Entities(courses=["ABCD 433", "ABCD 301"]), intent="need_check", standing=standing,
                 target="ABCD 433", targets=["ABCD 433"], asked=["ABCD 301"], asks_skip=True, asks_direction=True)
    a = need_check(q, facts)  # "can I skip ABCD 301 and still take ABCD 433?"
    assert a.verdict == verdict and a.text.startswith(lead)


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


@pytest.mark.parametrize("standing, verdict", [(2, "no"), (3, "yes"), (0, "yes")])
def test_a_route_through_a_later_standing_is_no_route_for_a_student_who_told_an_earlier_year(standing, verdict):
    from rag.answer.need import need_check
    from rag.index.facts import FactStore
    from rag.understand import Question
    from rag.understand.entities import Entities

    course = tiny_course("ABCD 341", prerequisite="All of ABCD 100, ABCD 101, ABCD 240. Or third-year standing or higher.")
    facts = FactStore(courses={"ABCD 341": course}, required_by={}, coreq_of={}, excluded={})
    q = Question(text="", entities=Entities(courses=["ABCD 341", "ABCD 101"]), intent="need_check", target="ABCD 341",
                 targets=["ABCD 341"], asked=["ABCD 101"], asks_skip=True, asks_direction=True, standing=standing)
    a = need_check(q, facts)  # "2nd-year: do I need ABCD 101 for ABCD 341, or can I avoid it?"
    assert a.verdict == verdict
    if verdict == "no":
        assert "you said you are in year 2" in a.text


def test_with_no_word_for_the_direction_the_calendars_one_relation_between_two_courses_decides_it():
    from rag.answer.need import need_check
    from rag.index.facts import FactStore
    from rag.understand import Question
    from rag.understand.entities import Entities

    facts = FactStore(courses={"ABCD 221": tiny_course("ABCD 221", prerequisite="ABCD 220."),
                               "ABCD 320": tiny_course("ABCD 320", prerequisite="ABCD 221 and ABCD 210.")},
                      required_by={}, coreq_of={}, excluded={})
    # "does ABCD 320 let people in who didn't take ABCD 221?", read as whether ABCD 320 is required for ABCD 221
    q = Question(text="", entities=Entities(courses=["ABCD 320", "ABCD 221"]), intent="need_check",
                 target="ABCD 221", targets=["ABCD 221"], asked=["ABCD 320"])
    a = need_check(q, facts)
    assert a.text.startswith("ABCD 320 requires ABCD 221") and a.reading.target == "ABCD 320"
    worded = Question(text="", entities=q.entities, intent="need_check", target="ABCD 221", targets=["ABCD 221"],
                      asked=["ABCD 320"], asks_direction=True)  # "does ABCD 221 have ABCD 320 as a prereq?"
    assert "does not name ABCD 320" in need_check(worded, facts).text  # the words' direction stands

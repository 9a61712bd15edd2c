"""One course's entry looked up on tiny entries: prerequisites, requirers, totals, subject levels."""

from __future__ import annotations

import pytest
from dataclasses import replace

from tests.rag.answer.tiny_facts import tiny_course


def test_the_prerequisites_of_a_restricted_course_say_who_may_register():
    from rag.answer.course_lookup import prereq_of
    from rag.index.facts import FactStore
    from rag.understand import Question
    from rag.understand.entities import Entities

    course = tiny_course("ABCD 217", restriction="Restricted to students in the Widget Major.")
    facts = FactStore(courses={"ABCD 217": course}, required_by={}, coreq_of={}, excluded={})
    a = prereq_of(Question(text="", entities=Entities(courses=["ABCD 217"]), intent="prereq_of", target="ABCD 217",
                           targets=["ABCD 217"]), facts)
    assert a.text.startswith("None listed: the calendar lists no prerequisite")  # a list asked for: no "No"
    assert "Who may register (calendar): \u201cRestricted to students in the Widget Major.\u201d" in a.text


def test_a_credit_total_of_excluded_courses_says_only_one_earns_credit():
    from dataclasses import replace

    from rag.answer.course_lookup import credits_total
    from tests.rag.answer.test_chain import _course, _facts
    from tests.rag.answer.test_planning import _q

    a = replace(_course("ABCD 110"), excluded_with=["ABCD 103"])
    facts = _facts(a, _course("ABCD 103"), _course("ABCD 121"))
    q = _q("credits_total")
    q.targets = ["ABCD 110", "ABCD 103"]
    answer = credits_total(q, facts)
    assert answer.text.startswith("6 credits in total") and "credit for only one of them" in answer.text
    q.targets = ["ABCD 110", "ABCD 121"]
    assert "credit-excluded" not in credits_total(q, facts).text
    # asked as yes or no ("would A plus B get me 6 credits?"): not both count, so the lead is "No"
    q.targets, q.yes_no = ["ABCD 110", "ABCD 103"], True
    asked = credits_total(q, facts)
    assert asked.verdict == "no" and asked.text.startswith("No, not all of them count: ABCD 110 and ABCD 103")
    q.targets = ["ABCD 110", "ABCD 121"]
    assert credits_total(q, facts).verdict == "6"


def test_a_yes_no_prerequisite_question_naming_another_course_gets_no_verdict_word():
    from rag.answer.course_lookup import prereq_of
    from rag.index.facts import FactStore
    from rag.understand import Question
    from rag.understand.entities import Entities

    course = tiny_course("ABCD 317", prerequisite="One of ABCD 210, ABCD 220.")
    facts = FactStore(courses={"ABCD 317": course}, required_by={}, coreq_of={}, excluded={})

    def asked(*codes: str) -> str:
        return prereq_of(Question(text="", entities=Entities(courses=list(codes)), intent="prereq_of",
                                  target="ABCD 317", targets=["ABCD 317"], yes_no=True), facts).text

    assert asked("ABCD 317").startswith("Yes: ABCD 317 requires")  # "does ABCD 317 have prerequisites?"
    assert asked("ABCD 317", "ABCD 110").startswith("ABCD 317 requires")  # "is ABCD 110 what unlocks it?"


@pytest.mark.parametrize("text, levels, lead", [
    ("which 300-level courses need ABCD 110?", [3], "300-level courses whose prerequisites name ABCD 110: ABCD 310"),
    ("which 400-level courses need ABCD 110?", [4], "No 400-level course lists ABCD 110"),
    ("took ABCD 110 in 3rd year, which courses need it?", [3], "Courses whose prerequisites name ABCD 110: ABCD 210"),
])
def test_a_reverse_lookup_keeps_to_a_course_level_the_question_names(text, levels, lead):
    from rag.answer.course_lookup import reverse_prereq
    from rag.index.facts import FactStore
    from rag.understand import Question
    from rag.understand.entities import Entities

    courses = {c: tiny_course(c, prerequisite="ABCD 110." if c != "ABCD 110" else "")
               for c in ("ABCD 110", "ABCD 210", "ABCD 310")}
    facts = FactStore(courses=courses, required_by={"ABCD 110": [("ABCD 210", True), ("ABCD 310", True)]},
                      coreq_of={}, excluded={})
    q = Question(text=text, entities=Entities(courses=["ABCD 110"]), intent="reverse_prereq",
                 target="ABCD 110", targets=["ABCD 110"], levels=levels)
    assert reverse_prereq(q, facts).text.startswith(lead)


def test_a_level_list_asked_as_what_one_needs_says_it_is_no_list_of_requirements():
    from rag.answer.course_lookup import subject_level
    from rag.index.facts import FactStore
    from rag.understand import Question
    from rag.understand.entities import Entities

    facts = FactStore(courses={"ABCD 210": tiny_course("ABCD 210"), "ABCD 310": tiny_course("ABCD 310")},
                      required_by={}, coreq_of={}, excluded={})
    q = Question(text="", entities=Entities(courses=[]), intent="subject_level", subjects=["ABCD"], levels=[2])
    assert subject_level(q, facts).text.startswith("200-level ABCD courses in the calendar:\n- ABCD 210")
    needed = subject_level(replace(q, asks_duty=True), facts).text
    assert needed.startswith("Which 200-level ABCD courses you need depends on your program") and "ABCD 210" in needed


def test_a_credit_count_offered_gets_a_yes_or_no_before_the_calendar_count():
    from rag.answer.course_lookup import credits
    from rag.index.facts import FactStore
    from rag.understand import Question
    from rag.understand.entities import Entities

    fixed = replace(tiny_course("ABCD 110"), credits="6", credits_min=6.0, credits_max=6.0)
    ranged = replace(tiny_course("ABCD 390"), credits="3-6", credits_min=3.0, credits_max=6.0)
    facts = FactStore(courses={"ABCD 110": fixed, "ABCD 390": ranged}, required_by={}, coreq_of={}, excluded={})

    def asked(code, count, yes_no=True):
        return credits(Question(text="", entities=Entities(courses=[code]), intent="credits", target=code,
                                targets=[code], yes_no=yes_no, credits_asked=count), facts).text

    assert asked("ABCD 110", 3.0).startswith("No: ABCD 110 (A Course) is worth 6 credits")
    assert asked("ABCD 110", 6.0).startswith("Yes: ")
    assert asked("ABCD 390", 6.0).startswith("It can be: ") and asked("ABCD 390", 9.0).startswith("No: ")
    assert asked("ABCD 110", 0.0).startswith("ABCD 110 (A Course) is worth 6 credits")  # no count offered


def test_a_yes_no_question_about_courses_of_a_subject_is_answered_by_that_subject():
    from dataclasses import replace

    from rag.answer.course_lookup import prereq_of
    from rag.index.facts import FactStore
    from tests.rag.answer.tiny_facts import tiny_course, tiny_question

    course = tiny_course("ABCD 320", prerequisite="Second-year standing.")
    facts = FactStore(courses={"ABCD 320": course}, required_by={}, coreq_of={}, excluded={})
    q = replace(tiny_question("ABCD 320"), intent="prereq_of", yes_no=True, subjects=["ABCD"])
    a = prereq_of(q, facts)  # "do I need a previous ABCD course before ABCD 320?"
    assert a.verdict == "no" and a.text.startswith("No: ABCD 320's prerequisite names no ABCD course")
    named = tiny_course("ABCD 330", prerequisite="ABCD 220.")
    facts = FactStore(courses={"ABCD 330": named}, required_by={}, coreq_of={}, excluded={})
    q = replace(tiny_question("ABCD 330"), intent="prereq_of", yes_no=True, subjects=["ABCD"])
    assert prereq_of(q, facts).text.startswith("Yes: ABCD 330 requires")


def test_a_course_added_to_the_load_told_is_answered_with_the_new_total():
    from rag.answer.course_lookup import credits
    from rag.index.facts import FactStore
    from rag.understand import Question
    from rag.understand.entities import Entities

    fixed = replace(tiny_course("ABCD 110"), credits="6", credits_min=6.0, credits_max=6.0)
    facts = FactStore(courses={"ABCD 110": fixed}, required_by={}, coreq_of={}, excluded={})
    q = Question(text="", entities=Entities(courses=["ABCD 110"]), intent="credits", target="ABCD 110",
                 targets=["ABCD 110"], credit_load=12.0)
    assert credits(q, facts).text.startswith("18 credits in total (12 + 6 = 18): ABCD 110")

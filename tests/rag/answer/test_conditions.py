""""Do I need a grade / permission for A?" answered from the requirement tree on tiny entries."""

from __future__ import annotations

from dataclasses import replace

from rag.answer.conditions import condition_asked
from rag.index.facts import FactStore
from tests.rag.answer.tiny_facts import tiny_course, tiny_question


def _ask(course, kind: str):
    facts = FactStore(courses={course.code: course}, required_by={}, coreq_of={}, excluded={})
    return condition_asked(replace(tiny_question(course.code), asks_condition=kind), facts)


def test_a_condition_on_every_route_is_a_yes_with_the_calendars_words():
    a = _ask(tiny_course("ABCD 451", prerequisite="Permission of instructor required."), "permission")
    assert a.verdict == "yes" and "Permission of instructor required" in a.text
    graded = _ask(tiny_course("ABCD 320", prerequisite="A score of 68% or higher in ABCD 226."), "grade")
    assert graded.verdict == "yes" and "68%" in graded.text
    standing = _ask(tiny_course("ABCD 441", prerequisite="ABCD 340. Fourth-year standing."), "standing")
    assert standing.verdict == "yes" and "Fourth-year standing" in standing.text
    assert _ask(tiny_course("ABCD 442", prerequisite="ABCD 340."), "standing").verdict == "no"
    second = tiny_course("ABCD 411", prerequisite="Second-year standing.")
    assert _ask(second, "standing").verdict == "yes"
    facts = FactStore(courses={"ABCD 411": second}, required_by={}, coreq_of={}, excluded={})
    third = condition_asked(replace(tiny_question("ABCD 411"), asks_condition="standing", year_asked=3), facts)
    assert third.verdict == "no" and "second-year standing, not third-year" in third.text  # asked a later year
    skip = condition_asked(replace(tiny_question("ABCD 411"), asks_condition="standing", asks_skip=True), facts)
    assert skip.verdict == "no" and "on every route" in skip.text
    either = _ask(tiny_course("ABCD 402", prerequisite="Fourth-year standing or permission of the instructor."),
                  "standing")
    assert either.verdict == "no" and either.text.startswith("No, not on every route")
    words = _ask(tiny_course("ABCD 301", prerequisite="A first-year English course."), "standing")
    assert words.verdict != "yes"  # a year in a course's description is no year standing
    group = _ask(tiny_course("ABCD 302", prerequisite="Third-year standing in Honours or Majors."), "standing")
    assert group.verdict == "yes"  # "or Majors" names who, not another way in


def test_a_program_asked_for_is_read_from_the_requirement_or_the_restriction():
    kin = _ask(tiny_course("ABCD 484", prerequisite="Restricted to students in the BKIN program with third- or "
                                                     "fourth-year standing."), "program")
    assert kin.verdict == "yes" and "BKIN program" in kin.text  # "third- or fourth-year" is no other way in
    majors = _ask(tiny_course("ABCD 451", restriction="Restricted to fourth-year Widget Studies majors."), "program")
    assert majors.verdict == "yes" and "Widget Studies majors" in majors.text and ".\u201d." not in majors.text
    phd = tiny_course("ABCD 500", prerequisite="Enrolment in the Ph.D. degree program in ECE.")
    facts = FactStore(courses={"ABCD 500": phd}, required_by={}, coreq_of={}, excluded={})
    skip = condition_asked(replace(tiny_question("ABCD 500"), asks_condition="program", asks_skip=True), facts)
    assert skip.verdict == "no" and "on every route" in skip.text
    assert _ask(tiny_course("ABCD 301", prerequisite="ABCD 201."), "program").verdict == "no"
    year_only = _ask(tiny_course("ABCD 302", restriction="Restricted to students in third-year standing or higher."),
                     "program")
    assert year_only.verdict != "yes"  # a year of study is no program
    either = _ask(tiny_course("ABCD 303", restriction="Restricted to the BKIN program or students with fourth-year "
                                                      "standing."), "program")
    assert either.verdict != "yes"  # another way in besides the program


def test_a_condition_on_one_route_only_is_a_no_naming_the_other_route():
    a = _ask(tiny_course("ABCD 410", prerequisite="One of ABCD 300 or permission of the instructor."), "permission")
    assert a.verdict == "no" and a.text.startswith("No, not on every route") and "ABCD 300" in a.text
    standing = _ask(tiny_course("ABCD 321", prerequisite="Third-year standing or above. Second year students may be "
                                                          "admitted with permission of instructor."), "permission")
    assert standing.verdict == "no"


def test_a_grade_the_calendar_only_recommends_is_said_to_be_advice():
    course = tiny_course("ABCD 419", prerequisite="One of ABCD 233, ABCD 234.")
    course.prerequisite_notes = ["A standing of 'B' or higher recommended."]
    a = _ask(course, "grade")
    assert a.verdict == "no" and "only recommends" in a.text and "'B' or higher" in a.text


def test_no_condition_anywhere_is_a_no_with_what_the_course_requires():
    a = _ask(tiny_course("ABCD 235", prerequisite="One of ABCD 123, ABCD 135."), "permission")
    assert a.verdict == "no" and "ABCD 123" in a.text
    assert condition_asked(tiny_question("ABCD 235"), FactStore(courses={}, required_by={}, coreq_of={},
                                                                excluded={})) is None  # nothing asked


def test_a_permission_offered_beside_something_else_by_who_may_register_is_one_route():
    course = tiny_course("ABCD 470", restriction="Restricted to fourth-year students or with the permission of the "
                                                 "department.")
    a = _ask(course, "permission")
    assert a.verdict == "no" and a.text.startswith("No, not on every route") and "fourth-year" in a.text


def test_a_requirement_ubcal_could_not_read_at_all_settles_nothing():
    course = tiny_course("ABCD 480", prerequisite="Ask the widget office.")
    course.prerequisite_tree, course.prerequisite_notes = None, []
    assert _ask(course, "grade") is None

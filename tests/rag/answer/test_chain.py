"""The chain planner on tiny fact stores: order, choices by fewest courses, history, corequisites, cycles."""

from __future__ import annotations

from assets.requirements import parse_requirement
from rag.answer.chain import ChainPlanner
from rag.index.facts import CourseFact, FactStore


def _course(code: str, prerequisite: str = "", corequisite: str = "") -> CourseFact:
    return CourseFact(code=code, title="A Course", credits="3", credits_min=3, credits_max=3, level=int(code[-3]),
                      url="https://example.test/abcd", anchor=code.lower().replace(" ", "-"), heading=code,
                      text=f"Prerequisite: {prerequisite} Corequisite: {corequisite}", prerequisite=prerequisite,
                      prerequisite_tree=parse_requirement(prerequisite) if prerequisite else None,
                      prerequisite_parsed=True, prerequisite_unparsed=[], corequisite=corequisite,
                      corequisite_tree=parse_requirement(corequisite) if corequisite else None,
                      exclusion="", excluded_with=[], equivalency="", restriction="")


def _facts(*courses: CourseFact) -> FactStore:
    return FactStore(courses={c.code: c for c in courses}, required_by={}, coreq_of={}, excluded={})


LADDER = _facts(_course("ABCD 101"), _course("ABCD 102", "ABCD 101."), _course("ABCD 201", "ABCD 102."),
                _course("ABCD 202", "ABCD 201."), _course("ABCD 351", "ABCD 202."))


def test_a_ladder_is_laid_out_step_by_step_down_to_the_first_course():
    plan = ChainPlanner(LADDER, set()).plan("ABCD 351")
    assert [(s.code, s.step) for s in plan.steps] == [("ABCD 101", 1), ("ABCD 102", 2), ("ABCD 201", 3),
                                                       ("ABCD 202", 4), ("ABCD 351", 5)]
    assert plan.done_used == [] and plan.cycles == []


def test_a_done_course_ends_the_chain_and_its_own_prerequisites_count_as_met():
    plan = ChainPlanner(LADDER, {"ABCD 102"}).plan("ABCD 351")
    assert [s.code for s in plan.to_take] == ["ABCD 201", "ABCD 202"]
    assert plan.done_used == ["ABCD 102"]


def test_a_choice_takes_the_option_with_the_fewest_courses_and_keeps_the_others():
    facts = _facts(_course("ABCD 100"), _course("ABCD 110", "ABCD 100."), _course("ABCD 120", "ABCD 110."),
                   _course("EFGH 100"), _course("ABCD 300", "One of ABCD 120, EFGH 100."))
    plan = ChainPlanner(facts, set()).plan("ABCD 300")
    assert [s.code for s in plan.to_take] == ["EFGH 100"]
    (choice,) = plan.steps[-1].choices
    assert choice.course == "ABCD 300" and choice.options == ["ABCD 120", "EFGH 100"] and choice.taken == ["EFGH 100"]
    # with ABCD 110 done both options are one course: the tie goes to the option the calendar lists first
    assert [s.code for s in ChainPlanner(facts, {"ABCD 110"}).plan("ABCD 300").to_take] == ["ABCD 120"]
    # with the longer option's course itself done, nothing is left
    assert ChainPlanner(facts, {"ABCD 120"}).plan("ABCD 300").to_take == []


def test_shared_courses_count_once_when_the_route_is_chosen():
    facts = _facts(_course("ABCD 100"), _course("ABCD 200", "ABCD 100."), _course("EFGH 200"),
                   _course("EFGH 210"), _course("ABCD 400", "All of ABCD 200 and one of ABCD 100, EFGH 200."))
    plan = ChainPlanner(facts, set()).plan("ABCD 400")
    assert sorted(s.code for s in plan.to_take) == ["ABCD 100", "ABCD 200"]  # ABCD 100 is on the route already


def test_a_corequisite_shares_the_step_of_the_course_that_wants_it():
    facts = _facts(_course("ABCD 100"), _course("ABCD 105"), _course("ABCD 200", "ABCD 100.", "ABCD 105."),
                   _course("ABCD 300", "ABCD 200."))
    plan = ChainPlanner(facts, set()).plan("ABCD 300")
    assert plan.step_of("ABCD 105") == plan.step_of("ABCD 200") == 2
    assert next(s for s in plan.steps if s.code == "ABCD 200").alongside == ["ABCD 105"]


def test_a_cycle_is_reported_and_does_not_loop():
    facts = _facts(_course("ABCD 300", "ABCD 310."), _course("ABCD 310", "ABCD 300."), _course("ABCD 400", "ABCD 310."))
    plan = ChainPlanner(facts, set()).plan("ABCD 400")
    assert plan.cycles and "ABCD 300" in plan.cycles[0] and "ABCD 310" in plan.cycles[0]


def test_conditions_that_are_not_courses_are_named_and_permission_is_not_a_route():
    facts = _facts(_course("ABCD 100"), _course("ABCD 400", "ABCD 100 and third-year standing."),
                   _course("ABCD 410", "One of ABCD 100 or permission of the instructor."))
    standing = ChainPlanner(facts, set()).plan("ABCD 400")
    assert [s.code for s in standing.to_take] == ["ABCD 100"]
    assert any("standing" in n for n in standing.steps[-1].conditions)
    permission = ChainPlanner(facts, set()).plan("ABCD 410")
    assert [s.code for s in permission.to_take] == ["ABCD 100"]


def test_a_course_missing_from_the_calendar_is_named_not_followed():
    plan = ChainPlanner(_facts(_course("ABCD 300", "WXYZ 200.")), set()).plan("ABCD 300")
    assert plan.not_in_calendar == ["WXYZ 200"] and [s.code for s in plan.to_take] == ["WXYZ 200"]


def test_a_list_that_does_not_say_one_or_all_is_taken_whole_and_its_note_names_no_course():
    from rag.answer.chain import AMBIGUOUS_NOTE

    facts = _facts(_course("ABCD 100"), _course("ABCD 110"), _course("ABCD 300", "ABCD 100, ABCD 110"))
    plan = ChainPlanner(facts, {"ABCD 100"}).plan("ABCD 300")
    assert [s.code for s in plan.to_take] == ["ABCD 110"]
    assert plan.steps[-1].conditions == [AMBIGUOUS_NOTE] and "ABCD 100" not in AMBIGUOUS_NOTE


def test_a_course_of_many_credits_counts_for_the_courses_its_credits_fill():
    from dataclasses import replace

    program = replace(_course("SCIE 001"), credits="30", credits_min=30, credits_max=30, level=0)
    facts = _facts(program, _course("ABCD 100"), _course("ABCD 101", "ABCD 100."),
                   _course("ABCD 200", "One of ABCD 101, SCIE 001."))
    plan = ChainPlanner(facts, set()).plan("ABCD 200")
    taken = {s.code for s in plan.steps}
    assert "SCIE 001" not in taken and {"ABCD 100", "ABCD 101"} <= taken


def test_a_route_through_a_prerequisite_ubcal_could_not_read_comes_after_a_fully_read_one():
    unread = _course("ABCD 322", "ABCD 211 or ABCD 201.Co-requisites: Ask the widget office")
    facts = _facts(unread, _course("ABCD 120"), _course("ABCD 233", "ABCD 120."),
                   _course("ABCD 335", "One of ABCD 322, ABCD 233."))
    plan = ChainPlanner(facts, set()).plan("ABCD 335")
    # through ABCD 322 seems as short, but part of what it needs could not be read: the fully read route
    assert [s.code for s in plan.to_take] == ["ABCD 120", "ABCD 233"]


def test_one_of_a_list_joined_by_and_takes_the_reading_every_other_reading_accepts():
    # "One of A, B and C": one of the three, or one of A, B and C as well; the second satisfies both
    facts = _facts(_course("ABCD 100"), _course("ABCD 110"), _course("ABCD 120"),
                   _course("ABCD 300", "One of ABCD 100, ABCD 110 and ABCD 120."))
    plan = ChainPlanner(facts, set()).plan("ABCD 300")
    assert sorted(s.code for s in plan.to_take) == ["ABCD 100", "ABCD 120"]  # not all three
    assert ChainPlanner(facts, {"ABCD 110", "ABCD 120"}).plan("ABCD 300").to_take == []


def test_a_choice_names_only_what_is_still_open_of_an_option_partly_done():
    facts = _facts(_course("ABCD 100"), _course("ABCD 110"), _course("ABCD 120"),
                   _course("ABCD 300", "One of ABCD 120 or all of ABCD 100, ABCD 110."))
    (choice,) = ChainPlanner(facts, {"ABCD 100"}).plan("ABCD 300").steps[-1].choices
    assert choice.options == ["ABCD 120", "ABCD 110 (the rest of it done)"]
    assert not any("ABCD 100" in o for o in choice.options + choice.taken)


def test_a_grade_condition_the_student_says_they_met_is_not_listed_as_still_required():
    from rag.index.requirement_tree import History

    facts = _facts(_course("ABCD 100"), _course("ABCD 200", "A score of 68% or higher in ABCD 100."),
                   _course("ABCD 300", "ABCD 200."))
    met = ChainPlanner(facts, History({"ABCD 100"}, scores={"ABCD 100": 75.0})).plan("ABCD 300")
    assert [s.code for s in met.to_take] == ["ABCD 200"] and not any(s.conditions for s in met.steps)
    short = ChainPlanner(facts, History({"ABCD 100"}, scores={"ABCD 100": 60.0})).plan("ABCD 300")
    assert any("68%" in n for s in short.steps for n in s.conditions)  # a grade below the bar is still named


def test_a_route_through_a_course_with_no_entry_comes_after_one_through_courses_with_entries():
    # a retired course the requirement still names: what it needs is unknown, so it is no shortest route
    facts = _facts(_course("ABCD 101"), _course("ABCD 295", "ABCD 101."),
                   _course("ABCD 407", "One of ABCD 295, WXYZ 201."))
    plan = ChainPlanner(facts, set()).plan("ABCD 407")
    assert [s.code for s in plan.to_take] == ["ABCD 101", "ABCD 295"]
    (choice,) = plan.steps[-1].choices
    nothing_done = ChainPlanner(_facts(_course("ABCD 100"), _course("ABCD 110"), _course("ABCD 120"), _course(
        "ABCD 300", "One of ABCD 120 or all of ABCD 100, ABCD 110.")), set()).plan("ABCD 300").steps[-1].choices[0]
    assert not any("the rest of it done" in o for o in nothing_done.options)  # nothing is done yet

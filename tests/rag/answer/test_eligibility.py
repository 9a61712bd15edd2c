"""Eligibility answers on tiny entries: prerequisites, corequisites and restrictions against a history."""

from __future__ import annotations

import pytest
from dataclasses import replace

from tests.rag.answer.tiny_facts import tiny_course, tiny_question


def test_a_corequisite_the_student_says_they_have_not_taken_withholds_yes():
    from rag.answer.eligibility import eligibility
    from rag.index.facts import FactStore

    course = tiny_course("ABCD 303", prerequisite="ABCD 200.", corequisite="ABCD 213.")
    facts = FactStore(courses={"ABCD 303": course}, required_by={}, coreq_of={}, excluded={})
    said_not = eligibility(tiny_question("ABCD 303", ["ABCD 200"], ["ABCD 213"]), facts)
    assert said_not.verdict == "cannot tell" and "only if you take it alongside" in said_not.text
    silent = eligibility(tiny_question("ABCD 303", ["ABCD 200"]), facts)
    assert silent.verdict == "yes" and "Corequisite" in silent.text
    taking = tiny_question("ABCD 303", ["ABCD 200"], ["ABCD 213"])
    taking.concurrent = ["ABCD 213"]  # "I'm taking ABCD 213 this term": alongside is what a corequisite asks
    assert eligibility(taking, facts).verdict == "yes"
    later = tiny_question("ABCD 303", ["ABCD 200"], ["ABCD 213"])
    later.deferred = ["ABCD 213"]  # "push ABCD 213 to next year": neither before nor alongside
    assert eligibility(later, facts).verdict == "no" and "you plan ABCD 213 for after it" in eligibility(later, facts).text
    permission = FactStore(courses={"ABCD 369": tiny_course(
        "ABCD 369", corequisite="One of ABCD 350, ABCD 351 and permission of the instructor.")},
        required_by={}, coreq_of={}, excluded={})
    alongside = tiny_question("ABCD 369")
    alongside.concurrent = ["ABCD 351"]  # the course is under way, the permission not said
    asked = eligibility(alongside, permission)
    assert asked.verdict == "cannot tell" and "permission of the instructor" in asked.text.splitlines()[0]
    skip = tiny_question("ABCD 303", ["ABCD 200"], ["ABCD 213"])
    skip.asks_skip = True  # "can I avoid ABCD 213 and still take ABCD 303": a required corequisite is not avoidable
    assert eligibility(skip, facts).verdict == "no" and "leave ABCD 213 out altogether" in eligibility(skip, facts).text
    either = FactStore(courses={"ABCD 304": tiny_course("ABCD 304", corequisite="One of ABCD 213, ABCD 214.")},
                       required_by={}, coreq_of={}, excluded={})
    skip_one = tiny_question("ABCD 304", [], ["ABCD 213"])
    skip_one.asks_skip = True  # another option may come alongside instead
    assert eligibility(skip_one, either).verdict == "cannot tell"


def test_a_group_the_student_is_not_in_is_turned_away_only_when_it_is_the_only_group():
    from rag.answer.eligibility import eligibility
    from rag.index.facts import FactStore

    only = tiny_course("ABCD 451", prerequisite="ABCD 401.", restriction="Restricted to Majors in Widget Design.")
    either = tiny_course("ABCD 452", prerequisite="ABCD 401.",
                          restriction="Restricted to students in one of Widget Design Major, Gadget Major.")
    facts = FactStore(courses={"ABCD 451": only, "ABCD 452": either}, required_by={}, coreq_of={}, excluded={})
    no = eligibility(tiny_question("ABCD 451", ["ABCD 401"], not_in=["widget design major"]), facts)
    assert no.verdict == "no" and "you said you are not in" in no.text
    open_question = eligibility(tiny_question("ABCD 452", ["ABCD 401"], not_in=["widget design major"]), facts)
    assert open_question.verdict == "cannot tell"
    unrelated = eligibility(tiny_question("ABCD 451", ["ABCD 401"], not_in=["gadget major"]), facts)
    assert unrelated.verdict == "cannot tell"


def test_a_planned_premise_on_a_restricted_course_is_cannot_tell_never_yes():
    from rag.answer.eligibility import eligibility
    from rag.index.facts import FactStore
    from dataclasses import replace

    course = tiny_course("ABCD 218", prerequisite="ABCD 217.", restriction="Restricted to students in the Widget Major.")
    facts = FactStore(courses={"ABCD 218": course, "ABCD 217": tiny_course("ABCD 217")}, required_by={},
                      coreq_of={}, excluded={})
    q = replace(tiny_question("ABCD 218", not_completed=["ABCD 217"]), assumed=["ABCD 217"])
    a = eligibility(q, facts)
    assert a.verdict == "cannot tell" and a.text.startswith("Cannot tell: once you have completed ABCD 217")
    plain = replace(q, assumed=[], unclear=["ABCD 217"], not_completed=[])
    assert eligibility(plain, facts).verdict == "cannot tell"


def test_a_planned_premise_that_leaves_a_route_unsettled_is_cannot_tell_naming_the_whole_rule():
    from rag.answer.eligibility import eligibility
    from rag.index.facts import FactStore
    from dataclasses import replace

    # one route needs a second course not mentioned, another a condition ubcal cannot check
    course = tiny_course("ABCD 200", prerequisite="Either (a) ABCD 112 and ABCD 123; or (b) 8 transfer credits "
                                                   "of first-year ABCD.")
    facts = FactStore(courses={c: tiny_course(c) for c in ("ABCD 112", "ABCD 123")} | {"ABCD 200": course},
                      required_by={}, coreq_of={}, excluded={})
    q = replace(tiny_question("ABCD 200", not_completed=["ABCD 112"]), assumed=["ABCD 112"])
    a = eligibility(q, facts)
    assert a.verdict == "cannot tell"
    assert a.text.startswith("Cannot tell: completing ABCD 112 is not all it takes; ABCD 200 requires")
    assert "ABCD 123" in a.text.split("\n")[0] and "(and not ABCD 112)" not in a.text


def test_a_route_through_standing_the_student_did_not_state_is_cannot_tell_not_no():
    from rag.answer.eligibility import _without

    course = tiny_course("ABCD 353", prerequisite="Two of ABCD 100, ABCD 101, ABCD 110, ABCD 240. "
                                                   "Or third-year standing or higher.")
    verdict, text = _without(course, tiny_question("ABCD 353", not_completed=["ABCD 100", "ABCD 101"]), "[1]")
    assert verdict == "cannot tell" and "third-year standing" in text
    courses_only = tiny_course("ABCD 354", prerequisite="One of ABCD 100, ABCD 110.")
    verdict, text = _without(courses_only, tiny_question("ABCD 354", not_completed=["ABCD 100"]), "[1]")
    # the other route is unmentioned, not ruled out: what the student would need to have done leads
    assert verdict == "cannot tell" and text.startswith("Only if you have completed ABCD 110")
    closed = tiny_question("ABCD 354", not_completed=["ABCD 100"])
    closed.closed_history = True  # "that's all I have": the unmentioned route is closed
    verdict, text = _without(courses_only, closed, "[1]")
    assert verdict == "no" and "only through ABCD 110" in text
    skip = tiny_question("ABCD 354", not_completed=["ABCD 100"])
    skip.asks_skip = True  # "can I skip ABCD 100 and still take ABCD 354": only through a course not said done
    verdict, text = _without(courses_only, skip, "[1]")
    assert verdict == "cannot tell" and text.startswith("Only if you take ABCD 110 instead") and "through ABCD 110" in text
    required = tiny_course("ABCD 355", prerequisite="All of ABCD 100, ABCD 110.")
    assert _without(required, skip, "[1]")[0] == "no"


def test_all_i_need_is_no_while_a_corequisite_is_still_to_take():
    from rag.answer.eligibility import eligibility
    from rag.index.facts import FactStore

    course = tiny_course("ABCD 328", prerequisite="ABCD 305 and ABCD 320.", corequisite="ABCD 326.")
    facts = FactStore(courses={"ABCD 328": course}, required_by={}, coreq_of={}, excluded={})
    asked = tiny_question("ABCD 328", ["ABCD 305", "ABCD 320"])
    asked.asks_sufficiency = True
    answer = eligibility(asked, facts)
    assert answer.verdict == "no" and answer.text.startswith("No, not on their own") and "ABCD 326" in answer.text
    plain = eligibility(tiny_question("ABCD 328", ["ABCD 305", "ABCD 320"]), facts)
    assert plain.verdict == "yes"  # "can I take it": yes, with the corequisite named below


def test_a_course_not_done_that_the_prerequisite_never_names_is_said_to_be_beside_the_point():
    from rag.answer.eligibility import _without

    course = tiny_course("ABCD 359", prerequisite="One of ABCD 218, ABCD 278.")
    verdict, text = _without(course, tiny_question("ABCD 359", not_completed=["ABCD 217"]), "[1]")
    assert verdict == "no" and "does not require ABCD 217" in text and "one of ABCD 218, ABCD 278" in text


def test_a_course_under_way_that_is_only_the_corequisite_is_named_as_such():
    from rag.answer.eligibility import _without

    course = tiny_course("ABCD 235", prerequisite="One of ABCD 123, ABCD 135.", corequisite="ABCD 233.")
    asked = tiny_question("ABCD 235", not_completed=["ABCD 233"])
    asked.concurrent = ["ABCD 233"]
    verdict, text = _without(course, asked, "[1]")
    assert verdict == "no" and "ABCD 233 is its corequisite" in text and "you are taking" in text


def test_only_if_names_one_of_the_unclear_courses_when_each_alone_would_do():
    from rag.answer.eligibility import eligibility
    from rag.index.facts import FactStore

    course = tiny_course("ABCD 317", prerequisite="One of ABCD 200, ABCD 226, ABCD 253.")
    q = tiny_question("ABCD 317")
    q.unclear = ["ABCD 200", "ABCD 226"]
    answer = eligibility(q, FactStore(courses={"ABCD 317": course}, required_by={}, coreq_of={}, excluded={}))
    assert answer.verdict == "cannot tell" and answer.text.startswith("Only if you have completed one of ABCD 200, ABCD 226:")
    both = tiny_course("ABCD 318", prerequisite="ABCD 200 and ABCD 226.")
    answer = eligibility(replace(q, target="ABCD 318", targets=["ABCD 318"]),
                         FactStore(courses={"ABCD 318": both}, required_by={}, coreq_of={}, excluded={}))
    assert answer.text.startswith("Only if you have completed ABCD 200 and ABCD 226:")


def test_eligibility_with_a_done_course_that_takes_the_credit_leads_with_no():
    from dataclasses import replace

    from rag.answer.eligibility import eligibility
    from tests.rag.answer.test_chain import _course, _facts
    from tests.rag.answer.test_planning import _q

    free = replace(_course("ABCD 140"), excluded_with=["ABCD 200"], exclusion="Not for credit with ABCD 200.")
    needs = replace(_course("ABCD 150", "ABCD 101."), excluded_with=["ABCD 200"], exclusion="Not with ABCD 200.")
    facts = _facts(free, needs, _course("ABCD 200"), _course("ABCD 101"))
    for target, history in (("ABCD 140", ["ABCD 200"]), ("ABCD 150", ["ABCD 200", "ABCD 101"])):
        a = eligibility(_q("eligibility", target=target, completed=history), facts)
        assert a.verdict == "no" and a.text.startswith(f"No, not for credit: {target} and ABCD 200 are credit-excluded")
    plain = eligibility(_q("eligibility", target="ABCD 150", completed=["ABCD 101"]), facts)
    assert plain.verdict == "yes" and plain.text.startswith("Yes")


def test_a_plan_that_puts_a_course_before_the_course_it_needs_is_a_no():
    from rag.answer.eligibility import eligibility
    from tests.rag.answer.test_chain import _course, _facts
    from tests.rag.answer.test_planning import _q

    facts = _facts(_course("ABCD 101"), _course("ABCD 102", "ABCD 101."), _course("ABCD 201", "ABCD 102."))
    # "ABCD 201 in September, then ABCD 102 in January; I did ABCD 101": ABCD 201, the premise, needs ABCD 102
    q = replace(_q("eligibility", target="ABCD 102", completed=["ABCD 101"], not_completed=["ABCD 201"]),
                assumed=["ABCD 201"])
    a = eligibility(q, facts)
    assert a.verdict == "no" and a.text.startswith("No: ABCD 201 requires ABCD 102"), a.text
    plain = eligibility(_q("eligibility", target="ABCD 102", completed=["ABCD 101"]), facts)
    assert plain.verdict == "yes"


@pytest.mark.parametrize("said, verdict", [
    ({}, "yes"),                                                          # nothing said: the corequisite is shown
    ({"not_completed": ["ABCD 204"]}, "cannot tell"),                      # not taken: only if taken alongside
    ({"not_completed": ["ABCD 204"], "deferred": ["ABCD 204"]}, "no"),     # planned for after it
    ({"not_completed": ["ABCD 204"], "concurrent": ["ABCD 204"]}, "yes"),  # taken alongside
])
def test_a_course_with_no_prerequisite_still_needs_its_corequisite(said, verdict):
    from rag.answer.eligibility import eligibility
    from tests.rag.answer.test_chain import _course, _facts
    from tests.rag.answer.test_planning import _q

    lab = replace(_course("ABCD 205", corequisite="ABCD 204."), credits="1")
    facts = _facts(lab, _course("ABCD 204"))
    q = replace(_q("eligibility", target="ABCD 205", not_completed=said.get("not_completed", ())),
                deferred=said.get("deferred", []), concurrent=said.get("concurrent", []))
    a = eligibility(q, facts)
    assert a.verdict == verdict and "Corequisite: \u201cABCD 204.\u201d" in a.text, a.text
    assert "1 credit)" in a.text  # one credit, not "1 credits"


def test_a_course_still_under_way_is_no_route_yet_and_an_unnamed_one_is_said_unnamed():
    from rag.answer.eligibility import eligibility
    from tests.rag.answer.test_chain import _course, _facts
    from tests.rag.answer.test_planning import _q

    facts = _facts(_course("ABCD 233", "One of ABCD 123, ABCD 130."), _course("ABCD 123"), _course("ABCD 130"),
                   _course("ABCD 212", "Second-year standing in science."), _course("ABCD 114"))
    q = replace(_q("eligibility", target="ABCD 233", not_completed=["ABCD 123"]), concurrent=["ABCD 123"])
    a = eligibility(q, facts)
    assert a.verdict == "no" and a.text.startswith("No, not yet: ABCD 233 requires one of ABCD 123, ABCD 130"), a.text
    b = eligibility(_q("eligibility", target="ABCD 212", not_completed=["ABCD 114"]), facts)
    assert b.verdict == "cannot tell" and b.text.startswith("Cannot tell: ABCD 212 does not name ABCD 114"), b.text


def test_a_yes_through_one_option_names_the_options_beside_it():
    from rag.answer.eligibility import eligibility
    from rag.index.facts import FactStore

    course = tiny_course("ABCD 402", prerequisite="One of ABCD 351, ABCD 352.")
    facts = FactStore(courses={"ABCD 402": course}, required_by={}, coreq_of={}, excluded={})
    a = eligibility(tiny_question("ABCD 402", completed=["ABCD 351"]), facts)
    assert a.verdict == "yes" and a.text.startswith(
        "Yes: with ABCD 351 you meet the course prerequisites of ABCD 402, which asks for one of ABCD 351, ABCD 352.")
    both = tiny_course("ABCD 403", prerequisite="All of ABCD 351, ABCD 352.")  # no choice: nothing to add
    facts.courses["ABCD 403"] = both
    a = eligibility(tiny_question("ABCD 403", completed=["ABCD 351", "ABCD 352"]), facts)
    assert ", which asks for" not in a.text


def test_a_course_open_to_all_that_a_planned_premise_requires_is_no_yes():
    from dataclasses import replace

    from rag.answer.eligibility import eligibility
    from rag.index.facts import FactStore

    facts = FactStore(courses={"ABCD 110": tiny_course("ABCD 110"),
                               "ABCD 310": tiny_course("ABCD 310", prerequisite="ABCD 110."),
                               "ABCD 320": tiny_course("ABCD 320", prerequisite="One of ABCD 110, ABCD 120.")},
                      required_by={}, coreq_of={}, excluded={})
    q = replace(tiny_question("ABCD 110"), entities=tiny_question("ABCD 110", ["ABCD 310"]).entities)
    # "if I finish ABCD 310 this fall, can I take ABCD 110 in the spring?": the wrong way round
    reversed_plan = eligibility(replace(q, assumed=["ABCD 310"]), facts)
    assert reversed_plan.verdict == "no" and reversed_plan.text.startswith("No: ABCD 310 requires ABCD 110")
    # "ABCD 310, can I take ABCD 110?": which one is asked is not clear
    assert eligibility(replace(q, unclear=["ABCD 310"]), facts).verdict == "cannot tell"
    # "never took ABCD 310, can I take ABCD 110?": ABCD 110 is asked, and open to all
    assert eligibility(replace(q, not_completed=["ABCD 310"]), facts).verdict == "yes"
    # only one route into the later course: the order is not settled either
    one_route = replace(q, entities=tiny_question("ABCD 110", ["ABCD 320"]).entities, assumed=["ABCD 320"])
    assert eligibility(one_route, facts).verdict == "cannot tell"


def test_a_corequisite_the_student_says_they_are_not_taking_then_is_a_no():
    from rag.answer.eligibility import eligibility
    from rag.index.facts import FactStore

    course = tiny_course("ABCD 224", corequisite="ABCD 221.")
    facts = FactStore(courses={"ABCD 224": course}, required_by={}, coreq_of={}, excluded={})
    said = replace(tiny_question("ABCD 224", not_completed=["ABCD 221"]), not_taking=["ABCD 221"])
    answer = eligibility(said, facts)
    assert answer.verdict == "no" and "you would not be taking ABCD 221 alongside it" in answer.text
    open_question = eligibility(tiny_question("ABCD 224", not_completed=["ABCD 221"]), facts)
    assert open_question.verdict == "cannot tell" and "only if you take it alongside" in open_question.text


def test_a_corequisite_ruled_out_is_a_no_even_where_a_restriction_is_unsettled():
    from rag.answer.eligibility import eligibility
    from rag.index.facts import FactStore

    course = tiny_course("ABCD 325", prerequisite="ABCD 200.", corequisite="ABCD 313.",
                         restriction="Restricted to Widget Science students.")
    facts = FactStore(courses={"ABCD 325": course}, required_by={}, coreq_of={}, excluded={})
    later = replace(tiny_question("ABCD 325", ["ABCD 200"], ["ABCD 313"]), deferred=["ABCD 313"])
    assert eligibility(later, facts).verdict == "no"
    silent = tiny_question("ABCD 325", ["ABCD 200"])  # the corequisite left open: the restriction decides
    assert eligibility(silent, facts).verdict == "cannot tell"


def test_a_corequisite_inside_a_prerequisite_route_is_named_and_counts_only_when_under_way():
    from rag.answer.eligibility import eligibility
    from rag.index.facts import FactStore

    course = tiny_course("ABCD 200", prerequisite="Either (a) ABCD 112 and ABCD 123; or (b) 8 transfer credits of "
                                                  "first-year ABCD; or (c) one of ABCD 112, ABCD 121 and a "
                                                  "corequisite of one of ABCD 203, ABCD 223.")
    facts = FactStore(courses={"ABCD 200": course}, required_by={}, coreq_of={}, excluded={})
    told = eligibility(tiny_question("ABCD 200", ["ABCD 121"]), facts)
    assert told.verdict == "cannot tell"
    assert told.text.startswith("Only if you also take one of ABCD 203, ABCD 223 before or alongside it")
    planned = tiny_question("ABCD 200", ["ABCD 121"], ["ABCD 203"])
    planned.concurrent = ["ABCD 203"]  # a plan, whose time may be after ABCD 200: no "Yes"
    assert eligibility(planned, facts).verdict == "cannot tell"
    taking = tiny_question("ABCD 200", ["ABCD 121"], ["ABCD 203"])
    taking.concurrent, taking.under_way = ["ABCD 203"], ["ABCD 203"]  # "taking ABCD 203 this term"
    a = eligibility(taking, facts)
    assert a.verdict == "yes" and a.text.startswith("Yes, with ABCD 203 taken alongside it")


def test_a_course_done_under_an_old_code_with_no_entry_still_takes_the_credit_it_excludes():
    from rag.answer.eligibility import eligibility
    from rag.index.facts import FactStore

    course = replace(tiny_course("ABCD 151"), exclusion="Credit will be granted for only one of OLDS 105 or ABCD 151.",
                     excluded_with=["OLDS 105"])
    facts = FactStore(courses={"ABCD 151": course}, required_by={}, coreq_of={}, excluded={"ABCD 151": {"OLDS 105"}})
    q = replace(tiny_question("ABCD 151"), unknown_completed=["OLDS 105"])  # "took OLDS 105 before it was renamed"
    a = eligibility(q, facts)
    assert a.verdict == "no" and a.text.startswith("No, not for credit")
    assert "not counted" not in a.text


def test_a_year_that_meets_a_standing_alone_is_a_yes_beside_a_course_not_taken():
    from rag.answer.eligibility import eligibility
    from rag.index.facts import FactStore

    course = tiny_course("ABCD 491", prerequisite="Fourth-year standing.")
    facts = FactStore(courses={"ABCD 491": course}, required_by={}, coreq_of={}, excluded={})
    q = tiny_question("ABCD 491", [], ["ABCD 249"])  # "4th year. never took ABCD 249. can I take ABCD 491?"
    assert eligibility(replace(q, standing=4), facts).verdict == "yes"
    assert eligibility(replace(q, standing=2), facts).verdict == "no"
    assert eligibility(q, facts).verdict == "cannot tell"  # no year said: the standing stays unsettled


def test_a_credit_count_is_met_by_the_credits_of_the_courses_the_student_has_done():
    from rag.answer.eligibility import eligibility
    from rag.index.facts import FactStore

    target = tiny_course("ABCD 390", prerequisite="6 credits of 200-level ABCD.")
    courses = {"ABCD 390": target, "ABCD 230": tiny_course("ABCD 230"), "ABCD 270": tiny_course("ABCD 270")}
    facts = FactStore(courses=courses, required_by={}, coreq_of={}, excluded={})
    both = eligibility(tiny_question("ABCD 390", ["ABCD 230", "ABCD 270"]), facts)
    assert both.verdict == "yes", both.text
    one = eligibility(tiny_question("ABCD 390", ["ABCD 230"]), facts)
    assert one.verdict == "no" and "6 credits of 200-level ABCD" in one.text


def test_a_course_under_way_that_the_entry_keeps_out_of_its_term_takes_the_yes_away():
    from rag.answer.eligibility import eligibility
    from rag.index.facts import FactStore

    course = replace(tiny_course("ABCD 463"), text="Not to be taken concurrently with ABCD 441.")
    facts = FactStore(courses={"ABCD 463": course}, required_by={}, coreq_of={}, excluded={})
    q = tiny_question("ABCD 463")
    q.concurrent = ["ABCD 441"]  # "taking ABCD 441 now, can I add ABCD 463?"
    a = eligibility(q, facts)
    assert a.verdict == "cannot tell" and a.text.startswith("Only if you take ABCD 463 in another term than ABCD 441")
    assert eligibility(tiny_question("ABCD 463"), facts).verdict == "yes"


def test_a_question_that_tells_no_course_gets_what_it_takes_not_a_no():
    from rag.answer.eligibility import eligibility
    from rag.index.facts import FactStore

    facts = FactStore(courses={"ABCD 460": tiny_course("ABCD 460", prerequisite="One of ABCD 260, ABCD 261."),
                               "ABCD 470": tiny_course("ABCD 470", prerequisite="ABCD 260 and third-year standing.")},
                      required_by={}, coreq_of={}, excluded={})
    silent = eligibility(tiny_question("ABCD 460"), facts)  # "my friend loved ABCD 460, can I take it?"
    assert silent.verdict == "cannot tell" and silent.text.startswith("Only if you have completed one of ABCD 260")
    said_not = eligibility(tiny_question("ABCD 460", not_completed=["ABCD 260", "ABCD 261"]), facts)
    assert said_not.verdict == "no"
    second_year = tiny_question("ABCD 470")
    second_year.standing = 2  # the standing the student gave fails whatever courses they have
    assert eligibility(second_year, facts).verdict == "no"


def test_a_premise_the_course_does_not_name_is_no_even_once_completed():
    from rag.answer.eligibility import eligibility
    from rag.index.facts import FactStore

    facts = FactStore(courses={"ABCD 335": tiny_course("ABCD 335", prerequisite="One of ABCD 233, ABCD 234.")},
                      required_by={}, coreq_of={}, excluded={})
    q = replace(tiny_question("ABCD 335", not_completed=["ABCD 200"]), assumed=["ABCD 200"])  # "if I pass ABCD 200"
    a = eligibility(q, facts)
    assert a.verdict == "no" and a.text.startswith("No: even once you have completed ABCD 200")
    told = replace(tiny_question("ABCD 335", ["ABCD 117"], not_completed=["ABCD 200"]), assumed=["ABCD 200"])
    a = eligibility(told, facts)  # "took ABCD 117, doing ABCD 200 next fall. after that ABCD 335?": rest unsaid
    assert a.verdict == "cannot tell" and a.text.startswith("Only if you have also completed one of ABCD 233")
    closed = replace(told, closed_history=True)  # "that's all I have"
    assert eligibility(closed, facts).verdict == "no"


def test_a_kind_of_course_the_student_says_they_have_not_done_is_a_no_and_never_a_yes():
    from rag.answer.eligibility import eligibility
    from rag.index.facts import FactStore

    course = tiny_course("ABCD 412", prerequisite="A course in comparative widget anatomy.")
    facts = FactStore(courses={"ABCD 412": course}, required_by={}, coreq_of={}, excluded={})
    failed = replace(tiny_question("ABCD 412"), not_done_clauses=["I flunked comparative widget anatomy twice"])
    answer = eligibility(failed, facts)
    assert answer.verdict == "no" and "you say you have not done" in answer.text
    from rag.understand.slots import read_not_done_clauses

    text = "I passed comparative widget anatomy, no problems. ABCD 412?"
    passed = replace(tiny_question("ABCD 412"), text=text, not_done_clauses=read_not_done_clauses(text))
    assert eligibility(passed, facts).verdict == "cannot tell"  # a description matched is no course passed


def test_no_course_of_a_subject_closes_every_route_through_its_courses():
    from rag.answer.eligibility import eligibility
    from rag.index.facts import FactStore

    course = tiny_course("ABCD 316", prerequisite="All of ABCD 100, ABCD 101, ABCD 240. Or third-year standing or higher.")
    facts = FactStore(courses={"ABCD 316": course}, required_by={}, coreq_of={}, excluded={})
    none = tiny_question("ABCD 316")
    none.no_courses_in, none.standing = ["ABCD"], 2  # "2nd year, never taken a single ABCD course"
    assert eligibility(none, facts).verdict == "no"
    silent = tiny_question("ABCD 316")
    silent.standing = 2
    assert eligibility(silent, facts).verdict == "cannot tell"  # courses not said are not courses not done
    other_level = tiny_question("ABCD 316")
    other_level.no_courses_in, other_level.standing = ["ABCD 3"], 2  # "no 300-level ABCD": the 100s may be done
    assert eligibility(other_level, facts).verdict == "cannot tell"
    named = tiny_question("ABCD 316", ["ABCD 100", "ABCD 101", "ABCD 240"])
    named.no_courses_in, named.standing = ["ABCD"], 2  # courses named done speak for themselves
    assert eligibility(named, facts).verdict == "yes"


def test_a_yes_to_taking_a_course_is_no_yes_to_its_credit_where_the_entry_withholds_it():
    from rag.answer.eligibility import eligibility
    from rag.index.facts import FactStore

    course = replace(tiny_course("ABCD 315", prerequisite="ABCD 100."),
                     text="Oceans. Not for credit for students in Widget Science. Prerequisite: ABCD 100.")
    facts = FactStore(courses={"ABCD 315": course}, required_by={}, coreq_of={}, excluded={})
    asked = tiny_question("ABCD 315", ["ABCD 100"])
    asked.asks_credit_toward = True  # "... and have it count for credit?"
    depends = eligibility(asked, facts)
    assert depends.verdict == "cannot tell" and "Not for credit" in depends.text.splitlines()[0]
    asked.member_of = ["widget science"]
    assert eligibility(asked, facts).verdict == "no"
    plain = tiny_question("ABCD 315", ["ABCD 100"])  # taking it, credit not asked: the prerequisite decides
    assert eligibility(plain, facts).verdict == "yes"


def test_a_course_kept_out_of_the_same_term_is_no_bar_when_it_is_completed_first():
    from rag.answer.eligibility import eligibility
    from rag.index.facts import FactStore

    course = replace(tiny_course("ABCD 491"), text="Classical texts. Not to be taken concurrently with ABCD 435.")
    facts = FactStore(courses={"ABCD 491": course}, required_by={}, coreq_of={}, excluded={})
    alongside = tiny_question("ABCD 491")
    alongside.concurrent = ["ABCD 435"]  # "taking ABCD 435 this term, ABCD 491 too?"
    assert eligibility(alongside, facts).verdict == "cannot tell"
    before = tiny_question("ABCD 491")
    before.concurrent, before.assumed = ["ABCD 435"], ["ABCD 435"]  # "ABCD 435 sept-dec, ABCD 491 in january"
    assert eligibility(before, facts).verdict == "yes"


def test_a_met_prerequisite_held_back_by_an_unplaced_word_is_not_sent_down_another_route():
    from rag.answer.eligibility import eligibility
    from rag.index.facts import FactStore

    course = tiny_course("ABCD 200", prerequisite="Either (a) ABCD 112 and one of ABCD 123, ABCD 130; or (b) one of "
                                                  "ABCD 112, ABCD 121 and a corequisite of one of ABCD 203, ABCD 223.")
    facts = FactStore(courses={"ABCD 200": course}, required_by={}, coreq_of={}, excluded={})
    met = tiny_question("ABCD 200", ["ABCD 112", "ABCD 123"])
    assert eligibility(met, facts).verdict == "yes"
    met.unresolved = "haven't taken"  # a negation ubcal could not place: the "Yes" is withheld, nothing more
    held = eligibility(met, facts)
    assert held.verdict == "cannot tell" and held.text.startswith("Cannot tell") and "haven't taken" in held.text
    route = tiny_question("ABCD 200", ["ABCD 112"])  # the corequisite route the student is on is still named
    assert eligibility(route, facts).text.startswith("Only if you also take one of ABCD 203, ABCD 223")


def test_a_course_done_that_takes_the_credit_answers_no_before_an_unsettled_restriction():
    from rag.answer.eligibility import eligibility
    from rag.index.facts import FactStore

    course = replace(tiny_course("ABCD 329", restriction="For non-Widgetry students only."), excluded_with=["ABCD 192"])
    facts = FactStore(courses={"ABCD 329": course}, required_by={}, coreq_of={}, excluded={})
    assert eligibility(tiny_question("ABCD 329", ["ABCD 192"]), facts).verdict == "no"
    assert eligibility(tiny_question("ABCD 329"), facts).verdict == "cannot tell"


def test_a_yes_to_a_restricted_course_says_the_restriction_is_met_by_what_the_student_said():
    from rag.answer.eligibility import eligibility
    from rag.index.facts import FactStore

    course = tiny_course("ABCD 534", restriction="Restricted to students in Master of Widgetry program.")
    facts = FactStore(courses={"ABCD 534": course}, required_by={}, coreq_of={}, excluded={})
    member = tiny_question("ABCD 534")
    member.member_of = ["Master of Widgetry"]
    yes = eligibility(member, facts)
    assert yes.verdict == "yes" and "Restricted to students in Master of Widgetry program." in yes.text


def test_a_prerequisite_said_not_done_in_words_is_every_course_it_names_not_done():
    from rag.answer.eligibility import eligibility
    from rag.index.facts import FactStore

    facts = FactStore(courses={"ABCD 430": tiny_course("ABCD 430", prerequisite="ABCD 311."),
                               "ABCD 210": tiny_course("ABCD 210", prerequisite="One of ABCD 107, ABCD 110.")},
                      required_by={}, coreq_of={}, excluded={})
    for code in ("ABCD 430", "ABCD 210"):
        denied = tiny_question(code)
        denied.prerequisite_denied = [code]  # "i didnt pass the prereq for it"
        assert eligibility(denied, facts).verdict == "no"
        assert eligibility(tiny_question(code), facts).verdict != "no"  # nothing said of it: no "No"
        other = tiny_question(code)
        other.prerequisite_denied = ["ABCD 999"]  # another course's prerequisite: not this one's
        assert eligibility(other, facts).verdict != "no"

"""Answers from facts on the shipped sample index: verdict first, every statement cited, no model call."""

from __future__ import annotations

import pytest
from dataclasses import replace

from rag.answer import Answerer
from rag.index.codes import unique_codes
from rag.index.config import Settings


@pytest.fixture(scope="module")
def answerer(sample_store, embedder, llm):
    return Answerer(Settings.from_env(store=sample_store), embedder=embedder, llm=llm)


def _facts_answer(answerer, question):
    a = answerer.ask(question)
    assert a.answered_by == "facts", (question, a.answer, a.trace.find("facts"))
    assert a.tokens["llm_calls"] == 0 and "generate" not in a.trace.steps()
    assert a.citations and all("#" in c["citation"] for c in a.citations)
    return a


def test_reverse_lookup_lists_the_courses_that_require_it(answerer):
    a = _facts_answer(answerer, "Which courses have CPSC 221 in their prerequisites?")
    lead = a.answer.splitlines()[0]
    assert set(unique_codes(lead)) == {"CPSC 221", "CPSC 320", "CPSC 340"}
    cited = " ".join(c["citation"] for c in a.citations)
    assert "cpsc-v-320" in cited and "cpsc-v-340" in cited and "cpsc-v-221" not in cited


def test_eligibility_no_names_what_is_missing(answerer):
    a = _facts_answer(answerer, "I've completed CPSC 210. Can I take CPSC 221?")
    assert a.answer.startswith("No") and a.verdict == "no"
    assert "one of CPSC 121, MATH 220" in a.answer.splitlines()[0]


def test_eligibility_yes_and_cannot_tell(answerer):
    assert _facts_answer(answerer, "Could I take CPSC 221 if I took CPSC 210 and MATH 220?").answer.startswith("Yes")
    a = _facts_answer(answerer, "Having passed STAT 306, can I enrol in STAT 450?")
    assert a.answer.startswith("Cannot tell") and "Fourth-year standing" in a.answer


def test_eligibility_with_a_code_the_calendar_lacks_says_so(answerer):
    a = _facts_answer(answerer, "I have CPSC 998 and CPSC 210. Can I take CPSC 310?")
    assert a.answer.startswith("Yes") and "no course CPSC 998" in a.answer


def test_course_without_prerequisites(answerer):
    a = _facts_answer(answerer, "Can I take CPSC 110 without having taken anything?")
    assert a.answer.startswith("Yes") and "no prerequisite" in a.answer
    assert _facts_answer(answerer, "Does CPSC 100 have prerequisites?").answer.startswith("No")


def test_exclusion_both_ways(answerer):
    assert _facts_answer(answerer, "Could I earn credit for both STAT 302 and MATH 302?").answer.startswith("No")
    assert _facts_answer(answerer, "Can I get credit for both STAT 200 and STAT 201?").answer.startswith("Yes")


def test_credit_comparison_says_which(answerer):
    a = _facts_answer(answerer, "Which has more credits, STAT 241 or STAT 251?")
    assert a.answer.startswith("STAT 241 has more credits") and a.verdict == "STAT 241"
    assert "4" in a.answer and "3" in a.answer


def test_program_year_lists_that_year_only(answerer):
    a = _facts_answer(answerer, "What is in year 3 of the Statistics program?")
    assert set(unique_codes(a.answer.splitlines()[0])) == {"STAT 302", "STAT 305", "STAT 306"}
    assert len(a.citations) == 1 and a.citations[0]["citation"].endswith("#year-3")


def test_program_year_that_does_not_exist_is_stated(answerer):
    a = _facts_answer(answerer, "Statistics program year 7 requirements")
    assert "no Year 7" in a.answer and "from Year 1 [1] to Year 4 [2]" in a.answer


def test_program_lists_a_course(answerer):
    a = _facts_answer(answerer, "Is CPSC 213 required in Computer Science?")
    assert a.answer.startswith("Yes") and "Year 2" in a.answer


def test_unknown_course_still_declines(answerer):
    a = answerer.ask("Which courses need CPSC 999 first?")
    assert a.declined and a.answered_by == "decline"


def test_fact_answers_pass_the_guard_against_their_sources(answerer):
    for q in ("Which courses require MATH 221?", "How many credits is MATH 448?", "What is MATH 226 about?"):
        a = _facts_answer(answerer, q)
        facts = a.trace.find("facts")[-1]
        assert facts["answered"] and facts["guard_reasons"] == []


def test_topic_at_a_level_names_a_course_at_that_level(answerer):
    a = _facts_answer(answerer, "Is there a first-year math course on integral calculus?")
    assert a.answer.startswith("Yes: MATH 101") and a.verdict == "yes"


def test_topic_nobody_teaches_is_not_a_yes(answerer):
    a = _facts_answer(answerer, "Is there a first-year math course on underwater basket weaving?")
    assert a.answer.startswith("Not by name") and a.verdict == "closest"


# -- issue 16: answers that follow how the question was read ------------------------------------------

def test_a_course_named_as_not_taken_is_never_counted_as_done(answerer):
    a = _facts_answer(answerer, "CPSC 121 is still not done but CPSC 210 is done. Am I ok to take CPSC 213?")
    assert a.verdict == "no" and a.answer.startswith("No") and "still needed: CPSC 121" in a.answer
    assert a.understood["not_completed"] == ["CPSC 121"] and a.understood["completed"] == ["CPSC 210"]
    assert a.answer.splitlines()[-1] == a.reading == (
        "Read as: completed CPSC 210; not completed CPSC 121; asking whether you can take CPSC 213.")


def test_a_course_named_without_a_clear_status_is_never_counted_as_done(answerer):
    """Closed world: a "Yes" that would rest on a course the student did not clearly say they completed
    becomes "Only if", naming it; the reading line says its status is unclear."""
    a = _facts_answer(answerer, "CPSC 210. CPSC 310 ok?")
    assert a.answer.startswith("Only if you have completed CPSC 210") and a.verdict == "cannot tell"
    assert "could not tell" in a.answer and a.understood["completed"] == []
    assert "CPSC 210 status unclear" in a.reading


def test_a_planned_course_that_is_the_premise_gives_a_conditional_yes(answerer):
    a = _facts_answer(answerer, "if I finish CPSC 210 over the summer, could I then do CPSC 310 in the fall?")
    assert a.answer.startswith("Yes, once you have completed CPSC 210") and "assuming you complete" in a.reading
    a = _facts_answer(answerer, "CPSC 210 is on my plan for the spring. can I take CPSC 310 now?")
    assert a.answer.startswith("No") and a.understood["completed"] == []


def test_without_a_course_asks_whether_it_can_be_avoided(answerer):
    a = _facts_answer(answerer, "is CPSC 213 possible w/o ever doing CPSC 121?")
    assert a.verdict == "no" and "requires CPSC 121 on every route" in a.answer
    # asked of the requirement ("without taking"): it can be avoided, by the route the answer names
    a = _facts_answer(answerer, "could I do CPSC 221 without taking MATH 220?")
    assert a.verdict == "yes" and a.answer.startswith("Yes, by another route: CPSC 221 can be reached without MATH 220")
    # told as history, with nothing else said: not on what the student has said
    a = _facts_answer(answerer, "I never took MATH 220. could I do CPSC 221?")
    assert a.verdict == "no" and "route you have not" in a.answer
    # every route named as not taken: nothing is left, whatever else the student might have done
    a = _facts_answer(answerer, "could I do CPSC 221 without CPSC 121, MATH 220 or MATH 226?")
    assert a.verdict == "no" and "no route into CPSC 221 is left" in a.answer
    a = _facts_answer(answerer, "could I do CPSC 221 without taking MATH 220? I have CPSC 210 and CPSC 121")
    assert a.verdict == "yes"


def test_alternatives_named_with_or_are_each_checked(answerer):
    a = _facts_answer(answerer, "would CPSC 121 or CPSC 210 by itself get me into CPSC 213?")
    assert a.verdict == "no" and a.answer.startswith("No: neither one alone")


def test_need_check_yes_no_and_one_option(answerer):
    assert _facts_answer(answerer, "Does CPSC 310 require CPSC 210?").verdict == "yes"
    a = _facts_answer(answerer, "do I have to do MATH 220 before CPSC 221?")
    assert a.verdict == "no" and "one option" in a.answer
    assert _facts_answer(answerer, "is STAT 200 needed for CPSC 221?").verdict == "no"


def test_unlocks_lists_courses_whose_requirements_are_now_met(answerer):
    a = _facts_answer(answerer, "I just wrapped up CPSC 110. Which courses does that open up?")
    lead = a.answer.split("These also")[0]
    assert "CPSC 210" in lead and "CPSC 213" not in lead  # CPSC 213 also needs CPSC 121


def test_credit_total_shows_its_sum_and_passes_the_guard(answerer):
    a = _facts_answer(answerer, "CPSC 110 plus MATH 100 plus STAT 200 - how many credits all together?")
    assert a.answer.startswith("10 credits in total (4 + 3 + 3 = 10)")


def test_subject_level_lists_every_course_at_that_level(answerer):
    a = _facts_answer(answerer, "every 3xx stats course please")
    assert set(unique_codes(a.answer)) >= {"STAT 302", "STAT 305", "STAT 306"}
    assert not set(unique_codes(a.answer)) & {"STAT 200", "STAT 406"}


def test_what_the_calendar_does_not_hold_is_declined_without_searching(answerer):
    a = answerer.ask("which instructor is running CPSC 110 next winter?")
    assert a.declined and a.answered_by == "decline" and a.tokens["llm_calls"] == 0
    assert "retrieve" not in a.trace.steps()


def test_a_course_the_calendar_lacks_is_named_as_missing(answerer):
    a = answerer.ask("can I take CPSC 999 after CPSC 110?")
    assert a.declined and "no course CPSC 999" in a.answer and a.tokens["llm_calls"] == 0


def test_one_courses_exclusions_are_listed_from_either_entry(answerer):
    a = _facts_answer(answerer, "which courses are credit exclusions of STAT 302?")
    assert "MATH 302" in a.answer and "only one of them" in a.answer
    assert "Read as: asking which courses STAT 302 is credit-excluded with" in a.answer
    none = _facts_answer(answerer, "does STAT 200 have any exclusions?")
    assert none.answer.startswith("The calendar lists no credit exclusion for STAT 200")


def test_a_course_named_only_as_a_corequisite_is_answered_as_one(answerer):
    a = _facts_answer(answerer, "is CPSC 110 required for CPSC 121?")
    assert a.answer.startswith("Yes, as a corequisite") and "one option" not in a.answer


def _tiny_course(code: str, prerequisite: str = "", corequisite: str = "", restriction: str = ""):
    from assets.requirements import parse_requirement
    from rag.index.facts import CourseFact

    return CourseFact(code=code, title="A Course", credits="3", credits_min=3, credits_max=3, level=int(code[-3]),
                      url="https://example.test/abcd", anchor=code.lower().replace(" ", "-"), heading=code,
                      text=f"Prerequisite: {prerequisite} Corequisite: {corequisite} {restriction}",
                      prerequisite=prerequisite,
                      prerequisite_tree=parse_requirement(prerequisite) if prerequisite else None,
                      prerequisite_parsed=True, prerequisite_unparsed=[], corequisite=corequisite,
                      corequisite_tree=parse_requirement(corequisite) if corequisite else None,
                      exclusion="", excluded_with=[], equivalency="", restriction=restriction)


def _tiny_question(target: str, completed=(), not_completed=(), not_in=()):
    from rag.understand import Question
    from rag.understand.entities import Entities

    return Question(text="", entities=Entities(courses=[target, *completed, *not_completed]), intent="eligibility",
                    target=target, targets=[target], completed=list(completed), not_completed=list(not_completed),
                    not_in=list(not_in))


def test_a_corequisite_the_student_says_they_have_not_taken_withholds_yes():
    from rag.answer.facts import eligibility
    from rag.index.facts import FactStore

    course = _tiny_course("ABCD 303", prerequisite="ABCD 200.", corequisite="ABCD 213.")
    facts = FactStore(courses={"ABCD 303": course}, required_by={}, coreq_of={}, excluded={})
    said_not = eligibility(_tiny_question("ABCD 303", ["ABCD 200"], ["ABCD 213"]), facts)
    assert said_not.verdict == "cannot tell" and "only if you take it alongside" in said_not.text
    silent = eligibility(_tiny_question("ABCD 303", ["ABCD 200"]), facts)
    assert silent.verdict == "yes" and "Corequisite" in silent.text
    taking = _tiny_question("ABCD 303", ["ABCD 200"], ["ABCD 213"])
    taking.concurrent = ["ABCD 213"]  # "I'm taking ABCD 213 this term": alongside is what a corequisite asks
    assert eligibility(taking, facts).verdict == "yes"
    later = _tiny_question("ABCD 303", ["ABCD 200"], ["ABCD 213"])
    later.deferred = ["ABCD 213"]  # "push ABCD 213 to next year": neither before nor alongside
    assert eligibility(later, facts).verdict == "no" and "you plan ABCD 213 for after it" in eligibility(later, facts).text


def test_a_group_the_student_is_not_in_is_turned_away_only_when_it_is_the_only_group():
    from rag.answer.facts import eligibility
    from rag.index.facts import FactStore

    only = _tiny_course("ABCD 451", prerequisite="ABCD 401.", restriction="Restricted to Majors in Widget Design.")
    either = _tiny_course("ABCD 452", prerequisite="ABCD 401.",
                          restriction="Restricted to students in one of Widget Design Major, Gadget Major.")
    facts = FactStore(courses={"ABCD 451": only, "ABCD 452": either}, required_by={}, coreq_of={}, excluded={})
    no = eligibility(_tiny_question("ABCD 451", ["ABCD 401"], not_in=["widget design major"]), facts)
    assert no.verdict == "no" and "you said you are not in" in no.text
    open_question = eligibility(_tiny_question("ABCD 452", ["ABCD 401"], not_in=["widget design major"]), facts)
    assert open_question.verdict == "cannot tell"
    unrelated = eligibility(_tiny_question("ABCD 451", ["ABCD 401"], not_in=["gadget major"]), facts)
    assert unrelated.verdict == "cannot tell"


def test_a_course_asked_for_credit_after_a_history_is_checked_against_each_course_done(answerer):
    a = _facts_answer(answerer, "I did MATH 302 and STAT 200, would STAT 302 also count for credit?")
    assert a.answer.startswith("No: STAT 302 is credit-excluded with MATH 302, which you have done")
    assert "credit is granted for STAT 302 as well" in a.answer
    b = _facts_answer(answerer, "I did STAT 200 and MATH 100, would STAT 302 also count for credit?")
    assert b.answer.startswith("Yes: neither STAT 302")


def test_credit_for_both_is_not_a_yes_when_an_entry_speaks_of_credit_and_names_the_other():
    from dataclasses import replace as with_

    from rag.answer.facts import exclusion
    from rag.index.facts import FactStore
    from rag.understand import Question
    from rag.understand.entities import Entities

    a = with_(_tiny_course("ABCD 341"), text="Remote sensing. Students taking ABCD_V 341 get no credit for EFGH_V 443.")
    b = _tiny_course("EFGH 443")
    c = with_(_tiny_course("ABCD 201"), text="Credit will be granted for either ABCD 203 or both ABCD 201, ABCD 202.")
    d = _tiny_course("ABCD 202")
    facts = FactStore(courses={x.code: x for x in (a, b, c, d)}, required_by={}, coreq_of={}, excluded={})

    def both(x, y):
        return exclusion(Question(text="", entities=Entities(courses=[x, y]), intent="exclusion",
                                  target=x, targets=[x, y]), facts)

    unread = both("ABCD 341", "EFGH 443")
    assert unread.verdict == "cannot tell" and "get no credit for EFGH_V 443" in unread.text
    assert both("ABCD 201", "ABCD 202").verdict == "yes"  # named together, as one way to the credit


def test_the_prerequisites_of_a_restricted_course_say_who_may_register():
    from rag.answer.facts import prereq_of
    from rag.index.facts import FactStore
    from rag.understand import Question
    from rag.understand.entities import Entities

    course = _tiny_course("ABCD 217", restriction="Restricted to students in the Widget Major.")
    facts = FactStore(courses={"ABCD 217": course}, required_by={}, coreq_of={}, excluded={})
    a = prereq_of(Question(text="", entities=Entities(courses=["ABCD 217"]), intent="prereq_of", target="ABCD 217",
                           targets=["ABCD 217"]), facts)
    assert a.text.startswith("None listed: the calendar lists no prerequisite")  # a list asked for: no "No"
    assert "Who may register (calendar): \u201cRestricted to students in the Widget Major.\u201d" in a.text


def test_a_program_page_whose_tables_stop_before_the_year_asked_is_cannot_tell_not_no():
    from rag.answer.facts import program_course
    from rag.index.facts import FactStore, ProgramRow
    from rag.understand import Question
    from rag.understand.entities import Entities

    rows = [ProgramRow("Widgetry", "https://example.test/widgetry", "year-1", "Year 1", 1, 0, "ABCD 110", ["ABCD 110"],
                       "3", "")]
    facts = FactStore(courses={c.code: c for c in (_tiny_course("ABCD 110"), _tiny_course("ABCD 221"))},
                      required_by={}, coreq_of={}, excluded={}, programs={"Widgetry": rows})

    def lists(code, year=0):
        return program_course(Question(text="", entities=Entities(courses=[code], programs=["Widgetry"]),
                                       intent="program_course", target=code, targets=[code], year=year), facts)

    later = lists("ABCD 221")
    assert later.verdict == "cannot tell" and "list only Year 1" in later.text
    assert lists("ABCD 110").verdict == "yes"
    assert lists("ABCD 110", year=2).verdict == "yes"  # listed in Year 1, so listed


@pytest.mark.parametrize("requirement, codes, duty, verdict", [
    ("ABCD 110 or ABCD 111", ["ABCD 110", "ABCD 111"], True, "no"),  # one option is not required
    ("Two of ABCD 110, 111, 112", ["ABCD 110", "ABCD 111", "ABCD 112"], True, "no"),
    ("ABCD 110, 111", ["ABCD 110", "ABCD 111"], True, "yes"),  # a list asks for every course
    ("ABCD 110 or ABCD 111", ["ABCD 110", "ABCD 111"], False, "yes"),  # listed as one option: listed
    ("ABCD 112 (or 110 or 111)", ["ABCD 112", "ABCD 110", "ABCD 111"], True, "no"),  # an alternative in brackets
    ("ABCD 110 (or 111 and 112)", ["ABCD 110", "ABCD 111", "ABCD 112"], True, "no"),  # it has one in brackets
    ("ABCD 110, 233 (or 234)", ["ABCD 110", "ABCD 233", "ABCD 234"], True, "yes"),  # another item's alternative
    ("At least one of ABCD 110, EFGH 335", ["ABCD 110", "EFGH 335"], True, "no"),
    # an item whose code the build could not read is still an item of the choice
    ("One of ABCD 110, EFGH (or IJKL ) 200", ["ABCD 110"], True, "no"),
    ("ABCD 110 or EFGH (or IJKL ) 270", ["ABCD 110"], True, "no"),
])
def test_a_course_a_program_lists_as_one_option_is_not_required(requirement, codes, duty, verdict):
    from rag.answer.facts import program_course
    from rag.index.facts import FactStore, ProgramRow
    from rag.understand import Question
    from rag.understand.entities import Entities

    rows = [ProgramRow("Widgetry", "https://example.test/widgetry", "year-2", "Year 2", 2, 0, requirement, codes, "3",
                       "")]
    facts = FactStore(courses={c: _tiny_course(c) for c in codes}, required_by={}, coreq_of={}, excluded={},
                      programs={"Widgetry": rows})
    q = Question(text="", entities=Entities(courses=["ABCD 110"], programs=["Widgetry"]), intent="program_course",
                 target="ABCD 110", targets=["ABCD 110"], asks_duty=duty)
    a = program_course(q, facts)
    assert a.verdict == verdict and a.text.lower().startswith(verdict)


@pytest.mark.parametrize("requirement, codes, lead", [
    ("ABCD 110", ["ABCD 110"], "No, it cannot be skipped"),
    ("ABCD 110 or ABCD 111", ["ABCD 110", "ABCD 111"], "Yes, by taking another option"),
    ("ABCD 111", ["ABCD 111"], "Yes, as far as the table goes"),  # not listed by code
])
def test_a_skip_question_about_a_program_turns_its_duty_around(requirement, codes, lead):
    from rag.answer.facts import program_course
    from rag.index.facts import FactStore, ProgramRow
    from rag.understand import Question
    from rag.understand.entities import Entities

    rows = [ProgramRow("Widgetry", "https://example.test/widgetry", "year-2", "Year 2", 2, 0, requirement, codes, "3",
                       "")]
    facts = FactStore(courses={c: _tiny_course(c) for c in codes + ["ABCD 110"]}, required_by={}, coreq_of={},
                      excluded={}, programs={"Widgetry": rows})
    q = Question(text="", entities=Entities(courses=["ABCD 110"], programs=["Widgetry"]), intent="program_course",
                 target="ABCD 110", targets=["ABCD 110"], asks_skip=True)
    assert program_course(q, facts).text.startswith(lead)


def test_a_planned_premise_on_a_restricted_course_is_cannot_tell_never_yes():
    from rag.answer.facts import eligibility
    from rag.index.facts import FactStore
    from dataclasses import replace

    course = _tiny_course("ABCD 218", prerequisite="ABCD 217.", restriction="Restricted to students in the Widget Major.")
    facts = FactStore(courses={"ABCD 218": course, "ABCD 217": _tiny_course("ABCD 217")}, required_by={},
                      coreq_of={}, excluded={})
    q = replace(_tiny_question("ABCD 218", not_completed=["ABCD 217"]), assumed=["ABCD 217"])
    a = eligibility(q, facts)
    assert a.verdict == "cannot tell" and a.text.startswith("Cannot tell: once you have completed ABCD 217")
    plain = replace(q, assumed=[], unclear=["ABCD 217"], not_completed=[])
    assert eligibility(plain, facts).verdict == "cannot tell"


def test_a_planned_premise_that_leaves_a_route_unsettled_is_cannot_tell_naming_the_whole_rule():
    from rag.answer.facts import eligibility
    from rag.index.facts import FactStore
    from dataclasses import replace

    # one route needs a second course not mentioned, another a condition ubcal cannot check
    course = _tiny_course("ABCD 200", prerequisite="Either (a) ABCD 112 and ABCD 123; or (b) 8 transfer credits "
                                                   "of first-year ABCD.")
    facts = FactStore(courses={c: _tiny_course(c) for c in ("ABCD 112", "ABCD 123")} | {"ABCD 200": course},
                      required_by={}, coreq_of={}, excluded={})
    q = replace(_tiny_question("ABCD 200", not_completed=["ABCD 112"]), assumed=["ABCD 112"])
    a = eligibility(q, facts)
    assert a.verdict == "cannot tell"
    assert a.text.startswith("Cannot tell: completing ABCD 112 is not all it takes; ABCD 200 requires")
    assert "ABCD 123" in a.text.split("\n")[0] and "(and not ABCD 112)" not in a.text


def test_a_need_question_whose_direction_no_word_names_gets_no_verdict_word(answerer):
    # "ahead of" names no direction: whatever the reading, nothing the student said earns a "Yes"
    assert not answerer.ask("CPSC 210 ahead of CPSC 310?").answer.lower().startswith("yes")
    a = _facts_answer(answerer, "Is CPSC 210 optional for CPSC 310?")
    assert a.verdict == "no" and a.answer.startswith("No, it cannot be skipped")


def test_a_course_missing_from_the_record_asks_for_eligibility_not_credit(answerer):
    a = _facts_answer(answerer, "Will CPSC 310 take students who don't have CPSC 210 on their record?")
    assert a.understood["intent"] == "eligibility" and a.verdict == "no"


def test_a_corequisite_is_not_a_prerequisite_when_the_question_asks_what_comes_first(answerer):
    a = _facts_answer(answerer, "is CPSC 110 a prerequisite for CPSC 121?")  # its corequisite only
    assert a.verdict == "no" and a.answer.startswith("No, not a prerequisite") and "corequisite" in a.answer


def test_skipping_a_course_on_the_way_to_another_asks_whether_the_other_needs_it(answerer):
    a = _facts_answer(answerer, "thinking about skipping CPSC 210 and going straight into CPSC 310, is that allowed?")
    assert a.verdict == "no" and a.answer.startswith("No, it cannot be skipped: CPSC 310 requires CPSC 210")


def test_a_planned_course_that_is_not_enough_says_what_else_is_needed(answerer):
    a = _facts_answer(answerer, "if i finish CPSC 210 in the summer can i take CPSC 213 in september")
    assert a.verdict == "no" and a.answer.startswith("No: even once you have completed CPSC 210")
    assert "still needed: CPSC 121" in a.answer


def test_a_route_through_standing_the_student_did_not_state_is_cannot_tell_not_no():
    from rag.answer.facts import _without

    course = _tiny_course("ABCD 353", prerequisite="Two of ABCD 100, ABCD 101, ABCD 110, ABCD 240. "
                                                   "Or third-year standing or higher.")
    verdict, text = _without(course, _tiny_question("ABCD 353", not_completed=["ABCD 100", "ABCD 101"]), "[1]")
    assert verdict == "cannot tell" and "third-year standing" in text
    courses_only = _tiny_course("ABCD 354", prerequisite="One of ABCD 100, ABCD 110.")
    verdict, text = _without(courses_only, _tiny_question("ABCD 354", not_completed=["ABCD 100"]), "[1]")
    assert verdict == "no" and "route you have not mentioned" in text
    skip = _tiny_question("ABCD 354", not_completed=["ABCD 100"])
    skip.asks_skip = True  # "can ABCD 100 be skipped for ABCD 354": asked of the requirement, not the record
    verdict, text = _without(courses_only, skip, "[1]")
    assert verdict == "yes" and text.startswith("Yes, by another route") and "through ABCD 110" in text
    required = _tiny_course("ABCD 355", prerequisite="All of ABCD 100, ABCD 110.")
    assert _without(required, skip, "[1]")[0] == "no"


def test_all_i_need_is_no_while_a_corequisite_is_still_to_take():
    from rag.answer.facts import eligibility
    from rag.index.facts import FactStore

    course = _tiny_course("ABCD 328", prerequisite="ABCD 305 and ABCD 320.", corequisite="ABCD 326.")
    facts = FactStore(courses={"ABCD 328": course}, required_by={}, coreq_of={}, excluded={})
    asked = _tiny_question("ABCD 328", ["ABCD 305", "ABCD 320"])
    asked.asks_sufficiency = True
    answer = eligibility(asked, facts)
    assert answer.verdict == "no" and answer.text.startswith("No, not on their own") and "ABCD 326" in answer.text
    plain = eligibility(_tiny_question("ABCD 328", ["ABCD 305", "ABCD 320"]), facts)
    assert plain.verdict == "yes"  # "can I take it": yes, with the corequisite named below


def test_a_course_not_done_that_the_prerequisite_never_names_is_said_to_be_beside_the_point():
    from rag.answer.facts import _without

    course = _tiny_course("ABCD 359", prerequisite="One of ABCD 218, ABCD 278.")
    verdict, text = _without(course, _tiny_question("ABCD 359", not_completed=["ABCD 217"]), "[1]")
    assert verdict == "no" and "does not require ABCD 217" in text and "one of ABCD 218, ABCD 278" in text


def test_a_course_under_way_that_is_only_the_corequisite_is_named_as_such():
    from rag.answer.facts import _without

    course = _tiny_course("ABCD 235", prerequisite="One of ABCD 123, ABCD 135.", corequisite="ABCD 233.")
    asked = _tiny_question("ABCD 235", not_completed=["ABCD 233"])
    asked.concurrent = ["ABCD 233"]
    verdict, text = _without(course, asked, "[1]")
    assert verdict == "no" and "ABCD 233 is its corequisite" in text and "you are taking" in text


def test_a_third_entrys_only_one_of_list_naming_both_courses_excludes_them():
    from dataclasses import replace

    from rag.answer.facts import _shared_exclusion
    from tests.rag.answer.test_chain import _course, _facts

    holder = replace(_course("WXYZ 191"), exclusion="Credit will be granted for only one of WXYZ_V 191, ABCD 300, "
                                                    "EFGH_V 200 or IJKL 203.")
    facts = _facts(holder, _course("ABCD 300"), _course("EFGH 200"), _course("MNOP 100"))
    found = _shared_exclusion(facts.courses["ABCD 300"], facts.courses["EFGH 200"], facts)
    assert found is not None and found[0].code == "WXYZ 191"
    assert _shared_exclusion(facts.courses["ABCD 300"], facts.courses["MNOP 100"], facts) is None


def test_a_credit_total_of_excluded_courses_says_only_one_earns_credit():
    from dataclasses import replace

    from rag.answer.facts import credits_total
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


def test_only_if_names_one_of_the_unclear_courses_when_each_alone_would_do():
    from rag.answer.facts import eligibility
    from rag.index.facts import FactStore

    course = _tiny_course("ABCD 317", prerequisite="One of ABCD 200, ABCD 226, ABCD 253.")
    q = _tiny_question("ABCD 317")
    q.unclear = ["ABCD 200", "ABCD 226"]
    answer = eligibility(q, FactStore(courses={"ABCD 317": course}, required_by={}, coreq_of={}, excluded={}))
    assert answer.verdict == "cannot tell" and answer.text.startswith("Only if you have completed one of ABCD 200, ABCD 226:")
    both = _tiny_course("ABCD 318", prerequisite="ABCD 200 and ABCD 226.")
    answer = eligibility(replace(q, target="ABCD 318", targets=["ABCD 318"]),
                         FactStore(courses={"ABCD 318": both}, required_by={}, coreq_of={}, excluded={}))
    assert answer.text.startswith("Only if you have completed ABCD 200 and ABCD 226:")


def test_a_course_that_only_recommends_another_does_not_require_it():
    from rag.answer.facts import need_check
    from rag.index.facts import FactStore
    from tests.rag.answer.test_planning import _q

    course = _tiny_course("ABCD 300", prerequisite="ABCD 200 is recommended.")
    course.prerequisite_tree, course.prerequisite_notes = None, ["ABCD 200 is recommended."]
    q = _q("need_check", target="ABCD 300")
    q.asked, q.asks_direction = ["ABCD 200"], True
    answer = need_check(q, FactStore(courses={"ABCD 300": course}, required_by={}, coreq_of={}, excluded={}))
    assert answer.verdict == "no" and answer.text.startswith("No: ABCD 300 requires no course; the calendar only")


def test_a_group_inside_an_only_one_of_list_does_not_exclude_its_own_members():
    from dataclasses import replace

    from rag.answer.facts import _shared_exclusion
    from tests.rag.answer.test_chain import _course, _facts

    holder = replace(_course("WXYZ 191"), exclusion="Credit will be granted for only one of WXYZ 191 or both "
                                                    "ABCD 201 and ABCD 202.")
    facts = _facts(holder, _course("ABCD 201"), _course("ABCD 202"))
    assert _shared_exclusion(facts.courses["ABCD 201"], facts.courses["ABCD 202"], facts) is None
    pair = replace(holder, exclusion="Credit will be granted for only one of WXYZ 191 or ABCD 201 and 202.")
    assert _shared_exclusion(facts.courses["ABCD 201"], facts.courses["ABCD 202"],
                             _facts(pair, _course("ABCD 201"), _course("ABCD 202"))) is None
    # an exclusion field that runs on into the prerequisite, with no full stop between
    runs_on = replace(holder, exclusion="Credit will be granted for only one of WXYZ 191 or MNOP 362 "
                                        "Prerequisite: One of ABCD 201, ABCD 310 and one of ABCD 202, ABCD 311")
    assert _shared_exclusion(facts.courses["ABCD 201"], facts.courses["ABCD 202"],
                             _facts(runs_on, _course("ABCD 201"), _course("ABCD 202"))) is None
    slash = replace(holder, exclusion="Credit will be granted for only one of ABCD 201/202 or WXYZ 191.")
    assert _shared_exclusion(facts.courses["ABCD 201"], facts.courses["ABCD 202"],
                             _facts(slash, _course("ABCD 201"), _course("ABCD 202"))) is None


def test_eligibility_with_a_done_course_that_takes_the_credit_leads_with_no():
    from dataclasses import replace

    from rag.answer.facts import eligibility
    from tests.rag.answer.test_chain import _course, _facts
    from tests.rag.answer.test_planning import _q

    free = replace(_course("ABCD 140"), excluded_with=["ABCD 200"], exclusion="Not for credit with ABCD 200.")
    needs = replace(_course("ABCD 150", "ABCD 101."), excluded_with=["ABCD 200"], exclusion="Not with ABCD 200.")
    facts = _facts(free, needs, _course("ABCD 200"), _course("ABCD 101"))
    for target, history in (("ABCD 140", ["ABCD 200"]), ("ABCD 150", ["ABCD 200", "ABCD 101"])):
        a = eligibility(_q("eligibility", target=target, completed=history), facts)
        assert a.verdict == "no" and a.text.startswith(f"No, not for credit: {target} is credit-excluded with ABCD 200")
    plain = eligibility(_q("eligibility", target="ABCD 150", completed=["ABCD 101"]), facts)
    assert plain.verdict == "yes" and plain.text.startswith("Yes")


def test_a_plan_that_puts_a_course_before_the_course_it_needs_is_a_no():
    from rag.answer.facts import eligibility
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
    from rag.answer.facts import eligibility
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
    from rag.answer.facts import eligibility
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
    from rag.answer.facts import eligibility
    from rag.index.facts import FactStore

    course = _tiny_course("ABCD 402", prerequisite="One of ABCD 351, ABCD 352.")
    facts = FactStore(courses={"ABCD 402": course}, required_by={}, coreq_of={}, excluded={})
    a = eligibility(_tiny_question("ABCD 402", completed=["ABCD 351"]), facts)
    assert a.verdict == "yes" and a.text.startswith(
        "Yes: with ABCD 351 you meet the course prerequisites of ABCD 402, which asks for one of ABCD 351, ABCD 352.")
    both = _tiny_course("ABCD 403", prerequisite="All of ABCD 351, ABCD 352.")  # no choice: nothing to add
    facts.courses["ABCD 403"] = both
    a = eligibility(_tiny_question("ABCD 403", completed=["ABCD 351", "ABCD 352"]), facts)
    assert ", which asks for" not in a.text


def test_a_yes_no_prerequisite_question_naming_another_course_gets_no_verdict_word():
    from rag.answer.facts import prereq_of
    from rag.index.facts import FactStore
    from rag.understand import Question
    from rag.understand.entities import Entities

    course = _tiny_course("ABCD 317", prerequisite="One of ABCD 210, ABCD 220.")
    facts = FactStore(courses={"ABCD 317": course}, required_by={}, coreq_of={}, excluded={})

    def asked(*codes: str) -> str:
        return prereq_of(Question(text="", entities=Entities(courses=list(codes)), intent="prereq_of",
                                  target="ABCD 317", targets=["ABCD 317"], yes_no=True), facts).text

    assert asked("ABCD 317").startswith("Yes: ABCD 317 requires")  # "does ABCD 317 have prerequisites?"
    assert asked("ABCD 317", "ABCD 110").startswith("ABCD 317 requires")  # "is ABCD 110 what unlocks it?"


def test_a_yes_no_question_about_two_courses_prerequisites_is_answered_as_their_relation():
    from rag.answer.facts import answer_from_facts
    from rag.index.facts import FactStore
    from rag.understand import Question
    from rag.understand.entities import Entities

    facts = FactStore(courses={"ABCD 317": _tiny_course("ABCD 317", prerequisite="One of ABCD 210, ABCD 220."),
                               "ABCD 210": _tiny_course("ABCD 210", prerequisite="ABCD 110."),
                               "ABCD 499": _tiny_course("ABCD 499", prerequisite="ABCD 300.")},
                      required_by={}, coreq_of={}, excluded={})

    def asked(a: str, b: str, membership: bool) -> str:
        q = Question(text="", entities=Entities(courses=[a, b]), intent="prereq_of", target=a, targets=[a, b],
                     yes_no=True, asks_membership=membership, asks_direction=membership)
        return answer_from_facts(q, facts).text

    # "would ABCD 210 be accepted as the prerequisite for ABCD 317?": one option, whichever is named first
    assert asked("ABCD 210", "ABCD 317", True).startswith("Yes, as one option, not required: ABCD 317 requires")
    assert asked("ABCD 317", "ABCD 210", True).startswith("Yes, as one option")
    # no word says which way it points: the relation, with no verdict word
    assert asked("ABCD 210", "ABCD 317", False).startswith("ABCD 210 is one option, not required: ABCD 317 requires")
    # neither names the other: each course's own prerequisites, as before
    assert "ABCD 499 requires ABCD 300" in asked("ABCD 210", "ABCD 499", True)


def test_a_course_open_to_all_that_a_planned_premise_requires_is_no_yes():
    from dataclasses import replace

    from rag.answer.facts import eligibility
    from rag.index.facts import FactStore

    facts = FactStore(courses={"ABCD 110": _tiny_course("ABCD 110"),
                               "ABCD 310": _tiny_course("ABCD 310", prerequisite="ABCD 110."),
                               "ABCD 320": _tiny_course("ABCD 320", prerequisite="One of ABCD 110, ABCD 120.")},
                      required_by={}, coreq_of={}, excluded={})
    q = replace(_tiny_question("ABCD 110"), entities=_tiny_question("ABCD 110", ["ABCD 310"]).entities)
    # "if I finish ABCD 310 this fall, can I take ABCD 110 in the spring?": the wrong way round
    reversed_plan = eligibility(replace(q, assumed=["ABCD 310"]), facts)
    assert reversed_plan.verdict == "no" and reversed_plan.text.startswith("No: ABCD 310 requires ABCD 110")
    # "ABCD 310, can I take ABCD 110?": which one is asked is not clear
    assert eligibility(replace(q, unclear=["ABCD 310"]), facts).verdict == "cannot tell"
    # "never took ABCD 310, can I take ABCD 110?": ABCD 110 is asked, and open to all
    assert eligibility(replace(q, not_completed=["ABCD 310"]), facts).verdict == "yes"
    # only one route into the later course: the order is not settled either
    one_route = replace(q, entities=_tiny_question("ABCD 110", ["ABCD 320"]).entities, assumed=["ABCD 320"])
    assert eligibility(one_route, facts).verdict == "cannot tell"


def test_a_course_the_prerequisite_does_not_name_is_no_yes_to_a_skip_question():
    from rag.answer.facts import need_check
    from rag.index.facts import FactStore
    from rag.understand import Question
    from rag.understand.entities import Entities

    facts = FactStore(courses={"ABCD 310": _tiny_course("ABCD 310", prerequisite="ABCD 210.")},
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
    from rag.answer.facts import need_check
    from rag.index.facts import FactStore
    from rag.understand import Question
    from rag.understand.entities import Entities

    facts = FactStore(courses={"ABCD 310": _tiny_course("ABCD 310", prerequisite="One of ABCD 110, ABCD 120.")},
                      required_by={}, coreq_of={}, excluded={})
    q = Question(text="", entities=Entities(courses=["ABCD 310", "ABCD 110", "ABCD 120"]), intent="need_check",
                 target="ABCD 310", targets=["ABCD 310"], asked=asked, not_completed=not_completed,
                 completed=completed, asks_skip=True, asks_direction=True)
    a = need_check(q, facts)
    assert a.verdict == verdict
    if verdict == "no":
        assert a.text.startswith("No, it cannot be skipped: ABCD 310 has no route without")
        assert a.text.count("has no route") == 1  # said once for all the courses left out


@pytest.mark.parametrize("text, levels, lead", [
    ("which 300-level courses need ABCD 110?", [3], "300-level courses whose prerequisites name ABCD 110: ABCD 310"),
    ("which 400-level courses need ABCD 110?", [4], "No 400-level course lists ABCD 110"),
    ("took ABCD 110 in 3rd year, which courses need it?", [3], "Courses whose prerequisites name ABCD 110: ABCD 210"),
])
def test_a_reverse_lookup_keeps_to_a_course_level_the_question_names(text, levels, lead):
    from rag.answer.facts import reverse_prereq
    from rag.index.facts import FactStore
    from rag.understand import Question
    from rag.understand.entities import Entities

    courses = {c: _tiny_course(c, prerequisite="ABCD 110." if c != "ABCD 110" else "")
               for c in ("ABCD 110", "ABCD 210", "ABCD 310")}
    facts = FactStore(courses=courses, required_by={"ABCD 110": [("ABCD 210", True), ("ABCD 310", True)]},
                      coreq_of={}, excluded={})
    q = Question(text=text, entities=Entities(courses=["ABCD 110"]), intent="reverse_prereq",
                 target="ABCD 110", targets=["ABCD 110"], levels=levels)
    assert reverse_prereq(q, facts).text.startswith(lead)


def test_a_course_told_not_done_beside_a_skip_is_history_not_a_course_asked_about():
    from rag.answer.facts import answer_from_facts
    from rag.index.facts import FactStore
    from rag.understand import Question
    from rag.understand.entities import Entities

    facts = FactStore(courses={"ABCD 310": _tiny_course("ABCD 310", prerequisite="One of ABCD 110, ABCD 120."),
                               "ABCD 110": _tiny_course("ABCD 110"), "ABCD 120": _tiny_course("ABCD 120")},
                      required_by={}, coreq_of={}, excluded={})
    # "can I skip ABCD 110 for ABCD 310 if I haven't done ABCD 120 either": three courses, one of them history
    q = Question(text="", entities=Entities(courses=["ABCD 110", "ABCD 310", "ABCD 120"]), intent="need_check",
                 target="ABCD 310", targets=["ABCD 310"], asked=["ABCD 110"], not_completed=["ABCD 120"],
                 asks_skip=True, asks_direction=True, yes_no=True)
    a = answer_from_facts(q, facts)
    assert a.verdict == "no" and a.text.startswith("No, it cannot be skipped: ABCD 310 has no route without")


def test_an_equivalent_named_by_the_one_entry_there_settles_credit_for_both():
    from rag.answer.facts import exclusion, exclusions_of
    from rag.index.facts import FactStore
    from rag.understand import Question
    from rag.understand.entities import Entities

    course = replace(_tiny_course("ABCD 549"), equivalency="WXYZ_V 549.")
    facts = FactStore(courses={"ABCD 549": course}, required_by={}, coreq_of={},
                      excluded={"ABCD 549": {"WXYZ 549"}, "WXYZ 549": {"ABCD 549"}})
    q = Question(text="", entities=Entities(courses=["ABCD 549"], unknown_courses=["WXYZ 549"]), intent="exclusion",
                 target="ABCD 549", targets=["ABCD 549", "WXYZ 549"])
    a = exclusion(q, facts)
    assert a.verdict == "no" and "credit for only one" in a.text and "Equivalency: WXYZ_V 549." in a.text
    assert exclusion(replace(q, asks_excluded=True), facts).verdict == "yes"
    own = exclusions_of(replace(q, targets=["ABCD 549"]), facts)
    assert own.text.startswith("ABCD 549 is equivalent to WXYZ 549")


def test_a_course_with_no_entry_named_only_in_a_both_group_is_not_excluded_alone():
    from rag.answer.facts import exclusion
    from rag.index.facts import FactStore
    from rag.understand import Question
    from rag.understand.entities import Entities

    course = replace(_tiny_course("ABCD 494"), excluded_with=["WXYZ 434", "WXYZ 431", "WXYZ 433"],
                     exclusion="Credit will be granted for only one of ABCD_V 494 or WXYZ_V 434 or both WXYZ_V 431, "
                               "WXYZ_V 433.")
    facts = FactStore(courses={"ABCD 494": course}, required_by={}, coreq_of={}, excluded={})
    q = Question(text="", entities=Entities(courses=["ABCD 494"], unknown_courses=["WXYZ 433"]), intent="exclusion",
                 target="ABCD 494", targets=["ABCD 494", "WXYZ 433"])
    a = exclusion(q, facts)
    assert a.verdict == "cannot tell" and a.text.startswith("Only if you do not also have WXYZ 431"), a.text
    assert exclusion(replace(q, asks_excluded=True), facts).text.startswith("Only together with WXYZ 431")
    alone = exclusion(replace(q, entities=Entities(courses=["ABCD 494"], unknown_courses=["WXYZ 434"]),
                              targets=["ABCD 494", "WXYZ 434"]), facts)
    assert alone.verdict == "no"  # named alone: excluded


def test_an_exclusion_question_naming_a_course_with_no_entry_says_so_first():
    from rag.answer.facts import exclusion
    from rag.index.facts import FactStore
    from rag.understand import Question
    from rag.understand.entities import Entities

    facts = FactStore(courses={"ABCD 200": _tiny_course("ABCD 200")}, required_by={}, coreq_of={}, excluded={})
    q = Question(text="", entities=Entities(courses=["ABCD 200"], unknown_courses=["ABCD 241"]), intent="exclusion",
                 target="ABCD 200", targets=["ABCD 200", "ABCD 241"])
    a = exclusion(q, facts)
    assert a.verdict == "cannot tell" and a.text.startswith("Cannot tell: ABCD 241 has no entry in this calendar")


def test_a_level_list_asked_as_what_one_needs_says_it_is_no_list_of_requirements():
    from rag.answer.facts import subject_level
    from rag.index.facts import FactStore
    from rag.understand import Question
    from rag.understand.entities import Entities

    facts = FactStore(courses={"ABCD 210": _tiny_course("ABCD 210"), "ABCD 310": _tiny_course("ABCD 310")},
                      required_by={}, coreq_of={}, excluded={})
    q = Question(text="", entities=Entities(courses=[]), intent="subject_level", subjects=["ABCD"], levels=[2])
    assert subject_level(q, facts).text.startswith("200-level ABCD courses in the calendar:\n- ABCD 210")
    needed = subject_level(replace(q, asks_duty=True), facts).text
    assert needed.startswith("Which 200-level ABCD courses you need depends on your program") and "ABCD 210" in needed


def test_a_yes_to_a_course_named_beside_one_it_is_credit_excluded_with_is_the_exclusion():
    from rag.answer.facts import answer_from_facts
    from tests.rag.answer.test_chain import _course, _facts
    from tests.rag.answer.test_planning import _q

    target = replace(_course("ABCD 310"), excluded_with=["EFGH 310"], exclusion="Credit for only one of them.")
    facts = _facts(target, _course("EFGH 310"), _course("ABCD 320"))
    a = answer_from_facts(_q("eligibility", target="ABCD 310", unclear=["EFGH 310"]), facts)  # "A + B: both?"
    assert a.verdict == "no" and a.text.startswith("No: EFGH 310 and ABCD 310 are credit-excluded")
    plain = answer_from_facts(_q("eligibility", target="ABCD 310", unclear=["ABCD 320"]), facts)
    assert plain.verdict == "yes"


def test_options_asked_of_three_courses_are_read_against_the_course_that_names_the_others():
    from rag.answer.facts import answer_from_facts
    from tests.rag.answer.test_chain import _course, _facts
    from tests.rag.answer.test_planning import _q

    facts = _facts(_course("ABCD 470", "One of ABCD 372, ABCD 373."), _course("ABCD 372"), _course("ABCD 373"))
    q = replace(_q("prereq_of", target="ABCD 372"), targets=["ABCD 372", "ABCD 373", "ABCD 470"], yes_no=True,
                entities=replace(_q("prereq_of").entities, courses=["ABCD 372", "ABCD 373", "ABCD 470"]))
    a = answer_from_facts(q, facts)  # "can A or B serve as the prereq for C?", read as A's and B's prerequisites
    assert a.text.startswith("Yes, as one option, not required: ABCD 470 requires one of ABCD 372, ABCD 373")
    assert answer_from_facts(replace(q, yes_no=False), facts).kind == "multi"  # a list asked: each course


def test_a_plan_that_puts_a_course_after_one_requiring_it_is_no(answerer):
    a = _facts_answer(answerer, "Taking CPSC 210 in the fall and then CPSC 110 in the spring, is that okay?")
    assert a.answer.startswith("No") and "CPSC 110 goes first" in a.answer, a.answer
    # a course planned after the one asked about is no reason against it
    later = _facts_answer(answerer, "May I register for CPSC 110 now? My plan has CPSC 210 after it.")
    assert later.answer.startswith("Yes"), later.answer

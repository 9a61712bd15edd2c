"""Answers from facts on the shipped sample index: verdict first, every statement cited, no model call."""

from __future__ import annotations

import pytest
from dataclasses import replace

from rag.answer import Answerer
from rag.index.codes import unique_codes
from rag.index.config import Settings
from tests.rag.answer.tiny_facts import tiny_course


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
    # it can be avoided, but only by a route the student has not said they have taken: never a bare "Yes"
    a = _facts_answer(answerer, "could I do CPSC 221 without taking MATH 220?")
    assert a.verdict == "cannot tell" and a.answer.startswith("Only if you take") \
        and "CPSC 221 can be reached without MATH 220" in a.answer
    # told as history, with nothing else said: the route the student would need, not a "No" on their silence
    a = _facts_answer(answerer, "I never took MATH 220. could I do CPSC 221?")
    assert a.verdict == "cannot tell" and a.answer.startswith("Only if you have completed")
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
    assert "Read as: asking for the credit exclusions of STAT 302" in a.answer
    none = _facts_answer(answerer, "does STAT 200 have any exclusions?")
    assert none.answer.startswith("The calendar lists no credit exclusion for STAT 200")


def test_a_course_named_only_as_a_corequisite_is_answered_as_one(answerer):
    a = _facts_answer(answerer, "is CPSC 110 required for CPSC 121?")
    assert a.answer.startswith("Yes, as a corequisite") and "one option" not in a.answer


def test_a_course_asked_for_credit_after_a_history_is_checked_against_each_course_done(answerer):
    a = _facts_answer(answerer, "I did MATH 302 and STAT 200, would STAT 302 also count for credit?")
    assert a.answer.startswith("No: STAT 302 and MATH 302 are credit-excluded, and you have done MATH 302")
    assert "credit is granted for STAT 302 as well" in a.answer
    b = _facts_answer(answerer, "I did STAT 200 and MATH 100, would STAT 302 also count for credit?")
    assert b.answer.startswith("Yes: neither STAT 302")


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


def test_a_yes_no_question_about_two_courses_prerequisites_is_answered_as_their_relation():
    from rag.answer.facts import answer_from_facts
    from rag.index.facts import FactStore
    from rag.understand import Question
    from rag.understand.entities import Entities

    facts = FactStore(courses={"ABCD 317": tiny_course("ABCD 317", prerequisite="One of ABCD 210, ABCD 220."),
                               "ABCD 210": tiny_course("ABCD 210", prerequisite="ABCD 110."),
                               "ABCD 499": tiny_course("ABCD 499", prerequisite="ABCD 300.")},
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


def test_a_course_told_not_done_beside_a_skip_is_history_not_a_course_asked_about():
    from rag.answer.facts import answer_from_facts
    from rag.index.facts import FactStore
    from rag.understand import Question
    from rag.understand.entities import Entities

    facts = FactStore(courses={"ABCD 310": tiny_course("ABCD 310", prerequisite="One of ABCD 110, ABCD 120."),
                               "ABCD 110": tiny_course("ABCD 110"), "ABCD 120": tiny_course("ABCD 120")},
                      required_by={}, coreq_of={}, excluded={})
    # "can I skip ABCD 110 for ABCD 310 if I haven't done ABCD 120 either": three courses, one of them history
    q = Question(text="", entities=Entities(courses=["ABCD 110", "ABCD 310", "ABCD 120"]), intent="need_check",
                 target="ABCD 310", targets=["ABCD 310"], asked=["ABCD 110"], not_completed=["ABCD 120"],
                 asks_skip=True, asks_direction=True, yes_no=True)
    a = answer_from_facts(q, facts)
    assert a.verdict == "no" and a.text.startswith("No, it cannot be skipped: ABCD 310 has no route without")


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


def test_whether_a_course_counts_for_credit_is_answered_from_its_entry(answerer):
    a = _facts_answer(answerer, "does CPSC 100 count toward my degree?")
    assert a.answer.startswith("It depends: CPSC 100") and "Not for credit for students who already hold" in a.answer
    assert "counts for credit for you" in a.answer.splitlines()[-1]


def test_a_several_part_answer_opens_with_the_part_that_decides_what_the_student_may_do(answerer):
    a = _facts_answer(answerer, "How many credits is CPSC 221? And I have not taken CPSC 210, can I take CPSC 221 "
                                "next term?")
    first, rest = a.answer.split("\n\n", 1)
    assert first.startswith("No") and "CPSC 210" in first, a.answer  # not a "Yes"-less credit line first
    assert "is worth" in rest
    readings = a.reading.split(" | ")
    assert "whether you can take CPSC 221" in readings[0] and "credits" in readings[1]  # in the answers' order


def test_a_credit_excluded_course_decides_only_when_the_student_may_have_it():
    from rag.answer.facts import _credit_for_one_only
    from rag.answer.fact_sources import FactAnswer
    from rag.index.facts import FactStore
    from tests.rag.answer.tiny_facts import tiny_question

    asked = replace(tiny_course("ABCD 318"), exclusion="Credit will only be granted for one of ABCD 318 or EFGH 318.",
                    excluded_with=["EFGH 318"])
    facts = FactStore(courses={"ABCD 318": asked, "EFGH 318": tiny_course("EFGH 318")}, required_by={},
                      coreq_of={}, excluded={})
    yes = FactAnswer("eligibility", "yes", "Yes: the calendar lists no prerequisite for ABCD 318. [1]", [])
    done = tiny_question("ABCD 318", ["EFGH 318"])
    assert _credit_for_one_only(done, facts, yes).verdict == "no"
    dropped = tiny_question("ABCD 318", not_completed=["EFGH 318"])  # "dropped EFGH 318": no credit to clash
    assert _credit_for_one_only(dropped, facts, yes).verdict == "yes"
    text = "My friend took EFGH 318. Can I take ABCD 318?"
    friends = replace(tiny_question("ABCD 318"), unclear=["EFGH 318"], text=text,
                      spans={"EFGH 318": [(15, 23)], "ABCD 318": [(36, 44)]})
    friends.entities.courses.append("EFGH 318")
    told = _credit_for_one_only(friends, facts, yes)
    assert told.verdict == "cannot tell" and told.text.startswith("Only if you have no credit for EFGH 318")

"""Question understanding: one reading of what a question names and asks, computed once.

The phrasings here are written for the tests; none is an evaluation question.
"""

from __future__ import annotations

import pytest

from rag.entities import EntityFinder
from rag.question import understand

KNOWN = {"ABCD 110", "ABCD 210", "ABCD 213", "ABCD 221", "ABCD 310", "EFGH 100", "BIOL 121", "PHIL 230"}
FINDER = EntityFinder(KNOWN, ["ABCD", "EFGH", "BIOL", "PHIL"], ["Biology", "Applied Widgets"])


@pytest.mark.parametrize("text, intent", [
    ("what needs ABCD 210? which courses need it", "reverse_prereq"),
    ("Which classes list ABCD 221 as a requirement?", "reverse_prereq"),
    ("Am I eligible for ABCD 310 having taken ABCD 213?", "eligibility"),
    ("could I take ABCD 221 with ABCD 210 done", "eligibility"),
    ("Would I get credit for both ABCD 221 and EFGH 100?", "exclusion"),
    ("ABCD 210 or ABCD 213, which is worth more?", "credit_compare"),
    ("How does ABCD 210 differ from ABCD 213?", "compare"),
    ("any co-requisites for ABCD 221?", "coreq_of"),
    ("prereqs for abcd221", "prereq_of"),
    ("is ABCD 110 a 4-credit course?", "credits"),
    ("What will I learn in ABCD 221?", "describe"),
    ("Does Applied Widgets list ABCD 221?", "program_course"),
    ("third year of the Applied Widgets program", "program_year"),
    ("What does the Biology program require?", "program"),
    ("a second-year biology course about plants?", "topic_level"),
    ("Where can I buy a bike?", "none"),
])
def test_intent(text, intent):
    assert understand(text, FINDER).intent == intent


def test_eligibility_separates_target_completed_and_unknown_codes():
    q = understand("I have done ABCD 213 and ABCD 999. Can I take ABCD 310?", FINDER)
    assert (q.target, q.completed, q.unknown_completed) == ("ABCD 310", ["ABCD 213"], ["ABCD 999"])
    q = understand("Can I take ABCD 221 after ABCD 210?", FINDER)
    assert (q.target, q.completed) == ("ABCD 221", ["ABCD 210"])


def test_year_and_term_are_read():
    q = understand("Applied Widgets year 3 term 2 courses", FINDER)
    assert (q.intent, q.year, q.term) == ("program_year", 3, 2)
    assert understand("fourth-year requirements of Applied Widgets", FINDER).year == 4


def test_a_discipline_word_is_not_a_program_in_a_course_question():
    q = understand("Is there a first-year biology course about evolution?", FINDER)
    assert q.intent == "topic_level" and q.entities.programs == [] and q.levels == [1]
    assert q.subjects == ["BIOL"]


def test_credit_for_both_is_an_exclusion_question_even_when_it_asks_can_I_take():
    assert understand("Can I take ABCD 210 and ABCD 213 and get credit for both?", FINDER).intent == "exclusion"


def test_topic_question_keeps_only_what_the_course_is_about():
    q = understand("Are there any upper-level biology courses on plant ecology?", FINDER)
    assert q.intent == "topic_level" and q.levels == [3, 4] and q.topic == "plant ecology"


def test_a_program_word_without_any_calendar_wording_is_off_calendar():
    assert understand("best bike shop for Applied Widgets people?", FINDER).off_calendar
    assert not understand("What does the Applied Widgets program require?", FINDER).off_calendar
    assert not understand("Where can I buy a bike?", FINDER).off_calendar  # names nothing: judged by similarity

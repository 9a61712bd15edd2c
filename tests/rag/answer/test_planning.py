"""Planning answers on tiny fact stores: the chain's wording and what a course leads to."""

from __future__ import annotations

from rag.answer.planning import chain, unlocks
from rag.evaluation.answers import says_yes
from rag.index.codes import unique_codes
from rag.understand import Question
from rag.understand.entities import Entities
from tests.rag.answer.test_chain import _course, _facts


def _q(intent: str, target: str = "", completed=(), not_completed=(), unclear=(), program: str = "", year: int = 0,
       electives: float = 0.0) -> Question:
    codes = [c for c in [target, *completed, *not_completed, *unclear] if c]
    return Question(text="", entities=Entities(courses=codes, programs=[program] if program else []), intent=intent,
                    target=target, targets=[target] if target else [], completed=list(completed),
                    not_completed=list(not_completed), unclear=list(unclear), year=year, elective_credits=electives)


LADDER = _facts(_course("ABCD 101"), _course("ABCD 102", "ABCD 101."), _course("ABCD 201", "ABCD 102."),
                _course("ABCD 202", "ABCD 201 and one of ABCD 110, EFGH 120."), _course("ABCD 110"),
                _course("EFGH 120"), _course("ABCD 351", "ABCD 202 and third-year standing."))


def _lines_naming(text: str, code: str) -> list[str]:
    return [line for line in text.splitlines() if code in unique_codes(line)]


def test_a_chain_from_nothing_names_every_course_in_order_with_choices_and_conditions():
    a = chain(_q("chain", "ABCD 351"), LADDER)
    assert not says_yes(a.text) and a.verdict == ""
    assert a.text.index("ABCD 101") < a.text.index("ABCD 102") < a.text.index("ABCD 201")
    assert "Step 1: ABCD 101" in a.text and "one of ABCD 110, EFGH 120" in a.text
    assert "third-year standing" in a.text
    cited = {s.citation.split("#")[1] for s in a.sources}
    assert {"abcd-101", "abcd-102", "abcd-201", "abcd-202", "abcd-351"} <= cited


def test_a_done_course_is_never_listed_as_still_to_take_but_an_unclear_one_is():
    a = chain(_q("chain", "ABCD 351", completed=["ABCD 102"], unclear=["ABCD 201"]), LADDER)
    steps = [line for line in a.text.splitlines() if line.startswith("- Step")]
    assert not any("ABCD 102" in line for line in steps) and not any("ABCD 101" in line for line in steps)
    assert any("ABCD 201" in line and "did not clearly say" in line for line in steps)
    assert any(line.startswith("Already done") for line in _lines_naming(a.text, "ABCD 102"))


def test_a_two_of_choice_with_one_done_names_only_the_options_left():
    facts = _facts(_course("ABCD 310"), _course("ABCD 311"), _course("ABCD 313", "ABCD 101."), _course("ABCD 101"),
                   _course("ABCD 479", "Two of ABCD 310, ABCD 311, ABCD 313."))
    a = chain(_q("chain", "ABCD 479", completed=["ABCD 310"]), facts)
    choice = [line for line in a.text.splitlines() if line.startswith("- ABCD 479:")][0]
    assert choice.startswith("- ABCD 479: two of its list; with the one you have done, one more from")
    assert "ABCD 310" not in choice
    assert _lines_naming(a.text, "ABCD 310") and all(line.startswith("Already done") for line in _lines_naming(a.text, "ABCD 310"))


def test_a_failed_course_stays_on_the_chain():
    a = chain(_q("chain", "ABCD 351", completed=["ABCD 101"], not_completed=["ABCD 102"]), LADDER)
    assert any("ABCD 102" in line and "not done" in line for line in a.text.splitlines() if line.startswith("- Step"))


def test_nothing_left_is_said_without_a_yes():
    a = chain(_q("chain", "ABCD 102", completed=["ABCD 101"]), LADDER)
    assert a.text.startswith("Every course before ABCD 102 is behind you") and not says_yes(a.text)


def test_what_a_course_leads_to_names_both_kinds_with_what_else_they_need():
    facts = _facts(_course("ABCD 200"), _course("ABCD 210"), _course("ABCD 300", "ABCD 200."),
                   _course("ABCD 310", "All of ABCD 200, ABCD 210."))
    facts.required_by = {"ABCD 200": [("ABCD 300", True), ("ABCD 310", True)], "ABCD 210": [("ABCD 310", True)]}
    a = unlocks(_q("unlocks", completed=["ABCD 200"]), facts)
    open_line = a.text.splitlines()[1]
    assert "ABCD 300" in open_line and "ABCD 310" not in open_line
    assert any("ABCD 310" in line and "also needs ABCD 210" in line for line in a.text.splitlines())


def test_what_a_course_under_way_leads_to_is_said_as_once_completed_never_as_done():
    facts = _facts(_course("ABCD 200"), _course("ABCD 300", "ABCD 200."))
    facts.required_by = {"ABCD 200": [("ABCD 300", True)]}
    q = _q("unlocks", unclear=["ABCD 200"])
    a = unlocks(q, facts)
    assert a is not None and a.text.startswith("Once you have completed ABCD 200 (you did not clearly say")
    assert "ABCD 300" in a.text and not says_yes(a.text)
    assert unlocks(_q("unlocks", not_completed=["ABCD 200"]), facts) is None  # a course not done opens nothing


def test_a_quoted_sentence_ubcal_could_not_read_says_which_of_its_courses_are_done():
    from rag.answer.planning import _done_among

    text = "(a) ABCD_V 255 or ABCD_V 256, with luck EFGH_V 202"
    assert _done_among(text, ["ABCD 256", "EFGH 202", "IJKL 100"]) == \
        " (of the courses it names, you have done ABCD 256, EFGH 202)"
    assert _done_among(text, ["IJKL 100"]) == ""


def test_what_a_course_leads_to_in_a_subject_that_names_none_says_so_first():
    from dataclasses import replace

    facts = _facts(_course("ABCD 110"), _course("EFGH 201", "ABCD 110."))
    facts.required_by = {"ABCD 110": [("EFGH 201", True)]}
    a = unlocks(replace(_q("unlocks", completed=["ABCD 110"]), subjects=["ABCD"]), facts)
    assert a.text.startswith("No ABCD course names ABCD 110") and "EFGH 201" in a.text
    assert not unlocks(_q("unlocks", completed=["ABCD 110"]), facts).text.startswith("No ")
    # a subject the question names only in passing (a field, a title) is not the one asked in
    assert not unlocks(replace(_q("unlocks", completed=["ABCD 110"]), subjects=["WXYZ"]), facts).text.startswith("No ")

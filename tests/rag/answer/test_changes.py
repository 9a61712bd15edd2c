"""What changed between two editions, on tiny fact stores: verdicts, citations of both, gaps said."""

from __future__ import annotations

from rag.answer.changes import EditionPair, answer_change
from rag.evaluation.answers import says_yes
from rag.index.edition_diff import normalize_fact
from rag.understand import Question
from rag.understand.entities import Entities
from tests.rag.answer.test_chain import _course, _facts


def _q(intent: str, target: str = "", facets=(), subjects=(), yes_no=True) -> Question:
    return Question(text=f"{target} {' '.join(subjects)}", entities=Entities(courses=[target] if target else []),
                    intent=intent, target=target, targets=[target] if target else [], change_facets=list(facets),
                    subjects=list(subjects), yes_no=yes_no)


OLD = _facts(_course("ABCD 324", "All of ABCD 191, ABCD 203."), _course("ABCD 210", "ABCD 110."),
             _course("ABCD 101"), _course("ABCD 105"))
NEW = _facts(_course("ABCD 324", "All of ABCD 191 or EFGH 200, ABCD 203."), _course("ABCD 210", "ABCD 110"),
             _course("ABCD 101"), _course("ABCD 417"), _course("ABCD 290", "ABCD 101."))
NEW.courses["ABCD 290"].excluded_with = ["ABCD 105"]
PAIR = EditionPair("2026/27", "2025/26", OLD)


def test_a_changed_prerequisite_is_yes_with_both_sentences_what_was_added_and_both_entries_cited():
    a = answer_change(_q("changed", "ABCD 324", ["prerequisite"]), NEW, PAIR)
    assert a.text.startswith("Yes") and "Added: EFGH 200" in a.text
    assert "2025/26 \u201cAll of ABCD 191, ABCD 203.\u201d" in a.text
    assert [s.title.endswith(e) for s, e in zip(a.sources, ("(2025/26)", "(2026/27)"))] == [True, True]
    assert "2025" in a.derived and "26" in a.derived  # the edition labels' digits, for the guard


def test_punctuation_is_no_change_and_the_answer_is_no_quoting_the_sentence():
    assert normalize_fact("ABCD_V 110.") == normalize_fact("ABCD 110")
    a = answer_change(_q("changed", "ABCD 210", ["prerequisite"]), NEW, PAIR)
    assert a.verdict == "no" and a.text.startswith("No: ABCD 210's prerequisite is the same")


def test_what_changed_in_an_unchanged_course_is_no_verdict_but_says_nothing_changed():
    a = answer_change(_q("changed", "ABCD 101", yes_no=False), NEW, PAIR)
    assert a.verdict == "" and a.text.startswith("Nothing changed: ABCD 101's entry is the same")
    assert not says_yes(a.text)


def test_new_gone_still_offered_and_replaced():
    assert answer_change(_q("new_course", "ABCD 417"), NEW, PAIR).verdict == "yes"
    assert answer_change(_q("new_course", "ABCD 101"), NEW, PAIR).verdict == "no"
    assert answer_change(_q("gone_course", "ABCD 105"), NEW, PAIR).verdict == "yes"
    assert answer_change(_q("still_offered", "ABCD 105"), NEW, PAIR).verdict == "no"
    replaced = answer_change(_q("replaced", "ABCD 105", yes_no=False), NEW, PAIR)
    assert "ABCD 290" in replaced.text and "new in 2026/27" in replaced.text and not says_yes(replaced.text)


def test_a_course_the_older_edition_could_not_hold_is_not_called_new():
    ranged = _course("ABCD 236")
    ranged.credits, ranged.credits_min, ranged.credits_max = "2-4", 2, 4
    new = _facts(*NEW.courses.values(), ranged, _course("QRST 100"))
    assert answer_change(_q("new_course", "ABCD 236"), new, PAIR).verdict == "cannot tell"  # no ranged course in 2025/26
    assert answer_change(_q("new_course", "QRST 100"), new, PAIR).verdict == "cannot tell"  # no QRST course at all


def test_one_edition_in_the_store_is_nothing_to_compare_never_a_yes():
    a = answer_change(_q("changed", "ABCD 324", ["prerequisite"]), NEW, EditionPair("2026/27"))
    assert a.verdict == "cannot tell" and not says_yes(a.text) and "no calendar edition before 2026/27" in a.text


def test_a_subject_list_counts_the_changed_courses():
    a = answer_change(_q("subject_changes", subjects=["ABCD"], facets=["prerequisite"], yes_no=False), NEW, PAIR)
    assert a.text.startswith("1 ABCD course in both calendars changed their prerequisite")
    assert "ABCD 324" in a.text and "ABCD 210" not in a.text.split("New in")[0]


def test_a_course_in_neither_edition_is_declined_not_answered_from_another_course():
    a = answer_change(_q("changed", "WXYZ 999", ["credits"]), NEW, PAIR)
    assert a.kind == "decline" and "Neither the 2025/26 nor the 2026/27 calendar" in a.text


def test_two_facets_asked_and_only_one_changed_is_partly_never_a_plain_yes():
    old = _facts(_course("ABCD 210", "ABCD 110."))
    new = _facts(_course("ABCD 210", "ABCD 110."))
    new.courses["ABCD 210"].title = "A New Name"
    a = answer_change(_q("changed", "ABCD 210", ["title", "prerequisite"]), new, EditionPair("2026/27", "2025/26", old))
    assert a.text.startswith("Partly: ABCD 210's title changed") and "its prerequisite did not" in a.text
    assert not says_yes(a.text)


def test_what_changed_in_two_facets_names_both_with_no_verdict_word():
    old = _facts(_course("ABCD 210", "ABCD 110."))
    new = _facts(_course("ABCD 210", "ABCD 110."))
    new.courses["ABCD 210"].title = "A New Name"
    q = _q("changed", "ABCD 210", ["title", "prerequisite"], yes_no=False)
    q.text = "What changed in ABCD 210's title and prerequisite?"
    a = answer_change(q, new, EditionPair("2026/27", "2025/26", old))
    assert a.text.startswith("1 change: ABCD 210's title changed") and "its prerequisite did not" in a.text

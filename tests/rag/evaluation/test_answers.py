"""Answer scoring: the verdict must lead, codes compare normalized, and digits never match inside other text."""

from __future__ import annotations

from rag.evaluation.answers import score_answer, verdict_stated
from rag.evaluation.testset import GoldEntry, TestQuestion


def _q(**extra) -> TestQuestion:
    return TestQuestion(id="t-01", question="q", category="c", expected_route="simple",
                        gold=[GoldEntry("https://x/y")], answer_contains=extra.pop("contains", []),
                        answerable=extra.pop("answerable", True), extra=extra)


def test_verdict_must_lead():
    assert verdict_stated("No: you still need ABCD 213. [1]", "no")
    assert not verdict_stated("ABCD 310 needs ABCD 213. No other course is needed.", "no")
    assert not verdict_stated("Nothing is listed. [1]", "no")  # 'No' must be the word, not a prefix
    assert verdict_stated("Cannot tell: it depends on a grade. [1]", "cannot tell")
    assert verdict_stated("ABCD 180 has more credits: ABCD 180 is worth 4 credits [1]", "ABCD 180")
    assert not verdict_stated("ABCD 100 has fewer credits than ABCD 180 [1]", "ABCD 180")


def test_codes_are_compared_normalized_and_digits_do_not_leak():
    q = _q(expected_codes=["ABCD 221", "ABCD 3"], expected_verdict="")
    ok, _, missing, _ = score_answer(q, "abcd221 and ABCD_V 320 [3]", declined=False)
    assert not ok and missing == ["ABCD 3"]  # '3' inside 'ABCD 320' or '[3]' is not the code
    ok, _, missing, _ = score_answer(_q(expected_codes=["ABCD 221"]), "See ABCD_V 221. [1]", declined=False)
    assert ok and missing == []


def test_any_of_and_declines():
    assert score_answer(_q(expected_any=["ABCD 101", "ABCD 102"]), "Yes: ABCD 102 [1]", False)[0]
    assert not score_answer(_q(expected_any=["ABCD 101"]), "Yes: ABCD 103 [1]", False)[0]
    assert score_answer(_q(answerable=False), "declined", declined=True)[0]
    assert not score_answer(_q(), "declined", declined=True)[0]


def test_a_done_course_may_not_be_listed_as_still_to_do():
    q = _q(expected_codes=["ABCD 210"], expected_absent=["ABCD 110"])
    plan = "Still to take before ABCD 310: ABCD 210 [1]."
    assert score_answer(q, plan + "\nAlready done: ABCD 110 [2].\nRead as: completed ABCD 110", False)[0]
    ok, _, _, problems = score_answer(q, "Still to take: ABCD 110, ABCD 210 [1].", False)
    assert not ok and problems == ["lists ABCD 110 as still to do, which the student has done"]

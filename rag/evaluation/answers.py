"""Score what a student reads: does the answer lead with the expected verdict and name every expected code?

Retrieval metrics say whether the right page was found; these say whether the
answer is right. Each question is asked through the shipped path
(``Answerer.ask``: understanding, facts, routing, the agent, generation and the
guard), once. Codes are compared in normalized form (``wxyz221``, ``WXYZ_V 221``
and ``WXYZ 221`` are one code), so a lone digit never matches inside ``[1]`` or
``WXYZ 320``.
"""

from __future__ import annotations

import re
import statistics
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from rag.index.codes import unique_codes
from rag.evaluation.metrics import percentile
from rag.evaluation.testset import TestQuestion

if TYPE_CHECKING:  # scoring needs no model or index; only score_answers runs the answerer
    from rag.answer import Answerer

# "Only if you have completed A": a verdict conditional on what the student did not clearly say is a
# "cannot tell", never a "yes"
VERDICT_WORDS = {"yes": r"yes", "no": r"no", "cannot tell": r"cannot tell|can't tell|depends|^\s*only if\b",
                 "same": r"(?:the )?same|neither|equal", "none": r"\bno\b|\bnot\b|\bnone\b|\bhas no\b"}
# lines where a course the student has done may be named without being listed as still to do: the
# reading line and a planning answer's "Already done" line
DONE_LINE_RE = re.compile(r"\s*(?:Read as:|Already done\b)", re.IGNORECASE)


@dataclass
class AnswerScore:
    qid: str
    category: str
    split: str
    correct: bool
    verdict_ok: bool | None
    missing_codes: list[str]
    declined: bool
    answered_by: str
    llm_calls: int
    tokens: int
    ms: float
    answer: str
    problems: list[str] = field(default_factory=list)
    ungrounded: list[str] = field(default_factory=list)  # codes named that no cited section (or the question) holds
    wrong_yes: bool = False  # the lead says "Yes" where the calendar says no: the error a student acts on


def lead(answer: str) -> str:
    """The first sentence: where the verdict must be."""
    return re.split(r"(?<=[.!?:;])\s|\n", answer.strip(), maxsplit=1)[0]


def verdict_stated(answer: str, expected: str) -> bool:
    """The first sentence states ``expected``: yes/no/cannot tell/same/none, or a course code."""
    first = lead(answer)
    if re.fullmatch(r"[A-Z]{2,5} \d{3}[A-Z]?", expected):
        # the course named first in the lead is the verdict
        named = unique_codes(first)
        return bool(named) and named[0] == expected
    pattern = VERDICT_WORDS.get(expected.lower(), re.escape(expected))
    if expected.lower() in ("yes", "no"):
        return re.match(rf"\s*{pattern}\b", first, re.IGNORECASE) is not None
    return re.search(pattern, first, re.IGNORECASE) is not None


def says_yes(answer: str) -> bool:
    """The lead opens with "Yes"."""
    return re.match(r"\s*yes\b", lead(answer), re.IGNORECASE) is not None


def score_answer(q: TestQuestion, answer_text: str, declined: bool) -> tuple[bool, bool | None, list[str], list[str]]:
    """(correct, verdict right or None when none is expected, codes missing, problems)."""
    problems: list[str] = []
    if not q.answerable:
        ok = declined
        return ok, None, [], ([] if ok else ["answered a question the calendar does not cover"])
    if declined:
        return False, None, [], ["declined an answerable question"]
    expected_verdict = q.extra.get("expected_verdict", "")
    verdict_ok = verdict_stated(answer_text, expected_verdict) if expected_verdict else None
    if verdict_ok is False:
        problems.append(f"lead does not state '{expected_verdict}'")
    expected = q.extra.get("expected_codes", []) + q.extra.get("expected_any", [])
    named = set(unique_codes(answer_text, {c.split()[0] for c in expected}))  # any spelling of their subjects
    missing = [c for c in q.extra.get("expected_codes", []) if c not in named]
    if missing:
        problems.append(f"does not name {', '.join(missing)}")
    any_of = q.extra.get("expected_any", [])
    if any_of and not named & set(any_of):
        problems.append(f"names none of {', '.join(any_of)}")
    done = _listed_as_to_do(answer_text, q.extra.get("expected_absent", []))
    if done:
        problems.append(f"lists {', '.join(done)} as still to do, which the student has done")
    number = q.extra.get("expected_number")
    if number is not None and not _states_number(answer_text, number):
        problems.append(f"does not state {number}")
    low = answer_text.lower()
    absent = [s for s in q.answer_contains if s.lower() not in low]
    if absent:
        problems.append(f"does not contain {', '.join(absent)}")
    return not problems, verdict_ok, missing, problems


def _listed_as_to_do(answer: str, done: list[str]) -> list[str]:
    """Courses the student has done that the answer names outside its reading and "Already done" lines."""
    if not done:
        return []
    rest = "\n".join(line for line in answer.splitlines() if not DONE_LINE_RE.match(line))
    named = set(unique_codes(rest, {c.split()[0] for c in done}))
    return [c for c in done if c in named]


def _states_number(answer: str, number: float) -> bool:
    """The number appears on its own (not inside a course code, a citation or a longer number)."""
    text = re.sub(r"\[\d+\]", " ", answer)
    text = re.sub(r"\b[A-Za-z]{2,5}(?:_[A-Z])? ?\d{3}[A-Za-z]?\b", " ", text)
    shown = str(int(number)) if float(number).is_integer() else str(number)
    return re.search(rf"(?<![\w.]){re.escape(shown)}(?:\.0)?(?![\w]|\.\d)", text) is not None


def ungrounded_codes(answerer: "Answerer", question: str, answer_text: str, citations: list[dict]) -> list[str]:
    """Codes the answer names that neither its cited sections nor the question contain."""
    index = answerer.index
    texts = [question]
    for c in citations:
        url, _, anchor = c["citation"].partition("#")
        texts += [f"{index.chunks['context_header'][r]}\n{index.chunks['text'][r]}"
                  for r in index.rows_by_url.get(url, []) if index.chunks["anchor"][r] == anchor]
    supported = set(unique_codes("\n".join(texts), index.subjects))
    return [c for c in unique_codes(answer_text, index.subjects) if c not in supported]


def score_answers(answerer: "Answerer", questions: list[TestQuestion], progress=None) -> list[AnswerScore]:
    """Ask each question once through ``Answerer.ask`` and score the answer."""
    scores = []
    for q in questions:
        start = time.perf_counter()
        a = answerer.ask(q.question)
        ms = (time.perf_counter() - start) * 1000
        correct, verdict_ok, missing, problems = score_answer(q, a.answer, a.declined)
        scores.append(AnswerScore(q.id, q.category, q.extra.get("split", "-"), correct, verdict_ok, missing,
                                  a.declined, a.answered_by, a.tokens.get("llm_calls", 0),
                                  a.tokens.get("prompt", 0) + a.tokens.get("completion", 0), ms, a.answer, problems,
                                  [] if a.declined else ungrounded_codes(answerer, q.question, a.answer, a.citations),
                                  q.extra.get("expected_verdict") == "no" and says_yes(a.answer)))
        if progress:
            progress(q, "answers")
    return scores


def summarize_answers(scores: list[AnswerScore]) -> dict:
    """Per category and split: share correct, who answered, model calls and latency."""
    out: dict = {}
    for (cat, split) in sorted({(s.category, s.split) for s in scores}):
        rows = [s for s in scores if s.category == cat and s.split == split]
        out[f"{cat}/{split}"] = {
            "n": len(rows), "correct": statistics.fmean(s.correct for s in rows),
            "by_facts": sum(s.answered_by == "facts" for s in rows),
            "llm_called": sum(s.llm_calls > 0 for s in rows),
            "model_text_kept": sum(s.answered_by == "model" for s in rows),
            "model_tokens": sum(s.tokens for s in rows),
            "model_ms_p50": percentile([s.ms for s in rows if s.llm_calls], 0.5),
            "p50_ms": percentile([s.ms for s in rows], 0.5)}
    facts_ms = [s.ms for s in scores if s.answered_by == "facts"]
    out["_overall"] = {
        "n": len(scores), "correct": statistics.fmean(s.correct for s in scores) if scores else 0.0,
        "llm_called_share": statistics.fmean(s.llm_calls > 0 for s in scores) if scores else 0.0,
        "facts_p50_ms": percentile(facts_ms, 0.5) if facts_ms else None,
        "facts_p95_ms": percentile(facts_ms, 0.95) if facts_ms else None,
        "model_text_kept": sum(s.answered_by == "model" for s in scores),
        "ungrounded_answers": sum(bool(s.ungrounded) for s in scores),
        "wrong_yes": sum(s.wrong_yes for s in scores),
        "answered_by": {k: sum(s.answered_by == k for s in scores) for k in ("facts", "model", "extractive",
                                                                              "decline")}}
    return out


def answers_markdown(summary: dict) -> str:
    lines = ["## Answers (asked once through `ubcal ask`'s path)", "",
             "| category/split | n | correct | by facts | model called | model text kept | model tokens | "
             "p50 ms (model-called) | p50 ms |",
             "|---|---|---|---|---|---|---|---|---|"]
    for key, s in summary.items():
        if key.startswith("_"):
            continue
        lines.append(f"| {key} | {s['n']} | {s['correct']:.2f} | {s['by_facts']} | {s['llm_called']} | "
                     f"{s['model_text_kept']} | {s['model_tokens']} | {s['model_ms_p50']:.0f} | {s['p50_ms']:.0f} |")
    o = summary["_overall"]
    lines += ["", f"Overall: {o['n']} questions, correct {o['correct']:.2f}; the model was called on "
              f"{o['llm_called_share']:.0%} of them and its text was kept on {o['model_text_kept']}; "
              f"{o['ungrounded_answers']} answers name a code no cited section holds; {o['wrong_yes']} say "
              f"\"Yes\" where the calendar says no; answered by "
              f"{o['answered_by']}; facts answers p50 {o['facts_p50_ms'] or 0:.1f} ms, "
              f"p95 {o['facts_p95_ms'] or 0:.1f} ms."]
    return "\n".join(lines) + "\n"

"""Run every system on every question, score retrieval and answers, and write the report.

Ranking metrics are computed at the same k for every system. The agent
returns more excerpts than one retrieval, so its lists are cut at k like the
others, and a control system (``hybrid_at_agent_depth``) retrieves the agent's
merged count in one shot, so the agent's gain can be told apart from depth.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

from rag.answer import Answerer, AskRequest
from rag.answer.pipeline import Retrieval
from rag.evaluation.metrics import mrr, ndcg_at, percentile, recall_at, relevance
from rag.evaluation.systems import Systems
from rag.evaluation.testset import TestQuestion
from rag.understand import Question

DEFAULT_KS = (5, 10)


@dataclass
class QuestionResult:
    system: str
    qid: str
    category: str
    answerable: bool
    ranked: list[tuple[str, str]]
    metrics: dict[str, float]
    route: str
    route_correct: bool
    answer: str = ""
    contains_ok: bool | None = None
    declined: bool | None = None
    guard_replaced: bool | None = None
    ungrounded: bool | None = None
    llm_calls: int = 0
    tokens: int = 0
    retrieval_ms: float = 0.0
    total_ms: float = 0.0
    notes: dict = field(default_factory=dict)


def _contains(answer: str, needles: list[str]) -> bool:
    low = answer.lower()
    return all(n.lower() in low for n in needles)


def evaluate(answerer: Answerer, questions: list[TestQuestion], systems: list[str], ks: tuple[int, ...],
             answer_systems: set[str] | None = None, progress=None) -> list[QuestionResult]:
    """``answer_systems``: systems whose answers are generated and scored (None = all)."""
    registry = Systems(answerer)
    unknown = [s for s in systems if s not in registry.names]
    if unknown:
        raise ValueError(f"unknown systems: {', '.join(unknown)} (choose from {', '.join(registry.names)})")
    depth = max(ks)
    results = []
    for q in questions:
        question = answerer.understand(q.question)  # read once; every system and the answering use it
        agent_run, agent_depth = None, None
        if "hybrid_at_agent_depth" in systems:  # the control needs the agent's merged count first
            agent_run = registry.run("agent", question, depth)
            agent_depth = agent_run.notes["merged"]
        for name in systems:
            if name == "agent" and agent_run is not None:
                run = agent_run
            else:
                run = registry.run(name, question, depth, agent_depth)
            ranked = [(h.url, h.anchor) for h in run.hits]
            rel = relevance(ranked, q.gold)
            metrics: dict[str, float] = {}
            if q.answerable:
                for k in ks:
                    metrics[f"recall@{k}"] = recall_at(rel, len(q.gold), k)
                    metrics[f"ndcg@{k}"] = ndcg_at(rel, len(q.gold), k)
                metrics["mrr"] = mrr(rel, depth)
                if name == "hybrid_at_agent_depth" or name == "agent":
                    metrics["recall@agent_depth"] = recall_at(rel, len(q.gold), agent_depth or len(rel))
            result = QuestionResult(
                system=name, qid=q.id, category=q.category, answerable=q.answerable, ranked=ranked[:depth],
                metrics=metrics, route=run.route.path, route_correct=run.route.path == q.expected_route,
                llm_calls=run.llm_calls, tokens=run.prompt_tokens + run.completion_tokens,
                retrieval_ms=run.seconds * 1000, notes=run.notes)
            if answer_systems is None or name in answer_systems:
                _answer(answerer, (q, question), run, result)
            result.total_ms = result.retrieval_ms + result.notes.pop("answer_ms", 0.0)
            results.append(result)
            if progress:
                progress(q, name)
    return results


def _answer(answerer: Answerer, asked: tuple[TestQuestion, Question], run, result: QuestionResult) -> None:
    """Answer from the system's own excerpts with the pipeline's own facts-generate-guard stages."""
    from rag.index.codes import unique_codes

    q, question = asked
    cap = answerer.settings.synth_context_k if run.route.path == "complex" else answerer.settings.top_k
    start = time.perf_counter()
    answering = answerer.start(AskRequest(q.question))
    answering.route = run.route
    retrieval = Retrieval(run.hits[:cap], run.notes.get("subquestions", []), run.notes.get("decomposition", "none"))
    a = answerer.respond(question, retrieval, answering)
    tokens = answering.tokens
    result.notes["answer_ms"] = (time.perf_counter() - start) * 1000
    result.answer = a.answer
    result.declined = a.declined
    result.guard_replaced = a.guard["replaced"]
    result.contains_ok = _contains(a.answer, q.answer_contains) if q.answerable and not a.declined else None
    result.llm_calls += tokens["llm_calls"]
    result.tokens += tokens["prompt"] + tokens["completion"]
    chunks, row_of = answerer.index.chunks, answerer.index.row_of
    cited_ids = [a.excerpts[c["n"] - 1]["chunk_id"] for c in a.citations]
    cited_rows = sorted({row_of[cid] for cid in cited_ids if cid in row_of})
    cited_text = " ".join(f"{chunks['context_header'][i]} {chunks['text'][i]}" for i in cited_rows)
    subjects = answerer.index.subjects
    named = set(unique_codes(a.answer, subjects))
    result.ungrounded = bool(named - set(unique_codes(cited_text, subjects))) if not a.declined else False


def summarize(results: list[QuestionResult], ks: tuple[int, ...]) -> dict:
    """Per system: overall and per-category means, answer rates, cost and latency."""
    summary: dict[str, dict] = {}
    for system in dict.fromkeys(r.system for r in results):
        rows = [r for r in results if r.system == system]
        answerable = [r for r in rows if r.answerable]
        unanswerable = [r for r in rows if not r.answerable]
        keys = [f"recall@{k}" for k in ks] + [f"ndcg@{k}" for k in ks] + ["mrr"]
        s: dict = {m: statistics.fmean(r.metrics[m] for r in answerable) if answerable else 0.0 for m in keys}
        if any("recall@agent_depth" in r.metrics for r in answerable):
            s["recall@agent_depth"] = statistics.fmean(r.metrics.get("recall@agent_depth", 0.0) for r in answerable)
        s["categories"] = {}
        for cat in sorted({r.category for r in rows}):
            cat_rows = [r for r in answerable if r.category == cat]
            if cat_rows:
                s["categories"][cat] = {m: statistics.fmean(r.metrics[m] for r in cat_rows) for m in keys}
                s["categories"][cat]["n"] = len(cat_rows)
        s["route_accuracy"] = statistics.fmean(r.route_correct for r in rows)
        answered = [r for r in rows if r.declined is not None]
        if answered:
            with_contains = [r for r in answerable if r.contains_ok is not None]
            s["answer_contains_rate"] = (statistics.fmean(r.contains_ok for r in with_contains)
                                         if with_contains else 0.0)
            s["answer_contains_rate_all"] = statistics.fmean(bool(r.contains_ok) for r in answerable) if answerable else 0.0
            s["decline_accuracy"] = (statistics.fmean(bool(r.declined) for r in unanswerable)
                                     if unanswerable else None)
            s["false_declines"] = sum(bool(r.declined) for r in answerable)
            s["guard_replaced"] = sum(bool(r.guard_replaced) for r in answered)
            s["ungrounded_answers"] = sum(bool(r.ungrounded) for r in answered)
        s["llm_calls_per_q"] = statistics.fmean(r.llm_calls for r in rows)
        s["tokens_per_q"] = statistics.fmean(r.tokens for r in rows)
        s["latency_p50_ms"] = percentile([r.total_ms for r in rows], 0.5)
        s["latency_p95_ms"] = percentile([r.total_ms for r in rows], 0.95)
        s["n"] = len(rows)
        summary[system] = s
    return summary


def git_commit() -> str:
    """The commit the evaluated code came from, ``-dirty`` when tracked files differ from it.

    Read before the run starts, so a commit made while a long run is going
    does not get the credit for numbers it did not produce.
    """
    root = Path(__file__).resolve().parents[2]
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                              cwd=root).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], capture_output=True,
                               text=True, cwd=root).stdout.strip()
    except OSError:
        return "unknown"
    return (head + ("-dirty" if dirty else "")) if head else "unknown"


def write_results(out: Path, results: list[QuestionResult], summary: dict, meta: dict) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with open(out / "results.json", "w", encoding="utf-8") as fh:
        json.dump({"meta": meta, "summary": summary, "questions": [r.__dict__ for r in results]}, fh, indent=1,
                  ensure_ascii=False, default=str)

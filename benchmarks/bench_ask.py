"""Answering benchmark on the real 2026/27 snapshot: prints figures, asserts nothing.

Builds the real index into a temp store (or uses --store), then measures in one
run: warm hybrid retrieval p50/p95, warm `ask` on the simple and the complex
path with the embedded GGUF, cold `ubcal ask` from process start, and peak
memory of a cold `ubcal ask` process.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
DEFAULT_SNAPSHOT = ROOT.parent / "shared" / "calendar" / "snapshot-2026-27"
PARAPHRASES = [
    "introductory course on data structures and algorithms",
    "which course teaches organic chemistry lab techniques",
    "a first-year calculus course for science students",
    "course about international trade and tariffs",
    "graduate seminar in law and justice",
    "how many credits are electives in year 4 of computer science",
    "first year requirements for electrical engineering",
    "course on marine ecology and ocean life",
]


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--snapshot", type=Path, default=DEFAULT_SNAPSHOT)
    parser.add_argument("--store", type=Path, help="an already built store of the real snapshot")
    parser.add_argument("--questions", type=int, default=20, help="questions per path")
    args = parser.parse_args()
    if not args.snapshot.is_dir() and not args.store:
        print(f"SKIP: real snapshot not found at {args.snapshot}")
        return
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    with tempfile.TemporaryDirectory(prefix="ubcal-bench-ask-") as tmp:
        store = args.store
        if store is None:
            from pipelines.run_build import run_build

            store = Path(tmp) / "store"
            outcome = run_build(str(args.snapshot), str(store))
            if not outcome.success:
                raise SystemExit(f"build failed: {outcome.failure}")
        run(store, args.questions)


def run(store: Path, n: int) -> None:
    from rag.answer import Answerer
    from rag.index.config import Settings

    settings = Settings.from_env(store=store)
    start = time.perf_counter()
    answerer = Answerer(settings)
    answerer.embedder.model  # noqa: B018 - load now, so "warm" below means warm
    answerer.llm.llama  # noqa: B018
    load_s = time.perf_counter() - start
    rng = random.Random(7)
    codes = rng.sample(sorted(answerer.index.known_courses), 2 * n)
    retrieval_queries = [f"What are the prerequisites for {c}?" for c in codes[:n]] + PARAPHRASES
    answerer.retriever.retrieve(answerer.retriever.query_for_text("warm up"), 5)
    retrieval_ms = []
    for q in retrieval_queries:
        t = time.perf_counter()
        answerer.retriever.retrieve(answerer.retriever.query_for_text(q), 5, "hybrid")
        retrieval_ms.append((time.perf_counter() - t) * 1000)
    parts = retrieval_breakdown(answerer, retrieval_queries)

    fact_ms, understand_ms, by = fact_answers(answerer, codes, rng)

    simple_ms, complex_ms, replaced, subq_sources = [], [], 0, {}
    for code in codes[:n]:
        t = time.perf_counter()
        a = answerer.ask(f"What are the prerequisites for {code}?")
        simple_ms.append((time.perf_counter() - t) * 1000)
        replaced += a.guard["replaced"]
    for a_code, b_code in zip(codes[:n], codes[n:]):
        t = time.perf_counter()
        a = answerer.ask(f"Compare the prerequisites of {a_code} and {b_code}")
        complex_ms.append((time.perf_counter() - t) * 1000)
        subq_sources[a.decomposition] = subq_sources.get(a.decomposition, 0) + 1
    warm_rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024

    cold_s = []
    for code in codes[:3]:
        t = time.perf_counter()
        subprocess.run([sys.executable, "-m", "rag.cli", "ask", f"How many credits is {code}?", "--json",
                        "--store", str(store)], check=True, capture_output=True, cwd=ROOT)
        cold_s.append(time.perf_counter() - t)
    cold_rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    # answered without the model: a code the calendar lacks is declined before retrieval and generation
    cold_nomodel_s = []
    for _ in range(3):
        t = time.perf_counter()
        subprocess.run([sys.executable, "-m", "rag.cli", "ask", "What are the prerequisites for ZZZZ 999?",
                        "--json", "--store", str(store)], check=True, capture_output=True, cwd=ROOT)
        cold_nomodel_s.append(time.perf_counter() - t)

    print("## Answering on the real snapshot (one run)")
    print(f"open index + load embedder + load GGUF: {load_s:.2f} s (index verify+load "
          f"{answerer.index.load_seconds * 1000:.0f} ms)")
    print(f"hybrid retrieval, warm, {len(retrieval_ms)} queries: p50 {statistics.median(retrieval_ms):.1f} ms, "
          f"p95 {pct(retrieval_ms, 0.95):.1f} ms")
    print("  where the time goes (p50 per query): " + ", ".join(f"{k} {v:.2f} ms" for k, v in parts.items()))
    print(f"fact answers, warm, {len(fact_ms)} questions of {len(FACT_TEMPLATES)} kinds (understanding included): "
          f"p50 {statistics.median(fact_ms):.1f} ms, p95 {pct(fact_ms, 0.95):.1f} ms; the understand step alone "
          f"p50 {statistics.median(understand_ms):.1f} ms; answered by {by}")
    print(f"ask simple path, warm, {len(simple_ms)} questions: p50 {statistics.median(simple_ms):.0f} ms, "
          f"p95 {pct(simple_ms, 0.95):.0f} ms (guard replaced the model's answer in {replaced}/{len(simple_ms)})")
    print(f"ask complex path, warm, {len(complex_ms)} questions: p50 {statistics.median(complex_ms):.0f} ms, "
          f"p95 {pct(complex_ms, 0.95):.0f} ms (decomposition: {subq_sources})")
    print(f"cold `ubcal ask` from process start: {', '.join(f'{s:.1f}' for s in cold_s)} s")
    print(f"cold `ubcal ask` answered without the model (unknown code, declined): "
          f"{', '.join(f'{s:.2f}' for s in cold_nomodel_s)} s")
    print(f"peak RSS: warm benchmark process {warm_rss:.0f} MB; cold `ubcal ask` process {cold_rss:.0f} MB")


FACT_TEMPLATES = [
    "prereqs for {a}?", "how many credits is {a}", "can I take {a} if I have {b}?", "do I need {b} for {a}?",
    "how many credits are {a} and {b} together", "can I get credit for both {a} and {b}?",
    "I failed {b}, can I still take {a}?", "what can I take after {b}?",
]


def fact_answers(answerer, codes: list[str], rng: random.Random) -> tuple[list[float], list[float], dict]:
    """Warm answers from calendar facts, in many phrasings: total time and the understanding step."""
    total, understand, by = [], [], {}
    answerer.ask(FACT_TEMPLATES[0].format(a=codes[0], b=codes[1]))  # warm: classifier, facts tables
    for i in range(len(codes) // 2):
        template = FACT_TEMPLATES[i % len(FACT_TEMPLATES)]
        a = answerer.ask(template.format(a=codes[2 * i], b=codes[2 * i + 1]))
        by[a.answered_by] = by.get(a.answered_by, 0) + 1
        if a.answered_by in ("facts", "decline"):
            total.append(a.timings_ms["total"])
            understand.append(a.timings_ms["understand"])
    return total, understand, by


def retrieval_breakdown(answerer, queries: list[str]) -> dict[str, float]:
    """p50 of each part of a hybrid retrieval: query embedding, BM25, FAISS, and the rest (fusion, pins, hits)."""
    retriever, index = answerer.retriever, answerer.index
    timings: dict[str, list[float]] = {"query embedding": [], "bm25": [], "faiss search": [], "fusion + rest": []}
    for q in queries:
        t0 = time.perf_counter()
        vector = answerer.embedder.encode_queries([q])
        t1 = time.perf_counter()
        retriever.searcher.bm25_ranking(q, 100)
        t2 = time.perf_counter()
        index.faiss_index.search(vector, 100)
        t3 = time.perf_counter()
        retriever.retrieve(retriever.query_for_text(q), 5, "hybrid")
        t4 = time.perf_counter()
        timings["query embedding"].append((t1 - t0) * 1000)
        timings["bm25"].append((t2 - t1) * 1000)
        timings["faiss search"].append((t3 - t2) * 1000)
        timings["fusion + rest"].append(max(0.0, (t4 - t3) - (t3 - t0)) * 1000)
    return {k: statistics.median(v) for k, v in timings.items()}


if __name__ == "__main__":
    main()

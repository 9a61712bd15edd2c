"""Answering benchmark on the real 2026/27 snapshot: prints figures, asserts nothing.

Builds the real index into a temp store (or uses --store), then measures in one
run: warm hybrid retrieval p50/p95, warm `ask` on the simple and the complex
path with the embedded GGUF, cold `ubcal ask` from process start, and peak
memory of a cold `ubcal ask` process.

``--model-path`` measures instead the questions of the real eval set
(data/eval/real-2026-27.jsonl) that reach the model (a ``generate`` step), under
several model settings ("arms") in one process and one run, interleaved question by
question (A B, B A, ...) so the machine's load falls on every arm alike. Per arm:
prompt tokens/s (llama.cpp's own prompt-eval counters), the warm answer's p50/p95
(whole ``ask``) and the model call's p50/p95, prompt tokens, and how often the guard
kept the model's answer. The default arms are

    before: Q4_1 as shipped, excerpts uncapped, URLs in the excerpt headers, threads = all cores
    after:  the configured defaults (UBCAL_LLM_QUANT, UBCAL_LLM_EXCERPT_TOKENS, UBCAL_LLM_THREADS)

and ``--arm name=QUANT,EXCERPT_TOKENS,THREADS[,url]`` (repeatable) replaces them.
``--contend`` runs one busy-looping process beside it (a shared core).

    .venv/bin/python benchmarks/bench_ask.py --store /tmp/llm-store --model-path
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
from benchmarks.bench_llm import cpu_pressure  # noqa: E402 - one PSI reader for both benchmarks

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
    parser.add_argument("--model-path", action="store_true",
                        help="compare model settings on the real set's questions that reach the model")
    parser.add_argument("--arm", action="append", default=[], metavar="NAME=QUANT,EXCERPT_TOKENS,THREADS[,url]",
                        help="a model setting to compare (repeatable; default: before and after)")
    parser.add_argument("--limit", type=int, default=40, help="most model-path questions measured (seeded sample)")
    parser.add_argument("--reps", type=int, default=5, help="passes over the model-path questions (the real set has few)")
    parser.add_argument("--contend", action="store_true", help="run one busy-looping process beside it")
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
        if args.model_path:
            model_path(store, args.arm, (args.limit, args.reps), args.contend)
        else:
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
    chain_ms, chain_by, chain_depths = chain_answers(answerer, rng, n)

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
    print(f"chain answers, warm, {len(chain_ms)} questions, chains {min(chain_depths)}-{max(chain_depths)} steps "
          f"deep (understanding included): p50 {statistics.median(chain_ms):.1f} ms, p95 {pct(chain_ms, 0.95):.1f} ms;"
          f" answered as {chain_by}")
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


CHAIN_TEMPLATES = ["starting from nothing, every course I need before {a}?", "what's the whole chain of courses to {a}",
                   "I have {b} done, what is left before {a}?"]


def chain_answers(answerer, rng: random.Random, n: int) -> tuple[list[float], dict, list[int]]:
    """Warm whole-chain answers for courses whose chain is two to four steps deep (the target's own step
    excluded), in three phrasings, one with a course of the chain already done."""
    from rag.answer.chain import ChainPlanner

    facts = answerer.index.facts
    picks: list[tuple[str, str, int]] = []
    for code in rng.sample(sorted(facts.courses), len(facts.courses)):
        plan = ChainPlanner(facts, set()).plan(code)
        depth = max((s.step for s in plan.to_take), default=0)
        if 2 <= depth <= 4:
            picks.append((code, plan.to_take[0].code, depth))
        if len(picks) >= 3 * n:
            break
    answerer.ask(CHAIN_TEMPLATES[0].format(a=picks[0][0], b=picks[0][1]))  # warm
    total, by = [], {}
    for i, (code, first, _) in enumerate(picks):
        a = answerer.ask(CHAIN_TEMPLATES[i % len(CHAIN_TEMPLATES)].format(a=code, b=first))
        kind = a.understood.get("intent", "?") if a.answered_by == "facts" else a.answered_by
        by[kind] = by.get(kind, 0) + 1
        if a.answered_by == "facts":
            total.append(a.timings_ms["total"])
    return total, by, [d for _, _, d in picks]


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


DEFAULT_ARMS = ["before=source,0,0,url", "after=,,"]
REAL_SET = ROOT / "data" / "eval" / "real-2026-27.jsonl"


def parse_arm(spec: str) -> tuple[str, dict, bool]:
    """``name=QUANT,EXCERPT_TOKENS,THREADS[,url]``; an empty field keeps the configured value."""
    name, _, rest = spec.partition("=")
    fields = rest.split(",")
    if len(fields) < 3 or not name:
        raise SystemExit(f"--arm {spec!r}: expected name=QUANT,EXCERPT_TOKENS,THREADS[,url]")
    overrides: dict = {}
    for key, value in zip(("llm_quant", "llm_excerpt_tokens", "llm_threads"), fields[:3]):
        if value:
            overrides[key] = value
    return name, overrides, fields[3:4] == ["url"]


def model_path(store: Path, arm_specs: list[str], limit_reps: tuple[int, int], contend: bool) -> None:
    """Answers to the real set's model-path questions under each arm, interleaved; prints figures.

    Each pass asks the questions in order, so an arm never meets the same prompt twice in a row: its
    llama.cpp context then reuses only the shared system-prompt prefix, as between real questions."""
    import json

    import llama_cpp

    from rag.answer import Answerer
    from rag.index.config import Settings

    arms = []
    for spec in arm_specs or DEFAULT_ARMS:
        name, overrides, url = parse_arm(spec)
        shared = {"index": arms[0]["answerer"].index, "embedder": arms[0]["answerer"].embedder} if arms else {}
        answerer = Answerer(Settings.from_env(store=store, **overrides), **shared)
        if url:  # the prompt as it was before issue 17 part 5: "[n] title (url)"
            answerer._prompt_title = lambda h: f"{h.title} ({h.citation})"  # noqa: SLF001
        t = time.perf_counter()
        answerer.llm.llama  # noqa: B018 - quantize (first time) and load now
        settings = answerer.settings
        arms.append({"name": name, "answerer": answerer, "load_s": time.perf_counter() - t,
                     "desc": f"{answerer.llm.model_id}, excerpt tokens {settings.llm_excerpt_tokens or 'uncapped'}, "
                             f"threads {settings.llm_threads or os.cpu_count()}{', URLs' if url else ''}",
                     "runs": []})
    questions = [json.loads(line)["question"] for line in REAL_SET.read_text().splitlines() if line.strip()]
    probe = arms[-1]["answerer"]
    print(f"## Model path on the real set ({len(questions)} questions; load average "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())} at start)")
    t = time.perf_counter()
    reach = [q for q in questions if "generate" in probe.ask(q).trace.steps()]  # also warms every arm's caches
    print(f"{len(reach)} of {len(questions)} reach the model (found with arm {arms[-1]['name']} in "
          f"{time.perf_counter() - t:.0f} s)")
    limit, reps = limit_reps
    if len(reach) > limit:
        reach = random.Random(7).sample(reach, limit)
    if not reach:
        raise SystemExit("no question of the real set reaches the model")
    for arm in arms[:-1]:
        arm["answerer"].ask(reach[0])  # warm
    contender = subprocess.Popen([sys.executable, "-c", "while True: pass"]) if contend else None
    psi0, t0, load = cpu_pressure(), time.perf_counter(), []
    try:
        for i, q in enumerate(reach * max(1, reps)):
            for arm in (arms if i % 2 == 0 else arms[::-1]):
                llama = arm["answerer"].llm.llama
                if len(reach) == 1:
                    llama.reset()  # the same prompt again would be answered from the cached context
                llama_cpp.llama_perf_context_reset(llama._ctx.ctx)  # noqa: SLF001
                start = time.perf_counter()
                a = arm["answerer"].ask(q)
                total = (time.perf_counter() - start) * 1000
                perf = llama_cpp.llama_perf_context(llama._ctx.ctx)  # noqa: SLF001
                gen = [e for e in a.trace.events if e["step"] == "generate"]
                arm["runs"].append({"ms": total, "model_ms": sum(e["ms"] for e in gen),
                                    "prompt_tokens": sum(e["prompt_tokens"] for e in gen),
                                    "pp_tokens": perf.n_p_eval, "pp_ms": perf.t_p_eval_ms,
                                    "tg_tokens": perf.n_eval, "tg_ms": perf.t_eval_ms, "by": a.answered_by})
            load.append(os.getloadavg()[0])
    finally:
        if contender:
            contender.kill()
            contender.wait()
    seconds = time.perf_counter() - t0
    psi1 = cpu_pressure()
    busy = f"; CPU pressure {100 * (psi1 - psi0) / 1e6 / seconds:.0f}%" if psi0 is not None and psi1 is not None else ""
    print(f"{len(reach)} questions x {max(1, reps)} passes x {len(arms)} arms, interleaved, in {seconds:.0f} s; 1-min load average "
          f"{min(load):.2f}-{max(load):.2f}{busy}{'; with a busy process beside it' if contend else ''}")
    head = (f"{'arm':<10}{'pp tok/s':>9}{'tg tok/s':>9}{'prompt tok p50':>15}{'answer p50':>11}{'p95':>8}"
            f"{'model p50':>10}{'p95':>8}{'model kept':>11}")
    print(head)
    print("-" * len(head))
    for arm in arms:
        r = arm["runs"]
        pp = sum(x["pp_tokens"] for x in r) / max(1e-9, sum(x["pp_ms"] for x in r) / 1000)
        tg = sum(x["tg_tokens"] for x in r) / max(1e-9, sum(x["tg_ms"] for x in r) / 1000)
        ms, model = [x["ms"] for x in r], [x["model_ms"] for x in r]
        kept = sum(x["by"] == "model" for x in r)
        arm["pp"], arm["p50"] = pp, statistics.median(ms)
        print(f"{arm['name']:<10}{pp:>9.0f}{tg:>9.1f}{statistics.median([x['prompt_tokens'] for x in r]):>15.0f}"
              f"{statistics.median(ms) / 1000:>10.2f}s{pct(ms, 0.95) / 1000:>7.2f}s"
              f"{statistics.median(model) / 1000:>9.2f}s{pct(model, 0.95) / 1000:>7.2f}s{kept:>6}/{len(r)}")
    for arm in arms:
        print(f"  {arm['name']}: {arm['desc']} (loaded in {arm['load_s']:.1f} s)")
    base = arms[0]
    for arm in arms[1:]:
        print(f"{arm['name']} vs {base['name']}: prompt tokens/s x{arm['pp'] / base['pp']:.2f}, "
              f"answer p50 x{base['p50'] / arm['p50']:.2f} faster")


if __name__ == "__main__":
    main()

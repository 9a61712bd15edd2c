"""Load test of `ubcal serve` on loopback: prints figures, asserts nothing.

Builds the real 2026/27 snapshot into a temp store (or uses --store), starts
`ubcal serve` on 127.0.0.1, then:

1. warm, one request at a time: time to the first streamed event, and questions
   answered without the model over HTTP (p50/p95);
2. under load: --clients concurrent clients for --seconds (--model-clients of them ask
   model questions only, the rest mix fact questions, streamed asks, version lists
   and diffs; each waits for its answer before asking again, and requests still
   running at the end are waited for; a warm-up burst at the same concurrency
   comes first, so the start RSS includes the worker threads). Part-way through, a one-page change
   of the snapshot (a temp copy) is built and published, so CURRENT changes under
   load (the load goes on at least --after-publish seconds after it, so answers from
   the new version are part of it), and then `ubcal gc --keep 1` runs (right after the publish, 5 s later, and
   once more when the load has drained and the server has let go of the old version). Every request's status is recorded: errors
   (target 0), p50/p95 per kind, which versions answered, and the server's RSS
   at the start and end of the load (target growth < 10%).

The load is bounded in time and sends traffic to 127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
DEFAULT_SNAPSHOT = ROOT.parent / "shared" / "calendar" / "snapshot-2026-27"
HOST = "vancouver.calendar.ubc.ca"


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))] if values else float("nan")


def ubcal(*args: str, store: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "rag.cli", *args, "--store", str(store)], cwd=ROOT, env=env,
                          capture_output=True, text=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--snapshot", type=Path, default=DEFAULT_SNAPSHOT)
    parser.add_argument("--store", type=Path, help="an already built store of the real snapshot (left as found "
                                                   "except for the published one-page change and gc)")
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--model-clients", type=int, default=4, help="clients that ask only model questions")
    parser.add_argument("--publish-at", type=float, default=5.0, help="seconds into the load")
    parser.add_argument("--after-publish", type=float, default=20.0,
                        help="keep the load on at least this long after the publish (a slow build extends it)")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args()
    if not (args.snapshot / HOST).is_dir():
        print(f"SKIP: real snapshot not found at {args.snapshot}")
        return
    with tempfile.TemporaryDirectory(prefix="ubcal-bench-serve-") as tmp:
        tmp = Path(tmp)
        store = args.store
        if store is None:
            store = tmp / "store"
            t = time.perf_counter()
            built = ubcal("build", "--source", str(args.snapshot), "--json", store=store)
            if built.returncode:
                raise SystemExit(f"build failed: {built.stderr[-2000:]}")
            print(f"built the real snapshot in {time.perf_counter() - t:.1f} s")
        changed = tmp / "calendar"
        shutil.copytree(args.snapshot, changed)
        page = next(p for p in sorted((changed / HOST / "faculties-colleges-and-schools").rglob("*.html"))
                    if "</main>" in p.read_text(errors="replace"))  # a program page: one page changes
        page.write_text(page.read_text().replace("</main>", "<p>Load-test edit: a sentence added.</p></main>", 1))
        figures = run(store, changed, args, tmp)
    print(json.dumps(figures, indent=2))
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2))


def run(store: Path, changed_source: Path, args, tmp: Path) -> dict:
    import httpx
    import psutil

    from rag.serve.launch import ServerProcess
    from rag.index.store import StoreLayout

    layout = StoreLayout(store)
    with ServerProcess(store, log=tmp / "server.log", env={"UBCAL_SERVE_POLL_SECONDS": "0.5"}) as server:
        proc = psutil.Process(server.pid)
        client = httpx.Client(base_url=server.url, timeout=300)
        known = sorted(_known_courses(layout))
        rng = random.Random(11)
        start_version = client.get("/api/health").json()["serving"]
        for _ in range(3):  # warm every path once
            client.post("/api/ask", json={"question": "What are the prerequisites for CPSC 999?"})
        client.post("/api/ask", json={"question": f"What are the prerequisites for {known[0]}?"})
        figures: dict = {"server_start_version": start_version, "warm": warm_figures(client, known, rng)}
        rss_before_burst = proc.memory_info().rss
        burst(server.url, args.clients)
        rss_start = proc.memory_info().rss
        load = asyncio.run(load_test(server.url, known, changed_source, store, args, proc))
        time.sleep(2 * 0.5)  # two watcher polls: the closed old version's memory is handed back
        rss_end = proc.memory_info().rss
        figures["load"] = load
        samples = load.pop("rss_samples")
        figures["rss_mb"] = {"before_concurrent_warm_up": round(rss_before_burst / 2**20, 1),
                             "start": round(rss_start / 2**20, 1), "end": round(rss_end / 2**20, 1),
                             "at_10s": round(samples[min(10, len(samples) - 1)] / 2**20, 1),
                             "max": round(max(samples) / 2**20, 1),
                             "growth_pct": round(100 * (rss_end - rss_start) / rss_start, 1)}
        figures["health_after"] = {k: v for k, v in client.get("/api/health").json().items()
                                   if k in ("status", "serving", "problem", "switches", "answered", "failed",
                                            "open_versions")}
    return figures


def burst(url: str, clients: int) -> None:
    """Warm-up at the load's concurrency, before the start RSS is taken: the worker threads, their
    stacks and heaps exist from then on, so growth over the load means memory kept, not threads made."""
    import httpx

    async def one(http, i):
        await http.post("/api/ask", json={"question": f"What are the prerequisites for XYZW {600 + i}?"})
        await http.get("/api/versions")

    async def run():
        async with httpx.AsyncClient(base_url=url, timeout=120) as http:
            for _ in range(3):
                await asyncio.gather(*(one(http, i) for i in range(clients)))

    asyncio.run(run())


def _known_courses(layout) -> set[str]:
    import pyarrow.parquet as pq

    folder = layout.version_dir(layout.current_id())
    return {c for c in pq.read_table(folder / "chunks.parquet", columns=["course_code"])["course_code"].to_pylist() if c}


def fact_question(known: list[str], rng: random.Random) -> str:
    """Questions a deterministic path can answer: an unknown course, or a named course's facts."""
    if rng.random() < 0.5:
        return f"What are the prerequisites for {rng.choice(['CPSC', 'MATH', 'ZOOL', 'XYZW'])} {rng.randint(600, 999)}?"
    return f"How many credits is {rng.choice(known)}?"


def model_question(known: list[str], rng: random.Random) -> str:
    return rng.choice([f"How does the Credit/D/Fail option apply to {rng.choice(known)}?",  # no fact settles these
                       "Which course teaches organic chemistry lab techniques?",
                       "What happens if I miss a final exam for medical reasons?"])


def warm_figures(client, known: list[str], rng: random.Random) -> dict:
    first_event, no_model, model_used = [], [], 0
    for i in range(20):
        q = fact_question(known, rng)
        t = time.perf_counter()
        r = client.post("/api/ask", json={"question": q})
        ms = (time.perf_counter() - t) * 1000
        if r.json()["tokens"]["llm_calls"] == 0:
            no_model.append(ms)
        else:
            model_used += 1
    for i in range(20):
        q = fact_question(known, rng) if i % 2 else model_question(known, rng)
        t = time.perf_counter()
        with client.stream("POST", "/api/ask/stream", json={"question": q}) as r:
            for line in r.iter_lines():
                if line.startswith("data: "):
                    first_event.append((time.perf_counter() - t) * 1000)
                    break
    return {"first_event_ms": {"n": len(first_event), "p50": round(pct(first_event, .5), 1),
                               "p95": round(pct(first_event, .95), 1), "max": round(max(first_event), 1)},
            "answered_without_model_ms": {"n": len(no_model), "p50": round(pct(no_model, .5), 1),
                                          "p95": round(pct(no_model, .95), 1)},
            "fact_questions_that_used_the_model": model_used}


async def load_test(url: str, known: list[str], changed_source: Path, store: Path, args, proc) -> dict:
    import httpx

    results: list[dict] = []
    events: list[dict] = []
    rss_samples: list[int] = []
    start = time.monotonic()
    stop_at = start + args.seconds  # moved later if the publish ends too late to be seen under load
    # --model-clients ask only model questions (closed loop: at most that many queue for the model
    # from them); the others mix fact questions, streamed asks, version lists and diffs.
    weights = [("fact", 45), ("stream", 15), ("versions", 20), ("diff", 20)]
    kinds = [k for k, w in weights for _ in range(w)]

    def running() -> bool:
        return time.monotonic() < stop_at

    async def client_loop(n: int) -> None:
        rng = random.Random(n)
        async with httpx.AsyncClient(base_url=url, timeout=600) as http:
            while running():
                kind = "model" if n < args.model_clients else rng.choice(kinds)
                t = time.perf_counter()
                record = {"kind": kind, "at": round(time.monotonic() - start, 2)}
                try:
                    if kind in ("fact", "model"):
                        q = fact_question(known, rng) if kind == "fact" else model_question(known, rng)
                        r = await http.post("/api/ask", json={"question": q})
                        if r.status_code == 200:
                            body = r.json()
                            record["version"] = body["index_version"]
                            record["used_model"] = body["tokens"]["llm_calls"] > 0
                    elif kind == "stream":
                        q = fact_question(known, rng)
                        async with http.stream("POST", "/api/ask/stream", json={"question": q}) as r:
                            async for line in r.aiter_lines():
                                if line.startswith("data: ") and "first_event_ms" not in record:
                                    record["first_event_ms"] = (time.perf_counter() - t) * 1000
                                if line == "event: error":
                                    record["stream_error"] = True
                    elif kind == "versions":
                        r = await http.get("/api/versions")
                    else:
                        ids = [v["id"] for v in (await http.get("/api/versions")).json()["versions"]]
                        a, b = (ids[1], ids[0]) if len(ids) > 1 else (ids[0], ids[0])
                        r = await http.get("/api/diff", params={"a": a, "b": b})
                        if r.status_code == 404:  # gc removed one between the list and the diff: a race of
                            record["raced_gc"] = True  # the client's making, not a server failure; retried
                            ids = [v["id"] for v in (await http.get("/api/versions")).json()["versions"]]
                            r = await http.get("/api/diff", params={"a": ids[-1], "b": ids[0]})
                    record["status"] = r.status_code
                    if r.status_code != 200 or record.get("stream_error"):
                        record["error"] = r.text[:300] if kind != "stream" else "stream error event"
                except Exception as exc:  # a dropped connection is an error too
                    record["status"] = 0
                    record["error"] = f"{type(exc).__name__}: {exc}"
                record["ms"] = (time.perf_counter() - t) * 1000
                results.append(record)

    def publisher() -> None:
        time.sleep(args.publish_at)
        t = time.monotonic()
        events.append({"event": "publish_start", "at": round(t - start, 2)})
        built = ubcal("build", "--source", str(changed_source), "--json", store=store)
        outcome = json.loads(built.stdout) if built.returncode == 0 else {"error": built.stderr[-500:]}
        nonlocal stop_at
        stop_at = max(stop_at, time.monotonic() + args.after_publish)
        events.append({"event": "published", "at": round(time.monotonic() - start, 2),
                       "version": outcome.get("version_id"), "published": outcome.get("published"),
                       "error": outcome.get("error")})
        for wait in (0, 5):
            time.sleep(wait)
            gc_out = ubcal("gc", "--keep", "1", store=store)
            events.append({"event": "gc", "at": round(time.monotonic() - start, 2),
                           "output": (gc_out.stdout or gc_out.stderr).strip()})

    def sampler() -> None:
        while running():
            rss_samples.append(proc.memory_info().rss)
            time.sleep(1)

    side = [threading.Thread(target=publisher, daemon=True), threading.Thread(target=sampler, daemon=True)]
    for thread in side:
        thread.start()
    await asyncio.gather(*(client_loop(n) for n in range(args.clients)))
    for thread in side:
        thread.join(timeout=600)
    drained = time.monotonic() - start
    # every client has finished, so the server has let go of the old version: gc now removes it
    gc_out = ubcal("gc", "--keep", "1", store=store)
    events.append({"event": "gc after the load drained", "at": round(time.monotonic() - start, 2),
                   "output": (gc_out.stdout or gc_out.stderr).strip()})

    by_kind: dict[str, list[float]] = defaultdict(list)
    for r in results:
        by_kind[r["kind"]].append(r["ms"])
        if r["kind"] in ("fact", "model") and "used_model" in r:
            by_kind["answered without the model" if not r["used_model"] else "answered with the model"].append(r["ms"])
    first = [r["first_event_ms"] for r in results if "first_event_ms" in r]
    errors = [r for r in results if r.get("error")]
    return {
        "clients": args.clients, "model_clients": args.model_clients, "seconds": args.seconds,
        "load_seconds": round(stop_at - start, 1),
        "requests": len(results), "drained_s": round(drained, 1),
        "per_kind_ms": {k: {"n": len(v), "p50": round(pct(v, .5), 1), "p95": round(pct(v, .95), 1),
                            "max": round(max(v), 1)} for k, v in sorted(by_kind.items())},
        "stream_first_event_ms_under_load": {"p50": round(pct(first, .5), 1), "p95": round(pct(first, .95), 1)},
        "errors": len(errors), "error_samples": errors[:5],
        "status_counts": dict(Counter(r["status"] for r in results)),
        "answers_by_version": dict(Counter(r.get("version") for r in results if r.get("version"))),
        "diff_retried_after_gc": sum(1 for r in results if r.get("raced_gc")),
        "publish_and_gc": events, "rss_samples": rss_samples,
    }


if __name__ == "__main__":
    main()

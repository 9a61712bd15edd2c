"""Index build benchmark on the real 2026/27 snapshot: prints figures, asserts nothing.

Measures, in one process and one run (so ratios are comparable on a noisy
machine): the full build by stage, embedding throughput, an unchanged rebuild
and a one-page-change rebuild as fractions of the full build, the time to open
a published version for querying, and peak memory. The snapshot is copied to a
temp folder (never into the repository) so one page can be edited.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
DEFAULT_SNAPSHOT = ROOT.parent / "shared" / "calendar" / "snapshot-2026-27"
EDITED_PAGE = "vancouver.calendar.ubc.ca/course-descriptions/subject/cpscv.html"


def timed_build(source: Path, store: Path):
    from pipelines.run_build import run_build

    start = time.perf_counter()
    outcome = run_build(str(source), str(store))
    seconds = time.perf_counter() - start
    if not outcome.success:
        raise SystemExit(f"build failed: {outcome.failure}")
    return outcome, seconds


def cli_build_seconds(source: Path, store: Path) -> float:
    """Wall time of `ubcal build` in a fresh process: what a user or a schedule actually waits."""
    import subprocess

    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "rag.cli", "build", "--json", "--source", str(source),
                    "--store", str(store)], check=True, capture_output=True, cwd=ROOT)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--snapshot", type=Path, default=DEFAULT_SNAPSHOT)
    args = parser.parse_args()
    if not args.snapshot.is_dir():
        print(f"SKIP: real snapshot not found at {args.snapshot}")
        return
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    from rag.index_reader import open_index
    from rag.store import StoreLayout

    with tempfile.TemporaryDirectory(prefix="ubcal-bench-") as tmp:
        source = Path(tmp) / "calendar"
        shutil.copytree(args.snapshot, source)
        store = Path(tmp) / "store"

        full, full_s = timed_build(source, store)
        unchanged, unchanged_s = timed_build(source, store)
        page = source / EDITED_PAGE
        page.write_text(page.read_text().replace("Basic Algorithms and Data Structures",
                                                 "Basic Algorithms and Data Structures (edited)", 1))
        changed, changed_s = timed_build(source, store)

        # the same three builds again, each as a fresh `ubcal build` process, in a new store
        cli_store = Path(tmp) / "cli-store"
        page.write_text(page.read_text().replace(" (edited)", "", 1))
        cli_full = cli_build_seconds(source, cli_store)
        cli_unchanged = cli_build_seconds(source, cli_store)
        page.write_text(page.read_text().replace("Basic Algorithms and Data Structures",
                                                 "Basic Algorithms and Data Structures (edited)", 1))
        cli_changed = cli_build_seconds(source, cli_store)

        loads = []
        for _ in range(3):
            start = time.perf_counter()
            open_index(StoreLayout(store))
            loads.append(time.perf_counter() - start)
        peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024

    md = full.metadata
    emb = md["chunk_embeddings"]
    print("## Index build on the real snapshot (one run)")
    print(f"pages {md['calendar_sections']['pages']}, courses {md['calendar_sections']['courses']}, "
          f"program pages {md['calendar_sections']['program_pages']}, chunks {md['calendar_chunks']['chunks']}")
    print("| stage | seconds |\n|---|---|")
    for name in ("calendar_source", "calendar_sections", "calendar_chunks", "chunk_embeddings",
                 "faiss_index", "bm25_index", "index_version"):
        print(f"| {name} | {md[name]['duration_s']:.2f} |")
    print(f"| **full build (wall, incl. Dagster, model load, checks)** | **{full_s:.1f}** |")
    print(f"embedding: {emb['chunks_per_second']} chunks/s ({emb['model']})")
    print(f"unchanged rebuild: {unchanged_s:.2f} s = {unchanged_s / full_s:.1%} of full "
          f"(published new version: {unchanged.result.published})")
    print(f"one-page change: {changed_s:.2f} s = {changed_s / full_s:.1%} of full "
          f"(embedded {changed.metadata['chunk_embeddings']['embedded']}, reused "
          f"{changed.metadata['chunk_embeddings']['reused_from_cache']})")
    print(f"as fresh `ubcal build` processes: full {cli_full:.1f} s, unchanged {cli_unchanged:.2f} s "
          f"= {cli_unchanged / cli_full:.1%}, one-page change {cli_changed:.2f} s = {cli_changed / cli_full:.1%}")
    print(f"open published version (verify checksums + load): best {min(loads):.3f} s, worst {max(loads):.3f} s")
    print(f"peak RSS of the benchmark process: {peak_mb:.0f} MB")


if __name__ == "__main__":
    main()

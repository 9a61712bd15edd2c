"""Index build benchmark on the real 2026/27 snapshot: prints figures, asserts nothing.

Measures, in one process and one run (so ratios are comparable on a noisy
machine): the full build by stage, embedding throughput, an unchanged rebuild
and a one-page-change rebuild as fractions of the full build, the time to open
a published version for querying, and peak memory. Embedding backends are
compared on the same sample of real chunks in the same run: the build's ONNX
Runtime encoder against sentence-transformers (torch) fp32, interleaved so a
change in the machine's load falls on both. The snapshot is copied to a
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


def embedding_rates(store: Path, sample_size: int) -> dict:
    """chunks/s of torch fp32 and of ONNX Runtime on one random sample of the published chunks.

    Each backend embeds half the sample, then the other backend both halves, then the first the
    second half (t1 o1 o2 t2), so load that drifts during the run is shared. Models are loaded and
    warmed before timing; the ONNX export already exists in the store from the build.
    """
    import random

    import numpy as np
    import pyarrow.parquet as pq

    from assets.tables import indexed_texts
    from rag.index.config import Settings
    from rag.index.embedder import EmbedOptions, Embedder, load_embedder
    from rag.index.store import StoreLayout

    layout = StoreLayout(store)
    texts = indexed_texts(pq.read_table(layout.version_dir(layout.current_id()) / "chunks.parquet"))
    sample = random.Random(0).sample(texts, min(sample_size, len(texts)))
    halves = (sample[: len(sample) // 2], sample[len(sample) // 2:])
    settings = Settings.from_env(store=str(store))
    onnx = load_embedder(settings)
    torch_ = Embedder(onnx.model_dir, EmbedOptions(settings.embed_batch, settings.embed_threads, precision="fp32",
                                           backend="torch"))
    onnx.encode(sample[:8]), torch_.encode(sample[:8])  # load and warm both
    seconds = {"torch": 0.0, "onnx": 0.0}
    vectors: dict[str, list] = {"torch": [None, None], "onnx": [None, None]}
    for name, half in (("torch", 0), ("onnx", 0), ("onnx", 1), ("torch", 1)):
        embedder = torch_ if name == "torch" else onnx
        start = time.perf_counter()
        vectors[name][half] = embedder.encode(halves[half])
        seconds[name] += time.perf_counter() - start
    cosines = (np.concatenate(vectors["torch"]) * np.concatenate(vectors["onnx"])).sum(axis=1)
    rates = {name: len(sample) / s for name, s in seconds.items()}
    return {"chunks": len(sample), "torch_fp32": rates["torch"], "onnx_fp32": rates["onnx"],
            "ratio": rates["onnx"] / rates["torch"], "min_cosine": float(cosines.min()),
            "onnx_model": onnx.model_id, "torch_model": torch_.model_id}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--snapshot", type=Path, default=DEFAULT_SNAPSHOT)
    parser.add_argument("--rate-sample", type=int, default=600,
                        help="chunks embedded by each backend for the torch vs ONNX comparison")
    args = parser.parse_args()
    if not args.snapshot.is_dir():
        print(f"SKIP: real snapshot not found at {args.snapshot}")
        return
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    from rag.index.loader import open_index
    from rag.index.store import StoreLayout

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

        rates = embedding_rates(store, args.rate_sample)

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
    print(f"embedding backends on the same {rates['chunks']} real chunks (interleaved): torch fp32 "
          f"{rates['torch_fp32']:.1f} chunks/s, ONNX Runtime fp32 {rates['onnx_fp32']:.1f} chunks/s = "
          f"{rates['ratio']:.2f}x; lowest cosine between them {rates['min_cosine']:.7f}")
    print(f"fresh-process one-page change {cli_changed:.2f} s (target 5 s); "
          f"load average at the end {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"open published version (verify checksums + load): best {min(loads):.3f} s, worst {max(loads):.3f} s")
    print(f"peak RSS of the benchmark process: {peak_mb:.0f} MB")


if __name__ == "__main__":
    main()

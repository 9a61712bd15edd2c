"""Crawl benchmark: the real snapshot served on 127.0.0.1, crawled and built. Prints figures only.

Measures in one run: a full crawl (pages/s), a second crawl of the unchanged
site (requests answered 304 instead of a full download), and the time from one
changed page to a published version through the Dagster job, as a fraction of
the full crawl-and-build of the same site.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
DEFAULT_SNAPSHOT = ROOT.parent / "shared" / "calendar" / "snapshot-2026-27"
HOST = "vancouver.calendar.ubc.ca"
EDITED = "course-descriptions/subject/cpscv.html"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--snapshot", type=Path, default=DEFAULT_SNAPSHOT)
    parser.add_argument("--rate", type=float, default=200.0, help="request rate cap for the local server")
    args = parser.parse_args()
    if not args.snapshot.is_dir():
        print(f"SKIP: real snapshot not found at {args.snapshot}")
        return
    from assets.crawl import CrawlSettings, crawl_site
    from pipelines.run_build import run_build
    from tests.calendar_server import CalendarServer

    with tempfile.TemporaryDirectory(prefix="ubcal-bench-crawl-") as tmp:
        site = Path(tmp) / "calendar"
        shutil.copytree(args.snapshot, site)
        with CalendarServer(site / HOST) as server:
            settings = CrawlSettings(base_url=server.url, concurrency=4, rate_per_second=args.rate)
            start = time.perf_counter()
            scan, first = crawl_site(settings, Path(tmp) / "crawl-only")
            crawl_s = time.perf_counter() - start
            start = time.perf_counter()
            _, second = crawl_site(settings, Path(tmp) / "crawl-only")
            recrawl_s = time.perf_counter() - start

            os.environ.update({"UBCAL_CRAWL_URL": server.url, "UBCAL_CRAWL_RATE": str(args.rate)})
            store = Path(tmp) / "store"
            start = time.perf_counter()
            full = run_build(None, str(store))
            full_s = time.perf_counter() - start
            page = site / HOST / EDITED
            page.write_text(page.read_text().replace("Basic Algorithms and Data Structures",
                                                     "Basic Algorithms and Data Structures (edited)", 1))
            start = time.perf_counter()
            changed = run_build(None, str(store))
            changed_s = time.perf_counter() - start
        assert full.success and changed.success, (full.failure, changed.failure)
    src = changed.metadata["calendar_source"]
    print("## Crawl of the real snapshot served on 127.0.0.1 (one run)")
    print(f"full crawl: {len(scan.pages)} pages in {crawl_s:.2f} s = {len(scan.pages) / crawl_s:.0f} pages/s "
          f"({first.requested} requests, rate cap {args.rate:.0f}/s, concurrency 4)")
    print(f"second crawl, nothing changed: {recrawl_s:.2f} s; {second.not_modified} of {len(scan.pages)} pages "
          f"answered 304 Not Modified (no body), {second.downloaded} downloaded")
    print(f"full crawl + build + publish: {full_s:.1f} s")
    print(f"one changed page -> published version: {changed_s:.2f} s = {changed_s / full_s:.1%} of the full run "
          f"(downloaded {src['downloaded']}, 304s {src['not_modified_304']}, pages changed {src['pages_changed']}, "
          f"embedded {changed.metadata['chunk_embeddings']['embedded']}, "
          f"reused {changed.metadata['chunk_embeddings']['reused_from_cache']})")


if __name__ == "__main__":
    main()

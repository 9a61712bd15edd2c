"""Read a saved copy of the calendar site (``host/path.html``) into page records.

A record is the unit everything downstream is keyed on: its canonical URL is
what answers cite, and its sha256 is what incremental work compares. Files
that cannot be used are reported (never silently dropped) so the build's
metadata can list them while the rest of the calendar still builds.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

HTML_SUFFIXES = (".html", ".htm")


@dataclass(frozen=True)
class PageRecord:
    url: str
    path: str  # relative to the source root, for messages
    html: bytes
    sha256: str


@dataclass(frozen=True)
class SourceProblem:
    path: str
    reason: str

    def message(self) -> str:
        return f"{self.path}: {self.reason}"


@dataclass
class SourceScan:
    root: str
    pages: list[PageRecord]
    problems: list[SourceProblem]

    @property
    def fingerprint(self) -> str:
        return source_fingerprint(self.pages)


def source_fingerprint(pages: list[PageRecord]) -> str:
    """Hash of (url, content hash) pairs: equal for equal calendars, whatever their folder."""
    h = hashlib.sha256()
    for p in sorted(pages, key=lambda p: p.url):
        h.update(p.url.encode() + b"\0" + p.sha256.encode() + b"\n")
    return h.hexdigest()


def url_for_path(rel: Path) -> str:
    """``host/a/b.html`` -> ``https://host/a/b``; ``host/a/index.html`` -> ``https://host/a``."""
    parts = list(rel.parts)
    if len(parts) < 2:
        raise ValueError("a saved page must sit under a host folder")
    host, rest = parts[0], parts[1:]
    stem = rest[-1]
    for suffix in HTML_SUFFIXES:
        if stem.lower().endswith(suffix):
            stem = stem[: -len(suffix)]
            break
    rest[-1] = stem
    if rest[-1] == "index":
        rest = rest[:-1]
    return f"https://{host}/" + "/".join(rest)


def _problem_for_bytes(data: bytes) -> str | None:
    if not data.strip():
        return "empty file"
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as exc:
        return f"not valid UTF-8 (byte {exc.start}: {data[exc.start:exc.start + 1]!r})"
    return None


def saved_site_problem(root: Path, look_at: int = 50_000) -> str | None:
    """Why ``root`` is not a saved calendar site (``<host>/<path>.html``), naming the fix; None when it is.

    Cheap (it stops at the first page under a host folder, and after ``look_at`` entries), so
    ``ubcal build`` can say it before loading a model or Dagster. A host folder is named like a host
    (``vancouver.calendar.ubc.ca``).
    """
    root = Path(root)
    layout = "pass --source a saved site that holds a host folder, as data/sample-calendar holds vancouver.calendar.ubc.ca/"
    first: Path | None = None
    for seen, path in enumerate(root.rglob("*")):
        if seen >= look_at:
            return None  # too big to look through here: the build itself will say what it finds
        if path.suffix.lower() not in HTML_SUFFIXES or not path.is_file():
            continue
        rel = path.relative_to(root)
        hosts = [i for i, part in enumerate(rel.parts[:-1]) if "." in part]
        if hosts and hosts[0] == 0:
            return None
        if hosts:  # the host folder sits deeper: --source names a folder above the saved site
            site = root.joinpath(*rel.parts[:hosts[0]])
            return (f"no calendar pages directly in {root}: they are under {site / rel.parts[hosts[0]]}/; "
                    f"pass --source {site}")
        first = first or rel
    if first is None:
        return f"no calendar pages in {root} (it holds no .html files); {layout}"
    if "." in root.resolve().name:  # pointed into the host folder itself
        return (f"no calendar pages in {root}: it looks like the host folder itself; "
                f"pass --source {root.resolve().parent}")
    return f"no calendar pages in {root}: its .html files (e.g. {first}) are not under a host folder; {layout}"


def scan_saved_site(root: Path, max_page_bytes: int) -> SourceScan:
    """Every ``*.html`` under ``root`` as a page record, plus what could not be used and why."""
    root = Path(root)
    if not root.is_dir():
        raise FileNotFoundError(f"calendar source folder {root} does not exist or is not a folder")
    pages: dict[str, PageRecord] = {}
    problems: list[SourceProblem] = []
    files = sorted(
        (p for p in root.rglob("*") if p.is_file() and p.suffix.lower() in HTML_SUFFIXES),
        # x.html wins over x/index.html and over x.htm: shorter, canonical spelling first.
        key=lambda p: (url_for_path(p.relative_to(root)), len(p.relative_to(root).parts), str(p)),
    )
    for path in files:
        rel = path.relative_to(root)
        try:
            url = url_for_path(rel)
        except ValueError as exc:
            problems.append(SourceProblem(str(rel), str(exc)))
            continue
        size = path.stat().st_size
        if size > max_page_bytes:
            problems.append(SourceProblem(
                str(rel), f"{size} bytes is larger than UBCAL_MAX_PAGE_BYTES={max_page_bytes}"))
            continue
        data = path.read_bytes()
        reason = _problem_for_bytes(data)
        if reason:
            problems.append(SourceProblem(str(rel), reason))
            continue
        if url in pages:
            problems.append(SourceProblem(
                str(rel), f"maps to the same URL {url} as {pages[url].path}; kept {pages[url].path}"))
            continue
        pages[url] = PageRecord(url=url, path=str(rel), html=data, sha256=hashlib.sha256(data).hexdigest())
    if not pages and not problems:
        raise ValueError(f"calendar source folder {root} holds no .html pages")
    return SourceScan(root=str(root), pages=list(pages.values()), problems=problems)


def problems_as_json(problems: list[SourceProblem]) -> str:
    return json.dumps([{"path": p.path, "reason": p.reason} for p in problems])

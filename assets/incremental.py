"""Reuse the previous version's parse and chunk results for pages whose content did not change.

A page whose (url, sha256) matches the CURRENT version is not parsed again:
its sections come from that version's table. Its chunks are reused too when
the chunk settings and the set of subject codes (which decides what counts as
a course code in text) are unchanged. Everything reused is exactly what a
fresh parse and chunk would produce, because both are pure functions of the
page bytes and those settings; tests compare an incremental build with a
build from scratch.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pyarrow.parquet as pq

from assets.identity import code_fingerprint
from assets.facts import PageFacts
from assets.parse import PARSER_VERSION, ParsedPage, Section
from rag.index.editions import edition_current
from rag.index.store import StoreError, StoreLayout


@dataclass
class PreviousVersion:
    version_id: str
    page_hashes: dict[str, str]
    pages: dict[str, ParsedPage]
    chunk_rows: dict[str, list[dict]]  # url -> chunk rows in order
    parameters: dict
    subjects: list[str]
    folder: Path

    @classmethod
    def load(cls, layout: StoreLayout, edition: str | None = None) -> "PreviousVersion | None":
        """The parse and chunk results of ``edition``'s current version (CURRENT when None), or None when
        there is nothing usable to reuse. The same edition's pages are the ones most likely unchanged."""
        try:
            version_id = edition_current(layout, edition) if edition else layout.current_id()
            if version_id is None:
                return None
            manifest = layout.read_manifest(version_id)
        except StoreError:
            return None
        if manifest.get("parser") != PARSER_VERSION or manifest.get("code") != code_fingerprint():
            return None  # built by other parser or chunker code: its results are not ours to reuse
        folder = layout.version_dir(version_id)
        try:
            pages = pq.read_table(folder / "pages.parquet").to_pylist()
            sections = pq.read_table(folder / "sections.parquet").to_pylist()
            chunks = pq.read_table(folder / "chunks.parquet").to_pylist()
        except (OSError, ValueError):
            return None  # a damaged version is never a source of reuse
        by_url: dict[str, list[Section]] = {}
        for s in sections:
            by_url.setdefault(s["url"], []).append(Section(
                url=s["url"], anchor=s["anchor"], kind=s["kind"], heading=s["heading"],
                heading_path=list(s["heading_path"]), text=s["text"], order=s["ordinal"],
                course_code=s["course_code"], course_code_raw=s["course_code_raw"], subject=s["subject"],
                number=s["number"], credits=s["credits"], course_title=s["course_title"]))
        parsed = {p["url"]: ParsedPage(url=p["url"], title=p["title"], breadcrumb=list(p["breadcrumb"]),
                                       kind=p["kind"], sections=by_url.get(p["url"], [])) for p in pages}
        chunk_rows: dict[str, list[dict]] = {}
        for row in chunks:
            chunk_rows.setdefault(row["url"], []).append(row)
        subjects = sorted({s["subject"] for s in sections if s["subject"]})
        return cls(version_id, {p["url"]: p["sha256"] for p in pages}, parsed, chunk_rows,
                   manifest.get("parameters", {}), subjects, folder)

    def page_facts(self) -> dict[str, PageFacts]:
        """The version's course and program fact rows by page url ({} when its fact tables cannot be
        read: every page is then parsed again). Read only when asked, by the facts step."""
        try:
            courses = pq.read_table(self.folder / "course_facts.parquet").to_pylist()
            programs = pq.read_table(self.folder / "program_requirements.parquet").to_pylist()
        except (OSError, ValueError):
            return {}
        by_url: dict[str, PageFacts] = {}
        for row in courses:
            by_url.setdefault(row["url"], PageFacts()).courses.append(row)
        for row in programs:
            by_url.setdefault(row["url"], PageFacts()).programs.append(row)
        return by_url

    def unchanged(self, url: str, sha256: str) -> bool:
        return self.page_hashes.get(url) == sha256


def current_page_hashes(layout: StoreLayout, edition: str | None = None) -> tuple[str | None, dict[str, str]]:
    """The id of ``edition``'s current version (CURRENT when None) and its pages' content hashes: two
    columns, cheap to read for a change summary."""
    try:
        version_id = edition_current(layout, edition) if edition else layout.current_id()
        if version_id is None:
            return None, {}
        table = pq.read_table(layout.version_dir(version_id) / "pages.parquet", columns=["url", "sha256"])
    except (StoreError, OSError, ValueError):
        return None, {}
    return version_id, dict(zip(table.column("url").to_pylist(), table.column("sha256").to_pylist()))


def page_changes(before: dict[str, str], current_hashes: dict[str, str]) -> dict[str, int]:
    """Pages added, removed, changed and unchanged relative to the previous version's hashes."""
    return {"pages_added": len(current_hashes.keys() - before.keys()),
            "pages_removed": len(before.keys() - current_hashes.keys()),
            "pages_changed": sum(1 for u in current_hashes.keys() & before.keys() if current_hashes[u] != before[u]),
            "pages_unchanged": sum(1 for u in current_hashes.keys() & before.keys() if current_hashes[u] == before[u])}

"""Auditing and managing published versions: list, verify, diff, roll back, pin, collect.

Every operation that changes what answers use (rollback) or what exists (gc,
pins) takes the store's publish lock and writes an audit line. A version is
removed by renaming it out of ``versions/`` first, so no reader ever sees a
half-deleted version, and never while a reader holds its lease.
"""

from __future__ import annotations

import difflib
import os
import shutil
import uuid
from pathlib import Path

import faiss
import pyarrow.parquet as pq

from rag.index.audit import append_audit
from rag.index.bm25 import BM25Index
from rag.index.editions import current_ids, edition_current, edition_of, make_current, version_editions
from rag.index.leases import try_exclusive
from rag.index.store import (IntegrityError, StoreError, StoreLayout, fsync_dir, publish_lock, verify_files,
                       write_file_durably)

TABLES = ("pages", "sections", "chunks", "embeddings")


FACT_FIELDS = ("credits", "title", "prerequisite", "corequisite", "exclusion", "equivalency", "restriction")


def pinned_ids(layout: StoreLayout) -> set[str]:
    if not layout.pins.is_dir():
        return set()
    return {p.name for p in layout.pins.iterdir()}


def list_versions(layout: StoreLayout) -> list[dict]:
    """Newest first; a version whose manifest cannot be read is listed with its problem.

    ``current`` marks CURRENT (the newest edition's current version), ``edition_current`` every
    edition's own current version."""
    current = layout.current_id()
    pins = pinned_ids(layout)
    known = version_editions(layout)
    edition_currents = {edition_current(layout, e, known) for e in {e for e, _ in known.values()}}
    rows = []
    for vid in layout.published_ids():
        try:
            m = layout.read_manifest(vid)
        except StoreError as exc:
            rows.append({"id": vid, "created": "", "problem": str(exc), "current": vid == current,
                         "edition_current": False, "pinned": vid in pins})
            continue
        counts = m.get("counts", {})
        rows.append({"id": vid, "edition": edition_of(m), "edition_current": vid in edition_currents,
                     "created": m.get("created", ""), "parent": m.get("parent"),
                     "source_fingerprint": m.get("source", {}).get("fingerprint", ""),
                     "pages": counts.get("pages"), "chunks": counts.get("chunks"),
                     "models": {k: v.get("id") for k, v in m.get("models", {}).items()},
                     "current": vid == current, "pinned": vid in pins})
    return sorted(rows, key=lambda r: (r["created"], r["id"]), reverse=True)


def verify_version(layout: StoreLayout, version_id: str) -> list[str]:
    """Every problem with a version: checksums, then whether tables and indexes agree on counts."""
    try:
        manifest = layout.read_manifest(version_id)
    except StoreError as exc:
        return [str(exc)]
    problems = verify_files(layout, version_id, manifest)
    if problems:
        return problems  # parsing a file that failed its checksum proves nothing more
    folder = layout.version_dir(version_id)
    counts = manifest.get("counts", {})
    found: dict[str, int] = {}
    try:
        for name in TABLES:
            found[name] = pq.ParquetFile(folder / f"{name}.parquet").metadata.num_rows
        found["vectors"] = int(faiss.read_index(str(folder / "faiss.index")).ntotal)
        found["bm25_documents"] = BM25Index.load(folder).n_docs
    except Exception as exc:  # a file that hashes right but does not parse: say which
        return [f"cannot read artifacts: {exc}"]
    expect = {"pages": counts.get("pages"), "sections": counts.get("sections"), "chunks": counts.get("chunks"),
              "embeddings": counts.get("chunks"), "vectors": counts.get("chunks"),
              "bm25_documents": counts.get("chunks")}
    for name, want in expect.items():
        if found.get(name) != want:
            problems.append(f"{name}: {found.get(name)} rows/entries, manifest says {want}")
    return problems


def rollback(layout: StoreLayout, version_id: str) -> str | None:
    """Make a verified version its edition's current, and CURRENT when its edition is the store's newest
    (rolling back last year's calendar never changes what answers by default). Returns the edition's
    previous current version (in a one-edition store: the previous CURRENT). Refuses unknown or failing ones."""
    edition = edition_of(layout.read_manifest(version_id))  # unknown id -> StoreError naming it
    with publish_lock(layout):
        problems = verify_version(layout, version_id)
        if problems:
            raise IntegrityError(f"refusing to roll back to {version_id}: " + "; ".join(problems))
        previous = layout.current_id()
        previous_edition = edition_current(layout, edition)
        make_current(layout, version_id, edition)
        append_audit(layout, "rollback", version=version_id, edition=edition, previous_current=previous,
                     previous_edition_current=previous_edition)
    return previous_edition


def pin(layout: StoreLayout, version_id: str) -> None:
    edition = edition_of(layout.read_manifest(version_id))
    with publish_lock(layout):
        layout.pins.mkdir(parents=True, exist_ok=True)
        write_file_durably(layout.pins / version_id, b"")
        append_audit(layout, "pin", version=version_id, edition=edition)


def unpin(layout: StoreLayout, version_id: str) -> None:
    with publish_lock(layout):
        path = layout.pins / version_id
        if not path.exists():
            raise StoreError(f"version {version_id} is not pinned")
        path.unlink()
        append_audit(layout, "unpin", version=version_id)


def gc(layout: StoreLayout, keep: int) -> dict[str, list[str]]:
    """Remove versions beyond the newest ``keep``, sparing CURRENT, pinned and leased ones."""
    if keep < 1:
        raise ValueError("--keep must be at least 1")
    removed, spared = [], []
    with publish_lock(layout):
        current = current_ids(layout)  # CURRENT and every edition's current version
        pins = pinned_ids(layout)
        rows = list_versions(layout)
        editions = {row["id"]: row.get("edition") for row in rows}
        ordered = [row["id"] for row in rows]
        for vid in ordered[keep:]:
            if vid in current or vid in pins:
                spared.append(vid)
                continue
            fd = try_exclusive(layout, vid)
            if fd is None:
                spared.append(vid)
                append_audit(layout, "gc_skipped_in_use", version=vid)
                continue
            try:
                layout.staging.mkdir(parents=True, exist_ok=True)
                trash = layout.staging / f"removed-{vid}-{uuid.uuid4().hex[:6]}"
                os.rename(layout.version_dir(vid), trash)
                fsync_dir(layout.versions)
                shutil.rmtree(trash, ignore_errors=True)
                removed.append(vid)
                append_audit(layout, "remove", version=vid, edition=editions.get(vid), reason=f"gc --keep {keep}")
            finally:
                os.close(fd)
    return {"removed": removed, "spared": spared}


def _read(folder: Path, name: str, columns: list[str]) -> dict[str, list]:
    return pq.read_table(folder / f"{name}.parquet", columns=columns).to_pydict()


def diff_versions(layout: StoreLayout, a: str, b: str) -> dict:
    """Pages added/removed/changed from ``a`` to ``b``; for changed pages, sections and chunks too."""
    fa, fb = layout.version_dir(a), layout.version_dir(b)
    for vid in (a, b):
        layout.read_manifest(vid)
    pa_, pb_ = _read(fa, "pages", ["url", "sha256"]), _read(fb, "pages", ["url", "sha256"])
    hash_a, hash_b = dict(zip(pa_["url"], pa_["sha256"])), dict(zip(pb_["url"], pb_["sha256"]))
    sa = _read(fa, "sections", ["section_id", "url", "text"])
    sb = _read(fb, "sections", ["section_id", "url", "text"])
    ca = _read(fa, "chunks", ["chunk_id", "url"])
    cb = _read(fb, "chunks", ["chunk_id", "url"])
    changed_urls = sorted(u for u in hash_a.keys() & hash_b.keys() if hash_a[u] != hash_b[u])
    pages_changed = []
    for url in changed_urls:
        sec_a = {s: t for s, u, t in zip(sa["section_id"], sa["url"], sa["text"]) if u == url}
        sec_b = {s: t for s, u, t in zip(sb["section_id"], sb["url"], sb["text"]) if u == url}
        ch_a = {c for c, u in zip(ca["chunk_id"], ca["url"]) if u == url}
        ch_b = {c for c, u in zip(cb["chunk_id"], cb["url"]) if u == url}
        changed_sections = sorted(s for s in sec_a.keys() & sec_b.keys() if sec_a[s] != sec_b[s])
        pages_changed.append({
            "url": url,
            "sections_added": sorted(sec_b.keys() - sec_a.keys()),
            "sections_removed": sorted(sec_a.keys() - sec_b.keys()),
            "sections_changed": [{"section_id": s, "diff": "\n".join(difflib.unified_diff(
                sec_a[s].splitlines(), sec_b[s].splitlines(), f"{a}:{s}", f"{b}:{s}", lineterm=""))}
                for s in changed_sections],
            "chunks_added": sorted(ch_b - ch_a), "chunks_removed": sorted(ch_a - ch_b),
        })
    return {"from": a, "to": b, "pages_added": sorted(hash_b.keys() - hash_a.keys()),
            "pages_removed": sorted(hash_a.keys() - hash_b.keys()), "pages_changed": pages_changed,
            "facts_changed": diff_facts(fa, fb), "parse_coverage": diff_parse_coverage(fa, fb, a)}


def diff_parse_coverage(fa: Path, fb: Path, a: str) -> dict | None:
    """Prerequisite parse coverage of ``b`` against ``a``: the change and the courses that became
    unreadable (or readable); None when either version has no course facts."""
    from rag.index.parse_coverage import compare, read_rows

    before, after = read_rows(fa), read_rows(fb)
    if before is None or after is None:
        return None
    return compare(before, after, a).to_dict()


def diff_facts(fa: Path, fb: Path) -> list[dict]:
    """Course facts that changed (a prerequisite, credits, an exclusion), or courses that came or went.

    Versions published before fact tables existed have none to compare: the list is empty then.
    """
    if not ((fa / "course_facts.parquet").is_file() and (fb / "course_facts.parquet").is_file()):
        return []
    cols = ["code", *FACT_FIELDS]
    ta, tb = _read(fa, "course_facts", cols), _read(fb, "course_facts", cols)
    rows_a = {row[0]: row for row in zip(*(ta[c] for c in cols))}
    rows_b = {row[0]: row for row in zip(*(tb[c] for c in cols))}
    changes = [{"course": code, "change": "added"} for code in sorted(rows_b.keys() - rows_a.keys())]
    changes += [{"course": code, "change": "removed"} for code in sorted(rows_a.keys() - rows_b.keys())]
    for code in sorted(rows_a.keys() & rows_b.keys()):
        for i, name in enumerate(FACT_FIELDS, start=1):
            if rows_a[code][i] != rows_b[code][i]:
                changes.append({"course": code, "change": name, "from": rows_a[code][i], "to": rows_b[code][i]})
    return changes


def diff_is_empty(diff: dict) -> bool:
    coverage = diff.get("parse_coverage") or {}
    # a changed parser can change what is readable with the same pages and the same sentences
    coverage_changed = bool(coverage.get("became_unreadable") or coverage.get("became_readable")
                            or coverage.get("change_pp"))
    return not (diff["pages_added"] or diff["pages_removed"] or diff["pages_changed"] or diff.get("facts_changed")
                or coverage_changed)

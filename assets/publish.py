"""Publish a version: stage every file, fsync, rename into place, then switch CURRENT.

The version id is a hash of what determines the output (source fingerprint,
build parameters, model ids, artifact format, build code: ``assets.identity``),
so rebuilding unchanged input with unchanged settings and code lands on an id
that already exists and publishes nothing, once that copy verifies; a damaged
copy is set aside and rebuilt. The retrieval smoke check gates every switch of
CURRENT (``assets.smoke``). A crash at any step leaves CURRENT on the previous complete version:
staged folders are never read, and the rename is the commit point.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import time
import uuid
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Callable

import faiss
import pyarrow as pa
import pyarrow.parquet as pq

from assets.failpoints import failpoint
from assets.facts import CalendarFacts
from assets.identity import ARTIFACT_FORMAT, code_fingerprint, compute_version_id  # noqa: F401 (re-exported)
from assets.parse import PARSER_VERSION
from rag.index.bm25 import BM25Index
from rag.index.audit import append_audit
from rag.index.store import MANIFEST, MANIFEST_DIGEST, StoreLayout, fsync_dir, publish_lock, sha256_file, write_file_durably
from rag.index.editions import UNKNOWN_EDITION, edition_current, make_current, pointers_in_place

STALE_STAGING_SECONDS = 3600

if TYPE_CHECKING:
    from assets.smoke import SmokeResult


@dataclass
class VersionArtifacts:
    pages: pa.Table
    sections: pa.Table
    chunks: pa.Table
    embeddings: pa.Table
    faiss_index: faiss.Index
    bm25: BM25Index
    facts: CalendarFacts


@dataclass
class PublishResult:
    version_id: str
    published: bool  # False when an identical version already existed
    parent: str | None
    current_changed: bool
    path: Path
    smoke: dict | None = None   # the retrieval smoke check's outcome, when it ran
    replaced_corrupt: list[str] = field(default_factory=list)  # problems of a damaged copy rebuilt
    edition: str = UNKNOWN_EDITION  # the calendar edition the version is (read from its pages)
    edition_current_changed: bool = False  # whether it became its edition's current version


class GateFailed(RuntimeError):
    """The version failed the check that guards CURRENT; nothing was published or switched."""


Gate = Callable[[Path, str], "SmokeResult"]


def _write_artifacts(folder: Path, artifacts: VersionArtifacts) -> list[Path]:
    written = []
    for name, table in (("pages", artifacts.pages), ("sections", artifacts.sections),
                        ("chunks", artifacts.chunks), ("embeddings", artifacts.embeddings),
                        ("course_facts", artifacts.facts.courses), ("requirement_edges", artifacts.facts.edges),
                        ("program_requirements", artifacts.facts.programs)):
        path = folder / f"{name}.parquet"
        pq.write_table(table, path, compression="zstd")
        written.append(path)
    faiss_path = folder / "faiss.index"
    faiss.write_index(artifacts.faiss_index, str(faiss_path))
    written.append(faiss_path)
    written += artifacts.bm25.save(folder)
    for path in written:
        with open(path, "rb") as fh:
            os.fsync(fh.fileno())
    return written


def clean_stale_staging(layout: StoreLayout) -> None:
    """Remove staging folders left by crashed builds (old enough that no build still writes them)."""
    if not layout.staging.is_dir():
        return
    now = time.time()
    for folder in layout.staging.iterdir():
        if now - folder.stat().st_mtime > STALE_STAGING_SECONDS:
            shutil.rmtree(folder, ignore_errors=True)


def _set_aside(layout: StoreLayout, version_id: str) -> None:
    """Move a damaged published copy out of versions/ (into staging/, cleaned later) so it is rebuilt."""
    layout.staging.mkdir(parents=True, exist_ok=True)
    os.rename(layout.version_dir(version_id), layout.staging / f"corrupt-{version_id}-{uuid.uuid4().hex[:8]}")
    fsync_dir(layout.versions)


def _run_gate(gate: Gate | None, folder: Path, version_id: str) -> dict | None:
    if gate is None:
        return None
    outcome = gate(folder, version_id)
    if not outcome.passed:
        raise GateFailed(f"version {version_id} not published: {outcome.describe()}")
    return outcome.to_dict()


def _warnings(manifest_fields: dict) -> dict:
    """The build's warnings (a parse coverage drop) for its audit line; nothing when there are none."""
    return {"warnings": manifest_fields["warnings"]} if manifest_fields.get("warnings") else {}


def publish_version(layout: StoreLayout, version_id: str, artifacts: VersionArtifacts,
                    manifest_fields: dict, gate: Gate | None = None) -> PublishResult:
    """Write and atomically publish ``version_id``; a no-op if an intact copy is already published.

    ``gate`` (the retrieval smoke check) runs on the complete staged folder before the rename, and on
    an existing version before CURRENT is switched to it: a version that fails it never becomes
    CURRENT. An existing copy that fails verification is set aside and rebuilt, never re-used.
    """
    from rag.index.versions import verify_version

    final = layout.version_dir(version_id)
    run_id = manifest_fields.get("build", {}).get("dagster_run_id")
    edition = manifest_fields.get("edition") or UNKNOWN_EDITION
    replaced: list[str] = []
    with publish_lock(layout):
        current_before = layout.current_id()
        parent = edition_current(layout, edition)  # the edition's previous current (CURRENT in a one-edition store)
        if (final / MANIFEST).is_file():
            replaced = verify_version(layout, version_id)
            if not replaced:
                changed = not pointers_in_place(layout, version_id, edition)
                smoke = _run_gate(gate, final, version_id) if changed else None
                if changed:
                    make_current(layout, version_id, edition)
                moved = layout.current_id() != current_before
                append_audit(layout, "build_unchanged", version=version_id, edition=edition,
                             previous_current=current_before, previous_edition_current=parent,
                             current_changed=moved, dagster_run_id=run_id, **_warnings(manifest_fields))
                return PublishResult(version_id, False, parent, moved, final, smoke, edition=edition,
                                     edition_current_changed=parent != version_id)
            _set_aside(layout, version_id)
            append_audit(layout, "corrupt_version_set_aside", version=version_id, edition=edition,
                         problems=replaced, dagster_run_id=run_id)
        clean_stale_staging(layout)
        layout.staging.mkdir(parents=True, exist_ok=True)
        layout.versions.mkdir(parents=True, exist_ok=True)
        stage = layout.staging / f"{version_id}-{uuid.uuid4().hex[:8]}"
        stage.mkdir()
        try:
            written = _write_artifacts(stage, artifacts)
            failpoint("publish:files-written")
            manifest = {
                "id": version_id,
                "format": ARTIFACT_FORMAT,
                "parser": PARSER_VERSION,
                "code": code_fingerprint(),
                "created": datetime.now(timezone.utc).isoformat(timespec="microseconds"),
                "parent": parent,
                **manifest_fields,
                "files": {p.name: {"bytes": p.stat().st_size, "sha256": sha256_file(p)} for p in written},
            }
            manifest_bytes = json.dumps(manifest, indent=2, sort_keys=True).encode()
            write_file_durably(stage / MANIFEST, manifest_bytes)
            write_file_durably(stage / MANIFEST_DIGEST, hashlib.sha256(manifest_bytes).hexdigest().encode())
            fsync_dir(stage)
            failpoint("publish:manifest-written")
            smoke = _run_gate(gate, stage, version_id)
            if final.exists():  # a folder without a manifest: debris from an older crash
                shutil.rmtree(final)
            os.rename(stage, final)
            fsync_dir(layout.versions)
            failpoint("publish:renamed")
            moved = make_current(layout, version_id, edition)
            failpoint("publish:current-switched")
            append_audit(layout, "publish", version=version_id, edition=edition, previous_current=current_before,
                         previous_edition_current=parent, current_changed=moved,
                         dagster_run_id=run_id, counts=manifest.get("counts"), **_warnings(manifest_fields),
                         **({"replaced_corrupt": replaced} if replaced else {}))
        except BaseException:
            shutil.rmtree(stage, ignore_errors=True)
            raise
    return PublishResult(version_id, True, parent, moved, final, smoke, replaced, edition, True)

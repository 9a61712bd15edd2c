"""Publish a version: stage every file, fsync, rename into place, then switch CURRENT.

The version id is a hash of what determines the output (source fingerprint,
build parameters, model ids, artifact format), so rebuilding unchanged input
with unchanged settings lands on an id that already exists and publishes
nothing. A crash at any step leaves CURRENT on the previous complete version:
staged folders are never read, and the rename is the commit point.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import time
import uuid
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

import faiss
import pyarrow as pa
import pyarrow.parquet as pq

from assets.failpoints import failpoint
from assets.facts import FACTS_VERSION, CalendarFacts
from assets.parse import PARSER_VERSION
from rag.bm25 import BM25Index
from rag.audit import append_audit
from rag.store import MANIFEST, MANIFEST_DIGEST, StoreLayout, fsync_dir, publish_lock, sha256_file, write_file_durably

ARTIFACT_FORMAT = "ubcal-index/2"  # 2: fact tables; abbreviated code lists in BM25 tokens
STALE_STAGING_SECONDS = 3600


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


def compute_version_id(source_fingerprint: str, parameters: dict, models: dict) -> str:
    identity = {"format": ARTIFACT_FORMAT, "parser": PARSER_VERSION, "facts": FACTS_VERSION, "source": source_fingerprint,
                "parameters": parameters, "models": {k: v["id"] for k, v in models.items()}}
    return hashlib.sha256(json.dumps(identity, sort_keys=True).encode()).hexdigest()[:16]


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


def publish_version(layout: StoreLayout, version_id: str, artifacts: VersionArtifacts,
                    manifest_fields: dict) -> PublishResult:
    """Write and atomically publish ``version_id``; a no-op if it is already published."""
    final = layout.version_dir(version_id)
    run_id = manifest_fields.get("build", {}).get("dagster_run_id")
    with publish_lock(layout):
        parent = layout.current_id()
        if (final / MANIFEST).is_file():
            changed = parent != version_id
            if changed:
                layout.switch_current(version_id)
            append_audit(layout, "build_unchanged", version=version_id, previous_current=parent,
                         current_changed=changed, dagster_run_id=run_id)
            return PublishResult(version_id, False, parent, changed, final)
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
            if final.exists():  # a folder without a manifest: debris from an older crash
                shutil.rmtree(final)
            os.rename(stage, final)
            fsync_dir(layout.versions)
            failpoint("publish:renamed")
            layout.switch_current(version_id)
            failpoint("publish:current-switched")
            append_audit(layout, "publish", version=version_id, previous_current=parent,
                         dagster_run_id=run_id, counts=manifest.get("counts"))
        except BaseException:
            shutil.rmtree(stage, ignore_errors=True)
            raise
    return PublishResult(version_id, True, parent, True, final)

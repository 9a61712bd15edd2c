"""Layout of the artifact store and the rules for reading it safely.

    <store>/CURRENT                 id of the version answers use (atomically replaced)
    <store>/versions/<id>/          immutable once renamed into place
        manifest.json               written last; lists size and sha256 of every file
    <store>/staging/                half-written versions; never read
    <store>/cache/embeddings/       vectors keyed by model id and text hash
    <store>/editions/<slug>/CURRENT each calendar edition's current version (``rag.index.editions``)

A version folder only appears by rename after all its files are fsynced, so
a reader never sees a half-written version; CURRENT changes by os.replace,
so it always names a complete one.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import re
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

MANIFEST = "manifest.json"
MANIFEST_DIGEST = "manifest.sha256"  # the manifest's own checksum: a flipped byte in it is caught too
CURRENT = "CURRENT"
VERSION_ID_RE = re.compile(r"[0-9a-f]{16}")  # always used with fullmatch: "$" would accept a trailing newline
HASH_CHUNK = 1 << 20


class StoreError(RuntimeError):
    """A store problem a user can act on; the message says what and where."""


class NoPublishedVersion(StoreError):
    pass


class IntegrityError(StoreError):
    pass


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(HASH_CHUNK), b""):
            h.update(block)
    return h.hexdigest()


def fsync_dir(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def write_file_durably(path: Path, data: bytes) -> None:
    with open(path, "wb") as fh:
        fh.write(data)
        fh.flush()
        os.fsync(fh.fileno())


@dataclass(frozen=True)
class StoreLayout:
    root: Path

    def __post_init__(self) -> None:
        object.__setattr__(self, "root", Path(self.root))

    @property
    def versions(self) -> Path:
        return self.root / "versions"

    @property
    def staging(self) -> Path:
        return self.root / "staging"

    @property
    def current_file(self) -> Path:
        return self.root / CURRENT

    @property
    def embedding_cache(self) -> Path:
        return self.root / "cache" / "embeddings"

    @property
    def crawl_state(self) -> Path:
        return self.root / "crawl"

    @property
    def audit_log(self) -> Path:
        return self.root / "audit.jsonl"

    @property
    def pins(self) -> Path:
        return self.root / "pins"

    @property
    def leases(self) -> Path:
        return self.root / "leases"

    @property
    def editions(self) -> Path:
        return self.root / "editions"

    def version_dir(self, version_id: str) -> Path:
        if not VERSION_ID_RE.fullmatch(version_id):
            raise StoreError(f"{version_id!r} is not a version id (16 hex digits)")
        return self.versions / version_id

    def current_id(self) -> str | None:
        try:
            value = self.current_file.read_text().strip()
        except FileNotFoundError:
            return None
        if not VERSION_ID_RE.fullmatch(value):
            raise StoreError(f"{self.current_file} holds {value!r}, which is not a version id")
        return value

    def published_ids(self) -> list[str]:
        if not self.versions.is_dir():
            return []
        return sorted(p.name for p in self.versions.iterdir()
                      if VERSION_ID_RE.fullmatch(p.name) and (p / MANIFEST).is_file())

    def read_manifest(self, version_id: str) -> dict:
        path = self.version_dir(version_id) / MANIFEST
        if not path.parent.is_dir():
            raise StoreError(f"version {version_id} does not exist in {self.versions}")
        try:
            return json.loads(path.read_text())
        except FileNotFoundError as exc:
            raise IntegrityError(f"version {version_id} has no {MANIFEST}") from exc
        except json.JSONDecodeError as exc:
            raise IntegrityError(f"{path} is not valid JSON ({exc.msg} at char {exc.pos})") from exc

    def resolve(self, version_id: str | None) -> str:
        """The pinned id if given, else CURRENT; errors say what to do next."""
        if version_id:
            self.read_manifest(version_id)
            return version_id
        current = self.current_id()
        if current is None:
            raise NoPublishedVersion(
                f"no published index in {self.root}: run `ubcal build` first")
        if not (self.version_dir(current) / MANIFEST).is_file():
            raise StoreError(f"{self.current_file} points at version {current}, which is missing "
                             f"from {self.versions}; run `ubcal build` or roll back")
        return current

    def switch_current(self, version_id: str) -> None:
        """Atomically point CURRENT at a complete version."""
        write_pointer(self.current_file, version_id)


def write_pointer(path: Path, version_id: str) -> None:
    """Atomically replace a pointer file (CURRENT, an edition's CURRENT) with a version id: a reader sees
    the old id or the new one, never a torn file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.parent / f".{path.name}.{os.getpid()}.tmp"
    write_file_durably(tmp, (version_id + "\n").encode())
    os.replace(tmp, path)
    fsync_dir(path.parent)


@contextmanager
def publish_lock(layout: StoreLayout):
    """Serialises publishes, rollbacks and gc; the kernel drops it if the holder dies."""
    layout.root.mkdir(parents=True, exist_ok=True)
    with open(layout.root / ".publish.lock", "a+") as fh:
        fcntl.flock(fh.fileno(), fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh.fileno(), fcntl.LOCK_UN)


def verify_files(layout: StoreLayout, version_id: str, manifest: dict | None = None) -> list[str]:
    """Problems found by re-hashing every file the manifest lists (empty = intact)."""
    manifest = manifest if manifest is not None else layout.read_manifest(version_id)
    folder = layout.version_dir(version_id)
    problems = []
    digest_file = folder / MANIFEST_DIGEST
    if not digest_file.is_file():
        problems.append(f"{MANIFEST_DIGEST}: missing")
    elif digest_file.read_text().strip() != sha256_file(folder / MANIFEST):
        problems.append(f"{MANIFEST}: sha256 differs from {MANIFEST_DIGEST}")
    for name, meta in sorted(manifest.get("files", {}).items()):
        if not isinstance(meta, dict) or "bytes" not in meta or "sha256" not in meta:
            problems.append(f"{name}: the manifest's entry for it is malformed")  # a damaged manifest
            continue
        path = folder / name
        if not path.is_file():
            problems.append(f"{name}: missing")
            continue
        size = path.stat().st_size
        if size != meta["bytes"]:
            problems.append(f"{name}: {size} bytes, manifest says {meta['bytes']}")
            continue
        digest = sha256_file(path)
        if digest != meta["sha256"]:
            problems.append(f"{name}: sha256 {digest[:12]}…, manifest says {meta['sha256'][:12]}…")
    return problems

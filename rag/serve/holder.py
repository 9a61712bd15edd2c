"""The index versions a running server answers from, following CURRENT without a restart.

A watcher thread reads CURRENT every ``UBCAL_SERVE_POLL_SECONDS``. When it
names a new version, that version is opened in the background (every file's
checksum verified, a reader lease taken) and only then swapped in; requests
already running keep the version they started on, and the old one is closed
(its lease released, so ``gc`` may remove it) when its last request finishes.
A version that fails to open is never swapped in: the server keeps answering
from the one it had and ``/api/health`` says why.

Requests for an explicit older or pinned version open it on demand and keep it
open (leased) among at most ``UBCAL_SERVE_MAX_OPEN_VERSIONS``, least recently
used closed first.
"""

from __future__ import annotations

import os
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass, field

from rag.answer import Answerer
from rag.index.config import Settings
from rag.index.embedder import load_embedder
from rag.index.loader import open_index
from rag.index.leases import Lease
from rag.answer.llm import LocalLLM
from rag.serve.shared import LockedEmbedder, LockedLLM
from rag.index.store import MANIFEST, VERSION_ID_RE, NoPublishedVersion, StoreError, StoreLayout

RETRY_FAILED_SECONDS = 30.0  # a version that failed its checksums is re-hashed at most this often


def release_memory() -> None:
    """Collect a closed version's objects and return freed heap pages to the OS (glibc ``malloc_trim``).

    Without the trim a server that has switched versions keeps the old version's pages mapped,
    and its resident size grows with every publish.
    """
    import ctypes
    import gc

    gc.collect()
    try:
        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):  # not glibc: the collection alone has to do
        pass


class BadVersionId(StoreError):
    """Not of the form of a version id (16 hex digits): nothing is looked up."""


class UnknownVersion(StoreError):
    """A well-formed id that names no published version."""


@dataclass
class OpenVersion:
    answerer: Answerer
    explicit: bool  # opened for a request naming it, rather than because CURRENT named it
    users: int = 0
    last_used: float = field(default_factory=time.monotonic)

    @property
    def version_id(self) -> str:
        return self.answerer.index.version_id

    def close(self) -> None:
        lease = self.answerer.index.lease
        if lease is not None:
            lease.release()


class VersionHolder:
    def __init__(self, settings: Settings, version: str | None = None, llm=None, embedder=None) -> None:
        self.settings = settings
        self.layout = StoreLayout(settings.store)
        self.fixed = version  # `serve --version ID`: answer from this one by default, never follow CURRENT
        self.llm = llm if llm is not None else LockedLLM(LocalLLM(settings))
        self.embedder = embedder if embedder is not None else LockedEmbedder(load_embedder(settings))
        self._lock = threading.Lock()
        self._opening: dict[str, threading.Lock] = {}
        self._open: dict[str, OpenVersion] = {}
        self._current: str | None = None
        self._failed: dict[str, tuple[float, tuple[int, int] | None]] = {}
        self.problem: str | None = None
        self.switches: list[dict] = []
        self._closed_since_trim = False
        self._stop = threading.Event()
        self._watcher: threading.Thread | None = None

    # -- lifecycle ----------------------------------------------------------------------------------
    def start(self) -> None:
        """Open the version to serve (if any) and start following CURRENT."""
        if self.fixed:
            self.check_id(self.fixed)
        self.refresh()
        if not self.fixed:
            self._watcher = threading.Thread(target=self._watch, name="ubcal-current-watcher", daemon=True)
            self._watcher.start()

    def warm(self) -> None:
        """Load the embedder and the model now, so the first question does not pay for it."""
        self.embedder.encode(["warm up"])
        self.llm.count_tokens("warm up")

    def stop(self) -> None:
        self._stop.set()
        if self._watcher is not None:
            self._watcher.join(timeout=5)
        with self._lock:
            for ov in self._open.values():
                ov.close()
            self._open.clear()
            self._current = None

    def _watch(self) -> None:
        while not self._stop.wait(self.settings.serve_poll_seconds):
            try:
                self.refresh()
            except Exception as exc:  # the watcher must outlive any one bad read
                self.problem = f"checking CURRENT failed: {exc}"
            if self._closed_since_trim:
                self._closed_since_trim = False
                release_memory()

    # -- following CURRENT --------------------------------------------------------------------------
    def refresh(self) -> None:
        """Swap in the version CURRENT (or --version) names, if it is new and opens cleanly."""
        try:
            target = self.fixed or self.layout.current_id()
            stamp = self._current_stamp()
        except StoreError as exc:
            self.problem = str(exc)
            return
        if target is None:
            self.problem = f"no published index in {self.layout.root}: run `ubcal build` first"
            return
        if target == self._current:
            self.problem = None
            return
        failed = self._failed.get(target)
        if failed is not None and failed[1] == stamp and time.monotonic() - failed[0] < RETRY_FAILED_SECONDS:
            return  # same failing version, CURRENT not rewritten since: do not re-hash it every poll
        try:
            self._open_version(target, explicit=False, become_current=True)
        except Exception as exc:  # StoreError above all, but a version that will not load must not stop us
            self._failed[target] = (time.monotonic(), stamp)
            still = f"; still answering from {self._current}" if self._current else ""
            self.problem = f"CURRENT names {target}, which is not served: {exc}{still}"

    def _current_stamp(self) -> tuple[int, int] | None:
        """CURRENT's inode and mtime: every publish or rollback replaces the file, changing them."""
        try:
            st = os.stat(self.layout.current_file)
        except FileNotFoundError:
            return None
        return st.st_ino, st.st_mtime_ns

    # -- using a version ----------------------------------------------------------------------------
    def check_id(self, version_id: str) -> None:
        """400 for a malformed id, 404 for one that names no published version."""
        if not VERSION_ID_RE.fullmatch(version_id or ""):  # match() would take "<id>\n" ($ before a newline)
            raise BadVersionId(f"{version_id!r} is not a version id (16 hex digits)")
        if not (self.layout.versions / version_id / MANIFEST).is_file():
            raise UnknownVersion(f"version {version_id} does not exist in {self.layout.versions}")

    @contextmanager
    def use(self, version_id: str | None = None):
        """The ``Answerer`` for a version (CURRENT's when None), kept open while the caller uses it."""
        with self._lock:
            vid = version_id or self._current
            ov = self._open.get(vid) if vid else None
            if ov is not None:
                ov.users += 1
        if vid is None:
            raise NoPublishedVersion(self.problem or f"no published index in {self.layout.root}")
        if ov is None:
            self.check_id(vid)
            ov = self._open_version(vid, explicit=True, take_user=True)
        try:
            yield ov.answerer
        finally:
            with self._lock:
                ov.users -= 1
                ov.last_used = time.monotonic()
                self._close_unused()

    def _open_version(self, vid: str, explicit: bool, take_user: bool = False,
                      become_current: bool = False) -> OpenVersion:
        """Open (verify, lease) a version once, however many requests ask for it at once.

        With ``become_current`` the swap happens under the same lock as the version joining the open
        set, so no request can close it in between.
        """
        with self._lock:
            opening = self._opening.setdefault(vid, threading.Lock())
        with opening:
            with self._lock:
                ov = self._open.get(vid)
            if ov is None:
                index = open_index(self.layout, vid)  # checksums verified; raises IntegrityError
                answerer = Answerer(self.settings, index=index, embedder=self.embedder, llm=self.llm)
                ov = OpenVersion(answerer, explicit=explicit)
            with self._lock:
                self._open[vid] = ov
                ov.users += take_user
                if become_current:
                    previous, self._current = self._current, vid
                    ov.explicit = False
                    self.problem = None
                    self._failed.pop(vid, None)
                    self.switches.append({"from": previous, "to": vid, "time": time.time()})
                self._close_unused()
            return ov

    def _close_unused(self) -> None:
        """Close versions nobody uses: a former CURRENT at once, explicit ones beyond the limit (LRU)."""
        idle = [ov for vid, ov in self._open.items() if vid != self._current and ov.users == 0]
        keep_explicit = max(0, self.settings.serve_max_open_versions - 1)
        explicit = sorted((ov for ov in idle if ov.explicit), key=lambda ov: ov.last_used, reverse=True)
        for ov in [ov for ov in idle if not ov.explicit] + explicit[keep_explicit:]:
            del self._open[ov.version_id]
            ov.close()
            self._closed_since_trim = True  # the watcher hands the memory back, off the request's path

    @contextmanager
    def leased(self, *version_ids: str):
        """Reader leases on versions read directly (manifest, diff), so gc cannot remove them mid-read."""
        leases = []
        try:
            for vid in version_ids:
                self.check_id(vid)
                leases.append(Lease(self.layout, vid))
                self.check_id(vid)  # gc may have removed it between the check and the lease
            yield
        finally:
            for lease in leases:
                lease.release()

    # -- reporting ----------------------------------------------------------------------------------
    @property
    def current(self) -> str | None:
        return self._current

    def status(self) -> dict:
        with self._lock:
            open_versions = [{"id": vid, "users": ov.users, "serving_default": vid == self._current,
                              "explicit": ov.explicit} for vid, ov in self._open.items()]
        try:
            on_disk = self.layout.current_id()
        except StoreError as exc:
            on_disk = f"unreadable: {exc}"
        return {"serving": self._current, "current_file": on_disk, "following_current": not self.fixed,
                "problem": self.problem, "open_versions": open_versions, "switches": self.switches[-10:]}

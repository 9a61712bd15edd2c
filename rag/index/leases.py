"""Reader leases: a version a process is answering from is never garbage-collected under it.

A reader holds a shared ``flock`` on ``leases/<id>.lock`` while it has the
version open; ``gc`` removes a version only if it can take the exclusive lock
without waiting. Locks belong to open file descriptions, so a reader that
crashes or is killed releases its lease at once: no lease outlives its holder.
"""

from __future__ import annotations

import fcntl
import os

from rag.index.store import StoreLayout


class Lease:
    def __init__(self, layout: StoreLayout, version_id: str) -> None:
        layout.leases.mkdir(parents=True, exist_ok=True)
        self.version_id = version_id
        self._fd: int | None = os.open(layout.leases / f"{version_id}.lock", os.O_RDWR | os.O_CREAT, 0o644)
        fcntl.flock(self._fd, fcntl.LOCK_SH)

    def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)  # closing drops the lock
            self._fd = None

    def __del__(self) -> None:
        self.release()


def try_exclusive(layout: StoreLayout, version_id: str) -> int | None:
    """An fd holding the exclusive lock if no reader has the version open, else None."""
    layout.leases.mkdir(parents=True, exist_ok=True)
    fd = os.open(layout.leases / f"{version_id}.lock", os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        return None
    return fd

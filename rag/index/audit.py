"""The append-only audit log: one JSON line per build, publish, rollback, pin and removal.

Lines are written with a single O_APPEND write and fsynced, so concurrent
writers never interleave within a line and a crash loses at most the line
being written. Nothing ever rewrites the file.
"""

from __future__ import annotations

import getpass
import json
import os
import socket
from datetime import datetime, timezone

from rag.index.store import StoreLayout


def append_audit(layout: StoreLayout, event: str, **fields) -> dict:
    record = {"time": datetime.now(timezone.utc).isoformat(timespec="milliseconds"), "event": event,
              **{k: v for k, v in fields.items() if v is not None},
              "pid": os.getpid(), "host": socket.gethostname(), "user": _user()}
    layout.root.mkdir(parents=True, exist_ok=True)
    line = (json.dumps(record, sort_keys=True) + "\n").encode()
    fd = os.open(layout.audit_log, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        os.write(fd, line)
        os.fsync(fd)
    finally:
        os.close(fd)
    return record


def read_audit(layout: StoreLayout) -> list[dict]:
    if not layout.audit_log.is_file():
        return []
    records = []
    for n, line in enumerate(layout.audit_log.read_text().splitlines(), start=1):
        if line.strip():
            try:
                records.append(json.loads(line))
            except json.JSONDecodeError:
                records.append({"event": "unreadable_line", "line": n})
    return records


def _user() -> str:
    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return str(os.getuid())

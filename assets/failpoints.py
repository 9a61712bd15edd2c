"""Crash injection for tests: ``UBCAL_FAILPOINT=<name>`` kills the process at that point.

A SIGKILL (not an exception) is what a power cut or OOM kill looks like to the
store: no cleanup code runs. Tests use it to prove a crash mid-publish leaves
CURRENT on the previous complete version. Unset, it costs one dict lookup.
"""

from __future__ import annotations

import os
import signal


def failpoint(name: str) -> None:
    if os.environ.get("UBCAL_FAILPOINT") == name:
        os.kill(os.getpid(), signal.SIGKILL)

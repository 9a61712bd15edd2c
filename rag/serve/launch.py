"""Start ``ubcal serve`` as a child process and wait until it answers: for tests and benchmarks.

A real process on 127.0.0.1 (not an in-process test client) is what a user
runs, so the API tests, the browser test and the load test all go through it.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ServerProcess:
    """``with ServerProcess(store) as server: httpx.get(server.url + "/api/health")``."""

    def __init__(self, store: Path, version: str | None = None, env: dict[str, str] | None = None,
                 log: Path | None = None, timeout: float = 180.0) -> None:
        self.store = Path(store)
        self.version = version
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = {**os.environ, "HF_HUB_OFFLINE": "1", "PYTHONPATH": str(ROOT), **(env or {})}
        self.log = log
        self.timeout = timeout
        self.proc: subprocess.Popen | None = None

    def start(self) -> "ServerProcess":
        cmd = [sys.executable, "-m", "rag.cli", "serve", "--store", str(self.store), "--port", str(self.port)]
        if self.version:
            cmd += ["--version", self.version]
        out = open(self.log, "ab") if self.log else subprocess.DEVNULL
        self.proc = subprocess.Popen(cmd, cwd=ROOT, env=self.env, stdout=out, stderr=out)
        deadline = time.monotonic() + self.timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"ubcal serve exited with {self.proc.returncode}" +
                                   (f"; see {self.log}" if self.log else ""))
            try:
                if httpx.get(self.url + "/api/health", timeout=2).status_code == 200:
                    return self
            except httpx.TransportError:
                pass
            time.sleep(0.2)
        self.stop()
        raise TimeoutError(f"ubcal serve did not answer within {self.timeout:.0f} s")

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()

    def __enter__(self) -> "ServerProcess":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()

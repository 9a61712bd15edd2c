"""Start ``ubcal serve``: open the version, load both models, then listen.

Models load before the port opens, so the first request is as fast as any
other and a client polling ``/api/health`` sees the server only once it is warm.
"""

from __future__ import annotations

import logging
import sys

from rag.index.config import Settings
from rag.serve.app import create_app
from rag.serve.holder import VersionHolder


M_ARENA_MAX = -8  # glibc mallopt parameter
MALLOC_ARENAS = 2


def limit_malloc_arenas() -> None:
    """Cap glibc's per-thread heaps before the worker threads start.

    glibc gives each thread that meets contention an arena of its own, up to 8 per core, and an
    arena keeps what it once held; a server whose 32 workers each touch the index grew its resident
    size by about 10% under load that way. Two arenas cost no measurable speed here (the work is in
    numpy, faiss and llama.cpp, which hold the GIL little and allocate big blocks by mmap).
    """
    import ctypes

    try:
        ctypes.CDLL("libc.so.6").mallopt(M_ARENA_MAX, MALLOC_ARENAS)
    except (OSError, AttributeError):  # not glibc
        pass


def arrow_on_the_system_allocator() -> None:
    """Give Arrow's allocations to malloc, whose freed pages the server hands back.

    Arrow's default pool (mimalloc) keeps what a diff once read (both versions' sections, about
    100 MB on the real calendar) for the life of the process; on the system pool the same diff
    leaves under 40 MB behind.
    """
    import pyarrow as pa

    pa.set_memory_pool(pa.system_memory_pool())


def log_to_stderr() -> None:
    """The server's own log (internal errors with their request id and traceback) goes to stderr."""
    log = logging.getLogger("ubcal.serve")
    if not log.handlers:
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(logging.Formatter("%(asctime)s ubcal serve %(levelname)s: %(message)s"))
        log.addHandler(handler)
        log.setLevel(logging.INFO)


class ServeError(RuntimeError):
    """The server cannot start; the message names the fix."""


def check_address(host: str, port: int) -> None:
    """Fail before the models load (tens of seconds) when the port cannot be bound, as uvicorn binds it."""
    import errno
    import socket

    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as exc:
        raise ServeError(f"cannot bind {host}: {exc.strerror}; pass --host an address of this machine "
                         "(default 127.0.0.1)") from exc
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn does
        try:
            probe.bind(address)
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                raise ServeError(f"port {port} on {host} is already in use (another ubcal serve?): stop it "
                                 f"or pass --port N") from exc
            if exc.errno == errno.EACCES:
                raise ServeError(f"no permission to bind port {port} on {host}: pass --port N above 1023") from exc
            raise ServeError(f"cannot bind {host}:{port}: {exc.strerror}; pass another --host or --port") from exc


def serve(settings: Settings, host: str, port: int, version: str | None = None) -> None:
    import uvicorn

    check_address(host, port)
    log_to_stderr()
    limit_malloc_arenas()
    arrow_on_the_system_allocator()
    holder = VersionHolder(settings, version)
    holder.start()
    holder.warm()
    app = create_app(holder, settings, host=host)
    serving = holder.current or f"nothing yet ({holder.problem})"
    print(f"ubcal serve: http://{host}:{port}/ answering from {serving}"
          + ("" if version else "; following CURRENT"), file=sys.stderr, flush=True)
    uvicorn.run(app, host=host, port=port, log_level="warning", access_log=False)

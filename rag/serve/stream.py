"""Running one question in a worker thread while its stages stream out as server-sent events.

The answering code is synchronous and slow in places (the model), so it runs
in a thread; each ``trace.add`` there is handed to the event loop at once and
written to the client as an SSE ``stage`` event. The first event
(``accepted``) is written before any work starts, so a client sees the
request was taken within milliseconds. If the client goes away, the next
stage the worker reaches raises ``ClientGone``, so an abandoned question stops
before it queues for the model (and one already waiting leaves the queue).
``run_watched`` does the same watching for the JSON ``/api/ask``, which has no
events to write: a client that hung up stops its question there too.
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
from concurrent.futures import Executor
from typing import AsyncIterator, Awaitable, Callable

from rag.answer.trace import Trace


class ClientGone(Exception):
    """The client that asked disconnected; stop working on its question."""


def sse(event: str, data: dict) -> str:
    """One server-sent event; JSON keeps every newline inside ``data`` escaped."""
    return f"event: {event}\ndata: {json.dumps(data, ensure_ascii=False, default=str)}\n\n"


POLL_DISCONNECT_SECONDS = 0.25


async def run_watched(run: Callable[[Trace, threading.Event], dict], executor: Executor,
                      disconnected: Callable[[], Awaitable[bool]]) -> dict:
    """The answer record ``run`` returns, worked out in ``executor`` while the client is watched.

    If the client disconnects first, raises ``ClientGone`` at once, and the worker stops at its next
    stage (``gone`` is set; the trace raises ``ClientGone`` there, as in ``stream_answer``).
    """
    loop = asyncio.get_running_loop()
    gone = threading.Event()

    def on_event(event: dict) -> None:
        if gone.is_set():
            raise ClientGone()

    future = loop.run_in_executor(executor, run, Trace(on_event=on_event), gone)
    future.add_done_callback(lambda f: f.cancelled() or f.exception())  # an abandoned one's error is expected
    try:
        while True:
            done, _ = await asyncio.wait({future}, timeout=POLL_DISCONNECT_SECONDS)
            if done:
                return future.result()
            if await disconnected():
                raise ClientGone()
    finally:
        gone.set()  # reached on normal end too, when it no longer matters


async def stream_answer(run: Callable[[Trace, threading.Event], dict], executor: Executor,
                        describe_error: Callable[[BaseException], tuple[int, str]],
                        disconnected: Callable[[], Awaitable[bool]]) -> AsyncIterator[str]:
    """Events for one question: ``accepted``, a ``stage`` per trace event, then ``answer`` or ``error``.

    ``run`` answers with the given trace (and ``gone``, set once the client left) and returns the
    answer record; ``describe_error`` turns an
    exception into the (HTTP status, message) the JSON API would have sent. ``disconnected`` is
    polled while no event is due, since a write is the only other way to learn the client left.
    """
    loop = asyncio.get_running_loop()
    queue: asyncio.Queue = asyncio.Queue()
    gone = threading.Event()
    start = time.perf_counter()

    def push(kind: str, data: dict | None) -> None:
        loop.call_soon_threadsafe(queue.put_nowait, (kind, data))

    def on_event(event: dict) -> None:
        if gone.is_set():
            raise ClientGone()
        push("stage", event)

    def work() -> None:
        try:
            push("answer", run(Trace(on_event=on_event, _start=start), gone))
        except ClientGone:
            pass
        except Exception as exc:  # every failure becomes an error event; the stream always ends cleanly
            status, message = describe_error(exc)
            push("error", {"status": status, "message": message})
        finally:
            push("end", None)

    yield sse("accepted", {"step": "accepted", "t_ms": round((time.perf_counter() - start) * 1000, 1)})
    loop.run_in_executor(executor, work)
    getter: asyncio.Future | None = None
    try:
        while True:
            getter = getter or asyncio.ensure_future(queue.get())  # one pending get: no event is lost
            done, _ = await asyncio.wait({getter}, timeout=POLL_DISCONNECT_SECONDS)
            if not done:
                if await disconnected():
                    break
                continue
            kind, data = getter.result()
            getter = None
            if kind == "end":
                break
            yield sse(kind, data)
    finally:
        gone.set()  # reached on normal end too, when it no longer matters
        if getter is not None:
            getter.cancel()

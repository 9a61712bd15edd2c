"""One model and one embedder shared by every request, each behind its own lock.

llama.cpp contexts are not thread-safe and a fast tokenizer raises "Already
borrowed" when two threads use it at once, so each is serialised. They have
separate locks so retrieval (which needs only the embedder, a few
milliseconds) never queues behind generation (seconds). A request that
waits for the model says so in its trace, and the model's queue is bounded:
beyond ``MODEL_QUEUE_LIMIT`` a request is refused at once instead of waiting minutes.

The queue counts every call holding or waiting for the model, and its limit is
half the worker threads: were it the worker count, the workers would run out
before the queue filled (so the refusal could never happen) and questions that
need no model would wait for a free worker behind ones that do.
"""

from __future__ import annotations

import contextvars
import threading
import time
from contextlib import contextmanager

from rag.serve.stream import ClientGone
from rag.answer.trace import Trace

WORKERS = 32  # threads answering questions at once (the server's pool)
MODEL_QUEUE_LIMIT = WORKERS // 2  # calls holding or waiting for the model; one more is refused (503)
POLL_GONE_SECONDS = 0.25  # how often a call waiting for the model checks whether its client left

# The trace of the request the current thread is working for (set by the server around each ask),
# so shared objects can report into it without changing the answering code's signatures.
current_trace: contextvars.ContextVar[Trace | None] = contextvars.ContextVar("current_trace", default=None)
# Set when that request's client has gone: a call waiting for the model then leaves the queue.
current_gone: contextvars.ContextVar[threading.Event | None] = contextvars.ContextVar("current_gone", default=None)


class ModelBusy(RuntimeError):
    """Too many requests are already waiting for the model."""


class LockedLLM:
    """Wraps ``LocalLLM``: every call that touches the llama.cpp context holds one lock.

    ``queued`` counts the calls holding or waiting for the lock; a call that would make it exceed
    ``max_queue`` raises ``ModelBusy`` at once. A call whose client has gone (``current_gone``)
    leaves the queue instead of waiting its turn.
    """

    def __init__(self, llm, max_queue: int = MODEL_QUEUE_LIMIT) -> None:
        self._llm = llm
        self._lock = threading.Lock()
        self._count_lock = threading.Lock()
        self.max_queue = max_queue
        self.queued = 0
        self.calls = 0

    def __getattr__(self, name: str):  # model_id, context_tokens, path, settings, llama …
        return getattr(self._llm, name)

    @property
    def waiting(self) -> int:
        """Calls in the queue behind the one using the model."""
        return max(0, self.queued - 1)

    @contextmanager
    def _turn(self, what: str):
        with self._count_lock:
            if self.queued >= self.max_queue:
                raise ModelBusy(f"{self.queued} questions are already queued for the model (the limit is "
                                f"{self.max_queue}); try again shortly")
            self.queued += 1
            ahead = self.queued - 1
        start = time.perf_counter()
        acquired = False
        try:
            acquired = self._lock.acquire(blocking=False)
            if not acquired:
                trace = current_trace.get()
                if trace is not None and (not trace.events or trace.events[-1]["step"] != "model_wait"):
                    trace.add("model_wait", ahead=ahead, note="the model answers one question at a time")
                gone = current_gone.get()
                while not (acquired := self._lock.acquire(timeout=POLL_GONE_SECONDS)):
                    if gone is not None and gone.is_set():
                        raise ClientGone()
            waited = time.perf_counter() - start
            self.calls += what == "chat"
            yield waited
        finally:
            if acquired:
                self._lock.release()
            with self._count_lock:
                self.queued -= 1

    def chat(self, messages, max_tokens=None):
        with self._turn("chat"):
            return self._llm.chat(messages, max_tokens)

    def count_tokens(self, text: str) -> int:
        with self._turn("tokens"):
            return self._llm.count_tokens(text)

    def chat_prompt(self, messages):
        with self._turn("tokens"):
            return self._llm.chat_prompt(messages)

    def yes_no_margin(self, messages) -> float:
        with self._turn("chat"):
            return self._llm.yes_no_margin(messages)


class LockedEmbedder:
    """Wraps ``Embedder``: encoding holds a lock of its own (the tokenizer is not re-entrant)."""

    def __init__(self, embedder) -> None:
        self._embedder = embedder
        self._lock = threading.Lock()

    def __getattr__(self, name: str):
        return getattr(self._embedder, name)

    def encode(self, texts, show_progress: bool = False):
        with self._lock:
            return self._embedder.encode(texts, show_progress)

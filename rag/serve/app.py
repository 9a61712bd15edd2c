"""The HTTP face of ``ubcal serve``: a JSON API, a streamed ask, and one web page.

FastAPI (on Starlette, served by uvicorn) gives request validation, streaming
responses that notice a departed client, and a test client, without a
hand-written HTTP server. Every error leaves as ``{"status": N, "error":
"message"}`` with a 4xx/5xx status; nothing a request names becomes a file
path except a version id that has first matched ``[0-9a-f]{16}``.

Only what the client can fix is a 4xx (a bad question, field or version id) or
a documented state (no version yet, model queue full, a version failing its
checksums). Anything else is a bug or a server-side problem: it is logged with
its traceback under a request id, and the client gets 500 with that id and no
exception text (which could name files of the store).
"""

from __future__ import annotations

import logging
import os
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from importlib import resources
from typing import Literal

from fastapi import FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response, StreamingResponse
from pydantic import BaseModel, ConfigDict, Field
from starlette.datastructures import MutableHeaders
from starlette.exceptions import HTTPException as StarletteHTTPException

from rag.answer import AskRequest, QuestionError
from rag.answer.graph import (DEFAULT_DEPTH, GraphError, GraphvizMissing, UnknownCourse, build_graph, can_render,
                              render)
from rag.index.audit import read_audit
from rag.index.config import Settings
from rag.serve.holder import BadVersionId, UnknownVersion, VersionHolder
from rag.serve.limits import BodySizeLimit, HostCheck, allowed_hosts
from rag.serve.shared import WORKERS, ModelBusy, current_gone, current_trace
from rag.serve.stream import ClientGone, run_watched, stream_answer
from rag.index.edition_diff import (BadCourseCode, CourseNotInEditions, EditionNotHeld, FactsMissing, NotEnoughEditions,
                                    compare_course, course_code, edition_facts, edition_sides)
from rag.index.editions import edition_current, edition_of, resolve_edition, store_editions, version_editions
from rag.index.facts import FactStore
from rag.index.store import IntegrityError, NoPublishedVersion, StoreError
from rag.answer.trace import Trace
from rag.index.versions import diff_versions, list_versions

ASSETS = {"/": ("page.html", "text/html; charset=utf-8"), "/page.js": ("page.js", "text/javascript; charset=utf-8"),
          "/page.css": ("page.css", "text/css; charset=utf-8")}
# Scripts only from this server's own files: even text that slipped into the DOM as markup could not run.
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
                               "img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer", "Cache-Control": "no-store"}
class UnknownEdition(StoreError):
    """An ``edition`` the store holds no version of; the message lists the editions it holds."""


# The exceptions a client is told about; every other one is a 500 with a request id only.
ERROR_STATUS: list[tuple[type[BaseException], int]] = [
    (QuestionError, 422), (BadVersionId, 400), (UnknownVersion, 404), (UnknownEdition, 404),
    (NoPublishedVersion, 503),
    (ModelBusy, 503), (IntegrityError, 409), (UnknownCourse, 404), (GraphError, 422), (GraphvizMissing, 503),
    (BadCourseCode, 422), (EditionNotHeld, 404), (CourseNotInEditions, 404), (NotEnoughEditions, 409),
    (FactsMissing, 409)]
CLIENT_GONE_STATUS = 499  # nginx's "client closed request": written to nobody, but the log says what happened
log = logging.getLogger("ubcal.serve")


class AskBody(BaseModel):
    """The JSON body of /api/ask; checked here, then handed to the pipeline as an ``AskRequest``."""
    model_config = ConfigDict(extra="forbid")
    question: str = Field(description="The question; empty or longer than UBCAL_MAX_QUESTION_CHARS is refused.")
    route: Literal["auto", "simple", "complex"] = "auto"
    mode: Literal["hybrid", "bm25", "dense"] = "hybrid"
    top_k: int | None = Field(default=None, ge=1, le=50)
    version: str | None = Field(default=None, description="A version id; default: the one CURRENT names.")
    edition: str | None = Field(default=None, max_length=20,
                                description="A calendar edition (2025/26): its current version answers; "
                                            "default: the newest edition's (CURRENT).")


def error_status(exc: BaseException) -> tuple[int, str]:
    """(HTTP status, message) for an exception: its own words if the client can act on them, else a
    500 naming a request id under which the exception and its traceback are logged."""
    for kind, status in ERROR_STATUS:
        if isinstance(exc, kind):
            return status, str(exc)
    request_id = uuid.uuid4().hex[:12]
    log.error("request %s failed with an internal error", request_id, exc_info=exc)
    return 500, f"internal error (request id {request_id}; the server's log has the details)"


def error_response(status: int, message: str) -> JSONResponse:
    return JSONResponse({"status": status, "error": message}, status_code=status)


class SecurityHeaders:
    """``SECURITY_HEADERS`` on every response. Plain ASGI: Starlette's ``BaseHTTPMiddleware`` would hide
    a client's disconnect from ``Request.is_disconnected`` (so ``/api/ask`` could not stop)."""

    def __init__(self, app) -> None:
        self.app = app

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message) -> None:
            if message["type"] == "http.response.start":
                MutableHeaders(scope=message).update(SECURITY_HEADERS)
            await send(message)

        await self.app(scope, receive, with_headers)


class InternalErrors:
    """Any exception no handler took becomes ``error_status``'s 500 (logged, no internals), not
    Starlette's plain-text page and a second traceback from uvicorn."""

    def __init__(self, app) -> None:
        self.app = app

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def watch(message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, receive, watch)
        except Exception as exc:
            status, message = error_status(exc)  # logged there
            if not started:
                await error_response(status, message)(scope, receive, send)


def create_app(holder: VersionHolder, settings: Settings, host: str | None = None) -> FastAPI:
    """The application; ``host`` is the address bound (default ``UBCAL_SERVE_HOST``), which Host
    headers may name besides localhost and ``UBCAL_SERVE_ALLOWED_HOSTS``."""
    executor = ThreadPoolExecutor(max_workers=WORKERS, thread_name_prefix="ubcal-ask")
    started = time.time()
    counters = {"in_flight": 0, "answered": 0, "failed": 0, "abandoned": 0}
    counting = threading.Lock()

    def count(name: str, by: int = 1) -> None:
        with counting:
            counters[name] += by
    diff_cache: dict[tuple[str, str], dict] = {}  # versions never change once published
    facts_cache: dict[str, FactStore] = {}  # the same: an edition comparison reads a version's facts once

    def facts_of(version_id: str) -> FactStore:
        """A version's fact tables (0.2-0.4 s to read for the real calendar), kept for the last four."""
        facts = facts_cache.get(version_id)
        if facts is None:
            facts = edition_facts(holder.layout, version_id)
            with counting:
                while len(facts_cache) >= 4:
                    facts_cache.pop(next(iter(facts_cache)))
                facts_cache[version_id] = facts
        return facts

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        yield
        executor.shutdown(wait=False, cancel_futures=True)
        holder.stop()

    app = FastAPI(title="ubcal", version="1", lifespan=lifespan, docs_url=None, redoc_url=None)
    # innermost first: the body limit, then the catch-all for errors, then the Host check (so a foreign
    # Host is refused before any body is read), then the security headers on every response
    app.add_middleware(BodySizeLimit, max_bytes=settings.serve_max_body_bytes)
    app.add_middleware(InternalErrors)
    app.add_middleware(HostCheck, allowed=allowed_hosts(host or settings.serve_host, settings.serve_allowed_hosts))
    app.add_middleware(SecurityHeaders)

    for kind, _ in ERROR_STATUS:
        app.add_exception_handler(kind, lambda request, exc: error_response(*error_status(exc)))

    @app.exception_handler(RequestValidationError)
    async def invalid_request(request: Request, exc: RequestValidationError):
        errors = exc.errors()
        if any(e.get("type") == "json_invalid" for e in errors):
            where = next(e for e in errors if e.get("type") == "json_invalid").get("ctx", {}).get("error", "")
            return error_response(400, f"the request body is not valid JSON ({where})".replace(" ()", ""))
        parts = [f"{'.'.join(str(p) for p in e.get('loc', ()) if p != 'body') or 'body'}: {e.get('msg')}"
                 for e in errors]
        return error_response(422, "; ".join(parts))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException):
        return error_response(exc.status_code, str(exc.detail))

    def check_question(body: AskBody) -> None:
        """The cheap checks, before a stream starts, so bad input gets a 4xx status rather than an event."""
        question = body.question.strip()
        if not question:
            raise QuestionError("the question is empty")
        if len(question) > settings.max_question_chars:
            raise QuestionError(f"the question is {len(question)} characters long; the limit is "
                                f"{settings.max_question_chars} (UBCAL_MAX_QUESTION_CHARS)")
        if body.version:
            holder.check_id(body.version)
        elif holder.current is None and not body.edition:
            raise NoPublishedVersion(holder.problem or "no index version is being served")
        version_for(body)

    def version_for(body: AskBody) -> str | None:
        """The version a request names: ``version``, else ``edition``'s current version, else None (CURRENT)."""
        if not body.edition:
            return body.version
        try:
            resolved = resolve_edition(holder.layout, body.edition)
            if body.version and edition_of(holder.layout.read_manifest(body.version)) != edition_of(
                    holder.layout.read_manifest(resolved)):
                raise QuestionError(f"version {body.version} is not of edition {body.edition}: "
                                    "send version or edition, not both")
        except (QuestionError, UnknownVersion):
            raise
        except StoreError as exc:
            raise UnknownEdition(str(exc)) from exc
        return body.version or resolved

    def answer(body: AskBody, trace: Trace, gone) -> dict:
        """Runs in a worker thread: answer from the requested version, holding it open meanwhile.

        ``gone`` is set when the client leaves; the trace then stops the answer at its next stage,
        and a wait for the model ends at once."""
        token = current_trace.set(trace)
        gone_token = current_gone.set(gone)
        count("in_flight")
        try:
            version = version_for(body)
            with holder.use(version) as answerer:
                result = answerer.ask(AskRequest(body.question, route=body.route, mode=body.mode,
                                                 top_k=body.top_k, version=version, trace=trace))
            count("answered")
            return {**result.to_dict(), "trace": result.trace.events}
        except ClientGone:
            count("abandoned")
            raise
        except BaseException:
            count("failed")
            raise
        finally:
            count("in_flight", -1)
            current_gone.reset(gone_token)
            current_trace.reset(token)

    # -- page -----------------------------------------------------------------------------------------
    def asset(path: str):
        """An endpoint for one fixed file of the package: no part of a request names a file."""
        name, media = ASSETS[path]

        def endpoint() -> Response:
            return Response(resources.files("rag.serve").joinpath(name).read_bytes(), media_type=media)
        return endpoint

    for path in ASSETS:
        app.add_api_route(path, asset(path), methods=["GET"], include_in_schema=False)

    @app.get("/favicon.ico", include_in_schema=False)
    def favicon() -> Response:
        """No icon, said without an error: a browser that asks anyway logs no 404 in its console."""
        return Response(status_code=204)

    # -- API ------------------------------------------------------------------------------------------
    @app.post("/api/ask")
    async def ask(body: AskBody, request: Request):
        check_question(body)
        try:
            return await run_watched(lambda trace, gone: answer(body, trace, gone), executor,
                                     request.is_disconnected)
        except ClientGone:  # the worker stops at its next stage
            return Response(status_code=CLIENT_GONE_STATUS)

    @app.post("/api/ask/stream")
    async def ask_stream(body: AskBody, request: Request):
        check_question(body)
        return StreamingResponse(stream_answer(lambda trace, gone: answer(body, trace, gone), executor,
                                               error_status, request.is_disconnected),
                                 media_type="text/event-stream", headers={"X-Accel-Buffering": "no"})

    @app.get("/api/graph")
    def graph(course: str = Query(..., max_length=40, description='a course code, "CPSC 221"'),
              depth: int = Query(DEFAULT_DEPTH, ge=1, le=6), direction: Literal["needs", "opens", "both"] = "needs",
              version: str | None = Query(None, description="a version id; default: the one CURRENT names")):
        """The prerequisite graph around a course as SVG (laid out by Graphviz), from the facts of the
        version that answers (so the picture and the answer beside it agree)."""
        with holder.use(version) as answerer:
            facts = answerer.index.facts
        if facts is None:
            raise GraphError(f"index version {answerer.index.version_id} has no fact tables: rebuild it")
        return Response(render(build_graph(facts, course, direction, depth), "svg"), media_type="image/svg+xml")

    @app.get("/api/versions")
    def versions():
        return {"current": holder.layout.current_id(), "serving": holder.current,
                "versions": list_versions(holder.layout)}

    @app.get("/api/editions")
    def editions():
        """The editions the store holds, newest first, each with its current version; ``default`` is
        the edition CURRENT is (what a request without ``edition`` answers from)."""
        known = version_editions(holder.layout)
        current = holder.layout.current_id()
        return {"default": known[current][0] if current in known else None,
                "editions": [{"edition": e, "version": edition_current(holder.layout, e, known)}
                             for e in store_editions(holder.layout)]}

    @app.get("/api/editions/compare")
    def compare_editions(course: str = Query(..., max_length=40, description='a course code, "COMM 324"'),
                         old: str | None = Query(None, max_length=20, description="default: the second newest edition"),
                         new: str | None = Query(None, max_length=20, description="default: the newest edition")):
        """One course in two editions, facet by facet with a word diff, from each edition's current version."""
        code = course_code(course)
        sides = edition_sides(holder.layout, old, new)
        with holder.leased(*{s.version_id for s in sides}):
            facts = [facts_of(s.version_id) for s in sides]
        return compare_course(code, sides, facts[0].courses.get(code), facts[1].courses.get(code))

    @app.get("/api/versions/{version_id}")
    def manifest(version_id: str):
        with holder.leased(version_id):
            return holder.layout.read_manifest(version_id)

    @app.get("/api/diff")
    def diff(a: str = Query(..., description="older version id"), b: str = Query(..., description="newer version id")):
        with holder.leased(a, b):
            cached = diff_cache.get((a, b))
            if cached is None:
                cached = diff_versions(holder.layout, a, b)
                with counting:
                    while len(diff_cache) >= 32:
                        diff_cache.pop(next(iter(diff_cache)))
                    diff_cache[(a, b)] = cached
            return cached

    @app.get("/api/audit")
    def audit(limit: int = Query(100, ge=1, le=10000)):
        return {"records": read_audit(holder.layout)[-limit:]}

    @app.get("/api/health")
    def health():
        status = holder.status()
        state = "ok" if status["serving"] and not status["problem"] else (
            "degraded" if status["serving"] else "no_version")
        return {"status": state, **status, "model": holder.llm.model_id, "model_waiting": holder.llm.waiting,
                "model_queue": holder.llm.queued, "model_queue_limit": holder.llm.max_queue,
                "model_calls": holder.llm.calls, **counters, "uptime_s": round(time.time() - started, 1),
                "pid": os.getpid(), "rss_bytes": _rss(), "graphs": can_render()}

    return app


def _rss() -> int:
    import psutil

    return psutil.Process().memory_info().rss

"""What `ubcal serve` refuses and how it fails: the model queue's 503, the Host check, 500s without
internals, version ids matched whole, and a JSON ask abandoned when its client hangs up.

The app runs in-process under uvicorn on 127.0.0.1 over a stand-in answerer whose questions block
on events the test controls, so every state (a full model queue, a question mid-way) is reached by
waiting for it, never by timing.
"""

from __future__ import annotations

import json
import socket
import threading
import time
from contextlib import contextmanager
from types import SimpleNamespace

import httpx
import pytest

from rag.answer import QuestionError
from rag.index.config import Settings
from rag.serve.holder import BadVersionId, UnknownVersion, VersionHolder
from rag.serve.limits import allowed_hosts, host_name
from rag.serve.shared import MODEL_QUEUE_LIMIT, WORKERS, LockedLLM, ModelBusy, current_gone
from rag.serve.stream import ClientGone

VID = "0123456789abcdef"
SECRET = "/secret/store/path"
WAIT = 60.0  # the most any bounded wait below lasts; nothing asserts how long anything took


def wait_for(predicate, what: str, timeout: float = WAIT):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.02)
    raise AssertionError(f"timed out waiting for {what}")


class BlockingLLM:
    """A model whose every call waits until the test opens the gate."""

    model_id = "blocking-test-model"

    def __init__(self) -> None:
        self.gate = threading.Event()

    def chat(self, messages, max_tokens=None):
        assert self.gate.wait(WAIT), "the test never opened the model's gate"
        return "a model answer"


class FakeAnswerer:
    """Answers by the question: "model" calls the model, "slow" ticks through stages, else at once."""

    def __init__(self) -> None:
        self.llm = None  # the holder's LockedLLM, set by the fixture
        self.slow_started = threading.Event()
        self.slow_finished = threading.Event()

    def ask(self, request):
        question, trace = request.question, request.trace
        trace.add("question", chars=len(question))
        text = "a fact answer"
        if question == "model":
            text = self.llm.chat([{"role": "user", "content": question}])
        elif question == "slow":
            self.slow_started.set()
            for i in range(int(WAIT / 0.01)):  # bounded; each stage raises ClientGone once the client left
                trace.add("tick", i=i)
                time.sleep(0.01)
            self.slow_finished.set()
        trace.add("answer")
        return SimpleNamespace(to_dict=lambda: {"question": question, "answer": text}, trace=trace)


class FakeHolder(VersionHolder):
    """The real holder's id checks, leases and status over a store with one empty version."""

    def __init__(self, settings: Settings, answerer: FakeAnswerer) -> None:
        super().__init__(settings, llm=LockedLLM(BlockingLLM()), embedder=object())
        self._current = VID
        self.answerer = answerer

    @contextmanager
    def use(self, version_id=None):
        if version_id:
            self.check_id(version_id)
        yield self.answerer


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def app_server(tmp_path_factory):
    import uvicorn

    from rag.serve.app import create_app

    store = tmp_path_factory.mktemp("limits") / "store"
    (store / "versions" / VID).mkdir(parents=True)
    (store / "versions" / VID / "manifest.json").write_text(json.dumps({"id": VID, "files": {}}))
    settings = Settings.from_env(store=store, serve_allowed_hosts="ubcal.test, [fd00::1]")
    answerer = FakeAnswerer()
    holder = FakeHolder(settings, answerer)
    answerer.llm = holder.llm
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(create_app(holder, settings, host="127.0.0.1"), host="127.0.0.1",
                                           port=port, log_level="warning", lifespan="on"))
    thread = threading.Thread(target=server.run, name="test-uvicorn", daemon=True)
    thread.start()
    wait_for(lambda: server.started, "the in-process server to start")
    yield SimpleNamespace(url=f"http://127.0.0.1:{port}", port=port, holder=holder, answerer=answerer)
    holder.llm._llm.gate.set()
    server.should_exit = True
    thread.join(WAIT)


def health(app_server) -> dict:
    return httpx.get(app_server.url + "/api/health").json()


# -- the model's queue ---------------------------------------------------------------------------------
def test_the_queue_limit_is_below_the_worker_count():
    assert MODEL_QUEUE_LIMIT < WORKERS  # else the workers run out first and the 503 can never happen


def test_a_full_model_queue_counts_the_call_using_the_model_and_refuses_the_next():
    llm = LockedLLM(BlockingLLM(), max_queue=2)
    results: list[str] = []
    threads = [threading.Thread(target=lambda: results.append(llm.chat([]))) for _ in range(2)]
    for t in threads:
        t.start()
    wait_for(lambda: llm.queued == 2, "one call using the model and one waiting")
    assert llm.waiting == 1
    with pytest.raises(ModelBusy, match="limit is 2"):
        llm.chat([])
    llm._llm.gate.set()
    for t in threads:
        t.join(WAIT)
    assert results == ["a model answer"] * 2 and llm.queued == 0 and llm.calls == 2


def test_a_call_whose_client_left_leaves_the_model_queue():
    llm = LockedLLM(BlockingLLM(), max_queue=2)
    holder_thread = threading.Thread(target=llm.chat, args=([],))
    holder_thread.start()
    wait_for(lambda: llm.queued == 1, "a call using the model")
    gone, outcome = threading.Event(), []

    def waiter():
        current_gone.set(gone)
        try:
            llm.chat([])
            outcome.append("answered")
        except ClientGone:
            outcome.append("left")

    t = threading.Thread(target=waiter)
    t.start()
    wait_for(lambda: llm.queued == 2, "the second call to queue")
    gone.set()
    t.join(WAIT)
    assert outcome == ["left"] and llm.queued == 1  # its place is free while the first still runs
    llm._llm.gate.set()
    holder_thread.join(WAIT)
    assert llm.queued == 0


def test_503_when_the_model_queue_is_full_while_questions_without_the_model_go_on(app_server):
    gate = app_server.holder.llm._llm.gate
    gate.clear()
    statuses: list[int] = []

    def ask_model():
        statuses.append(httpx.post(app_server.url + "/api/ask", json={"question": "model"}, timeout=WAIT).status_code)

    threads = [threading.Thread(target=ask_model) for _ in range(MODEL_QUEUE_LIMIT)]
    try:
        for t in threads:
            t.start()
        h = wait_for(lambda: (lambda h: h if h["model_queue"] == MODEL_QUEUE_LIMIT else None)(health(app_server)),
                     "the model queue to fill")
        assert h["model_queue_limit"] == MODEL_QUEUE_LIMIT and h["model_waiting"] == MODEL_QUEUE_LIMIT - 1
        for path in ("/api/ask", "/api/ask/stream"):
            r = httpx.post(app_server.url + path, json={"question": "model"}, timeout=WAIT)
            if path == "/api/ask":
                assert r.status_code == 503 and r.json()["status"] == 503
                assert "queued for the model" in r.json()["error"]
            else:  # the stream is accepted first; the refusal comes as its error event
                assert r.status_code == 200 and '"status": 503' in r.text and "queued for the model" in r.text
        fact = httpx.post(app_server.url + "/api/ask", json={"question": "no model needed"}, timeout=WAIT)
        assert fact.status_code == 200 and fact.json()["answer"] == "a fact answer"
    finally:
        gate.set()
        for t in threads:
            t.join(WAIT)
    assert statuses == [200] * MODEL_QUEUE_LIMIT
    assert health(app_server)["model_queue"] == 0


# -- the Host header ----------------------------------------------------------------------------------
@pytest.mark.parametrize("header, name", [
    ("127.0.0.1:8000", "127.0.0.1"), ("LocalHost", "localhost"), ("[::1]:8000", "::1"), ("[::1]", "::1"),
    ("evil.example:80", "evil.example"), ("::1", ""), ("a:b", ""), ("[::1]x", ""), ("", ""), ("x:1:2", "")])
def test_host_name_of_a_host_header(header, name):
    assert host_name(header) == name


def test_allowed_hosts():
    assert allowed_hosts("127.0.0.1", "") == {"localhost", "127.0.0.1", "::1"}
    assert allowed_hosts("0.0.0.0", " my.box , [fe80::1]") == {"localhost", "127.0.0.1", "::1", "my.box", "fe80::1"}
    assert "10.0.0.5" in allowed_hosts("10.0.0.5", "")
    assert allowed_hosts("127.0.0.1", "a, *") is None  # any


@pytest.mark.parametrize("host", ["localhost", "127.0.0.1", "[::1]", "ubcal.test", "UBCAL.TEST", "[fd00::1]"])
def test_loopback_names_and_allowed_hosts_are_served(app_server, host):
    r = httpx.get(app_server.url + "/api/health", headers={"Host": f"{host}:{app_server.port}"})
    assert r.status_code == 200 and r.json()["serving"] == VID


@pytest.mark.parametrize("host", ["evil.example", "localhost.evil.example", "127.0.0.1.nip.io", "ubcal.test.evil"])
def test_a_foreign_host_header_is_refused(app_server, host):
    """DNS rebinding: a page on evil.example whose name now resolves to 127.0.0.1 must not be answered."""
    r = httpx.get(app_server.url + "/api/health", headers={"Host": f"{host}:{app_server.port}"})
    assert r.status_code == 400 and r.json()["status"] == 400
    assert "UBCAL_SERVE_ALLOWED_HOSTS" in r.json()["error"] and "content-security-policy" in r.headers
    # refused before the body is read: an oversized body is a 400 for the host, not a 413
    r = httpx.post(app_server.url + "/api/ask", content=b"x" * 100_000,
                   headers={"Host": host, "content-type": "application/json"})
    assert r.status_code == 400
    assert httpx.get(app_server.url + "/").status_code == 200  # and the server goes on serving


def test_a_request_without_a_host_header_is_refused(app_server):
    with socket.create_connection(("127.0.0.1", app_server.port), timeout=WAIT) as s:
        s.sendall(b"GET /api/health HTTP/1.0\r\n\r\n")
        reply = b""
        while chunk := s.recv(65536):
            reply += chunk
    assert reply.startswith(b"HTTP/1.1 400") and b"(none)" in reply


# -- errors -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("exc", [RuntimeError(SECRET), ValueError(f"bad value in {SECRET}"), KeyError(SECRET),
                                 OSError(2, "No such file", SECRET)])
def test_an_internal_error_is_a_500_with_a_request_id_and_no_internals(app_server, monkeypatch, caplog, exc):
    def broken(*args, **kwargs):
        raise exc

    monkeypatch.setattr(app_server.answerer, "ask", broken)
    with caplog.at_level("ERROR", logger="ubcal.serve"):
        r = httpx.post(app_server.url + "/api/ask", json={"question": "anything"}, timeout=WAIT)
        with httpx.stream("POST", app_server.url + "/api/ask/stream", json={"question": "anything"},
                          timeout=WAIT) as s:
            streamed = s.read().decode()
    assert r.status_code == 500 and r.json()["status"] == 500
    error = r.json()["error"]
    assert "request id" in error and "secret" not in r.text and type(exc).__name__ not in r.text
    assert '"status": 500' in streamed and "request id" in streamed and "secret" not in streamed
    request_id = error.split("request id ")[1].split(";")[0]
    logged = [rec for rec in caplog.records if request_id in rec.getMessage()]
    assert logged and SECRET in "".join(str(rec.exc_info[1]) for rec in logged if rec.exc_info)


def test_an_internal_error_outside_ask_is_a_500_without_internals(app_server, monkeypatch):
    def broken():
        raise RuntimeError(SECRET)

    monkeypatch.setattr(app_server.holder, "status", broken)
    r = httpx.get(app_server.url + "/api/health")
    assert r.status_code == 500 and "request id" in r.json()["error"] and "secret" not in r.text
    assert "content-security-policy" in r.headers


def test_a_question_error_stays_a_422(app_server, monkeypatch):
    def refuse(*args, **kwargs):
        raise QuestionError("the question is not one I can read")

    monkeypatch.setattr(app_server.answerer, "ask", refuse)
    r = httpx.post(app_server.url + "/api/ask", json={"question": "anything"})
    assert r.status_code == 422 and r.json()["error"] == "the question is not one I can read"


# -- version ids --------------------------------------------------------------------------------------
@pytest.mark.parametrize("bad", [VID + "\n", VID + "\r\n", "\n" + VID, VID.upper(), VID[:-1], ""])
def test_a_version_id_must_match_whole(app_server, bad):
    with pytest.raises(BadVersionId):
        app_server.holder.check_id(bad)
    if bad:
        r = httpx.post(app_server.url + "/api/ask", json={"question": "anything", "version": bad})
        assert r.status_code == 400 and "is not a version id" in r.json()["error"]
    app_server.holder.check_id(VID)  # the real one passes
    with pytest.raises(UnknownVersion):
        app_server.holder.check_id("f" * 16)


def test_a_version_id_with_a_newline_in_the_url_is_refused(app_server):
    assert httpx.get(f"{app_server.url}/api/versions/{VID}%0A").status_code == 400
    assert httpx.get(f"{app_server.url}/api/versions/{VID}").json()["id"] == VID
    r = httpx.get(app_server.url + "/api/diff", params={"a": VID, "b": VID + "\n"})
    assert r.status_code == 400


# -- a client that hangs up ---------------------------------------------------------------------------
def test_a_json_ask_stops_when_its_client_disconnects(app_server):
    answerer = app_server.answerer
    answerer.slow_started.clear()
    answerer.slow_finished.clear()
    abandoned = health(app_server)["abandoned"]
    body = json.dumps({"question": "slow"}).encode()
    with socket.create_connection(("127.0.0.1", app_server.port), timeout=WAIT) as s:
        s.sendall(b"POST /api/ask HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                  + f"Content-Length: {len(body)}\r\n\r\n".encode() + body)
        assert answerer.slow_started.wait(WAIT)
    # the socket is closed with the question mid-way; it stops at its next stage
    h = wait_for(lambda: (lambda h: h if h["abandoned"] == abandoned + 1 else None)(health(app_server)),
                 "the question to be abandoned")
    assert h["in_flight"] == 0 and not answerer.slow_finished.is_set()
    r = httpx.post(app_server.url + "/api/ask", json={"question": "still serving?"})
    assert r.status_code == 200


def test_a_json_ask_whose_client_stays_gets_its_answer(app_server):
    r = httpx.post(app_server.url + "/api/ask", json={"question": "quick"}, timeout=WAIT)
    assert r.status_code == 200 and r.json()["answer"] == "a fact answer"
    assert [e["step"] for e in r.json()["trace"]] == ["question", "answer"]


"""`ubcal serve` over HTTP: a real server process on 127.0.0.1 over a store with three versions."""

from __future__ import annotations

import json
import threading
import time

import httpx
import pytest

from rag.index.store import StoreLayout
from rag.index.versions import gc
from tests.rag.serve.conftest import XSS_TEXT

DECLINE_Q = "Which prerequisites does CPSC 999 have?"  # an unknown course: answered without the model
MODEL_Q = "How does the Credit/D/Fail option apply to CPSC 221?"  # names a course; no fact settles it: the model


def events(response: httpx.Response) -> list[tuple[str, dict, float]]:
    """(event, data, seconds since the request) for each server-sent event."""
    out, kind, start = [], "message", time.perf_counter()
    for line in response.iter_lines():
        if line.startswith("event: "):
            kind = line[7:]
        elif line.startswith("data: "):
            out.append((kind, json.loads(line[6:]), time.perf_counter() - start))
    return out


def wait_for(predicate, timeout=30.0, what="condition"):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


def health(server) -> dict:
    return httpx.get(server.url + "/api/health").json()


def test_health_names_the_served_version(server, serve_store):
    _, (v1, v2, v3) = serve_store
    h = health(server)
    assert h["status"] == "ok" and h["serving"] == v2 and h["current_file"] == v2
    assert h["following_current"] is True and h["problem"] is None


def test_page_and_assets_are_served_with_a_strict_policy(server):
    page = httpx.get(server.url + "/")
    assert page.status_code == 200 and "text/html" in page.headers["content-type"]
    assert '<script src="/page.js"' in page.text
    assert "script-src 'self'" in page.headers["content-security-policy"]
    script = httpx.get(server.url + "/page.js")
    assert script.status_code == 200 and "javascript" in script.headers["content-type"]
    assert "innerHTML" not in script.text.replace("never innerHTML", "")  # data only ever as textContent
    assert httpx.get(server.url + "/page.css").status_code == 200
    # no favicon request from the page, and none that fails: a 404 would be logged in the browser's console
    assert '<link rel="icon" href="data:,">' in page.text
    assert httpx.get(server.url + "/favicon.ico").status_code == 204


def test_versions_manifest_diff_and_audit(server, serve_store):
    _, (v1, v2, v3) = serve_store
    data = httpx.get(server.url + "/api/versions").json()
    assert [v["id"] for v in data["versions"]] == [v3, v2, v1]
    assert data["current"] == v2 and data["serving"] == v2
    manifest = httpx.get(f"{server.url}/api/versions/{v1}").json()
    assert manifest["id"] == v1 and "chunks.parquet" in manifest["files"]
    d = httpx.get(server.url + "/api/diff", params={"a": v1, "b": v2}).json()
    assert d["from"] == v1 and d["pages_added"] == [
        "https://vancouver.calendar.ubc.ca/campus-wide-policies-and-regulations/examination-hazards"]
    d23 = httpx.get(server.url + "/api/diff", params={"a": v2, "b": v3}).json()
    [changed] = d23["pages_changed"]
    assert "+" + XSS_TEXT + " Phones must be switched off." in changed["sections_changed"][0]["diff"]
    records = httpx.get(server.url + "/api/audit", params={"limit": 5}).json()["records"]
    assert 0 < len(records) <= 5 and all("event" in r for r in records)


def test_a_question_without_the_model_is_answered_quickly_with_its_trace(server, serve_store):
    _, (v1, v2, v3) = serve_store
    r = httpx.post(server.url + "/api/ask", json={"question": DECLINE_Q})
    body = r.json()
    assert r.status_code == 200 and body["declined"] and "CPSC 999" in body["answer"]
    assert body["index_version"] == v2 and body["tokens"]["llm_calls"] == 0
    # speed is measured by benchmarks/bench_serve.py, not asserted here
    assert [e["step"] for e in body["trace"]][:4] == ["question", "entities", "understand", "route"]


@pytest.mark.llm
def test_model_answer_cites_calendar_sections_and_streams_every_stage(server, serve_store):
    _, (v1, v2, v3) = serve_store
    with httpx.stream("POST", server.url + "/api/ask/stream", json={"question": MODEL_Q}, timeout=120) as r:
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/event-stream")
        got = events(r)
    kinds = [k for k, _, _ in got]
    steps = [d.get("step") for k, d, _ in got if k in ("accepted", "stage")]
    assert kinds[0] == "accepted" and kinds[-1] == "answer"
    assert got[0][2] < got[-1][2]  # the first event arrived before the answer was ready
    for step in ("question", "entities", "understand", "route", "retrieve", "generate", "guard", "answer"):
        assert step in steps, (step, steps)
    assert steps.index("retrieve") < steps.index("generate") < steps.index("guard")
    hits = next(d for k, d, _ in got if d.get("step") == "retrieve")["hits"]  # why each excerpt ranked
    assert hits[0]["course_code"] == "CPSC 221" and hits[0]["pinned"]
    assert {"bm25", "dense"} <= set(hits[0]["ranks"]) and hits[0]["fused_rank"] >= 1
    answer = got[-1][1]
    assert answer["index_version"] == v2 and answer["citations"]
    assert any(c["citation"].startswith("https://vancouver.calendar.ubc.ca/course-descriptions/subject/cpscv#")
               for c in answer["citations"])


@pytest.mark.llm
def test_complex_question_streams_sub_questions_and_the_merge(server):
    q = "How does the Credit/D/Fail option apply to CPSC 221 and MATH 100?"  # two courses, no fact intent: the agent
    with httpx.stream("POST", server.url + "/api/ask/stream", json={"question": q, "route": "complex"},
                      timeout=180) as r:
        got = events(r)
    stages = {d["step"]: d for k, d, _ in got if k == "stage"}
    assert stages["route"]["path"] == "complex"
    # two named courses: the entity split is complete, so the model is not asked to decompose
    assert stages["decompose"]["source"] == "entity_split" and len(stages["decompose"]["subquestions"]) >= 2
    assert [d.get("hop") for k, d, _ in got if d.get("step") == "retrieve"] == list(
        range(len(stages["decompose"]["subquestions"])))
    assert stages["merge"]["kept"] >= 2 and got[-1][0] == "answer"


def test_retrieval_does_not_wait_behind_generation(server):
    """A question the model must answer is running; one that needs no model finishes first, quickly."""
    done: dict[str, float] = {}

    def slow():
        httpx.post(server.url + "/api/ask", json={"question": "How does the Credit/D/Fail option apply to MATH 100? Explain fully."},
                   timeout=180)
        done["model"] = time.perf_counter()

    worker = threading.Thread(target=slow)
    worker.start()
    wait_for(lambda: health(server)["in_flight"] >= 1, what="the model question to start")
    r = httpx.post(server.url + "/api/ask", json={"question": DECLINE_Q}, timeout=60)
    done["fast"] = time.perf_counter()
    worker.join()
    assert r.status_code == 200 and r.json()["tokens"]["llm_calls"] == 0
    assert done["fast"] < done["model"]  # how fast is for bench_serve.py to measure


def test_an_older_version_answers_when_asked_for_and_is_leased_against_gc(server, serve_store):
    layout, (v1, v2, v3) = serve_store
    r = httpx.post(server.url + "/api/ask", json={"question": DECLINE_Q, "version": v1})
    assert r.status_code == 200 and r.json()["index_version"] == v1
    assert any(o["id"] == v1 for o in health(server)["open_versions"])
    outcome = gc(layout, keep=1)  # v3 is newest, v2 is CURRENT, v1 is open in the server: nothing goes
    assert outcome["removed"] == [] and v1 in outcome["spared"]
    assert (layout.version_dir(v1) / "manifest.json").is_file()
    assert httpx.post(server.url + "/api/ask", json={"question": DECLINE_Q, "version": v1}).status_code == 200


@pytest.mark.parametrize("body, status, message", [
    ({"question": ""}, 422, "the question is empty"),
    ({"question": "   "}, 422, "the question is empty"),
    ({"question": "x" * 2001}, 422, "the limit is 2000"),
    ({"question": "hi", "version": "0123456789abcdef"}, 404, "does not exist"),
    ({"question": "hi", "version": "../../etc/passwd"}, 400, "is not a version id"),
    ({"question": "hi", "version": "0123456789abcdef\n"}, 400, "is not a version id"),  # matched whole
    ({"question": "hi", "route": "sideways"}, 422, "route"),
    ({"question": "hi", "top_k": 0}, 422, "top_k"),
    ({"question": "hi", "surprise": 1}, 422, "surprise"),
    ({"nothing": "here"}, 422, "question"),
])
@pytest.mark.parametrize("path", ["/api/ask", "/api/ask/stream"])
def test_bad_questions_get_clear_errors(server, path, body, status, message):
    r = httpx.post(server.url + path, json=body)
    assert r.status_code == status, r.text
    assert message in r.json()["error"] and r.json()["status"] == status


def test_malformed_oversized_and_misaddressed_requests(server, serve_store):
    _, (v1, v2, v3) = serve_store
    r = httpx.post(server.url + "/api/ask", content=b'{"question": "unterminated', headers={"content-type": "application/json"})
    assert r.status_code == 400 and "not valid JSON" in r.json()["error"]
    r = httpx.post(server.url + "/api/ask", content=b"x" * 20000, headers={"content-type": "application/json"})
    assert r.status_code == 413 and "limit" in r.json()["error"]

    def chunks():
        for _ in range(40):
            yield b"x" * 1000

    r = httpx.post(server.url + "/api/ask", content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code == 413  # no Content-Length: counted as it arrives
    assert httpx.get(f"{server.url}/api/versions/0123456789abcdef").status_code == 404
    assert httpx.get(f"{server.url}/api/versions/..%2F..%2Fetc%2Fpasswd").status_code in (400, 404)
    assert httpx.get(f"{server.url}/api/versions/notahexid").json()["status"] == 400
    assert httpx.get(server.url + "/api/diff", params={"a": v1, "b": "f" * 16}).status_code == 404
    assert httpx.get(server.url + "/api/diff", params={"a": v1}).status_code == 422
    assert httpx.get(server.url + "/api/nothing").status_code == 404
    assert httpx.get(server.url + "/api/audit", params={"limit": -1}).status_code == 422
    assert health(server)["status"] == "ok"


def test_only_requests_naming_this_server_are_answered(server):
    """DNS rebinding: a page whose own name came to resolve to 127.0.0.1 gets nothing (limits.HostCheck)."""
    for host in ("localhost", "127.0.0.1", "[::1]"):
        assert httpx.get(server.url + "/api/health", headers={"Host": f"{host}:{server.port}"}).status_code == 200
    r = httpx.post(server.url + "/api/ask", json={"question": DECLINE_Q},
                   headers={"Host": f"evil.example:{server.port}"})
    assert r.status_code == 400 and "UBCAL_SERVE_ALLOWED_HOSTS" in r.json()["error"]
    assert health(server)["status"] == "ok"


def test_a_client_that_disconnects_mid_stream_leaves_the_server_serving(server):
    with httpx.stream("POST", server.url + "/api/ask/stream", json={"question": MODEL_Q}, timeout=60) as r:
        first = next(r.iter_lines())
        assert first == "event: accepted"
    # closed after one event; the question is abandoned at its next stage
    wait_for(lambda: health(server)["in_flight"] == 0, timeout=120, what="the abandoned question to stop")
    r = httpx.post(server.url + "/api/ask", json={"question": DECLINE_Q})
    assert r.status_code == 200 and health(server)["status"] == "ok"


def test_question_text_comes_back_as_data(server):
    q = "<script>alert(1)</script> Which prerequisites does CPSC 999 have?"
    r = httpx.post(server.url + "/api/ask", json={"question": q})
    assert r.status_code == 200 and r.json()["question"] == q  # JSON carries it verbatim; the page escapes it


def test_new_version_is_served_without_restart_and_a_failing_one_never(server, serve_store):
    layout, (v1, v2, v3) = serve_store
    try:
        layout.switch_current(v3)  # what a publish does
        wait_for(lambda: health(server)["serving"] == v3, what="the server to follow CURRENT")
        assert httpx.post(server.url + "/api/ask", json={"question": DECLINE_Q}).json()["index_version"] == v3
        assert not any(o["id"] == v2 for o in health(server)["open_versions"])  # old one closed, lease released

        target = layout.version_dir(v2) / "chunks.parquet"
        original = target.read_bytes()
        flipped = bytearray(original)
        flipped[len(flipped) // 2] ^= 0xFF
        target.write_bytes(bytes(flipped))
        try:
            layout.switch_current(v2)  # CURRENT now names a version whose checksum fails
            h = wait_for(lambda: (lambda h: h if h["problem"] else None)(health(server)), what="the problem")
            assert h["status"] == "degraded" and h["serving"] == v3
            assert v2 in h["problem"] and "checksum" in h["problem"]
            r = httpx.post(server.url + "/api/ask", json={"question": DECLINE_Q})
            assert r.status_code == 200 and r.json()["index_version"] == v3
            r = httpx.post(server.url + "/api/ask", json={"question": DECLINE_Q, "version": v2})
            assert r.status_code == 409 and "checksum" in r.json()["error"]
        finally:
            target.write_bytes(original)
    finally:
        layout.switch_current(v2)
    wait_for(lambda: health(server)["serving"] == v2, timeout=60, what="the server to return to v2")


def test_an_empty_store_is_a_clear_503_and_the_server_picks_up_a_first_publish(serve_store, tmp_path):
    import shutil

    from rag.serve.launch import ServerProcess

    layout, (v1, v2, v3) = serve_store
    empty = StoreLayout(tmp_path / "store")
    with ServerProcess(empty.root, env={"UBCAL_SERVE_POLL_SECONDS": "0.2"}) as proc:
        h = health(proc)
        assert h["status"] == "no_version" and "run `ubcal build`" in h["problem"]
        for path in ("/api/ask", "/api/ask/stream"):
            r = httpx.post(proc.url + path, json={"question": DECLINE_Q})
            assert r.status_code == 503 and "run `ubcal build`" in r.json()["error"]
        assert httpx.get(proc.url + "/api/versions").json()["versions"] == []
        shutil.copytree(layout.version_dir(v1), empty.version_dir(v1))
        empty.switch_current(v1)
        wait_for(lambda: health(proc)["serving"] == v1, what="the first version to be served")
        assert httpx.post(proc.url + "/api/ask", json={"question": DECLINE_Q}).json()["index_version"] == v1


def test_serve_pinned_to_a_version_ignores_current_and_an_unknown_one_fails_to_start(serve_store):
    import subprocess
    import sys

    from rag.serve.launch import ROOT, ServerProcess

    layout, (v1, v2, v3) = serve_store
    with ServerProcess(layout.root, version=v1) as proc:
        h = health(proc)
        assert h["serving"] == v1 and h["current_file"] == v2 and h["following_current"] is False
        assert httpx.post(proc.url + "/api/ask", json={"question": DECLINE_Q}).json()["index_version"] == v1
    out = subprocess.run([sys.executable, "-m", "rag.cli", "serve", "--store", str(layout.root),
                          "--version", "0123456789abcdef"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 1 and "does not exist" in " ".join(out.stderr.split())

"""`ubcal serve` over a store with two editions: /api/editions, `edition` in /api/ask, the page's picker."""

import httpx
import pytest

QUESTION = "What are the prerequisites for STAT 201?"


@pytest.fixture(scope="module")
def editions_server(editions_store, tmp_path_factory):
    from rag.serve.launch import ServerProcess

    log = tmp_path_factory.mktemp("editions-serve-log") / "server.log"
    with ServerProcess(editions_store.layout.root, log=log) as proc:
        yield proc


def test_editions_are_listed_newest_first_with_their_current_versions(editions_server, editions_store):
    data = httpx.get(editions_server.url + "/api/editions").json()
    assert data == {"default": "2026/27", "editions": [{"edition": "2026/27", "version": editions_store.new},
                                                        {"edition": "2025/26", "version": editions_store.old_v2}]}
    page = httpx.get(editions_server.url + "/").text
    assert '<select id="edition">' in page and "/api/editions" in httpx.get(editions_server.url + "/page.js").text


def test_ask_answers_from_the_edition_in_the_request(editions_server, editions_store):
    old = httpx.post(editions_server.url + "/api/ask", json={"question": QUESTION, "edition": "2025/26"}).json()
    new = httpx.post(editions_server.url + "/api/ask", json={"question": QUESTION}).json()
    assert (old["edition"], old["index_version"]) == ("2025/26", editions_store.old_v2)
    assert (new["edition"], new["index_version"]) == ("2026/27", editions_store.new)
    assert "STAT 251" in old["answer"] and "STAT 251" not in new["answer"]
    assert old["trace"][0]["edition"] == "2025/26"


def test_an_edition_the_store_lacks_is_a_404_listing_the_editions(editions_server, editions_store):
    for path in ("/api/ask", "/api/ask/stream"):
        r = httpx.post(editions_server.url + path, json={"question": QUESTION, "edition": "2019/20"})
        assert r.status_code == 404 and "it holds: 2026/27, 2025/26" in r.json()["error"]
    r = httpx.post(editions_server.url + "/api/ask",
                   json={"question": QUESTION, "edition": "2026/27", "version": editions_store.old_v1})
    assert r.status_code == 422 and "not of edition 2026/27" in r.json()["error"]

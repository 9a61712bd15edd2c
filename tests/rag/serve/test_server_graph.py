"""GET /api/graph on a real `ubcal serve` process: SVG from the served version's facts, JSON errors."""

from __future__ import annotations

import shutil

import httpx
import pytest

pytestmark = pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz's dot is not installed: run "
                                "`bash scripts/install.sh --graph` (`make test` does) or `apt-get install graphviz`")


def test_graph_is_svg_naming_the_prerequisites_with_links(server):
    r = httpx.get(server.url + "/api/graph", params={"course": "CPSC 221"})
    assert r.status_code == 200, r.text
    assert r.headers["content-type"].startswith("image/svg+xml")
    assert "script-src 'self'" in r.headers["content-security-policy"]
    for code in ("CPSC 221", "CPSC 210", "CPSC 121", "MATH 220"):
        assert f">{code}<" in r.text, code
    assert 'xlink:href="https://vancouver.calendar.ubc.ca/course-descriptions/subject/cpscv#' in r.text
    assert httpx.get(server.url + "/api/health").json()["graphs"] is True


def test_graph_of_an_older_version_and_the_other_direction(server, serve_store):
    _, (v1, v2, v3) = serve_store
    r = httpx.get(server.url + "/api/graph", params={"course": "cpsc 221", "direction": "opens", "depth": 1,
                                                     "version": v1}, timeout=60)
    assert r.status_code == 200, r.text
    assert ">CPSC 320<" in r.text and ">CPSC 210<" not in r.text


@pytest.mark.parametrize("params,status,text", [
    ({"course": "CPSC 999"}, 404, "no course 'CPSC 999'"),
    ({"course": "CPSC 221", "direction": "sideways"}, 422, "direction"),
    ({"course": "CPSC 221", "depth": 0}, 422, "depth"),
    ({"course": "CPSC 221", "version": "nope"}, 400, "is not a version id"),
    ({}, 422, "course"),
])
def test_bad_graph_requests_are_json_errors(server, params, status, text):
    r = httpx.get(server.url + "/api/graph", params=params)
    assert r.status_code == status, r.text
    body = r.json()
    assert body["status"] == status and text in body["error"]

"""`GET /api/editions/compare`: one course's two editions side by side, over a real `ubcal serve`."""

import shutil

import httpx
import pytest

from rag.index.edition_diff import FACETS

COMPARE = "/api/editions/compare"


@pytest.fixture(scope="module")
def compare_server(editions_store, tmp_path_factory):
    from rag.serve.launch import ServerProcess

    log = tmp_path_factory.mktemp("compare-serve-log") / "server.log"
    with ServerProcess(editions_store.layout.root, log=log) as proc:
        yield proc


def get(server, **params) -> httpx.Response:
    return httpx.get(server.url + COMPARE, params=params, timeout=30)


def test_a_changed_course_has_its_changed_facets_and_word_segments(compare_server, editions_store):
    d = get(compare_server, course="stat201").json()  # defaults: the two newest editions
    assert (d["course"], d["note"]) == ("STAT 201", None)
    assert (d["old"]["edition"], d["old"]["version_id"]) == ("2025/26", editions_store.old_v2)
    assert (d["new"]["edition"], d["new"]["version_id"]) == ("2026/27", editions_store.new)
    assert d["new"]["citation"].startswith("https://vancouver.calendar.ubc.ca/course-descriptions/subject/statv#")
    facets = {f["facet"]: f for f in d["facets"]}
    assert [f["facet"] for f in d["facets"]] == list(FACETS)
    assert {name for name, f in facets.items() if f["changed"]} == {"prerequisite", "description"}
    assert d["changed_facets"] == 2
    prereq = facets["prerequisite"]
    assert (prereq["old"], prereq["new"]) == ("STAT 251.", "STAT 200.")
    assert prereq["segments"] == [{"op": "same", "text": "STAT"}, {"op": "removed", "text": "251."},
                                  {"op": "added", "text": "200."}]
    assert facets["title"]["segments"] == [{"op": "same", "text": "Statistical Inference for Data Science"}]


def test_editions_named_either_way_and_a_course_in_one_edition_only(compare_server, editions_store):
    title = {f["facet"]: f for f in get(compare_server, course="STAT 306", old="2025-26", new="2026/27")
             .json()["facets"]}["title"]
    assert title["changed"] and title["segments"][0] == {"op": "added", "text": "Finding"}
    gone = get(compare_server, course="STAT 199").json()
    assert gone["old"]["present"] and not gone["new"]["present"]
    assert gone["note"] == "STAT 199 is not in the 2026/27 calendar: that side is empty"
    assert {f["new"] for f in gone["facets"]} == {""} and gone["changed_facets"] >= 3


@pytest.mark.parametrize("params, status, message", [
    ({"course": "STAT 201", "old": "2019/20"}, 404, "no edition '2019/20'"),
    ({"course": "STAT 201", "new": "someday"}, 404, "it holds: 2026/27, 2025/26"),
    ({"course": "STAT 999"}, 404, "no course STAT 999 in the 2025/26 or the 2026/27 calendar"),
    ({"course": "statistics"}, 422, "course must be a course code such as COMM 324, not 'statistics'"),
    ({}, 422, "course"),
])
def test_bad_input_is_a_json_error_naming_it(compare_server, params, status, message):
    r = get(compare_server, **params)
    assert r.status_code == status, r.text
    body = r.json()
    assert body["status"] == status and message in body["error"]


def test_a_store_of_one_edition_says_there_is_nothing_to_compare(editions_store, tmp_path):
    from rag.serve.launch import ServerProcess
    from tests.conftest import copy_store

    store = copy_store(editions_store.layout.root, tmp_path / "store")
    for vid in (editions_store.old_v1, editions_store.old_v2):
        shutil.rmtree(store / "versions" / vid)
    shutil.rmtree(store / "editions" / "2025-26")
    with ServerProcess(store, log=tmp_path / "server.log") as proc:
        r = get(proc, course="STAT 201")
    assert r.status_code == 409
    assert "holds one edition (2026/27); comparing needs two" in r.json()["error"]

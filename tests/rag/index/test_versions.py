"""Auditing versions built from a tiny calendar edited between builds."""

import json
import shutil
import signal
import subprocess
import sys

import pytest

from rag.index.audit import read_audit
from rag.index.loader import open_index
from rag.index.store import IntegrityError, StoreError, StoreLayout
from rag.index.versions import diff_is_empty, diff_versions, gc, list_versions, pin, rollback, unpin, verify_version
from tests.conftest import ROOT, TinyCalendar, copy_store, page_html

HOST_URL = "https://vancouver.calendar.ubc.ca"
ARTIFACTS = ["pages.parquet", "sections.parquet", "chunks.parquet", "embeddings.parquet", "faiss.index",
             "bm25.npz", "bm25.json"]


def build(source, store):
    from pipelines.run_build import run_build

    outcome = run_build(str(source), str(store))
    assert outcome.success, outcome.failure
    return outcome.result.version_id


@pytest.fixture(scope="module")
def _three_built(tmp_path_factory):
    """v1: two subjects and a policy; v2: a policy section edited and a page added; v3: a page removed. Built
    once for the module: each test works on its own copy (``three_versions``)."""
    base = tmp_path_factory.mktemp("three-versions")
    tiny, store = TinyCalendar(base / "calendar"), base / "store"
    tiny.subject("cpscv", "CPSC", [("110", "4", "Programs", "Design recipes."),
                                   ("221", "4", "Algorithms", "Prerequisite: CPSC 110.")])
    tiny.subject("mathv", "MATH", [("100", "3", "Calculus", "Limits and derivatives.")])
    policy = "campus-wide-policies-and-regulations/grading.html"
    tiny.write(policy, page_html("Grading", "<h2>Passing</h2><p>The passing grade is 50%.</p>"
                                            "<h2>Repeats</h2><p>A course may be repeated once.</p>"))
    v1 = build(tiny.root, store)
    tiny.write(policy, page_html("Grading", "<h2>Passing</h2><p>The passing grade is 55%.</p>"
                                            "<h2>Repeats</h2><p>A course may be repeated once.</p>"))
    tiny.subject("statv", "STAT", [("200", "3", "Statistics", "Confidence intervals.")])
    v2 = build(tiny.root, store)
    (tiny.site / "course-descriptions/subject/mathv.html").unlink()
    v3 = build(tiny.root, store)
    return base, (v1, v2, v3)


@pytest.fixture
def three_versions(_three_built, tmp_path):
    """A private copy of the three-version store: tests roll back, collect, corrupt and publish into it."""
    base, ids = _three_built
    return StoreLayout(copy_store(base / "store", tmp_path / "store")), ids


@pytest.fixture
def three_sources(_three_built, tmp_path) -> TinyCalendar:
    """A private copy of the calendar as v3 was built from, to build a fourth version."""
    base, _ = _three_built
    shutil.copytree(base / "calendar", tmp_path / "calendar")
    return TinyCalendar(tmp_path / "calendar")


def test_versions_are_listed_newest_first_with_current(three_versions):
    layout, (v1, v2, v3) = three_versions
    rows = list_versions(layout)
    assert [r["id"] for r in rows] == [v3, v2, v1]
    assert [r["current"] for r in rows] == [True, False, False]
    assert rows[0]["parent"] == v2 and rows[1]["parent"] == v1
    assert rows[2]["pages"] == 3 and rows[1]["pages"] == 4


def test_diff_names_pages_sections_and_chunks(three_versions):
    layout, (v1, v2, v3) = three_versions
    d = diff_versions(layout, v1, v2)
    assert d["pages_added"] == [f"{HOST_URL}/course-descriptions/subject/statv"]
    assert d["pages_removed"] == []
    [changed] = d["pages_changed"]
    assert changed["url"].endswith("/grading")
    [section] = changed["sections_changed"]
    assert section["section_id"].endswith("#passing")
    assert "-The passing grade is 50%." in section["diff"] and "+The passing grade is 55%." in section["diff"]
    assert len(changed["chunks_added"]) == 1 and len(changed["chunks_removed"]) == 1
    assert diff_versions(layout, v2, v3)["pages_removed"] == [f"{HOST_URL}/course-descriptions/subject/mathv"]
    assert diff_is_empty(diff_versions(layout, v2, v2))


def test_cli_diff_json_and_text(three_versions):
    layout, (v1, v2, _) = three_versions
    out = subprocess.run([sys.executable, "-m", "rag.cli", "diff", v1, v2, "--json", "--store", str(layout.root)],
                         cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert json.loads(out)["pages_added"] == [f"{HOST_URL}/course-descriptions/subject/statv"]
    text = subprocess.run([sys.executable, "-m", "rag.cli", "diff", v2, v2, "--store", str(layout.root)],
                          cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert "no differences" in text


@pytest.mark.parametrize("name", ARTIFACTS + ["manifest.json", "manifest.sha256"])
def test_a_flipped_byte_in_any_file_is_caught_by_verify_and_by_loading(three_versions, name):
    layout, (_, _, v3) = three_versions
    assert verify_version(layout, v3) == []
    path = layout.version_dir(v3) / name
    data = bytearray(path.read_bytes())
    data[len(data) // 3] ^= 0x01  # in the manifest this lands inside a value: still valid JSON
    path.write_bytes(bytes(data))
    problems = verify_version(layout, v3)
    assert problems, name
    with pytest.raises((IntegrityError, StoreError, ValueError)):
        open_index(layout, v3)
    proc = subprocess.run([sys.executable, "-m", "rag.cli", "verify", v3, "--store", str(layout.root)],
                          cwd=ROOT, capture_output=True, text=True)
    # a flip inside a value is a checksum FAIL; one that breaks the manifest's JSON is named as such
    assert proc.returncode == 1 and ("FAIL" in proc.stderr or f"{name} is not valid JSON" in proc.stderr)


def test_missing_file_truncated_manifest_and_unknown_id(three_versions):
    layout, (v1, v2, _) = three_versions
    (layout.version_dir(v1) / "bm25.npz").unlink()
    assert verify_version(layout, v1) == ["bm25.npz: missing"]
    manifest = layout.version_dir(v2) / "manifest.json"
    manifest.write_text(manifest.read_text()[:100])
    assert "is not valid JSON" in verify_version(layout, v2)[0]
    with pytest.raises(StoreError, match="does not exist"):
        layout.read_manifest("0123456789abcdef")
    with pytest.raises(StoreError, match="not a version id"):
        layout.read_manifest("../../etc")
    proc = subprocess.run([sys.executable, "-m", "rag.cli", "verify", "--all", "--store", str(layout.root)],
                          cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 1 and proc.stderr.count("FAIL") == 2


def test_rollback_switches_current_and_refuses_bad_targets(three_versions):
    layout, (v1, v2, v3) = three_versions
    assert rollback(layout, v1) == v3
    assert layout.current_id() == v1
    assert open_index(layout).version_id == v1
    with pytest.raises(StoreError, match="does not exist"):
        rollback(layout, "fedcba9876543210")
    (layout.version_dir(v2) / "chunks.parquet").write_bytes(b"garbage")
    with pytest.raises(IntegrityError, match="refusing to roll back"):
        rollback(layout, v2)
    assert layout.current_id() == v1
    events = [e for e in read_audit(layout) if e["event"] == "rollback"]
    assert events == [{**events[0], "version": v1, "previous_current": v3}]


def test_current_pointing_at_a_missing_version_is_a_clear_error(three_versions):
    import shutil

    layout, (_, _, v3) = three_versions
    shutil.rmtree(layout.version_dir(v3))
    with pytest.raises(StoreError, match=f"points at version {v3}, which is missing"):
        open_index(layout)


def test_racing_rollbacks_both_complete_and_leave_a_valid_current(three_versions):
    layout, (v1, v2, _) = three_versions
    procs = [subprocess.Popen([sys.executable, "-m", "rag.cli", "rollback", v, "--store", str(layout.root)],
                              cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE) for v in (v1, v2)]
    assert [p.wait(timeout=60) for p in procs] == [0, 0]
    assert layout.current_id() in (v1, v2)
    assert verify_version(layout, layout.current_id()) == []
    assert sorted(e["version"] for e in read_audit(layout) if e["event"] == "rollback") == sorted([v1, v2])


def test_gc_keeps_newest_current_and_pinned(three_versions):
    layout, (v1, v2, v3) = three_versions
    rollback(layout, v1)
    pin(layout, v2)
    outcome = gc(layout, keep=1)
    assert outcome["removed"] == [] and sorted(outcome["spared"]) == sorted([v1, v2])
    unpin(layout, v2)
    assert gc(layout, keep=1) == {"removed": [v2], "spared": [v1]}
    assert sorted(layout.published_ids()) == sorted([v1, v3])
    events = [e["event"] for e in read_audit(layout)]
    assert events.count("publish") == 3 and "pin" in events and "unpin" in events and "remove" in events
    assert all(e.get("dagster_run_id") for e in read_audit(layout) if e["event"] == "publish")
    with pytest.raises(ValueError, match="at least 1"):
        gc(layout, keep=0)


READER = r"""
import sys
from rag.index.loader import open_index
from rag.index.store import StoreLayout
from rag.index.search import SearchQuery, Searcher
index = open_index(StoreLayout(sys.argv[1]), sys.argv[2])
print("open", flush=True)
sys.stdin.readline()
hits = Searcher(index, embedder=None).search(SearchQuery("CPSC 221"), top_k=1, mode="bm25").hits
print(hits[0].course_code, index.version_id, flush=True)
"""


def test_reader_process_keeps_working_while_a_new_version_publishes_and_gc_runs(three_versions, three_sources):
    layout, (v1, v2, v3) = three_versions
    reader = subprocess.Popen([sys.executable, "-c", READER, str(layout.root), v2], cwd=ROOT,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert reader.stdout.readline().strip() == "open"
    three_sources.write("extra.html", page_html("Extra", "<p>Another page.</p>"))
    v4 = build(three_sources.root, layout.root)
    outcome = gc(layout, keep=1)
    assert v2 in outcome["spared"] and v1 in outcome["removed"] and v3 in outcome["removed"]
    reader.stdin.write("go\n")
    reader.stdin.flush()
    assert reader.stdout.readline().split() == ["CPSC", "221", v2]
    assert reader.wait(timeout=30) == 0
    assert gc(layout, keep=1)["removed"] == [v2]  # the reader is gone, so is its lease
    assert layout.published_ids() == [v4]


def test_a_killed_reader_does_not_hold_its_lease(three_versions):
    layout, (v1, _, _) = three_versions
    reader = subprocess.Popen([sys.executable, "-c", READER, str(layout.root), v1], cwd=ROOT,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert reader.stdout.readline().strip() == "open"
    assert v1 in gc(layout, keep=1)["spared"]
    reader.send_signal(signal.SIGKILL)
    reader.wait(timeout=30)
    assert v1 in gc(layout, keep=1)["removed"]


def test_ask_answers_from_a_pinned_older_version(three_versions, llm, embedder):
    from rag.answer import Answerer
    from rag.index.config import Settings

    layout, (v1, _, v3) = three_versions
    answerer = Answerer(Settings.from_env(store=layout.root), version_id=v1, llm=llm, embedder=embedder)
    a = answerer.ask("What is the passing grade?")
    assert a.version_id == v1 and layout.current_id() == v3
    assert "55%" not in a.answer

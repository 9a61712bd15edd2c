"""`ubcal ask --edition`, `ubcal eval --edition` and `ubcal diff --edition A --edition B` over a store
holding two editions of the sample calendar (``tests.editions``)."""

import json
import subprocess
import sys

from tests.conftest import ROOT

QUESTION = "What are the prerequisites for STAT 201?"


def ubcal(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "rag.cli", *args], cwd=ROOT, capture_output=True, text=True)


def test_ask_answers_from_the_edition_asked_for_and_names_it(editions_store):
    store = str(editions_store.layout.root)
    old = json.loads(ubcal("ask", QUESTION, "--edition", "2025/26", "--store", store, "--json").stdout)
    new = json.loads(ubcal("ask", QUESTION, "--store", store, "--json").stdout)
    assert (old["edition"], old["index_version"]) == ("2025/26", editions_store.old_v2)
    assert (new["edition"], new["index_version"]) == ("2026/27", editions_store.new)
    assert "STAT 251" in old["answer"] and "STAT 251" not in new["answer"] and "STAT 200" in new["answer"]
    text = ubcal("ask", QUESTION, "--edition", "2025-26", "--store", store)
    assert text.returncode == 0
    assert f"edition 2025/26 · index version {editions_store.old_v2}" in " ".join(text.stdout.split())


def test_an_edition_the_store_lacks_is_one_line_listing_its_editions(editions_store, tmp_path):
    store = str(editions_store.layout.root)
    testset = tmp_path / "set.jsonl"
    testset.write_text(json.dumps({"id": "q1", "question": QUESTION, "category": "prerequisite",
                                   "expected_route": "simple", "answerable": False, "gold": [],
                                   "answer_contains": []}) + "\n")
    for args in (("ask", QUESTION, "--edition", "2024/25"),
                 ("eval", "--testset", str(testset), "--out", str(tmp_path / "out"), "--edition", "2024/25")):
        proc = ubcal(*args, "--store", store)
        lines = proc.stderr.strip().splitlines()
        assert proc.returncode == 2 and len(lines) == 1, proc.stderr
        assert "no edition '2024/25'" in lines[0] and "it holds: 2026/27, 2025/26" in lines[0]
    assert not (tmp_path / "out").exists()


def test_ask_refuses_a_version_of_another_edition(editions_store):
    proc = ubcal("ask", QUESTION, "--edition", "2026/27", "--version", editions_store.old_v1,
                 "--store", str(editions_store.layout.root))
    assert proc.returncode == 2 and "is not of edition 2026/27" in proc.stderr


def test_diff_between_editions_counts_first_then_each_kind(editions_store):
    store = str(editions_store.layout.root)
    proc = ubcal("diff", "--edition", "2025/26", "--edition", "2026/27", "--store", store)
    assert proc.returncode == 0, proc.stderr
    lines = [line for line in proc.stdout.splitlines() if line.strip()]
    assert lines[1].startswith("added 1, removed 1, changed 3 courses (title 1, credits 0, prerequisite 1")
    out = proc.stdout
    assert out.index("added courses") < out.index("STAT 406") < out.index("removed courses") < out.index("STAT 199")
    assert "changed title (1)" in out and "+ Finding Relationships in Data" in out
    data = json.loads(ubcal("diff", "--edition", "2025/26", "--edition", "2026/27", "--subject", "STAT",
                            "--json", "--store", store).stdout)
    assert data["from"] == {"edition": "2025/26", "version_id": editions_store.old_v2}
    assert data["counts"]["added"] == 1 and [c["code"] for c in data["changed"]["prerequisite"]] == ["STAT 201"]


def test_diff_of_version_ids_still_works_and_bad_arguments_are_one_line(editions_store):
    store = str(editions_store.layout.root)
    proc = ubcal("diff", editions_store.old_v1, editions_store.old_v2, "--store", store, "--json")
    assert proc.returncode == 0 and json.loads(proc.stdout)["pages_changed"]
    for args in (("--edition", "2025/26"), (editions_store.old_v1,)):
        bad = ubcal("diff", *args, "--store", store)
        assert bad.returncode == 2 and len(bad.stderr.strip().splitlines()) == 1


def test_a_course_only_the_earlier_edition_holds_is_answered_as_dropped_not_as_unknown(editions_store):
    store = str(editions_store.layout.root)
    out = json.loads(ubcal("ask", "can i still take STAT 199 this year?", "--store", store, "--json").stdout)
    assert out["answer"].startswith("No: STAT 199 is in the 2025/26 calendar") and not out["declined"]
    unknown = json.loads(ubcal("ask", "can i take STAT 999?", "--store", store, "--json").stdout)
    assert "has no course STAT 999" in unknown["answer"]

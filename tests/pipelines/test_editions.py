"""Two calendar editions built into one store (``tests.editions``): the edition read from the pages and
recorded everywhere, CURRENT staying on the newest edition, each edition's own current version,
rollback within an edition, gc sparing every edition's current, and a source mixing two editions."""

import json
import os
import shutil
import subprocess
import sys

from rag.index.audit import read_audit
from rag.index.editions import edition_current, store_editions
from rag.index.store import StoreLayout
from rag.index.versions import gc, list_versions, pin, rollback
from tests.conftest import HOST, ROOT, copy_store, page_html, tree_digest


def ubcal(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "COLUMNS": "250"}  # wide enough that rich prints the tables' columns in full
    return subprocess.run([sys.executable, "-m", "rag.cli", *args], cwd=ROOT, capture_output=True, text=True, env=env)


def test_each_edition_has_its_current_and_current_stays_on_the_newest(editions_store):
    e = editions_store
    layout = e.layout
    assert store_editions(layout) == ["2026/27", "2025/26"]
    assert layout.current_id() == e.new  # 2025/26 was built last, and CURRENT did not move
    assert edition_current(layout, "2025/26") == e.old_v2 and edition_current(layout, "2026/27") == e.new
    assert {layout.read_manifest(v)["edition"] for v in (e.old_v1, e.old_v2)} == {"2025/26"}
    assert layout.read_manifest(e.old_v2)["parent"] == e.old_v1  # its edition's previous current, not CURRENT
    rows = {r["id"]: r for r in list_versions(layout)}
    assert (rows[e.new]["current"], rows[e.old_v2]["edition_current"], rows[e.old_v1]["edition_current"]) == (
        True, True, False)
    publishes = [r for r in read_audit(layout) if r["event"] == "publish"]
    assert [(r["edition"], r["current_changed"]) for r in publishes] == [
        ("2025/26", True), ("2026/27", True), ("2025/26", False)]
    table = ubcal("versions", "--store", str(layout.root))
    assert table.returncode == 0 and "edition" in table.stdout and "2025/26" in table.stdout
    shown = ubcal("show", e.old_v2, "--store", str(layout.root))
    assert "edition 2025/26" in shown.stdout
    assert "2025/26" in ubcal("audit", "--store", str(layout.root)).stdout


def test_rebuilding_the_older_edition_is_unchanged_and_leaves_current(editions_store, tmp_path):
    store = copy_store(editions_store.layout.root, tmp_path / "store")
    proc = ubcal("build", "--source", str(editions_store.old), "--store", str(store), "--json")
    assert proc.returncode == 0, proc.stderr
    summary = json.loads(proc.stdout)
    assert summary["fast_path"] and summary["edition"] == "2025/26" and summary["version_id"] == editions_store.old_v2
    assert StoreLayout(store).current_id() == editions_store.new


def test_rollback_works_within_an_edition(editions_store, tmp_path):
    e = editions_store
    layout = StoreLayout(copy_store(e.layout.root, tmp_path / "store"))
    assert rollback(layout, e.old_v1) == e.old_v2
    assert edition_current(layout, "2025/26") == e.old_v1 and layout.current_id() == e.new
    event = [r for r in read_audit(layout) if r["event"] == "rollback"][-1]
    assert (event["edition"], event["previous_edition_current"], event["previous_current"]) == (
        "2025/26", e.old_v2, e.new)
    proc = ubcal("rollback", e.old_v2, "--store", str(layout.root))
    assert proc.returncode == 0 and f"CURRENT stays {e.new}" in " ".join(proc.stdout.split())
    assert edition_current(layout, "2025/26") == e.old_v2 and layout.current_id() == e.new


def test_gc_never_removes_an_edition_s_current_version(editions_store, tmp_path):
    e = editions_store
    layout = StoreLayout(copy_store(e.layout.root, tmp_path / "store"))
    rollback(layout, e.old_v1)  # now the newest version (old_v2) is nobody's current
    outcome = gc(layout, keep=1)
    assert outcome["removed"] == [] and set(outcome["spared"]) == {e.new, e.old_v1}
    rollback(layout, e.old_v2)
    pin(layout, e.old_v1)
    assert gc(layout, keep=1)["removed"] == []  # pinned
    (layout.pins / e.old_v1).unlink()
    assert gc(layout, keep=1)["removed"] == [e.old_v1]
    assert [r["edition"] for r in read_audit(layout) if r["event"] == "remove"] == ["2025/26"]
    assert edition_current(layout, "2025/26") == e.old_v2 and layout.current_id() == e.new


def test_the_run_records_the_edition_in_its_tags_and_metadata(tmp_path):
    from pipelines.run_build import run_build
    from tests.editions import write_old

    outcome = run_build(str(write_old(tmp_path / "old")), str(tmp_path / "store"))
    assert outcome.success, outcome.failure
    assert outcome.run_tags["ubcal/edition"] == "2025/26"
    assert outcome.metadata["calendar_source"]["edition"] == "2025/26"
    assert outcome.metadata["index_version"]["edition"] == "2025/26"
    assert outcome.result.edition == "2025/26"


def test_a_source_mixing_two_editions_fails_naming_the_pages_and_changes_nothing(editions_store, tmp_path):
    store = copy_store(editions_store.layout.root, tmp_path / "store")
    mixed = tmp_path / "mixed"
    shutil.copytree(editions_store.new_root, mixed)
    odd = mixed / HOST / "course-descriptions/subject/mathv.html"
    odd.write_text(odd.read_text().replace("Calendar 2026/27", "Calendar 2025/26"))
    before = tree_digest(store)
    proc = ubcal("build", "--source", str(mixed), "--store", str(store))
    assert proc.returncode == 1
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "disagree on the calendar edition" in lines[0] and "mathv.html" in lines[0]
    assert tree_digest(store) == before


def test_pages_without_a_banner_are_the_unknown_edition_which_never_outranks_a_named_one(tiny, tmp_path):
    from pipelines.run_build import run_build

    tiny.subject("cpscv", "CPSC", [("110", "4", "Computation", "Programs. [3-2-0]")])
    store = tmp_path / "store"
    unknown = run_build(str(tiny.root), str(store)).result
    layout = StoreLayout(store)
    assert unknown.edition == "unknown" and layout.current_id() == unknown.version_id  # as before editions
    named = run_build(str(ROOT / "data" / "sample-calendar"), str(store)).result
    assert named.edition == "2026/27" and layout.current_id() == named.version_id
    tiny.write("course-descriptions/extra.html", page_html("Extra", "<p>More text.</p>"))
    again = run_build(str(tiny.root), str(store)).result
    assert again.published and not again.current_changed and layout.current_id() == named.version_id
    assert edition_current(layout, "unknown") == again.version_id


def test_the_sensor_compares_a_folder_with_its_own_edition_s_current(editions_store, tmp_path):
    from dagster import RunRequest, SkipReason

    from pipelines.resources import UbcalConfig
    from pipelines.sensors import source_change_decision

    store = str(editions_store.layout.root)
    same = source_change_decision(UbcalConfig(source=str(editions_store.old), store=store))
    assert isinstance(same, SkipReason) and "calendar 2025/26 unchanged" in same.skip_message
    edited = tmp_path / "old"
    shutil.copytree(editions_store.old, edited)
    stat = edited / HOST / "course-descriptions/subject/statv.html"
    stat.write_text(stat.read_text().replace("Relationships in Data", "Relationships in Data, Revised"))
    request = source_change_decision(UbcalConfig(source=str(edited), store=store))
    assert isinstance(request, RunRequest) and request.tags["ubcal/edition"] == "2025/26"

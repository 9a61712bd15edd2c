"""The build job materialized in-process on tiny calendars: outputs, checks, versions, failures."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from pipelines.run_build import run_build
from rag.index.store import MANIFEST, MANIFEST_DIGEST, StoreLayout, sha256_file, verify_files
from tests.conftest import ROOT


def build(source: Path, store: Path):
    outcome = run_build(str(source), str(store))
    assert outcome.success, outcome.failure
    return outcome


@pytest.fixture
def sample_copy(tiny):
    return tiny.copy_sample()


def test_sample_build_publishes_a_checked_version(sample_copy, tmp_path):
    store = tmp_path / "store"
    outcome = build(sample_copy.root, store)
    result = outcome.result
    assert result.published and result.parent is None
    assert set(outcome.checks) == {"every_page_has_sections", "facts_parse_coverage", "chunk_ids_unique",
                                   "vectors_match_chunks", "faiss_count_matches", "bm25_count_matches",
                                   "retrieval_smoke"}
    assert all(outcome.checks.values()), outcome.checks
    layout = StoreLayout(store)
    assert layout.current_id() == result.version_id
    manifest = layout.read_manifest(result.version_id)
    assert manifest["counts"]["courses"] == 33 and manifest["counts"]["program_pages"] == 2
    assert manifest["counts"]["chunks"] == manifest["counts"]["vectors"] == manifest["counts"]["bm25_documents"]
    assert manifest["build"]["dagster_run_id"] == outcome.run_id
    folder = layout.version_dir(result.version_id)
    assert sorted(manifest["files"]) == sorted(p.name for p in folder.iterdir()
                                               if p.name not in (MANIFEST, MANIFEST_DIGEST))
    for name, meta in manifest["files"].items():
        assert sha256_file(folder / name) == meta["sha256"]
        assert (folder / name).stat().st_size == meta["bytes"]
    assert verify_files(layout, result.version_id) == []
    md = outcome.metadata
    assert md["index_version"]["version_id"] == result.version_id
    assert md["chunk_embeddings"]["embedded"] == md["calendar_chunks"]["chunks"]
    assert md["calendar_sections"]["courses"] == 33


def test_unchanged_rebuild_publishes_nothing_and_one_page_change_reuses_the_cache(sample_copy, tmp_path):
    store = tmp_path / "store"
    first = build(sample_copy.root, store).result
    again = build(sample_copy.root, store)
    assert not again.result.published and again.result.version_id == first.version_id
    assert again.metadata["chunk_embeddings"]["embedded"] == 0
    assert StoreLayout(store).published_ids() == [first.version_id]

    page = sample_copy.site / "campus-wide-policies-and-regulations" / "grading-practices.html"
    page.write_text(page.read_text().replace("A student may repeat a course once.",
                                             "A student may repeat a course twice."))
    changed = build(sample_copy.root, store)
    assert changed.result.published and changed.result.parent == first.version_id
    assert changed.result.version_id != first.version_id
    emb = changed.metadata["chunk_embeddings"]
    assert emb["embedded"] == 1  # only the edited section's chunk
    assert emb["reused_from_cache"] == changed.metadata["calendar_chunks"]["chunks"] - 1
    assert StoreLayout(store).current_id() == changed.result.version_id


def test_facts_are_published_and_a_coverage_drop_blocks_the_next_version(sample_copy, tmp_path):
    store = tmp_path / "store"
    first = build(sample_copy.root, store)
    layout = StoreLayout(store)
    manifest = layout.read_manifest(first.result.version_id)
    assert manifest["facts"]["coverage"] == 1.0 and manifest["facts"]["courses"] == 33
    for name in ("course_facts.parquet", "requirement_edges.parquet", "program_requirements.parquet"):
        assert name in manifest["files"]
    assert first.metadata["calendar_facts"]["prerequisite_sentences"] > 0

    page = sample_copy.site / "course-descriptions" / "subject" / "cpscv.html"
    page.write_text(page.read_text().replace("Prerequisite: CPSC 110.",
                                             "Prerequisite: CPSC 110 must be taken before or with this course."))
    worse = run_build(str(sample_copy.root), str(store))
    assert not worse.success and worse.checks.get("facts_parse_coverage") is False
    # one course of the sample's 26 sentences is 3.85 points: beyond UBCAL_PARSE_COVERAGE_MAX_DROP (1 pp)
    assert "(-3.85 pp" in worse.failure and "a drop of more than 1 pp" in worse.failure
    assert layout.current_id() == first.result.version_id  # the drop published nothing
    assert layout.published_ids() == [first.result.version_id]


def test_unusable_pages_are_listed_and_the_rest_builds(tiny, tmp_path):
    tiny.subject("cpscv", "CPSC", [("110", "4", "Programs", "Design recipes."),
                                   ("221", "4", "Algorithms", "Prerequisite: CPSC 110.")])
    tiny.write("empty.html", b"")
    tiny.write("binary.html", b"\xff\xfe\x00garbage")
    tiny.write("nomain.html", b"<html><body><p>no main here</p></body></html>")
    outcome = build(tiny.root, tmp_path / "store")
    md = outcome.metadata["calendar_sections"]
    assert md["unusable_pages"] == 3
    for name in ("empty.html", "binary.html", "nomain.html"):
        assert name in md["unusable"]
    manifest = StoreLayout(tmp_path / "store").read_manifest(outcome.result.version_id)
    assert {p["path"].rsplit("/", 1)[-1] for p in manifest["source"]["unusable_pages"]} == {
        "empty.html", "binary.html", "nomain.html"}
    assert manifest["counts"]["courses"] == 2


def test_source_with_nothing_usable_fails_without_publishing(tiny, tmp_path):
    tiny.write("empty.html", b"")
    outcome = run_build(str(tiny.root), str(tmp_path / "store"))
    assert not outcome.success
    assert StoreLayout(tmp_path / "store").current_id() is None


@pytest.mark.parametrize("point", ["publish:files-written", "publish:manifest-written", "publish:renamed"])
def test_killed_mid_publish_leaves_current_on_the_previous_version(sample_copy, tmp_path, point):
    store = tmp_path / "store"
    first = build(sample_copy.root, store).result
    page = sample_copy.site / "course-descriptions" / "subject" / "mathv.html"
    page.write_text(page.read_text().replace("Matrix Algebra", "Linear Algebra"))
    env = {**os.environ, "UBCAL_FAILPOINT": point}
    proc = subprocess.run([sys.executable, "-m", "rag.cli", "build", "--source", str(sample_copy.root),
                           "--store", str(store)], env=env, cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == -9, proc.stderr[-2000:]  # SIGKILL, no cleanup ran
    layout = StoreLayout(store)
    if point == "publish:renamed":
        # the new version is complete (renamed only after its manifest) but was never made current
        assert len(layout.published_ids()) == 2
    else:
        assert layout.published_ids() == [first.version_id]
    assert layout.current_id() == first.version_id
    for vid in layout.published_ids():
        assert verify_files(layout, vid) == []
    # the next build completes normally
    final = build(sample_copy.root, store).result
    assert layout.current_id() == final.version_id != first.version_id


def test_definitions_load_with_job_checks_schedule_and_sensor():
    from pipelines.definitions import defs

    assert defs.resolve_job_def("build_index") is not None
    assert defs.resolve_schedule_def("weekly_rebuild").cron_schedule
    assert defs.resolve_sensor_def("calendar_changed_sensor") is not None
    keys = {k.to_user_string() for k in defs.resolve_all_asset_keys()}
    assert keys == {"calendar_source", "calendar_sections", "calendar_facts", "calendar_chunks",
                    "chunk_embeddings", "faiss_index", "bm25_index", "index_version"}
    checks = {k.name for k in defs.resolve_asset_graph().asset_check_keys}
    assert {"retrieval_smoke", "vectors_match_chunks", "facts_parse_coverage"} <= checks


def test_sensor_requests_a_run_only_when_the_calendar_changed(sample_copy, tmp_path, monkeypatch):
    from dagster import RunRequest, SkipReason, build_sensor_context

    from pipelines.resources import UbcalConfig
    from pipelines.sensors import calendar_changed_sensor

    store = tmp_path / "store"
    ubcal = UbcalConfig(source=str(sample_copy.root), store=str(store))

    def evaluate():
        with build_sensor_context(resources={"ubcal": ubcal}) as context:
            return calendar_changed_sensor(context)

    assert isinstance(evaluate(), RunRequest)  # nothing published yet
    build(sample_copy.root, store)
    assert isinstance(evaluate(), SkipReason)
    page = sample_copy.site / "course-descriptions" / "subject" / "statv.html"
    page.write_text(page.read_text().replace("Bayesian Statistics", "Bayesian Data Analysis"))
    request = evaluate()
    assert isinstance(request, RunRequest) and request.run_key

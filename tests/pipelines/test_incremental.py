"""Change-driven builds: incremental work equals a build from scratch; crawled builds; sensor decisions."""

import numpy as np
import pyarrow.parquet as pq

from pipelines.run_build import run_build
from rag.index.bm25 import BM25Index
from rag.index.facts import FACT_TABLES
from rag.index.store import StoreLayout
from tests.calendar_server import CalendarServer

MATH = "course-descriptions/subject/mathv.html"


def build(source, store, **env):
    outcome = run_build(str(source), str(store))
    assert outcome.success, outcome.failure
    return outcome


def tables(layout, vid):
    folder = layout.version_dir(vid)
    return {name: pq.read_table(folder / f"{name}.parquet")
            for name in ("pages", "sections", "chunks", "embeddings", *FACT_TABLES)}


def test_incremental_build_equals_a_build_from_scratch(tiny, tmp_path):
    site = tiny.copy_sample()
    incremental = StoreLayout(tmp_path / "incremental")
    build(site.root, incremental.root)
    page = site.site / MATH
    page.write_text(page.read_text().replace("Matrix Algebra", "Linear Algebra and Matrices"))
    (site.site / "campus-wide-policies-and-regulations" / "grading-practices.html").unlink()
    second = build(site.root, incremental.root)
    md = second.metadata
    assert md["calendar_source"]["pages_changed"] == 1 and md["calendar_source"]["pages_removed"] == 1
    assert md["calendar_sections"]["pages_reused"] == 7 and md["calendar_sections"]["pages_parsed"] == 0 + 1
    assert md["calendar_chunks"]["pages_reused"] == 7
    assert 0 < md["calendar_facts"]["pages_reused"] <= 7  # pages with courses or program tables
    assert md["chunk_embeddings"]["embedded"] == 1

    scratch = StoreLayout(tmp_path / "scratch")
    fresh = build(site.root, scratch.root)
    assert fresh.metadata["calendar_sections"]["pages_reused"] == 0
    vid = second.result.version_id
    assert fresh.result.version_id == vid
    a, b = tables(incremental, vid), tables(scratch, vid)
    for name in ("pages", "sections", "chunks", *FACT_TABLES):
        assert a[name].equals(b[name]), name
    assert a["embeddings"].column("chunk_id").equals(b["embeddings"].column("chunk_id"))
    va = np.stack(a["embeddings"].column("vector").to_numpy(zero_copy_only=False))
    vb = np.stack(b["embeddings"].column("vector").to_numpy(zero_copy_only=False))
    np.testing.assert_array_equal(va, vb)  # embeddings depend on the text alone, not on batching
    bm_a, bm_b = BM25Index.load(incremental.version_dir(vid)), BM25Index.load(scratch.version_dir(vid))
    for q in ("linear algebra", "cpsc221 prerequisite", "statistics"):
        toks = bm_a.tokenizer(q)
        np.testing.assert_array_equal(bm_a.scores(toks), bm_b.scores(toks))


def test_build_from_a_crawl_equals_the_folder_build(tiny, tmp_path, monkeypatch):
    site = tiny.copy_sample()
    folder_build = build(site.root, tmp_path / "folder-store")
    with CalendarServer(site.site) as server:
        monkeypatch.setenv("UBCAL_CRAWL_URL", server.url)
        monkeypatch.setenv("UBCAL_CRAWL_RATE", "500")
        crawled = build(site.root, tmp_path / "crawl-store")
        assert crawled.metadata["calendar_source"]["downloaded"] == 9
        again = build(site.root, tmp_path / "crawl-store")
    assert crawled.result.version_id == folder_build.result.version_id
    assert not again.result.published
    assert again.metadata["calendar_source"]["not_modified_304"] == 9
    assert again.metadata["calendar_source"]["downloaded"] == 0


def test_failed_crawl_publishes_nothing_and_leaves_current(tiny, tmp_path, monkeypatch):
    site = tiny.copy_sample()
    store = StoreLayout(tmp_path / "store")
    with CalendarServer(site.site) as server:
        monkeypatch.setenv("UBCAL_CRAWL_URL", server.url)
        monkeypatch.setenv("UBCAL_CRAWL_RATE", "500")
        monkeypatch.setenv("UBCAL_CRAWL_RETRIES", "1")
        first = build(site.root, store.root).result.version_id
        page = site.site / MATH
        page.write_text(page.read_text().replace("Matrix Algebra", "Matrices"))
        server.faults = {"/" + MATH[:-5]: [500] * 10}
        outcome = run_build(str(site.root), str(store.root))
    assert not outcome.success and "failed after 2 attempts" in outcome.failure
    assert store.current_id() == first and store.published_ids() == [first]
    from rag.index.audit import read_audit

    failed = [e for e in read_audit(store) if e["event"] == "build_failed"]
    assert len(failed) == 1 and failed[0]["dagster_run_id"] == outcome.run_id and "HTTP 500" in failed[0]["error"]


def test_sensor_on_a_crawled_site_runs_only_after_a_change(tiny, tmp_path, monkeypatch):
    from dagster import RunRequest, SkipReason, build_sensor_context

    from pipelines.resources import UbcalConfig
    from pipelines.sensors import calendar_changed_sensor

    site = tiny.copy_sample()
    store = tmp_path / "store"
    with CalendarServer(site.site) as server:
        monkeypatch.setenv("UBCAL_CRAWL_URL", server.url)
        monkeypatch.setenv("UBCAL_CRAWL_RATE", "500")
        ubcal = UbcalConfig(store=str(store))
        build(site.root, store)
        with build_sensor_context(resources={"ubcal": ubcal}) as ctx:
            assert isinstance(calendar_changed_sensor(ctx), SkipReason)
        page = site.site / MATH
        page.write_text(page.read_text().replace("Matrix Algebra", "Matrices"))
        with build_sensor_context(resources={"ubcal": ubcal}) as ctx:
            assert isinstance(calendar_changed_sensor(ctx), RunRequest)


def test_hnsw_index_by_configuration(tiny, tmp_path, monkeypatch, embedder):
    import faiss

    from rag.index.loader import open_index
    from rag.answer.retrieve import Retriever

    site = tiny.copy_sample()
    monkeypatch.setenv("UBCAL_FAISS_INDEX", "hnsw")
    outcome = build(site.root, tmp_path / "store")
    layout = StoreLayout(tmp_path / "store")
    assert layout.read_manifest(outcome.result.version_id)["parameters"]["faiss_index"] == "hnsw"
    index = open_index(layout)
    assert isinstance(faiss.downcast_index(index.faiss_index), faiss.IndexHNSWFlat)
    retriever = Retriever(index, embedder)
    hits = retriever.retrieve(retriever.query_for_text("matrix algebra eigenvalues"), top_k=3, mode="dense").hits
    assert hits[0].course_code == "MATH 221"

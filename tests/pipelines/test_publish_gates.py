"""What guards CURRENT: build code in the version id, verification of an existing version, the smoke gate."""

import pytest

from pipelines.run_build import run_build
from rag.index.audit import read_audit
from rag.index.store import StoreLayout
from rag.index.versions import verify_version
from tests.pipelines.test_build_job import build

MATH = "course-descriptions/subject/mathv.html"


@pytest.fixture
def site(tiny):
    return tiny.copy_sample()


def _edit(site, old: str, new: str) -> None:
    page = site.site / MATH
    page.write_text(page.read_text().replace(old, new))


def test_changed_build_code_publishes_a_new_version_and_reuses_no_parse(site, tmp_path, monkeypatch):
    from assets import identity

    store = tmp_path / "store"
    first = build(site.root, store).result
    monkeypatch.setattr(identity, "_code_fingerprint", lambda root: "a changed chunker")
    again = build(site.root, store)
    assert again.result.published and again.result.version_id != first.version_id
    assert again.metadata["calendar_sections"]["pages_reused"] == 0
    assert again.metadata["calendar_chunks"]["pages_reused"] == 0
    assert StoreLayout(store).read_manifest(again.result.version_id)["code"] == "a changed chunker"


def test_failed_smoke_check_blocks_publish_and_the_switch(site, tmp_path, monkeypatch):
    from assets import smoke

    store = tmp_path / "store"
    layout = StoreLayout(store)
    first = build(site.root, store).result.version_id
    _edit(site, "Matrix Algebra", "Linear Algebra")
    monkeypatch.setattr(smoke, "retrieval_smoke",
                        lambda *a, **k: smoke.SmokeResult(["MATH 221"], {"MATH 221": "STAT 200"}))
    outcome = run_build(str(site.root), str(store))
    assert not outcome.success and "retrieval smoke check failed" in outcome.failure
    assert "'MATH 221' found STAT 200" in outcome.failure
    assert layout.current_id() == first and layout.published_ids() == [first]
    assert not any(p.is_dir() for p in layout.staging.iterdir())  # the staged copy is gone
    monkeypatch.undo()
    second = build(site.root, store)
    assert second.checks["retrieval_smoke"] and second.result.smoke["passed"]
    assert layout.current_id() == second.result.version_id != first


def test_an_existing_version_is_smoke_checked_before_a_switch_and_rebuilt_when_corrupted(site, tmp_path,
                                                                                      monkeypatch):
    from assets import smoke

    store = tmp_path / "store"
    layout = StoreLayout(store)
    first = build(site.root, store).result.version_id
    _edit(site, "Matrix Algebra", "Linear Algebra")
    second = build(site.root, store).result.version_id
    _edit(site, "Linear Algebra", "Matrix Algebra")  # back to the first version's input
    with monkeypatch.context() as patch:
        patch.setattr(smoke, "retrieval_smoke", lambda *a, **k: smoke.SmokeResult([], {}))
        outcome = run_build(str(site.root), str(store))
    assert not outcome.success and "holds no course" in outcome.failure
    assert layout.current_id() == second != first
    # a flipped byte in the existing copy: rebuilt and re-published, never made CURRENT as it is
    chunks = layout.version_dir(first) / "chunks.parquet"
    data = bytearray(chunks.read_bytes())
    data[len(data) // 2] ^= 0xFF
    chunks.write_bytes(bytes(data))
    outcome = build(site.root, store)
    assert outcome.result.version_id == first and outcome.result.published
    assert outcome.result.replaced_corrupt and "chunks.parquet" in outcome.result.replaced_corrupt[0]
    assert layout.current_id() == first and verify_version(layout, first) == []
    assert second in layout.published_ids()
    events = [e["event"] for e in read_audit(layout)]
    assert events[-2:] == ["corrupt_version_set_aside", "publish"]


def test_smoke_check_finds_a_broken_embedder(sample_store):
    """The real check fails when vectors do not match their texts (here: every query embeds alike)."""
    import numpy as np

    from assets.smoke import retrieval_smoke

    class Constant:
        dimension = 384

        def encode(self, texts, show_progress=False):
            v = np.zeros((len(texts), 384), dtype=np.float32)
            v[:, 0] = 1.0
            return v

    layout = StoreLayout(sample_store)
    vid = layout.current_id()
    result = retrieval_smoke(layout.version_dir(vid), vid, Constant(), 60, 30)
    assert not result.passed and any(q.startswith("dense:") for q in result.misses)

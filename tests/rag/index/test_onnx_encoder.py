"""The ONNX Runtime chunk encoder equals sentence-transformers' fp32 vectors, is exported once into the
store's cache, is named in the model id, and lets a one-page change rebuild without importing torch."""

import json
import shutil
import subprocess
import sys
import time

import numpy as np
import pyarrow.parquet as pq
import pytest

from assets.tables import indexed_texts
from rag.index.config import Settings
from rag.index.embedder import EmbedOptions, Embedder, load_embedder
from rag.index.onnx_encoder import EXPORT_FORMAT, EXPORT_INFO, OnnxEncoder
from rag.index.store import StoreLayout
from tests.conftest import HOST, ROOT, SAMPLE

LONG = ("Bachelor of Science > Computer Science > Year 2\n"
        + "Students take CPSC 210, CPSC 213, CPSC 221, MATH 200 and MATH 221; one of STAT 200 or STAT 241. " * 30)
EXTRA = ["CPSC 221", "x", LONG,  # LONG is truncated at the model's 256-token window
         "Prerequisite: One of MATH 100, MATH 102, MATH 104, MATH 110, MATH 120, MATH 180, MATH 184 and "
         "one of CPSC 107, CPSC 110. Credit will be granted for only one of CPSC 221 or CPEN 221."]


def _onnx_embedder(store) -> Embedder:
    embedder = load_embedder(Settings.from_env(store=str(store)))
    assert embedder.backend == "onnx"
    return embedder


def _version_folder(store):
    layout = StoreLayout(store)
    return layout.version_dir(layout.current_id())


def test_onnx_vectors_equal_sentence_transformers_fp32(sample_store):
    """Every chunk of the sample calendar plus a truncated one: cosine >= 1 - 1e-5 to torch fp32."""
    embedder = _onnx_embedder(sample_store)
    assert embedder.onnx_file.is_file()  # the sample build exported it into the store's cache
    texts = indexed_texts(pq.read_table(_version_folder(sample_store) / "chunks.parquet")) + EXTRA
    assert len(texts) >= 20
    ours = embedder.encode(texts)
    reference = Embedder(embedder.model_dir, EmbedOptions(batch_size=embedder.batch_size, precision="fp32",
                                                      backend="torch")).encode(texts)
    assert ours.shape == reference.shape and ours.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(ours, axis=1), 1.0, atol=1e-5)
    cosines = (ours * reference).sum(axis=1)
    assert cosines.min() >= 1 - 1e-5, (cosines.argmin(), cosines.min())


def test_published_vectors_came_from_the_onnx_export(sample_store):
    embedder = _onnx_embedder(sample_store)
    folder = _version_folder(sample_store)
    manifest = json.loads((folder / "manifest.json").read_text())
    assert manifest["models"]["embedding"]["id"] == embedder.model_id
    assert embedder.model_id.endswith(f"/{EXPORT_FORMAT}-fp32")
    info = json.loads((embedder.onnx_file.parent / EXPORT_INFO).read_text())
    assert info["weights_sha256"] == embedder.weights_sha256 and info["format"] == EXPORT_FORMAT
    assert not [p for p in embedder.onnx_file.parent.iterdir() if p.name.endswith(".tmp")]
    stored = np.stack(pq.read_table(folder / "embeddings.parquet").column("vector").to_numpy(zero_copy_only=False))
    texts = indexed_texts(pq.read_table(folder / "chunks.parquet"))
    np.testing.assert_array_equal(embedder.encode(texts), stored)


def test_a_vector_depends_on_its_text_alone(sample_store):
    """Texts are batched only with texts of equal token length: alone or in any batch, the same bits."""
    embedder = _onnx_embedder(sample_store)
    texts = indexed_texts(pq.read_table(_version_folder(sample_store) / "chunks.parquet"))[:12] + EXTRA
    together = embedder.encode(texts)
    alone = np.stack([embedder.encode([t])[0] for t in reversed(texts)])[::-1]
    np.testing.assert_array_equal(together, alone)
    for workers in (1, 2, 3):  # runs side by side, each on one intra-op thread: the same bits
        encoder = OnnxEncoder(embedder.model_dir, embedder.onnx_file, embedder.max_tokens, threads=workers)
        np.testing.assert_array_equal(encoder.encode(texts), together)


def test_backend_is_part_of_the_model_id_and_cache_key(tmp_path):
    onnx = load_embedder(Settings.from_env(store=str(tmp_path)))
    torch_ = load_embedder(Settings.from_env(store=str(tmp_path), embed_backend="torch"))
    assert onnx.backend == "onnx" and torch_.backend == "torch"
    assert onnx.model_id != torch_.model_id and onnx.cache_key != torch_.cache_key
    assert onnx.onnx_file.parent.parent == tmp_path / "cache" / "onnx"
    assert onnx.dimension == 384 and not onnx.onnx_file.exists()  # nothing exported until something is embedded
    with pytest.raises(ValueError, match="UBCAL_EMBED_BACKEND"):
        Settings.from_env(embed_precision="bf16")
    with pytest.raises(ValueError, match="UBCAL_EMBED_BACKEND must be onnx or torch"):
        Settings.from_env(embed_backend="tensorrt")


def test_a_second_store_links_the_export_instead_of_tracing_again(sample_store, tmp_path, monkeypatch):
    """Tests and the benchmark build many stores in one process; the model is traced once."""
    import filecmp

    import rag.index.onnx_encoder as onnx_encoder

    first = _onnx_embedder(sample_store)
    expected = first.encode(["CPSC 221"])
    monkeypatch.setattr(onnx_encoder, "export_model", lambda *args: pytest.fail("traced the model again"))
    second = load_embedder(Settings.from_env(store=str(tmp_path)))
    np.testing.assert_array_equal(second.encode(["CPSC 221"]), expected)
    assert second.onnx_file != first.onnx_file and filecmp.cmp(second.onnx_file, first.onnx_file, shallow=False)
    assert (second.onnx_file.parent / EXPORT_INFO).is_file()


def test_an_unsupported_model_folder_falls_back_to_torch(tmp_path):
    assert Embedder(tmp_path, EmbedOptions(backend="onnx", onnx_cache=tmp_path)).backend == "torch"


ONE_PAGE_REBUILD = """
import json, sys, time
start = time.perf_counter()
sys.argv = ["ubcal", "build", "--json", "--source", sys.argv[1], "--store", sys.argv[2]]
from rag.cli import main
try:
    main()
except SystemExit as exc:
    assert not exc.code, exc.code
print(json.dumps({"seconds": time.perf_counter() - start,
                  "loaded": sorted({m.split('.')[0] for m in sys.modules} & {"torch", "sentence_transformers", "transformers"})}))
"""


def test_a_one_page_change_rebuilds_without_importing_torch(sample_store, tmp_path):
    source = tmp_path / "calendar"
    shutil.copytree(SAMPLE, source)
    store = tmp_path / "store"
    shutil.copytree(sample_store, store, ignore=shutil.ignore_patterns("leases", ".publish.lock"))
    page = source / HOST / "course-descriptions" / "subject" / "mathv.html"
    page.write_text(page.read_text().replace("Matrix Algebra", "Linear Algebra and Matrices"))
    start = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", ONE_PAGE_REBUILD, str(source), str(store)], cwd=ROOT,
                         capture_output=True, text=True)
    wall = time.perf_counter() - start
    assert out.returncode == 0, out.stderr[-3000:]
    lines = out.stdout.strip().splitlines()
    summary, report = json.loads("\n".join(lines[:-1])), json.loads(lines[-1])
    assert summary["published"] and summary["embedded"] == 1, summary
    assert report["loaded"] == [], report  # neither torch nor transformers: the export already exists
    print(f"fresh-process one-page rebuild: {wall:.2f} s")

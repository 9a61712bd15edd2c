"""The torch-free query encoder equals sentence-transformers' fp32 vectors, and answering never imports torch."""

import subprocess
import sys

import numpy as np

from rag.index.config import Settings
from rag.index.embedder import EmbedOptions, Embedder, load_embedder
from rag.index.numpy_encoder import NumpyEncoder, supported
from tests.conftest import ROOT

TEXTS = ["Which prerequisites does CPSC 221 have?", "intro course on astronomy", "cpsc221",
         "Bachelor of Science > Year 1\n" + "Students take CPSC 110, MATH 100 and PHYS 117. " * 40]  # truncated


def test_numpy_vectors_equal_sentence_transformers_fp32():
    embedder = load_embedder(Settings.from_env())
    assert supported(embedder.model_dir)
    reference = Embedder(embedder.model_dir, EmbedOptions(precision="fp32", query_encoder="torch")).encode(TEXTS)
    ours = NumpyEncoder(embedder.model_dir, embedder.max_tokens).encode(TEXTS)
    assert ours.shape == reference.shape and ours.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(ours, axis=1), 1.0, atol=1e-5)
    assert (ours * reference).sum(axis=1).min() > 0.99999


def test_unsupported_folder_falls_back(tmp_path):
    assert not supported(tmp_path)
    assert Embedder(tmp_path, EmbedOptions(query_encoder="numpy")).query_encoder is None


def test_retrieval_and_declines_never_import_torch(sample_store):
    code = f"""
import sys
from rag.answer import Answerer
from rag.index.config import Settings
a = Answerer(Settings.from_env(store={str(sample_store)!r}))
hits = a.retriever.retrieve(a.retriever.query_for_text("matrix algebra eigenvalues"), top_k=3, mode="hybrid").hits
assert hits[0].course_code == "MATH 221", hits[0].course_code
declined = a.ask("What is CPSC 999 about?")
assert declined.declined
print(sorted({{m.split('.')[0] for m in sys.modules}} & {{'torch', 'sentence_transformers', 'llama_cpp'}}))
"""
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip().splitlines()[-1] == "[]"


def test_a_text_has_the_same_vector_in_a_block_of_its_length_as_alone():
    embedder = load_embedder(Settings.from_env())
    encoder = NumpyEncoder(embedder.model_dir, embedder.max_tokens)
    texts = ["i took ABCD 110 last year", "i took ABCD 210 last fall", "i dropped ABCD 110 last year"] + TEXTS
    together = encoder.encode(texts)
    alone = np.stack([encoder.encode([t])[0] for t in texts])
    assert len({len(encoder.tokenizer.encode(t).ids) for t in texts[:3]}) == 1  # one block of three
    np.testing.assert_allclose(together, alone, atol=1e-6)
    assert encoder.encode([]).shape == (0, together.shape[1])

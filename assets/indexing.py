"""Build the two retrieval indexes over the chunk table: FAISS vectors and BM25 postings."""

from __future__ import annotations

import faiss
import numpy as np
import pyarrow as pa

from assets.tables import indexed_texts
from rag.index.bm25 import BM25Index, CodeAwareTokenizer


def build_faiss_index(vectors: np.ndarray, kind: str, hnsw_m: int) -> faiss.Index:
    """Exact inner product (= cosine on unit vectors) by default; HNSW when configured."""
    if vectors.ndim != 2 or vectors.shape[0] == 0:
        raise ValueError(f"cannot index {vectors.shape} vectors")
    dim = int(vectors.shape[1])
    if kind == "hnsw":
        index = faiss.IndexHNSWFlat(dim, hnsw_m, faiss.METRIC_INNER_PRODUCT)
    else:
        index = faiss.IndexFlatIP(dim)
    index.add(np.ascontiguousarray(vectors, dtype=np.float32))
    return index


def build_bm25_index(chunks: pa.Table, subjects: list[str], k1: float, b: float,
                     epsilon: float) -> BM25Index:
    tokenizer = CodeAwareTokenizer(subjects)
    corpus = [tokenizer(text) for text in indexed_texts(chunks)]
    return BM25Index.build(corpus, subjects, k1=k1, b=b, epsilon=epsilon)

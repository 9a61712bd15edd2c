"""Embed chunks, re-using vectors already computed for the same model and text.

The cache is a folder of Parquet shards per model key, each holding
(text sha256, vector). A build appends one new shard with only the texts it
had to embed, written to a temporary name and renamed, so a crashed build can
never leave a torn cache and concurrent readers never see a partial shard.
"""

from __future__ import annotations

import hashlib
import os
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from rag.index.embedder import Embedder


def text_key(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


@dataclass
class EmbedResult:
    vectors: np.ndarray
    reused: int
    embedded: int
    seconds: float


class EmbeddingCache:
    def __init__(self, root: Path, model_key: str) -> None:
        self.folder = Path(root) / model_key

    def load(self) -> dict[str, np.ndarray]:
        found: dict[str, np.ndarray] = {}
        if not self.folder.is_dir():
            return found
        for shard in sorted(self.folder.glob("*.parquet")):
            try:
                table = pq.read_table(shard)
            except Exception:  # a foreign or damaged shard only costs recomputation
                continue
            keys = table.column("key").to_pylist()
            flat = table.column("vector").combine_chunks()
            width = flat.type.list_size
            matrix = flat.flatten().to_numpy(zero_copy_only=False).reshape(-1, width)
            found.update(zip(keys, matrix))
        return found

    def add(self, keys: list[str], vectors: np.ndarray) -> None:
        if not keys:
            return
        self.folder.mkdir(parents=True, exist_ok=True)
        width = vectors.shape[1]
        table = pa.table({
            "key": pa.array(keys, pa.string()),
            "vector": pa.FixedSizeListArray.from_arrays(
                pa.array(vectors.astype(np.float32).ravel(), pa.float32()), width),
        })
        name = f"{time.strftime('%Y%m%dT%H%M%S')}-{uuid.uuid4().hex[:8]}.parquet"
        tmp = self.folder / f".{name}.tmp"
        pq.write_table(table, tmp)
        with open(tmp, "rb") as fh:
            os.fsync(fh.fileno())
        os.replace(tmp, self.folder / name)


def embed_with_cache(texts: list[str], embedder: Embedder, cache_root: Path,
                     show_progress: bool = False) -> EmbedResult:
    """Vectors for ``texts`` in order; only texts absent from the cache reach the model."""
    start = time.perf_counter()
    cache = EmbeddingCache(cache_root, embedder.cache_key)
    known = cache.load()
    keys = [text_key(t) for t in texts]
    missing_keys: list[str] = []
    missing_texts: list[str] = []
    seen: set[str] = set()
    for key, text in zip(keys, texts):
        if key not in known and key not in seen:
            seen.add(key)
            missing_keys.append(key)
            missing_texts.append(text)
    if missing_texts:
        fresh = embedder.encode(missing_texts, show_progress=show_progress)
        cache.add(missing_keys, fresh)
        known.update(zip(missing_keys, fresh))
    if texts:
        vectors = np.stack([known[k] for k in keys]).astype(np.float32, copy=False)
    else:
        vectors = np.zeros((0, embedder.dimension), dtype=np.float32)
    return EmbedResult(vectors=np.ascontiguousarray(vectors), reused=len(texts) - len(missing_texts),
                       embedded=len(missing_texts), seconds=time.perf_counter() - start)

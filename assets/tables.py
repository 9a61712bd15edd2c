"""Arrow schemas of the published tables, and conversions from parsed objects.

Fixed schemas (not inferred) keep every version's Parquet files readable by
the same query code, and make an empty table still carry its columns.
"""

from __future__ import annotations

import numpy as np
import pyarrow as pa

from assets.chunk import Chunk
from assets.parse import ParsedPage

PAGES_SCHEMA = pa.schema([
    ("url", pa.string()), ("path", pa.string()), ("title", pa.string()),
    ("breadcrumb", pa.list_(pa.string())), ("kind", pa.string()), ("sha256", pa.string()),
    ("n_sections", pa.int32()),
])
SECTIONS_SCHEMA = pa.schema([
    ("section_id", pa.string()), ("url", pa.string()), ("anchor", pa.string()), ("kind", pa.string()),
    ("heading", pa.string()), ("heading_path", pa.list_(pa.string())), ("text", pa.string()),
    ("ordinal", pa.int32()), ("course_code", pa.string()), ("course_code_raw", pa.string()),
    ("subject", pa.string()), ("number", pa.string()), ("credits", pa.string()),
    ("course_title", pa.string()),
])
CHUNKS_SCHEMA = pa.schema([
    ("chunk_id", pa.string()), ("section_id", pa.string()), ("url", pa.string()), ("anchor", pa.string()),
    ("kind", pa.string()), ("page_title", pa.string()), ("heading", pa.string()),
    ("heading_path", pa.list_(pa.string())), ("course_code", pa.string()),
    ("course_codes", pa.list_(pa.string())), ("text", pa.string()), ("context_header", pa.string()),
    ("ordinal", pa.int32()),
])


def pages_table(pages: list[ParsedPage], paths: dict[str, str], hashes: dict[str, str]) -> pa.Table:
    return pa.Table.from_pylist([{
        "url": p.url, "path": paths[p.url], "title": p.title, "breadcrumb": p.breadcrumb,
        "kind": p.kind, "sha256": hashes[p.url], "n_sections": len(p.sections),
    } for p in pages], schema=PAGES_SCHEMA)


def sections_table(pages: list[ParsedPage]) -> pa.Table:
    return pa.Table.from_pylist([{
        "section_id": s.section_id, "url": s.url, "anchor": s.anchor, "kind": s.kind,
        "heading": s.heading, "heading_path": s.heading_path, "text": s.text, "ordinal": s.order,
        "course_code": s.course_code, "course_code_raw": s.course_code_raw, "subject": s.subject,
        "number": s.number, "credits": s.credits, "course_title": s.course_title,
    } for p in pages for s in p.sections], schema=SECTIONS_SCHEMA)


def chunks_table(chunks: list[Chunk]) -> pa.Table:
    return pa.Table.from_pylist([{
        "chunk_id": c.chunk_id, "section_id": c.section_id, "url": c.url, "anchor": c.anchor,
        "kind": c.kind, "page_title": c.page_title, "heading": c.heading,
        "heading_path": c.heading_path, "course_code": c.course_code, "course_codes": c.course_codes,
        "text": c.text, "context_header": c.context_header, "ordinal": c.ordinal,
    } for c in chunks], schema=CHUNKS_SCHEMA)


def indexed_texts(chunks: pa.Table) -> list[str]:
    """The text each chunk is embedded and BM25-indexed as: context header, newline, body."""
    return [f"{h}\n{t}" for h, t in zip(chunks.column("context_header").to_pylist(),
                                        chunks.column("text").to_pylist())]


def embeddings_table(chunk_ids: list[str], vectors: np.ndarray) -> pa.Table:
    width = int(vectors.shape[1]) if vectors.ndim == 2 else 0
    return pa.table({
        "chunk_id": pa.array(chunk_ids, pa.string()),
        "vector": pa.FixedSizeListArray.from_arrays(
            pa.array(np.ascontiguousarray(vectors, dtype=np.float32).ravel(), pa.float32()), width),
    })

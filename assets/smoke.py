"""The retrieval smoke test a version must pass before CURRENT may point at it.

It runs on the finished version folder (staged, or already published but not
current) through the index layer's own loader and search: a few course codes
must retrieve their own section first in two spellings, and each course's own
chunk text must find its own vector. ``assets.publish`` calls it after every
file is written and checksummed and before the rename and the CURRENT switch,
so a version that fails is never published and never made current.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from rag.index.store import MANIFEST

SMOKE_CODES = 5  # course codes the retrieval smoke check looks up


@dataclass
class SmokeResult:
    codes_checked: list[str]
    misses: dict[str, str | None] = field(default_factory=dict)

    @property
    def passed(self) -> bool:
        return bool(self.codes_checked) and not self.misses

    def describe(self) -> str:
        if not self.codes_checked:
            return "retrieval smoke check: the version holds no course to look up"
        return ("retrieval smoke check failed: "
                + ", ".join(f"{q!r} found {got or 'nothing'}" for q, got in self.misses.items()))

    def to_dict(self) -> dict:
        return {"passed": self.passed, "codes_checked": self.codes_checked, "misses": self.misses}


def retrieval_smoke(folder: Path, version_id: str, embedder, rrf_k: int, year_level_window: int) -> SmokeResult:
    """Look up SMOKE_CODES course codes spread over the version's courses; record every miss."""
    from rag.index.codes import find_codes
    from rag.index.loader import load_folder
    from rag.index.search import SearchQuery, Searcher

    manifest = json.loads((Path(folder) / MANIFEST).read_text())
    loaded = load_folder(Path(folder), version_id, manifest)
    codes = sorted(loaded.known_courses)
    sample = codes[:: max(1, len(codes) // SMOKE_CODES)][:SMOKE_CODES]
    searcher = Searcher(loaded, embedder, rrf_k, year_level_window)
    misses: dict[str, str | None] = {}
    for code in sample:
        for query in (code, code.replace(" ", "").lower()):
            # the code pins its own section, as a question naming it does on the answering side
            named = tuple(c for c, _, _ in find_codes(query, loaded.subjects) if c in loaded.known_courses)
            top = searcher.search(SearchQuery(query, courses=named), top_k=1, mode="hybrid").hits
            if not top or top[0].course_code != code:
                misses[query] = top[0].course_code if top else None
        # the vector row of the course's own chunk must come back for its own text
        row = loaded.rows_by_course[code][0]
        own = f"{loaded.chunks['context_header'][row]}\n{loaded.chunks['text'][row]}"
        dense_top = searcher.search(SearchQuery(own), top_k=1, mode="dense").hits
        if not dense_top or dense_top[0].chunk_id != loaded.chunks["chunk_id"][row]:
            misses[f"dense:{code}"] = dense_top[0].chunk_id if dense_top else None
    return SmokeResult(sample, misses)

"""Search one opened index version: BM25 and dense rankings fused by Reciprocal Rank Fusion.

This is the part of retrieval that needs only the index, so the build's smoke
check and the answering side share it. A ``SearchQuery`` says what to look
for and what the caller already knows about it: courses and programs to pin
first (in ``hybrid`` mode a named course's own section comes first, not the
courses whose prerequisites merely name it; a named program's best chunk
follows), and year levels the wording implied ("intro course", "first-year").
With levels, hybrid fusion takes a third ranking: among the top
``year_level_window`` fused candidates, those whose course is at that level,
in their fused order. The window keeps the preference local: it reorders
courses both retrievers already found relevant and cannot lift an off-topic
course from deep in the lists. ``bm25`` and ``dense`` are the plain
retrievers, kept unpinned so evaluation can compare.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import numpy as np

from rag.index.config import ENV_DEFAULTS
from rag.index.embedder import Embedder
from rag.index.loader import LoadedIndex

MODES = ("hybrid", "bm25", "dense")
CANDIDATE_DEPTH = 100  # how deep each retriever's list goes before fusion
DEFAULT_RRF_K = int(ENV_DEFAULTS["UBCAL_RRF_K"][0])
DEFAULT_YEAR_LEVEL_WINDOW = int(ENV_DEFAULTS["UBCAL_YEAR_LEVEL_WINDOW"][0])


@dataclass(frozen=True)
class SearchQuery:
    """What to search for: the text, and what was already read from it (pins and year levels)."""
    text: str
    courses: tuple[str, ...] = ()   # calendar courses named: their own sections are pinned first
    programs: tuple[str, ...] = ()  # program titles named: each page's best chunk is pinned next
    levels: frozenset[int] = frozenset()  # year levels the wording implies (hybrid only)


@dataclass
class Hit:
    chunk_id: str
    url: str
    anchor: str
    title: str
    heading: str
    text: str
    context_header: str
    course_code: str
    kind: str
    ranks: dict[str, int] = field(default_factory=dict)     # 1-based, per retriever
    scores: dict[str, float] = field(default_factory=dict)
    fused_rank: int = 0
    fused_score: float = 0.0
    pinned: str = ""  # why the hit was placed first, if it was

    @property
    def citation(self) -> str:
        return f"{self.url}#{self.anchor}"

    def to_dict(self) -> dict:
        return {"chunk_id": self.chunk_id, "citation": self.citation, "title": self.title,
                "heading": self.heading, "text": self.text, "course_code": self.course_code,
                "ranks": self.ranks, "scores": self.scores, "fused_rank": self.fused_rank,
                "fused_score": self.fused_score, "pinned": self.pinned}

    def summary(self) -> dict:
        """Why the hit ranked where it did (ranks and scores per retriever, any pin), for a trace."""
        return {"chunk_id": self.chunk_id, "citation": self.citation, "title": self.title,
                "course_code": self.course_code, "ranks": self.ranks,
                "scores": {k: round(float(v), 4) for k, v in self.scores.items()},
                "fused_rank": self.fused_rank, "fused_score": round(float(self.fused_score), 5),
                "pinned": self.pinned, "text": self.text[:400]}


def rrf(rankings: dict[str, list[int]], k: int) -> list[tuple[int, float]]:
    """Reciprocal Rank Fusion: score(d) = sum over lists of 1 / (k + rank of d)."""
    scores: dict[int, float] = {}
    for ranked in rankings.values():
        for rank, row in enumerate(ranked, start=1):
            scores[row] = scores.get(row, 0.0) + 1.0 / (k + rank)
    return sorted(scores.items(), key=lambda item: (-item[1], item[0]))


@dataclass
class SearchResult:
    query: str
    mode: str
    hits: list[Hit]
    seconds: float
    year_levels: list[int] = field(default_factory=list)  # levels the fusion used, if any


class Searcher:
    """The rankings of one index version and their fusion; holds nothing about any one question."""

    def __init__(self, index: LoadedIndex, embedder: Embedder, rrf_k: int = DEFAULT_RRF_K,
                 year_level_window: int = DEFAULT_YEAR_LEVEL_WINDOW) -> None:
        self.index = index
        self.embedder = embedder
        self.rrf_k = rrf_k
        self.year_level_window = year_level_window

    def bm25_ranking(self, query: str, depth: int) -> tuple[list[int], np.ndarray]:
        scores = self.index.bm25.scores(self.index.bm25.tokenizer(query))
        nonzero = np.flatnonzero(scores > 0)
        order = nonzero[np.argsort(-scores[nonzero], kind="stable")][:depth]
        return order.tolist(), scores

    def dense_ranking(self, query: str, depth: int) -> tuple[list[int], dict[int, float]]:
        encode = getattr(self.embedder, "encode_queries", self.embedder.encode)  # numpy path: no torch
        vector = encode([query])
        scores, rows = self.index.faiss_index.search(vector, min(depth, self.index.n_chunks))
        pairs = [(int(r), float(s)) for r, s in zip(rows[0], scores[0]) if r >= 0]
        return [r for r, _ in pairs], dict(pairs)

    def _hit(self, row: int) -> Hit:
        c = self.index.chunks
        title = c["page_title"][row] if c["heading"][row] == c["page_title"][row] else (
            f"{c['page_title'][row]} — {c['heading'][row]}")
        return Hit(chunk_id=c["chunk_id"][row], url=c["url"][row], anchor=c["anchor"][row], title=title,
                   heading=c["heading"][row], text=c["text"][row], context_header=c["context_header"][row],
                   course_code=c["course_code"][row], kind=c["kind"][row])

    def search(self, query: SearchQuery, top_k: int = 5, mode: str = "hybrid") -> SearchResult:
        if mode not in MODES:
            raise ValueError(f"mode must be one of {', '.join(MODES)}, not {mode!r}")
        start = time.perf_counter()
        depth = max(CANDIDATE_DEPTH, top_k)
        rankings: dict[str, list[int]] = {}
        raw_scores: dict[str, dict[int, float]] = {}
        if mode in ("hybrid", "bm25"):
            order, scores = self.bm25_ranking(query.text, depth)
            rankings["bm25"] = order
            raw_scores["bm25"] = {r: float(scores[r]) for r in order}
        if mode in ("hybrid", "dense"):
            order, dense_scores = self.dense_ranking(query.text, depth)
            rankings["dense"] = order
            raw_scores["dense"] = dense_scores
        fused = rrf(rankings, self.rrf_k)
        levels = query.levels if mode == "hybrid" and self.year_level_window > 0 else frozenset()
        if levels:
            rankings["level"] = self.level_ranking(fused, levels)
            fused = rrf(rankings, self.rrf_k)
        fused_rank = {row: i for i, (row, _) in enumerate(fused, start=1)}
        fused_score = dict(fused)
        pinned = self._pins(query, fused_rank) if mode == "hybrid" else []
        pinned_rows = {row for row, _ in pinned}
        ordered = pinned + [(row, "") for row, _ in fused if row not in pinned_rows]
        hits = []
        for row, reason in ordered[:top_k]:
            hit = self._hit(row)
            hit.ranks = {name: ranked.index(row) + 1 for name, ranked in rankings.items() if row in ranked}
            hit.scores = {name: raw[row] for name, raw in raw_scores.items() if row in raw}
            hit.fused_rank = fused_rank.get(row, 0)
            hit.fused_score = fused_score.get(row, 0.0)
            hit.pinned = reason
            hits.append(hit)
        return SearchResult(query.text, mode, hits, time.perf_counter() - start, sorted(levels))

    def rank_rows(self, query: str, rows: list[int]) -> list[int]:
        """``rows`` ordered by RRF of BM25 and dense similarity to ``query``, scoring only those rows.

        For questions whose answer must come from a known candidate set (the courses at one level of
        one subject), ranking inside the set beats hoping the set's best member reaches a global top-k.
        """
        if not rows:
            return []
        scores = self.index.bm25.scores(self.index.bm25.tokenizer(query))
        by_bm25 = sorted((r for r in rows if scores[r] > 0), key=lambda r: (-scores[r], r))
        vector = self.embedder.encode_queries([query])[0]  # the query encoder: no build backend at answer time
        ids = np.asarray(rows, dtype=np.int64)
        similarity = self.index.faiss_index.reconstruct_batch(ids) @ vector
        by_dense = [rows[i] for i in np.argsort(-similarity, kind="stable")]
        return [row for row, _ in rrf({"bm25": by_bm25, "dense": by_dense}, self.rrf_k)]

    def level_ranking(self, fused: list[tuple[int, float]], levels: frozenset[int]) -> list[int]:
        """Of the top fused candidates, those whose course sits at one of ``levels``, in fused order."""
        course_levels = self.index.course_levels
        return [row for row, _ in fused[:self.year_level_window] if course_levels[row] in levels]

    def _pins(self, query: SearchQuery, fused_rank: dict[int, int]) -> list[tuple[int, str]]:
        """Rows to place first: each named course's own chunks, then each named program's best chunk."""
        never = len(fused_rank) + 1
        pins: list[tuple[int, str]] = []
        for code in query.courses:
            rows = sorted(self.index.rows_by_course.get(code, []), key=lambda r: fused_rank.get(r, never))
            pins += [(r, f"names {code}") for r in rows[:2]]
        for title in query.programs:
            url = self.index.program_titles[title]
            rows = sorted(self.index.rows_by_url.get(url, []), key=lambda r: fused_rank.get(r, never))
            pins += [(r, f"names program {title}") for r in rows[:1]]
        return pins

"""The retrieve stage: search the index for a read question (``rag.index.search`` does the ranking).

What the question names was read once, by ``understand``: its courses and
programs are pinned first and the year levels its wording implies join the
fusion. Sub-questions the agent writes are read here, with the same finder,
because they are new text the question did not contain.
"""

from __future__ import annotations

from rag.index.embedder import Embedder
from rag.index.loader import LoadedIndex
from rag.index.search import (DEFAULT_RRF_K, DEFAULT_YEAR_LEVEL_WINDOW, Hit, SearchQuery, SearchResult, Searcher,
                              rrf)
from rag.understand import Question
from rag.understand.entities import EntityFinder
from rag.understand.levels import levels_in_question

__all__ = ["Hit", "Retriever", "SearchQuery", "SearchResult", "rrf"]


class Retriever:
    """Turns a ``Question`` (or a sub-question's text) into a ``SearchQuery`` and searches."""

    def __init__(self, index: LoadedIndex, embedder: Embedder, rrf_k: int = DEFAULT_RRF_K,
                 year_level_window: int = DEFAULT_YEAR_LEVEL_WINDOW) -> None:
        self.index = index
        self.searcher = Searcher(index, embedder, rrf_k, year_level_window)
        self.finder = EntityFinder(index.known_courses, index.subjects, list(index.program_titles))

    @property
    def rrf_k(self) -> int:
        return self.searcher.rrf_k

    @staticmethod
    def query(question: Question) -> SearchQuery:
        """The search for a read question: its text, what it names, the levels its wording implies."""
        e = question.entities
        return SearchQuery(question.text, tuple(e.courses), tuple(e.programs), frozenset(question.year_levels))

    def query_for_text(self, text: str) -> SearchQuery:
        """The search for text the question did not contain (an agent's sub-question, a model's rewrite)."""
        e = self.finder.find(text)
        return SearchQuery(text, tuple(e.courses), tuple(e.programs), levels_in_question(text))

    def retrieve(self, query: Question | SearchQuery, top_k: int = 5, mode: str = "hybrid") -> SearchResult:
        return self.searcher.search(query if isinstance(query, SearchQuery) else self.query(query), top_k, mode)

    def rank_rows(self, text: str, rows: list[int]) -> list[int]:
        return self.searcher.rank_rows(text, rows)

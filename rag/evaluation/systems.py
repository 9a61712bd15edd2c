"""The RAG systems compared by ``ubcal eval``, all over the same opened index version.

Each system turns a read question (the one ``Question`` the evaluation
understood) into a ranked list of excerpts (``SystemRun``); answering from
that list is shared (``Answerer.respond``), so systems differ only in
retrieval and routing. Systems that call the model count their calls
and tokens, because cost is part of the comparison.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from rag.answer import Answerer
from rag.answer.agent import decompose, parse_subquestions, round_robin_merge
from rag.answer.prompts import hyde_messages, relevance_messages, rewrite_messages
from rag.answer.retrieve import Hit, rrf
from rag.answer.router import Route, choose_route
from rag.understand import Question

RERANK_CANDIDATES = 20
REWRITES = 3


@dataclass
class SystemRun:
    hits: list[Hit]
    route: Route
    llm_calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    seconds: float = 0.0
    notes: dict = field(default_factory=dict)


class Systems:
    """Builds every system from one Answerer (index, embedder, model)."""

    def __init__(self, answerer: Answerer) -> None:
        self.a = answerer
        self.retriever = answerer.retriever
        self.llm = answerer.llm

    # -- registry -------------------------------------------------------------------------------
    @property
    def names(self) -> list[str]:
        return ["dense", "bm25", "hybrid", "rerank", "hyde", "rewrite", "advanced", "agent", "router",
                "hybrid_at_agent_depth"]

    def run(self, name: str, question: Question, depth: int, agent_depth: int | None = None) -> SystemRun:
        start = time.perf_counter()
        if name == "hybrid_at_agent_depth":
            out = self._single(question, "hybrid", agent_depth or depth)
            out.notes["depth"] = agent_depth or depth
        else:
            out = getattr(self, f"_{name}")(question, depth)
        out.seconds = time.perf_counter() - start
        return out

    # -- systems --------------------------------------------------------------------------------
    def _single(self, question: Question, mode: str, depth: int) -> SystemRun:
        hits = self.retriever.retrieve(question, depth, mode).hits
        return SystemRun(hits, Route("simple", f"single {mode} retrieval"))

    def _dense(self, question, depth):
        return self._single(question, "dense", depth)

    def _bm25(self, question, depth):
        return self._single(question, "bm25", depth)

    def _hybrid(self, question, depth):
        return self._single(question, "hybrid", depth)

    def _llm(self, run: SystemRun, messages: list[dict], max_tokens: int) -> str:
        completion = self.llm.chat(messages, max_tokens=max_tokens)
        run.llm_calls += 1
        run.prompt_tokens += completion.prompt_tokens
        run.completion_tokens += completion.completion_tokens
        return completion.text

    def _rerank_hits(self, question: Question, hits: list[Hit], run: SystemRun) -> list[Hit]:
        """The local model scores each candidate: logit(Yes) - logit(No) to 'does it help answer?'."""
        scored = []
        for i, hit in enumerate(hits[:RERANK_CANDIDATES]):
            margin = self.llm.yes_no_margin(relevance_messages(question.text, f"{hit.context_header}\n{hit.text}"))
            run.llm_calls += 1
            hit.scores["rerank"] = margin
            scored.append((-margin, i, hit))
        reranked = [h for _, _, h in sorted(scored)]
        return reranked + hits[RERANK_CANDIDATES:]

    def _rerank(self, question, depth):
        run = self._single(question, "hybrid", max(depth, RERANK_CANDIDATES))
        run.hits = self._rerank_hits(question, run.hits, run)[:depth]
        run.route = Route("simple", "hybrid then model rerank")
        return run

    def _hyde(self, question, depth):
        run = SystemRun([], Route("simple", "hypothetical passage, dense retrieval"))
        passage = self._llm(run, hyde_messages(question.text), 96) or question.text
        run.notes["passage"] = passage
        run.hits = self.retriever.retrieve(self.retriever.query_for_text(passage), depth, "dense").hits
        return run

    def _rewrites(self, question: Question, run: SystemRun) -> list:
        """The question itself, then the model's rewrites of it (new text, read by the retriever)."""
        text = self._llm(run, rewrite_messages(question.text), 96)
        rewrites = [q for q in parse_subquestions(text, REWRITES) if q.lower() != question.text.lower()]
        run.notes["queries"] = [question.text] + rewrites
        return [question] + [self.retriever.query_for_text(q) for q in rewrites]

    def _fused(self, queries: list, depth: int) -> list[Hit]:
        by_id: dict[str, Hit] = {}
        rankings: dict[str, list[str]] = {}
        for i, q in enumerate(queries):
            hits = self.retriever.retrieve(q, depth, "hybrid").hits
            rankings[str(i)] = [h.chunk_id for h in hits]
            for h in hits:
                by_id.setdefault(h.chunk_id, h)
        index = {cid: n for n, cid in enumerate(by_id)}
        fused = rrf({k: [index[c] for c in v] for k, v in rankings.items()}, self.retriever.rrf_k)
        ids = list(by_id)
        return [by_id[ids[row]] for row, _ in fused]

    def _rewrite(self, question, depth):
        run = SystemRun([], Route("simple", "model rewrites, hybrid per query, RRF"))
        run.hits = self._fused(self._rewrites(question, run), depth)[:depth]
        return run

    def _advanced(self, question, depth):
        run = SystemRun([], Route("simple", "rewrite + hybrid + RRF + model rerank"))
        candidates = self._fused(self._rewrites(question, run), max(depth, RERANK_CANDIDATES))
        run.hits = self._rerank_hits(question, candidates, run)[:depth]
        return run

    def _agent(self, question, depth, route: Route | None = None):
        run = SystemRun([], route or Route("complex", "always decompose"))
        decomposition = decompose(question, self.retriever.finder, self.llm, self.a.settings.agent_max_subq)
        run.llm_calls += 1
        run.prompt_tokens += decomposition.prompt_tokens
        run.completion_tokens += decomposition.completion_tokens
        run.notes["subquestions"] = decomposition.subquestions
        run.notes["decomposition"] = decomposition.source
        rankings = [self.retriever.retrieve(self.retriever.query_for_text(q), depth, "hybrid").hits
                    for q in decomposition.subquestions]
        merged = round_robin_merge(rankings, cap=depth * max(1, len(rankings)))
        run.hits = merged.hits
        run.notes["merged"] = len(merged.hits)
        return run

    def _router(self, question, depth):
        route = choose_route(question, self.llm if self.a.settings.router_llm else None)
        if route.path == "complex":
            return self._agent(question, depth, route)
        run = self._single(question, "hybrid", depth)
        run.route = route
        return run

"""Answer one question from one index version: route, retrieve, generate, guard, cite.

What a user gets is always one of three things, and the JSON says which:
the model's answer (it passed the grounding guard), an extractive answer
(the model's failed the guard: ``guard.replaced`` is true, with reasons), or a
decline (nothing in the calendar is about what was asked).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace

from rag.agent import decompose, round_robin_merge
from rag.config import Settings
from rag.embedder import Embedder, load_embedder
from rag.entities import Entities
from rag.extractive import extractive_answer
from rag.fact_answers import FactAnswer, answer_from_facts, topic_level
from rag.guard import CITATION_RE, check_grounding
from rag.index_reader import LoadedIndex, open_index
from rag.llm import LocalLLM
from rag.prompts import DECLINE_TEXT, answer_messages, excerpt_block
from rag.understand import INJECTION_RE, Question, Reader, understand
from rag.retrieve import Hit, Retriever
from rag.router import Route, choose_route
from rag.store import StoreLayout
from rag.trace import Trace

PROMPT_OVERHEAD_TOKENS = 160  # system text, markers and the question's framing
TOPIC_DEPTH = 30  # ranked candidates a topic-at-a-level answer chooses its courses from
# A declined question is answered from a calendar page (policy, program) whose excerpt is at least this close
# (cosine): on the real snapshot out-of-scope questions reach at most ~0.6, a policy question ~0.75.
DECLINE_OVERRIDE_DENSE = 0.65


class QuestionError(ValueError):
    """A question that cannot be answered as given; the message says why."""


@dataclass
class Answer:
    question: str
    answer: str
    citations: list[dict]
    route: str
    route_reason: str
    subquestions: list[str]
    decomposition: str
    version_id: str
    mode: str
    declined: bool
    guard: dict
    timings_ms: dict
    tokens: dict
    excerpts: list[dict] = field(default_factory=list)
    trace: Trace = field(default_factory=Trace)
    answered_by: str = ""  # facts | model | extractive | decline
    understood: dict = field(default_factory=dict)
    verdict: str = ""
    reading: str = ""  # how the question was read, one line ("Read as: completed CPSC 210; ...")

    def to_dict(self) -> dict:
        return {"question": self.question, "answer": self.answer, "citations": self.citations,
                "route": self.route, "route_reason": self.route_reason, "subquestions": self.subquestions,
                "decomposition": self.decomposition, "index_version": self.version_id, "mode": self.mode,
                "declined": self.declined, "guard": self.guard, "timings_ms": self.timings_ms,
                "tokens": self.tokens, "excerpts": self.excerpts, "answered_by": self.answered_by,
                "understood": self.understood, "verdict": self.verdict, "reading": self.reading}


class Answerer:
    """Holds one opened index version, the embedder and the model across questions."""

    def __init__(self, settings: Settings, version_id: str | None = None, index: LoadedIndex | None = None,
                 embedder: Embedder | None = None, llm: LocalLLM | None = None) -> None:
        self.settings = settings
        self.llm = llm or LocalLLM(settings)  # resolves the model path now: a missing file fails here
        self.index = index or open_index(StoreLayout(settings.store), version_id)
        self.embedder = embedder or load_embedder(settings)
        self.retriever = Retriever(self.index, self.embedder, settings.rrf_k, settings.year_level_window)
        self.tokenizer = self.index.bm25.tokenizer
        self.reader = Reader(self.retriever.finder, self.embedder.encode_queries, self.embedder.model_id,
                             cache_dir=settings.store / "cache")

    # -- public -----------------------------------------------------------------------------------
    def ask(self, question: str, route: str = "auto", mode: str = "hybrid", top_k: int | None = None,
            trace: Trace | None = None) -> Answer:
        """``trace`` lets a caller watch the stages as they happen (``Trace(on_event=...)``)."""
        question = self._validate(question)
        top_k = top_k or self.settings.top_k
        trace = trace if trace is not None else Trace()
        tokens = {"prompt": 0, "completion": 0, "llm_calls": 0}
        timings: dict[str, float] = {}
        start = time.perf_counter()
        trace.add("question", chars=len(question), index_version=self.index.version_id, mode=mode, top_k=top_k)
        if INJECTION_RE.search(question):
            trace.add("injection_suspected", note="treated as data; the answer must still pass the guard")

        t0 = time.perf_counter()
        understood = understand(question, self.reader)
        timings["understand"] = (time.perf_counter() - t0) * 1000
        entities = understood.entities
        trace.add("entities", courses=entities.courses, unknown_courses=entities.unknown_courses,
                  programs=entities.programs)
        trace.add("understand", **understood.to_dict())
        answer = self._answer(understood, chosen_route=route, mode=mode, top_k=top_k,
                              run=(timings, tokens, trace, start))
        reading = answer.understood.get("reading") or understood.reading  # the reading that answered
        answer.reading = reading
        answer.understood = answer.understood or understood.to_dict()
        answer.answer = f"{answer.answer}\n{reading}"
        return answer

    def _answer(self, understood: Question, chosen_route: str, mode: str, top_k: int, run: tuple) -> Answer:
        """Every stage after understanding: route, facts, retrieval (or the agent), generation, guard."""
        timings, tokens, trace, start = run
        question, entities, route = understood.text, understood.entities, chosen_route
        chosen = choose_route(question, entities, self.llm if self.settings.router_llm else None, route)
        trace.add("route", path=chosen.path, reason=chosen.reason)

        if self._unknown_only(entities):
            return self._decline_unknown(question, entities, chosen, mode, timings, tokens, trace, start)
        if understood.intent == "decline" and self._calendar_page_answers(understood, mode, trace):
            understood = replace(understood, intent="none", reason="read as out of scope, but a calendar page "
                                 "(not a course) matches it closely: retrieval answers")
        t0 = time.perf_counter()
        fact = self._fact_answer(understood, lambda: self._topic_codes(understood, mode), trace)
        # the next reading is tried only when a fact reading found no answer: a general question ("none") goes
        # to retrieval as read, and a decline is never the fallback of a question the facts could not settle
        if (fact is None and understood.intent != "none" and understood.runner_up is not None
                and understood.runner_up.intent not in ("none", "decline")):
            second = understood.runner_up  # the facts cannot answer the first reading: try the next one
            fact = self._fact_answer(second, lambda: self._topic_codes(second, mode), trace)
            understood = second if fact is not None else understood
        if fact is not None:
            timings["facts"] = (time.perf_counter() - t0) * 1000
            return self._fact_result(understood, fact, chosen, mode, timings, tokens, trace, start)
        if self._asks_about_unknown(understood):  # "can I take FREN 122" when the calendar has no FREN 122
            return self._decline_unknown(question, entities, chosen, mode, timings, tokens, trace, start)

        t0 = time.perf_counter()
        if chosen.path == "complex":
            hits, subqs, how = self._complex_hits(question, entities, mode, top_k, trace, tokens)
        else:
            result = self.retriever.retrieve(question, top_k, mode, entities=entities)
            hits, subqs, how = result.hits, [], "none"
            trace.add("retrieve", query=question, chunk_ids=[h.chunk_id for h in hits],
                      pinned=[h.chunk_id for h in hits if h.pinned], year_levels=result.year_levels,
                      ms=round(result.seconds * 1000, 1))
        timings["retrieve"] = (time.perf_counter() - t0) * 1000
        answer = self._respond(understood, hits, chosen, (subqs, how, mode), (timings, tokens, trace, start))
        answer.understood = answer.understood or understood.to_dict()  # the reading that answered
        return answer

    def respond(self, question: str, entities: Entities, hits: list[Hit], route: Route, subqs: list[str],
                how: str, mode: str, timings: dict, tokens: dict, trace: Trace, start: float) -> Answer:
        """Answer from already retrieved excerpts: decline, or generate and guard (evaluation reuses this)."""
        if self._unknown_only(entities):
            return self._decline_unknown(question, entities, route, mode, timings, tokens, trace, start)
        understood = understand(question, self.reader)
        fact = self._fact_answer(understood, lambda: self._topic_codes(understood, mode), trace)
        if fact is not None:
            return self._fact_result(understood, fact, route, mode, timings, tokens, trace, start)
        return self._respond(understood, hits, route, (subqs, how, mode), (timings, tokens, trace, start))

    def _respond(self, understood: Question, hits: list[Hit], route: Route, plan: tuple, run: tuple) -> Answer:
        """Decline when no excerpt is about the question; otherwise generate and guard."""
        subqs, how, mode = plan
        timings, tokens, trace, start = run
        question, entities = understood.text, understood.entities
        if not hits or not self._relevant(hits, entities, understood):
            trace.add("decline", reason="no excerpt is about the question",
                      best_dense=max((h.scores.get("dense", 0.0) for h in hits), default=0.0))
            text = ("The calendar excerpts found are not about this question, so ubcal cannot answer it "
                    f"from the calendar (index version {self.index.version_id}).")
            return self._result(question, text, [], [], route, subqs, how, mode, True,
                                {"replaced": False, "reasons": []}, timings, tokens, trace, start)
        t0 = time.perf_counter()
        text, cited, guard, used = self._generate(question, hits, trace, tokens)
        timings["generate"] = (time.perf_counter() - t0) * 1000
        return self._result(question, text, used, cited, route, subqs, how, mode, False, guard,
                            timings, tokens, trace, start)

    # -- facts ------------------------------------------------------------------------------------
    def _topic_codes(self, understood: Question, mode: str) -> list[str]:
        """Courses at the asked level (and subject, when a discipline word names one), best first."""
        facts = self.index.facts
        rows_by_course = self.index.rows_by_course
        rows = [rows_by_course[c.code][0] for c in facts.courses.values()
                if c.code in rows_by_course and (not understood.levels or c.level in understood.levels)
                and (not understood.subjects or c.code.split()[0] in understood.subjects)]
        course_of = self.index.chunks["course_code"]
        return [course_of[row] for row in self.retriever.rank_rows(understood.topic, rows)[:TOPIC_DEPTH]]

    def _fact_answer(self, understood: Question, ranked_codes, trace: Trace) -> FactAnswer | None:
        """The answer from facts when they settle the question and it passes the guard; else None."""
        facts = self.index.facts
        if facts is None or understood.intent == "none":
            if understood.intent != "none":
                trace.add("facts", intent=understood.intent, answered=False, reason="version has no fact tables")
            return None
        if understood.intent == "topic_level":
            fact = topic_level(understood, facts, ranked_codes())
        else:
            fact = answer_from_facts(understood, facts)
        if fact is not None and fact.kind == "decline":
            trace.add("facts", intent=understood.intent, answered=True, verdict="", reason=understood.reason)
            return fact
        if fact is None:
            trace.add("facts", intent=understood.intent, answered=False,
                      reason="the facts do not settle it: retrieval and generation answer")
            return None
        # a number computed from cited numbers (a credit total) is shown with its sum, so the guard admits it
        verdict = check_grounding(fact.text, [s.text for s in fact.sources], self.index.subjects,
                                  restated=" ".join([understood.text] + fact.derived))
        trace.add("facts", intent=understood.intent, answered=verdict.ok, verdict=fact.verdict,
                  reason=understood.reason, guard_reasons=verdict.reasons)
        return fact if verdict.ok else None

    def _chunk_id_of(self, citation: str) -> str:
        url, _, anchor = citation.partition("#")
        for row in self.index.rows_by_url.get(url, []):
            if self.index.chunks["anchor"][row] == anchor:
                return self.index.chunks["chunk_id"][row]
        return ""

    def _fact_result(self, understood: Question, fact: FactAnswer, route: Route, mode: str, timings: dict,
                     tokens: dict, trace: Trace, start: float) -> Answer:
        timings["total"] = (time.perf_counter() - start) * 1000
        citations = [{"n": n, "citation": s.citation, "title": s.title} for n, s in enumerate(fact.sources, 1)]
        declined = fact.kind == "decline"
        answered_by = "decline" if declined else "facts"
        trace.add("answer", declined=declined, guard_replaced=False, answered_by=answered_by,
                  citations=[c["citation"] for c in citations])
        return Answer(question=understood.text, answer=fact.text, citations=citations, route=route.path,
                      route_reason=route.reason, subquestions=[], decomposition="none",
                      version_id=self.index.version_id, mode=mode, declined=declined,
                      guard={"replaced": False, "reasons": []},
                      timings_ms={k: round(v, 1) for k, v in timings.items()}, tokens=tokens,
                      excerpts=[{"n": n, "citation": s.citation, "title": s.title,
                                 "chunk_id": self._chunk_id_of(s.citation)} for n, s in enumerate(fact.sources, 1)],
                      trace=trace, answered_by=answered_by, understood=understood.to_dict(), verdict=fact.verdict)

    def _calendar_page_answers(self, understood: Question, mode: str, trace: Trace) -> bool:
        """A question read as outside the calendar ("how long do I have to request concession?") that a
        policy or program page matches closely is answered from that page after all: the classifier's
        decline is a reading, and the calendar a crawl brings in may hold what a snapshot does not."""
        if understood.entities.courses:
            return False
        hits = self.retriever.retrieve(understood.text, 3, mode, entities=understood.entities).hits
        kinds = self.index.chunks["kind"]
        best = max((h.scores.get("dense", 0.0) for h in hits if kinds[self.index.row_of[h.chunk_id]] != "course"),
                   default=0.0)
        trace.add("decline_check", best_page_dense=round(best, 3), threshold=DECLINE_OVERRIDE_DENSE)
        return best >= DECLINE_OVERRIDE_DENSE

    @staticmethod
    def _asks_about_unknown(understood: Question) -> bool:
        """A fact question whose course asked about is not in the calendar: say so, don't search."""
        unknown = set(understood.entities.unknown_courses)
        asked = set(understood.targets or ([understood.target] if understood.target else []))
        asked |= set(understood.asked)
        return understood.intent not in ("none", "topic_level") and bool(unknown & asked)

    @staticmethod
    def _unknown_only(entities: Entities) -> bool:
        return bool(entities.unknown_courses) and not entities.courses and not entities.programs

    def _decline_unknown(self, question, entities, route, mode, timings, tokens, trace, start) -> Answer:
        text = (f"The calendar (index version {self.index.version_id}) has no course "
                f"{' or '.join(entities.unknown_courses)}, so it cannot answer this.")
        trace.add("decline", reason="unknown course code", codes=entities.unknown_courses)
        return self._result(question, text, [], [], route, [], "none", mode, True,
                            {"replaced": False, "reasons": []}, timings, tokens, trace, start)

    # -- steps ------------------------------------------------------------------------------------
    def _validate(self, question: str) -> str:
        question = (question or "").strip()
        if not question:
            raise QuestionError("the question is empty")
        if len(question) > self.settings.max_question_chars:
            raise QuestionError(f"the question is {len(question)} characters long; the limit is "
                                f"{self.settings.max_question_chars} (UBCAL_MAX_QUESTION_CHARS)")
        return question

    def _complex_hits(self, question: str, entities: Entities, mode: str, top_k: int, trace: Trace,
                      tokens: dict) -> tuple[list[Hit], list[str], str]:
        limit = self.settings.agent_max_subq
        # with two or more named entities the entity split is complete: the model is not asked
        llm = self.llm if entities.count < 2 else None
        decomposition = decompose(question, entities, self.retriever.finder, llm, limit)
        tokens["llm_calls"] += llm is not None
        tokens["prompt"] += decomposition.prompt_tokens
        tokens["completion"] += decomposition.completion_tokens
        trace.add("decompose", source=decomposition.source, subquestions=decomposition.subquestions,
                  problems=decomposition.problems, raw=decomposition.raw)
        rankings = []
        for i, subq in enumerate(decomposition.subquestions):
            result = self.retriever.retrieve(subq, top_k, mode)
            rankings.append(result.hits)
            trace.add("retrieve", hop=i, query=subq, chunk_ids=[h.chunk_id for h in result.hits],
                      year_levels=result.year_levels, ms=round(result.seconds * 1000, 1))
        merged = round_robin_merge(rankings, self.settings.synth_context_k)
        trace.add("merge", order=merged.order, duplicates_dropped=merged.duplicates, kept=len(merged.hits))
        return merged.hits, decomposition.subquestions, decomposition.source

    def _relevant(self, hits: list[Hit], entities: Entities, understood: Question) -> bool:
        """Named courses are relevant by definition, and named programs when the question asks about the
        program; otherwise (a discipline word in a question about shopping, say) require a close match."""
        if understood.off_calendar:
            return False
        if entities.courses or (entities.programs and understood.intent.startswith("program")):
            return True
        dense = [h.scores["dense"] for h in hits if "dense" in h.scores]
        if dense:
            return max(dense) >= self.settings.min_dense_score
        return any(h.scores.get("bm25", 0.0) > 0 for h in hits)

    def _excerpts(self, hits: list[Hit]) -> list[str]:
        return [excerpt_block(n, h.title, h.citation, h.text) for n, h in enumerate(hits, start=1)]

    def _fit(self, question: str, hits: list[Hit]) -> list[Hit]:
        """Drop trailing excerpts until the prompt fits the model's context with room to answer."""
        budget = self.llm.context_tokens - self.settings.llm_max_tokens - PROMPT_OVERHEAD_TOKENS
        budget -= self.llm.count_tokens(question)
        kept, used = [], 0
        for n, hit in enumerate(hits, start=1):
            cost = self.llm.count_tokens(excerpt_block(n, hit.title, hit.citation, hit.text))
            if used + cost > budget and kept:
                break
            kept.append(hit)
            used += cost
        return kept

    def _generate(self, question: str, hits: list[Hit], trace: Trace,
                  tokens: dict) -> tuple[str, list[int], dict, list[Hit]]:
        """The answer text, cited excerpt numbers, guard outcome, and the excerpts actually given."""
        hits = self._fit(question, hits)
        excerpts = self._excerpts(hits)
        messages = answer_messages(question, excerpts)
        completion = self.llm.chat(messages)
        tokens["llm_calls"] += 1
        tokens["prompt"] += completion.prompt_tokens
        tokens["completion"] += completion.completion_tokens
        trace.add("generate", model=self.llm.model_id, prompt=messages[-1]["content"], output=completion.text,
                  prompt_tokens=completion.prompt_tokens, completion_tokens=completion.completion_tokens,
                  ms=round(completion.seconds * 1000, 1))
        guard_texts = [f"{h.context_header}\n{h.text}" for h in hits]
        verdict = check_grounding(completion.text, guard_texts, self.index.subjects)
        model_declined = DECLINE_TEXT.lower().rstrip(".") in completion.text.lower()
        if model_declined:
            verdict.ok = False
            verdict.reasons.append("model declined although the excerpts name what was asked"
                                   if any(h.pinned for h in hits) else "model declined")
        trace.add("guard", passed=verdict.ok, reasons=verdict.reasons, cited=verdict.cited)
        if verdict.ok:
            return completion.text, verdict.cited, {"replaced": False, "reasons": []}, hits
        order = self._extractive_order(hits)
        text, cited = extractive_answer(question, order, self.tokenizer)
        # extractive_answer numbers excerpts by its own order: map back to the prompt's numbering
        remap = {n: hits.index(order[n - 1]) + 1 for n in cited}
        text = CITATION_RE.sub(lambda m: f"[{remap.get(int(m.group(1)), int(m.group(1)))}]", text)
        trace.add("extractive_answer", cited=[remap[n] for n in cited])
        return text, sorted(remap.values()), {"replaced": True, "reasons": verdict.reasons}, hits

    @staticmethod
    def _extractive_order(hits: list[Hit]) -> list[Hit]:
        """Pinned hits first (they are what was named), one per distinct section, then the rest."""
        seen, ordered = set(), []
        for hit in sorted(hits, key=lambda h: (not h.pinned,)):
            key = (hit.url, hit.anchor)
            if key not in seen:
                seen.add(key)
                ordered.append(hit)
        return ordered

    def _result(self, question: str, text: str, hits: list[Hit], cited: list[int], route: Route,
                subqs: list[str], how: str, mode: str, declined: bool, guard: dict, timings: dict,
                tokens: dict, trace: Trace, start: float) -> Answer:
        timings["total"] = (time.perf_counter() - start) * 1000
        citations = [{"n": n, "citation": hits[n - 1].citation, "title": hits[n - 1].title} for n in cited]
        trace.add("answer", declined=declined, guard_replaced=guard["replaced"],
                  citations=[c["citation"] for c in citations])
        return Answer(question=question, answer=text, citations=citations, route=route.path,
                      route_reason=route.reason, subquestions=subqs, decomposition=how,
                      version_id=self.index.version_id, mode=mode, declined=declined, guard=guard,
                      timings_ms={k: round(v, 1) for k, v in timings.items()}, tokens=tokens,
                      excerpts=[{"n": n, "citation": h.citation, "title": h.title, "chunk_id": h.chunk_id}
                                for n, h in enumerate(hits, start=1)], trace=trace,
                      answered_by="decline" if declined else "extractive" if guard["replaced"] else "model")

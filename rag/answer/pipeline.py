"""Answer one question from one index version: the one pipeline the CLI, the server and evaluation run.

``Answerer.ask`` reads as its stages: understand (once), route, facts,
retrieve (one search, or the agent's), generate, guard. What a user gets is
always one of four things, and the JSON says which: an answer from the
calendar's facts, the model's answer (it passed the grounding guard), an
extractive answer (the model's failed the guard: ``guard.replaced`` is true,
with reasons), or a decline (nothing in the calendar is about what was asked).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace

from rag.answer.agent import decompose, round_robin_merge
from rag.answer.changes import EditionPair, answer_change
from rag.answer.extractive import extractive_answer
from rag.answer.course_lookup import topic_level
from rag.answer.fact_sources import codes_of
from rag.answer.facts import FactAnswer, answer_from_facts
from rag.answer.guard import CITATION_RE, check_grounding
from rag.answer.llm import LocalLLM
from rag.answer.prompts import DECLINE_TEXT, answer_messages, bound_excerpts, excerpt_block
from rag.answer.retrieve import Hit, Retriever
from rag.answer.router import Route, choose_route
from rag.answer.trace import Trace
from rag.index.config import Settings
from rag.index.embedder import Embedder, load_embedder
from rag.index.loader import LoadedIndex, open_index
from rag.index.editions import UNKNOWN_EDITION, edition_current, edition_rank, store_editions
from rag.index.facts import FactStore
from rag.index.store import StoreError, StoreLayout, verify_files
from rag.understand.described_prerequisite import DescribedPrerequisites, required_courses
from rag.understand import INJECTION_RE, Question, Reader, understand
from rag.understand.reader import CHANGE_INTENT_CUE_RES, CHANGE_INTENTS

PROMPT_OVERHEAD_TOKENS = 160  # system text, markers and the question's framing
TOPIC_DEPTH = 30  # ranked candidates a topic-at-a-level answer chooses its courses from
# A declined question is answered from a calendar page (policy, program) whose excerpt is at least this close
# (cosine): on the real snapshot out-of-scope questions reach at most ~0.6, a policy question ~0.75.
DECLINE_OVERRIDE_DENSE = 0.65


class QuestionError(ValueError):
    """A question that cannot be answered as given; the message says why."""


@dataclass
class AskRequest:
    """One question and how to answer it; the CLI, the server and evaluation each build one."""
    question: str
    route: str = "auto"       # auto | simple | complex
    mode: str = "hybrid"      # hybrid | bm25 | dense
    top_k: int | None = None  # excerpts to retrieve (default: UBCAL_TOP_K)
    version: str | None = None  # the index version that must answer (None: the one the Answerer holds)
    trace: Trace | None = None  # lets a caller watch the stages as they happen (``Trace(on_event=...)``)


@dataclass
class Run:
    """What one question's stages share: the request, its clock, timings, model tokens and trace."""
    request: AskRequest
    top_k: int
    trace: Trace
    start: float = field(default_factory=time.perf_counter)
    timings: dict[str, float] = field(default_factory=dict)
    tokens: dict[str, int] = field(default_factory=lambda: {"prompt": 0, "completion": 0, "llm_calls": 0})
    route: Route = field(default_factory=lambda: Route("simple", "not routed yet"))

    @property
    def mode(self) -> str:
        return self.request.mode

    def took(self, stage: str, since: float) -> None:
        self.timings[stage] = (time.perf_counter() - since) * 1000

    def count(self, prompt_tokens: int, completion_tokens: int, calls: int = 1) -> None:
        self.tokens["llm_calls"] += calls
        self.tokens["prompt"] += prompt_tokens
        self.tokens["completion"] += completion_tokens


@dataclass
class Retrieval:
    """The retrieve stage's result: excerpts in order, and the sub-questions that found them (agent)."""
    hits: list[Hit]
    subquestions: list[str] = field(default_factory=list)
    decomposition: str = "none"


@dataclass
class Outcome:
    """What the answering stages produced, before the ``Answer`` is assembled."""
    text: str
    hits: list[Hit] = field(default_factory=list)  # the excerpts given to the model (or quoted)
    cited: list[int] = field(default_factory=list)  # their numbers the answer cites
    declined: bool = False
    guard: dict = field(default_factory=lambda: {"replaced": False, "reasons": []})


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
    edition: str = ""  # the calendar edition of the version that answered ("2026/27"), from its manifest

    def to_dict(self) -> dict:
        return {"question": self.question, "answer": self.answer, "citations": self.citations,
                "route": self.route, "route_reason": self.route_reason, "subquestions": self.subquestions,
                "decomposition": self.decomposition, "index_version": self.version_id, "edition": self.edition,
                "mode": self.mode,
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
        courses = self.index.facts.courses.values() if self.index.facts else []
        titles = {c.code: c.title for c in courses}
        named_by = {c.code: set(codes_of(c.prerequisite_tree)) | set(codes_of(c.corequisite_tree)) for c in courses}
        self._pair: EditionPair | None = None  # the earlier edition, opened at the first change question
        self.reader = Reader(self.retriever.finder, self.embedder.encode_queries, self.embedder.model_id,
                             cache_dir=settings.classifier_cache_dir, course_titles=titles,
                             batch_encode=self.embedder.encode_clauses)
        self.reader.titles.named_by = named_by  # which course of a shared title the asked course names
        self.reader.prerequisites = DescribedPrerequisites(
            {c.code: found for c in courses if (found := required_courses(c.prerequisite_tree))})

    # -- the pipeline -----------------------------------------------------------------------------
    def ask(self, request: AskRequest | str) -> Answer:
        """Answer one question: understand it once, then every stage in ``answer``."""
        request = self._validate(AskRequest(request) if isinstance(request, str) else request)
        run = self.start(request)
        question = self.understand(request.question, run)
        answer = self.answer(question, run)
        reading = answer.understood.get("reading") or question.reading  # the reading that answered
        answer.reading = reading
        answer.edition = self.index.edition
        answer.understood = answer.understood or question.to_dict()
        answer.answer = f"{answer.answer}\n{reading}"
        return answer

    def start(self, request: AskRequest) -> Run:
        """The run of one request; its first trace event names the index version answering."""
        run = Run(request, request.top_k or self.settings.top_k,
                  request.trace if request.trace is not None else Trace())
        run.trace.add("question", chars=len(request.question), index_version=self.index.version_id,
                      edition=self.index.edition, mode=request.mode, top_k=run.top_k)
        if INJECTION_RE.search(request.question):
            run.trace.add("injection_suspected", note="treated as data; the answer must still pass the guard")
        return run

    def understand(self, text: str, run: Run | None = None) -> Question:
        """Stage 1, and the only one that reads the question's text: what it names and asks."""
        t0 = time.perf_counter()
        question = understand(text, self.reader)
        if run is not None:
            run.took("understand", t0)
            e = question.entities
            run.trace.add("entities", courses=e.courses, unknown_courses=e.unknown_courses, programs=e.programs)
            run.trace.add("understand", **question.to_dict())
        return question

    def answer(self, question: Question, run: Run) -> Answer:
        """Every stage after understanding: route, facts, retrieve (or the agent), generate, guard."""
        run.route = self.route(question, run)
        if self._unknown_only(question) and question.intent not in CHANGE_INTENTS:  # a dropped course is asked of
            return self._decline_unknown(question, run)
        question = self._reconsider_decline(question, run)
        t0 = time.perf_counter()
        fact, question = self.facts(question, run)
        if fact is not None:
            run.took("facts", t0)
            return self._fact_result(question, fact, run)
        if self._asks_about_unknown(question):  # a course the calendar lacks, asked about by code
            return self._decline_unknown(question, run)
        t0 = time.perf_counter()
        retrieval = self.retrieve(question, run)
        run.took("retrieve", t0)
        answer = self.generate(question, retrieval, run)
        answer.understood = answer.understood or question.to_dict()  # the reading that answered
        return answer

    def respond(self, question: Question, retrieval: Retrieval, run: Run) -> Answer:
        """Answer from excerpts another retriever found (evaluation compares retrievers through this):
        the facts first, as ``answer`` does, then generate and guard."""
        if self._unknown_only(question):
            return self._decline_unknown(question, run)
        fact = self._fact_answer(question, run)
        if fact is not None:
            return self._fact_result(question, fact, run)
        return self.generate(question, retrieval, run)

    def edition_pair(self) -> EditionPair:
        """The answering edition and the newest one before it in the store, whose facts a "what changed"
        question is compared with; opened (and checksummed) once, at the first such question."""
        if self._pair is None:
            self._pair = self._open_earlier_edition()
        return self._pair

    def _open_earlier_edition(self) -> EditionPair:
        mine = self.index.edition
        layout = StoreLayout(self.settings.store)
        if mine == UNKNOWN_EDITION:
            return EditionPair(mine)
        for edition in store_editions(layout):
            if edition == UNKNOWN_EDITION or edition_rank(edition) >= edition_rank(mine):
                continue
            vid = edition_current(layout, edition)
            if vid is None or verify_files(layout, vid):
                continue  # an edition whose files fail their checksums is not compared with
            try:
                facts = FactStore.load(layout.version_dir(vid))
            except (OSError, StoreError):
                continue
            if facts is not None:
                return EditionPair(mine, edition, facts)
        return EditionPair(mine)

    # -- stages -----------------------------------------------------------------------------------
    def route(self, question: Question, run: Run) -> Route:
        chosen = choose_route(question, self.llm if self.settings.router_llm else None, run.request.route)
        run.trace.add("route", path=chosen.path, reason=chosen.reason)
        return chosen

    def facts(self, question: Question, run: Run) -> tuple[FactAnswer | None, Question]:
        """The answer from the calendar's facts, and the reading it answered (the runner-up, at times)."""
        fact = self._fact_answer(question, run)
        # the next reading is tried only when a fact reading found no answer: a general question ("none") goes
        # to retrieval as read, and a decline is never the fallback of a question the facts could not settle
        second = question.runner_up
        if (fact is None and question.intent != "none" and second is not None
                and second.intent not in ("none", "decline")):
            # the less likely reading states its facts without a "Yes" in front: the yes or no the question
            # asked was not the one this reading answers ("is A among the prereqs of B", B not in the calendar)
            second = replace(second, yes_no=False)
            fact = self._fact_answer(second, run)
            if fact is not None and fact.verdict != "yes":
                return fact, second
            return None, question
        return fact, question

    def retrieve(self, question: Question, run: Run) -> Retrieval:
        """One hybrid search, or (complex route) the agent's search per sub-question, merged."""
        if run.route.path == "complex":
            return self._agent_retrieval(question, run)
        result = self.retriever.retrieve(question, run.top_k, run.mode)
        self._trace_search(run, result)
        return Retrieval(result.hits)

    def generate(self, question: Question, retrieval: Retrieval, run: Run) -> Answer:
        """Decline when no excerpt is about the question; otherwise the model answers and the guard checks."""
        hits = retrieval.hits
        if not hits or not self._relevant(hits, question):
            run.trace.add("decline", reason="no excerpt is about the question",
                          best_dense=max((h.scores.get("dense", 0.0) for h in hits), default=0.0))
            text = ("The calendar excerpts found are not about this question, so ubcal cannot answer it "
                    f"from the calendar (index version {self.index.version_id}, edition {self.index.edition}).")
            return self._result(question, Outcome(text, declined=True), retrieval, run)
        t0 = time.perf_counter()
        outcome = self._generate(question, hits, run)
        run.took("generate", t0)
        return self._result(question, outcome, retrieval, run)

    # -- facts ------------------------------------------------------------------------------------
    def _topic_codes(self, question: Question, mode: str) -> list[str]:
        """Courses at the asked level (and subject, when a discipline word names one), best first."""
        facts = self.index.facts
        rows_by_course = self.index.rows_by_course
        rows = [rows_by_course[c.code][0] for c in facts.courses.values()
                if c.code in rows_by_course and (not question.levels or c.level in question.levels)
                and (not question.subjects or c.code.split()[0] in question.subjects)]
        course_of = self.index.chunks["course_code"]
        return [course_of[row] for row in self.retriever.rank_rows(question.topic, rows)[:TOPIC_DEPTH]]

    def _fact_answer(self, question: Question, run: Run) -> FactAnswer | None:
        """The answer from facts when they settle the question and it passes the guard; else None."""
        facts, trace = self.index.facts, run.trace
        if facts is None or (question.intent == "none" and not question.asks_credit_toward):
            if question.intent != "none":
                trace.add("facts", intent=question.intent, answered=False, reason="version has no fact tables")
            return None
        if question.intent == "topic_level":
            fact = topic_level(question, facts, self._topic_codes(question, run.mode))
        elif question.intent in CHANGE_INTENTS:
            fact = answer_change(question, facts, self.edition_pair())
        else:
            fact = answer_from_facts(question, facts)
        if fact is not None and fact.kind == "decline":
            trace.add("facts", intent=question.intent, answered=True, verdict="", reason=question.reason)
            return fact
        if fact is None:
            trace.add("facts", intent=question.intent, answered=False,
                      reason="the facts do not settle it: retrieval and generation answer")
            return None
        # a number computed from cited numbers (a credit total) is shown with its sum, so the guard admits it
        verdict = check_grounding(fact.text, [s.text for s in fact.sources], self.index.subjects,
                                  restated=" ".join([question.text] + fact.derived))
        trace.add("facts", intent=question.intent, answered=verdict.ok, verdict=fact.verdict,
                  reason=question.reason, guard_reasons=verdict.reasons)
        return fact if verdict.ok else None

    def _chunk_id_of(self, citation: str) -> str:
        url, _, anchor = citation.partition("#")
        for row in self.index.rows_by_url.get(url, []):
            if self.index.chunks["anchor"][row] == anchor:
                return self.index.chunks["chunk_id"][row]
        return ""

    def _fact_result(self, question: Question, fact: FactAnswer, run: Run) -> Answer:
        run.timings["total"] = (time.perf_counter() - run.start) * 1000
        citations = [{"n": n, "citation": s.citation, "title": s.title} for n, s in enumerate(fact.sources, 1)]
        declined = fact.kind == "decline"
        answered_by = "decline" if declined else "facts"
        run.trace.add("answer", declined=declined, guard_replaced=False, answered_by=answered_by,
                      citations=[c["citation"] for c in citations])
        return Answer(question=run.request.question, answer=fact.text, citations=citations, route=run.route.path,
                      route_reason=run.route.reason, subquestions=[], decomposition="none",
                      version_id=self.index.version_id, mode=run.mode, declined=declined,
                      guard={"replaced": False, "reasons": []},
                      timings_ms={k: round(v, 1) for k, v in run.timings.items()}, tokens=run.tokens,
                      excerpts=[{"n": n, "citation": s.citation, "title": s.title,
                                 "chunk_id": self._chunk_id_of(s.citation)} for n, s in enumerate(fact.sources, 1)],
                      trace=run.trace, answered_by=answered_by, understood=(fact.reading or question).to_dict(),
                      verdict=fact.verdict)

    def _reconsider_decline(self, question: Question, run: Run) -> Question:
        """A question read as outside the calendar ("what is the deadline to request concession?") that a
        policy or program page matches closely is answered from that page after all: the classifier's
        decline is a reading, and the calendar a crawl brings in may hold what a snapshot does not."""
        if question.intent != "decline" or question.entities.courses:
            return question
        hits = self.retriever.retrieve(question, 3, run.mode).hits
        kinds = self.index.chunks["kind"]
        best = max((h.scores.get("dense", 0.0) for h in hits if kinds[self.index.row_of[h.chunk_id]] != "course"),
                   default=0.0)
        run.trace.add("decline_check", best_page_dense=round(best, 3), threshold=DECLINE_OVERRIDE_DENSE)
        if best < DECLINE_OVERRIDE_DENSE:
            return question
        return replace(question, intent="none", reason="read as out of scope, but a calendar page "
                       "(not a course) matches it closely: retrieval answers")

    @staticmethod
    def _asks_about_unknown(question: Question) -> bool:
        """A fact question whose course asked about is not in the calendar: say so, don't search."""
        unknown = set(question.entities.unknown_courses)
        asked = set(question.targets or ([question.target] if question.target else []))
        asked |= set(question.asked)
        return question.intent not in ("none", "topic_level", *CHANGE_INTENTS) and bool(unknown & asked)

    @staticmethod
    def _unknown_only(question: Question) -> bool:
        e = question.entities
        return bool(e.unknown_courses) and not e.courses and not e.programs

    def _decline_unknown(self, question: Question, run: Run) -> Answer:
        dropped = self._dropped_course(question, run)
        if dropped is not None:
            return dropped
        unknown = question.entities.unknown_courses
        text = (f"The calendar (index version {self.index.version_id}, edition {self.index.edition}) has no course "
                f"{' or '.join(unknown)}, so it cannot answer this.")
        run.trace.add("decline", reason="unknown course code", codes=unknown)
        return self._result(question, Outcome(text, declined=True), Retrieval([]), run)

    def _dropped_course(self, question: Question, run: Run) -> Answer | None:
        """A course the answering edition lacks but the earlier edition in the store holds was dropped: "X is
        still offered?" is answered "No: X is in the 2025/26 calendar and has no entry in 2026/27", with the
        newer courses that name it (what replaced it, when asked), not "the calendar has no course X"."""
        pair = self.edition_pair()
        if pair.old_facts is None:
            return None
        code = next((c for c in question.entities.unknown_courses if c in pair.old_facts.courses), None)
        if code is None or question.intent in ("unlocks", "chain", "reverse_prereq", "program_left"):
            return None  # ("passed A last year; where does it lead?": what A opens, not whether it is offered)
        intent = next((name for name in ("replaced", "gone_course") if CHANGE_INTENT_CUE_RES[name].search(question.text)),
                      "still_offered")
        asked = replace(question, intent=intent, target=code, targets=[code], parts=[])
        fact = answer_change(asked, self.index.facts, pair)
        if fact is None:
            return None
        run.trace.add("dropped_course", code=code, edition=pair.old, intent=intent)
        return self._fact_result(asked, fact, run)

    # -- steps ------------------------------------------------------------------------------------
    def _validate(self, request: AskRequest) -> AskRequest:
        question = (request.question or "").strip()
        if not question:
            raise QuestionError("the question is empty")
        if len(question) > self.settings.max_question_chars:
            raise QuestionError(f"the question is {len(question)} characters long; the limit is "
                                f"{self.settings.max_question_chars} (UBCAL_MAX_QUESTION_CHARS)")
        if request.version is not None and request.version != self.index.version_id:
            raise QuestionError(f"this answerer holds index version {self.index.version_id}, "
                                f"not {request.version}")
        return replace(request, question=question)

    def _trace_search(self, run: Run, result, hop: int | None = None) -> None:
        """The retrieve event: the query, the excerpts in order, and why each ranked where it did."""
        where = {} if hop is None else {"hop": hop}
        run.trace.add("retrieve", **where, query=result.query, chunk_ids=[h.chunk_id for h in result.hits],
                      pinned=[h.chunk_id for h in result.hits if h.pinned], year_levels=result.year_levels,
                      ms=round(result.seconds * 1000, 1), mode=result.mode,
                      hits=[h.summary() for h in result.hits])

    def _agent_retrieval(self, question: Question, run: Run) -> Retrieval:
        limit = self.settings.agent_max_subq
        # with two or more named entities the entity split is complete: the model is not asked
        llm = self.llm if question.entities.count < 2 else None
        decomposition = decompose(question, self.retriever.finder, llm, limit)
        run.count(decomposition.prompt_tokens, decomposition.completion_tokens, calls=int(llm is not None))
        run.trace.add("decompose", source=decomposition.source, subquestions=decomposition.subquestions,
                      problems=decomposition.problems, raw=decomposition.raw)
        rankings = []
        for i, subq in enumerate(decomposition.subquestions):
            result = self.retriever.retrieve(self.retriever.query_for_text(subq), run.top_k, run.mode)
            rankings.append(result.hits)
            self._trace_search(run, result, hop=i)
        merged = round_robin_merge(rankings, self.settings.synth_context_k)
        run.trace.add("merge", order=merged.order, duplicates_dropped=merged.duplicates, kept=len(merged.hits))
        return Retrieval(merged.hits, decomposition.subquestions, decomposition.source)

    def _relevant(self, hits: list[Hit], question: Question) -> bool:
        """Named courses are relevant by definition, and named programs when the question asks about the
        program; otherwise (a discipline word in a question about shopping, say) require a close match."""
        if question.off_calendar:
            return False
        e = question.entities
        if e.courses or (e.programs and question.intent.startswith("program")):
            return True
        dense = [h.scores["dense"] for h in hits if "dense" in h.scores]
        if dense:
            return max(dense) >= self.settings.min_dense_score
        return any(h.scores.get("bm25", 0.0) > 0 for h in hits)

    def _fit(self, question: Question, hits: list[Hit]) -> tuple[list[Hit], list[tuple[str, str]]]:
        """The hits the prompt shows and the (title, text) it shows of each: at most UBCAL_LLM_EXCERPT_TOKENS
        (0 = no cap) and within the model's context with room to answer; the last shown may be cut."""
        budget = self.llm.context_tokens - self.settings.llm_max_tokens - PROMPT_OVERHEAD_TOKENS
        budget -= self.llm.count_tokens(question.text)
        if self.settings.llm_excerpt_tokens:
            budget = min(budget, self.settings.llm_excerpt_tokens)
        shown = bound_excerpts([(self._prompt_title(h), h.text) for h in hits], budget, self.llm.count_tokens)
        return hits[:len(shown)], shown

    @staticmethod
    def _prompt_title(hit: Hit) -> str:
        """What an excerpt is named by in the prompt (benchmarks/bench_ask.py adds the URL for its 'before')."""
        return hit.title

    def _generate(self, question: Question, hits: list[Hit], run: Run) -> Outcome:
        """The model's answer if it passes the guard, else the excerpts' own sentences (extractive)."""
        shown_hits, shown = self._fit(question, hits)
        excerpts = [excerpt_block(n, title, text) for n, (title, text) in enumerate(shown, start=1)]
        messages = answer_messages(question.text, excerpts)
        completion = self.llm.chat(messages)
        run.count(completion.prompt_tokens, completion.completion_tokens)
        run.trace.add("generate", model=self.llm.model_id, prompt=messages[-1]["content"], output=completion.text,
                      prompt_tokens=completion.prompt_tokens, completion_tokens=completion.completion_tokens,
                      ms=round(completion.seconds * 1000, 1))
        # exactly what the model saw of each excerpt: a cut excerpt's dropped sentences support nothing
        verdict = check_grounding(completion.text, [f"{title}\n{text}" for title, text in shown], self.index.subjects)
        model_declined = DECLINE_TEXT.lower().rstrip(".") in completion.text.lower()
        if model_declined:
            verdict.ok = False
            verdict.reasons.append("model declined although the excerpts name what was asked"
                                   if any(h.pinned for h in shown_hits) else "model declined")
        run.trace.add("guard", passed=verdict.ok, reasons=verdict.reasons, cited=verdict.cited)
        if verdict.ok:
            return Outcome(completion.text, shown_hits, verdict.cited)
        # the extractive answer quotes the excerpts themselves, not the model: it keeps every hit, as before
        # the prompt was capped (the shown hits lead the list, so their numbers are the prompt's)
        order = self._extractive_order(hits)
        text, cited = extractive_answer(question, order, self.tokenizer)
        # extractive_answer numbers excerpts by its own order: map back to the prompt's numbering
        remap = {n: hits.index(order[n - 1]) + 1 for n in cited}
        text = CITATION_RE.sub(lambda m: f"[{remap.get(int(m.group(1)), int(m.group(1)))}]", text)
        run.trace.add("extractive_answer", cited=[remap[n] for n in cited])
        return Outcome(text, hits, sorted(remap.values()), guard={"replaced": True, "reasons": verdict.reasons})

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

    def _result(self, question: Question, outcome: Outcome, retrieval: Retrieval, run: Run) -> Answer:
        run.timings["total"] = (time.perf_counter() - run.start) * 1000
        hits, guard = outcome.hits, outcome.guard
        citations = [{"n": n, "citation": hits[n - 1].citation, "title": hits[n - 1].title} for n in outcome.cited]
        run.trace.add("answer", declined=outcome.declined, guard_replaced=guard["replaced"],
                      citations=[c["citation"] for c in citations])
        answered_by = "decline" if outcome.declined else "extractive" if guard["replaced"] else "model"
        return Answer(question=run.request.question, answer=outcome.text, citations=citations, route=run.route.path,
                      route_reason=run.route.reason, subquestions=retrieval.subquestions,
                      decomposition=retrieval.decomposition, version_id=self.index.version_id, mode=run.mode,
                      declined=outcome.declined, guard=guard,
                      timings_ms={k: round(v, 1) for k, v in run.timings.items()}, tokens=run.tokens,
                      excerpts=[{"n": n, "citation": h.citation, "title": h.title, "chunk_id": h.chunk_id}
                                for n, h in enumerate(hits, start=1)], trace=run.trace, answered_by=answered_by)

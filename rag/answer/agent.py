"""The complex path: decompose, retrieve per sub-question, merge round-robin, dedup.

Small models write poor sub-questions, so the model's decomposition is
validated (every course and program the question names must be covered by
some sub-question) and replaced by a deterministic one-per-entity
decomposition when it fails. The merge takes every sub-question's rank 1
before any rank 2, so no named entity is crowded out of the synthesis context.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from rag.answer.prompts import decompose_messages
from rag.index.search import Hit
from rag.understand import Question
from rag.understand.entities import Entities, EntityFinder

MAX_SUBQUESTION_CHARS = 300
LIST_MARKER_RE = re.compile(r"^\s*(?:[-*•]|\d+[.)]|q\d+[:.)])\s*", re.IGNORECASE)
JOINER = r"(?:,\s*(?:and|or)?|\band\b|\bor\b|\bvs\.?|\bversus\b|\bwith\b|&)"
JOINER_BEFORE_RE = re.compile(r"\s*" + JOINER + r"\s*$", re.IGNORECASE)
JOINER_AFTER_RE = re.compile(r"^\s*" + JOINER + r"\s*", re.IGNORECASE)


@dataclass
class Decomposition:
    subquestions: list[str]
    source: str  # "llm" | "fallback" | "single"
    problems: list[str] = field(default_factory=list)
    raw: str = ""
    prompt_tokens: int = 0
    completion_tokens: int = 0


def parse_subquestions(text: str, limit: int) -> list[str]:
    out: list[str] = []
    for line in text.splitlines():
        line = LIST_MARKER_RE.sub("", line).strip().strip("<>\"'` ")
        if len(line) < 8 or line.lower() in {q.lower() for q in out}:
            continue
        out.append(line)
    return out[:limit]


def validate_subquestions(subqs: list[str], entities: Entities, finder: EntityFinder) -> list[str]:
    """Reasons the sub-questions are unusable (empty list = usable)."""
    problems = []
    if not subqs:
        return ["model wrote no sub-questions"]
    needed = entities.courses + entities.unknown_courses + entities.programs
    covered: set[str] = set()
    for q in subqs:
        if len(q) > MAX_SUBQUESTION_CHARS:
            problems.append(f"sub-question longer than {MAX_SUBQUESTION_CHARS} characters")
        found = finder.find(q)
        names = found.courses + found.unknown_courses + found.programs
        if len(names) > 1:
            problems.append(f"sub-question names {len(names)} entities; each must be answerable from one page")
        covered.update(names)
    missing = [e for e in needed if e not in covered]
    if missing:
        problems.append(f"no sub-question covers {', '.join(missing)}")
    extra = sorted(covered - set(needed))
    if extra:
        problems.append(f"sub-questions name entities the question does not: {', '.join(extra)}")
    return problems


def _remove_spans(question: str, spans: list[tuple[int, int]]) -> str:
    """Take entity mentions out, with the 'and' / ',' / 'vs' that joined them to the rest."""
    for start, end in sorted(spans, reverse=True):
        before, after = question[:start], question[end:]
        joined_after = JOINER_AFTER_RE.match(after)
        if joined_after:
            after = " " + after[joined_after.end():]
        else:
            joined_before = JOINER_BEFORE_RE.search(before)
            if joined_before:
                before = before[:joined_before.start()]
        question = before + after
    question = re.sub(r"\s+([?.,])", r"\1", question)
    return re.sub(r"\s{2,}", " ", question).strip()


def fallback_subquestions(question: Question, finder: EntityFinder, limit: int) -> list[str]:
    """One sub-question per named entity: the question with the other entities taken out."""
    e = question.entities
    named = (e.courses + e.unknown_courses + e.programs)[:limit]
    if len(named) <= 1:
        return [question.text]
    subqs = []
    for entity in named:
        others = [s for other, ss in question.spans.items() if other != entity for s in ss]
        text = _remove_spans(question.text, others)
        if entity.lower() not in text.lower() and not finder.find(text).count:
            text = f"{entity}: {text}"
        subqs.append(text)
    return subqs


def decompose(question: Question, finder: EntityFinder, llm, limit: int) -> Decomposition:
    """Sub-questions for the complex path: the model's when they cover every named entity, else one per entity.

    ``finder`` reads the model's sub-questions (new text) to check that coverage.
    """
    if llm is not None:
        completion = llm.chat(decompose_messages(question.text, limit), max_tokens=40 * limit)
        subqs = parse_subquestions(completion.text, limit)
        problems = validate_subquestions(subqs, question.entities, finder)
        used = (completion.prompt_tokens, completion.completion_tokens)
        if not problems:
            return Decomposition(subqs, "llm", [], completion.text, *used)
        return Decomposition(fallback_subquestions(question, finder, limit), "fallback", problems, completion.text, *used)
    named = question.entities.count
    if named >= 2:  # the entity split already gives one sub-question per named entity: a model adds nothing
        return Decomposition(fallback_subquestions(question, finder, limit), "entity_split",
                             [f"names {named} entities: one sub-question each, no model call"])
    return Decomposition(fallback_subquestions(question, finder, limit), "fallback", ["no model available"])


@dataclass
class MergeResult:
    hits: list[Hit]
    order: list[dict]       # (sub-question index, rank, chunk id) in merge order
    duplicates: list[dict]  # what was dropped because an earlier list already had it


def round_robin_merge(rankings: list[list[Hit]], cap: int) -> MergeResult:
    """Rank 1 of every list, then rank 2 of every list, ...; first occurrence of a chunk wins."""
    seen: set[str] = set()
    hits, order, dups = [], [], []
    depth = max((len(r) for r in rankings), default=0)
    for rank in range(depth):
        for i, ranked in enumerate(rankings):
            if rank >= len(ranked):
                continue
            hit = ranked[rank]
            if hit.chunk_id in seen:
                dups.append({"subquestion": i, "rank": rank + 1, "chunk_id": hit.chunk_id})
                continue
            if len(hits) >= cap:
                continue
            seen.add(hit.chunk_id)
            hits.append(hit)
            order.append({"subquestion": i, "rank": rank + 1, "chunk_id": hit.chunk_id})
    return MergeResult(hits, order, dups)

"""The deterministic answer: the calendar's own sentences, quoted with their citations.

Used when the model's answer fails the grounding guard. It cannot state
anything the excerpts do not, and for the questions students ask most (X's
prerequisites, Y's credits) the right sentence is
usually in the named course's own section.
"""

from __future__ import annotations

import re

from rag.index.bm25 import CodeAwareTokenizer
from rag.index.codes import COURSE_HEADING_RE
from rag.index.search import Hit
from rag.understand import Question

SENTENCE_RE = re.compile(r"(?<=[.!?])\s+(?=[A-Z(\[])|(?<=\])\s+(?=[A-Z])|\n+")
HOURS_RE = re.compile(r"^\[\d+-\d+-\d+\]$")  # "[3-2-0]": lecture-lab-tutorial hours, not a sentence
CREDIT_WORDS = {"credit", "credits", "how", "many"}
MAX_QUOTE_CHARS = 400


def _sentences(text: str) -> list[str]:
    return [s.strip() for s in SENTENCE_RE.split(text) if s and s.strip() and not HOURS_RE.match(s.strip())]


def best_sentences(question: str, hit: Hit, tokenizer: CodeAwareTokenizer, limit: int) -> list[str]:
    wanted = set(tokenizer(question))
    scored = []
    for i, sentence in enumerate(_sentences(hit.text)):
        overlap = len(wanted & set(tokenizer(sentence)))
        scored.append((overlap, -i, sentence))
    scored.sort(reverse=True)
    chosen = [s for overlap, _, s in scored[:limit] if overlap > 0] or [s for _, _, s in scored[:1]]
    return [s if len(s) <= MAX_QUOTE_CHARS else s[:MAX_QUOTE_CHARS].rsplit(" ", 1)[0] + " …" for s in chosen]


def _program_rows(hit: Hit) -> list[str]:
    """A requirements section is its table: quote the rows, as many as fit."""
    rows, used = [], 0
    for line in hit.text.splitlines():
        line = line.lstrip("- ").strip()
        if not line:
            continue
        if used + len(line) > MAX_QUOTE_CHARS * 2:
            rows.append("…")
            break
        rows.append(line)
        used += len(line)
    return ["; ".join(rows)] if rows else []


def _credits_sentence(hit: Hit) -> str:
    match = COURSE_HEADING_RE.match(hit.heading)
    if not match:
        return ""
    return f"{hit.course_code} ({match['title']}) is worth {match['credits']} credits."


def extractive_answer(question: Question, hits: list[Hit], tokenizer: CodeAwareTokenizer,
                      per_hit: int = 2, max_hits: int = 3) -> tuple[str, list[int]]:
    """Quoted sentences from the excerpts that matter; returns the text and the excerpt numbers cited.

    When the question named courses or programs, only their own (pinned) excerpts are quoted:
    the courses that merely mention them would answer a different question.
    """
    pinned = [n for n, h in enumerate(hits, start=1) if h.pinned]
    chosen = pinned[:max(max_hits, len(pinned))] if pinned else list(range(1, min(len(hits), 2) + 1))
    asks_credits = bool(set(tokenizer(question.text)) & CREDIT_WORDS)
    lines, cited = [], []
    for n in chosen:
        hit = hits[n - 1]
        if hit.kind == "program":
            quotes = _program_rows(hit)
        else:
            quotes = best_sentences(question.text, hit, tokenizer, per_hit)
        label = hit.heading if hit.course_code else hit.title
        lead = _credits_sentence(hit) + " " if hit.course_code and asks_credits else ""
        if not quotes and not lead:
            continue
        quoted = " ".join(f"\u201c{q}\u201d" for q in quotes)
        lines.append(f"{lead}{label}: {quoted} [{n}]" if not lead else f"{lead}[{n}]")
        cited.append(n)
    return "\n".join(lines), cited

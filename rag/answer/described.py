"""A requirement the calendar words as a kind of course ("A course in comparative vertebrate anatomy"), set
against what the student says they have not done in their own words ("I flunked comparative vertebrate
anatomy twice"). ubcal cannot check such a requirement as done: a course described in words is not a code.
But a student who says plainly that they have not done it has answered the question for it: on every route
that asks for it, the answer is "No". It never gives a "Yes": a description matched is not a course passed."""

from __future__ import annotations

import json
import re
from pathlib import Path

_WORDS = json.loads(Path(__file__).with_name("described_words.json").read_text(encoding="utf-8"))
_STOP = frozenset(_WORDS["not_distinctive"])
_WORD_RE = re.compile(r"[a-z]+")
PREFIX = 5  # letters two words must share to count as one ("statistical" / "statistics")
COVER = 0.6  # share of the requirement's distinctive words one clause of the student's must hold


def _distinctive(text: str) -> list[str]:
    return [w for w in _WORD_RE.findall(text.lower()) if len(w) >= 4 and w not in _STOP]


def _covered(needed: list[str], clause: str) -> bool:
    said = {w[:PREFIX] for w in _WORD_RE.findall(clause.lower())}
    hits = sum(1 for w in needed if w[:PREFIX] in said)
    return hits >= 2 and hits >= COVER * len(needed)


def required_descriptions(tree: dict | None) -> list[str]:
    """The requirement's words of a kind of course that every route asks for: the whole requirement, or a
    part of an "all of" (not an option of a "one of", which another route may avoid)."""
    if tree is None:
        return []
    nodes = [tree] if tree["op"] in ("other", "unparsed") else \
        [x for x in tree.get("items", []) if x["op"] in ("other", "unparsed")] if tree["op"] == "all" else []
    return [n.get("text", "") for n in nodes if n.get("text")]


def described_not_done(tree: dict | None, not_done_clauses: list[str]) -> tuple[str, str]:
    """(the requirement in the calendar's words, the part of it a clause of the student's says they have not
    done); ("", "") when none does."""
    for text in required_descriptions(tree):
        for piece in _parts_all_asked(text):
            needed = _distinctive(piece)
            if needed and any(_covered(needed, clause) for clause in not_done_clauses):
                return text, piece.strip(" ,")
    return "", ""


def _parts_all_asked(text: str) -> list[str]:
    """The words, and each part of them when every part is asked for ("All of a fluid-dynamics course, a
    numerical-methods course, as well as computer-programming skills"); words with an "or" stay whole."""
    if re.search(r"\bor\b", text, re.IGNORECASE):
        return [text]
    parts = [p for p in re.split(r",|;|\bas well as\b|\band\b|^\s*all of\b", text, flags=re.IGNORECASE) if p.strip()]
    return [text] + (parts if len(parts) > 1 else [])

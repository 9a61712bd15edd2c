"""One course put in another's place for a third: "can A stand in for B for C", "swap B for A in C's
prerequisite", "are A and B interchangeable for C".

The answer is a fact of C's requirement (are A and B options of one group), not of the student's record,
so the courses' statuses do not decide it. A course the student says they have done ("I took A instead
of B; is C open?") is history, not a substitution, and stays an eligibility question. The phrases are
data (``substitute_words.json``); here they are turned into frames over the question with each course
replaced by a numbered mark, so any phrase fits any wording around it.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from rag.understand.slots import CodeMention

_WORDS = json.loads(Path(__file__).with_name("substitute_words.json").read_text(encoding="utf-8"))
_MARK = "\u00a7"  # stands for a course in the masked text: "§0", "§1"


def _alternatives(key: str) -> str:
    phrases = sorted(_WORDS[key], key=len, reverse=True)
    return "|".join(re.escape(p).replace(r"\ ", r"[\s-]+") for p in phrases)


_GAP = rf"[^{_MARK}.?!;]"  # words between, never another course or a sentence's end
_VERB_GAP = rf"(?:(?!\bfor\b){_GAP})"  # after a verb, before its course: "swapped in for B" is A's phrase, not a swap of B
_FRAMES = (
    # verb first, so "for C, can I replace B with A" is not read as C put in B's place
    re.compile(rf"\b(?:{_alternatives('replace_with')})\b{_VERB_GAP}{{0,16}}?(?P<b>{_MARK}\d+)\b{_GAP}{{0,16}}?\b(?:with|by)\b"
               rf"{_GAP}{{0,10}}?(?P<a>{_MARK}\d+)", re.IGNORECASE),
    re.compile(rf"\b(?:{_alternatives('swap_out')})\b{_VERB_GAP}{{0,16}}?(?P<b>{_MARK}\d+)\b{_GAP}{{0,16}}?\b(?:for|with)\b"
               rf"{_GAP}{{0,10}}?(?P<a>{_MARK}\d+)", re.IGNORECASE),
    re.compile(rf"\b(?:{_alternatives('put_in')})\b{_VERB_GAP}{{0,10}}?(?P<a>{_MARK}\d+)\b{_GAP}{{0,10}}?\bfor\b"
               rf"{_GAP}{{0,10}}?(?P<b>{_MARK}\d+)", re.IGNORECASE),
    # "A <phrase> B": a few words may lead up to the phrase ("be used as an"), fewer follow it ("the")
    re.compile(rf"(?P<a>{_MARK}\d+)\b{_GAP}{{0,40}}?\b(?:{_alternatives('in_place_of')})\b{_GAP}{{0,16}}?(?P<b>{_MARK}\d+)",
               re.IGNORECASE),
    re.compile(rf"(?P<b>{_MARK}\d+)\b{_GAP}{{0,30}}?\b(?:{_alternatives('replaced_by')})\b{_GAP}{{0,16}}?(?P<a>{_MARK}\d+)",
               re.IGNORECASE),
    re.compile(rf"(?P<a>{_MARK}\d+)\s*(?:and|&|,|or|/)\s*(?P<b>{_MARK}\d+)\b{_GAP}{{0,24}}?\b(?:{_alternatives('alike')})\b",
               re.IGNORECASE),
)


@dataclass(frozen=True)
class Substitution:
    substitute: str   # the course put in the other's place (A)
    replaced: str     # the course it would replace (B)
    goals: tuple[str, ...]  # the courses whose requirement is asked about (C)


def _masked(text: str, mentions: list[CodeMention]) -> str:
    out, at = [], 0
    for i, m in enumerate(mentions):
        out += [text[at:m.start], f"{_MARK}{i}"]
        at = m.end
    return "".join(out + [text[at:]])


def read_substitution(text: str, mentions: list[CodeMention]) -> Substitution | None:
    """The substitution a question asks about, when a phrase joins two courses and a third is named as the
    goal; None otherwise (two courses alone, "can A replace B", ask about the pair, not a requirement)."""
    if len({m.code for m in mentions}) < 3:
        return None
    masked = _masked(text, mentions)
    for frame in _FRAMES:
        found = frame.search(masked)
        if found is None:
            continue
        a = mentions[int(found["a"][1:])].code
        b = mentions[int(found["b"][1:])].code
        goals = tuple(dict.fromkeys(m.code for m in mentions if m.code not in (a, b)))
        if a != b and goals:
            return Substitution(a, b, goals)
    return None

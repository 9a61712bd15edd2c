"""Does a course earn this student credit: "is A creditable towards the BSc?", "would A be credit as an
elective?". The entry's own sentence decides where it has one ("Not for credit towards a B.Sc.", "Not
available for credit to Forestry students"): a "No" when the student says they are in the group it names,
else what the answer turns on. An entry without such a sentence settles nothing, so the answer says what
else decides (the program's rules, credit exclusions), never "Yes"."""

from __future__ import annotations

import json
import re
from pathlib import Path

from rag.answer.fact_sources import FactAnswer, Writer, course_source, label, quote
from rag.index.facts import FactStore
from rag.index.requirement_tree import in_group
from rag.understand import Question
from rag.understand.reader import CREDIT_TOWARD_INTENTS

# "Not for credit towards a B.Sc. (Consult ...)", "Not available for credit to students with JAPN 12":
# the group follows the words; an abbreviation's dots ("B.Sc.", "B.Kin.") do not end the sentence
_NOT_FOR_CREDIT_RE = re.compile(r"\b[Nn]ot\s+(?:be\s+)?(?:for|available\s+for)\s+[Cc]redit\b(?!/)\s*"
                                r"(?P<group>(?:(?<![A-Za-z])[A-Z]\.(?:[A-Za-z]{1,4}\.)*|[^.(])*)")
# what a group is named by once its abbreviations are joined ("B.Sc." -> "BSc") and its filler dropped
_GROUP_LEAD_RE = re.compile(r"^(?:in|to|towards?|for)\s+(?:the\s+|a\s+|an\s+)?", re.IGNORECASE)
_GROUP_SPLIT_RE = re.compile(r",|\band\b|\bor\b", re.IGNORECASE)


def not_for_credit(text: str) -> tuple[str, str] | None:
    """The entry's "not for credit" sentence and the group it names, or None."""
    m = _NOT_FOR_CREDIT_RE.search(text or "")
    if m is None or not m["group"].strip():
        return None
    return m.group(0).strip().rstrip(". "), m["group"].strip().rstrip(". ")


_ALIASES: dict[str, str] = json.loads(Path(__file__).with_name("credit_groups.json").read_text(encoding="utf-8"))["aliases"]


def _joined(text: str) -> str:
    """"B.Sc." -> "BSc": initials with their dots read as one word, the way students type them."""
    return re.sub(r"(?<=[A-Za-z])\.(?=[A-Za-z])", "", text).rstrip(".")


def in_named_group(group: str, said: list[str]) -> bool:
    """Whether a group the student says they are in is one the sentence names ("the faculties of Science and
    Applied Science": either faculty)."""
    named = _GROUP_LEAD_RE.sub("", _joined(group))
    faculty = re.match(r"(?:the\s+)?facult(?:y|ies)\s+of\s+", named, re.IGNORECASE)
    parts = _GROUP_SPLIT_RE.split(named[faculty.end():]) if faculty else [named]
    words = tuple(_joined(s) for s in said) + tuple(_ALIASES[_joined(s).lower()] for s in said
                                                      if _joined(s).lower() in _ALIASES)
    return any(part.strip() and in_group(part.strip(), words) for part in parts)


def credit_toward(q: Question, facts: FactStore) -> FactAnswer | None:
    """The answer for one course asked about for credit; None when the question names several courses (then
    it is an exclusion or a prerequisite question) or the calendar has no such course."""
    courses = list(dict.fromkeys(q.entities.courses))
    if not q.asks_credit_toward or len(courses) != 1 or courses[0] not in facts.courses:
        return None
    c = facts.courses[courses[0]]
    w = Writer()
    ref = w.cite(course_source(c))
    found = not_for_credit(c.text)
    if found is None:
        if q.intent not in CREDIT_TOWARD_INTENTS:
            return None  # the question's own reading answers it (a program, an exclusion, a prerequisite)
        return FactAnswer("credit_toward", "cannot tell", (
            f"Cannot tell from the course entry: {label(c)} names no group it is not for credit for {ref}. Whether "
            f"it counts toward your degree is set by your program's requirements and the credit exclusions with "
            f"courses you already have."), w.sources, [c.code])
    sentence, group = found
    asked = [q.credit_group] if q.credit_group and in_named_group(group, [q.credit_group]) else []
    if asked or in_named_group(group, q.member_of):
        yours = "" if asked else f", and you said you are in {' / '.join(q.member_of)}"
        return FactAnswer("credit_toward", "no", (
            f"No: {c.code} earns you no credit there{yours}: {quote(sentence + '.')} {ref}"), w.sources, [c.code])
    return FactAnswer("credit_toward", "cannot tell", (
        f"It depends: {label(c)} is {quote(sentence + '.')} {ref} If that describes you, it "
        f"earns you no credit there; if not, its entry does not stop it counting, and your program's "
        f"requirements decide where it counts."), w.sources, [c.code])

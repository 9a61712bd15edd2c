"""A course's prerequisite named in words instead of codes ("i didnt pass the prereq for A", "taking the
course that A requires this term"), written as the codes it stands for, so that what the student says of it
is read as of any course named by its code: by the same status reading, not a second one for descriptions.

Only a prerequisite that is one course, or all of some courses, on every route is written out: "the
prerequisite" of a course with a choice names no one course, and guessing the option would put words in the
student's mouth. Where the course asked about is named nowhere else, it stays in the text, in brackets, so the
question still names it."""

from __future__ import annotations

import json
import re
from pathlib import Path

_DATA = json.loads(Path(__file__).with_name("described_prerequisite.json").read_text(encoding="utf-8"))
_PATTERNS = [re.compile(p) for p in _DATA["patterns"]]
_STATUS_BEFORE_RE = re.compile(_DATA["status_before"], re.IGNORECASE)


class DescribedPrerequisites:
    """``required``: course -> the courses its prerequisite asks for on every route (set by the answering layer
    from the index; empty where the prerequisite offers a choice or asks for more than courses)."""

    def __init__(self, required: dict[str, list[str]] | None = None) -> None:
        self.required = required or {}

    def name_codes(self, text: str) -> str:
        """``text`` with each described prerequisite written as its codes ("the prereq for A" -> "B (for A)");
        words for a prerequisite with a choice, or of an unknown course, stay as they are."""
        for pattern in _PATTERNS:
            text = pattern.sub(self._written_out, text)
        return text

    def _written_out(self, m: re.Match) -> str:
        codes = self.required.get(m["course"])
        clause = max(m.string.rfind(c, 0, m.start()) for c in ".?!;,") + 1
        if not codes or _asks_what_it_is(m.string, m.start()) \
                or not _STATUS_BEFORE_RE.search(m.string[clause:m.start()]):
            return m.group(0)  # only what the student did with it: "would A cover the prereq for B" weighs A
        named = " and ".join(codes)
        elsewhere = m.string.count(m["course"]) > m.group(0).count(m["course"])
        # the course asked stays named where no other words name it (a pronoun points back to it); no
        # facet word: "prerequisite" would ask a second question
        return named if elsewhere else f"{named} (for {m['course']})"


_FIRST_PERSON_RE = re.compile(r"\b(?:i|i'?m|im|i'?ve|ive|i'?d|my|me|mine)\b", re.IGNORECASE)
_ASKING_RE = re.compile(r"\b(?:what|which|whats|is\s+there|are\s+there|does|do|list|show|tell)\b", re.IGNORECASE)
# a sentence that asks the student's own record against it ("do i have the prereq for A yet?", "have I got all
# the prereqs for A"): whether they have it is the question, so no status is told of it (the reader's words
# for such a question, ``need_words.json``)
_ASKS_OWN_RECORD_RE = re.compile("|".join(json.loads(Path(__file__).with_name("need_words.json").read_text(
    encoding="utf-8"))["own_record"]), re.IGNORECASE)


def _asks_what_it_is(text: str, start: int) -> bool:
    """Whether the sentence asks what the prerequisite is ("which course does A's prereq name?", "does A's prereq
    include B?": a question word before it, no word of the student's in it), or whether the student has it,
    rather than tells the student's own record of it."""
    begin = max(text.rfind(c, 0, start) for c in ".?!") + 1
    ends = [i for i in (text.find(c, start) for c in ".?!") if i >= 0]
    sentence = text[begin:min(ends) if ends else len(text)]
    if _ASKS_OWN_RECORD_RE.search(sentence):
        return True
    return _ASKING_RE.search(text[begin:start]) is not None and _FIRST_PERSON_RE.search(sentence) is None


def required_courses(tree: dict | None) -> list[str]:
    """The courses a prerequisite tree asks for on every route: a course, or an "all of" whose every item is a
    course; [] for anything with a choice, a condition or a text ubcal could not read."""
    if not tree:
        return []
    if tree.get("op") == "course":
        return [tree["code"]]
    if tree.get("op") == "all" and tree.get("items") and all(x.get("op") == "course" for x in tree["items"]):
        return [x["code"] for x in tree["items"]]
    return []

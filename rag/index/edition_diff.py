"""What changed between two calendar editions, course by course, from their fact tables.

``ubcal diff --edition A --edition B`` prints it, and the answering side can reuse it for "what
changed?" questions: ``diff_fact_stores`` takes two opened ``FactStore``s, ``course_changes`` one
course's two rows. The comparison is over each edition's *current* version, so it compares the
calendars, not two builds of one calendar (that is ``ubcal diff A B`` with version ids).

Facets compared: title, credits, prerequisite, corequisite, exclusion and the description (the
course's whole text, so a reworded prerequisite shows there too). Trivial differences are not
changes: before comparing, a facet's text has the campus suffix dropped from codes (``COMM_V 324``
is ``COMM 324``), every punctuation mark replaced by a space (``COMM 191, or STAT 200.`` equals
``COMM 191 or STAT 200``; curly and straight quotes, dashes and brackets alike), its whitespace
collapsed and its case folded (``One of`` is ``one of``). Words are kept: a changed word or number is
a change. What is reported keeps the calendar's own text, never the normalized one.

``compare_course`` puts one course's two editions side by side for the page (``/api/editions/compare``):
each facet's two texts and a word diff (``word_diff``: ``difflib.SequenceMatcher`` over words matched by
the same normalization, so what is trivia here is never marked there).
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field
from difflib import SequenceMatcher

from rag.index.editions import edition_of, resolve_edition, store_editions
from rag.index.facts import CourseFact, FactStore
from rag.index.store import StoreError, StoreLayout

FACETS = ("title", "credits", "prerequisite", "corequisite", "exclusion", "description")
_SUFFIX_RE = re.compile(r"\b([A-Z]{2,4})_V\b")
_PUNCT_RE = re.compile(r"[^\w\s]|_", re.UNICODE)


def normalize_fact(text: str | None) -> str:
    """A facet's text with the trivia removed (see the module docstring): equal means unchanged."""
    text = _SUFFIX_RE.sub(r"\1", text or "")
    return " ".join(_PUNCT_RE.sub(" ", text).split()).casefold()


# a grading note the build leaves on whichever requisite sentence comes last: no part of a requirement
_GRADING_NOTE_RE = re.compile(r"[^.]*\bCredit/D/Fail\b[^.]*\.?", re.IGNORECASE)


def facet_text(course: CourseFact, facet: str) -> str:
    """The facet as the calendar words it; a requisite without the Credit/D/Fail grading note, which the
    build attaches to the prerequisite in one edition and to the corequisite in the other."""
    if facet == "description":
        return course.text
    text = getattr(course, facet) or ""
    return _GRADING_NOTE_RE.sub("", text).strip() if facet in ("prerequisite", "corequisite") else text


@dataclass
class FacetChange:
    code: str
    facet: str
    before: str
    after: str


@dataclass
class Side:
    edition: str
    version_id: str


@dataclass
class EditionDiff:
    old: Side
    new: Side
    subject: str | None
    added: list[dict] = field(default_factory=list)    # {code, title, credits} of courses only in ``new``
    removed: list[dict] = field(default_factory=list)  # ... only in ``old``
    changed: dict[str, list[FacetChange]] = field(default_factory=dict)  # facet -> changes, by code

    def counts(self) -> dict:
        codes = {c.code for changes in self.changed.values() for c in changes}
        return {"added": len(self.added), "removed": len(self.removed), "changed_courses": len(codes),
                **{f"changed_{facet}": len(self.changed.get(facet, [])) for facet in FACETS}}

    def to_dict(self) -> dict:
        return {"from": asdict(self.old), "to": asdict(self.new), "subject": self.subject, "counts": self.counts(),
                "added": self.added, "removed": self.removed,
                "changed": {facet: [asdict(c) for c in self.changed.get(facet, [])] for facet in FACETS}}


def course_changes(old: CourseFact, new: CourseFact) -> list[FacetChange]:
    """The facets of one course that differ between two editions (trivia aside)."""
    return [FacetChange(new.code, facet, facet_text(old, facet), facet_text(new, facet)) for facet in FACETS
            if normalize_fact(facet_text(old, facet)) != normalize_fact(facet_text(new, facet))]


def _brief(course: CourseFact) -> dict:
    return {"code": course.code, "title": course.title, "credits": course.credits}


def diff_fact_stores(old: FactStore, new: FactStore, subject: str | None = None) -> tuple[list, list, dict]:
    """(added, removed, changed by facet) from ``old`` to ``new``, for one subject or all."""
    def wanted(code: str) -> bool:
        return subject is None or code.split(" ", 1)[0] == subject

    before = {c: f for c, f in old.courses.items() if wanted(c)}
    after = {c: f for c, f in new.courses.items() if wanted(c)}
    added = [_brief(after[c]) for c in sorted(after.keys() - before.keys())]
    removed = [_brief(before[c]) for c in sorted(before.keys() - after.keys())]
    changed: dict[str, list[FacetChange]] = {}
    for code in sorted(before.keys() & after.keys()):
        for change in course_changes(before[code], after[code]):
            changed.setdefault(change.facet, []).append(change)
    return added, removed, changed


def _facts(layout: StoreLayout, version_id: str) -> FactStore:
    facts = FactStore.load(layout.version_dir(version_id))
    if facts is None:
        raise StoreError(f"version {version_id} has no course facts (built before fact tables); rebuild it")
    return facts


def diff_editions(layout: StoreLayout, old: str, new: str, subject: str | None = None) -> EditionDiff:
    """Compare two editions' current versions; an edition the store lacks is a StoreError listing its editions."""
    sides = []
    for edition in (old, new):
        vid = resolve_edition(layout, edition)
        sides.append(Side(edition_of(layout.read_manifest(vid)), vid))
    subject = subject.strip().upper().removesuffix("_V") if subject else None
    added, removed, changed = diff_fact_stores(_facts(layout, sides[0].version_id),
                                               _facts(layout, sides[1].version_id), subject)
    return EditionDiff(sides[0], sides[1], subject, added, removed, changed)


# -- one course's two editions side by side, word by word -------------------------------------------
class BadCourseCode(ValueError):
    """A ``course`` that is not a course code; the message names what was given."""


class NotEnoughEditions(StoreError):
    """The store holds fewer than two editions, so there is nothing to compare."""


class EditionNotHeld(StoreError):
    """An edition the store holds no version of; the message lists the ones it holds."""


class CourseNotInEditions(StoreError):
    """The course is in neither edition's calendar."""


class FactsMissing(StoreError):
    """An edition's current version has no fact tables (built before them)."""


_COURSE_CODE_RE = re.compile(r"([A-Za-z]{2,5})\s*(?:_[A-Za-z])?\s*(\d{3}[A-Za-z]?)")


def course_code(text: str) -> str:
    """``comm324``, ``COMM_V 324`` and ``Comm 324`` are ``COMM 324``: the key of both editions' fact tables."""
    match = _COURSE_CODE_RE.fullmatch((text or "").strip())
    if match is None:
        raise BadCourseCode(f"course must be a course code such as COMM 324, not {text!r}")
    return f"{match.group(1).upper()} {match.group(2).upper()}"


def edition_sides(layout: StoreLayout, old: str | None = None, new: str | None = None) -> tuple[Side, Side]:
    """The two editions to compare and their current versions; by default the two newest in the store.
    Fewer than two editions is ``NotEnoughEditions``; a named edition the store lacks ``EditionNotHeld``."""
    held = store_editions(layout)
    if len(held) < 2:
        holds = f"one edition ({held[0]})" if held else "no edition"
        raise NotEnoughEditions(f"the store {layout.root} holds {holds}; comparing needs two: "
                                "build another edition's calendar into it with `ubcal build`")
    sides = []
    for edition in (old or held[1], new or held[0]):
        try:
            vid = resolve_edition(layout, edition)
        except StoreError as exc:
            raise EditionNotHeld(str(exc)) from exc
        sides.append(Side(edition_of(layout.read_manifest(vid)), vid))
    return sides[0], sides[1]


def edition_facts(layout: StoreLayout, version_id: str) -> FactStore:
    """A version's fact tables; ``FactsMissing`` (a state of the store, not a bug) when it has none."""
    try:
        return _facts(layout, version_id)
    except StoreError as exc:
        raise FactsMissing(str(exc)) from exc


def _words(text: str) -> list[str]:
    """The text's words; a word that is only punctuation (`` , ``, ``–``) rides on the one before it, so a
    moved comma is not a word of its own to mark."""
    words: list[str] = []
    for word in text.split():
        if words and not normalize_fact(word):
            words[-1] += " " + word
        else:
            words.append(word)
    return words


def _segment(op: str, words: list[str]) -> dict:
    return {"op": op, "text": " ".join(words)}


def word_diff(old: str, new: str) -> list[dict]:
    """The two texts as segments ``{"op": "same" | "removed" | "added", "text"}``, in reading order: the
    old side reads same + removed, the new side same + added. Words are matched by ``normalize_fact``, so
    what the comparison calls trivia is never marked; where a "same" run's old wording differs (``191,``
    for ``191``) the segment has ``"old"`` too, so each side shows its own calendar's words. Texts equal
    after normalization are one "same" segment, whatever their punctuation."""
    old_words, new_words = _words(old or ""), _words(new or "")
    if normalize_fact(old) == normalize_fact(new):
        return [_same(old_words, new_words)] if new_words else []
    matcher = SequenceMatcher(None, [normalize_fact(w) for w in old_words], [normalize_fact(w) for w in new_words],
                              autojunk=False)  # autojunk would skip frequent words ("or", "of") in long texts
    segments = []
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            segments.append(_same(old_words[i1:i2], new_words[j1:j2]))
        if op in ("delete", "replace"):
            segments.append(_segment("removed", old_words[i1:i2]))
        if op in ("insert", "replace"):
            segments.append(_segment("added", new_words[j1:j2]))
    return segments


def _same(old_words: list[str], new_words: list[str]) -> dict:
    segment = _segment("same", new_words)
    if old_words != new_words:
        segment["old"] = " ".join(old_words)
    return segment


def _side(side: Side, course: CourseFact | None) -> dict:
    return {**asdict(side), "present": course is not None, "citation": course.citation if course else None}


def compare_course(code: str, sides: tuple[Side, Side], old: CourseFact | None, new: CourseFact | None) -> dict:
    """One course in two editions, facet by facet (``FACETS`` order): each side's text, whether it
    changed (by ``normalize_fact``, as ``course_changes`` decides) and the word diff. A course in one
    edition only has the other side empty and a ``note`` saying so; in neither is ``CourseNotInEditions``."""
    if old is None and new is None:
        raise CourseNotInEditions(f"no course {code} in the {sides[0].edition} or the {sides[1].edition} calendar")
    facets = []
    for facet in FACETS:
        before = facet_text(old, facet) if old else ""
        after = facet_text(new, facet) if new else ""
        facets.append({"facet": facet, "old": before, "new": after,
                       "changed": normalize_fact(before) != normalize_fact(after),
                       "segments": word_diff(before, after)})
    missing = [s.edition for s, course in zip(sides, (old, new)) if course is None]
    note = (f"{code} is not in the {missing[0]} calendar: that side is empty" if missing else None)
    return {"course": code, "old": _side(sides[0], old), "new": _side(sides[1], new), "note": note,
            "changed_facets": sum(f["changed"] for f in facets), "facets": facets}

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
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field

from rag.index.editions import edition_of, resolve_edition
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

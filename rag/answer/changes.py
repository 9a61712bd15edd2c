"""What changed between two calendar editions, answered from both editions' facts.

Students follow the calendar of the year they started in, and ask what changed since. The answering
edition's facts are compared with the facts of the edition before it in the store (``EditionPair``),
facet by facet, with ``rag.index.edition_diff`` deciding what counts as a change (trivia such as
punctuation and the ``_V`` suffix never do). Every answer cites the entries of both editions.

What an edition does not hold is said, never guessed: with one edition in the store there is nothing
to compare, and a course missing from the older edition is "new" only where that edition could have
held it. A snapshot that holds no course of some kind at all (say, none whose credits are a range) or
no course of a subject cannot show that such a course is new, so the answer says it cannot tell.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rag.answer.fact_sources import FactAnswer, Source, Writer, course_source
from rag.index.codes import unique_codes
from rag.index.edition_diff import FACETS, FacetChange, course_changes, facet_text
from rag.index.facts import CourseFact, FactStore
from rag.understand import Question

FACET_WORDS = {"title": "title", "credits": "credits", "prerequisite": "prerequisite", "corequisite": "corequisite",
               "exclusion": "credit exclusions", "description": "description"}
MAX_QUOTED_CHARS = 400  # a description longer than this is said to have changed, not quoted in full


@dataclass
class EditionPair:
    """The edition answering and the one before it in the store (None when the store holds no earlier one)."""
    new: str
    old: str | None = None
    old_facts: FactStore | None = None


def answer_change(q: Question, facts: FactStore, pair: EditionPair) -> FactAnswer | None:
    """The answer to a change question; a course neither edition holds is declined here, so each answerer
    below has the course in at least one edition."""
    if pair.old_facts is None or pair.old is None:
        return FactAnswer(q.intent, "cannot tell", (
            f"Cannot tell: this store holds no calendar edition before {pair.new}, so there is nothing to compare "
            "with. Build the earlier edition into the same store to ask what changed."), [],
            derived=_edition_numbers(pair))
    if q.intent != "subject_changes" and q.target and q.target not in facts.courses \
            and q.target not in pair.old_facts.courses:
        return FactAnswer("decline", "", f"Neither the {pair.old} nor the {pair.new} calendar in this store has a "
                          f"course {q.target}, so there is nothing to compare.", [])
    answer = _ANSWERERS[q.intent](q, facts, pair)
    if answer is not None:
        answer.derived += _edition_numbers(pair)
    return answer


def _edition_numbers(pair: EditionPair) -> list[str]:
    """The digits of the edition labels ("2025/26"), which the answer states and the guard checks."""
    return [part for label in (pair.new, pair.old) if label for part in label.replace("/", " ").split()]


class _Sides:
    """One course in both editions, and the writer citing them (old entries titled with their edition)."""

    def __init__(self, code: str, facts: FactStore, pair: EditionPair) -> None:
        self.code, self.pair, self.w = code, pair, Writer()
        self.new: CourseFact | None = facts.courses.get(code)
        self.old: CourseFact | None = pair.old_facts.courses.get(code) if pair.old_facts else None

    def cite_new(self, c: CourseFact | None = None) -> str:
        return self.w.cite(_titled(course_source(c or self.new), self.pair.new))

    def cite_old(self, c: CourseFact | None = None) -> str:
        return self.w.cite(_titled(course_source(c or self.old), self.pair.old))


def _titled(source: Source, edition: str | None) -> Source:
    """A course entry as a source named with its edition: the two editions' entries of a course share a
    page address, and the writer keeps them apart by title."""
    return Source(source.citation, f"{source.title} ({edition})", source.text)


def _quote(text: str) -> str:
    """The calendar's words in quotes, codes without the campus suffix ("COMM_V 191" reads "COMM 191")."""
    text = re.sub(r"\b([A-Z]{2,5})_V\b", r"\1", text.strip())
    return f"\u201c{text}\u201d" if text else "none listed"


def _facets(q: Question) -> list[str]:
    return [f for f in FACETS if f in q.change_facets] or list(FACETS)


def changed(q: Question, facts: FactStore, pair: EditionPair) -> FactAnswer:
    """One course: the facets asked (all of them when none is named), old and new, with what was added
    and removed."""
    s = _Sides(q.target, facts, pair)
    if s.new is None or s.old is None:
        return _only_in_one(q, s)
    asked = _facets(q)
    changes = [c for c in course_changes(s.old, s.new) if c.facet in asked]
    refs = f"{s.cite_old()} {s.cite_new()}"
    if not changes:
        others = [c.facet for c in course_changes(s.old, s.new)]
        what = " and ".join(FACET_WORDS[f] for f in asked) if len(asked) < len(FACETS) else "entry"
        # a verdict word only for a yes/no question ("did A's prerequisites change?"), not for "what changed in A?"
        lead = "No" if _asks_whether(q, asked) else "Nothing changed"
        text = f"{lead}: {q.target}'s {what} is the same in the {pair.old} and {pair.new} calendars {refs}."
        if len(asked) == 1:
            text += f" Both read: {_quote(facet_text(s.new, asked[0]))}."
        if others:
            text += " What did change: " + ", ".join(FACET_WORDS[f] for f in others) + "."
        return FactAnswer("changed", "no" if lead == "No" else "", text, s.w.sources, [q.target])
    lead = "Yes" if _asks_whether(q, asked) else f"{len(changes)} change{'s' if len(changes) != 1 else ''}"
    names = ", ".join(FACET_WORDS[c.facet] for c in changes)
    now = f" (now {s.new.title}, {s.new.credits} credits)" if len(asked) == len(FACETS) else ""
    same = [f for f in asked if f not in {c.facet for c in changes}] if len(asked) < len(FACETS) else []
    if lead == "Yes" and same:
        # "did its prerequisite change along with the name?": one facet changed and another asked did not; a
        # "Yes" would read as a yes to the one that did not
        lead = "Partly"
    lines = [f"{lead}: {q.target}'s {names} changed from the {pair.old} to the {pair.new} calendar{now} {refs}"
             + (f"; its {' and '.join(FACET_WORDS[f] for f in same)} did not." if same else ".")]
    lines += [_change_line(c, s) for c in changes]
    return FactAnswer("changed", "yes" if lead == "Yes" else "", "\n".join(lines), s.w.sources,
                      [q.target] + [code for c in changes for code in _code_diff(c)[0] + _code_diff(c)[1]],
                      [str(len(changes))])


_WH_START_RE = re.compile(r"\s*(?:what|which|how)\b", re.IGNORECASE)


def _asks_whether(q: Question, asked: list[str]) -> bool:
    """A verdict word only for a question of whether something changed: a yes/no question, or one naming the
    facet ("A's prereqs any different?"); never "what changed in A's title and prerequisite?"."""
    return q.yes_no or (len(asked) < len(FACETS) and not _WH_START_RE.match(q.text))


def _code_diff(c: FacetChange) -> tuple[list[str], list[str]]:
    before, after = set(unique_codes(c.before)), set(unique_codes(c.after))
    return sorted(after - before), sorted(before - after)


def _change_line(c: FacetChange, s: _Sides) -> str:
    added, removed = _code_diff(c)
    moved = (f" Added: {', '.join(added)}." if added else "") + (f" Removed: {', '.join(removed)}." if removed else "")
    if c.facet == "credits":
        return f"- Credits: {c.before or 'none listed'} in {s.pair.old}, {c.after or 'none listed'} in {s.pair.new}."
    if c.facet == "description" and max(len(c.before), len(c.after)) > MAX_QUOTED_CHARS:
        return f"- Description: reworded (both entries cited).{moved}"
    return (f"- {FACET_WORDS[c.facet].capitalize()}: {s.pair.old} {_quote(c.before)}; {s.pair.new} "
            f"{_quote(c.after)}.{moved}")


def _only_in_one(q: Question, s: _Sides) -> FactAnswer:
    if s.new is None:
        return FactAnswer(q.intent, "cannot tell", (
            f"Cannot tell: {q.target} is in the {s.pair.old} calendar {s.cite_old()} but has no entry in "
            f"{s.pair.new}, so there is no new version of it to compare."), s.w.sources, [q.target])
    return FactAnswer(q.intent, "cannot tell", (
        f"Cannot tell: {q.target} is in the {s.pair.new} calendar {s.cite_new()} but the {s.pair.old} calendar "
        f"this store holds lacks its entry{_bracketed(_gap_reason(s.new, s.pair))}, so there is nothing to "
        "compare."),
        s.w.sources, [q.target])


def _gap_reason(c: CourseFact, pair: EditionPair) -> str:
    """Why the older edition may simply not show a course ("" when it could have held it)."""
    old = pair.old_facts
    subject = c.code.split()[0]
    if not any(code.split()[0] == subject for code in old.courses):
        return f"holds no {subject} course at all"
    if _odd_credits(c) and not any(_odd_credits(o) for o in old.courses.values()):
        return f"holds no course whose credits are a range or a fraction, as {c.code}'s are"
    return ""


def _bracketed(reason: str) -> str:
    return f" (it {reason})" if reason else ""


def _odd_credits(c: CourseFact) -> bool:
    low, high = c.credits_min, c.credits_max
    return low is not None and (high != low or float(low) != int(low))


def new_course(q: Question, facts: FactStore, pair: EditionPair) -> FactAnswer:
    s = _Sides(q.target, facts, pair)
    if s.new is None:
        return FactAnswer("new_course", "no", f"No: {q.target} is not in the {pair.new} calendar; it was in "
                          f"{pair.old} {s.cite_old()}.", s.w.sources, [q.target])
    if s.old is not None:
        renamed = (f" Its title changed: {_quote(s.old.title)} in {pair.old}, {_quote(s.new.title)} in "
                   f"{pair.new}." if s.old.title != s.new.title else "")
        return FactAnswer("new_course", "no", f"No: {q.target} is in both the {pair.old} {s.cite_old()} and the "
                          f"{pair.new} {s.cite_new()} calendars.{renamed}", s.w.sources, [q.target])
    gap = _gap_reason(s.new, pair)
    if gap:
        return FactAnswer("new_course", "cannot tell", (
            f"Cannot tell: {q.target} is in the {pair.new} calendar {s.cite_new()} and not in the {pair.old} "
            f"calendar this store holds, but that edition {gap}, so its absence there does not show the course "
            "is new."), s.w.sources, [q.target])
    return FactAnswer("new_course", "yes", f"Yes: {q.target} is in the {pair.new} calendar {s.cite_new()} and "
                      f"has no entry in the {pair.old} calendar this store holds.", s.w.sources, [q.target])


def gone_course(q: Question, facts: FactStore, pair: EditionPair) -> FactAnswer:
    """"Was X dropped?": yes when only the older edition has it."""
    return _listed(q, facts, pair, yes_when_listed=False)


def still_offered(q: Question, facts: FactStore, pair: EditionPair) -> FactAnswer:
    """"Is X still offered?": yes when the answering edition lists it."""
    return _listed(q, facts, pair, yes_when_listed=True)


def _listed(q: Question, facts: FactStore, pair: EditionPair, yes_when_listed: bool) -> FactAnswer:
    """Whether the answering edition lists the course, as the verdict the question's polarity asks for;
    a course only the older edition has comes with the newer courses that name it."""
    s = _Sides(q.target, facts, pair)
    listed = s.new is not None
    verdict = "yes" if listed == yes_when_listed else "no"
    if listed:
        text = f"{verdict.capitalize()}: {q.target} is in the {pair.new} calendar {s.cite_new()}."
    else:
        text = (f"{verdict.capitalize()}: {q.target} is in the {pair.old} calendar {s.cite_old()} and has no entry "
                f"in {pair.new}." + _successors_text(q.target, facts, s))
    return FactAnswer(q.intent, verdict, text, s.w.sources, [q.target])


def replaced(q: Question, facts: FactStore, pair: EditionPair) -> FactAnswer:
    """"What replaced X?": courses of the newer edition that exclude X or name it, new ones first."""
    s = _Sides(q.target, facts, pair)
    if s.new is not None:
        return FactAnswer("replaced", "", f"{q.target} is still in the {pair.new} calendar {s.cite_new()}, so "
                          "nothing replaced it there." + _successors_text(q.target, facts, s), s.w.sources,
                          [q.target])
    found = _successors(q.target, facts, pair)
    if not found:
        return FactAnswer("replaced", "", f"{q.target} is in the {pair.old} calendar {s.cite_old()} and not in "
                          f"{pair.new}, and no {pair.new} course excludes it or names it.", s.w.sources, [q.target])
    lead = f"{q.target} is in the {pair.old} calendar {s.cite_old()} and not in {pair.new}."
    lines = [lead + f" {pair.new} courses that name it:"]
    lines += [f"- {c.code} ({c.title}){' — new in ' + pair.new if new else ''} {s.cite_new(c)}: {how}"
              for c, how, new in found]
    return FactAnswer("replaced", "", "\n".join(lines), s.w.sources, [q.target] + [c.code for c, _, _ in found])


def _successors(code: str, facts: FactStore, pair: EditionPair) -> list[tuple[CourseFact, str, bool]]:
    """Courses of the newer edition that exclude ``code``, count as its equivalent or name it: those new in
    that edition first, then exclusions before mentions."""
    out = []
    for c in facts.courses.values():
        if c.code == code:
            continue
        if code in c.excluded_with or code in unique_codes(c.equivalency or ""):
            how = "excludes it (credit for only one)"
        elif code in unique_codes(c.text):
            how = "names it in its entry"
        else:
            continue
        out.append((c, how, c.code not in pair.old_facts.courses))
    return sorted(out, key=lambda t: (not t[2], not t[1].startswith("excludes"), t[0].code))[:8]


def _successors_text(code: str, facts: FactStore, s: _Sides) -> str:
    found = [t for t in _successors(code, facts, s.pair) if t[2]] if s.new is None else []
    if not found:
        return ""
    return " New in " + s.pair.new + " and naming it: " + ", ".join(
        f"{c.code} {s.cite_new(c)} ({how})" for c, how, _ in found[:3]) + "."


def subject_changes(q: Question, facts: FactStore, pair: EditionPair) -> FactAnswer | None:
    """One subject's courses whose asked facet changed (every facet when none is named), counted and listed."""
    subject = _one_subject(q)
    if not subject:
        return None
    old = pair.old_facts
    asked = _facets(q)
    w = Writer()
    codes = sorted(c for c in facts.courses if c.split()[0] == subject and c in old.courses
                   and any(ch.facet in asked for ch in course_changes(old.courses[c], facts.courses[c])))
    added = sorted(c for c in facts.courses if c.split()[0] == subject and c not in old.courses)
    removed = sorted(c for c in old.courses if c.split()[0] == subject and c not in facts.courses)
    what = " or ".join(FACET_WORDS[f] for f in asked) if len(asked) < len(FACETS) else "entry"
    lead = (f"{len(codes)} {subject} course{'s' if len(codes) != 1 else ''} in both calendars changed their {what} "
            f"from {pair.old} to {pair.new}" + (":" if codes else "."))
    lines = [lead] + [f"- {code} {w.cite(course_source(facts.courses[code]))}" for code in codes]
    if added:
        lines.append(f"New in {pair.new} (no {pair.old} entry): " + ", ".join(
            f"{c} {w.cite(course_source(facts.courses[c]))}" for c in added) + ".")
    if removed:
        lines.append(f"In {pair.old} only: " + ", ".join(
            f"{c} {w.cite(_titled(course_source(old.courses[c]), pair.old))}" for c in removed) + ".")
    return FactAnswer("subject_changes", "", "\n".join(lines), w.sources, codes + added + removed,
                      [str(len(codes))])


def _one_subject(q: Question) -> str:
    """The subject asked about: the only one named, else the only one written as its code ("pharmacy
    student: which PHRM courses ..." names PHAR by a word and PHRM by code)."""
    if len(q.subjects) == 1:
        return q.subjects[0]
    coded = [s for s in q.subjects if re.search(rf"\b{s}\b", q.text, re.IGNORECASE)]
    return coded[0] if len(coded) == 1 else ""


_ANSWERERS = {"changed": changed, "subject_changes": subject_changes, "new_course": new_course,
              "gone_course": gone_course, "still_offered": still_offered, "replaced": replaced}

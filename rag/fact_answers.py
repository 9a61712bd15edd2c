"""Answers computed from the calendar's facts: the verdict or list first, then the calendar text, cited.

Each function takes the understood question and the version's facts and
returns a complete answer, or None when the facts cannot settle it (then
retrieval and the model take over). Nothing here is generated: every code and
number comes from a fact row whose section is cited, and the grounding guard
checks the result like any other answer.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from rag.facts import CourseFact, FactStore, ProgramRow
from rag.question import Question
from rag.requirement_tree import NO, YES, describe, evaluate, missing, tree_codes, unchecked

MAX_QUOTED = 12      # supporting calendar sentences quoted under a long list
TOPIC_CANDIDATES = 3  # courses named in a topic-at-a-level answer
TOPIC_STOPWORDS = frozenset("like good best want need what which where when some more most from that this these "
                            "those with into about them they have students people learn know".split())
LEVEL_WORDS = {1: "first-year", 2: "second-year", 3: "third-year", 4: "fourth-year", 5: "graduate", 6: "graduate"}


@dataclass
class Source:
    citation: str   # url#anchor
    title: str
    text: str       # what the guard checks the answer against


@dataclass
class FactAnswer:
    kind: str
    verdict: str
    text: str
    sources: list[Source] = field(default_factory=list)
    codes: list[str] = field(default_factory=list)


class _Writer:
    """Collects cited sources and numbers them in order of first use."""

    def __init__(self) -> None:
        self.sources: list[Source] = []
        self._index: dict[str, int] = {}

    def cite(self, source: Source) -> str:
        if source.citation not in self._index:
            self.sources.append(source)
            self._index[source.citation] = len(self.sources)
        return f"[{self._index[source.citation]}]"


def course_source(c: CourseFact) -> Source:
    return Source(c.citation, c.heading, f"{c.heading}\n{c.text}")


def program_source(rows: list[ProgramRow]) -> Source:
    first = rows[0]
    body = "\n".join(f"{r.requirement} ({r.credits} credits) {r.notes}" for r in rows)
    return Source(first.citation, f"{first.program} — {first.section}", f"{first.program}\n{first.section}\n{body}")


def _quote(text: str) -> str:
    return f"\u201c{text.strip()}\u201d"


def _label(c: CourseFact) -> str:
    return f"{c.code} ({c.title}, {c.credits} credits)"


def prereq_of(q: Question, facts: FactStore) -> FactAnswer | None:
    c = facts.courses.get(q.target)
    if c is None:
        return None
    w = _Writer()
    ref = w.cite(course_source(c))
    if not c.prerequisite.strip():
        text = f"No: the calendar lists no prerequisite for {_label(c)}. {ref}"
        if c.corequisite:
            text += f"\nCorequisite: {_quote(c.corequisite)} {ref}"
        return FactAnswer("prereq_of", "no", text, w.sources)
    lines = []
    if c.prerequisite_tree and c.prerequisite_parsed:
        lines.append(f"{c.code} requires {describe(c.prerequisite_tree)}. {ref}")
    elif c.prerequisite_tree:
        lines.append(f"{c.code}'s prerequisite, in part: {describe(c.prerequisite_tree)} "
                     f"(ubcal could not read all of it; the calendar's sentence follows). {ref}")
    lines.append(f"Prerequisite (calendar): {_quote(c.prerequisite)} {ref}")
    if c.corequisite:
        lines.append(f"Corequisite (calendar): {_quote(c.corequisite)} {ref}")
    return FactAnswer("prereq_of", "", "\n".join(lines), w.sources)


def coreq_of(q: Question, facts: FactStore) -> FactAnswer | None:
    c = facts.courses.get(q.target)
    if c is None:
        return None
    w = _Writer()
    ref = w.cite(course_source(c))
    if not c.corequisite:
        return FactAnswer("coreq_of", "no", f"No: the calendar lists no corequisite for {_label(c)}. {ref}", w.sources)
    lead = (f"{c.code} has corequisite {describe(c.corequisite_tree)}" if c.corequisite_tree
            else f"{c.code} has a corequisite")
    return FactAnswer("coreq_of", "", f"{lead}. {ref}\nCorequisite (calendar): {_quote(c.corequisite)} {ref}",
                      w.sources)


def reverse_prereq(q: Question, facts: FactStore) -> FactAnswer | None:
    c = facts.courses.get(q.target)
    if c is None:
        return None
    w = _Writer()
    requiring = sorted({src for src, _ in facts.required_by.get(c.code, []) if src in facts.courses})
    unsure = {src for src, parsed in facts.required_by.get(c.code, []) if not parsed}
    if not requiring:
        ref = w.cite(course_source(c))
        return FactAnswer("reverse_prereq", "none",
                          f"No course in the calendar lists {c.code} in its prerequisites. ({_label(c)} {ref})",
                          w.sources)
    refs = {code: w.cite(course_source(facts.courses[code])) for code in requiring}
    listed = ", ".join(f"{code} {refs[code]}" for code in requiring)
    # no computed counts: the guard admits only numbers the cited calendar text contains
    lines = [f"Courses whose prerequisites name {c.code}: {listed}."]
    if unsure:
        lines.append("Of these, ubcal could not fully read the prerequisite of "
                     + ", ".join(sorted(unsure)) + "; check their sentences below.")
    for code in requiring[:MAX_QUOTED]:
        lines.append(f"{code}: {_quote(facts.courses[code].prerequisite)} {refs[code]}")
    if len(requiring) > MAX_QUOTED:
        lines.append("(the sentences of the rest are in their cited sections above)")
    return FactAnswer("reverse_prereq", "", "\n".join(lines), w.sources, requiring)


def eligibility(q: Question, facts: FactStore) -> FactAnswer | None:
    c = facts.courses.get(q.target)
    if c is None:
        return None
    w = _Writer()
    ref = w.cite(course_source(c))
    done = set(q.completed)
    notes = []
    if q.unknown_completed:
        notes.append(f"The calendar has no course {', '.join(q.unknown_completed)}, so it is not counted.")
    if not c.prerequisite.strip():
        text = f"Yes: the calendar lists no prerequisite for {_label(c)}. {ref}"
        if c.restriction:
            text += f"\nNote the restriction: {_quote(c.restriction)} {ref}"
        return FactAnswer("eligibility", "yes", "\n".join([text] + notes), w.sources)
    if c.prerequisite_tree is None:
        return None
    result = evaluate(c.prerequisite_tree, done)
    have = ", ".join(sorted(done)) or "no courses"
    if result == YES:
        lead = f"Yes: with {have} you meet the course prerequisites of {c.code}. {ref}"
    elif result == NO:
        lead = (f"No: with {have} you do not yet meet the prerequisites of {c.code}; still needed: "
                f"{'; '.join(missing(c.prerequisite_tree, done))}. {ref}")
    else:
        conditions = unchecked(c.prerequisite_tree, done)
        lead = (f"Cannot tell: with {have}, {c.code} also depends on what ubcal cannot check: "
                f"{'; '.join(conditions) or 'part of the prerequisite it could not read'}. {ref}")
    lines = [lead] + notes + [f"Prerequisite (calendar): {_quote(c.prerequisite)} {ref}"]
    if result == YES and (c.corequisite or c.restriction):
        extra = c.corequisite and f"Corequisite: {_quote(c.corequisite)}" or f"Restriction: {_quote(c.restriction)}"
        lines.append(f"{extra} {ref}")
    return FactAnswer("eligibility", result, "\n".join(lines), w.sources)


def _two_courses(q: Question, facts: FactStore) -> tuple[CourseFact, CourseFact] | None:
    """The two courses a comparison or exclusion question names, when the calendar has both."""
    codes = q.entities.courses
    if len(codes) != 2 or any(code not in facts.courses for code in codes):
        return None
    return facts.courses[codes[0]], facts.courses[codes[1]]


def exclusion(q: Question, facts: FactStore) -> FactAnswer | None:
    pair = _two_courses(q, facts)
    if pair is None:
        return None
    a, b = pair
    w = _Writer()
    ra, rb = w.cite(course_source(a)), w.cite(course_source(b))
    excluded = b.code in facts.excluded.get(a.code, set())
    # "are X and Y credit-excluded?" is answered yes when they are; "credit for both?" is answered no
    asks_if_excluded = re.search(r"exclu", q.text, re.IGNORECASE) is not None
    verdict = "yes" if excluded == asks_if_excluded else "no"
    if excluded:
        holder, ref = (a, ra) if b.code in a.excluded_with else (b, rb)
        body = (f"{a.code} and {b.code} are credit-excluded; you get credit for only one of them. {ref}\n"
                f"{holder.code}: {_quote(holder.exclusion)} {ref}")
    else:
        body = (f"neither {a.code} {ra} nor {b.code} {rb} lists the other in a credit exclusion, so the "
                "calendar's course entries do not stop you getting credit for both (a faculty's credit "
                "exclusion list may still apply).")
    return FactAnswer("exclusion", verdict, f"{verdict.capitalize()}: {body}", w.sources)


def credit_compare(q: Question, facts: FactStore) -> FactAnswer | None:
    pair = _two_courses(q, facts)
    if pair is None or pair[0].credits_max is None or pair[1].credits_max is None:
        return None
    a, b = pair
    w = _Writer()
    ra, rb = w.cite(course_source(a)), w.cite(course_source(b))
    both = f"{a.code} is worth {a.credits} credits {ra}; {b.code} is worth {b.credits} credits {rb}."
    yes_no = q.text.lower().startswith(("does", "is", "do "))  # "Is X worth more than Y?": yes or no first
    if a.credits == b.credits:
        return FactAnswer("credit_compare", "same", f"{'No, the' if yes_no else 'The'} same: {both}", w.sources)
    if a.credits_min != a.credits_max or b.credits_min != b.credits_max:
        return FactAnswer("credit_compare", "cannot tell", f"It depends (a credit range): {both}", w.sources)
    more, less = (a, b) if a.credits_max > b.credits_max else (b, a)
    asks_fewer = any(word in q.text.lower() for word in ("fewer", "less"))
    winner = less if asks_fewer else more
    lead = f"{winner.code} has {'fewer' if asks_fewer else 'more'} credits: {both}"
    if yes_no:
        verdict = "yes" if a is winner else "no"
        return FactAnswer("credit_compare", verdict, f"{verdict.capitalize()}: {lead}", w.sources)
    return FactAnswer("credit_compare", winner.code, lead, w.sources)


def compare(q: Question, facts: FactStore) -> FactAnswer | None:
    pair = _two_courses(q, facts)
    if pair is None:
        return None
    a, b = pair
    w = _Writer()
    ra, rb = w.cite(course_source(a)), w.cite(course_source(b))
    lines = []
    a_needs_b = b.code in _codes(a.prerequisite_tree)
    b_needs_a = a.code in _codes(b.prerequisite_tree)
    if a_needs_b or b_needs_a:
        first, then = (b, a) if a_needs_b else (a, b)
        lines.append(f"{first.code} comes first: {then.code}'s prerequisites name {first.code}. "
                     f"{ra if then is a else rb}")
    for c, ref in ((a, ra), (b, rb)):
        desc = c.text.split("[")[0].strip()
        pre = describe(c.prerequisite_tree) if c.prerequisite_tree else "none listed"
        lines.append(f"{_label(c)}, {LEVEL_WORDS.get(c.level, 'level ' + str(c.level))}: {_quote(desc[:300])} "
                     f"Prerequisite: {pre}. {ref}")
    shared = sorted(set(_codes(a.prerequisite_tree)) & set(_codes(b.prerequisite_tree)))
    if shared:
        lines.append(f"Both prerequisites name {', '.join(shared)}. {ra} {rb}")
    if b.code in facts.excluded.get(a.code, set()):
        lines.append(f"They are credit-excluded: credit is granted for only one of them. {ra}")
    return FactAnswer("compare", "", "\n".join(lines), w.sources)


def _codes(tree: dict | None) -> list[str]:
    return tree_codes(tree) if tree else []


def credits(q: Question, facts: FactStore) -> FactAnswer | None:
    c = facts.courses.get(q.target)
    if c is None or not c.credits:
        return None
    w = _Writer()
    ref = w.cite(course_source(c))
    unit = "credit" if c.credits == "1" else "credits"
    return FactAnswer("credits", c.credits, f"{c.code} ({c.title}) is worth {c.credits} {unit}. {ref}", w.sources)


def describe_course(q: Question, facts: FactStore) -> FactAnswer | None:
    c = facts.courses.get(q.target)
    if c is None:
        return None
    w = _Writer()
    ref = w.cite(course_source(c))
    lines = [f"{_label(c)}: {_quote(c.text)} {ref}"]
    return FactAnswer("describe", "", "\n".join(lines), w.sources)


def _program_rows(facts: FactStore, program: str) -> list[ProgramRow]:
    return facts.programs.get(program, [])


def program_course(q: Question, facts: FactStore) -> FactAnswer | None:
    rows = _program_rows(facts, q.program)
    if not rows:
        return None
    w = _Writer()
    hits = [r for r in rows if q.target in r.codes]
    if not hits:
        ref = w.cite(program_source(rows))
        return FactAnswer("program_course", "no",
                          f"No: the {q.program} requirements table does not list {q.target} by code {ref}; it may "
                          "still count toward an elective or a 'courses numbered ...' row there.", w.sources)
    by_section: dict[str, list[ProgramRow]] = {}
    for r in rows:
        by_section.setdefault(r.citation, []).append(r)
    where = []
    for r in hits:
        ref = w.cite(program_source(by_section[r.citation]))
        alt = f" (as \u201c{r.requirement}\u201d)" if r.codes != [q.target] else ""
        where.append(f"{r.section}{alt} {ref}")
    return FactAnswer("program_course", "yes", f"Yes: {q.program} lists {q.target} in " + "; ".join(where) + ".",
                      w.sources)


def _first_section_of_year(rows: list[ProgramRow], year: int) -> list[ProgramRow]:
    """All rows of the first table (section) that belongs to ``year``."""
    citation = next(r.citation for r in rows if r.year == year)
    return [r for r in rows if r.citation == citation]


def program_year(q: Question, facts: FactStore) -> FactAnswer | None:
    rows = _program_rows(facts, q.program)
    if not rows:
        return None
    w = _Writer()
    chosen = [r for r in rows if (not q.year or r.year == q.year) and (not q.term or r.term == q.term)]
    if not chosen:
        years = sorted({r.year for r in rows if r.year})
        asked = f"Year {q.year}" + (f", Term {q.term}" if q.term else "")
        if not years:
            ref = w.cite(program_source(rows))
            return FactAnswer("program_year", "none", f"The {q.program} page lists no years. {ref}", w.sources)
        first = w.cite(program_source(_first_section_of_year(rows, years[0])))
        last = w.cite(program_source(_first_section_of_year(rows, years[-1])))
        return FactAnswer("program_year", "none", f"The {q.program} page has no {asked}: its requirements run from "
                          f"Year {years[0]} {first} to Year {years[-1]} {last}.", w.sources)
    sections: dict[str, list[ProgramRow]] = {}
    for r in chosen:
        sections.setdefault(r.citation, []).append(r)
    lines = []
    for _, section_rows in sections.items():
        ref = w.cite(program_source([r for r in rows if r.citation == section_rows[0].citation]))
        items = "; ".join(f"{r.requirement} ({r.credits} credits)" if r.credits else r.requirement
                          for r in section_rows)
        lines.append(f"{section_rows[0].section}: {items}. {ref}")
    codes = list(dict.fromkeys(code for r in chosen for code in r.codes))
    lead = (f"{q.program}, " + (f"Year {q.year}" + (f", Term {q.term}" if q.term else "") if q.year else "all years")
            + ": courses named — " + ", ".join(codes) + ".") if codes else f"{q.program}:"
    return FactAnswer(q.intent, "", "\n".join([lead] + lines), w.sources, codes)


def topic_level(q: Question, facts: FactStore, ranked_codes: list[str]) -> FactAnswer | None:
    """A course on a topic at a level: the best-ranked retrieved courses that sit at that level."""
    picks = []
    for code in ranked_codes:
        c = facts.courses.get(code)
        if c is None or (q.levels and c.level not in q.levels) or (q.subjects and code.split()[0] not in q.subjects):
            continue
        if code not in picks:
            picks.append(code)
        if len(picks) == TOPIC_CANDIDATES:
            break
    if not picks:
        return None
    w = _Writer()
    best = facts.courses[picks[0]]
    ref = w.cite(course_source(best))
    level = " and ".join(dict.fromkeys(LEVEL_WORDS.get(n, f"level {n}") for n in q.levels))
    kind = f", a {level} course" if level else ""
    # "Yes" only when the course's own entry uses a word of the topic; otherwise it is the nearest, said so
    found = _mentions_topic(best, q.topic)
    lead = (f"Yes: {_label(best)}{kind}. {ref}" if found else
            f"Not by name: the closest course ubcal finds is {_label(best)}{kind}; its entry does not use the "
            f"words asked about. {ref}")
    lines = [lead, f"{best.code}: {_quote(best.text.split('[')[0].strip()[:400])} {ref}"]
    others = [facts.courses[code] for code in picks[1:]]
    if others:
        lines.append("Also close: " + "; ".join(f"{_label(c)} {w.cite(course_source(c))}" for c in others) + ".")
    return FactAnswer("topic_level", "yes" if found else "closest", "\n".join(lines), w.sources, picks)


def _mentions_topic(course: CourseFact, topic: str) -> bool:
    """Whether a content word of the topic (or its stem) appears in the course's title or description."""
    text = f"{course.title} {course.text}".lower()
    words = [w.lower() for w in re.findall(r"[A-Za-z]{4,}", topic) if w.lower() not in TOPIC_STOPWORDS]
    return not words or any(w[:max(4, len(w) - 2)] in text for w in words)


ANSWERERS: dict[str, Callable[[Question, FactStore], FactAnswer | None]] = {
    "prereq_of": prereq_of, "coreq_of": coreq_of, "reverse_prereq": reverse_prereq, "eligibility": eligibility,
    "exclusion": exclusion, "credit_compare": credit_compare, "compare": compare, "credits": credits,
    "describe": describe_course, "program_course": program_course, "program_year": program_year,
    "program": program_year,
}

"""Program tables: whether a program lists a course, and what a program year holds."""

from __future__ import annotations

from rag.answer.fact_sources import FactAnswer, Writer as _Writer, program_source
from rag.answer.program_left import one_option
from rag.index.facts import FactStore, ProgramRow
from rag.understand import Question


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
        years = sorted({r.year for r in rows if r.year})
        level = facts.courses[q.target].level if q.target in facts.courses else 0
        asked = q.year or level
        if years and asked and asked > years[-1]:  # the page's tables stop before the year asked about
            shown = ", ".join(f"Year {y}" for y in years)
            return FactAnswer("program_course", "cannot tell", (
                f"Cannot tell: the {q.program} page's requirements tables list only {shown} {ref} and do not name "
                f"{q.target}; what the program asks in Year {asked} is not in a table ubcal could read."), w.sources)
        verdict, lead = ("yes", "Yes, as far as the table goes") if q.asks_skip else ("no", "No")
        return FactAnswer("program_course", verdict,
                          f"{lead}: the {q.program} requirements table does not list {q.target} by code {ref}; it may "
                          "still count toward an elective or a 'courses numbered ...' row there.", w.sources)
    by_section: dict[str, list[ProgramRow]] = {}
    for r in rows:
        by_section.setdefault(r.citation, []).append(r)
    if (q.asks_duty or q.asks_skip) and all(one_option(r, q.target) for r in hits):
        # "is A mandatory for P?", "can I skip A in P?", with A only one option ("A or B")
        where = "; ".join(f"\u201c{r.requirement}\u201d in {r.section} {w.cite(program_source(by_section[r.citation]))}"
                          for r in hits)
        verdict, lead = ("yes", "Yes, by taking another option") if q.asks_skip else ("no", "No")
        return FactAnswer("program_course", verdict, f"{lead}: {q.program} does not require {q.target} itself; it "
                          f"lists it as one option of {where}.", w.sources)
    where = []
    for r in hits:
        ref = w.cite(program_source(by_section[r.citation]))
        alt = f" (as \u201c{r.requirement}\u201d)" if r.codes != [q.target] else ""
        where.append(f"{r.section}{alt} {ref}")
    verdict, lead = ("no", "No, it cannot be skipped") if q.asks_skip else ("yes", "Yes")
    return FactAnswer("program_course", verdict, f"{lead}: {q.program} lists {q.target} in " + "; ".join(where) + ".",
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

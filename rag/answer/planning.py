"""Planning answers: the whole chain to a course, what a course leads to, and what is left of a program year.

These are the answers after a course's own prerequisites: every course leading up to it, what is left,
"what does X open". Each is computed from the version's facts (``rag.answer.chain`` plans the route) and
cites every course entry or program table it uses. None opens with "Yes" or "No": none is a yes/no
question. What the student has done counts only where the reader counted it as done; anything else they
named stays on the list, marked with what they said.
"""

from __future__ import annotations

import re
from dataclasses import replace

from rag.answer.chain import AMBIGUOUS_NOTE, Chain, ChainPlanner, Step
from rag.answer.fact_sources import FactAnswer, Writer, course_source, program_source
from rag.index.codes import unique_codes
from rag.index.facts import FactStore, ProgramRow
from rag.index.requirement_tree import NO, YES, History, evaluate, missing
from rag.understand import Question

MAX_LISTED = 40  # courses named in one list of what a course leads to; the rest are counted


def _history(q: Question) -> History:
    return History(q.completed, year=q.standing, scores=q.scores)


def _said(q: Question) -> dict[str, str]:
    """What the student said of each named course that is not counted done, in words for the list."""
    said = {c: "you said it is not done" for c in q.not_completed}
    said.update({c: "under way or planned: counted once it is done" for c in q.concurrent + q.assumed})
    said.update({c: "you did not clearly say it is done" for c in q.unclear})
    return said


def chain(q: Question, facts: FactStore) -> FactAnswer | None:
    """Every course before the target, in steps, with the choices, conditions and history named."""
    if q.target not in facts.courses:
        return None
    plan = ChainPlanner(facts, set(q.completed)).plan(q.target)
    w = Writer()
    target_ref = w.cite(course_source(facts.courses[q.target]))
    todo = plan.to_take
    done = [c for c in q.completed if c != q.target]
    derived = [str(len(todo))] + [str(s.step) for s in plan.steps]
    if not todo:
        return FactAnswer("chain", "", _nothing_left(plan, q, done, target_ref) + _tail(plan, w, facts, done),
                          w.sources, [q.target], derived)
    steps = sorted({s.step for s in todo})
    start = "With the courses you have done (listed at the end)" if done else "Starting from no courses"
    lead = (f"{start}, {len(todo)} course{'s come' if len(todo) != 1 else ' comes'} before {q.target} {target_ref}, in "
            f"{len(steps)} step{'s' if len(steps) != 1 else ''} (each course after all of its prerequisites, so a "
            "step is at least a term):")
    said = _said(q)
    lines = [lead]
    for n in steps:
        lines.append(f"- Step {n}: " + ", ".join(_entry(s, w, facts, said) for s in todo if s.step == n))
    lines.append(f"- Then {q.target} {target_ref}" + _alongside(plan.steps[-1]) + ".")
    return FactAnswer("chain", "", "\n".join(lines) + _tail(plan, w, facts, done), w.sources,
                      [s.code for s in plan.steps], derived)


def _entry(s: Step, w: Writer, facts: FactStore, said: dict[str, str]) -> str:
    c = facts.courses.get(s.code)
    ref = f" {w.cite(course_source(c))}" if c else " (no entry in this calendar)"
    note = f" ({said[s.code]})" if s.code in said else ""
    return f"{s.code}{ref}{note}{_alongside(s)}"


def _alongside(s: Step) -> str:
    return f" (with {', '.join(s.alongside)} alongside, or taken earlier)" if s.alongside else ""


def _nothing_left(plan: Chain, q: Question, done: list[str], ref: str) -> str:
    if done:
        return (f"No course is left before {q.target} {ref}: with the courses you have done (listed at the end), "
                "the route to it needs no further course.")
    return f"{q.target} {ref} names no course that must come before it."


def _tail(plan: Chain, w: Writer, facts: FactStore, done: list[str]) -> str:
    """The choices the route made, the conditions that are not courses, what could not be followed, and
    the history it relied on (on its own line, so a done course is never read as still to take)."""
    lines: list[str] = []
    seen: set[tuple[str, ...]] = set()
    choices = []
    for ch in (ch for s in plan.steps for ch in s.choices if not ch.settled):
        if any(t.startswith(("one of ", "two of ")) for t in ch.taken):
            continue  # a choice between choices: the inner choice is listed on its own
        if tuple(ch.options) not in seen:  # the same list under two courses is one choice
            seen.add(tuple(ch.options))
            choices.append(ch)
    if choices:
        lines.append("Choices (the route above takes the option that needs the fewest courses):")
        lines += [f"- {ch.course}: one of {_options(ch.options)}. Taken above: {_options(ch.taken)}." for ch in choices]
    conditions = [(s.code, n) for s in plan.steps for n in s.conditions]
    if conditions:
        lines.append("Also required, not a course:")
        lines += [f"- for {code}: {text}" if text == AMBIGUOUS_NOTE else f"- for {code}: \u201c{text}\u201d"
                  + _done_among(text, done) for code, text in conditions]  # the calendar's words in quotes
    for cycle in plan.cycles:
        lines.append(f"The calendar's requirements go round in a circle ({cycle}); the route stops there.")
    if plan.not_in_calendar:
        lines.append(f"Named by a requirement but without an entry in this calendar, so not followed further: "
                     f"{', '.join(plan.not_in_calendar)}.")
    used = [c for c in done if c in facts.courses]
    if used:
        refs = " ".join(w.cite(course_source(facts.courses[c])) for c in used)
        lines.append(f"Already done, and their own prerequisites taken as met: {', '.join(used)} {refs}.")
    return ("\n" + "\n".join(lines)) if lines else ""


def _done_among(text: str, done: list[str]) -> str:
    """" (of these you have done A, B)": a quoted sentence ubcal could not read may name courses the
    student has done, which must not look like courses still to take."""
    found = set(unique_codes(text, sorted({c.split()[0] for c in done})))
    named = [c for c in done if c in found]
    return f" (of the courses it names, you have done {', '.join(named)})" if named else ""


def _options(options: list[str]) -> str:
    """Options as a list: commas between single courses, semicolons once an option is a group of its own."""
    return ("; " if any(" " in o.replace(" ", "", 1) for o in options) else ", ").join(options)


def unlocks(q: Question, facts: FactStore) -> FactAnswer | None:
    """What a course history leads to: the courses now open, then those it counts toward, each with what
    else they need."""
    done = set(q.completed) - set(q.not_completed)
    if not done or not all(c in facts.courses for c in done):
        return None
    candidates = sorted({src for code in done for src, _ in facts.required_by.get(code, [])
                         if src in facts.courses and src not in done})
    if q.subjects and any(code.split()[0] in q.subjects for code in candidates):  # "... next in biology?"
        candidates = [code for code in candidates if code.split()[0] in q.subjects]
    if q.levels and any(facts.courses[code].level in q.levels for code in candidates):  # "which 200-level ones"
        candidates = [code for code in candidates if facts.courses[code].level in q.levels]
    history = _history(q)
    met, maybe, more = [], [], []
    for code in candidates:
        c = facts.courses[code]
        if c.prerequisite_tree is None:
            continue
        result = evaluate(c.prerequisite_tree, history)
        if result == YES and not c.restriction:
            met.append(code)
        elif result == NO:
            more.append(code)
        else:
            maybe.append(code)
    w = Writer()
    have = ", ".join(sorted(done))
    if not candidates:
        refs = " ".join(w.cite(course_source(facts.courses[c])) for c in sorted(done))
        return FactAnswer("unlocks", "none", f"No course in the calendar names {have} in its prerequisites. {refs}",
                          w.sources)
    lines = [f"With {have}, the calendar's prerequisites of these courses are met:" if met else
             f"With {have} alone, no course's prerequisites are fully met by courses."]
    lines += _by_subject(met, w, facts)
    if maybe:
        lines.append("These also name your courses but depend on something ubcal cannot check (a grade, standing, "
                     "permission or unclear wording): " + _cited(maybe, w, facts) + ".")
    if more:
        lines.append(f"{have} also leads to these, which need more first:")
        for code in more[:MAX_LISTED]:
            needs = "; ".join(missing(facts.courses[code].prerequisite_tree, history))
            lines.append(f"- {code} {w.cite(course_source(facts.courses[code]))}: also needs {needs}")
        if len(more) > MAX_LISTED:
            lines.append(f"- and {len(more) - MAX_LISTED} more courses that name {have}.")
    derived = [str(len(more) - MAX_LISTED)] if len(more) > MAX_LISTED else []
    return FactAnswer("unlocks", "", "\n".join(lines), w.sources, met + maybe + more, derived)


def _by_subject(codes: list[str], w: Writer, facts: FactStore) -> list[str]:
    by_subject: dict[str, list[str]] = {}
    for code in codes:
        by_subject.setdefault(code.split()[0], []).append(code)
    return [f"- {subject}: {_cited(group, w, facts)}" for subject, group in by_subject.items()]


def _cited(codes: list[str], w: Writer, facts: FactStore) -> str:
    return ", ".join(f"{code} {w.cite(course_source(facts.courses[code]))}" for code in codes)


_CREDITS_RE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*$")


def program_left(q: Question, facts: FactStore) -> FactAnswer | None:
    """The rows of one program year the student has not done, and the credits still needed."""
    rows = facts.programs.get(q.program, [])
    if not rows or not q.year:
        return None
    year_rows = [r for r in rows if r.year == q.year]
    w = Writer()
    if not year_rows:
        years = sorted({r.year for r in rows if r.year})
        ref = w.cite(program_source(rows))
        shown = ", ".join(f"Year {y}" for y in years) or "no year"
        return FactAnswer("program_left", "cannot tell", (
            f"Cannot tell: the {q.program} page's tables ubcal could read hold {shown} {ref}, not Year {q.year}."),
            w.sources, derived=[str(y) for y in years])
    sections: dict[str, list[ProgramRow]] = {}
    for r in year_rows:
        sections.setdefault(r.citation, []).append(r)
    refs = {cit: w.cite(program_source(rs)) for cit, rs in sections.items()}
    done = set(q.completed)
    left, done_rows, total, done_credits, unknown, counted = [], [], 0.0, 0.0, [], []
    for r in year_rows:
        credits = _credits(r, facts)
        total += credits or 0.0
        if credits is None:
            unknown.append(r.requirement)
        needed = _needed(r)
        have = [c for c in r.codes if c in done]
        if r.codes and needed and 0 < len(have) < needed:  # "Three of A, B, C, D" with two of them done
            part_done = (credits or 0.0) * len(have) / needed
            done_rows.append(replace(r, requirement=f"{', '.join(have)} ({len(have)} of the {needed})"))
            counted += [str(len(have)), str(needed)]
            done_credits += part_done
            left.append(_rest_of_choice(r, have, needed, (credits or 0.0) - part_done))
        elif r.codes and _row_done(r, done):
            done_rows.append(r)
            done_credits += credits or 0.0
        elif r.codes and any(c in done for c in r.codes) and not _is_choice(r):
            part_done, part = _split_row(r, done, facts)  # "NSCI 200, 201" with NSCI 200 done
            done_rows.append(replace(r, requirement=", ".join(c for c in r.codes if c in done)))
            done_credits += part_done
            if part.codes:
                left.append(part)
        else:
            left.append(r)
    placed = {c for r in year_rows for c in r.codes}
    unplaced = sorted(done - placed)
    filled, left = _fill_open_rows(unplaced, left, q.text, facts)
    done_credits += sum(credit for _, _, credit in filled)
    electives = min(q.elective_credits, sum(_credits(r, facts) or 0.0 for r in left if not r.codes))
    still = total - done_credits - electives
    year = f"Year {q.year}"
    lines = [f"Left in {year} of {q.program}: {_num(still)} of the year's {_num(total)} credits, in these rows "
             f"{' '.join(refs.values())}:"]
    for r in left:
        credit = f" ({r.credits} credit{'' if r.credits == '1' else 's'})" if r.credits else ""
        note = f": {_short_note(r.notes, done)}" if r.notes and not r.codes else ""
        lines.append(f"- {r.requirement}{credit}{note}")
    if done_rows:
        lines.append("Already done: " + "; ".join(r.requirement for r in done_rows) + ".")
    for code, row, credit in filled:
        how = "as you said" if row.requirement.lower() not in _ELECTIVE_ROW else \
            "since no row of the table names it; check with your advisor that it counts"
        lines.append(f"Counted toward {row.requirement}: {code} ({_num(credit)} credits), {how}.")
    outside = [c for c in unplaced if c not in {code for code, _, _ in filled}]
    if outside:  # said as done, yet nowhere in this year: another year's course, or one ubcal cannot place
        lines.append(f"Not in {year}'s table, so not counted: {', '.join(outside)}.")
    if unknown:
        lines.append("The table gives no credit value ubcal could read for: " + "; ".join(unknown) +
                     ", so the total leaves them out.")
    said = _said(q)
    named = [c for c in said if any(c in r.codes for r in left)]
    if named:
        lines.append("Kept on the list: " + "; ".join(f"{c} ({said[c]})" for c in named) + ".")
    derived = [_num(still), _num(total), _num(done_credits)] + [r.credits for r in left if r.credits] + counted \
        + [_num(credit) for _, _, credit in filled]
    return FactAnswer("program_left", "", "\n".join(lines), w.sources,
                      [c for r in left for c in r.codes], derived)


_ELECTIVE_ROW = ("electives", "elective", "elective credits")
_GENERIC_ROW_WORDS = {"additional", "requirement", "requirements", "elective", "electives", "credits", "credit",
                      "course", "courses", "the", "of", "and", "or", "a", "an", "in", "for", "one", "two", "three"}


def _fill_open_rows(unplaced: list[str], left: list[ProgramRow], text: str,
                    facts: FactStore) -> tuple[list[tuple[str, ProgramRow, float]], list[ProgramRow]]:
    """Done courses that no row of the year names, set against the open rows that name no course: the row
    the student's own words name ("WRDS 150 for the communication requirement"), else the year's electives,
    the way a degree audit places them. Each is said in the answer, so the student can check it.
    Returns (course, row, credits) for each placed and the open rows with their credits reduced."""
    words = set(re.findall(r"[a-z]+", text.lower()))
    rows = list(left)
    filled = []
    for code in unplaced:
        credit = facts.courses[code].credits_min if code in facts.courses else None
        if not credit:
            continue
        open_rows = [(i, r) for i, r in enumerate(rows) if not r.codes and (_credits(r, facts) or 0.0) >= credit]
        named = [(i, r) for i, r in open_rows
                 if (own := set(re.findall(r"[a-z]+", r.requirement.lower())) - _GENERIC_ROW_WORDS) and own <= words]
        electives = [(i, r) for i, r in open_rows if r.requirement.strip().lower() in _ELECTIVE_ROW]
        if not (named or electives):
            continue
        i, r = (named or electives)[0]
        rest = (_credits(r, facts) or 0.0) - credit
        filled.append((code, r, credit))
        if rest > 0:
            rows[i] = replace(r, credits=_num(rest))
        else:
            del rows[i]
    return filled, rows


_COUNT_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
_COUNT_OF_RE = re.compile(r"\s*(one|two|three|four|five|six|\d)\s+of\b", re.IGNORECASE)
NOTE_SENTENCES = 2  # sentences of an elective row's note shown; the table behind the citation has the rest


def _needed(r: ProgramRow) -> int | None:
    """How many of a row's courses it asks for: "Three of the following: ..." 3, "A or B" 1; None for all."""
    m = _COUNT_OF_RE.match(r.requirement)
    if m:
        word = m.group(1).lower()
        return int(word) if word.isdigit() else _COUNT_WORDS[word]
    return 1 if _is_choice(r) else None


def _rest_of_choice(r: ProgramRow, have: list[str], needed: int, credits: float) -> ProgramRow:
    """What is left of an "N of" row part of which is done: how many more, from the courses not yet done."""
    rest = [c for c in r.codes if c not in have]
    more = needed - len(have)
    word = next((w for w, n in _COUNT_WORDS.items() if n == more), str(more)).capitalize()
    return replace(r, requirement=f"{word} more of {', '.join(rest)}", codes=rest,
                   credits=_num(credits) if credits else "")


def _short_note(notes: str, done: set[str]) -> str:
    """An elective row's note, cut to its first sentences: those that name a course already done are
    about what the student has behind them (deferring it, substituting for it) and are left out."""
    sentences = [t for t in re.split(r"(?<=[.;])\s+", notes.strip()) if t]
    kept = [t for t in sentences if not set(unique_codes(t)) & done][:NOTE_SENTENCES]
    return " ".join(kept) + (" …" if len(kept) < len(sentences) else "")


def _is_choice(r: ProgramRow) -> bool:
    """"A or B", "One of A, B or C": the row is one choice. An "or" in brackets is one item's own alternative
    ("BIOL 200, 230, 233 (or 234), 260"): the row still asks for every item, and had been counted done
    once any of its courses was."""
    return re.search(r"\bor\b", re.sub(r"\([^()]*\)", " ", r.requirement), re.IGNORECASE) is not None


def _row_done(r: ProgramRow, done: set[str]) -> bool:
    """An "A or B" row is done with either; a row listing several courses ("A, B") only with all of them,
    an item with its alternative in brackets ("233 (or 234)") by either."""
    if _is_choice(r):
        return any(c in done for c in r.codes)
    pairs = _bracketed_alternatives(r)
    return all(c in done or (c in pairs and pairs[c] in done) for c in r.codes if c not in pairs.values())


def _split_row(r: ProgramRow, done: set[str], facts: FactStore) -> tuple[float, ProgramRow]:
    """A row of several courses, part of it done: the done courses' credits (from their entries) and the
    row that is left, with the rest of its credits."""
    pairs = _bracketed_alternatives(r)  # "233 (or 234)": either one is the item, counted once
    counted = [c for c in r.codes if c in done and not (c in pairs.values() and
                                                        any(m in done for m, a in pairs.items() if a == c))]
    done_credits = sum(facts.courses[c].credits_min or 0.0 for c in counted if c in facts.courses)
    settled = {c for main, alt in pairs.items() if main in done or alt in done for c in (main, alt)}
    rest = [c for c in r.codes if c not in done and c not in settled and c not in pairs.values()]
    shown = [f"{c} (or {pairs[c]})" if c in pairs else c for c in rest]
    rest += [pairs[c] for c in rest if c in pairs]
    whole = _credits(r, facts)
    left_credits = _num(whole - done_credits) if whole is not None else ""
    return done_credits, replace(r, requirement=", ".join(shown), codes=rest, credits=left_credits)


def _bracketed_alternatives(r: ProgramRow) -> dict[str, str]:
    """{main: alternative} for each "233 (or 234)" of a row, as codes of the row."""
    out = {}
    for m in re.finditer(r"(\d{3}[A-Z]?)\s*\(or\s+(?:[A-Z]{2,5}(?:_V)?\s+)?(\d{3}[A-Z]?)\)", r.requirement):
        main = next((c for c in r.codes if c.endswith(" " + m[1])), None)
        alt = next((c for c in r.codes if c.endswith(" " + m[2])), None)
        if main and alt:
            out[main] = alt
    return out


def _credits(r: ProgramRow, facts: FactStore) -> float | None:
    """The row's credits as the table gives them; failing that, its courses' credits from their entries."""
    m = _CREDITS_RE.match(r.credits or "")
    if m:
        return float(m.group(1))
    values = [facts.courses[c].credits_min for c in r.codes if c in facts.courses]
    if r.codes and values and all(v is not None for v in values) and not re.search(r"\bor\b", r.requirement):
        return float(sum(values))
    return None


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else str(x)


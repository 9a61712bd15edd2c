"""What is left of one program year: the year's table less what the student has done, with the credits.

A row is done when its course (or the alternative it offers) is done; a row of several courses part done
is split; a done course no row names is placed where a degree audit would place it, and said so: the
row the student's own words name, a row whose notes list it, a row of a subject and level it belongs to
("PHYS 100-level"), else the electives. Only what the reader counted as done is subtracted; anything
else the student named stays on the list, marked with what they said.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from rag.answer.fact_sources import FactAnswer, Writer, program_source
from rag.index.codes import unique_codes
from rag.index.facts import FactStore, ProgramRow
from rag.understand import Question
from rag.answer.planning import said_of


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
    done = set(q.completed) | set(q.unknown_completed)  # a row may name a course without a calendar entry
    left, done_rows, total, done_credits, unknown, counted = [], [], 0.0, 0.0, [], []
    for r in year_rows:
        credits = _credits(r, facts)
        total += credits or 0.0
        if credits is None:
            unknown.append(r.requirement)
        needed = courses_needed(r)
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
    filled, left = _fill_open_rows(unplaced, left, StudentWords(q.text, q.spans), facts)
    done_credits += sum(credit for _, _, credit, _ in filled)
    # elective credits the student has go to the electives rows, where the year has them
    elective_rows = [r for r in left if not r.codes and r.requirement.strip().lower() in _ELECTIVE_ROW] \
        or [r for r in left if not r.codes]
    electives = min(q.elective_credits, sum(_credits(r, facts) or 0.0 for r in elective_rows))
    still = total - done_credits - electives
    year = f"Year {q.year}"
    lines = [f"Remaining in {year} of {q.program}: {_num(still)} of the year's {_num(total)} credits, in these rows "
             f"{' '.join(refs.values())}:"]
    unspent = electives  # the elective credits the student has, said against the open rows they fill
    split_electives: list[str] = []
    for r in left:
        credit = f" ({r.credits} credit{'' if r.credits == '1' else 's'})" if r.credits else ""
        row_credits = _credits(r, facts) or 0.0
        if unspent and r in elective_rows and row_credits:
            used = min(unspent, row_credits)
            unspent -= used
            credit = f" ({r.credits} credits: {_num(used)} of them done, {_num(row_credits - used)} left)"
            split_electives += [_num(used), _num(row_credits - used)]
        note = f": {_short_note(r.notes, done)}" if r.notes and not r.codes else ""
        lines.append(f"- {r.requirement}{credit}{note}")
    if done_rows:
        lines.append("Already done: " + "; ".join(r.requirement for r in done_rows) + ".")
    for code, row, credit, why in filled:
        lines.append(f"Counted toward {row.requirement}: {code} ({_num(credit)} credits), {why}.")
    outside = [c for c in unplaced if c not in {code for code, _, _, _ in filled}]
    if outside:  # said as done, yet nowhere in this year: another year's course, or one ubcal cannot place
        lines.append(f"Not in {year}'s table, so not counted: {', '.join(outside)}.")
    if unknown:
        lines.append("The table gives no credit value ubcal could read for: " + "; ".join(unknown) +
                     ", so the total leaves them out.")
    said = said_of(q)
    named = [c for c in said if any(c in r.codes for r in left)]
    if named:
        lines.append("Kept on the list: " + "; ".join(f"{c} ({said[c]})" for c in named) + ".")
    derived = [_num(still), _num(total), _num(done_credits)] + [r.credits for r in left if r.credits] + counted \
        + [_num(credit) for _, _, credit, _ in filled] + split_electives
    return FactAnswer("program_left", "", "\n".join(lines), w.sources,
                      [c for r in left for c in r.codes], derived)


_ELECTIVE_ROW = ("electives", "elective", "elective credits")
_ELECTIVE_WHY = "since no row of the table names it; check with your advisor that it counts"
_GENERIC_ROW_WORDS = {"additional", "requirement", "requirements", "elective", "electives", "credits", "credit",
                      "course", "courses", "the", "of", "and", "or", "a", "an", "in", "for", "one", "two", "three"}


@dataclass(frozen=True)
class StudentWords:
    """The student's words and where each course stands in them: a row is placed by the words told beside
    its course, not by a word anywhere in the message."""
    text: str
    spans: dict[str, list[tuple[int, int]]]

    def _where(self) -> dict[str, list[tuple[int, int]]]:
        """Each course's places: the reader's spans, and the code as written ("ABCD 110") where they are not given."""
        where = {c: list(found) for c, found in self.spans.items()}
        for m in _CODE_RE.finditer(self.text):
            where.setdefault(m.group(0), []).append((m.start(), m.end()))
        return where

    def names_row_for(self, code: str, own: set[str]) -> bool:
        """Whether the row's own words ("communication") are told nearer ``code`` than any other course, in
        one sentence ("ENGL 112 for the comm requirement and PSYC 331 as an elective"), and not as still to do
        ("but I still need the comm requirement"). A word of four letters or more may be the start of one
        ("comm"); the letters of a code ("COMM 101") are no word of a row."""
        def names(w: str, o: str) -> bool:
            return w == o or (len(w) >= 4 and o.startswith(w))
        where = self._where()
        in_code = [span for found in where.values() for span in found]
        words = [(m.start(), m.group(0).lower()) for m in re.finditer(r"[A-Za-z]+", self.text)
                 if not any(a <= m.start() < b for a, b in in_code)]
        if not own or not all(any(names(w, o) for _, w in words) for o in own):
            return False
        for pos in (p for p, w in words if any(names(w, o) for o in own)):
            start = max(self.text.rfind(c, 0, pos) for c in ".;!?") + 1
            end = min((i for i in (self.text.find(c, pos) for c in ".;!?") if i >= 0), default=len(self.text))
            if _STILL_TO_DO_RE.search(self.text, max(start, pos - 30), pos):
                continue  # "I still need the comm requirement": the row is open, whatever course is near it
            near = [(min(abs(pos - a), abs(pos - b)), c) for c, found in where.items() for a, b in found
                    if start <= a < end]
            if near and min(near)[1] == code:
                return True
        return False


_CODE_RE = re.compile(r"\b([A-Z]{2,5}) (\d{3}[A-Z]?)\b")
# words before a row's name that keep it to do: "still need the comm requirement", "haven't done my electives"
_STILL_TO_DO_RE = re.compile(r"\b(?:need|needs|still|missing|owe|haven'?t|have\s+not|not|no|yet\s+to|left|remaining)\b",
                             re.IGNORECASE)
NO_ENTRY_CREDITS = 3.0  # a course with no calendar entry, said to fill a row: the credits of a usual course, said


def _fill_open_rows(unplaced: list[str], left: list[ProgramRow], told: StudentWords,
                    facts: FactStore) -> tuple[list[tuple[str, ProgramRow, float, str]], list[ProgramRow]]:
    """Done courses that no row of the year names, set against the open rows that name no course, the way
    a degree audit places them: the row the student's own words name ("WRDS 150 for the communication
    requirement"), else a row whose notes list the course, else a row of the course's subject and level
    ("PHYS 100-level"), else the year's electives. Each is said in the answer, so the student can check it.
    Returns (course, row, credits counted, why there) for each placed and the open rows with their credits
    reduced."""
    rows = list(left)
    filled = []
    for code in unplaced:
        credit = facts.courses[code].credits_min if code in facts.courses else None
        open_rows = [(i, r) for i, r in enumerate(rows) if not r.codes and (_credits(r, facts) or 0.0) > 0]
        named = [(i, r) for i, r in open_rows if (credit is None or (_credits(r, facts) or 0.0) >= credit)
                 and told.names_row_for(code, set(re.findall(r"[a-z]+", r.requirement.lower())) - _GENERIC_ROW_WORDS)]
        if not credit:  # no entry to give its credits: placed only where the student says it counts
            named = [(i, r) for i, r in named if r.requirement.strip().lower() not in _ELECTIVE_ROW]
            if not named:
                continue
            credit = min(NO_ENTRY_CREDITS, _credits(named[0][1], facts) or 0.0)
        fits = [(i, r) for i, r in open_rows if (_credits(r, facts) or 0.0) >= credit]
        listed = [(i, r) for i, r in open_rows if _notes_list(r, code)]
        levelled = [(i, r) for i, r in open_rows if _of_subject_and_level(r, code)]
        electives = [(i, r) for i, r in fits if r.requirement.strip().lower() in _ELECTIVE_ROW]
        ways = [(rows_, why) for rows_, why in ((named, "as you said"), (listed, "which the row's notes list"),
                                                (levelled, "a course of the subject and level it asks for"),
                                                (electives, _ELECTIVE_WHY)) if rows_]
        if not ways:
            continue
        (i, r), why = ways[0][0][0], ways[0][1]
        row_credits = _credits(r, facts) or 0.0
        counted = min(credit, row_credits)  # a 4-credit course fills a 3-credit "PHYS 100-level" row, no more
        filled.append((code, r, counted, why))
        if row_credits - counted > 0:
            rows[i] = replace(r, credits=_num(row_credits - counted))
        else:
            del rows[i]
    return filled, rows


_EXCLUDING_RE = re.compile(r"\b(?:exclud\w*|except|not\b|other than)", re.IGNORECASE)
# "PHYS 100-level", "EOSC or ATSC 100-level", "EOSC, ENVR, or ATSC courses numbered 200 or above"
_LEVEL_ROW_RE = re.compile(r"\b(?P<level>[1-4])00[- ]level\b|\bnumbered (?P<above>[1-4])00 or (?:above|higher)\b",
                           re.IGNORECASE)


def _note_sentences(notes: str) -> list[str]:
    """A row's notes, sentence by sentence."""
    return [t for t in re.split(r"(?<=[.;])\s+", (notes or "").strip()) if t]


def _notes_naming(r: ProgramRow, code: str) -> tuple[bool, bool]:
    """(the notes list the course, the notes leave it out: "excluding PHYS 100"), sentence by sentence."""
    naming = [t for t in _note_sentences(r.notes) if code in unique_codes(t)]
    return any(not _EXCLUDING_RE.search(t) for t in naming), any(_EXCLUDING_RE.search(t) for t in naming)


def _notes_list(r: ProgramRow, code: str) -> bool:
    """The row's notes name the course, and not in a sentence that leaves it out."""
    return _notes_naming(r, code)[0]


def _of_subject_and_level(r: ProgramRow, code: str) -> bool:
    """The row asks for courses of a subject at a level ("PHYS 100-level"), the course belongs among them, and
    the notes do not leave it out."""
    m = _LEVEL_ROW_RE.search(r.requirement)
    subject, _, number = code.partition(" ")
    if m is None or not number[:1].isdigit() or subject not in re.findall(r"\b[A-Z]{2,5}\b", r.requirement):
        return False
    level = int(number[0])
    fits = level == int(m["level"]) if m["level"] else level >= int(m["above"])
    return fits and not _notes_naming(r, code)[1]


_COUNT_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
_COUNT_OF_RE = re.compile(r"\s*(?:at least\s+)?(one|two|three|four|five|six|\d)\s+of\b", re.IGNORECASE)
NOTE_SENTENCES = 2  # sentences of an elective row's note shown; the table behind the citation has the rest


def courses_needed(r: ProgramRow) -> int | None:
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
    sentences = _note_sentences(notes)
    kept = [t for t in sentences if not set(unique_codes(t)) & done][:NOTE_SENTENCES]
    return " ".join(kept) + (" …" if len(kept) < len(sentences) else "")


def _is_choice(r: ProgramRow) -> bool:
    """"A or B", "One of A, B or C": the row is one choice. An "or" in brackets is one item's own alternative
    ("BIOL 200, 230, 233 (or 234), 260"): the row still asks for every item, and had been counted done
    once any of its courses was."""
    return re.search(r"\bor\b", re.sub(r"\([^()]*\)", " ", r.requirement), re.IGNORECASE) is not None


def _row_done(r: ProgramRow, done: set[str]) -> bool:
    """An "A or B" row is done with either, a "Two of A, B, C" or "At least one of A, B" row with that many; a
    row listing several courses ("A, B") only with all of them, an item with its alternatives in brackets
    ("233 (or 234)", "121 (or 111 or 141)") by any of them."""
    needed = courses_needed(r)
    if needed is not None:
        return sum(c in done for c in r.codes) >= needed
    pairs = _bracketed_alternatives(r)
    alternatives = {a for alts in pairs.values() for a in alts}
    return all(c in done or any(a in done for a in pairs.get(c, [])) for c in r.codes if c not in alternatives)


def _split_row(r: ProgramRow, done: set[str], facts: FactStore) -> tuple[float, ProgramRow]:
    """A row of several courses, part of it done: the done courses' credits (from their entries) and the
    row that is left, with the rest of its credits."""
    pairs = _bracketed_alternatives(r)  # "233 (or 234)": any one of them is the item, counted once
    items = {c: [c, *pairs.get(c, [])] for c in r.codes if c not in {a for alts in pairs.values() for a in alts}}
    counted = [next(c for c in item if c in done) for item in items.values() if any(c in done for c in item)]
    done_credits = sum(facts.courses[c].credits_min or 0.0 for c in counted if c in facts.courses)
    rest = [main for main, item in items.items() if not any(c in done for c in item)]
    shown = [f"{c} (or {' or '.join(pairs[c])})" if c in pairs else c for c in rest]
    rest += [a for c in rest for a in pairs.get(c, [])]
    whole = _credits(r, facts)
    left_credits = _num(whole - done_credits) if whole is not None else ""
    return done_credits, replace(r, requirement=", ".join(shown), codes=rest, credits=left_credits)


def one_option(r: ProgramRow, code: str) -> bool:
    """Whether the row lets a student do without ``code``: it asks for some of its courses, not all ("A or B",
    "Two of A, B, C"), or the course has an alternative in brackets or is one ("CHEM 121 (or 111 or 141)")."""
    needed = courses_needed(r)
    if needed is not None and needed < max(len(r.codes), _items_listed(r)):
        return True
    pairs = _bracketed_alternatives(r)
    return code in pairs or any(code in alts for alts in pairs.values())


def _items_listed(r: ProgramRow) -> int:
    """How many items a row's text lists, by its commas and "or"s: a code the build could not read ("One of
    ATSC 201, GEOS (or GEOB ) 200" holds only ATSC 201) is still an item, so the row is still a choice."""
    text = _COUNT_OF_RE.sub("", re.sub(r"\([^()]*\)", " ", r.requirement), count=1)
    return len([piece for piece in re.split(r",|\bor\b", text) if piece.strip()])


def _bracketed_alternatives(r: ProgramRow) -> dict[str, list[str]]:
    """{main: [alternatives]} for each "233 (or 234)" or "121 (or 111 or 141)" of a row, as codes of the row."""
    out = {}
    for m in re.finditer(r"(\d{3}[A-Z]?)\s*\(or\s+([^()]*)\)", r.requirement):
        main = next((c for c in r.codes if c.endswith(" " + m[1])), None)
        alts = [c for n in re.findall(r"\d{3}[A-Z]?", m[2]) for c in r.codes if c.endswith(" " + n) and c != main]
        if main and alts:
            out[main] = list(dict.fromkeys(alts))
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


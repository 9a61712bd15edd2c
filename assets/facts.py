"""Calendar facts: course facts, the requirement graph and program requirements, from parsed sections.

A course entry's description carries labelled sentences (``Prerequisite:``,
``Corequisite:``, ``Equivalency:``, ``Credit will be granted for only one of``,
``Restricted to``); a program page is a table per year (and term). Turning
them into rows at build time is what lets the query side answer "which
courses need X", "can I take Y" and "what is in year 2" exactly, as lookups,
instead of hoping a retrieved paragraph happens to state the answer.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field

import pyarrow as pa

from assets.parse import ParsedPage, Section
from assets.requirements import normalize_requirement, parse_requirement, split_notes, tree_codes, unparsed_parts
from rag.index.codes import KnownSubjects, unique_codes
from rag.index.restrictions import restriction_text

# "Recommended prerequisite:" is advice, not a label: it stays a note of the text around it
# "Pre-requisites:", "Co-requisite:" are the same labels hyphenated; "Pre- or co-requisite: A" asks A before or
# alongside, which is what a corequisite asks
_LABEL_RE = re.compile(r"(?<!recommended )(?<!recommend )(?<!recommended as )\b(Pre-?\s?requisites?|"
                       r"Pre-?\s+or\s+co-?\s?requisites?|Co-?\s?requisites?|Equivalenc(?:y|ies))\s*:", re.IGNORECASE)
# Every wording of a credit exclusion found in the 2026/27 snapshot (docs/answers.md lists them). A sentence with one
# of these cues and course codes excludes those codes; "A maximum of 6 credits" (a repeat limit) is not one.
EXCLUSION_CUES = (
    r"credits? (?:will|may|can|is|shall)?\s*(?:only\s+)?(?:be\s+)?(?:granted|given|obtained|applied|received|earned|"
    r"awarded|allowed)\s+(?:only\s+)?(?:for|to)\s+(?:only\s+)?(?:one|either)\b",
    r"students (?:who (?:obtain|have|receive|hold|have received|have obtained)|with) credit for\b[^.]*?\b(?:cannot|"
    r"may not|will not)\b[^.]*?\b(?:obtain|receive|get|be granted|be given) credit for\b",
    r"(?:receive|obtain|earn|get|be granted) credit for only one of",
    r"credit (?:will|can|may|shall) not be (?:granted|given|obtained|received|awarded) for both",
    r"credit cannot be (?:granted|given|obtained|received|awarded) for both",
    r"not for (?:credit for )?students (?:with|who have|who hold|who have received) (?:credit|taken|completed)",
    r"not (?:open|available) (?:for credit )?to students (?:with|who have) (?:credit|completed|taken)",
    r"students who have (?:received |obtained |previously received )?credit for\b[^.]*?\b(?:may not|cannot|will not|"
    r"are not)",
    r"may not be taken for credit by",
    r"credit-excluded with",
    r"credit will be granted for (?:[A-Z]{2,5}(?:_V)? ?\d{3}[A-Z]?)\s+or\b",
)
_EXCLUSION_CUE_RE = re.compile("|".join(EXCLUSION_CUES), re.IGNORECASE)
_REPEAT_LIMIT_RE = re.compile(r"\bany combination\b", re.IGNORECASE)
_SENTENCE_END_RE = re.compile(r"\.(?=\s|$)")  # a full stop that ends a sentence ("1.5 credits" does not)


def exclusion_sentences(text: str) -> list[tuple[int, str]]:
    """(start, sentence) of each sentence holding an exclusion cue. Found by the cue first and widened to
    its sentence, so the scan is linear in the text (a sentence-shaped regex backtracked for seconds)."""
    found: list[tuple[int, str]] = []
    end = -1
    for m in _EXCLUSION_CUE_RE.finditer(text):
        if m.start() < end:
            continue  # a second cue in a sentence already taken
        start = text.rfind(".", 0, m.start()) + 1
        stop = _SENTENCE_END_RE.search(text, m.end())
        end = stop.end() if stop else len(text)
        if _REPEAT_LIMIT_RE.search(text[start:end]):
            continue  # "12 credits ... for either one of or any combination of A, B": a cap, both may count
        found.append((start, text[start:end]))
    return found
_ROW_RE = re.compile(r"^- (?P<name>.*?)(?: \((?P<credits>[\d.]+(?:\s*[-–]\s*[\d.]+)?) credits\))?"
                     r"(?:\. (?P<rest>(?:Notes|[A-Z][a-z]+): .*))?$")
_YEAR_RE = re.compile(r"\bYear\s+(?P<year>\d)(?:\s*,\s*Term\s+(?P<term>\d))?", re.IGNORECASE)

COURSE_FACTS_SCHEMA = pa.schema([
    ("code", pa.string()), ("subject", pa.string()), ("number", pa.string()), ("level", pa.int32()),
    ("title", pa.string()), ("credits", pa.string()), ("credits_min", pa.float32()), ("credits_max", pa.float32()),
    ("url", pa.string()), ("anchor", pa.string()), ("heading", pa.string()), ("text", pa.string()),
    ("prerequisite", pa.string()), ("prerequisite_tree", pa.string()), ("prerequisite_parsed", pa.bool_()),
    ("prerequisite_unparsed", pa.list_(pa.string())), ("prerequisite_notes", pa.list_(pa.string())),
    ("corequisite", pa.string()), ("corequisite_tree", pa.string()), ("exclusion", pa.string()),
    ("excluded_with", pa.list_(pa.string())), ("equivalency", pa.string()), ("equivalent_to", pa.list_(pa.string())),
    ("restriction", pa.string()),
])
EDGES_SCHEMA = pa.schema([
    ("source", pa.string()), ("target", pa.string()), ("kind", pa.string()), ("parsed", pa.bool_()),
])
PROGRAM_SCHEMA = pa.schema([
    ("program", pa.string()), ("url", pa.string()), ("anchor", pa.string()), ("section", pa.string()),
    ("year", pa.int32()), ("term", pa.int32()), ("row", pa.int32()), ("requirement", pa.string()),
    ("codes", pa.list_(pa.string())), ("credits", pa.string()), ("notes", pa.string()),
])


@dataclass
class CalendarFacts:
    courses: pa.Table
    edges: pa.Table
    programs: pa.Table
    unparsed_examples: list[dict] = field(default_factory=list)

    @property
    def prerequisite_sentences(self) -> int:
        return sum(1 for p in self.courses.column("prerequisite").to_pylist() if p)

    @property
    def prerequisite_parsed(self) -> int:
        return sum(1 for p, ok in zip(self.courses.column("prerequisite").to_pylist(),
                                      self.courses.column("prerequisite_parsed").to_pylist()) if p and ok)

    @property
    def coverage(self) -> float:
        """Share of prerequisite sentences parsed with no unparsed part (1.0 when there are none)."""
        total = self.prerequisite_sentences
        return self.prerequisite_parsed / total if total else 1.0


def labelled_sentences(text: str) -> dict[str, str]:
    """The text after each label, up to the next label: {'prerequisite': ..., 'corequisite': ..., ...}."""
    out: dict[str, str] = {}
    marks = list(_LABEL_RE.finditer(text))
    for m, nxt in zip(marks, marks[1:] + [None]):
        key = re.sub(r"[\s-]", "", m.group(1).lower())
        key = ("corequisite" if key.startswith("preorco") or key.startswith("coreq") else
               "prerequisite" if key.startswith("prereq") else "equivalency")
        body = text[m.end(): nxt.start() if nxt else len(text)]
        cut = exclusion_sentences(body)
        body = body[:cut[0][0]] if cut else body
        out.setdefault(key, body.strip())
    return out


# an exclusion with two sides: what the student holds credit for, and what they then cannot get credit for;
# the courses of one side do not exclude each other ("credit for MECH 435 cannot also receive credit for
# BMEG 230 or BMEG 330" had made BMEG 230 and BMEG 330, a course and its prerequisite, exclude each other)
_TWO_SIDED_RE = re.compile(r"\bcredit for\b(?P<before>.*?)\b(?:cannot|may not|will not|are not)\b(?P<after>.*)|"
                           # "FNH 160 and 161 together are credit-excluded with BIOL 153 and 155"
                           r"^(?P<before2>.*?)\b(?:is|are)\s+(?:\w+\s+)?credit[- ]excluded\s+with\b(?P<after2>.*)",
                           re.IGNORECASE)


def excluded_by(sentence: str, code: str, subjects: list[str]) -> list[str]:
    """Codes an exclusion sentence excludes ``code`` with. Alternatives are separated by "or" and commas;
    courses joined by "and" or "both" form one alternative ("only one of PSYC 100 or PSYC 101 and 102",
    "either SPAN 203 or both SPAN 201, SPAN 202"), so the members of a group never exclude each other.
    A code in capitals of a subject the calendar no longer has ("only one of SOWK 453 or IHHS 407", the
    course's old code) is a course all the same: a student who took it under that code holds the credit."""
    sides = _TWO_SIDED_RE.search(sentence)
    if sides:  # "Students with credit for A cannot also receive credit for B or C": A against each of B, C
        before, after = (unique_codes(sides.group(n) or sides.group(n + "2"), subjects, strict=False)
                         for n in ("before", "after"))
        if code in before or code in after:
            return [c for c in (after if code in before else before) if c != code]
    groups: list[list[str]] = []
    grouping = re.search(r"\bor\b", sentence) is not None  # "only one of A and B": "and" lists, not groups
    for alternative in re.split(r"\s+or\s+", sentence):
        if grouping and re.search(r"\bboth\b|\band\b", alternative):
            groups.append(unique_codes(alternative, subjects, strict=False))
        else:
            groups += [[c] for c in unique_codes(alternative, subjects, strict=False)]
    mine = [g for g in groups if code in g]
    if not mine:  # the sentence does not name the course itself: every code it names
        return [c for g in groups for c in g if c != code]
    return [c for g in groups if code not in g for c in g if c not in mine[0]]


def _credit_range(credits: str) -> tuple[float | None, float | None]:
    nums = [float(n) for n in re.findall(r"\d+(?:\.\d+)?", credits or "")]
    return (min(nums), max(nums)) if nums else (None, None)


def course_facts(section: Section, subjects: list[str]) -> dict:
    """One row of the course facts table for one course section."""
    text = section.text
    sentences = labelled_sentences(text)
    pre_raw = sentences.get("prerequisite", "")
    pre_text, notes = split_notes(pre_raw)
    tree = parse_requirement(pre_text, subjects) if normalize_requirement(pre_text) else None
    unparsed = unparsed_parts(tree) if tree else []
    co_text, _ = split_notes(sentences.get("corequisite", ""))
    co_tree = parse_requirement(co_text, subjects) if co_text else None
    exclusions = [sentence.strip() for _, sentence in exclusion_sentences(text)
                  if unique_codes(sentence, subjects, strict=True)]
    excluded = list(dict.fromkeys(c for e in exclusions for c in excluded_by(e, section.course_code, subjects)))
    equivalency = sentences.get("equivalency", "")
    restriction = restriction_text(text)
    low, high = _credit_range(section.credits)
    return {
        "code": section.course_code, "subject": section.subject, "number": section.number,
        "level": int(section.number[0]) if section.number[:1].isdigit() else 0,
        "title": section.course_title, "credits": section.credits, "credits_min": low, "credits_max": high,
        "url": section.url, "anchor": section.anchor, "heading": section.heading, "text": text,
        "prerequisite": pre_raw, "prerequisite_tree": json.dumps(tree) if tree else "",
        # a sentence that only recommends ("X is recommended") requires nothing: parsed, no tree
        "prerequisite_parsed": not unparsed, "prerequisite_unparsed": unparsed,
        "prerequisite_notes": notes, "corequisite": sentences.get("corequisite", ""),
        "corequisite_tree": json.dumps(co_tree) if co_tree else "",
        "exclusion": " ".join(exclusions), "excluded_with": excluded,
        "equivalency": equivalency,
        "equivalent_to": [c for c in unique_codes(equivalency, subjects) if c != section.course_code],
        "restriction": restriction,
    }


def _edges(row: dict, subjects: list[str]) -> list[dict]:
    edges = []
    if row["prerequisite_tree"]:
        tree = json.loads(row["prerequisite_tree"])
        parsed_codes = tree_codes(tree)
        for code in parsed_codes:
            edges.append({"source": row["code"], "target": code, "kind": "prerequisite", "parsed": True})
        # codes only inside text the parser could not read: kept, flagged as not parsed
        for text in row["prerequisite_unparsed"]:
            for code in unique_codes(text, subjects, strict=True):
                if code not in parsed_codes:
                    edges.append({"source": row["code"], "target": code, "kind": "prerequisite", "parsed": False})
    if row["corequisite_tree"]:
        for code in tree_codes(json.loads(row["corequisite_tree"])):
            edges.append({"source": row["code"], "target": code, "kind": "corequisite", "parsed": True})
    for code in row["excluded_with"]:
        edges.append({"source": row["code"], "target": code, "kind": "exclusion", "parsed": True})
    for code in row["equivalent_to"]:
        edges.append({"source": row["code"], "target": code, "kind": "equivalent", "parsed": True})
    return [e for e in edges if e["target"] != e["source"]]


def _program_rows(page: ParsedPage, section: Section, subjects: list[str]) -> list[dict]:
    year = _YEAR_RE.search(section.heading)
    rows = []
    for line in section.text.splitlines():
        m = _ROW_RE.match(line.strip())
        if not line.startswith("- ") or not m:
            continue
        name = m["name"]
        rows.append({
            "program": page.title, "url": section.url, "anchor": section.anchor, "section": section.heading,
            "year": int(year["year"]) if year else 0, "term": int(year["term"]) if year and year["term"] else 0,
            "row": len(rows), "requirement": name,
            "codes": unique_codes(name, subjects, strict=True), "credits": m["credits"] or "",
            "notes": (m["rest"] or "").removeprefix("Notes: "),
        })
    return rows


@dataclass
class PageFacts:
    """One page's fact rows: a pure function of the page's sections and the calendar's subject codes,
    so an unchanged page's rows can be taken from the previous version instead of parsed again."""
    courses: list[dict] = field(default_factory=list)
    programs: list[dict] = field(default_factory=list)


def page_facts(page: ParsedPage, subjects: list[str]) -> PageFacts:
    facts = PageFacts()
    for section in page.sections:
        if section.kind == "course" and section.course_code:
            facts.courses.append(course_facts(section, subjects))
        elif section.kind == "program":
            facts.programs += _program_rows(page, section, subjects)
    return facts


def extract_facts(pages: list[ParsedPage], subjects: list[str],
                  reused: Mapping[str, PageFacts] | None = None) -> CalendarFacts:
    """All facts of a parsed calendar. Malformed text yields unparsed leaves, never an exception.

    ``reused`` holds rows for pages known to be unchanged (same bytes, parser, build code and
    subject codes); every other page is parsed. Edges and examples are derived from the rows either
    way, so the tables equal a build from scratch (a test compares them)."""
    reused = reused or {}
    subjects = KnownSubjects.of(subjects)
    course_rows, edges, program_rows, examples = [], [], [], []
    for page in pages:
        facts = reused.get(page.url)
        if facts is None:
            facts = page_facts(page, subjects)
        for row in facts.courses:
            course_rows.append(row)
            edges += _edges(row, subjects)
            if row["prerequisite"] and not row["prerequisite_parsed"]:
                examples.append({"code": row["code"], "unparsed": row["prerequisite_unparsed"][:2],
                                 "prerequisite": row["prerequisite"][:300]})
        program_rows += facts.programs
    return CalendarFacts(
        courses=pa.Table.from_pylist(course_rows, schema=COURSE_FACTS_SCHEMA),
        edges=pa.Table.from_pylist(edges, schema=EDGES_SCHEMA),
        programs=pa.Table.from_pylist(program_rows, schema=PROGRAM_SCHEMA),
        unparsed_examples=examples)


def subjects_of(pages: list[ParsedPage]) -> list[str]:
    return sorted({s.subject for p in pages for s in p.sections if s.kind == "course" and s.subject})


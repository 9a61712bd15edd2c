"""Parse a calendar requirement sentence ("One of CPSC 210, CPEN 221 and either (a) ... or (b) ...")
into an expression tree.

The calendar writes prerequisites in a small, regular English: ``One of``,
``All of``, ``Two of``, ``Either (a) ... or (b) ...``, lists joined by commas,
``and`` and ``or``, plus conditions that are not courses (year standing, a
score in a course, permission, admission to a program, credits in a subject).
Eligibility answers and the "which courses need X" graph are only as good as
this tree, so the parser is conservative: a piece it cannot read with
certainty becomes an ``unparsed`` leaf that keeps its text, and the sentence
is counted as not fully parsed. Nothing is guessed or dropped.

A node is a plain dict (it is stored as JSON in the facts table):
``{"op": "all" | "one" | "n_of", "n": int, "items": [...]}`` or a leaf
``{"op": "course", "code": ...}``, ``{"op": "score", "min": 68, "codes": [...], "text": ...}``,
``{"op": "coreq", "items": [...]}`` (may be taken at the same time), or a typed condition
``{"op": "standing" | "permission" | "program" | "credits" | "high_school" | "placement" | "other",
"text": ...}``, or ``{"op": "unparsed", "text": ...}``, or ``{"op": "ambiguous", "items": [courses], "text": ...}`` for a
list whose quantifier and joiner disagree ("One of A, B and C"): met when every course is done, failed
when none is, and otherwise "cannot tell".
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from rag.index.codes import find_codes
from rag.index.requirement_tree import YEAR_COMPLETED_RE, tree_codes, unparsed_parts  # noqa: F401  (re-exported for the build)

QUANTIFIERS = {"one": 1, "either": 1, "any": 1, "all": 0, "both": 0, "two": 2, "three": 3, "four": 4, "five": 5,
               "six": 6}
_QUANT_RE = re.compile(r"^(?P<q>one|all|both|two|three|four|five|six|any one|any)\s+of\s*(?:the following:?\s*)?(?P<rest>.*)$",
                       re.IGNORECASE | re.DOTALL)
_LABEL_RE = re.compile(r"(?:(?<=\s)|^|(?<=[;,.]))\(?(?P<label>[a-h])\)\s", re.IGNORECASE)
_CLAUSE_START = (r"(?:one of|all of|both of|two of|three of|either|a score|a grade|a minimum|score|grade|"
                 r"permission|consent|approval|admission|registration|enrol+ment|restricted|"
                 r"(?:first|second|third|fourth|fifth|1st|2nd|3rd|4th|5th)[- ]year|year \d|"
                 r"\d+ credits|at least|completion|a corequisite|corequisite)")
_AND_SPLIT_RE = re.compile(r",?\s+and\s+(?=" + _CLAUSE_START + r")", re.IGNORECASE)
_OR_SPLIT_RE = re.compile(r",?\s+or\s+(?=" + _CLAUSE_START + r")", re.IGNORECASE)
_COMMA_CLAUSE_RE = re.compile(r",\s*(?=(?:one|all|both|two) of\b)", re.IGNORECASE)
# "a score of 68% or higher in A", and the calendar's "Prerequisite grade requirement: 68% in A,B" (a few MATH
# entries), where the mark is asked of every course listed
_SCORE_RE = re.compile(
    r"^(?:(?P<each>prerequisite grade requirement:\s*)|"
    r"(?:a |an )?(?:minimum )?(?:overall |combined )?(?:score|grade|mark|average)s?\s+of\s+(?:at least\s+)?)"
    r"(?P<min>\d+)\s*%"
    r"(?:\s+or\s+(?:higher|better|above|more))?\s*(?:in|on)\s+(?P<rest>.+)$", re.IGNORECASE | re.DOTALL)
_COREQ_RE = re.compile(r"^(?:a\s+)?corequisite\s+of\s+(?P<rest>.+)$|^(?P<rest2>.+?)\s+as\s+a\s+corequisite$",
                       re.IGNORECASE | re.DOTALL)
_COMPLETION_RE = re.compile(r"^(?:successful\s+)?completion\s+of\s+(?P<rest>.+)$", re.IGNORECASE | re.DOTALL)
_HIGH_SCHOOL_RE = re.compile(
    r"^(?:BC\s+)?(?:(?:Principles of |Foundations of )?Mathematics|Pre-?calculus|Chemistry|Biology|Physics|"
    r"English(?: Studies)?|Anatomy and Physiology|[A-Z]{2,5})\s*1[12]\b", re.IGNORECASE)
_TYPED = (
    ("standing", re.compile(r"\bstanding\b|\b(?:first|second|third|fourth|fifth|1st|2nd|3rd|4th|5th)[- ]year\b|"
                            r"\byear [1-5]\b", re.IGNORECASE)),
    ("permission", re.compile(r"\bpermission\b|\bconsent\b|\bapproval\b|\bapproved\b|\binvitation\b|"
                              r"\binstructor\b", re.IGNORECASE)),
    ("program", re.compile(r"\badmission\b|\badmitted\b|\bregistration\b|\bregistered\b|\benrol+(?:ment|ed)\b|"
                           r"\brestricted to\b|\bstudents in\b|\bprogram\b|\bmajor\b|\bspecialization\b|"
                           r"\bdegree\b|\bB\.?Sc\b|\bBASc\b|\bB\.?A\b", re.IGNORECASE)),
    ("credits", re.compile(r"\b\d+\s+credits?\b", re.IGNORECASE)),
    ("placement", re.compile(r"\bplacement\b|\bassessment\b|\bexam(?:ination)?\b|\btest\b", re.IGNORECASE)),
    ("high_school", re.compile(r"\bhigh[- ]school\b|\bsecondary school\b|\bgrade 1[12]\b", re.IGNORECASE)),
)
NOTE_RE = re.compile(r"^Credit will be granted|not eligible for Credit/D/Fail|\brecommended\b|\bstrongly\b|"
                     r"\bencouraged\b", re.IGNORECASE)
_SENTENCE_SPLIT_RE = re.compile(r"(?<=[a-z0-9)\]%])\.\s+(?=[A-Z(0-9])")


def _code_leaf(text: str, subjects: Iterable[str] | None) -> dict | None:
    """A leaf when ``text`` is exactly one course code (nothing else of substance)."""
    codes = find_codes(text)
    if len(codes) != 1:
        return None
    code, start, end = codes[0]
    rest = (text[:start] + text[end:]).strip(" .,;:()")
    return {"op": "course", "code": code} if not rest else None


_HOURS_RE = re.compile(r"\[\d+(?:\.\d+)?\*?(?:\s*-\s*\d+(?:\.\d+)?\*?){1,2}\]")
_CREDIT_D_FAIL_RE = re.compile(r"This course is not eligible for Credit/D/Fail grading\.?", re.IGNORECASE)


_SPACED_CAMPUS_RE = re.compile(r"\b([A-Z]{2,5}) (_[A-Z]\b)")
# "BIOC402 A minimum standing of 65% is recommended.": a code run into the next sentence, its period lost
_RUN_ON_RE = re.compile(r"(\b[A-Z]{2,5}(?:_[A-Z])?\s?\d{3}[A-Z]?\]?)\s+(?=(?!(?:Or|And|Either|Both|Plus)\b)[A-Z](?:[a-z]|\s))")


_CODE_OR_NUMBER = r"(?:[A-Z]{2,5}(?:_[A-Z])?\s?)?\d{3}[A-Z]?"
_BRACKETED_OR_RE = re.compile(r"\s*\(or\s+(?P<inner>[A-Z]{2,5}(?:_[A-Z])?\s?\d{3}[A-Z]?(?:\s+or\s+" + _CODE_OR_NUMBER
                              + r")*)\)")


def _bracketed_alternatives(m: re.Match) -> str:
    """" or BIOC 202 or BIOC 203" for "(or BIOC_V 202 or 203)": a bare number takes the subject before it."""
    subject, out = "", []
    for part in re.split(r"\s+or\s+", m["inner"]):
        code = re.match(r"([A-Z]{2,5})(?:_[A-Z])?\s?(\d{3}[A-Z]?)$", part)
        subject = code[1] if code else subject
        out.append(f"{subject} {code[2] if code else part}")
    return " or " + " or ".join(out)


def normalize_requirement(text: str) -> str:
    """Undo the calendar's typing quirks that are not meaning: hours marks, brackets, 'Either(a)'."""
    text = _CREDIT_D_FAIL_RE.sub(" ", _HOURS_RE.sub(" ", text))
    text = _SPACED_CAMPUS_RE.sub(r"\1\2", text)  # "LATN _V 301" -> "LATN_V 301"
    text = re.sub(r"\[([A-Z]{2,5}(?:_[A-Z])?\s?\d{3}[A-Z]?)\]", r"\1", text)
    # "KIN 131 (or 190)": the old number of the same course, an alternative
    text = re.sub(r"\b([A-Z]{2,5})(?:_[A-Z])?\s?(\d{3}[A-Z]?)\s*\(or (\d{3}[A-Z]?)\)", r"\1 \2 or \1 \3", text)
    # "BIOL 201 (or BIOC 202 or 203)", "BIOL 180 (or BIOL 140)": other courses that may stand in its place
    text = _BRACKETED_OR_RE.sub(_bracketed_alternatives, text)
    text = re.sub(r"\b(either|of)\(", r"\1 (", text, flags=re.IGNORECASE)
    if re.search(r"\(i\).*\(ii\)", text):  # "All of (i) ...; (ii) ...": roman labels read as lettered ones
        text = _ROMAN_LABEL_RE.sub(lambda m: f"({_ROMAN_TO_LETTER[m[1].lower()]}) ", text)
    return re.sub(r"\s+", " ", text).strip()


_ROMAN_TO_LETTER = {"i": "a", "ii": "b", "iii": "c", "iv": "d", "v": "e", "vi": "f", "vii": "g", "viii": "h"}
_ROMAN_LABEL_RE = re.compile(r"(?:(?<=\s)|^|(?<=[;,.]))\((i{1,3}|iv|vi{0,3})\)\s", re.IGNORECASE)


_AND_EITHER_RE = re.compile(r"\s*(?:,\s*and|,|\s+and)\s+(?=either\b)", re.IGNORECASE)


def _strip(text: str) -> str:
    text = re.sub(r"\s+", " ", text).strip()
    while True:
        new = re.sub(r"^(?:and|or|,|;|\.)\s*|\s*(?:,|;|\.|\band\b|\bor\b)$", "", text,
                     flags=re.IGNORECASE).strip()
        if new.startswith("(") and new.endswith(")") and new.count("(") == 1:
            new = new[1:-1].strip()
        if new == text:
            return text
        text = new


_NEXT_LABEL_RE = re.compile(r"\s*(?:or\s+|and\s+)?\(?[b-h]\)\s", re.IGNORECASE)


def _split_top(text: str, pattern: re.Pattern, within_labels: bool = False) -> list[str]:
    """Split at ``pattern`` outside parentheses. Word joiners ('and one of') only split before the
    first lettered label (after it they belong to a labelled part); with ``within_labels``
    (semicolons, sentences) a cut anywhere counts unless the next lettered label follows it."""
    first_label = _LABEL_RE.search(text)
    limit = len(text) if within_labels or not first_label else first_label.start()
    parts, last, depth, cut = [], 0, 0, []
    depth_at = []
    for ch in text:
        depth += ch == "("
        depth -= ch == ")"
        depth_at.append(depth)
    for m in pattern.finditer(text):
        if m.start() >= limit:
            break
        if within_labels and _NEXT_LABEL_RE.match(text, m.end()):
            continue
        if depth_at[m.start()] == 0:
            cut.append(m)
    for m in cut:
        parts.append(text[last:m.start()])
        last = m.end()
    parts.append(text[last:])
    return [p for p in (_strip(p) for p in parts) if p]


def _labeled(text: str, subjects) -> dict | None:
    """``Either (a) X or (b) Y`` / ``All of (a) X, (b) Y``: lettered alternatives or parts."""
    labels = list(_LABEL_RE.finditer(text))
    if len(labels) < 2 or labels[0]["label"].lower() != "a":
        return None
    prefix = text[:labels[0].start()].strip().lower()
    if prefix and not re.fullmatch(r"(?:either|one of|all of|both of|two of|any of|)\s*:?", prefix):
        return None
    segments = [text[a.end():b.start()] for a, b in zip(labels, labels[1:])] + [text[labels[-1].end():]]
    joiners = [text[max(0, b.start() - 8):b.start()].lower() for b in labels[1:]]
    if prefix.startswith(("all", "both")):
        op, n = "all", 0
    elif prefix.startswith("two"):
        op, n = "n_of", 2
    elif prefix.startswith(("either", "one", "any")):
        op, n = "one", 1
    elif all(re.search(r"\bor\b", j) for j in joiners):
        op, n = "one", 1
    elif all(re.search(r"\band\b|;", j) for j in joiners):
        op, n = "all", 0
    else:
        return _labeled_and_either(segments, subjects)
    items = [parse_requirement(_strip(s), subjects) for s in segments if _strip(s)]
    return {"op": op, "n": n, "items": items}


def _labeled_and_either(segments: list[str], subjects) -> dict | None:
    """``(a) X, and either (b) Y or (c) Z``: the parts before "and either" are all needed, and the lettered
    parts from it on are alternatives (ELEC 371's prerequisite had been left unread)."""
    ends = [s.strip().lower() for s in segments[:-1]]  # the words that join each part to the next
    turn = next((k for k, e in enumerate(ends) if re.search(r"\band\s+either$", e)), None)
    if turn is None or not all(re.search(r"(?:\band|;|,)$", e) for e in ends[:turn]) \
            or not all(re.search(r"\bor$", e) for e in ends[turn + 1:]):
        return None
    def read(segment: str) -> dict:
        return parse_requirement(_strip(re.sub(r",?\s*(?:and\s+)?either\s*$", "", segment, flags=re.IGNORECASE)),
                                 subjects)
    either = {"op": "one", "n": 1, "items": [read(s) for s in segments[turn + 1:] if _strip(s)]}
    return {"op": "all", "n": 0, "items": [read(s) for s in segments[:turn + 1] if _strip(s)] + [either]}


def _list_items(text: str) -> tuple[list[str], str]:
    """Split a list of codes or conditions; returns the items and the joiner used (or / and / comma)."""
    # ("76% or higher", "the 200-level or above": an "or" that widens a number joins no two items)
    items = [i for i in (_strip(p) for p in re.split(r",\s*(?:or|and)?\s*|\s+or\s+(?!(?:higher|above|better|greater|later)\b)|"
                                                       r"\s+and\s+", text)) if i]
    subject = ""
    for n, item in enumerate(items):  # "ABCD 200, 210": a bare number shares the last subject
        codes = find_codes(item)
        if codes:
            subject = codes[-1][0].split()[0]
        elif subject and re.fullmatch(r"\d{3}[A-Za-z]?", item):
            items[n] = f"{subject} {item}"
    joiner = "or" if re.search(r"\bor\b", text) else "and" if re.search(r"\band\b", text) else "comma"
    if re.search(r"\bor\b", text) and re.search(r"\band\b", text):
        joiner = "mixed"
    return items, joiner


def _condition(text: str, subjects) -> dict:
    """A leaf that is not a bare code: score, corequisite, completion, or a typed condition."""
    m = _SCORE_RE.match(text)
    if m:
        rest = m["rest"]
        codes = [c for c, _, _ in find_codes(rest)]
        return {"op": "score", "min": int(m["min"]), "codes": codes, "text": text,
                "quant": "all" if m["each"] or re.match(r"(?:each|both|all) of", rest, re.IGNORECASE) else "one"}
    m = _COREQ_RE.match(text)
    if m:
        inner = parse_requirement(_strip(m["rest"] or m["rest2"]), subjects)
        return {"op": "coreq", "items": [inner], "text": text}
    if YEAR_COMPLETED_RE.match(text):  # "Completion of second year in ...": a standing, the year after it
        return {"op": "standing", "text": text}
    m = _COMPLETION_RE.match(text)
    if m:
        inner = parse_requirement(_strip(m["rest"]), subjects)
        if inner["op"] != "unparsed":
            return inner
    if _HIGH_SCHOOL_RE.match(text) and not find_codes(text):
        return {"op": "high_school", "text": text}
    codes = find_codes(text)
    for op, pattern in _TYPED:
        if pattern.search(text):
            if codes and op not in ("program", "standing"):
                break  # a condition that names courses in a way not understood: flag it
            return {"op": op, "text": text}
    # no course in it: a condition ubcal keeps as text and cannot check; with courses: not understood
    return {"op": "other", "text": text} if not codes else {"op": "unparsed", "text": text}


# a credit count that names courses only as its exceptions: "any 6 credits of PHIL ... (except PHIL 220, ...)"
_COUNT_START_RE = re.compile(r"^(?:any\s+|a minimum of\s+|at least\s+)?\d+(?:\.\d+)?\s+credits?\s+(?:of|in)\s+[^()]*?"
                             r"\(\s*(?:except|excluding|not including)\b[^()]*\)\s*\.?\s*$", re.IGNORECASE)


def parse_requirement(text: str, subjects: Iterable[str] | None = None) -> dict:
    """The expression tree of one requirement text (already cut to the requirement itself)."""
    text = _strip(normalize_requirement(text))
    if not text:
        return {"op": "unparsed", "text": ""}
    if not find_codes(text):
        return _condition(text, subjects)  # no course in it: one typed condition, however it is worded
    leaf = _code_leaf(text, subjects) or _code_leaf(re.sub(r"^either\s+", "", text, flags=re.IGNORECASE), subjects)
    if leaf:  # "either CHEM 154" (its "or ..." cut off by the split above it) is that course
        return leaf
    for pattern, op, within in ((re.compile(r"\s*;\s*(?=or\b)", re.IGNORECASE), "one", True),
                                (re.compile(r"\s*;\s*"), "all", True),
                                (re.compile(r"\.\s+(?=or\b)", re.IGNORECASE), "one", True),
                                (_SENTENCE_SPLIT_RE, "all", True)):
        parts = _split_top(text, pattern, within)
        if len(parts) > 1:
            return {"op": op, "n": 1 if op == "one" else 0, "items": [parse_requirement(p, subjects) for p in parts]}
    if _COUNT_START_RE.match(text):  # "any 6 credits of Philosophy ... (except A, B, C)": one count, not a list
        return {"op": "credits", "text": text}
    labeled = _labeled(text, subjects)
    if labeled:
        return labeled
    # "All of A and B, and either C or all of D, E": the "either ... or" is one part, its "or" binds inside it
    for pattern, op in ((_AND_EITHER_RE, "all"), (_OR_SPLIT_RE, "one"), (_AND_SPLIT_RE, "all"),
                        (_COMMA_CLAUSE_RE, "all")):
        parts = _split_top(text, pattern)
        if len(parts) > 1:
            return {"op": op, "n": 1 if op == "one" else 0, "items": [parse_requirement(p, subjects) for p in parts]}
    m = _QUANT_RE.match(text)
    if m:
        word = m["q"].lower().split()[-1]
        n = QUANTIFIERS[word]
        labeled = _labeled(m["rest"], subjects)
        if labeled:
            labeled["op"], labeled["n"] = ("all", 0) if n == 0 else ("one", 1) if n == 1 else ("n_of", n)
            return labeled
        op = "all" if n == 0 else "one" if n == 1 else "n_of"
        grouped = _comma_groups(m["rest"], subjects) if op != "one" else None
        if grouped:
            return {"op": op, "n": n, "items": grouped}
        items, joiner = _list_items(m["rest"])
        parsed = [parse_requirement(i, subjects) for i in items]
        if len(parsed) > 1 and all(p["op"] == "course" for p in parsed) and \
                ((op == "one" and joiner in ("and", "mixed")) or (op == "all" and joiner in ("or", "mixed"))):
            # "One of A, B and C": one of the three, or one of A/B plus C? The calendar does not say.
            return {"op": "ambiguous", "n": n, "items": parsed, "text": text}
        return {"op": op, "n": n, "items": parsed}
    either = re.match(r"^either\s+(?P<rest>.+)$", text, re.IGNORECASE | re.DOTALL)
    if either:
        items, joiner = _list_items(either["rest"])
        if joiner == "or" and len(items) > 1:
            return {"op": "one", "n": 1, "items": [parse_requirement(i, subjects) for i in items]}
    if find_codes(text) and not _SCORE_RE.match(text) \
            and not _COREQ_RE.match(text) and not _COMPLETION_RE.match(text):
        items, joiner = _list_items(text)
        leaves = [_code_leaf(i, subjects) for i in items]
        if len(items) > 1 and all(leaves) and joiner in ("or", "and"):
            return {"op": "one" if joiner == "or" else "all", "n": 1 if joiner == "or" else 0, "items": leaves}
        if len(items) > 1 and all(leaves) and joiner == "comma":
            # "COMM 327, COMM 425": no word says one or all; met only when all are done, failed when none is
            return {"op": "ambiguous", "n": 0, "items": leaves, "text": text}
        if len(items) > 1 and joiner in ("or", "and"):
            return {"op": "one" if joiner == "or" else "all", "n": 1 if joiner == "or" else 0,
                    "items": [parse_requirement(i, subjects) for i in items]}
    return _condition(text, subjects)


def _comma_groups(rest: str, subjects) -> list[dict] | None:
    """"All of A or B, C, D": commas separate the items and "or" joins inside one. Only when every
    comma item is a code or codes joined by a single "or"."""
    items = [i for i in (_strip(p) for p in re.split(r",\s*(?:and\s+)?", rest)) if i]
    if len(items) < 2 or not any(re.search(r"\bor\b", i) for i in items):
        return None
    out = []
    for item in items:
        alternatives = [a for a in (_strip(p) for p in re.split(r"\s+or\s+", item)) if a]
        leaves = [_code_leaf(a, subjects) for a in alternatives]
        if not all(leaves):
            return None
        out.append(leaves[0] if len(leaves) == 1 else {"op": "one", "n": 1, "items": leaves})
    return out


def split_notes(text: str) -> tuple[str, list[str]]:
    """Cut advice ("X is recommended", "not eligible for Credit/D/Fail") off a requirement text."""
    text = _CREDIT_D_FAIL_RE.sub(" ", _HOURS_RE.sub(" ", text))  # grading and hours notes are not sentences
    text = _RUN_ON_RE.sub(r"\1. ", _SPACED_CAMPUS_RE.sub(r"\1\2", text))
    sentences = [s.strip() for s in re.split(r"(?<=[.!?])\s+(?=[A-Z])", text) if s.strip()]
    kept, notes = [], []
    for s in sentences:
        if _GRADE_REQUIREMENT_RE.match(s):  # a minimum mark is a requirement, not advice ("68% in MATH321")
            s = re.sub(r",\s*", ", ", _RUN_TOGETHER_CODE_RE.sub(r"\1 \2", s))
        required, advice = _split_advice(s) if NOTE_RE.search(s) else (s, "")
        if required:
            kept.append(required)
        if advice:
            notes.append(advice)
    return " ".join(kept), notes


# advice inside a requirement's sentence: "KIN_V 320 (KIN_V 351 strongly recommended).", "3 credits of second year
# MICB_V (MICB_V 212 recommended).", "Minimum 2nd year standing, 3rd year standing recommended." The whole
# sentence had been read as a note, and the course answered "requires no course"
_ADVICE_BRACKET_RE = re.compile(r"\s*\(([^()]*\b(?:recommended|encouraged)\b[^()]*)\)")
_STANDING_THEN_ADVICE_RE = re.compile(r"^(?P<required>[^,;]*\bstanding\b[^,;]*)[,;]\s*(?P<advice>[^,;]*\b(?:recommended|"
                                      r"encouraged)\b[^,;]*)$", re.IGNORECASE)


def _split_advice(sentence: str) -> tuple[str, str]:
    """(the requirement, the advice) of a sentence holding a word of advice; ("", sentence) when it is all advice."""
    bracket = _ADVICE_BRACKET_RE.search(sentence)
    if bracket:
        rest = (sentence[:bracket.start()] + sentence[bracket.end():]).strip()
        if rest.strip(" .") and not NOTE_RE.search(rest):
            return rest, bracket.group(1).strip() + "."
    standing = _STANDING_THEN_ADVICE_RE.match(sentence.strip())
    if standing and not NOTE_RE.search(standing["required"]):
        return standing["required"].strip() + ".", standing["advice"].strip()
    return "", sentence


# "Prerequisite grade requirement: 68% in MATH322,MATH321." (the calendar's own sentence for a few MATH
# courses): the codes run together and were read as a note, so a 66 in MATH 321 answered "Yes" for MATH 418
_GRADE_REQUIREMENT_RE = re.compile(r"^Prerequisite grade requirement:\s*\d{1,3}\s*%\s+in\b", re.IGNORECASE)
_RUN_TOGETHER_CODE_RE = re.compile(r"\b([A-Z]{2,5})(\d{3}[A-Z]?)\b")

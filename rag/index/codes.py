"""Course codes: the one vocabulary students, the calendar and the index must agree on.

The calendar writes ``CPSC_V 221`` in headings and ``CPSC 221`` in prose;
students type ``cpsc221`` or ``Cpsc 221``. All of them normalize to
``CPSC 221``. Lower-case forms are only recognised for subjects the index
knows, so ordinary words followed by a number ("than 100") are never codes.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

# Heading of a course article: "CPSC_V 221 (4) Basic Algorithms ..." (credits may be a range).
COURSE_HEADING_RE = re.compile(
    r"^(?P<subject>[A-Z]{2,5})(?P<campus>_[A-Z])?\s+(?P<number>\d{3}[A-Z]?)\s*"
    r"\((?P<credits>\d+(?:\.\d+)?(?:\s*-\s*\d+(?:\.\d+)?)?)\)\s*(?P<title>.*)$"
)

# A code anywhere in text, any case, with or without space or campus suffix (the calendar also types
# "LATN _V 301"). A number followed by
# "-level" or "level" ("100-level courses", "PCTH 400 level courses") is a level, not a course.
_CODE_IN_TEXT_RE = re.compile(
    r"(?<![A-Za-z0-9])(?P<subject>[A-Za-z]{2,5})(?:\s?_(?P<campus>[A-Za-z]))?\s?(?P<number>\d{3}[A-Za-z]?)"
    r"(?![0-9]|-level|\s*-?\s*level)"
)
# The calendar abbreviates lists of one subject: "MATH 200, 220, 221", "MATH 100 or 102 (or 180 ...)",
# "CPSC 110 (or 103 and 107)", "MATH 221 (or 223), 215". After a code, a joiner and a bare number is
# another code of the same subject, unless the number is a score, a level or a credit count.
_CONTINUATION_RE = re.compile(
    r"\)?\s*(?:,\s*(?:or\s+|and\s+)?|\s+or\s+|\s+and\s+|\s*/\s*|\s*\(\s*(?:or\s+|and\s+)?)"
    r"(?P<number>\d{3}[A-Za-z]?)(?![0-9%]|-level|\s*-?\s*level|\s*(?:credits?|hours?)\b|\s*or (?:higher|above|better))"
)
# "STAT /MATH 302": a subject that shares the number of the code after the slash.
_SHARED_NUMBER_RE = re.compile(r"(?<![A-Za-z0-9])(?P<subject>[A-Z]{2,5})(?:_[A-Z])?\s*/\s*(?=[A-Z]{2,5}(?:_[A-Z])?\s?\d{3})")
# "GEOS (or GEOB ) 309": a subject and its former name in brackets share the number after them (a program
# table's way to name a renamed course); neither is a code by itself, since the bracket stands between.
_RENAMED_SUBJECT_RE = re.compile(r"(?<![A-Za-z0-9])(?P<subject>[A-Z]{2,5})\s*\(\s*or\s+(?P<former>[A-Z]{2,5})\s*\)"
                                 r"\s*(?P<number>\d{3}[A-Z]?)(?![0-9])")


class KnownSubjects(frozenset):
    """A calendar's subject codes in capitals, made once and passed where codes are found many times.

    ``find_codes`` takes any iterable of subjects and upper-cases it into a set; over a build that is
    about 250 subjects for each of some 20,000 calls, half a second of a one-page rebuild. A
    ``KnownSubjects`` is used as it is.
    """

    @classmethod
    def of(cls, subjects: Iterable[str]) -> "KnownSubjects":
        return subjects if isinstance(subjects, cls) else cls(s.upper() for s in subjects)


def normalize_code(subject: str, number: str) -> str:
    return f"{subject.upper()} {number.upper()}"


def code_token(code: str) -> str:
    """The single BM25 token a code becomes: ``CPSC 221`` -> ``cpsc221``."""
    return code.replace(" ", "").lower()


def _is_code_subject(subject: str, known: set[str] | None, strict: bool) -> bool:
    upper = subject.upper()
    if known is not None and upper in known:
        return True
    # capitals count as a code without a known subject list; with one, only when not strict
    return subject.isupper() and (known is None or not strict)


def find_codes(text: str, subjects: Iterable[str] | None = None,
               strict: bool = False) -> list[tuple[str, int, int]]:
    """Codes in ``text`` as (normalized code, start, end), in order of appearance.

    A code written in capitals counts (that is how the calendar writes them); other casings count
    only for ``subjects`` the calendar is known to have. With ``strict``, only known subjects count,
    so "an LSAT 160" is not a course: the build, BM25 and the guard read calendar text strictly;
    question parsing is not strict, so a made-up "QWRT 101" is still noticed (and declined).
    Abbreviated lists expand: "MATH 200, 220" yields MATH 200 and MATH 220 (the second spanning "220").
    """
    known = KnownSubjects.of(subjects) if subjects is not None else None
    found: list[tuple[str, int, int]] = []
    for m in _CODE_IN_TEXT_RE.finditer(text):
        if found and m.start() < found[-1][2]:
            continue  # inside an abbreviated list already read
        if not _is_code_subject(m["subject"], known, strict):
            continue
        subject = m["subject"].upper()
        found.append((normalize_code(subject, m["number"]), m.start(), m.end()))
        pos = m.end()
        while (more := _CONTINUATION_RE.match(text, pos)) is not None:
            found.append((normalize_code(subject, more["number"]), more.start("number"), more.end("number")))
            pos = more.end()
    for m in _SHARED_NUMBER_RE.finditer(text):
        if not _is_code_subject(m["subject"], known, strict):
            continue
        after = _CODE_IN_TEXT_RE.match(text, m.end())
        if after is not None:
            found.append((normalize_code(m["subject"], after["number"]), m.start(), m.start() + len(m["subject"])))
    for m in _RENAMED_SUBJECT_RE.finditer(text):
        subjects_named = [part for part in ("subject", "former") if _is_code_subject(m[part], known, strict)]
        found += [(normalize_code(m[part], m["number"]), m.start(part), m.end(part)) for part in subjects_named]
        pos = m.end()
        while (more := _CONTINUATION_RE.match(text, pos)) is not None:  # "GEOS (or GEOB ) 309, 370"
            found += [(normalize_code(m[part], more["number"]), more.start("number"), more.end("number"))
                      for part in subjects_named]
            pos = more.end()
    found.sort(key=lambda f: f[1])
    return found


def unique_codes(text: str, subjects: Iterable[str] | None = None, strict: bool = False) -> list[str]:
    seen: dict[str, None] = {}
    for code, _, _ in find_codes(text, subjects, strict):
        seen.setdefault(code, None)
    return list(seen)


def course_level(code: str) -> int | None:
    """Year level of a normalized code (``ECON 101`` -> 1); None for anything that is not a course."""
    if not code:
        return None
    _, _, number = code.partition(" ")
    return int(number[0]) if number[:1].isdigit() else None

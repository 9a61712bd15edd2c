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

# A code anywhere in text, any case, with or without space or campus suffix.
_CODE_IN_TEXT_RE = re.compile(
    r"(?<![A-Za-z0-9])(?P<subject>[A-Za-z]{2,5})(?:_(?P<campus>[A-Za-z]))?\s?(?P<number>\d{3}[A-Za-z]?)(?![0-9])"
)


def normalize_code(subject: str, number: str) -> str:
    return f"{subject.upper()} {number.upper()}"


def code_token(code: str) -> str:
    """The single BM25 token a code becomes: ``CPSC 221`` -> ``cpsc221``."""
    return code.replace(" ", "").lower()


def find_codes(text: str, subjects: Iterable[str] | None = None) -> list[tuple[str, int, int]]:
    """Codes in ``text`` as (normalized code, start, end), in order of appearance.

    A code written in capitals always counts (that is how the calendar writes
    them); other casings count only for ``subjects`` the calendar is known to have.
    """
    known = {s.upper() for s in subjects} if subjects is not None else None
    found = []
    for m in _CODE_IN_TEXT_RE.finditer(text):
        subject = m["subject"]
        upper = subject.upper()
        if not (subject.isupper() or (known is not None and upper in known)):
            continue
        found.append((normalize_code(upper, m["number"]), m.start(), m.end()))
    return found


def unique_codes(text: str, subjects: Iterable[str] | None = None) -> list[str]:
    seen: dict[str, None] = {}
    for code, _, _ in find_codes(text, subjects):
        seen.setdefault(code, None)
    return list(seen)

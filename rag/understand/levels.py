"""Year levels: what "intro", "first-year" or "graduate" means in a UBC course number.

The first digit of a UBC course number is its year level (ECON 101 is a
first-year course, ASTR 310 a third-year one, 500 and up are graduate
courses; the calendar's program pages speak of "100-level courses").
Students rarely name a level by number: they say "intro course",
"a first-year class" or "for complete beginners". Neither BM25 nor a small
sentence embedder links those words to a course number, so a question about
"an intro astronomy course" ranks ASTR 310 and the 500-level seminars above
ASTR 101. This module turns such wording into the set of levels it implies,
so retrieval can add one more ranking (courses at those levels, in fused
order) to Reciprocal Rank Fusion. It is a preference, not a filter: a course
at another level still ranks on its own merits.

Two kinds of wording are left out, because there the level describes
something other than the course sought: a level that describes students
("first-year science students") and questions about program requirements
("upper-level requirements for the mathematics major"), whose answers are
program pages, not courses.
"""

from __future__ import annotations

import re

# Wording -> the year levels (first digit of the course number) it implies.
_LEVEL_PATTERNS: tuple[tuple[re.Pattern, frozenset[int]], ...] = tuple(
    (re.compile(pattern, re.IGNORECASE), frozenset(levels))
    for pattern, levels in (
        (r"\b(?:intro|introductory|beginners?|beginner's|freshman|entry[- ]level)\b", {1}),
        (r"\b(?:first|1st)[- ]year\b", {1}),
        (r"\b(?:second|2nd)[- ]year\b|\bsophomore\b", {2}),
        (r"\b(?:third|3rd)[- ]year\b", {3}),
        (r"\b(?:fourth|4th)[- ]year\b", {4}),
        (r"\b(?:upper|senior)[- ](?:level|year|division)\b", {3, 4}),
        (r"\blower[- ](?:level|year|division)\b", {1, 2}),
        (r"\bgrad(?:uate)?[- ](?:level|course|courses|class|classes|seminar|seminars)\b", {5, 6}),
        (r"\b(?:master'?s|ph\.?d\.?|doctoral)[- ]level\b", {5, 6}),
    )
)
_NUMBERED_LEVEL_RE = re.compile(r"\b([1-6])00[- ]level\b", re.IGNORECASE)

# "first-year science students", "upper-year students": the level describes people, not a course.
_STUDENT_LEVEL_RE = re.compile(
    r"\b(?:(?:first|second|third|fourth|1st|2nd|3rd|4th)[- ]year|upper[- ]year|senior|freshman|sophomore)"
    r"(?:\s+[A-Za-z]+){0,2}?\s+students?\b",
    re.IGNORECASE,
)
_COURSE_NOUN_RE = re.compile(r"\b(?:course|courses|class|classes|seminar|seminars|lab|labs|lecture)\b",
                             re.IGNORECASE)
_PROGRAM_NOUN_RE = re.compile(
    r"\b(?:requirements?|major|minor|honours|honors|degree|program|programme|specialization|concentration)\b",
    re.IGNORECASE,
)


def levels_in_question(question: str) -> frozenset[int]:
    """The course year levels a question asks for; empty when its wording implies none."""
    if _PROGRAM_NOUN_RE.search(question) and not _COURSE_NOUN_RE.search(question):
        return frozenset()
    text = _STUDENT_LEVEL_RE.sub(" ", question)
    levels: set[int] = set()
    for pattern, implied in _LEVEL_PATTERNS:
        if pattern.search(text):
            levels |= implied
    levels |= {int(m.group(1)) for m in _NUMBERED_LEVEL_RE.finditer(text)}
    return frozenset(levels)

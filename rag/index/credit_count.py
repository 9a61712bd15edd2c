"""Credit-count conditions ("6 credits of 300-level VISA", "9 credits of PHIL at the 200-level or above",
"3 credits from one of A, B, C") checked against the credits of the courses a student says they have done.

A requirement tree keeps such a condition as its calendar words. Read here, it is met (YES) when the
student's completed courses of that subject and level add up to the credits asked, and not met (NO, on what
the student said: the closed world every course condition uses) when they do not. Anything the grammar
below does not read in full stays UNKNOWN: a subject named in words ubcal has no code for ("life science"),
an "additional" count that must not reuse courses counted elsewhere, an average no grade was given for.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

YES, NO, UNKNOWN = "yes", "no", "cannot tell"

_CODE = r"[A-Z]{2,5} \d{3}[A-Z]?"
_LEVEL_WORDS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "1st": 1, "2nd": 2, "3rd": 3, "4th": 4}
_HEAD_RE = re.compile(r"^\s*(?:a minimum of\s+|at least\s+|any\s+)?(?P<n>\d+(?:\.\d+)?)\s+credits?\s+"
                      r"(?:of|in|from)\s+(?:any\s+)?(?P<rest>.+?)\s*\.?\s*$", re.IGNORECASE)
_CODES_RE = re.compile(rf"^(?:one of\s+)?{_CODE}(?:\s*(?:,|,?\s*and|,?\s*or)\s*{_CODE})*$")
_AVERAGE_RE = re.compile(r"\s+with an average of (?:at least\s+)?(?P<avg>\d+)%$", re.IGNORECASE)
_LEVEL_BEFORE_RE = re.compile(r"^(?:(?P<num>[1-5])00[- ]level|(?P<upper>upper[- ]level)|"
                              r"(?P<word>first|second|third|fourth|1st|2nd|3rd|4th)[- ]year(?:[- ]level)?)\s+",
                              re.IGNORECASE)
_LEVEL_AFTER_RE = re.compile(r"\s+(?:at the (?P<num>[1-5])00[- ]?level(?P<up> or (?:above|higher))?|"
                             r"at the (?P<lo>[1-5])00-?\s*or\s*(?P<hi>[1-5])00-level|at any level|"
                             r"numbered (?P<num2>[1-5])00 or (?:above|higher))$", re.IGNORECASE)
_NOUN_RE = re.compile(r"\s+(?:courses?|coursework|credits?)$", re.IGNORECASE)
_EXCEPT_RE = re.compile(rf"\s*\(\s*(?:except|excluding|not including)\s+{_CODE}(?:\s*(?:,|,?\s*and|,?\s*or)\s*{_CODE})*\s*\)\s*$",
                        re.IGNORECASE)
_SUBJECT_JOIN_RE = re.compile(r"\s*(?:/|,|\bor\b|\band\b)\s*", re.IGNORECASE)


@dataclass(frozen=True)
class CreditCount:
    """One count: ``credits`` from courses of ``subjects`` (or from ``codes``) between two year levels."""
    credits: float
    subjects: frozenset[str] = frozenset()
    codes: frozenset[str] = frozenset()
    lowest: int = 0
    highest: int = 9
    average: float | None = None  # "with an average of at least 72%" over the courses counted
    excluded: frozenset[str] = frozenset()  # "(except PHIL 220, PHIL 222)": courses of the subject that do not count

    def within(self, other: "CreditCount") -> bool:
        """Whether every credit of this count (credits a student states, "9 credits of 300-level MATH") is a
        credit ``other`` counts: its subjects and its levels inside the other's."""
        return not self.codes and not other.codes and not other.excluded and bool(self.subjects) \
            and self.subjects <= other.subjects and other.lowest <= self.lowest and self.highest <= other.highest

    def overlaps(self, other: "CreditCount") -> bool:
        """Whether some credits of this count may be credits ``other`` counts (a subject and a level shared)."""
        return bool(self.subjects & other.subjects) and self.lowest <= other.highest and other.lowest <= self.highest

    def said(self) -> str:
        """The count in plain words: "9 credits of 300-level MATH", "6 credits of 200-level or higher PHIL/POLI"."""
        level = "" if (self.lowest, self.highest) == (0, 9) else f"{self.lowest}00-level " \
            if self.lowest == self.highest else f"{self.lowest}00-level or higher " if self.highest == 9 \
            else f"{self.lowest}00- to {self.highest}00-level "
        return f"{self.credits:g} credits of {level}{'/'.join(sorted(self.subjects or self.codes))}"

    def counts(self, code: str) -> bool:
        if self.codes:
            return code in self.codes
        subject, _, number = code.partition(" ")
        return code not in self.excluded and subject in self.subjects and number[:1].isdigit() and self.lowest <= int(number[0]) <= self.highest


def read_count(text: str, names: dict[str, str] | None = None) -> CreditCount | None:
    """The count a condition's words ask for, or None unless every word is read."""
    text = re.sub(r"\b([A-Z]{2,5})_V\b", r"\1", text or "")
    head = _HEAD_RE.match(text)
    if head is None:
        return None
    n, rest = float(head["n"]), head["rest"]
    excepted = _EXCEPT_RE.search(rest)  # "(except PHIL 220, PHIL 222)": named, and left out of the count
    excluded = frozenset(re.findall(_CODE, excepted.group())) if excepted else frozenset()
    if excepted:
        rest = rest[:excepted.start()].rstrip()
    average = _AVERAGE_RE.search(rest)
    if average:
        rest = rest[:average.start()]
    if _CODES_RE.match(rest):
        return CreditCount(n, codes=frozenset(re.findall(_CODE, rest)),
                           average=float(average["avg"]) if average else None)
    lowest, highest = 0, 9
    before = _LEVEL_BEFORE_RE.match(rest)
    if before:
        rest = rest[before.end():]
        level = int(before["num"]) if before["num"] else _LEVEL_WORDS.get((before["word"] or "").lower(), 0)
        lowest, highest = (3, 9) if before["upper"] else (level, level)
    rest = _NOUN_RE.sub("", rest)
    after = _LEVEL_AFTER_RE.search(rest)
    if after:
        if before:
            return None  # two level words: not a form the calendar uses
        rest = rest[:after.start()]
        if after["num"]:
            lowest, highest = int(after["num"]), 9 if after["up"] else int(after["num"])
        elif after["lo"]:
            lowest, highest = int(after["lo"]), int(after["hi"])
        elif after["num2"]:
            lowest, highest = int(after["num2"]), 9
    rest = _NOUN_RE.sub("", rest)
    subjects = set()
    for word in (w for w in _SUBJECT_JOIN_RE.split(rest) if w.strip()):
        code = word if re.fullmatch(r"[A-Z]{2,5}", word) else (names or {}).get(word.lower())
        if code is None:
            return None
        subjects.add(code)
    if not subjects:
        return None
    return CreditCount(n, frozenset(subjects), lowest=lowest, highest=highest,
                       average=float(average["avg"]) if average else None, excluded=excluded)


def count_met(count: CreditCount, history) -> str:
    """YES when the completed courses that count add up to the credits asked (and to the average, where one
    is asked, from grades the student gave); NO when they do not; UNKNOWN when a course that counts has no
    credit value, or an average is asked of courses with no stated grade."""
    credits: dict[str, float] = getattr(history, "credits", {})
    counted = sorted(c for c in history if count.counts(c))
    # credits the student states in words ("9 credits of 300-level MATH done") count where they lie inside
    # the count; they may hold the courses named too, so the larger of the two totals counts, never the sum
    stated = sum(b.credits for b in getattr(history, "stated_credits", ()) if b.within(count))
    if count.average is None and stated >= count.credits:
        return YES
    if any(c not in credits for c in counted):
        return UNKNOWN
    if max(sum(credits[c] for c in counted), stated) < count.credits:
        # stated credits that may or may not count ("6 credits of 300-level PHIL" against a count that excepts
        # PHIL 320, or counts 200-level and up with another subject) leave it open, not refused
        unsure = any(b.overlaps(count) and not b.within(count) for b in getattr(history, "stated_credits", ()))
        return UNKNOWN if unsure else NO
    if count.average is None:
        return YES
    scores = getattr(history, "scores", {})
    if not all(c in scores for c in counted):
        return UNKNOWN
    total = sum(credits[c] for c in counted)
    average = sum(scores[c] * credits[c] for c in counted) / total
    return YES if average >= count.average else NO

"""Draw a fixed, reproducible sample of prerequisite sentences for hand labelling.

Why this exists: the prerequisite parser (used to answer "Can this student take
<course>?") has to be scored against labels written by a person who read the
calendar wording, not against the parser's own idea of it. This script decides
*which* sentences get labelled, with a fixed seed, so the sample cannot be picked
to suit the parser and can be redrawn identically. The labels themselves live in
``tests/data/requisite_labels.jsonl`` and hold only course codes, student
histories (courses passed), a verdict and a short reason in our own words. No
calendar text is stored in the repository: the sentences are read at run time
from ``../shared/calendar/source/courses-2026-27.json``.

Prerequisite sentence: the text after "Prerequisite:" or "Prerequisites:" up to
the next "Corequisite(s):", "Equivalency:" or the end of the description,
whitespace stripped (the plural "Corequisites:" also ends it; in this edition
that changes no drawn code). Courses with a non-empty sentence are sorted by code
("SUBJ 123": the "_V" campus suffix dropped, upper case, one space) and 150 are
drawn with ``random.Random(20261201).sample``.

Verdict rules for a label (course, completed courses, verdict), judging the
prerequisite sentence only (corequisites are not part of it):

* ``yes``: every clause is a course requirement (course lists joined by
  and / or / one of / n of) and the courses passed satisfy it. A course that is
  only "recommended" is not a requirement. When a non-course route is only an
  alternative (a year-standing or permission route offered beside the course
  list) and the course route is fully met, the answer is ``yes``: nothing
  unknown remains. A credit count over a subject and level counts as a course
  requirement, checked against the credits of the courses passed.
* ``no``: the history clearly fails a course requirement and the sentence gives
  that requirement no non-course way round (permission, "or equivalent", year
  standing or program admission as an alternative, ...). A missing required
  course makes it ``no`` even when grade or standing clauses are also present.
* ``cannot tell``: the answer hangs on something a list of passed courses
  cannot show: a grade or score threshold, year standing, permission, program
  admission, "or equivalent", high-school courses, placement tests, a sentence
  cut short with an ellipsis, a course described by topic instead of by code,
  or and/or grouping that is genuinely ambiguous;
  also when the missing course has a non-course alternative, or when all courses
  are there but such a clause remains.

Usage: python scripts/sample_requisites.py [path/to/courses-2026-27.json]
Prints code and sentence for each sampled course (to the terminal only), then a
summary of the label file: sentences, labels and counts per verdict.
"""

from __future__ import annotations

import collections
import json
import random
import re
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DEFAULT_COURSES = REPO / ".." / "shared" / "calendar" / "source" / "courses-2026-27.json"
LABELS = REPO / "tests" / "data" / "requisite_labels.jsonl"
SEED = 20261201
N = 150

_START = re.compile(r"Prerequisites?:")
_STOP = re.compile(r"Corequisites?:|Equivalency:")
_CODE = re.compile(r"^\s*([A-Za-z]{2,4})(?:_[A-Za-z])?\s+(\d{3}[A-Za-z]?)\s*$")


def normalise_code(code: str) -> str:
    """'CPSC_V 221' / 'cpsc 221' -> 'CPSC 221'."""
    m = _CODE.match(code)
    if not m:
        return " ".join(code.split()).upper()
    return f"{m.group(1).upper()} {m.group(2).upper()}"


def prerequisite_sentence(description: str | None) -> str:
    """The text after the first 'Prerequisite(s):' up to the next
    'Corequisite(s):' / 'Equivalency:' or the end; '' when there is none."""
    if not description:
        return ""
    start = _START.search(description)
    if not start:
        return ""
    rest = description[start.end():]
    stop = _STOP.search(rest)
    if stop:
        rest = rest[: stop.start()]
    return rest.strip()


def sample(courses: list[dict], n: int = N, seed: int = SEED) -> list[tuple[str, str]]:
    """(code, sentence) for n courses drawn with a fixed seed from those with a
    prerequisite sentence, sorted by code before drawing."""
    pool = []
    for course in courses:
        sentence = prerequisite_sentence(course.get("description"))
        if sentence:
            pool.append((normalise_code(course["code"]), sentence))
    pool.sort()
    return random.Random(seed).sample(pool, n)


def _summary(drawn: list[tuple[str, str]]) -> None:
    print(f"\nsentences sampled: {len(drawn)}")
    if not LABELS.exists():
        print(f"no label file at {LABELS}")
        return
    rows = [json.loads(line) for line in LABELS.read_text().splitlines() if line.strip()]
    counts = collections.Counter(row["verdict"] for row in rows)
    codes = {row["code"] for row in rows}
    sampled = {code for code, _ in drawn}
    print(f"labels: {len(rows)} over {len(codes)} courses")
    for verdict in ("yes", "no", "cannot tell"):
        print(f"  {verdict}: {counts.get(verdict, 0)}")
    other = set(counts) - {"yes", "no", "cannot tell"}
    if other:
        print(f"  unexpected verdicts: {sorted(other)}")
    if codes != sampled:
        print(f"  labelled but not sampled: {sorted(codes - sampled)}")
        print(f"  sampled but not labelled: {sorted(sampled - codes)}")


def main(argv: list[str]) -> int:
    path = Path(argv[1]) if len(argv) > 1 else DEFAULT_COURSES
    courses = json.loads(path.read_text(encoding="utf-8"))
    drawn = sample(courses)
    for code, sentence in drawn:
        print(f"{code}\t{sentence}")
    _summary(drawn)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

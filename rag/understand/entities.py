"""Find the courses and programs a question names, and the codes the calendar lacks.

Retrieval pins named courses, the router counts entities, the agent checks
its sub-questions cover them, and the answerer declines on codes the calendar
does not have. All of that starts here, with no model involved.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from rag.index.codes import find_codes


@dataclass
class Entities:
    courses: list[str] = field(default_factory=list)          # in the calendar
    unknown_courses: list[str] = field(default_factory=list)  # code-shaped, not in the calendar
    programs: list[str] = field(default_factory=list)         # program page titles

    @property
    def count(self) -> int:
        return len(self.courses) + len(self.unknown_courses) + len(self.programs)


def program_pattern(title: str) -> re.Pattern:
    words = [re.escape(w) for w in re.findall(r"[A-Za-z0-9]+", title)]
    return re.compile(r"\b" + r"[\s,&-]+(?:and\s+)?".join(words) + r"\b", re.IGNORECASE)


class EntityFinder:
    def __init__(self, known_courses: set[str], subjects: list[str], program_titles: list[str]) -> None:
        self.known_courses = known_courses
        self.subjects = subjects
        # longest first, so "Computer Engineering" wins over "Engineering"-like prefixes
        self.programs = [(t, program_pattern(t)) for t in sorted(set(program_titles), key=len, reverse=True)]

    def find(self, question: str) -> Entities:
        found = Entities()
        for code, _, _ in find_codes(question, self.subjects):
            bucket = found.courses if code in self.known_courses else found.unknown_courses
            if code not in bucket:
                bucket.append(code)
        taken: list[tuple[int, int]] = []
        for title, pattern in self.programs:
            for m in pattern.finditer(question):
                if any(s < m.end() and m.start() < e for s, e in taken):
                    continue
                taken.append((m.start(), m.end()))
                if title not in found.programs:
                    found.programs.append(title)
        return found

    def spans(self, text: str) -> dict[str, list[tuple[int, int]]]:
        """Where each course code and program title stands in ``text`` (the agent cuts the others out)."""
        spans: dict[str, list[tuple[int, int]]] = {}
        for code, start, end in find_codes(text, self.subjects):
            spans.setdefault(code, []).append((start, end))
        for title, pattern in self.programs:
            for m in pattern.finditer(text):
                spans.setdefault(title, []).append((m.start(), m.end()))
        return spans

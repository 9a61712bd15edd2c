"""What every facts answer is made of: its cited sources, the answer itself, and the writer that numbers
citations in order of first use. Shared by each family of facts answers (requirements, programs, planning),
so a family can live in a module of its own."""

from __future__ import annotations

from dataclasses import dataclass, field

from rag.index.facts import CourseFact, FactStore, ProgramRow
from rag.index.requirement_tree import History, tree_codes
from rag.understand import Question


@dataclass
class Source:
    citation: str   # url#anchor
    title: str
    text: str       # what the guard checks the answer against


@dataclass
class FactAnswer:
    kind: str
    verdict: str
    text: str
    sources: list[Source] = field(default_factory=list)
    codes: list[str] = field(default_factory=list)
    derived: list[str] = field(default_factory=list)  # numbers computed from cited numbers (a credit total)
    # the reading answered, when the facts answered a reading of their own (two courses' relation read from
    # the calendar): the "Read as" line then says what was answered, not what the reader first made of it
    reading: Question | None = None


class Writer:
    """Collects cited sources and numbers them in order of first use."""

    def __init__(self) -> None:
        self.sources: list[Source] = []
        self._index: dict[str, int] = {}

    def cite(self, source: Source) -> str:
        key = f"{source.citation}|{source.title}"  # one address, two editions' entries: two sources
        if key not in self._index:
            self.sources.append(source)
            self._index[key] = len(self.sources)
        return f"[{self._index[key]}]"


def overall_verdict(verdicts: list[str]) -> str:
    """One verdict for an answer about several courses: theirs when all agree, else "cannot tell"."""
    return verdicts[0] if len(set(verdicts)) == 1 else "cannot tell"


def course_source(c: CourseFact) -> Source:
    return Source(c.citation, c.heading, f"{c.heading}\n{c.text}")


def program_source(rows: list[ProgramRow]) -> Source:
    first = rows[0]
    body = "\n".join(f"{r.requirement} ({r.credits} credits) {r.notes}" for r in rows)
    return Source(first.citation, f"{first.program} — {first.section}", f"{first.program}\n{first.section}\n{body}")


def quote(text: str) -> str:
    return f"\u201c{text.strip()}\u201d"


def label(c: CourseFact) -> str:
    return f"{c.code} ({c.title}, {c.credits} {'credit' if c.credits == '1' else 'credits'})"


def asked_course(q: Question, facts: FactStore) -> "tuple[CourseFact, Writer, str] | None":
    """The course a one-course question asks about, a writer, and the course's citation mark; None when
    the calendar has no such course (the question then goes on to retrieval)."""
    c = facts.courses.get(q.target)
    if c is None:
        return None
    w = Writer()
    return c, w, w.cite(course_source(c))


def two_courses(q: Question, facts: FactStore) -> tuple[CourseFact, CourseFact] | None:
    """The two courses a comparison or exclusion question names, when the calendar has both: the two it asks
    about when it names a third as history ("A and B both count? I haven't taken C")."""
    codes = q.targets if len(q.targets) == 2 else q.entities.courses
    if len(codes) != 2 or any(code not in facts.courses for code in codes):
        return None
    return facts.courses[codes[0]], facts.courses[codes[1]]


def cited_pair(q: Question, facts: FactStore) -> "tuple[CourseFact, CourseFact, Writer, str, str] | None":
    """The two courses of a pair question (``two_courses``), a writer, and each one's citation mark."""
    pair = two_courses(q, facts)
    if pair is None:
        return None
    a, b = pair
    w = Writer()
    return a, b, w, w.cite(course_source(a)), w.cite(course_source(b))


def said_history(q: Question, courses) -> History:
    """The courses given with what the student said of themselves: year, grades, the groups they are in and
    not in, a year not reached; what a requirement or a restriction is checked against."""
    return History(courses, q.standing, q.scores, tuple(q.entities.programs) + tuple(q.member_of), tuple(q.not_in),
                   below=q.standing_below)


def codes_of(tree: dict | None) -> list[str]:
    return tree_codes(tree) if tree else []


def names_course(facts: FactStore, goal: str, course: str) -> bool:
    """Whether ``goal``'s prerequisite or corequisite names ``course``."""
    c = facts.courses.get(goal)
    return c is not None and course in codes_of(c.prerequisite_tree) + codes_of(c.corequisite_tree)

"""Two courses in one term: "A and B together this term, allowed?", "is A alongside B ok?".

What decides it is how each course's requirements name the other, not the student's history: a
course the other requires as a prerequisite must come first (No); one named as a corequisite may come
alongside; one named as one option of a prerequisite leaves the pairing to another route (Cannot
tell); neither naming the other does not stand in the way (Yes, as far as the pair goes), and each
course's own prerequisites are shown beside it, since the question said nothing of them."""

from __future__ import annotations

import re

from rag.answer.fact_sources import FactAnswer, Writer, course_source, quote
from rag.index.codes import unique_codes
from rag.index.facts import CourseFact, FactStore
from rag.index.requirement_tree import NO, YES, describe, evaluate, required_course, tree_codes, without
from rag.understand import Question


def pair_of(q: Question) -> list[str]:
    """The two courses a same-term question puts together: the one asked about and the other named."""
    named = list(dict.fromkeys([*q.targets, *q.concurrent, *q.not_completed, *q.unclear]))
    return named if len(named) == 2 else []


def together(q: Question, facts: FactStore) -> FactAnswer | None:
    """Whether two courses may be taken in one term, by what each one's requirements say of the other."""
    pair = pair_of(q)
    if not pair or any(code not in facts.courses for code in pair):
        return None
    w = Writer()
    courses = [facts.courses[code] for code in pair]
    refs = {c.code: w.cite(course_source(c)) for c in courses}
    verdicts, lines = [], []
    for first, then in (courses, courses[::-1]):
        verdict, line = _names(then, first.code, refs[then.code])
        if line:
            verdicts.append(verdict)
            lines.append(line)
    described = [(c, text) for c in courses for text in _courses_in_words(c.prerequisite_tree)]
    if not lines and described:  # "A qualitative research methods course": the other may be that course
        c, text = described[0]
        other = next(x for x in pair if x != c.code)
        return FactAnswer("eligibility", "cannot tell", (
            f"Cannot tell: {c.code}'s prerequisite asks for {quote(text)}, which ubcal cannot match to a course: "
            f"if {other} is that course, it comes before {c.code}, not alongside it. {refs[c.code]}"), w.sources)
    if not lines:  # neither names the other
        verdicts = ["yes"]
        lines = [f"Yes, as far as these two go: neither {pair[0]} {refs[pair[0]]} nor {pair[1]} {refs[pair[1]]} "
                 f"names the other among its prerequisites, so one need not come before the other."]
    verdict = "no" if "no" in verdicts else "cannot tell" if "cannot tell" in verdicts else "yes"
    if verdict == "yes":  # the pairing is fine; what each asks besides still stands
        lines += ["Each still has its own prerequisites:"] + [f"{c.code}: {_own(c)} {refs[c.code]}" for c in courses]
        unmet = _own_unmet(q, facts, pair)
        if unmet is not None:  # A under way, B asked for that term: B's own prerequisite, unsaid
            verdict = "cannot tell"
            pairing = f"As for the two together: {lines[0][len('Yes: '):]}" if lines[0].startswith("Yes: ") else lines[0]
            lines[0] = (f"Only if you also meet {unmet.code}'s own prerequisite, {describe(unmet.prerequisite_tree)}, "
                        f"which you have not said you have. {pairing}")
    return FactAnswer("eligibility", verdict, "\n".join(lines), w.sources)


def _own_unmet(q: Question, facts: FactStore, pair: list[str]) -> CourseFact | None:
    """The course asked about, when the student told their own history (a course done, or the paired course
    under way now) and that history does not meet its own prerequisite: the pairing being allowed is then no "Yes"
    to taking it. A pair asked with no history told ("A and B in one term?") keeps the pairing's answer."""
    if not (q.completed or q.under_way) or q.target not in pair:
        return None
    c = facts.courses[q.target]
    if c.prerequisite_tree is None:
        return None
    have = set(q.completed) | set(q.under_way)  # a course under way alongside may be the asked one's corequisite
    met = evaluate(c.prerequisite_tree, have)
    # (a prerequisite that names the course under way in words ubcal keeps unread, "or be taking it concurrently",
    # said whether the two may share a term: the pairing's answer stands unless it is surely unmet)
    named_unread = bool(set(q.under_way) & set(unique_codes(c.prerequisite)))
    return c if met == NO or (met != YES and not named_unread) else None

# the calendar's words for a course that may come alongside rather than before
_ALONGSIDE_WORDS_RE = re.compile(r"\b(?:at\s+the\s+same\s+time|concurrently|simultaneously)\b", re.IGNORECASE)


# the calendar's sentence that keeps courses out of one term ("Not ... concurrently with any of the following:
# CHIN 441, 443, 444"), its list often in bare numbers after the first code
_NOT_CONCURRENT_RE = re.compile(r"[^.]*\b(?:not to be|cannot be|may not be|must not be)\s+taken\s+"
                                r"(?:concurrently|at\s+the\s+same\s+time|in\s+the\s+same\s+term)\b[^.]*\.?", re.IGNORECASE)
_CODE_OR_NUMBER_RE = re.compile(r"\b(?P<subject>[A-Z]{2,5})(?:_V)?\s+(?P<number>\d{3}[A-Z]?)\b(?![-\s]?level)|(?<![\d\w])(?P<bare>\d{3}[A-Z]?)\b(?![-\s]?level)")


_BELOW_LEVEL_RE = re.compile(r"\bany\s+(?P<subject>[A-Z]{2,5})(?:_V)?\s+courses?\s+(?:lower|below)\s+(?:than\s+)?"
                             r"(?:the\s+)?(?P<level>[1-6])00[-\s]?level", re.IGNORECASE)


def kept_apart(c: CourseFact, other: str) -> str:
    """The sentence of ``c``'s entry that keeps ``other`` out of its term, by code or by level ("Not ...
    concurrently with any CHIN courses lower than 400-level"), or ""."""
    codes, sentence = not_alongside(c)
    if other in codes:
        return sentence
    below = _BELOW_LEVEL_RE.search(sentence)
    subject, _, number = other.partition(" ")
    if below and subject == below["subject"].upper() and number[:1].isdigit() and int(number[0]) < int(below["level"]):
        return sentence
    return ""


def not_alongside(c: CourseFact) -> tuple[list[str], str]:
    """The courses ``c``'s entry says may not share its term, and the sentence saying so ([], "" for none)."""
    found = _NOT_CONCURRENT_RE.search(c.text or "")
    if found is None:
        return [], ""
    codes, subject = [], ""
    for m in _CODE_OR_NUMBER_RE.finditer(found.group(0)):
        if m["subject"]:
            subject = m["subject"]
            codes.append(f"{subject} {m['number']}")
        elif subject:  # "CHIN_V 441, 443": the numbers after a code are of its subject
            codes.append(f"{subject} {m['bare']}")
    return list(dict.fromkeys(codes)), found.group(0).strip()


def _names(c: CourseFact, other: str, ref: str) -> tuple[str, str]:
    """How ``c``'s requirements name ``other``: (verdict, the line saying so), or ("", "") for not at all."""
    sentence = kept_apart(c, other)
    if sentence:
        return "no", f"No: {c.code}'s entry keeps {other} out of its term: {quote(sentence)} {ref}"
    prerequisite = c.prerequisite_tree
    if prerequisite is not None and other in tree_codes(prerequisite):
        need = required_course(prerequisite, other)
        rule = f"{c.code}'s prerequisite: {quote(c.prerequisite)} {ref}"
        if need == YES:
            return "no", f"No: {c.code} requires {other} before it, not alongside it. {rule}"
        if need == NO:
            return "cannot tell", (f"Cannot tell: {c.code} names {other} as one option of its prerequisite, to "
                                   f"be taken before it; taken alongside, {c.code} needs another route: "
                                   f"{describe(without(prerequisite, {other}) or prerequisite)}. {rule}")
        return "cannot tell", f"Cannot tell: ubcal cannot settle whether {c.code} requires {other} first. {rule}"
    if other in unique_codes(c.prerequisite):  # named in words the tree keeps as text ("3 credits of A")
        if _alongside_said_of(c, other):  # the calendar lets the two share a term
            return "yes", (f"Yes: {c.code}'s prerequisite lets {other} share its term: "
                           f"{quote(c.prerequisite)} {ref}")
        return "cannot tell", (f"Cannot tell: {c.code}'s prerequisite names {other} in words ubcal cannot read in "
                               f"full, so it may have to come first: {quote(c.prerequisite)} {ref}")
    corequisite = c.corequisite_tree
    if corequisite is not None and other in tree_codes(corequisite):
        return "yes", (f"Yes: {c.code} names {other} as a corequisite, which may be taken alongside it: "
                       f"{quote(c.corequisite)} {ref}")
    return "", ""


def _alongside_said_of(c: CourseFact, other: str) -> bool:
    """Whether the sentence of ``c``'s prerequisite that names ``other`` lets it share the term ("prior to or
    concurrently with"), and names no course but the two."""
    for sentence in re.split(r"(?<=[.;])\s+", c.prerequisite):
        if other in unique_codes(sentence):
            return _ALONGSIDE_WORDS_RE.search(sentence) is not None and set(unique_codes(sentence)) <= {other, c.code}
    return False


def _courses_in_words(tree: dict | None) -> list[str]:
    """The parts of a requirement that describe a course without naming it ("A qualitative research methods
    course", "a course in comparative vertebrate anatomy")."""
    if tree is None:
        return []
    if tree["op"] in ("other", "unparsed"):
        return [tree.get("text", "")] if _COURSE_WORD_RE.search(tree.get("text", "")) else []
    return [t for child in tree.get("items", []) for t in _courses_in_words(child)]


_COURSE_WORD_RE = re.compile(r"\bcourses?\b", re.IGNORECASE)


def _own(c: CourseFact) -> str:
    if not c.prerequisite.strip():
        return "no prerequisite listed."
    return f"prerequisite {quote(c.prerequisite)}"

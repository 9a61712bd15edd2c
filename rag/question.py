"""Understand a question once: what it names (courses, programs, levels, years) and what it asks.

Every later step (routing, the facts answer, retrieval, the agent) reads this
one object instead of re-running its own regular expressions over the text.
The intent is decided by wording cues plus what is named: "which courses
require CPSC 221" is a reverse lookup, "can I take CPSC 310 if I have CPSC
210" an eligibility check, "credit for both X and Y" an exclusion question.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from rag.codes import find_codes
from rag.entities import Entities, EntityFinder
from rag.levels import levels_in_question

# Intents answered from the calendar's facts, in the order they are tried.
REVERSE_RE = re.compile(
    r"\bwhich (?:courses?|classes) (?:require|need|list|have|use|ask for)|\bwhat (?:courses?|classes) "
    r"(?:require|need|list|have)|\bprerequisite (?:for|of|to) (?:which|what)|\bcourses? (?:that|which) "
    r"(?:require|need|list)|\bwhat requires\b|\bwhat can I take after\b|\bwhich require[sd]? it\b", re.IGNORECASE)
ELIGIBILITY_RE = re.compile(
    r"\b(?:can|could|may) I (?:take|register|enrol|enroll|get into|sign up)|\bam I (?:eligible|allowed|able|ready)|"
    r"\beligible (?:for|to)\b|\bqualif(?:y|ied) (?:for|to)\b|\ballowed to take\b", re.IGNORECASE)
COMPLETED_RE = re.compile(
    r"\b(?:I(?:'ve| have)?(?: already)? (?:completed|done|taken|finished|passed|took|did)|having "
    r"(?:completed|finished|taken|done|passed)|I have\b|\bafter\b|\bwith(?: only)?\b|\bwithout\b|\bdone\b)",
    re.IGNORECASE)
TARGET_BEFORE_RE = re.compile(
    r"(?:take|taking|register(?:ing)? (?:in|for)|enrol+(?:ing)?(?: in)?|eligible (?:for|to take)|qualify for|"
    r"get into|sign up for|ready for|allowed to take)\s+$", re.IGNORECASE)
EXCLUSION_RE = re.compile(
    r"credit for both|both\b.{0,60}\bfor credit|credit for\b.{0,40}\band\b|credit[- ]exclu|also get credit|"
    r"\bexcluded\b|\bexclusion\b|get credit for both|credit for each", re.IGNORECASE)
CREDIT_COMPARE_RE = re.compile(
    r"\b(?:more|fewer|less|most|least) credits?\b|\bworth more\b|\bworth less\b|\bcompare the credits\b|"
    r"\bwhich is more\b|\bmore credits than\b|\bcredits? than\b", re.IGNORECASE)
COMPARE_RE = re.compile(r"\b(?:compare|comparison|versus|vs\.?|difference|differ|different|same as|share|"
                        r"in common|which (?:one )?comes first|more advanced)\b", re.IGNORECASE)
COREQ_RE = re.compile(r"\bco-?req(?:uisite)?s?\b", re.IGNORECASE)
PREREQ_RE = re.compile(
    r"\bpre-?req(?:uisite)?s?\b|\bneed (?:anything )?(?:before|first|to take)\b|\brequired before\b|"
    r"\bneeded before\b|\brequirements? (?:for|of) (?:taking )?[A-Za-z]{2,5}\s?\d{3}|\bcourses do I need before\b",
    re.IGNORECASE)
CREDITS_RE = re.compile(r"\bhow many credits\b|\bcredit value\b|\bnumber of credits\b|\bcredits? (?:is|for|do|does|"
                        r"can)\b|\bworth\b|\b\w+-credit\b|\bcredits\?", re.IGNORECASE)
DESCRIBE_RE = re.compile(r"\bwhat (?:is|'s|are)\b|\bwhat's\b|\babout\b|\bcover|\bdescri|\btell me\b|\blearn\b|"
                         r"\bteach", re.IGNORECASE)
YEAR_RE = re.compile(r"\b(?:year|yr)\s*(?P<n>[1-9])\b|\b(?P<w>first|second|third|fourth|fifth|sixth|1st|2nd|3rd|4th|"
                     r"5th|6th)[- ]year\b|\b(?P<w2>first|second|third|fourth|fifth|final)\s+year\b", re.IGNORECASE)
TERM_RE = re.compile(r"\bterm\s*(?P<n>[1-3])\b|\b(?P<w>first|second|1st|2nd)\s+term\b", re.IGNORECASE)
PROGRAM_ASK_RE = re.compile(r"\brequire|\brequirement|\bprogram|\bspeciali[sz]ation|\bmajor\b|\bhonours\b|"
                            r"\bstudents take\b|\btake in\b|\bmake up\b|\bin (?:the )?(?:first|second|third|fourth|"
                            r"year)|\bcourses (?:are )?in\b|\bpart of\b|\bwhen do\b|\bwhich year\b|\bneed\b",
                            re.IGNORECASE)
# a course sought ("a course on X", "courses about X"), not a program's list of courses
COURSE_ASK_RE = re.compile(r"\b(?:course|class)\b|\b(?:courses|classes)\s+(?:on|about|covering|that cover|"
                           r"related to|dealing with)\b", re.IGNORECASE)
PROGRAM_WORDS_RE = re.compile(r"\brequire|\brequirement|\bprogram|\bspeciali[sz]ation|\bmajor\b", re.IGNORECASE)
WORDS = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4, "fifth": 5,
         "5th": 5, "sixth": 6, "6th": 6}

# Words of a question about the calendar. A question that names a discipline ("computer science") but
# none of these ("a good laptop for computer science?") is not about a course or a program.
CALENDAR_CUE_RE = re.compile(
    r"\b(?:course|class|program|programme|requirement|require|credit|prereq|prerequisite|co-?req|degree|major|"
    r"minor|honours|speciali[sz]ation|concentration|take|taking|enrol|enroll|register|year|term|grade|standing|"
    r"exam|polic|concession|graduat|admission|admit|transfer|withdraw|deadline|faculty|curriculum|lab|seminar|"
    r"study|studies|learn|teach|cover|syllabus|elective|calendar)", re.IGNORECASE)

FACT_INTENTS = ("reverse_prereq", "eligibility", "exclusion", "credit_compare", "compare", "coreq_of",
                "prereq_of", "credits", "program_course", "program_year", "program", "topic_level", "describe")


@dataclass
class Question:
    text: str
    entities: Entities
    intent: str = "none"
    target: str = ""                     # the course asked about
    completed: list[str] = field(default_factory=list)
    unknown_completed: list[str] = field(default_factory=list)
    year: int = 0
    term: int = 0
    levels: list[int] = field(default_factory=list)
    subjects: list[str] = field(default_factory=list)  # subjects a discipline word names ("biology" -> BIOL)
    reason: str = ""
    topic: str = ""  # for topic_level: the words that say what the course is about

    @property
    def off_calendar(self) -> bool:
        """Names a discipline but asks nothing about a course or program: decline, whatever matches it."""
        e = self.entities
        return (self.intent == "none" and bool(e.programs) and not e.courses and not e.unknown_courses
                and not CALENDAR_CUE_RE.search(self.text))

    @property
    def courses(self) -> list[str]:
        return self.entities.courses

    @property
    def program(self) -> str:
        return self.entities.programs[0] if self.entities.programs else ""

    def to_dict(self) -> dict:
        return {"intent": self.intent, "reason": self.reason, "target": self.target, "completed": self.completed,
                "unknown_completed": self.unknown_completed, "year": self.year, "term": self.term,
                "levels": self.levels, "subjects": self.subjects, "topic": self.topic,
                "courses": self.entities.courses,
                "unknown_courses": self.entities.unknown_courses, "programs": self.entities.programs}


def _year_term(text: str) -> tuple[int, int]:
    year = term = 0
    m = YEAR_RE.search(text)
    if m:
        word = (m["w"] or m["w2"] or "").lower()
        year = int(m["n"]) if m["n"] else WORDS.get(word, 4 if word == "final" else 0)
    t = TERM_RE.search(text)
    if t:
        term = int(t["n"]) if t["n"] else WORDS.get(t["w"].lower(), 0)
    return year, term


def _discipline_subjects(text: str, subjects: list[str]) -> list[str]:
    """Subjects a discipline word points at: 'biology' -> BIOL, 'philosophy' -> PHIL (prefix of the word)."""
    known = {s.upper() for s in subjects if len(s) >= 4}
    found = []
    for word in re.findall(r"[A-Za-z]{4,}", text):
        upper = word.upper()
        for size in (4, 5):
            if upper[:size] in known and upper[:size] not in found and len(upper) >= size:
                found.append(upper[:size])
    return found


# Words that say which level or kind of course is wanted, not what it is about.
_FRAME_RE = re.compile(
    r"\b(?:is|are|there|any|a|an|the|which|what|on|about|covers?|covering|teach(?:es)?|with|in|for|of|that|"
    r"course|courses|class|classes|first|second|third|fourth|1st|2nd|3rd|4th|year|level|intro|introductory|"
    r"beginners?|upper|lower|senior|graduate|undergraduate|[1-6]00-level|do|does|you|know|offer(?:ed)?)\b",
    re.IGNORECASE)


def _topic(text: str, subjects: list[str]) -> str:
    """What a topic question is about, once level, discipline and framing words are gone."""
    words = [w for w in re.findall(r"[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*", _FRAME_RE.sub(" ", text))
             if not any(w.upper().startswith(s) for s in subjects)]
    return " ".join(words) or text


def _eligibility_parts(text: str, finder: EntityFinder) -> tuple[str, list[str], list[str]]:
    """(target course, completed known courses, completed codes the calendar lacks)."""
    codes = find_codes(text, finder.subjects)
    target = ""
    for code, start, _ in codes:
        if TARGET_BEFORE_RE.search(text[max(0, start - 30):start]):
            target = code
            break
    if not target and codes:
        after = re.search(r"\bafter\b", text, re.IGNORECASE)
        before_after = [c for c, s, _ in codes if after is None or s < after.start()]
        target = before_after[0] if before_after else codes[-1][0]
    others = list(dict.fromkeys(c for c, _, _ in codes if c != target))
    known = [c for c in others if c in finder.known_courses]
    return target, known, [c for c in others if c not in finder.known_courses]


def understand(text: str, finder: EntityFinder) -> Question:
    """The one reading of a question that every later step uses."""
    entities = finder.find(text)
    q = Question(text=text, entities=entities, levels=sorted(levels_in_question(text)))
    q.year, q.term = _year_term(text)
    named = entities.courses + entities.unknown_courses
    courses = entities.courses
    if len(named) >= 1 and REVERSE_RE.search(text) and len(named) == 1:
        q.intent, q.target, q.reason = "reverse_prereq", named[0], "asks which courses require a course"
    elif len(named) == 2 and EXCLUSION_RE.search(text):  # "can I take X and Y and get credit for both"
        q.intent, q.target, q.reason = "exclusion", named[0], "asks about credit for both of two courses"
    elif named and ELIGIBILITY_RE.search(text) and (len(named) >= 2 or COMPLETED_RE.search(text)):
        q.target, q.completed, q.unknown_completed = _eligibility_parts(text, finder)
        q.intent, q.reason = "eligibility", "asks whether completed courses meet a course's prerequisites"
    elif len(named) == 2 and CREDIT_COMPARE_RE.search(text):
        q.intent, q.target, q.reason = "credit_compare", named[0], "compares the credits of two courses"
    elif len(named) == 2 and not entities.programs and COMPARE_RE.search(text):
        q.intent, q.target, q.reason = "compare", named[0], "compares two courses"
    elif len(courses) == 1 and entities.programs and not entities.unknown_courses:
        q.intent, q.target, q.reason = "program_course", courses[0], "asks whether a program lists a course"
    elif len(named) == 1 and COREQ_RE.search(text):
        q.intent, q.target, q.reason = "coreq_of", named[0], "asks for a course's corequisites"
    elif len(named) == 1 and PREREQ_RE.search(text):
        q.intent, q.target, q.reason = "prereq_of", named[0], "asks for a course's prerequisites"
    elif len(named) == 1 and CREDITS_RE.search(text):
        q.intent, q.target, q.reason = "credits", named[0], "asks for a course's credits"
    elif len(named) == 1 and not entities.programs and DESCRIBE_RE.search(text):
        q.intent, q.target, q.reason = "describe", named[0], "asks what a course is about"
    elif not named and len(entities.programs) == 1 and COURSE_ASK_RE.search(text) \
            and not PROGRAM_WORDS_RE.search(text):
        # "a first year biology course on genetics": the discipline word is not the program page
        q.subjects = _discipline_subjects(text, finder.subjects)
        q.topic = _topic(text, q.subjects)
        q.entities = Entities(courses=[], unknown_courses=[], programs=[])
        q.intent, q.reason = "topic_level", "asks for a course on a topic; the discipline word is not a program"
    elif not named and len(entities.programs) == 1 and (q.year or PROGRAM_ASK_RE.search(text)):
        q.intent = "program_year" if q.year else "program"
        q.reason = "asks for a program's requirements" + (f" in year {q.year}" if q.year else "")
    elif not named and not entities.programs and COURSE_ASK_RE.search(text) and q.levels \
            and not PROGRAM_WORDS_RE.search(text):
        q.subjects = _discipline_subjects(text, finder.subjects)
        q.topic = _topic(text, q.subjects)
        q.intent, q.reason = "topic_level", "asks for a course on a topic at a level"
    else:
        q.reason = "no fact intent recognised: retrieval and generation answer it"
    return q

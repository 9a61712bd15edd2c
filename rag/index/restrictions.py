"""Who may register: the calendar's restriction sentences of a course entry, found at build time and split
again at query time.

An entry may carry more than one ("Restricted to students with third-year standing or above. This course is
not open to students in the Major ... in Political Science."); an eligibility "Yes" has to meet every one, so
all are kept, joined in the order written, and ``restriction_sentences`` gives them back one by one.
"""

from __future__ import annotations

import re

_WHO_WORDS = r"(?:upper-division|upper-level|lower-level|undergraduate|graduate|all)"
# "Open to" some group, not to all ("Open to all UBC students") nor a case read on its own ("Open to students
# with a BC-equivalent mark ...", "Open to students outside the B.Mus. program")
_OPEN_TO_SOME = r"(?!all\b|any\b|everyone\b|students\s+with\b|students\s+outside\b)"
# who may register: "Restricted to ...", "Open only to Honours students", "Available only to students in the
# Faculty of ...", "Limited to students in second year", "Not available to MBA students". An eligibility "yes"
# must not pass over one of these ("limited to" counts only for students: "limited to a maximum of 12 credits")
RESTRICTION_RE = re.compile(r"\b(?:Restricted to|Not open to|Only open to|Open only to|Available only to|"
                             r"Only available to|Not available to|Limited to students|Reserved for|"
                             # a consent or a mark asked outside the prerequisite sentence: "Consent of Department
                             # required.", "Registration requires consent of the Department", "Open to students
                             # with a BC-equivalent mark of A (86%) in English 12"
                             r"Open to students with|Consent of (?:the\s+)?\w+(?:\s+\w+)?\s+(?:is\s+)?required|"
                             # "Open ordinarily to students in X with ... and permission of the department.",
                             # "Permission of the instructor is required."
                             r"Open ordinarily to|Permission of (?:the\s+)?[\w\s]{1,60}?\s+is\s+required|"
                             # "For Master of Management - Dual Degree Option students only."
                             r"For\s+(?:[\w.&'-]+\s+){1,8}?students\s+only\b|"
                             # "For students in the X Program (X) only.", "Course available to students enrolled in
                             # the X Program only.", "(Open to Medical and Dental students only.)"
                             r"(?:For|(?:Course\s+)?available\s+to)\s+students\s+(?:in|enrolled\s+in)\s+[^.;]{3,90}?\s+only\b|"
                             r"Open\s+to\s+(?:[\w.&'-]+\s+){1,6}?students\s+only\b|"
                             # "Open to students outside the B.Mus. program.": that program's students are shut out
                             r"Open\s+to\s+students\s+outside\s+|"
                             # "For students in the Co-operative Education Program.", "For students in fourth-year
                             # Honours." (not "For students new to ASL", "For students interested in ...")
                             rf"(?<![\w,] )For\s+(?:{_WHO_WORDS}\s+){{0,2}}students\s+(?:in|enrolled\s+in|admitted\s+to)\s+"
                             r"(?:the\s+)?(?:(?:first|second|third|fourth|fifth)[- ]year\s+)?(?-i:[A-Z])|"
                             # "Not for students with Biology 12 ... or enrolled in the Faculties of Science" (not
                             # "Not for students with credit for A", read as a credit exclusion)
                             r"Not\s+for\s+students\s+(?!with\s+credit\b)(?:with|in|enrolled\s+in)\s+|"
                             # "Open to third- and fourth-year chemistry students.", "Open to GRSJ majors or minors."
                             # (not "Open to all UBC students", "Also open to ...")
                             r"(?<![Aa]lso )\bOpen\s+to\s+" + _OPEN_TO_SOME + r"|"
                             # "Undergraduates may register with permission of the instructor": others let in
                             r"(?:Undergraduates?|Graduate\s+students|Others|Other\s+students|[A-Z][\w.-]*\s+students)\s+may\s+"
                             r"(?:also\s+)?(?:register|enrol+|be\s+admitted)\s+(?:\w+\s+){0,3}?(?:with|by)\s+(?:the\s+)?"
                             r"(?:permission|consent|approval)|"
                             r"(?:Registration|Admission|Enrolment)\s+(?:[\w\s]*?\s)?(?:requires|is by|by)\s+(?:the\s+)?"
                             r"(?:consent|permission)|Admission to the course is limited)"
                             # to the sentence's end: a stop inside "M.D.S." or before a lower-case word is not one,
                             # nor one that closes a degree's initials before a name ("M.A. ECON", "B.F.A. Acting")
                             r"(?:[^.]|\.(?=(?-i:[A-Z][a-z]{0,3}\.))|\.(?=\s+(?-i:[a-z(]))|"
                             r"(?:(?<=(?-i:\.[A-Z]))|(?<=(?-i:\.[A-Z][a-z]))|(?<=(?-i:\.[A-Z][a-z]{2})))\.(?=\s+"
                             r"(?!(?-i:Prerequisite|Corequisite|Equivalency|This|Credit|Students|Not|Open|Restricted|Consent|"
                             r"Registration|Enrolment|Admission|External)\b)(?-i:[A-Z])))*\.?",
                             re.IGNORECASE)
# a sentence about some sections only ("One section (3 credits) reserved for ...") leaves the others open; a
# section named elsewhere in the sentence ("Topics vary by section; Restricted to ...") does not
_SECTION_RE = re.compile(r"^(?:one|some|certain|several|a\s+few|two|three|\d+)\s+sections?\b", re.IGNORECASE)
# the words before a later restriction in its sentence that make it read as one ("This course is not open to"):
# a few plain words, never a label ("Prerequisite:") or a bracketed hours note
_LEAD_RE = re.compile(r"^(?:[A-Za-z]+\s+){1,4}$")


# "Open to non-heritage and heritage speakers": a group and everyone outside it, so no one is turned away
_BOTH_SIDES_RE = re.compile(r"^\W*Open\s+to\b.*\bnon-?\s*(\w+)\b.*\b\1\b|^\W*Open\s+to\b.*\b(\w+)\b.*\bnon-?\s*\2\b",
                            re.IGNORECASE)


# "For students in the B.Sc. program, this course counts toward ...": a clause about them, not who may register
_FOR_WITH_CLAUSE_RE = re.compile(r"^\W*For\s+[^,]*,", re.IGNORECASE)


def restriction_text(entry: str) -> str:
    """Every restriction sentence of a course entry, joined: the first as found (its words are what the
    answers quote), each later one from its sentence's start where only a few plain words lead to it."""
    found: list[str] = []
    for m in RESTRICTION_RE.finditer(entry or ""):
        start = entry.rfind(". ", 0, m.start())
        start = 0 if start < 0 else start + 2
        lead = entry[start:m.start()]
        if _SECTION_RE.match(lead) or _BOTH_SIDES_RE.search(m.group(0)) or _FOR_WITH_CLAUSE_RE.match(m.group(0)):
            continue
        sentence = m.group(0).strip()
        if sentence.count(")") > sentence.count("("):  # "(For non-Commerce students only)."
            sentence = "".join(sentence.rsplit(")", 1))
        if found and _LEAD_RE.match(lead):
            sentence = lead + sentence
        found.append(sentence)
    return " ".join(found)


# "For X students only" says what "Restricted to X students" says
_NON_RE = re.compile(r"non-?\s*", re.IGNORECASE)
# "Restricted to non-B.Kin. students only.": the group after "non-" is shut out
_TO_NON_RE = re.compile(r"^\s*(?:Restricted|Open only|Only open|Limited|Available only)\s+to\s+non-?\s*(?P<who>.+?)"
                        r"\s+students\b(?:\s+only\b)?", re.IGNORECASE)
_FOR_ONLY_RE = re.compile(r"^\s*\(?\s*For\s+(?P<who>.+?)\s+students\s+only\b\)?", re.IGNORECASE)
# "For students in the X only", "Course available to students enrolled in X only": who is admitted, after "in"
_IN_ONLY_RE = re.compile(r"^\s*\(?\s*(?:For|(?:Course\s+)?available\s+to)\s+students\s+(?P<in>in|enrolled\s+in)\s+"
                         r"(?P<who>.+?)\s+only\b\)?", re.IGNORECASE)
_OPEN_ONLY_RE = re.compile(r"^\s*\(?\s*Open\s+to\s+(?P<who>.+?)\s+students\s+only\b\)?", re.IGNORECASE)
# "For students in X." as "Restricted to students in X.", "Not for students enrolled in X" as "Not open to
# students in X", "Open to GRSJ majors" as "Restricted to GRSJ majors"
_FOR_IN_RE = re.compile(r"^\s*\(?\s*For\s+(?P<who>(?:[\w-]+\s+){0,2}students\s+(?:in|enrolled\s+in|admitted\s+to)\s)",
                        re.IGNORECASE)
_NOT_FOR_IN_RE = re.compile(r"^\s*\(?\s*Not\s+for\s+students\s+(?:in|enrolled\s+in)\s+", re.IGNORECASE)
_OPEN_TO_RE = re.compile(r"^\s*\(?\s*Open\s+to\s+" + _OPEN_TO_SOME,
                         re.IGNORECASE)
_OUTSIDE_RE = re.compile(r"^\s*\(?\s*Open\s+to\s+students\s+outside\s+(?:of\s+)?(?P<who>.+?)\s*\.?\s*\)?\s*$",
                         re.IGNORECASE)


def as_restricted_to(sentence: str) -> str:
    """A restriction worded "For X students only.", "For students in X only." or "Open to X students only." as
    "Restricted to X students.", the form the readers of who is admitted know, and "For non-X students only.",
    "Restricted to non-X students." or "Open to students outside X." as "Not open to students in X." (it shuts
    X out); any other sentence as it is."""
    def reworded(m: re.Match) -> str:
        who = m["who"]
        shut = _NON_RE.match(who)
        return f"Not open to students in {who[shut.end():]}" if shut else f"Restricted to {who} students"
    sentence = _TO_NON_RE.sub(lambda m: f"Not open to students in {m['who']}", sentence or "", count=1)
    sentence = _IN_ONLY_RE.sub(lambda m: f"Restricted to students {m['in']} {m['who']}", sentence, count=1)
    sentence = _OPEN_ONLY_RE.sub(reworded, sentence, count=1)
    sentence = _OUTSIDE_RE.sub(lambda m: f"Not open to students in {m['who']}.", sentence, count=1)
    sentence = _FOR_IN_RE.sub(r"Restricted to \g<who>", sentence, count=1)
    sentence = _NOT_FOR_IN_RE.sub("Not open to students in ", sentence, count=1)
    sentence = _OPEN_TO_RE.sub("Restricted to ", sentence, count=1)
    return _FOR_ONLY_RE.sub(reworded, sentence, count=1)


def restriction_sentences(restriction: str) -> list[str]:
    """The restriction sentences a stored restriction joins, each from its restriction words on ("not open
    to ..."); the whole text when none is found again."""
    parts = [m.group(0).strip() for m in RESTRICTION_RE.finditer(restriction or "")]
    return parts or ([restriction] if restriction else [])

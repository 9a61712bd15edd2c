"""Reading a parsed requirement tree: its codes, its words, and whether completed courses satisfy it.

The tree comes from the build (``assets.requirements``) as JSON. The query side
evaluates it with three values: satisfied, not satisfied, and cannot tell
(a grade, a standing, a permission ubcal has no way to check). "Cannot tell"
is an answer in its own right, never rounded to yes.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from rag.index.credit_count import count_met, read_count
from rag.index.restrictions import as_restricted_to, restriction_sentences

YES, NO, UNKNOWN = "yes", "no", "cannot tell"

_ORDINAL = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4,
            "fifth": 5, "5th": 5}
_N = r"(?:first|second|third|fourth|fifth|1st|2nd|3rd|4th|5th)"
_UP = r"(?P<up>\s*(?:,\s*)?or\s+(?:higher|above|beyond|greater|later))?"
# the whole condition is a year standing: "third-year standing or higher", "Restricted to students with
# second-year standing or higher.", "... with at least second year status", "Minimum 2nd year standing" (any
# further condition, "in a B.Sc." or "in the major", is left unchecked). A year standing is that year or later.
_STANDING_RE = re.compile(r"^\s*(?:and\s+)?(?:(?:restricted|limited) to (?:students (?:with|in|who have)\s+)?|requires?\s+)?"
                          rf"(?:at least\s+|(?:a\s+)?minimum(?:\s+of)?\s+)?(?:a\s+)?(?P<n>{_N})[- ]year (?:standing|status){_UP}"
                          r"(?:\s+(?:is\s+)?(?:required|needed))?\s*\.?\s*$", re.IGNORECASE)
# "second- or higher-year standing": the year written once, then "or higher" before the noun
_OR_HIGHER_YEAR_RE = re.compile(rf"(?P<n>{_N})-\s*or\s+(?:higher|above|later)[- ]year\s+(?P<what>standing|status)\b",
                                re.IGNORECASE)
# students of given years: "Limited to students in second year" (that year only), "Restricted to students
# of third and fourth years", "Open only to fourth-year students", "... in third year or above"
_YEARS_RE = re.compile(rf"^\s*(?:restricted|limited|open only|only open|available only)\s+to\s+"
                       rf"(?:students\s+(?:in|of)\s+(?:their\s+)?)?(?P<n>{_N})(?:[- ]year)?"
                       rf"(?:\s*-?\s*(?:-|and|or|to|,)\s*(?P<m>{_N}))?[- ]?(?:years?)?(?:\s+students)?{_UP}\s*\.?\s*$",
                       re.IGNORECASE)


# a year standing in a group, or worded otherwise: "Third year standing in Science", "third- or fourth-year
# standing", "3rd-year class standing or higher in Science", "Restricted to students in the BKIN program with
# third- or fourth-year standing", "At least third-year standing in any faculty" (a standing is that year or later)
_MORE = r"(?:or|and)\s+(?:higher|above|beyond|greater|later|up)"
_GROUP_STANDING_RE = re.compile(
    r"^\s*(?:and\s+)?(?:(?:restricted|limited|open only|only open|available only)\s+to\s+students\s+"
    r"(?:with|who have|(?:in|of|registered in|enrolled in)\s+(?:the\s+|a\s+|an\s+)?(?P<g1>(?:[^.;]|(?<=\b[A-Za-z])\.)+?)\s+with)\s+|"
    r"requires?\s+)?(?:at least\s+|(?:a\s+)?minimum(?:\s+of)?\s+)?(?:a\s+)?"
    rf"(?P<n>{_N})(?:[- ]year)?(?:\s*-?\s*(?:or|and|to|-)\s*(?P<m>{_N}))?[- ]?(?:year)?\s*(?:{_MORE}\s+)?"
    rf"(?:class\s+)?(?:standing|status)(?:\s*,?\s*{_MORE})?"
    r"(?:\s+in\s+(?:the\s+|a\s+|an\s+|any\s+)?(?P<g2>(?:[^.;]|(?<=\b[A-Za-z])\.)+?))?(?:\s+(?:is\s+)?(?:required|needed))?\s*\.?\s*$",
    re.IGNORECASE)
_CLASS_NUMBER_RE = re.compile(r"^\s*class standing (?P<d>[1-5])\s*\.?\s*$", re.IGNORECASE)
# a list of years, each a standing: "second-, third-, or fourth-year standing" (the first year or later)
_YEAR_LIST_RE = re.compile(rf"^\s*(?:restricted to students with\s+)?(?P<n>{_N})-?\s*,\s*(?:{_N}-?\s*,?\s*)*?(?:or|and)\s+"
                           rf"{_N}[- ]year (?:class\s+)?(?:standing|status)\s*\.?\s*$", re.IGNORECASE)
# one year of a group only: "Restricted to students in second year of the Integrated Engineering Program",
# "second year in a biology program"
_YEAR_OF_RE = re.compile(rf"^\s*(?:(?:restricted|limited|open only|only open|available only)\s+to\s+students\s+in\s+"
                         rf"(?:their\s+)?)?(?P<n>{_N})[- ]year\s+(?:of|in)\s+(?:the\s+|a\s+|an\s+|any\s+)?"
                         r"(?P<g>(?:[^.;]|(?<=\b[A-Za-z])\.)+?)\s*\.?\s*$", re.IGNORECASE)
# words that name no particular group: "in any faculty", "the ... Program"
_GROUP_FILLER = frozenset({"the", "a", "an", "any", "of", "in", "program", "programs", "programme", "faculty",
                           "student", "students", "degree", "major", "majors", "specialization", "bachelor",
                           "school", "department", "year", "yr"})


def standing_years(text: str) -> tuple[int, int] | None:
    """The years (first, last; last 0 = no limit) a condition that is only about year asks for; None
    when it says more than that ("... in the Faculty of Science") or is not about year at all."""
    found = standing_condition(text)
    return found[:2] if found and not found[2] else None


# "Completion of second year in a biology program": the year after the one completed, within the group
YEAR_COMPLETED_RE = re.compile(rf"^\s*(?:successful\s+)?completion\s+of\s+(?:the\s+)?(?P<n>{_N})[- ]year\b"
                               r"(?!\s*(?:[\w-]+\s+)?requirements?\b)(?:\s+(?:in|of)\s+(?:an?\s+|the\s+)?(?P<g>[^.;]+?))?\s*\.?\s*$",
                               re.IGNORECASE)


def standing_condition(text: str) -> tuple[int, int, list[str]] | None:
    """(first year, last year or 0 for no limit, groups admitted — any one of them, [] for anyone) of a
    condition that is a year standing, possibly within a group; None when it says anything else."""
    text = _OR_HIGHER_YEAR_RE.sub(r"\g<n>-year \g<what> or higher", text or "")  # "second- or higher-year standing"
    done = YEAR_COMPLETED_RE.match(text)
    if done:  # a year completed is the standing of the year after it
        return _ORDINAL[done["n"].lower()] + 1, 0, _groups(done["g"]) if done["g"] else []
    m = _STANDING_RE.match(text or "")
    if m:
        return _ORDINAL[m["n"].lower()], 0, []
    m = _YEARS_RE.match(text or "")
    if m:
        first = _ORDINAL[m["n"].lower()]
        last = _ORDINAL[m["m"].lower()] if m["m"] else first
        return first, (0 if m["up"] else last), []
    m = _CLASS_NUMBER_RE.match(text or "")
    if m:
        return int(m["d"]), 0, []
    m = _YEAR_LIST_RE.match(text or "")
    if m:
        return _ORDINAL[m["n"].lower()], 0, []
    if _MORE_THAN_STANDING_RE.search(text or ""):
        return None  # "... or permission of the instructor": a way in besides the standing, or a second condition
    m = _GROUP_STANDING_RE.match(text or "")
    if m:
        group = m["g1"] or m["g2"] or ""
        return _ORDINAL[m["n"].lower()], 0, _groups(group)
    m = _YEAR_OF_RE.match(text or "")
    if m:
        year = _ORDINAL[m["n"].lower()]
        return year, year, _groups(m["g"])
    return None


def _groups(text: str) -> list[str]:
    """The groups a condition admits, "BASc or BSc" as two; [] when the words name none ("any faculty")."""
    out = [g.strip() for g in re.split(r",|\bor\b", text) if g.strip()]  # ", or" leaves an empty piece
    return [] if not all(group_words(g) for g in out) else out


_MORE_THAN_STANDING_RE = re.compile(r"permission|consent|approval|\bexcept\b|\bnot\b|standing.*\bstanding\b|"
                                    r"\bin [A-Z]\.?\s*$", re.IGNORECASE)


def group_words(text: str) -> set[str]:
    """The words that name a group, dotted initials joined ("B.U.F." -> "buf"), filler dropped."""
    return {w for w in re.findall(r"[a-z]+", _join_initials(text)) if w not in _GROUP_FILLER}


def _join_initials(text: str) -> str:
    # "m.d.s." -> "mds", "b.mus." -> "bmus", "b.sc." -> "bsc"
    return re.sub(r"\b([a-z]\.(?:[a-z]{1,3}\.)+[a-z]*)", lambda m: m[1].replace(".", ""), (text or "").lower())


def _initials(text: str) -> str:
    """"Bachelor of Urban Forestry" -> "buf"; "" for a single word."""
    words = [w for w in re.findall(r"[a-z]+", _join_initials(text)) if w not in _GROUP_FILLER or w == "bachelor"]
    return "".join(w[0] for w in words) if len(words) > 1 else ""


def in_group(group: str, said: tuple[str, ...]) -> bool:
    """Whether a group the student says they are in is ``group``: the same words ("integrated engineering
    student" for "the Integrated Engineering Program"), or initials for the words ("BUF" for "Bachelor of
    Urban Forestry", either way round). "political science" is not "Science"."""
    wanted, initials = group_words(group), _initials(group)
    kinds = wanted & _DISTINGUISHING_KINDS
    for phrase in said:
        words = group_words(phrase)
        if not words or kinds - _with_short_forms(words):
            continue  # "poli sci" is not "Honours in Political Science": the group's kind must be said too
        if words == wanted or (len(words) == 1 and initials and words == {initials}) or \
                (len(wanted) == 1 and wanted == {_initials(phrase)}) or _describes(phrase, group):
            return True
        short = _SHORT_FORMS.get(next(iter(words))) if len(words) == 1 else None
        if short and set(short) == wanted:  # "B.Sc." for "Science": the degree's short form is its whole name
            return True
    return False


# kinds of a group that set its students apart from the field's others: a student who names the field without
# the kind ("poli sci major" for "Honours in Political Science") is not said to be in it
_DISTINGUISHING_KINDS = frozenset({"honours", "minor", "minors", "combined", "diploma", "certificate"})


def _with_short_forms(words: set[str]) -> set[str]:
    """The student's words with what their short forms stand for ("hons" -> "honours")."""
    return words.union(*(set(_SHORT_FORMS.get(w, ())) for w in words))


_GROUP_KIND_WORDS = frozenset({"graduate", "undergraduate", "certificate", "diploma", "option", "stream", "cohort",
                               "honours", "minor", "specialization", "specialisation", "concentration", "with"})
# students' short forms of a group's words ("co-op"), kept as data beside this module
_SHORT_FORMS = {short: words.split() for short, words in json.loads(
    Path(__file__).with_name("group_short_forms.json").read_text(encoding="utf-8")).items() if not short.startswith("_")}
COVERAGE = 0.75  # share of a group's own words a student's description must name


def _describes(phrase: str, group: str) -> bool:
    """Whether every word the student used for their group belongs to the group's own ("wood products
    processing co-op" of "the Co-operative Education Program in Wood Products Processing"), a short form of
    one ("co-op"), or the initials of a run of them ("PT" for "Physical Therapy"), with two words or more
    matched: a student who names the group that closely is in it. One shared word ("science") is not enough."""
    names = [w for w in re.findall(r"[a-z]+", _join_initials((group or "").replace("-", "")))]
    own = {w for w in names if w not in _GROUP_FILLER}
    runs = {"".join(w[0] for w in names[i:j]): names[i:j]
            for i in range(len(names)) for j in range(i + 2, min(i + 5, len(names)) + 1)}
    said = group_words((phrase or "").replace("-", ""))

    def covers(word: str) -> set[str]:
        """The group's words that one word of the student's stands for."""
        if word in own:
            return {word}
        if word in runs:
            return set(runs[word])
        if word in _SHORT_FORMS and set(_SHORT_FORMS[word]) <= own:  # "coop": "cooperative education"
            return set(_SHORT_FORMS[word])
        return {g for g in own if min(len(g), len(word)) >= 4 and (g.startswith(word) or word.startswith(g))}
    found = [covers(w) for w in said]
    distinct = own - _GROUP_KIND_WORDS  # "graduate", "certificate", "option": what kind of group, not which
    covered = set().union(*found) if found else set()
    # every word said is the group's, and together they name most of it: "wood products processing" alone is
    # not "the Co-operative Education Program in Wood Products Processing" (3 of 5 words); with "co-op" it is
    return len(said) >= 2 and all(found) and len(covered & distinct) >= COVERAGE * len(distinct)


class History(frozenset):
    """Completed courses (a set of codes), and what the student said besides: year standing and grades.

    A student who says "2nd year" or "70% in CHEM 233" settles conditions ubcal otherwise cannot
    check; evaluating against a plain set leaves them "cannot tell", as before.
    """

    def __new__(cls, courses=(), year: int = 0, scores: dict[str, float] | None = None,
                programs: tuple[str, ...] = (), not_in: tuple[str, ...] = (), below: int = 0) -> "History":
        history = super().__new__(cls, courses)
        history.credits = None  # set by ``with_credits``
        history.subject_names = {}
        history.stated_credits = ()  # credit counts the student states in words (``with_credits``)
        history.year = year
        history.below = below  # "not in 3rd year yet": the year is below this one (0 when not said)
        history.scores = dict(scores or {})
        history.programs = tuple(programs)  # programs and groups the student says they are in ("BKIN", "science")
        history.not_in = tuple(not_in)  # what the student says they are not in ("creative writing major")
        history.no_permission = False  # set by ``without_permission``
        return history

    def plus(self, courses) -> "History":
        """This history with more courses counted (what the student said besides stays the same)."""
        return History(self | set(courses), self.year, self.scores, self.programs, self.not_in, below=self.below) \
            .without_permission(self.no_permission).with_credits(self.credits, self.subject_names, self.stated_credits)

    def with_credits(self, credits: dict[str, float] | None, subject_names: dict[str, str] | None = None,
                     stated: tuple = ()) -> "History":
        """This history, with the credits of its courses (where the caller knows them), the subject names
        a count may be worded in ("philosophy" -> PHIL) and the credit counts the student states in words
        (``CreditCount``s: "9 credits of 300-level MATH"): a credit count ("6 credits of 300-level VISA") is
        then checked; without them it stays "cannot tell"."""
        self.credits = credits
        self.subject_names = dict(subject_names or {})
        self.stated_credits = tuple(stated)
        return self

    def without_permission(self, said: bool = True) -> "History":
        """This history, from a student who says they have no instructor's or department's permission."""
        self.no_permission = said
        return self


def credit_condition_met(text: str, history: set[str]) -> str:
    """A condition worded as a credit count, alone or joined to a standing by one "or" / "and" ("Fourth-year
    standing or 9 credits of PHIL"), checked against the credits of the courses done; UNKNOWN unless the
    history carries their credits and every piece of the words is read."""
    if getattr(history, "credits", None) is None:
        return UNKNOWN
    names = getattr(history, "subject_names", {})
    count = read_count(text, names)
    if count is not None:
        return count_met(count, history)
    for joiner, combine in ((r"\s+or\s+", any), (r"\s+and\s+|;\s*", all)):
        pieces = [p.strip(" ,.") for p in re.split(joiner, text or "", flags=re.IGNORECASE)]
        if len(pieces) != 2:
            continue
        results = []
        for piece in pieces:
            count = read_count(piece, names)
            if count is None and standing_condition(piece) is None:
                break
            results.append(count_met(count, history) if count is not None else standing_met(piece, history))
        else:
            if combine is any:
                return YES if YES in results else NO if all(r == NO for r in results) else UNKNOWN
            return NO if NO in results else YES if all(r == YES for r in results) else UNKNOWN
    return UNKNOWN


def standing_year(text: str) -> int:
    """The first year a year-only condition admits (0 when it says more than that)."""
    years = standing_years(text)
    return years[0] if years else 0


# a way in by permission beside a standing: "... or permission of the instructor", "Second year students may
# be admitted with permission of instructor"; and a permission asked as well: "... and permission of the Department"
_OR_PERMISSION_RE = re.compile(r"\s*(?:,\s*)?\bor\s+(?:with\s+)?(?:the\s+)?(?:permission|consent)\b[^.]*|"
                               r"\.?\s*\b(?:first|second|third|fourth|1st|2nd|3rd|4th)[- ]year students may be admitted "
                               r"(?:only\s+)?with (?:the\s+)?(?:permission|consent)\b[^.]*", re.IGNORECASE)
_AND_PERMISSION_RE = re.compile(r"\band\s+(?:the\s+)?(?:permission|consent)\b|\b(?:permission|consent)\b[^.]*\bare required",
                                re.IGNORECASE)


def standing_met(text: str, completed: set[str]) -> str:
    """YES / NO when what the student said settles a year standing: a stated year outside the years (or
    "not in 3rd year yet" below them) is NO whatever the group; a stated year within them is YES when no
    group is named or the student says they are in one the condition names; else UNKNOWN. A student who
    says they have no permission is judged on the standing alone ("Fourth-year standing or permission of
    the instructor"); where permission is asked of everyone, only a missing standing refuses."""
    if getattr(completed, "no_permission", False):
        if _AND_PERMISSION_RE.search(text or ""):
            # permission asked of everyone: not yet asked is not refused, but a missing standing still is
            found = standing_condition(_AND_PERMISSION_RE.split(text)[0].strip(" ,."))
            return NO if found and _outside_years(found[0], found[1], completed) else UNKNOWN
        text = _OR_PERMISSION_RE.sub("", text or "")
    found = standing_condition(text)
    if not found and _OR_PERMISSION_RE.search(text or ""):
        # "Fourth-year standing or permission of the instructor": a stated year that meets the standing
        # settles it (YES); one that does not leaves the permission route open (UNKNOWN)
        found = standing_condition(_OR_PERMISSION_RE.sub("", text).strip(" ,."))
        if not found or _outside_years(found[0], found[1], completed) is not False:
            return UNKNOWN
    if not found:
        return UNKNOWN
    first, last, groups = found
    outside = _outside_years(first, last, completed)
    if outside is None:
        return UNKNOWN  # no year said
    if outside:
        return NO
    said = getattr(completed, "programs", ())
    if not groups or any(in_group(g, said) for g in groups):
        return YES
    return NO if _in_another_faculty(groups, said) or _another_of_a_kind(groups, said) else UNKNOWN


_FACULTY_RE = re.compile(r"^\s*(?:the\s+)?faculty of\s+(?P<name>.+?)\s*$", re.IGNORECASE)


def _another_of_a_kind(groups: list[str], said: tuple[str, ...]) -> bool:
    """Whether every group admitted is one program of a kind a student is in one of at a time, named as its
    field and the kind's head ("Third-year Chemical and Biological Engineering", "Mining Engineering"), and the
    student names another of that kind ("mechanical engineering"): their fields share no word. Not a faculty,
    a degree or a graduate program ("the Faculty of Applied Science (Engineering)", "Engineering and Forestry
    students", "Master of Engineering"): those hold many programs."""
    def field(words: str, head: str) -> set[str] | None:
        named = group_words(words)
        if head not in named or named & _NOT_ONE_PROGRAM or _names_graduate_study(words) \
                or not re.search(rf"\b{head}\s*(?:program|programme|students?)?\s*\.?\s*$", words.strip(), re.IGNORECASE):
            return None  # the head must close the group's name: "Engineering and Science" is two fields
        return named - {head} - _GROUP_KIND_WORDS - _ORDINAL_WORDS - {"and", "or"}
    for head in _ONE_AT_A_TIME:
        theirs = [field(s, head) for s in said if head in group_words(s)]
        admitted = [field(g, head) for g in groups]
        if theirs and all(theirs) and admitted and all(admitted) and not any(t & a for t in theirs for a in admitted):
            return True
    return False


def _in_another_faculty(groups: list[str], said: tuple[str, ...]) -> bool:
    """Whether the student names their faculty ("in the Faculty of Arts") and the condition admits only
    other faculties ("in the Faculty of Science"): a student belongs to one faculty, so that is a no."""
    asked = [_FACULTY_RE.match(g) for g in groups]
    theirs = [_FACULTY_RE.match(p) for p in said]
    theirs = [m for m in theirs if m]
    if not theirs or not all(asked):
        return False
    return not any(group_words(a["name"]) == group_words(t["name"]) for a in asked for t in theirs)


def _outside_years(first: int, last: int, completed: set[str]) -> bool | None:
    """Whether the student's stated year (or "not yet in year N") falls outside first..last (0 = no limit);
    None when they said nothing that settles it."""
    year, below = getattr(completed, "year", 0), getattr(completed, "below", 0)
    if not year:
        return True if below and below <= first else None
    return year < first or bool(last and year > last)


# "Open only to students in Chemistry or Biochemistry specializations": who may register, by program
_ADMITS_RE = re.compile(r"^\s*(?:open only|only open|restricted|available only|only available|limited)\s+to\s+"
                        r"(?:students|majors|minors)\s+(?:in|registered in|enrolled in)\s+(?P<what>[^.;]+?)\s*\.?\s*$", re.IGNORECASE)
_GENERIC_PROGRAM_WORDS_RE = re.compile(r"\b(?:a|an|the|specializations?|programs?|programmes?)\b", re.IGNORECASE)


# a sentence that lets students outside the groups in by permission: "Undergraduates may register with
# permission of the instructor", "Others may be admitted with the consent of the department"
_OTHERS_BY_PERMISSION_RE = re.compile(r"\bmay\s+(?:also\s+)?(?:register|enrol+|be\s+admitted|take\s+(?:it|this\s+course))\s+"
                                      r"(?:\w+\s+){0,3}?(?:with|by)\s+(?:the\s+)?(?:permission|consent|approval)\b",
                                      re.IGNORECASE)


def restriction_met(text: str, history: set[str]) -> str:
    """YES / NO when what the student said settles who may register: a stated year for a year-only
    condition; a stated program named as one of the programs a restriction admits (YES only: a program
    not named may still be covered by words ubcal cannot match, e.g. "Honours programs"); a group the
    student says they are not in, when it is the only group admitted (NO); a group the calendar shuts out
    that the student says they are in (NO). Else UNKNOWN. Several sentences must each be met: one NO refuses,
    and YES needs every one."""
    sentences = restriction_sentences(text)
    if len(sentences) > 1:
        if any(_OTHERS_BY_PERMISSION_RE.search(sentence) for sentence in sentences):
            # "Restricted to graduate students. Undergraduates may register with permission of the instructor.":
            # the others may still come in, so no sentence turns the student away
            kept = [restriction_met(s, history) for s in sentences if not _OTHERS_BY_PERMISSION_RE.search(s)]
            return YES if kept and all(v == YES for v in kept) else UNKNOWN
        verdicts = [restriction_met(sentence, history) for sentence in sentences]
        return NO if NO in verdicts else YES if all(v == YES for v in verdicts) else UNKNOWN
    text = as_restricted_to(text)
    if (other_way := _OR_PERMISSION_RE.search(text)) and other_way.start() > 0:
        # "Open to third-year students in X, or with permission of the Department Head": met by the groups
        # alone, else the permission may still let the student in
        return YES if restriction_met(text[:other_way.start()] + ".", history) == YES else UNKNOWN
    if excluded_group(text, history) or shut_out(text, history) or level_refused(text, history):
        return NO
    by_year = standing_met(text, history)
    m = _ADMITS_RE.match(_join_initials(text))  # "M.D.S." read as "mds"
    programs = getattr(history, "programs", ())
    if by_year != UNKNOWN:
        return by_year
    if m is None or not programs:
        return _admitted_met(text, history)
    if _YEAR_WORD_RE.search(m["what"]):
        return UNKNOWN  # "Restricted to students in Year N of program P": the year is not checked here
    for alternative in re.split(r",|\bor\b", m["what"]):
        if in_group(alternative, programs):  # "MDS computational linguistics" for "the M.D.S. program with ..."
            return YES
        for title in programs:
            rest = re.sub(rf"\b{re.escape(title)}\b", " ", alternative, flags=re.IGNORECASE)
            if rest != alternative and not _GENERIC_PROGRAM_WORDS_RE.sub(" ", rest).strip():
                return YES
    alternatives = [a for a in re.split(r",|\bor\b", m["what"]) if group_words(a) - _GROUP_KIND_WORDS]
    return NO if _another_of_a_kind(alternatives, programs) else UNKNOWN


def refusing_group(text: str, history: set[str]) -> tuple[str, str]:
    """Which group turns the student away, over every restriction sentence: ("not in", group) when they say
    they are not in the only group admitted, ("in", group) when they say they are in one shut out, ("level",
    their level) when it admits only the other level of study, ("another", their groups) when it admits only
    other degrees or programs of their kind, else ("", "") (a year, or nothing, refuses)."""
    for sentence in restriction_sentences(text):
        if group := excluded_group(sentence, history):
            return "not in", group
        if group := shut_out(sentence, history):
            return "in", group
        if level_refused(as_restricted_to(sentence), history):
            return "level", _level_of(getattr(history, "programs", ()))
        said = getattr(history, "programs", ())
        year_only = History(year=getattr(history, "year", 0), below=getattr(history, "below", 0))
        if said and restriction_met(sentence, history) == NO and restriction_met(sentence, year_only) != NO:
            # refused with the groups they named and not without them: the program refuses, not the year
            return "another", " / ".join(said)
    return "", ""


# "This course is not open to students in the Major, Honours, Minor and Combined Majors in Political Science"
_SHUT_OUT_RE = re.compile(r"\bnot\s+(?:open|available)\s+to\s+(?:students|majors|minors)\s+"
                          r"(?:in|registered in|enrolled in)\s+(?P<what>[^;]+?)\s*\.?\s*$", re.IGNORECASE)


def shut_out(text: str, history: set[str]) -> str:
    """The group the student says they are in that the restriction shuts out, else "": any one of the groups it
    lists, each read as the student's words are read for a group admitted. Kinds written before one field
    ("the Major, Honours, Minor and Combined Majors in Political Science") all shut out that field."""
    m = _SHUT_OUT_RE.search(_join_initials(as_restricted_to(text or "")))
    programs = getattr(history, "programs", ())
    if m is None or not programs:
        return ""
    groups = [part.rsplit(" in ", 1)[-1] for part in re.split(r"\bor\b|;", m["what"])]
    return next((said for said in programs for group in groups if group.strip() and in_group(group, (said,))), "")


_YEARS_STUDENTS_IN_RE = re.compile(rf"^(?P<n>{_N})(?:-?\s*(?:and|or|to|-)\s*(?P<m>{_N}))?[- ]year\s+students\s+"
                                   r"(?:in|of)\s+(?:the\s+)?(?P<group>[^,;]+?)\s*\.?$", re.IGNORECASE)


def _admitted_met(text: str, history: set[str]) -> str:
    """The other common shape, groups named before "students" and a standing beside them: "Restricted to
    CAPS students.", "Restricted to B.M.S. students with third-year standing.", "Restricted to students with
    second-year standing or higher who are in the Neuroscience Major or ...". A stated year outside the
    standing is NO; a stated group among those named, with the standing met or none asked, is YES. A group
    not named stays UNKNOWN: the calendar's words for a group are not always the student's."""
    lead = _ONLY_RE.match(text or "")
    if lead is None or _NOT_JUST_GROUPS_RE.search(text):
        return UNKNOWN
    rest = text[lead.end():].strip(" .")
    years_in = _YEARS_STUDENTS_IN_RE.match(rest)  # "third- and fourth-year students in Oceanography"
    if years_in is not None:
        first = _ORDINAL[years_in["n"].lower()]
        last = _ORDINAL[years_in["m"].lower()] if years_in["m"] else first
        outside = _outside_years(first, last, history)
        if outside:
            return NO
        in_it = in_group(years_in["group"], getattr(history, "programs", ()))
        return YES if outside is False and in_it else UNKNOWN
    year_group = _YEAR_GROUP_RE.match(rest)  # "fourth-year Asian Studies majors": students of that year and group
    if year_group is not None:
        # a year below it refuses; the group's words are not matched here, so nothing else is settled
        group = re.sub(r"\s+(?:students?|majors?)$", "", rest[year_group.end() - 1:].strip())  # "B.Mus."
        return NO if _outside_years(_ORDINAL[year_group["n"].lower()], 0, history) \
            or _another_degree([group], getattr(history, "programs", ())) else UNKNOWN
    standing = _STANDING_PART_RE.search(rest)
    if standing is not None:
        first = _ORDINAL[standing["n"].lower()]
        last = 0 if standing["up"] or not standing["m"] else _ORDINAL[standing["m"].lower()]
        if _outside_years(first, last, history):
            return NO
        if not getattr(history, "year", 0):
            return UNKNOWN
        rest = rest[:standing.start()] + " " + rest[standing.end():]
    if _YEAR_WORD_RE.search(rest):
        return UNKNOWN  # "Restricted to Widgetry students in Year 4": a year in words ubcal did not read as one
    groups = [_GROUP_EDGE_RE.sub("", g).strip() for g in re.split(r",|\bor\b", rest)]
    groups = [g for g in groups if group_words(g) - _GROUP_KIND_WORDS]  # "... Major or Honours": the major's honours
    if not groups:
        return YES if standing is not None else UNKNOWN  # "Restricted to students with third-year standing"
    said = getattr(history, "programs", ())
    if _another_degree(groups, said) or _another_of_a_kind(groups, said):
        return NO
    return YES if any(in_group(g, said) for g in groups) else UNKNOWN


UNDERGRADUATE, GRADUATE = "undergraduate", "graduate"  # the levels a student may name as a group they are in


def _names_graduate_study(words: str) -> bool:
    """Whether a group's words name graduate study: "M.A. PSYC", "the Master of Journalism program", "Ph.D."."""
    joined = _join_initials(words)
    tokens = set(re.findall(r"[a-z']+", joined))
    initials = {re.sub(r"[^a-z]", "", t) for t in re.findall(r"\b[a-z]{1,3}(?:\.[a-z]{1,4})+\.?|\b[a-z]{2,5}\b", joined)}
    return bool(tokens & _GRADUATE_WORDS or initials & _GRADUATE_INITIALS) and UNDERGRADUATE not in tokens


def _level_of(said: tuple[str, ...]) -> str:
    """The level of study the student's own words put them at: an undergraduate ("undergrad", a bachelor's
    degree by its initials), a graduate student, or "" when they name neither."""
    undergraduate = any(s.lower() == UNDERGRADUATE or _degree(s) in _DEGREES for s in said)
    graduate = any(s.lower() == GRADUATE or _names_graduate_study(s) for s in said)
    return "" if undergraduate == graduate else UNDERGRADUATE if undergraduate else GRADUATE  # both: unsettled


def level_refused(text: str, history) -> bool:
    """Whether the student's level is one the restriction leaves out: an undergraduate for a restriction whose
    every group is a graduate program ("Restricted to students in one of M.A. PSYC, Ph.D. PSYC."), a graduate
    student for one open to undergraduates only."""
    lead = _ONLY_RE.match(text or "")
    level = _level_of(getattr(history, "programs", ()))
    if lead is None or not level:
        return False
    rest = text[lead.end():]
    groups = [g for g in re.split(r",|;|\bor\b|\band\b", rest) if group_words(g) - {"one", "following", "these"}]
    if level == UNDERGRADUATE:
        return bool(groups) and all(_names_graduate_study(g) for g in groups)
    return bool(groups) and all(re.search(r"\bundergraduates?\b", g, re.IGNORECASE) and not _names_graduate_study(g)
                                for g in groups)  # every group admitted an undergraduate one


_DEGREE_DATA = json.loads(Path(__file__).with_name("degrees.json").read_text(encoding="utf-8"))
_DEGREES = frozenset(_DEGREE_DATA["degrees"])
_GRADUATE_INITIALS = frozenset(_DEGREE_DATA["graduate"]["initials"])
_GRADUATE_WORDS = frozenset(_DEGREE_DATA["graduate"]["words"])
_ONE_AT_A_TIME = tuple(_DEGREE_DATA["one_at_a_time"])
_NOT_ONE_PROGRAM = frozenset(_DEGREE_DATA["not_one_program"])  # words of a faculty or a group of programs
_ORDINAL_WORDS = frozenset(_ORDINAL)


def _degree(words: str) -> str:
    """The degree a group's words name by its initials ("B.A.Sc." -> "basc", "the B.Sc." -> "bsc"), else ""."""
    joined = re.sub(r"[^a-z]", "", re.sub(r"^\s*(?:the|a|an|students?\s+in)\s+", "", _join_initials(words)))
    return joined if joined in _DEGREES or joined in _GRADUATE_INITIALS else ""


def _another_degree(groups: list[str], said: tuple[str, ...]) -> bool:
    """Whether the groups admitted are all degrees and the student names another one as theirs: one degree
    at a time, so a BA student is outside "in B.A.Sc. or B.Sc."."""
    admitted = [_degree(g) for g in groups]
    theirs = {d for d in (_degree(s) for s in said) if d}
    return bool(admitted) and all(admitted) and bool(theirs) and not theirs & set(admitted)


_YEAR_WORD_RE = re.compile(rf"\byears?\b|\d|\b{_N}\b", re.IGNORECASE)
_YEAR_GROUP_RE = re.compile(rf"^(?P<n>{_N})[- ]year\s+(?!standing|status|or\b|and\b|students\b)\S", re.IGNORECASE)
# a restriction that asks more than membership and standing: a permission, an approval, an exception
_NOT_JUST_GROUPS_RE = re.compile(r"permission|consent|approval|recommend|\bexcept\b|\bnot\b|\bunless\b|"
                                 r"\brequirements?\b|\bcredits?\b|\bmarks?\b|\bgrade|%", re.IGNORECASE)
_STANDING_PART_RE = re.compile(
    rf"\s*,?\s*(?:with|in|who have|having)\s+(?:at least\s+|(?:a\s+)?minimum(?:\s+of)?\s+)?(?:a\s+)?(?P<n>{_N})(?:[- ]year)?"
    rf"(?:\s*-?\s*(?:or|and|to|-)\s*(?P<m>{_N}))?[- ]?(?:year)?\s*(?:or\s+higher\s+)?(?:class\s+)?(?:standing|status)"
    rf"{_UP}", re.IGNORECASE)
# the words around a group's name: "students (who are) in the", "students", "only", "candidates"
_GROUP_EDGE_RE = re.compile(r"^\s*(?:all\s+)?(?:students?\s+)?(?:who are\s+)?(?:(?:in|of|registered in|enrolled in|"
                            r"admitted to)\s+)?(?:the\s+)?|\s*\b(?:students?|candidates|only|programs?)\b\s*(?:only\s*)?$",
                            re.IGNORECASE)


_ONLY_RE = re.compile(r"^\s*(?:open only|only open|restricted|available only|only available|limited|reserved)\s+"
                      r"(?:to|for)\b", re.IGNORECASE)
_GROUP_WORDS = frozenset({"a", "an", "the", "in", "of", "to", "for", "and", "my", "major", "majors", "minor", "minors",
                          "student", "students", "specialization", "specialisation", "specializations", "program",
                          "programs", "programme", "degree", "honours", "cohort", "stream", "option", "faculty",
                          "currently", "yet", "actually"})


def _words(text: str) -> set[str]:
    return {w[:-1] if w.endswith("s") and len(w) > 3 else w for w in re.findall(r"[a-z]+", text.lower())}


def excluded_group(text: str, history: set[str]) -> str:
    """The group the student says they are not in ("not a creative writing major") when the restriction
    admits only that group ("Restricted to Majors in Creative Writing."): its words, else ""."""
    text = as_restricted_to(text)
    if not getattr(history, "not_in", ()) or not _ONLY_RE.match(text):
        return ""
    alternatives = [group_words(part) for part in re.split(r",|\bor\b", text) if group_words(part)]
    for group in history.not_in:  # "not honours" where every group admitted is an Honours one
        kind = _with_short_forms(group_words(group))
        if kind and kind <= _DISTINGUISHING_KINDS and all(kind & words for words in alternatives):
            return group
    widened = re.sub(r"\bor\s+(?:higher|above|later)\b", " ", text, flags=re.IGNORECASE)  # "third-year or higher"
    if re.search(r"\bor\b|\bone of\b|,|;|\bwith\b|\bpermission\b|\bconsent\b", widened, re.IGNORECASE):
        return ""  # several groups, or a way in besides membership: being outside one group settles nothing
    admitted = _words(_join_initials(text))  # "B.Mus. students" is the BMus
    for group in history.not_in:
        named = _words(_join_initials(group)) - _GROUP_WORDS
        if named and named <= admitted:
            return group
    return ""


def unparsed_parts(node: dict) -> list[str]:
    """The texts of every unparsed leaf (empty = fully parsed)."""
    if node["op"] in ("unparsed", "ambiguous"):  # an ambiguous list is read safely, but not fully
        return [node["text"]]
    return [t for child in node.get("items", []) for t in unparsed_parts(child)]


def tree_codes(node: dict) -> list[str]:
    """Every course code the tree requires, in order (score and corequisite leaves included)."""
    if node["op"] == "course":
        return [node["code"]]
    if node["op"] == "score":
        return list(node["codes"])
    out: list[str] = []
    for child in node.get("items", []):
        out += [c for c in tree_codes(child) if c not in out]
    return out


_NUMBER_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten"}


_ROMAN = ("i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii")


def _flattened(node: dict) -> list[dict]:
    """A group's items, with an "all of" inside an "all of" opened up: "all of (all of A, B), C" is "all of
    A, B, C". A "one of" inside a "one of" stays a group: its options may carry a condition of their own
    ("a score of 64% in one of A, B"), which a flat list would seem to spread over every option."""
    items: list[dict] = []
    for c in node["items"]:
        items.extend(_flattened(c) if c["op"] == node["op"] == "all" else [c])
    return items


def _mark(depth: int, i: int) -> str:
    """(a), (b) at the top; (i), (ii) one level down; (A), (B) below that: a reader can tell the levels apart,
    and no mark is a digit (the grounding guard checks every number an answer states)."""
    if depth == 0:
        return f"({chr(97 + i)})"
    if depth == 1 and i < len(_ROMAN):
        return f"({_ROMAN[i]})"
    return f"({chr(65 + i % 26)})"


def describe(node: dict, depth: int = 0) -> str:
    """The tree in plain words, for answers: 'all of CPSC 213, CPSC 221'."""
    op = node["op"]
    if op == "course":
        return node["code"]
    if op in ("all", "one", "n_of"):
        items = _flattened(node)
        if len(items) == 1:
            return describe(items[0], depth)
        n = node.get("n", 2)  # in words, as the calendar writes it ("two of"): a digit the excerpt lacks fails the guard
        lead = {"all": "all of", "one": "one of"}.get(op, f"{_NUMBER_WORDS.get(n, n)} of")
        nested = any(c["op"] in ("all", "one", "n_of") for c in items)
        parts = [describe(c, depth + 1 if nested else depth) for c in items]
        return f"{lead} " + ("; ".join(f"{_mark(depth, i)} {p}" for i, p in enumerate(parts)) if nested
                             else ", ".join(parts))
    if op == "coreq":
        return f"{describe(node['items'][0], depth)} (may be taken concurrently)"
    if op == "ambiguous":
        return f"\u201c{node['text']}\u201d (the calendar's list does not say whether one or all are needed)"
    return node.get("text", "")


def without(node: dict, gone: set[str]) -> dict | None:
    """The tree with the routes through ``gone`` courses removed (None: no route is left), so "without A"
    names only the routes still open: "one of B, C" rather than "one of A, B, C"."""
    op = node["op"]
    if op == "course":
        return None if node["code"] in gone else node
    if op in ("one", "n_of"):
        items = [x for x in (without(c, gone) for c in node["items"]) if x is not None]
        need = 1 if op == "one" else node.get("n", 1)
        if len(items) < need:
            return None
        return items[0] if len(items) == 1 and op == "one" else {**node, "items": items}
    if op == "all":
        items = [without(c, gone) for c in node["items"]]
        return None if any(x is None for x in items) else {**node, "items": items}
    return node  # grades, standing, corequisites, unread text: kept as the calendar words them


def evaluate(node: dict, completed: set[str]) -> str:
    """YES / NO / UNKNOWN for ``completed`` courses against the tree."""
    op = node["op"]
    if op == "course":
        return YES if node["code"] in completed else NO
    if op == "score":
        return _score(node, completed)
    if op == "standing":  # "Fourth-year standing or 9 credits of PHIL": the count read first, as its alternative
        met = credit_condition_met(node.get("text", ""), completed)
        return met if met != UNKNOWN else standing_met(node.get("text", ""), completed)
    if op in ("credits", "unparsed", "other"):
        return credit_condition_met(node.get("text", ""), completed)
    if op == "coreq":
        return YES if evaluate(node["items"][0], completed) == YES else UNKNOWN
    if op == "ambiguous":  # yes under every reading (the strictest met); no under every reading when none is done
        done = [evaluate(c, completed) == YES for c in node["items"]]
        strictest = strictest_reading(node)
        return YES if all(done) or (strictest and evaluate(strictest, completed) == YES) \
            else NO if not any(done) else UNKNOWN
    if op in ("all", "one", "n_of"):
        results = [evaluate(c, completed) for c in node["items"]]
        need = len(results) if op == "all" else 1 if op == "one" else min(node.get("n", 1), len(results))
        yes, unknown = results.count(YES), results.count(UNKNOWN)
        if yes >= need:
            return YES
        if yes + unknown < need:
            return NO
        return UNKNOWN
    if op == "permission" and getattr(completed, "no_permission", False):
        return NO  # the student says they have none
    return UNKNOWN  # permission, program, placement, other, unparsed: not checkable here


def left_of(node: dict, done: set[str]) -> dict | None:
    """What of a requirement is still open given ``done`` courses: None when the courses meet it, an "all
    of" without its met items, anything else (a "one of" not yet met, a grade, a standing) as it is."""
    op = node["op"]
    if op == "course":
        return None if node["code"] in done else node
    if op == "all":
        items = [x for x in (left_of(i, done) for i in node["items"]) if x is not None]
        return None if not items else items[0] if len(items) == 1 else {**node, "items": items}
    if op in ("one", "n_of", "ambiguous") and evaluate(node, set(done)) == YES:
        return None
    return node


def strictest_reading(node: dict) -> dict | None:
    """The reading of an ambiguous "One of A, B and C" that every other reading's courses include: one of
    A, B, and C as well ("one of the three" is met by it too). None where no word says "one of" (a bare
    "A, B" may mean all of them) or an "or" mixes the joins."""
    items = node["items"]
    if node.get("n") != 1 or len(items) < 2 or re.search(r"\bor\b", node.get("text", ""), re.IGNORECASE):
        return None
    head = items[:-1]
    return {"op": "all", "n": 0, "items": [head[0] if len(head) == 1 else {"op": "one", "n": 1, "items": head},
                                           items[-1]]}


def _score(node: dict, completed: set[str]) -> str:
    """A grade condition: settled by grades the student stated, else "cannot tell" once a course is done."""
    codes, scores = node["codes"], getattr(completed, "scores", {})
    low = node.get("min")
    stated = {c: scores[c] for c in codes if c in scores}
    if stated and low is not None:
        met = [c for c, s in stated.items() if s >= low]
        if node.get("quant", "one") == "all":
            return NO if len(met) < len(stated) else YES if len(stated) == len(codes) else UNKNOWN
        if met:
            return YES
        if not any(c in completed and c not in stated for c in codes):
            return NO  # every course done has a stated grade below the bar
        return UNKNOWN
    return UNKNOWN if any(c in completed for c in codes) else NO if codes else UNKNOWN


def missing(node: dict, completed: set[str]) -> list[str]:
    """What is still needed, in words, for the parts that evaluate to NO."""
    if evaluate(node, completed) != NO:
        return []
    op = node["op"]
    if op == "all":
        return [m for c in node["items"] if evaluate(c, completed) == NO for m in missing(c, completed)]
    return [describe(node)]


def corequisites_open(tree: dict, completed: set[str]) -> list[dict]:
    """The course groups a prerequisite asks for as corequisites ("BIOL 121 and a corequisite of one of CHEM
    203, CHEM 223") that are not done yet and whose taking would meet the whole prerequisite: what a student
    on that route still has to take, before or alongside the course."""
    out: list[dict] = []
    for node in _coreq_nodes(tree):
        group = node["items"][0]
        if evaluate(group, completed) == YES or group in out:
            continue
        codes = tree_codes(group)
        with_it = completed.plus(codes) if isinstance(completed, History) else set(completed) | set(codes)
        if evaluate(tree, with_it) == YES:
            out.append(group)
    return out


def _coreq_nodes(node: dict):
    """Every corequisite node of a tree, outermost first."""
    if node["op"] == "coreq":
        yield node
    for child in node.get("items", []) if node["op"] not in ("course", "score") else []:
        yield from _coreq_nodes(child)


def unchecked(node: dict, completed: set[str]) -> list[str]:
    """Conditions that ubcal cannot check and that decide the outcome (grades, standing, permission)."""
    op = node["op"]
    if op == "course":
        return []
    if op == "score":
        return [node["text"]] if any(c in completed for c in node["codes"]) else []
    if op == "ambiguous":
        return [describe(node)] if evaluate(node, completed) == UNKNOWN else []
    if op in ("all", "one", "n_of", "coreq"):
        out: list[str] = []
        for c in node.get("items", []):
            if evaluate(c, completed) == UNKNOWN:
                out += [t for t in unchecked(c, completed) if t not in out]
        return out
    return [node.get("text", "")]


def _optimistic(node: dict, completed: set[str]) -> str:
    """Like ``evaluate``, but every condition that is not a course counts as met."""
    op = node["op"]
    if op == "course":
        return YES if node["code"] in completed else NO
    if op == "score":
        return YES if any(c in completed for c in node["codes"]) else NO
    if op == "coreq":
        return _optimistic(node["items"][0], completed)
    if op == "ambiguous":
        return evaluate(node, completed)
    if op in ("all", "one", "n_of"):
        results = [_optimistic(c, completed) for c in node["items"]]
        need = len(results) if op == "all" else 1 if op == "one" else min(node.get("n", 1), len(results))
        yes, unknown = results.count(YES), results.count(UNKNOWN)
        return YES if yes >= need else NO if yes + unknown < need else UNKNOWN
    return UNKNOWN if op == "unparsed" else YES


def required_course(node: dict, code: str) -> str:
    """Is ``code`` needed on every path through the requirement? YES, NO (another path avoids it) or UNKNOWN.

    Every other course is taken as done and every non-course condition as met: if the requirement still
    fails, nothing can replace ``code``.
    """
    others = set(tree_codes(node)) - {code}
    result = _optimistic(node, others)
    return {NO: YES, YES: NO}.get(result, UNKNOWN)

"""What a question names, and what it says about each course: taken, not taken, or asked about.

Students describe their history in many ways: "I have A", "A and B are done",
"after A", "with A" say a course is completed; "without A", "haven't taken A
yet", "I failed A", "dropped A", "currently taking A" say it is not. Each code
gets the role of the nearest cue before it in its own clause (a list joined by
"and", "or" or commas shares one cue), or of a cue right after it ("A is done",
"A, which I failed"). A negation never reaches past its clause: in "I failed A
but passed B", B is completed. Words are read as words, never as prefixes.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from rag.index.codes import find_codes
from rag.index.credit_count import CreditCount, read_count
from rag.understand.lexicon import AMBIGUOUS_SUBJECT_WORDS, FACULTIES, ORDINALS, SPELLINGS, SUBJECT_NAMES, TITLE_SHORT_FORMS

DONE, NOT_DONE, TARGET, NONE = "completed", "not completed", "target", ""
NOT_UBC_COURSE = "a course like it or taken elsewhere"  # its cue: "similar to A", "A at Langara", no transfer word
RESULT_UNKNOWN = "result not known yet"  # the cue of a course whose mark is not out ("my A mark hasn't been released")
RETAKEN = "done on a retake"  # the cue of a course whose negation a later pass outweighed ("failed A, retook it, 72")
EXCEPTED = "excepted from none"  # the cue of a course excepted from a denial ("no BIOL courses except A"): had

# the cue words kept as data beside this module (status_cues.json explains each list)
_CUE_DATA = json.loads(Path(__file__).with_name("status_cues.json").read_text(encoding="utf-8"))

# "WXYZ-200", "Wxyz_200" -> "WXYZ 200"; "cpsc110" is read by find_codes already.
_DASHED_CODE_RE = re.compile(r"\b([A-Za-z]{2,5})[-_](\d{3}[A-Za-z]?)\b(?!-level)")

_NOT_DONE = (r"without|w/o|w/out|haven'?t(?: yet)?(?: actually)?(?: taken| done| completed| finished| passed| had| "
             r"got| gotten| taken)?|have not(?: yet)?(?: taken| done| completed| finished| passed)?|hasn'?t|"
             r"not(?: yet)?(?: taken| done| completed| finished| passed)|didn'?t(?: actually)? (?:take|do|pass|"
             r"complete|finish|get)|did not (?:take|do|pass|complete|finish|get)|never (?:took|taken|did|done|"
             r"passed|completed|finished|had)|failed|flunked|fail|dropped|drop|dropping|withdrew(?: from)?|"
             # "passed on A": declined it (right before the course only; "passed on the retake" is a pass)
             r"pass(?:ed)? on(?=\s+[A-Za-z]{2,5}[ _-]?\d{3}|\s*$)|"
             r"withdraw(?:ing)?(?: from)?|"
             r"withdrawn(?: from)?|w'?d|skipped|skip|skipping|bombed|tanked|blew|botched|retaking|repeating|redoing|(?:got |received |have |had )?an? (?:f|w|fail|failing grade) in|"
             r"didn'?t (?:get through|clear|pass)|couldn'?t (?:pass|finish)|dropped out of|no credit (?:for|in)|don'?t have|do not have|missing|lacking|"
             r"except|but not|minus|currently (?:taking|in|enrolled in|doing)|still taking|am taking|i'?m taking|"
             r"in progress|will take|will be taking|plan(?:ning)? (?:to take|on taking)|going to take|yet to take|missed|"
             # "waitlisted for A", "on a waitlist of A": a seat asked for, not a course had
             r"wait-?\s?listed (?:for|in|on)|on (?:the |a )?wait-?\s?list (?:for|in|of)|"
             r"none of|neither|nor|still needs?(?: to (?:take|do|finish|complete))?|"
             r"still (?:have|has) to (?:take|do|finish|complete)|(?:have|has) yet to (?:take|do|finish|complete)|"
             r"instead of|rather than|"
             # "or do I need A": asked about, so not had
             r"(?:do|would|will|should|must)\s+(?:i|you|u|we)\s+(?:still\s+|also\s+|really\s+|first\s+)?(?:need|"
             r"require|have to (?:take|do))(?: to (?:take|do|have))?|no|not|never")
_DONE = (r"i(?: have|'ve| ve|ve)?(?: already| also)? (?:got |earned |received )?(?:transfer(?:red)?\s)?credit (?:for|in)|"
         r"i(?: have|'ve| ve|ve)?(?: already| just| only| also)? (?:taken|done|completed|finished|passed|got|had|"
         r"took|did)|i (?:pass(?!\s+on\b)|finish|complete|get through)|i have(?: already| only| just)?|i'?ve(?: already| only| just)?|i took|i did|i passed|"
         r"i completed|i finished|already (?:took|taken|did|done|completed|passed|finished|have)|"
         r"having (?:taken|done|completed|passed|finished)|after(?: taking| finishing| completing| doing| "
         r"passing)?|(?<!together )(?<!along )(?<!concurrently )(?<!same term )(?<!same time )with(?: only| just)?|have (?:transfer\s)?credit for|got (?:transfer\s)?credit for|passed|completed|finished|done with|"
         r"took|credit in|only done|just did|just finished|just completed|also did|also have|and passed|"
         r"got through|cleared|aced|wrapped up|knocked out|got credit for|earned credit (?:for|in)|hold|own|"
         r"finished up|passed off|have done|did well in|did(?=\s+(?:[A-Za-z]{2,5}[ _-]?\d{3}|$))|(?<!n't )(?<!nt )(?<!not )(?<!never )done(?=\s+(?:[A-Za-z]{2,5}[ _-]?\d{3}|$))|(?:got |received |have |had )?an? [a-d][+-]? in|(?:got |received )?\d{2,3} ?% in")
_TARGET = (r"take|taking|enrol+(?:ing)?(?: in(?:to)?)?|register(?:ing)?(?: in| for)?|get into|getting into|"
           r"sign up for|signing up for|eligible (?:for|to take)|qualify for|qualified for|ready for|"
           r"move on to|go on to|jump into|start|can i do|could i do|to do|into|for|before|allowed in(?:to)?|"
           r"get in(?:to)?|register in|place into|satisf(?:y|ies)(?=\s*$)")
# cues that say a course is under way or planned, not merely missing: enough for a corequisite
CONCURRENT_CUE_RE = re.compile(r"currently|am taking|i'?m taking|still taking|in progress|will take|will be taking|"
                               r"plan|going to take|enrolled in|wait-?\s?list", re.IGNORECASE)
_CUE_RE = re.compile(rf"\b(?P<not>{_NOT_DONE})\b|\b(?P<done>{_DONE})\b|\b(?P<target>{_TARGET})\b",
                     re.IGNORECASE)
# a cue right after a code or list: "A is done", "A (failed)", "A - haven't taken"
_POST_NOT_RE = re.compile(r"^\s*\)?\s*(?:,|\(|-|—)?\s*(?:which|that)?\s*(?:i\s+)?(?:is\s+|are\s+|was\s+|were\s+)?"
                          r"(?:still\s+|also\s+)?"
                          r"(?:not\s+(?:yet\s+)?(?:done|taken|completed|finished|passed)|failed|dropped|"
                          r"(?:absent|missing) from (?:my|the) (?:record|transcript)|"
                          r"in progress|not yet|still in progress|withdrew|incomplete|"
                          # "A - in it right now", "A, taking it now": under way, told of the course before
                          r"(?:i'?m\s+)?(?:currently\s+)?(?:in it|taking it|doing it|enrolled in it)\b(?=\s*(?:right\s+)?now|\s*(?:this|currently))|"
                          r"(?:i\s+)?(?:haven'?t|didn'?t|did not|have not)\b)", re.IGNORECASE)
_POST_DONE_RE = re.compile(r"^\s*\)?\s*(?:,|\(|-|—)?\s*(?:which|that)?\s*(?:i\s+)?(?:is\s+|are\s+|was\s+|were\s+|"
                           r"have\s+been\s+|all\s+|both\s+)?(?:all\s+|both\s+)?(?:already\s+)?(?:done|taken|completed|complete|finished|passed|"
                           + "|".join(_CUE_DATA["idioms_done_after"]) + r"|credited|"
                           r"(?:(?<=is )|(?<=are )|(?<=was )|(?<=were )|(?<=both )|(?<=all )|(?<=already ))"
                           r"on (?:my|the) (?:ubc )?(?:transcript|record)(?!\s+(?:as|with)\s+(?:a|an)\s+(?:w|f|fail\w*|"
                           r"withdraw\w*|incomplete|dnf)\b))\b", re.IGNORECASE)  # the record named after a verb ("A was"), not a bare "zero A on my record" or a W
# a record's shorthand after a course: "A: PASS", "A: W", "A - CR"
_POST_SHORTHAND_RE = re.compile(r"^\s*(?:pass|passed|fail|(?:p|cr|w|f)(?=\s*(?:[.,;!)]|$)))\b", re.IGNORECASE)


def status_told_after(text: str) -> bool:
    """Whether the words right after a course are a status of it ("A: PASS", "A: failed", "A done")."""
    return any(r.match(text) for r in (_POST_DONE_RE, _POST_NOT_RE, _POST_SHORTHAND_RE))


# a negation whose object is a pronoun points back: "did A and B, dropped both"; "took A but failed it"
# ("never actually took it": a word of emphasis may stand between the negation and its verb)
_EMPHASIS = r"(?:(?:actually|really|even|ever|properly|officially)\s+)?"
BACK_NEGATION_RE = re.compile(r"\b(?:failed|flunked|dropped|withdrew from|w'?d|bombed|tanked|"
                          rf"(?:didn'?t|did not|couldn'?t|never) {_EMPHASIS}(?:pass|passed|finish|finished|complete|completed|take|took|"
                          r"get|got)|" + "|".join(_CUE_DATA["failed_mark_pointing_back"])
                          + r"|no credit (?:for|in)|without|w/o|w/out|skipped|skip|skipping|"
                          rf"missed|never {_EMPHASIS}taken|(?:haven'?t|have not) {_EMPHASIS}(?:taken|completed)|don'?t have|do not have"
                          r")\s+(?P<obj>it|that(?: one)?|this(?: one)?|"
                          r"them|both(?: of them)?|the course|the class)\b", re.IGNORECASE)
_PRONOUN_OBJECT_RE = re.compile(r"^\s+(?:it|that(?: one)?|this(?: one)?|them|both|the course|the class)\b",
                                re.IGNORECASE)
# what joins the items of one list: the cue before the list covers all of them
_NEGATED_DONE_RE = re.compile(r"\b(?:without|w/o|never|not|haven'?t|have not|didn'?t|did not)\s*(?:ever\s+|yet\s+)?$",
                              re.IGNORECASE)
_OR_JOIN_RE = re.compile(r"^\s*\)?\s*,?\s*\(?\s*(?:or|or else)\s*$", re.IGNORECASE)
_LIST_JOIN_RE = re.compile(r"^\s*\)?\s*\(?\s*(?:,|&|\+|/|and|or|and/or|,\s*and|,\s*or|,?\s*as well as|,?\s*plus)?\s*\(?\s*$",
                           re.IGNORECASE)
_CLAUSE_CUT_RE = re.compile(r"[.?!;]|\bbut\b|\bhowever\b|\balthough\b|\bthough\b|\bso\b|\bwhile\b|\bbecause\b|"
                            r"\bsince\b|\bif\b|\bwhen\b|\bthen\b", re.IGNORECASE)

_YEAR_RE = re.compile(
    r"\b(?:year|yr)[\s-]*(?P<n>[1-9]|one|two|three|four|five)\b|"
    r"\b(?P<w>first|second|third|fourth|fifth|final|last|1st|2nd|3rd|4th|5th|one|two|three|four|[1-6])[\s-]*"
    r"(?:year|yr)s?\b|\b(?P<s>freshman|sophomore|junior|senior)\s+year\b", re.IGNORECASE)
_TERM_RE = re.compile(r"\bterm[\s-]*(?P<n>[1-3]|one|two)\b|\b(?P<w>first|second|1st|2nd|fall|winter|spring)"
                      r"[\s-]+(?:term|semester)\b|\bsemester[\s-]*(?P<n2>[1-2])\b", re.IGNORECASE)
_LEVEL_RE = re.compile(r"\b(?P<n>[1-6])(?:00|xx|\d\d\b(?=\s*-?\s*level))\s*-?\s*(?:level|lvl)?s?\b|"
                       r"\blevel[\s-]*(?P<n2>[1-6])(?:00|xx)?\b|\b(?P<n3>[1-6])xx\b", re.IGNORECASE)
_LEVEL_WORD_RE = re.compile(r"\b(?P<w>first|second|third|fourth|1st|2nd|3rd|4th|one|two|three|four)[\s-]*"
                            r"(?:year|yr)\b", re.IGNORECASE)
_GRAD_RE = re.compile(r"\bgrad(?:uate)?[\s-]*(?:level|course|courses|class|classes)\b", re.IGNORECASE)
_TERM_WORDS = {"first": 1, "1st": 1, "fall": 1, "one": 1, "second": 2, "2nd": 2, "winter": 2, "spring": 2,
               "two": 2}


@dataclass
class CodeMention:
    code: str
    start: int
    end: int
    role: str = NONE
    cue: str = ""   # the cue word that gave the role, lower case ("without", "for", "after", ...)
    or_previous: bool = False  # joined to the code before by "or": "is A or B enough" names alternatives
    status: str = ""  # what the status classifier read: done, not_done, in_progress, planned, asked, unclear
    assumed: bool = False  # planned or under way, and the question's premise ("if I finish A this summer")
    someone_elses: bool = False  # told of another person ("my friend failed A"): their words are not the student's
    best: str = ""  # the classifier's best guess, sure enough or not ("planned" for an unclear plan)


@dataclass
class Slots:
    mentions: list[CodeMention] = field(default_factory=list)
    year: int = 0
    term: int = 0
    levels: list[int] = field(default_factory=list)
    subjects: list[str] = field(default_factory=list)

    def codes(self, role: str | None = None) -> list[str]:
        return list(dict.fromkeys(m.code for m in self.mentions if role is None or m.role == role))


_ARROW_RE = re.compile(r"\s*(?:→|->|=>|⇒)\s*")
# the question's heading: a course, with at most a few title words around it, before a colon or a dash
# ("guided study DHYG 406: ...", "PHRM 330 acute care: ...", "data viz BUSI 414 — ...")
HEADING_MARK = r"(?::|\s+-+\s|\s?[\u2013\u2014]+\s?|\s*\.{3,}|\s*\u2026)"  # a colon, a dash or dots after a heading
_HEADING_RE = re.compile(r"^\W*(?P<head>[^:?!.;\n\u2013\u2014]{0,70}?)(?:" + HEADING_MARK + r"|"
                         r"\s*\?+\s+(?=\S))")  # "A (title) next term? I W'd out of B": a first question naming only A
HEADING_TITLE_WORDS = 6  # title words beside the code in a heading; more reads as a sentence, not a heading


def heading_mention(text: str, mentions: list[CodeMention]) -> CodeMention | None:
    """The course that heads the question as its label, with the few title words students put around it, or None:
    one course in the heading and no word there of what the student did or asks (no cue, no "I")."""
    found = _HEADING_RE.match(text)
    if found is None:
        return None
    inside = [m for m in mentions if m.end <= found.end("head")]
    if len(inside) != 1:
        return None
    rest = text[:inside[0].start] + " " + text[inside[0].end:found.end("head")]
    if len(re.findall(r"[A-Za-z']+", rest)) > HEADING_TITLE_WORDS or _CUE_RE.search(rest) \
            or re.search(r"\b(?:i|i'm|im|i've|ive|my|me)\b", rest, re.IGNORECASE):
        return None
    return inside[0]
_NAMED_CODE_RE = re.compile(
    r"\b(" + "|".join(sorted((re.escape(n) for n in SUBJECT_NAMES if " " not in n or len(n) < 16), key=len,
                             reverse=True)) + r")\s?(\d{3}[A-Za-z]?)\b(?!\s*-?\s*level)", re.IGNORECASE)


_MARKS = {mark: word for word, marks in _CUE_DATA["marks"].items() for mark in marks}
_PUNCTUATION = {mark: sign for sign, marks in _CUE_DATA["punctuation"].items() for mark in marks}
_PUNCTUATION_RE = re.compile("|".join(re.escape(m) for m in _PUNCTUATION))
_SYMBOL_RE = re.compile("|".join(re.escape(m) for m in sorted(_MARKS, key=len, reverse=True)))
# pictographs and dingbats (after the marks are read), with the joiners and variation selectors that build them
_EMOJI_RE = re.compile("[\U0001F000-\U0001FAFF\u2600-\u27BF\u2B00-\u2BFF\uFE0F\u200D]+")


def _read_marks(text: str) -> str:
    """"A ✅ B ❌ 💀 ok?" -> "A done, B not done, ok?": a mark beside a course is what the student did with
    it, in the words the status reader knows; any other emoji is dropped. Either ends a clause, as a comma."""
    if not (_SYMBOL_RE.search(text) or _EMOJI_RE.search(text)):
        return text
    text = text.replace("\ufe0f", "")  # the variation selector that makes "✔" an emoji says nothing itself
    text = _PUNCTUATION_RE.sub(lambda m: _PUNCTUATION[m.group()], text)  # "B❓" -> "B?", "A ➡ B" -> "A -> B"
    text = _EMOJI_RE.sub(", ", _SYMBOL_RE.sub(lambda m: f" {_MARKS[m.group()]}, ", text))  # a mark ends its clause
    text = re.sub(r"\s+,", ",", text)
    text = re.sub(r"\s*,(?:\s*,)*\s*(?=[,.;:!?]|$)", "", text)  # no comma doubled or before a stop
    return re.sub(r"[ \t]{2,}", " ", re.sub(r"\s*,(?:\s*,)+", ",", text)).strip(" ,")


# the grading option "Credit/D/Fail" or "pass/fail" by name: its "Fail" belongs to the name, not an event
_GRADING_OPTION_RE = re.compile(r"\b(?:credit|cr)\s*/\s*d\s*/\s*f(?:ail)?\b|\bpass\s*/\s*fail\b", re.IGNORECASE)


# a letter grade with its sign in words, "an A-minus", "B plus": the sign, so "minus" is no "without"
_SPELLED_GRADE_RE = re.compile(r"(?<![\w-])(?P<letter>(?-i:[A-D]))[\s-]?(?P<sign>minus|plus)\b", re.IGNORECASE)


# "all of term 1 is done (A, B, 403)": a bracket of courses only, right after "done", is what is done; "done"
# counts as a cue only right before a course ("A done, B?" is A's), so the bracket is opened
_DONE_BRACKET_RE = re.compile(r"\b(done)\s*\(((?:\s*(?:[A-Za-z]{2,5}[ _-]?)?\d{3}[A-Za-z]?\s*(?:,|/|&|\band\b)?)+)\)",
                              re.IGNORECASE)


_SPELLING_RE = re.compile(r"(?<![\w/])(?:" + "|".join(map(re.escape, SPELLINGS)) + r")(?![\w/])", re.IGNORECASE)


def normalize_text(text: str, known: set[str] | None = None) -> str:
    """Spellings of codes the shared code finder does not read: "MATH-200" -> "MATH 200", and a subject
    written by name before a course number ("greek 101", "psych 101", "comp sci 110") -> its code, when the
    calendar has that course (so "geology 101" never becomes a course that does not exist)."""
    text = _DASHED_CODE_RE.sub(r"\1 \2", text)
    text = _SPELLING_RE.sub(lambda m: SPELLINGS[m.group(0).lower()], text)  # "enuf" -> "enough"
    text = _GRADING_OPTION_RE.sub("CDF grading", text)  # the option's name says no "fail" of the student's
    text = _SPELLED_GRADE_RE.sub(lambda m: m["letter"] + ("-" if m["sign"].lower() == "minus" else "+"), text)
    text = _read_marks(text)
    text = _ARROW_RE.sub(" for ", text)  # "A and B done -> C ok?": the arrow points at the course asked about
    text = _DONE_BRACKET_RE.sub(lambda m: f"{m.group(1)} {m.group(2).strip()},", text)

    def named(m: re.Match) -> str:
        code = f"{SUBJECT_NAMES[m.group(1).lower()]} {m.group(2).upper()}"
        return code if known is None or code in known else m.group(0)
    return _NAMED_CODE_RE.sub(named, text)


_BARE_NUMBER_RE = re.compile(r"(?<![A-Za-z0-9_])(\d{3}[A-Za-z]?)(?![0-9%]|\s*-?\s*level|\s*(?:credits?|cr)\b)",
                             re.IGNORECASE)


def expand_bare_numbers(text: str, subjects: list[str], known: set[str]) -> str:
    """A course number written without its subject ("did ABCD 210 rather than 110", "never passed 340")
    is the course of that subject named nearest before it (or after it), when the calendar has it."""
    codes = find_codes(text, subjects)
    if not codes:
        return text
    out, last = [], 0
    for m in _BARE_NUMBER_RE.finditer(text):
        if any(start <= m.start() < end for _, start, end in codes):
            continue
        before = [c for c, start, _ in codes if start < m.start()]
        after = [c for c, start, _ in codes if start > m.start()]
        subject = (before[-1] if before else after[0]).split()[0]
        code = f"{subject} {m.group(1).upper()}"
        if code in known:
            out.append(text[last:m.start()] + code)
            last = m.end()
    return "".join(out) + text[last:]


def dangling_negation(text: str, mentions: list[CodeMention], placed: list[tuple[int, int]] = ()) -> str:
    """A negation ("haven't finished", "failed") that reached no course code: the history is not fully read.
    Returned so a "yes" can be withheld (a negation whose course ubcal cannot place). One inside ``placed``
    (a subject said to be untaken, "never taken a single POLI course") is read."""
    for m in _CUE_RE.finditer(text):
        if any(start <= m.start() < end for start, end in placed):
            continue
        if not m["not"] or m["not"].lower() in ("no", "not", "never") or re.match(r"(?:do|would|will|should|must)\b",
                                                                               m["not"], re.IGNORECASE):
            continue  # "or do I need econ": an ask, not a course the student says they lack
        if _PRONOUN_OBJECT_RE.match(text[m.end():]) and any(c.role == NOT_DONE and c.end <= m.start()
                                                             for c in mentions):
            continue  # "failed it": placed on the course before
        clause_end = _CLAUSE_CUT_RE.search(text, m.end())
        end = clause_end.start() if clause_end else len(text)
        start = _clause_start(text, m.start())  # "A is still not done": the course before the cue counts
        if not any((c.role == NOT_DONE or c.cue in (RETAKEN, RESULT_UNKNOWN, NOT_UBC_COURSE, EXCEPTED) or c.someone_elses)
                   and start <= c.start <= end for c in mentions):
            return m.group(0)
    return ""


def _clause_start(text: str, pos: int) -> int:
    start = 0
    for m in _CLAUSE_CUT_RE.finditer(text, 0, pos):
        start = m.end()
    return start


# a duty or goal right before a course whose "done" follows it: "need to get A done", "gotta have A finished"
_DUTY_BEFORE_RE = re.compile(r"\b(?:" + "|".join(map(re.escape, _CUE_DATA["duty_before_done"]))
                             + r")\s+(?:to\s+)?(?:get|have)\s+$", re.IGNORECASE)
# a "have" cue that "to" makes a duty; a cue starting with a letter must start a word
_OBLIGATION_RE = re.compile("(?:" + "|".join((r"\b" if w[0].isalpha() else "") + re.escape(w)
                                            for w in _CUE_DATA["obligation_have"]) + ")$", re.IGNORECASE)


_BARE_HAVE_RE = re.compile(r"\s*((?:already |also )?have)\s+", re.IGNORECASE)

_EXCEPTED = _CUE_DATA["excepted_after_none"]
# "no BIOL courses except A", "nothing besides A": a denial of having any, then an exception right before the course
# the denial governs the exception: a few plain words between, none of them "all"/"every" or a comma's break
_EXCEPTED_RE = re.compile(r"\b(?:" + "|".join(_EXCEPTED["none"]) + r")\b(?:\s+(?!all\b|every\w*\b|each\b)[\w'-]+){0,5}?"
                          r"\s+(?:" + "|".join(_EXCEPTED["exception"]) + r")\s*$", re.IGNORECASE)
_EXCEPTION_BEFORE_RE = re.compile(r"\b(?:" + "|".join(_EXCEPTED["exception"]) + r")\s*$", re.IGNORECASE)
_FAILURE_RE = re.compile(r"\b(?:" + "|".join(_EXCEPTED["failure"]) + r")\b", re.IGNORECASE)


def _excepted_from_none(window: str) -> bool:
    """The course is the exception to a denial of having any ("haven't taken anything other than A"), so the
    student has it; "failed nothing except A" turns it round again and is left to the other readings."""
    return _EXCEPTED_RE.search(window) is not None and not _FAILURE_RE.search(window)


# "for context, my plan is A": a remark on the message, not a course asked for
_DISCOURSE_FOR_RE = re.compile(r"^for\s+(?:" + "|".join(re.escape(w) for w in _CUE_DATA["discourse_for"]) + r")\b",
                               re.IGNORECASE)
_MARK_FOR_RE = re.compile(r"\b(?:avg|average|grade|grades|mark|marks|score|gpa)\s+(?:\w+\s+)?for$", re.IGNORECASE)


# "A or the undergrad B": a joiner, then a few words that only describe the next course (no word of status)
_DESCRIBED_JOIN_RE = re.compile(r"^\s*\)?\s*,?\s*(?:or|nor|and)\s+(?P<words>(?:[a-z]+\s+){1,3}?)\(?\s*$", re.IGNORECASE)


def _role_before(text: str, mention: CodeMention, previous: CodeMention | None) -> tuple[str, str]:
    """Role from the nearest cue before the code in its clause, or the previous code's when only a joiner
    separates them ("without A or B": both not completed)."""
    if previous is not None and _LIST_JOIN_RE.match(text[previous.end:mention.start]) \
            and not _LETTER_AFTER_RE.match(text[mention.end:mention.end + 24]):
        return previous.role, previous.cue  # not "taking A, and B I got a C+ in": B's own grade tells its status
    if previous is not None and previous.role == NOT_DONE and (gap := _DESCRIBED_JOIN_RE.match(
            text[previous.end:mention.start])) and not _CUE_RE.search(gap.group("words")):
        return previous.role, previous.cue  # "haven't taken A or the undergrad B course": B is said not taken too
    lo = max(_clause_start(text, mention.start), previous.end if previous else 0)
    if previous is not None:  # "A failed, B done": the cue is A's, told right after it, and a comma ends it
        lo = max(lo, previous.end + _post_cue_end(text[previous.end:mention.start]))
    window = text[lo:mention.start]
    last = None
    for m in _CUE_RE.finditer(window):
        last = m
    if last is None:
        # "have A from first term, taking B now", "second year, have A though": "I" left out, at the start of
        # the clause or of a comma's part of it
        bare = _BARE_HAVE_RE.fullmatch(re.split(r"[,;:]", window)[-1])
        return (DONE, bare.group(1).lower()) if bare and (lo == _clause_start(text, mention.start) or re.search(
            r"[,;:]", window)) else (NONE, "")
    if _excepted_from_none(window):
        return DONE, EXCEPTED
    if last["done"] and _EXCEPTION_BEFORE_RE.search(window[last.end():]):
        return NOT_DONE, "except"  # "passed everything apart from A": the one course the pass leaves out
    # a cue far before the code, with other content words between, is not about this code
    between = window[last.end():]
    if len(re.findall(r"[A-Za-z]+", between)) > 4:
        return NONE, ""
    kind = "not" if last["not"] else "done" if last["done"] else "target"
    if kind == "done" and re.match(r"\s+(?:that|this|it|which|those|these)\b", between, re.IGNORECASE):
        return NONE, ""  # "After that, B?": what comes after is the course asked, "that" the one done first
    if kind == "done" and _OBLIGATION_RE.search(last.group(0)) and re.match(r"\s+to\b", window[last.end():]):
        return NONE, ""  # "have to sit through A", "I've got to take A": a duty, not a course had
    if kind == "target" and _MARK_FOR_RE.search(window[:last.end()]):
        return NONE, ""  # "my combined avg for A was 66": the mark's course, not one asked about
    if kind == "target" and _DISCOURSE_FOR_RE.match(window[last.start():]):
        return NONE, ""
    if kind == "not" and _PRONOUN_OBJECT_RE.match(window[last.end():]):
        return NONE, ""  # "failed it, B possible?": the failed course is the one before, not B
    if kind != "not" and _NEGATED_DONE_RE.search(window[:last.start()]):
        kind = "not"  # "without having done A", "never having taken A", "without taking A"
    return {"not": NOT_DONE, "done": DONE, "target": TARGET}[kind], last.group(0).lower()


# the words between two courses hold the first one's own status, then a mark that ends it ("A failed, B
# done", "A dropped; B ok"): a cue told right after a course, before a comma, belongs to it, while
# "have A, dropped B" puts the comma first and the cue reaches forward
_MARK_RE = re.compile(r"\)?\s*[,;.!?]")


_TITLE_BEFORE_CODE_RE = re.compile(r"(?<=\s)[A-Z][\w'&:,-]*(?:\s+(?:[A-Z0-9][\w'&:,-]*|of|to|and|in|the|for|an?|on|"
                                   r"with|&|-))*\s*\($")  # a title's words: capitalised, or the small ones


def _without_title(gap: str) -> str:
    """The gap before a course named by its title ("..., passed Introduction to Widgets (WIDG 101)"), less the
    title: its words are the course's name, not words told between the two courses."""
    return _TITLE_BEFORE_CODE_RE.sub("", gap)


def _post_cue_end(gap: str) -> int:
    """Where the first course's own status ends in the gap before the next course (past its mark), or 0."""
    if gap.lstrip().startswith((",", ";", ".", "!", "?")):
        return 0
    cue = _POST_NOT_RE.match(gap) or _POST_DONE_RE.match(gap)
    mark = _MARK_RE.match(gap, _GRADE_ASIDE_RE.match(gap, cue.end()).end()) if cue else None
    return mark.end() if mark else 0


_GRADE_ASIDE_RE = re.compile(r"(?:\s*\([^()]{1,12}\))?")  # "A failed (46), B passed (73)": the mark in brackets


# a course's own result, told right before it: it stands against a status told after a list across a clause break
_RESULT_CUE_RE = re.compile(r"passed|failed|completed|finished|aced|flunked|dropped|withdrew(?: from)?", re.IGNORECASE)


_SINGULAR_AFTER_RE = re.compile(r"\s*(?:\([^()]{0,40}\)\s*)?(?:is|was|'s|has\s+been|has)\b", re.IGNORECASE)


def read_mentions(text: str, subjects: list[str]) -> list[CodeMention]:
    """Every code in the text with the role its wording gives it."""
    mentions = [CodeMention(code, start, end) for code, start, end in find_codes(text, subjects)]
    previous = None
    for m in mentions:
        m.role, m.cue = _role_before(text, m, previous)
        m.or_previous = previous is not None and _OR_JOIN_RE.match(text[previous.end:m.start]) is not None
        previous = m
    # cues after a code (or list): "A and B are done", "A (failed)"
    i = 0
    while i < len(mentions):
        j = i
        while j + 1 < len(mentions) and _LIST_JOIN_RE.match(text[mentions[j].end:mentions[j + 1].start]):
            j += 1
        after = text[mentions[j].end:mentions[j].end + 40]
        post = NOT_DONE if _POST_NOT_RE.match(after) else DONE if _POST_DONE_RE.match(after) else ""
        nxt = mentions[j + 1] if j + 1 < len(mentions) else None
        if post and nxt is not None and len(re.findall(r"[A-Za-z']+", _without_title(text[mentions[j].end:nxt.start]))) <= 3 \
                and not _post_cue_end(text[mentions[j].end:nxt.start]):
            post = ""  # "have A, dropped B": the cue reaches forward to B, not back to A

        if post == DONE and _DUTY_BEFORE_RE.search(text[max(0, mentions[i].start - 40):mentions[i].start]):
            post = ""  # "need to get A done first", "supposed to have A finished": a goal, not a fact
        if post and j > i and _SINGULAR_AFTER_RE.match(after) and mentions[i].role in (DONE, NOT_DONE):
            i = j  # "finished A, B and C, and D is in progress": a singular verb is the last course's alone,
            # where the list's head has words of its own
        if post:
            for k in range(i, j + 1):
                m = mentions[k]
                own = k < j and m.role in (DONE, NOT_DONE) and _RESULT_CUE_RE.fullmatch(m.cue or "") is not None \
                    and m.cue.lower() in text[(mentions[k - 1].end if k else 0):m.start].lower() \
                    and re.search(r"[,;]", text[m.end:mentions[k + 1].start]) is not None
                if own:  # "passed A, and B is in progress": A's own word stands; the cue after is B's
                    continue
                if m.role in (NONE, DONE, TARGET) or post == NOT_DONE:
                    m.role, m.cue = post, post
        i = j + 1
    _negate_back(text, mentions)
    _negate_elided(text, mentions)
    for m in mentions:  # "48% in A": a grade below the pass mark is a failed course, not a completed one
        if m.code in (failed := failed_by_grade(text, mentions)) and m.role in (NONE, DONE):
            m.role, m.cue = NOT_DONE, failed[m.code]
    return mentions


# "my brother took A; I haven't.", "... but I didn't": a negated verb with nothing after it speaks of the
# course named last before it
_BARE_NEGATION_RE = re.compile(r"\b(?:i|i'?ve)\s+(?:haven'?t|havent|have not|didn'?t|didnt|did not|never did|"
                               r"hadn'?t|had not|have never|never have)\b(?=\s*(?:$|[.;,!?)\u2014\u2013-]|"
                               r"\s+(?:yet|though|tho|myself|personally|lol)\b))", re.IGNORECASE)


def _negate_elided(text: str, mentions: list[CodeMention]) -> None:
    for cue in _BARE_NEGATION_RE.finditer(text):
        before = [m for m in mentions if m.end <= cue.start() and m.role != TARGET]
        if before and before[-1].role != NOT_DONE:
            before[-1].role, before[-1].cue = NOT_DONE, cue.group(0).lower()


_WITHOUT_CUE_RE = re.compile(r"without|w/o|w/out|skip", re.IGNORECASE)  # "take B without it": it is another course
# a course asked about in its sentence ("can I take B if I failed it"): "it" is not B
_ASKED_BEFORE_RE = re.compile(r"\b(?:can|could|may|might|will|would|should|am|is|are|do|does|eligible|allowed|ok)\b",
                              re.IGNORECASE)


def _negate_back(text: str, mentions: list[CodeMention]) -> None:
    """ "took A but failed it": the course (or, for "them"/"both", the list) just before the pronoun."""
    for cue in BACK_NEGATION_RE.finditer(text):
        nearest = [m for m in mentions if m.end <= cue.start()][-1:]
        if nearest and nearest[0].role == TARGET and not _WITHOUT_CUE_RE.match(cue.group(0)) \
                and not re.search(r"[.?!;]", text[nearest[0].end:cue.start()]) \
                and not _ASKED_BEFORE_RE.search(re.split(r"[.?!;]", text[:nearest[0].start])[-1]):
            # "registered for A but dropped it": a thing done to the course just named, in its own sentence
            # ("for" had read A as the course asked about, and "it" had gone back to the course before)
            nearest[0].role, nearest[0].cue = NOT_DONE, cue.group(0).lower()
            continue
        before = [m for m in mentions if m.end <= cue.start() and m.role != TARGET]  # "take B without it": not B
        if _WITHOUT_CUE_RE.match(cue.group(0)):
            # "rather not take A. I passed C, so B without it?": "it" is not a course just said to be done,
            # and may be one named as a thing to take in an earlier sentence
            sentence = max((p.end() for p in re.finditer(r"[.?!;]", text[:cue.start()])), default=0)
            skipped = [m for m in mentions if m.end <= cue.start() and m.role != DONE
                       and (m.role != TARGET or m.end <= sentence)]
            if skipped:
                before = skipped[-1:]
                before[0].role, before[0].cue = NOT_DONE, cue.group(0).lower()
                continue
        if not before:
            continue
        group = [before[-1]]
        if cue["obj"].lower().startswith(("them", "both")):
            while len(group) < len(before) and _LIST_JOIN_RE.match(text[before[-len(group) - 1].end:group[-1].start]):
                group.append(before[-len(group) - 1])
        for m in group:
            if m.role != TARGET:
                m.role, m.cue = NOT_DONE, cue.group(0).lower()


def read_year_term(text: str) -> tuple[int, int]:
    year = term = 0
    m = _YEAR_RE.search(text)
    if m:
        raw = (m["n"] or m["w"] or m["s"] or "").lower()
        year = int(raw) if raw.isdigit() else ORDINALS.get(raw, 0)
    t = _TERM_RE.search(text)
    if t:
        raw = (t["n"] or t["n2"] or t["w"] or "").lower()
        term = int(raw) if raw.isdigit() else _TERM_WORDS.get(raw, 0)
    return year, term


def read_levels(text: str) -> list[int]:
    """Course levels asked for: "400-level", "4xx", "level 4", "fourth-year courses", "grad courses"."""
    levels = set()
    for m in _LEVEL_RE.finditer(text):
        levels.add(int(m["n"] or m["n2"] or m["n3"]))
    if _GRAD_RE.search(text):
        levels |= {5, 6}
    return sorted(levels)


def read_year_levels(text: str) -> list[int]:
    """Levels implied by "first-year course" wording (used when no numbered level is given)."""
    out = []
    for m in _LEVEL_WORD_RE.finditer(text):
        n = ORDINALS.get(m["w"].lower(), 0)
        if n and n not in out:
            out.append(n)
    return out


def read_subjects(text: str, subjects: list[str]) -> list[str]:
    """Subjects named by code ("ASTR", "ling") or by name ("linguistics", "comp sci"): whole words only."""
    known = {s.upper() for s in subjects}
    found: list[str] = []
    words = re.sub(r"[^a-z0-9]+", " ", text.lower()).split()
    padded = " " + " ".join(words) + " "
    for name in sorted(SUBJECT_NAMES, key=len, reverse=True):
        code = SUBJECT_NAMES[name]
        if code in known and f" {name} " in padded and code not in found:
            found.append(code)
            padded = padded.replace(f" {name} ", " ")
    for word in re.findall(r"[A-Za-z]{2,5}", text):
        upper = word.upper()
        if upper in known and upper not in found:
            bracketed = re.search(rf"\(\s*{word}\s*\)", text) is not None  # "conservation (cons)": a code
            if word.islower() and not bracketed and (word in AMBIGUOUS_SUBJECT_WORDS or len(word) < 3
                                                     or word in _COMMON_WORDS):
                continue
            if word.istitle() and len(word) <= 3:
                continue
            found.append(upper)
    return found


# Lower-case words that are also subject codes but, in a question, are ordinary English.
_COMMON_WORDS = frozenset({"the", "and", "can", "for", "are", "all", "any", "art", "law", "cap", "gem", "res",
                           "des", "mes", "kin", "fish", "food", "soil", "cell", "plan", "info", "cons", "more",
                           "ai", "ba", "fre", "ils", "stat", "writ", "intr", "last", "spe", "sts", "hpb", "lws",
                           "grs", "sgs", "ohs", "ceen", "midw", "asl", "iar", "cnto"})


# "2nd year student", "3rd yr", "in year 3", "4th-year here": the student's year, not a course level
# ("first-year classes") and not a time ("last year", "next year")
_STANDING_RE = re.compile(
    r"\b(?P<w>first|second|third|fourth|fifth|1st|2nd|3rd|4th|5th)[\s-]*(?:year|yr)s?\b"
    r"(?!\s*-?\s*(?:[A-Za-z]+\s+){0,2}(?:course|courses|class|classes|level|seminar|seminars|requirements?|"
    r"program|elective|electives))|"
    r"\b(?:in\s+|i'?m\s+in\s+)(?:year|yr)\s*(?P<n>[1-5])\b", re.IGNORECASE)
# a grade the student states for a course: "70% in CHEM 233", "CHEM 233 (72%)", "MATH 100 with a 55"
_SCORE_BEFORE_RE = re.compile(r"\b(?P<s>\d{2,3}(?:\.\d)?)\s*(?:%|percent)?\s+(?:in|on|for)\s*$", re.IGNORECASE)
_SCORE_AFTER_RE = re.compile(r"^\s*(?:(?:\(|:|-|—|at\s+)?\s*(?P<s>\d{2,3}(?:\.\d)?)\s*(?:%|percent)|"
                             # "A with a 55", "A — finished with a 45", "A: ended up with 48%"
                             r"(?:[-\u2014\u2013:,]\s*)?(?:(?:i\s+)?(?:finished|ended|ended up|passed|completed|done|"
                             r"wrapped up|came out|failed|scraped by|took it)\s+)?(?:but\s+)?(?:only\s+|just\s+)?"
                             r"(?:with|w/|got|scored)\s+(?:an?\s+)?(?P<t>\d{2,3}(?:\.\d)?)\s*(?:%|percent)?"
                             r"(?!\s*(?:credits?|cr|level|-level|hours?)\b)(?!\d|\.\d)"
                             r"(?!\s*(?:%|percent)?\s*\b(?:in|on|for)\s+(?:the\s+)?[A-Za-z]{2,5}\s?\d{3}))", re.IGNORECASE)


# "I'm not a creative writing major", "not in the X dual degree", "so no neuroscience specialization"
_GROUP_NOUN = (r"(?:major|majors|minor|student|students|specialization|specialisation|program|programme|degree|"
               r"honours|cohort|stream|option|certificate|diploma|co-?op)")
# group nouns that tell which group ("the PT certificate", "the WPP co-op"), kept in the group's name
# "minor" and "honours" too: a creative writing minor is not one of the "Majors in Creative Writing"
_NAMING_NOUN_RE = re.compile(r"(?:certificate|diploma|co-?op|minor|honours)$", re.IGNORECASE)
_NOT_IN_RE = re.compile(
    r"(?:\bnot|n't|\bno longer|\bnever been)\s+(?:currently\s+|actually\s+|yet\s+)?(?:(?:a|an|in|into|part of|"
    r"enrolled in|admitted (?:in|into|to)|registered in|accepted (?:in|into|to))\s+)?(?:the\s+|a\s+|an\s+|my\s+)?"
    rf"(?P<what>(?:[A-Za-z][\w.&'-]*\s+){{0,4}}?{_GROUP_NOUN})\b|"
    rf"\bno\s+(?P<what2>(?:[A-Za-z][\w.&'-]*\s+){{0,3}}?{_GROUP_NOUN})\b", re.IGNORECASE)


# "a History major, not Fine Arts": the group noun said once, for the group they are in
_NOT_IN_ELIDED_RE = re.compile(rf"\b(?P<noun>{_GROUP_NOUN})\s*,?\s*(?:but\s+|and\s+)?not\s+(?:a\s+|an\s+|in\s+)?"
                               r"(?P<what>(?-i:[A-Z][\w&'-]*)(?:\s+(?:and\s+|&\s+)?(?-i:[A-Z][\w&'-]*)){0,3})\b"
                               rf"(?!\s+(?:and\s+|&\s+)?(?-i:[A-Z])|\s+{_GROUP_NOUN}\b)", re.IGNORECASE)


# "a history major, not fine arts", "a BA in music, not the BMus": the group written in
# lower case, or with "the", closed by a stop right after it
_NOT_IN_ELIDED_LOWER_RE = re.compile(rf"\b(?P<noun>{_GROUP_NOUN}|B\.?A\.?|B\.?Sc\.?|B\.?Mus\.?|BFA|BCom)\b"
                                     r"(?:\s+(?:in|of)\s+[a-z]+)?\s*,\s*(?:but\s+|and\s+)?not\s+(?:a\s+|an\s+|in\s+|the\s+)?"
                                     r"(?P<what>[A-Za-z][\w.&'-]*(?:\s+[A-Za-z][\w&'-]*){0,2})(?=\s*[.,;?!)])", re.IGNORECASE)


def read_not_in(text: str) -> list[str]:
    """Groups the student says they are not in (program, major, degree), as written."""
    said = [" ".join((m["what"] or m["what2"]).split()) for m in _NOT_IN_RE.finditer(text)]
    said += [f"{m['what']} {m['noun']}" for m in _NOT_IN_ELIDED_RE.finditer(text)]
    said += [m["what"] for m in _NOT_IN_ELIDED_LOWER_RE.finditer(text) if not any(m["what"] in x for x in said)]
    return said + [group for group in read_left_groups(text) if group not in said]


# a year the student says they are not in yet: "not in 3rd year yet", "haven't reached third year"
_NOT_YEAR_BEFORE_RE = re.compile(r"(?:\bnot|n'?t|\bnot yet|\bwithout|\bw/o|\bw/out)\s+(?:yet\s+|quite\s+|even\s+)?(?:in\s+|reached\s+|"
                                 r"hit\s+|made it to\s+|into\s+)?(?:my\s+|a\s+|the\s+)?$", re.IGNORECASE)
# "don't have enough credits yet to count as third year": a year not reached, in words of credits (status_cues.json)
_NOT_REACHED_BEFORE_RE = re.compile("|".join(_CUE_DATA["year_not_reached_before"]), re.IGNORECASE)
# "is a 3rd-year standing needed", "A requires 3rd year": a year asked of the course, not the student's
_YEAR_ASKED_BEFORE_RE = re.compile(r"\b(?:need|needs|require[sd]?|requirement of|must (?:have|be)|(?:have|has|need|got) to be in)\s+"
                                   r"(?:a\s+|the\s+|at least\s+|my\s+)?$",
                                   re.IGNORECASE)
# "not in 3rd year yet (2nd)": a bare ordinal in brackets corrects the year
_BRACKET_YEAR_RE = re.compile(r"\(\s*(?P<w>first|second|third|fourth|fifth|1st|2nd|3rd|4th|5th)\s*\)", re.IGNORECASE)


def _year_number(raw: str) -> int:
    raw = raw.lower()
    return int(raw) if raw.isdigit() else ORDINALS.get(raw, 0)


# when a course was taken, not the year the student is in: "took A during first year", "did it back in 1st yr"
_TAKEN_IN_YEAR_RE = re.compile(r"(?:\b(?:took|taken|did|done|completed|passed|finished|failed|had)|[A-Za-z]{2,5}[ _-]?"
                               r"\d{3}[A-Za-z]?)\s+(?:(?!(?:i'?m|am|i|now|currently|we'?re|and)\b)[\w'-]+\s+){0,3}?"
                               r"(?:in|during)\s+(?:my\s+|the\s+)?$", re.IGNORECASE)


# the student says they have no permission: "no instructor permission yet", "haven't asked the instructor for
# permission", "without the department's consent"
_NO_PERMISSION_RE = re.compile(
    r"\bno\s+(?:instructor'?s?\s+|department(?:al|'s)?\s+|dept\.?\s+|prof'?s?\s+)?(?:permission|consent|approval)\b|"
    r"\b(?:haven'?t|have not|didn'?t|did not|don'?t|do not|never)\s+(?:yet\s+)?(?:asked|gotten|got|get|received|"
    r"obtained|have|had|requested)\b[^.?!]{0,40}?\b(?:permission|consent|approval)\b|"
    r"\bwithout\s+(?:the\s+)?(?:instructor'?s?\s+|department(?:al|'s)?\s+|prof'?s?\s+)?(?:permission|consent|approval)\b|"
    # "the instructor turned down my permission request", "permission was denied"
    r"\b(?:turned down|refused|denied|rejected|declined)\s+(?:me\s+)?(?:my\s+|the\s+|a\s+|our\s+)?(?:\w+\s+)?"
    r"(?:permission|consent|approval)\b|"
    r"\b(?:permission|consent|approval)\b[^.?!]{0,30}?\b(?:was|got|been)\s+(?:turned down|refused|denied|rejected|declined)\b",
    re.IGNORECASE)


def read_no_permission(text: str) -> bool:
    """Whether the student says they have no instructor's or department's permission."""
    return _NO_PERMISSION_RE.search(text) is not None


_CLOSED_HISTORY_RE = re.compile("|".join(_CUE_DATA["closed_history"]), re.IGNORECASE)


_NO_SUBJECT_RES = [re.compile(pattern, re.IGNORECASE) for pattern in _CUE_DATA["no_subject_courses"]]


def read_no_subject_courses(text: str, subjects: list[str]) -> list[str]:
    """The subjects the student says they have no course of ("never taken a single POLI course": "POLI"),
    each with the level when one is said ("no 100-level soc classes": "SOCI 1"). The subject must be read
    as a whole (a code or a subject's name), so "no other courses" names none."""
    return list(dict.fromkeys(said for said, _ in _no_subject_phrases(text, subjects)))


def _no_subject_phrases(text: str, subjects: list[str]) -> list[tuple[str, tuple[int, int]]]:
    """Each subject the student says they have no course of, with where its words stand: the words between
    the negation and the noun are a subject's whole name or code ("no idea which math courses" names none),
    the sentence speaks of the student, not someone else, and not of school before university."""
    found: list[tuple[str, tuple[int, int]]] = []
    known = {s.upper() for s in subjects}
    for pattern in _NO_SUBJECT_RES:
        for m in pattern.finditer(text):
            # "any neuroscience, psychology or biology courses": each subject of a list, all of them known
            said = [x for x in re.split(r"\s*(?:,|\bor\b|\band\b)\s*", m["subject"].strip()) if x]
            codes = [SUBJECT_NAMES.get(x.lower()) or (x.upper() if x.upper() in known else "") for x in said]
            code = codes[0] if codes and all(codes) else ""
            sentence = text[max(text.rfind(c, 0, m.start()) for c in ".?!") + 1:m.start()]
            own = FIRST_PERSON_RE.search(sentence + text[m.start():m.end() + 40]) is not None \
                or ((len(sentence.split()) <= 2 or (not sentence[sentence.rfind(",") + 1:].strip()
                                                    and _SELF_DESCRIBED_RE.search(sentence)))
                    and not _NOT_A_PERSON_RE.search(sentence))  # "3rd-year student, never took any ..."; "never did any
            # math courses here": the subject left out (not "there are no POLI courses offered in summer")
            if not code or any(c not in known for c in codes) or _NO_SUBJECT_OUTSIDE_RE.match(text, m.end()) or not own \
                    or (THIRD_PARTY_RE.search(sentence) and not FIRST_PERSON_RE.search(sentence)):
                continue
            groups = m.groupdict()
            level = groups.get("level") or (str(ORDINALS[groups["year"].lower()]) if groups.get("year") else None) \
                or ("1" if groups.get("intro") else None)  # "first-year biology", "intro ECON classes": level 1
            found += [(f"{c} {level}" if level else c, m.span()) for c in codes]
    return found


# words by which a clause before a comma describes the student ("3rd-year arts student, never took any ...")
_SELF_DESCRIBED_RE = re.compile(r"\b(?:student|major|minor|year|yr|undergrad\w*|here)\b", re.IGNORECASE)
_NOT_A_PERSON_RE = re.compile(r"\b(?:there|it|which|that|they|these|those|this)\b", re.IGNORECASE)
_NO_SUBJECT_OUTSIDE_RE = re.compile("|".join(_CUE_DATA["no_subject_outside"]), re.IGNORECASE)


def subject_negation_spans(text: str, subjects: list[str]) -> list[tuple[int, int]]:
    """Where the student says they have no course of a subject, or not a course's prerequisite ("skip the
    prereq for A"): a negation there is placed, on the subject or on that prerequisite."""
    return [span for _, span in _no_subject_phrases(text, subjects)] + \
        [m.span() for m in _PREREQUISITE_DENIED_RE.finditer(text)]


def read_closed_history(text: str) -> bool:
    """Whether the student says the courses they named are all they have, or that the other routes are closed
    ("I only have A", "none of the other options either"): only then is an unmentioned route a "No"."""
    return _CLOSED_HISTORY_RE.search(text) is not None

# credits of electives the student says they have: "plus 9 credits in electives", "6 credits of electives done"
ELECTIVE_CREDITS_RE = re.compile(r"(?<![\w.])(\d{1,2}(?:\.\d)?)\s*-?\s*(?:cr\.?|credits?)[\s-]+(?:of\s+)?(?:an?\s+)?electives?\b|"
                                  r"(?<![\w.])(\d{1,2}(?:\.\d)?)\s+electives?\s+(?:cr\.?|credits?)\b", re.IGNORECASE)


# "is A a 4 credit course?", "A is 3 credits right?": a credit count the question offers to be checked
_CREDITS_ASKED_RE = re.compile(r"(?<![\w.])(\d{1,2}(?:\.\d)?)\s*-?\s*(?:cr\.?|credits?|credit[\s-]hours?)(?![\w-])",
                               re.IGNORECASE)


_CREDITS_OFFERED_TOO_RE = re.compile(r"(?<![\w.])(\d{1,2}(?:\.\d)?)\s*(?:or|/|to)\s*(?=\d{1,2}(?:\.\d)?\s*(?:cr\.?|credits?)\b)",
                                     re.IGNORECASE)  # "3 or 6 credits?": the first count is offered too


def read_credits_asked(text: str) -> float:
    """The one credit count a question names ("is A worth 6 credits?"), 0 when it names none or several."""
    found = {float(n) for n in _CREDITS_ASKED_RE.findall(text) + _CREDITS_OFFERED_TOO_RE.findall(text)}
    return found.pop() if len(found) == 1 else 0.0


# "I have 9 credits of 300-level MATH done": a credit count the student states, read with the calendar's own
# grammar of counts (rag.index.credit_count) on the words after "credits of", shortened until they read
_STATED_CREDITS_RE = re.compile(r"\b(?P<n>\d{1,2}(?:\.\d)?)\s*(?:credits?|cr)\s+(?:of|in)\s+(?P<rest>[^.,;?!]{2,60})",
                                re.IGNORECASE)
_CREDITS_HAD_RE = re.compile("|".join(_CUE_DATA["credits_had"]), re.IGNORECASE)
# words that make the count one not had: needed, planned, under way, supposed, someone else's (either side of it)
_CREDITS_NOT_HAD_RE = re.compile("|".join(_CUE_DATA["credits_not_had"]), re.IGNORECASE)


def read_stated_credits(text: str) -> list[CreditCount]:
    """The credit counts the student says they have ("I've completed 9 credits of 300-level MATH"), each in
    the calendar's own terms, so a count the calendar asks for can be checked against it. Only a count told
    in a clause with a word of having it and no word of lacking, needing or supposing it is read."""
    found = []
    for m in _STATED_CREDITS_RE.finditer(text):
        clause = text[max(_clause_start(text, m.start()), sentence_start(text, m.start())):m.start()]
        after = re.split(r"[.;?!]", text[m.end():], maxsplit=1)[0]
        if not (_CREDITS_HAD_RE.search(clause) or _CREDITS_HAD_RE.match(after.strip())) \
                or _CREDITS_NOT_HAD_RE.search(clause) or _CREDITS_NOT_HAD_RE.search(m["rest"] + after) \
                or THIRD_PARTY_RE.search(clause):
            continue
        words = m["rest"].split()
        for k in range(len(words), 0, -1):
            count = read_count(f"{m['n']} credits of {' '.join(words[:k])}", SUBJECT_NAMES)
            if count is not None and not count.codes:
                found.append(count)
                break
    return found


_NOT_DONE_WORDS_RE = re.compile("|".join(_CUE_DATA["described_not_done"]), re.IGNORECASE)
_CLAUSE_SPLIT_RE = re.compile(r"[.;!?]+\s*|,?\s+but\s+|,?\s+though\s+", re.IGNORECASE)


_PREREQUISITE_DENIED_RE = re.compile("|".join(_CUE_DATA["prerequisite_denied"]), re.IGNORECASE)


def read_prerequisite_denied(text: str) -> list[str]:
    """The courses whose prerequisite the student says, in words, they have not done or want to skip ("i
    didnt pas the prerequisit for A", "skip the prereq for A"): A, or "" where the words name no course ("I
    failed the prereq. B?": the course asked). Not a question about it ("am I missing the prereq for A?"),
    nothing they did with it ("never had problems with the prereq"), not one taken elsewhere ("didn't take
    the prereq at UBC"), and not one named by its code ("without the prereq B": B is read as B)."""
    found = []
    for m in _PREREQUISITE_DENIED_RE.finditer(text):
        after = text[m.end():]
        if re.match(r"\s*\(?\s*[A-Za-z]{2,5}[ _-]?\d{3}", after) or _ELSEWHERE_AFTER_RE.match(after) \
                or _PREREQUISITE_ASKED_RE.search(text, max(0, m.start() - 16), m.start() + 1) \
                or re.search(r"\b(?:problems?|trouble|issues?|difficult\w*)\b", m.group(0), re.IGNORECASE):
            continue
        course = re.match(r"\s+(?:for|of|to|into)\s+(?P<code>[A-Z]{2,5} \d{3}[A-Z]?)\b", after)
        found.append(course["code"] if course else "")
    return found


_ELSEWHERE_AFTER_RE = re.compile(r"\s+(?:(?:for|of|to)\s+[A-Z]{2,5} \d{3}[A-Z]?\s+)?(?:at|from|in)\s+(?:ubc|here|another|"
                                 r"(?-i:[A-Z]))", re.IGNORECASE)  # "didn't take the prereq at UBC / at Langara"
_PREREQUISITE_ASKED_RE = re.compile(r"\b(?:am|are|do|does|did|have|has|if|whether)\s+(?:i|you|u|we)\s+\w*\s*$", re.IGNORECASE)


def read_not_done_clauses(text: str) -> list[str]:
    """The clauses that say, with no course code, that something was not done ("I flunked comparative vertebrate
    anatomy twice", "I never took a numerical-methods course"): a requirement the calendar words as a
    kind of course ("A course in comparative vertebrate anatomy") is matched against them when answering."""
    return [c.strip() for c in _CLAUSE_SPLIT_RE.split(text)
            if c.strip() and _NOT_DONE_WORDS_RE.search(c) and not re.search(r"\b[A-Za-z]{2,5}[ _-]?\d{3}\b", c)]


def read_elective_credits(text: str) -> float:
    """The elective credits the student states they have, 0 when none are stated."""
    return sum(float(a or b) for a, b in ELECTIVE_CREDITS_RE.findall(text))


def read_year_asked(text: str) -> int:
    """The year a question asks a course's standing against ("need fourth-year standing?", "must I be in
    third year?"), 0 when none: a standing's year where the asking is, else the first year named there."""
    asking = " ".join(x for x in re.split(r"(?<=[.!?])\s+", text) if x.rstrip().endswith("?")) or text
    found = list(_STANDING_RE.finditer(asking))
    # "as a 4th year, is 3rd-year standing required?": the year of the standing, else the one to be in
    m = next((x for x in found if re.match(r"[\s-]*(?:class\s+)?(?:standing|status)\b", asking[x.end():])
              or re.search(r"\bto be in\s+(?:my\s+)?$", asking[:x.start()])), found[0] if found else None)
    return _year_number(m["w"] or m["n"] or "") if m else 0


def read_standing(text: str) -> int:
    """The year standing the student states of themselves, 0 when none; a year they say they are not in
    ("not in 3rd year yet") is not their year, nor the year they took a course in."""
    return _stated_years(text)[0]


def read_standing_below(text: str) -> int:
    """The year the student says they have not reached ("not in 3rd year yet" -> 3), 0 when none."""
    return _stated_years(text)[1]


# who the words speak of (status.py reads them too): someone else, the student, a question asked for someone else
THIRD_PARTY_RE = re.compile("|".join(_CUE_DATA["third_party"]), re.IGNORECASE)
FIRST_PERSON_RE = re.compile("|".join(_CUE_DATA["first_person"]), re.IGNORECASE)
ASKS_FOR_THEM_RE = re.compile("|".join(_CUE_DATA["asks_for_them"]), re.IGNORECASE)


def _someone_elses_year(text: str, at: int) -> bool:
    """"my roommate's a 3rd-year who took A": the year is the roommate's, told in a clause whose subject is
    someone else and where the student does not speak of themselves (it had read as the student's standing)."""
    clause = text[_clause_start(text, at):at]
    return THIRD_PARTY_RE.search(clause) is not None and FIRST_PERSON_RE.search(clause) is None \
        and ASKS_FOR_THEM_RE.search(text) is None  # "my son's a third-year; may he take A": his year counts


# "completed the second year of my program": the year finished, so the student is in the next one
_YEAR_DONE_BEFORE_RE = re.compile(r"\b(?:completed|finished|done with|got through|wrapped up)\s+(?:the\s+|my\s+)?$",
                                  re.IGNORECASE)
# "haven't completed second year", "almost finished", "once I've finished", "will have finished": not done yet
_YEAR_NOT_YET_DONE_RE = re.compile(r"(?:\b(?:not|never|almost|nearly|about to|will|once|if|when|until|by the time|after)"
                                   r"|n'?t|'ll)\b", re.IGNORECASE)
# a standing named, then said not to be had: "Fourth-year standing is something I don't have yet"
_NOT_HAD_AFTER_RE = re.compile(r"[\s-]*(?:class\s+)?(?:standing|status)\b[^.?!]{0,30}?\b(?:i|we)\s+(?:don'?t|do not|dont|"
                               r"haven'?t|have not|havent|lack)\b", re.IGNORECASE)


# "once I have second-year standing, may I take A?": a year made the premise of the question is the year it
# is asked under, whatever year the student is in now (status_cues.json premise_before)
_PREMISE_YEAR_RE = re.compile(r"\b(?:" + "|".join(re.escape(w) for w in sorted(_CUE_DATA["premise_before"], key=len,
                                                                                reverse=True)) + r")\s+(?:i|i'm|im|i've|ive)\b"
                              r"[^.?!,;]{0,25}$", re.IGNORECASE)  # the student's own year, not "if X standing is needed"


def sentence_start(text: str, at: int) -> int:
    """Where the sentence holding position ``at`` begins: after the last stop or line break before it."""
    return max(text.rfind(mark, 0, at) for mark in ".?!\n") + 1


def _year_alone_asked(text: str, m: re.Match) -> bool:
    """"Fourth-year standing? Nope, third year for me": a year asked as a sentence of its own is the course's
    condition echoed back, not the year the student is in."""
    start = sentence_start(text, m.start())
    return not text[start:m.start()].strip() and re.match(r"[\s-]*(?:class\s+)?(?:standing|status)\s*\?",
                                                          text[m.end():]) is not None


_CREDITS_OF_BEFORE_RE = re.compile(r"\bcredits?\s+(?:of|in)\s+(?:my\s+|the\s+)?$", re.IGNORECASE)
_NEXT_WORDS_RE = re.compile(r"[\s-]*([A-Za-z]+)(?:\s+([A-Za-z]+))?")


def _names_course_level(text: str, m: re.Match) -> bool:
    """Whether a year word names a level of courses: after "credits of", or before a subject ("first-year
    english", "1st year BIOL", "first-year poli sci")."""
    if _CREDITS_OF_BEFORE_RE.search(text[max(0, m.start() - 20):m.start()]):
        return True
    after = _NEXT_WORDS_RE.match(text, m.end())
    if after is None or not _COURSE_VERB_BEFORE_RE.search(text[max(0, m.start() - 25):m.start()]):
        return False  # "4th year biology.", "math student, year 2": the student's year in a field
    one, two = after[1], after[2] or ""
    subject = one.lower() in SUBJECT_NAMES or f"{one} {two}".lower() in SUBJECT_NAMES \
        or (one.isupper() and 2 <= len(one) <= 4 and one.upper() in set(SUBJECT_NAMES.values()))
    # "a first-year english student", "2nd year urban studies-ish student": the student, in that field
    return subject and not _PERSON_AFTER_RE.match(text, m.end())


# words of doing courses right before a year word: "took first-year chem", "all my first-year english"
_COURSE_VERB_BEFORE_RE = re.compile(r"\b(?:took|take|taking|taken|did|do|done|doing|passed|failed|completed|finished|"
                                    r"have|had|has|got|any|some|all|no|the|my)\s+(?:\w+\s+){0,2}$", re.IGNORECASE)
_PERSON_AFTER_RE = re.compile(r"[\w\s-]{0,30}?\b(?:student|major|minor|honours|program|here|kid|undergrad|person|"
                              r"guy|girl|one)s?\b", re.IGNORECASE)


_DOUBTED_YEAR_BEFORE_RE = re.compile("|".join(_CUE_DATA["year_doubted_before"]), re.IGNORECASE)
_FUTURE_YEAR_BEFORE_RE = re.compile("|".join(_CUE_DATA["future_year_before"]), re.IGNORECASE)
_ASKED_THIS_TERM_RE = re.compile("|".join(_CUE_DATA["asked_this_term"]), re.IGNORECASE)


def _future_year(text: str, m: re.Match) -> int:
    """"registered for A for next September (I'll be 4th year)": the year the student will be in when the
    course asked is taken, 0 when none is said or a time word puts the course now or this term (the clause
    that tells the student's present year, "3rd year right now", does not count)."""
    present = [y for y in _STANDING_RE.finditer(text) if y.start() != m.start()]
    rest = text
    for y in present:  # "3rd year right now", "first-year rn": the present year's own time words
        clause_end = min((i for i in (text.find(c, y.end()) for c in ".,;!?") if i >= 0), default=len(text))
        rest = rest[:y.start()] + " " * (clause_end - y.start()) + rest[clause_end:]
    return 0 if _ASKED_THIS_TERM_RE.search(rest) else _year_number(m["w"] or m["n"] or "")


def _stated_years(text: str) -> tuple[int, int]:
    """(the student's year, a year they say they have not reached), each 0 when not said: one pass over the
    year mentions, skipping the year a course was taken in; "not in 3rd year yet (2nd)" gives both."""
    year, below = 0, 0
    for m in _STANDING_RE.finditer(text):
        if _names_course_level(text, m):
            continue  # "12 credits of first-year english": a level of courses, not the student's year
        if _DOUBTED_YEAR_BEFORE_RE.search(text[max(0, m.start() - 60):m.start()]):
            continue  # "not sure I'll have enough credits for third-year standing": a year unknown
        negated = _NOT_YEAR_BEFORE_RE.search(text[max(0, m.start() - 24):m.start()]) is not None \
            or _NOT_REACHED_BEFORE_RE.search(text[max(0, m.start() - 70):m.start()]) is not None \
            or _NOT_HAD_AFTER_RE.match(text, m.end()) is not None  # "Fourth-year standing is something I lack"
        if negated and not below:
            below = _year_number(m["w"] or m["n"] or "")
        before = text[max(0, m.start() - 40):m.start()]
        if not negated and _FUTURE_YEAR_BEFORE_RE.search(text[max(0, m.start() - 30):m.start()]):
            ahead = _future_year(text, m)  # "I'll be 4th year by then": the year the course asked is taken in;
            if ahead and not _someone_elses_year(text, m.start()):  # never the year the student is in now
                return ahead, below
            continue
        if not negated and _PREMISE_YEAR_RE.search(before) and not _someone_elses_year(text, m.start()) \
                and not _TAKEN_IN_YEAR_RE.search(before):  # ("if I took A in second year": when, not a year)
            done = _YEAR_DONE_BEFORE_RE.search(text[max(0, m.start() - 30):m.start()]) is not None
            return _year_number(m["w"] or m["n"] or "") + done, below  # "once I've completed second year": third
        if year or _TAKEN_IN_YEAR_RE.search(text[max(0, m.start() - 40):m.start()]) or _someone_elses_year(text, m.start()) \
                or _YEAR_ASKED_BEFORE_RE.search(text[max(0, m.start() - 24):m.start()]) or _year_alone_asked(text, m):
            continue
        if negated:
            bracket = _BRACKET_YEAR_RE.search(text, m.end(), m.end() + 20)
            year = _year_number(bracket["w"]) if bracket else 0
        elif _YEAR_DONE_BEFORE_RE.search(text[max(0, m.start() - 30):m.start()]) \
                and not _YEAR_NOT_YET_DONE_RE.search(text[max(0, m.start() - 40):m.start()]):
            year = _year_number(m["w"] or m["n"] or "") + 1  # "I've completed second year": now in third
        else:
            year = _year_number(m["w"] or m["n"] or "")
    return year, below


# what the student says they are in: "3rd yr BUF student", "a biochem major", "in the BKIN program",
# "BKIN, third year": the words before a group noun, or capitals beside a stated year
_MEMBER_RE = re.compile(rf"(?<![\w'-])(?P<what>(?:[A-Za-z][\w.&'-]*,?\s+){{1,4}}?){_GROUP_NOUN}\b", re.IGNORECASE)
_YEAR_WORDS = r"(?:first|second|third|fourth|fifth|1st|2nd|3rd|4th|5th)[\s-]*(?:year|yr)s?"
_CAPITALS_BY_YEAR_RE = re.compile(rf"(?-i:\b(?P<a>[A-Z]{{2,6}}|B[A-Z][a-z]{{1,3}})\b)(?!\s*[-_]?\d{{3}}),?\s+(?i:{_YEAR_WORDS})\b|"
                                  rf"(?i:{_YEAR_WORDS})\s+(?-i:(?P<b>[A-Z]{{2,6}}|B[A-Z][a-z]{{1,3}}))\b(?!\s*[-_]?\d{{3}})")
_IN_GROUP_RE = re.compile(rf"\bi'?m\s+(?:currently\s+)?in\s+(?:my\s+)?(?:{_YEAR_WORDS}\s+(?:of\s+)?)?(?:the\s+|a\s+)?"
                          r"(?P<what>(?-i:[A-Z][\w&'-]*)(?:\s+(?:(?:of|and|&)\s+)?(?-i:[A-Z][\w&'-]*)){0,3})\b(?![\s_-]*\d)"
                          r"(?:\s*\((?P<initials>(?-i:[A-Z]{2,6}))\))?", re.IGNORECASE)
# a graduate program named by its degree, after "in" ("a first-year student in UBC's Master of Journalism",
# "partway through the M.Sc. in Neuroscience", "doing the MA in Economics")
_GRADUATE_PROGRAM_RE = re.compile(r"\b(?:in|through|doing|start(?:ing)?|into|from|of|to)\s+(?:ubc'?s\s+|the\s+|my\s+|an?\s+)?"
                                  r"(?P<what>(?-i:Master|Doctor|M\.?(?:[A-Z][a-z]?\.?){1,3}|Ph\.?D\.?|MFA|MBA|MA|MSc)"
                                  r"(?:\s+(?:of|in)\s+(?-i:[A-Z][\w&'-]*)(?:\s+(?:and|of|&)?\s*(?-i:[A-Z][\w&'-]*)){0,4})?)"
                                  r"(?!\w|\.\w|[\s_-]*\d)", re.IGNORECASE)
_NOT_MEMBER_WORDS = frozenset({"i", "i'm", "im", "am", "a", "an", "the", "as", "my", "in", "yr", "yrs", "year", "years",
                               "first", "second", "third", "fourth", "fifth", "currently", "now", "still", "just",
                               "also", "and", "but", "so", "only", "being", "here", "hey", "hi", "fellow", "other",
                               "for", "to", "of", "with", "this", "that", "is", "are", "was", "what", "which", "if",
                               "it", "me", "we", "you", "our", "your", "their", "all", "any", "some", "upper", "lower",
                               "level", "year's", "full", "part", "time", "can", "could", "would", "should", "will",
                               "do", "does", "did", "take", "taking", "get", "got", "want", "wanna", "need", "have",
                               "has", "had", "be", "been", "am", "not", "no", "new", "returning", "current",
                               "previous", "prior", "former", "old", "last", "past", "earlier"})  # a group once, not now


def _named_groups(text: str) -> list[tuple[str, int, int]]:
    """Every group the student names as theirs, as written, with where it is named (not those they say they
    are not in, "not a creative writing major", nor someone else's, "my friend is a creative writing major")."""
    out: list[tuple[str, int, int]] = []
    for m in _MEMBER_RE.finditer(text):
        if _NOT_IN_RE.search(text[max(0, m.start() - 12):m.end()]) or re.search(r"(?:\bnot|n't|\bno)\s+$",
                                                                             text[:m.start()]) \
                or _someone_elses_year(text, m.start()):
            continue
        words: list[str] = []  # back from the group noun to the first word that names no group
        for w in reversed(m["what"].split()):
            if w.endswith(",") or w.lower() in _NOT_MEMBER_WORDS or re.search(r"\d|-(?:year|yr)s?$", w, re.IGNORECASE):
                break
            words.insert(0, w)
        noun = m.group(0)[len(m["what"]):].strip()
        if words and _NAMING_NOUN_RE.match(noun):
            words.append(noun)
        if words and not words[0].lower().startswith("non"):  # "non-science students" names who they are not
            out.append((" ".join(words), m.start(), m.end()))
    out += [(m["a"] or m["b"], m.start(), m.end()) for m in _CAPITALS_BY_YEAR_RE.finditer(text)]
    out += [(m["what"], m.start(), m.end()) for m in _GRADUATE_PROGRAM_RE.finditer(text)]  # "in UBC's Master of X"
    for m in _IN_GROUP_RE.finditer(text):  # "in 4th year Kinesiology (BKIN) now"
        out += [(g, m.start(), m.end()) for g in (m["what"], m["initials"]) if g]
    return out


def read_member_of(text: str) -> list[str]:
    """Groups the student says they are in ("BUF", "integrated engineering", "science"), as written, for
    a restriction or standing that names a group; what they say they are not in, left, or only hope to join is
    left out."""
    out = [group for group, start, end in _named_groups(text) if not _not_in_now(text, start, end)]
    out += [m["what"] for m in _IN_FACULTY_RE.finditer(text)  # "a fourth-year student in the Faculty of Arts"
            if not re.search(r"(?:\bnot|n't)\s+(?:\w+\s+){0,3}$", text[max(0, m.start() - 30):m.start()])]
    faculty = {name.lower(): name for name in FACULTIES}
    out += [f"Faculty of {faculty[g.lower()]}" for g in out if g.lower() in faculty]  # "an Arts student"
    levels = [level for level, pattern in _LEVEL_RES.items() for m in pattern.finditer(text)
              if not _LEVEL_LEFT_RE.search(text[max(0, m.start() - 30):m.start()])
              and not _not_in_now(text, m.start(), m.end()) and not _someone_elses_year(text, m.start())]
    # "third-year undergrad": a level of study, a group too; both named ("former undergrad, now a master's
    # student" where the past was not read): neither
    out += levels if len(set(levels)) == 1 else []
    return list(dict.fromkeys(out))


# a level of study the student is not in, or has left: "not an undergrad", "finished my undergrad at McGill"
_LEVEL_LEFT_RE = re.compile(r"(?:\bnot|n't|\bno\s+longer|\bfinished|\bdid|\bcompleted|\bformer(?:ly)?|\bwas|\bwere|"
                            r"\bgraduated|\bduring|\bafter|\bfrom)\s+(?:\w+\s+){0,2}$", re.IGNORECASE)


# the words of a level of study the student names as theirs (status_cues.json, "degree_level")
_LEVEL_RES = {level: re.compile("|".join(words), re.IGNORECASE) for level, words in _CUE_DATA["degree_level"].items()}


def read_left_groups(text: str) -> list[str]:
    """Groups the student says they were turned down by or have left ("failed out of the creative writing
    major", "got rejected from X"): groups they are not in, as surely as "not a X major" says it."""
    return list(dict.fromkeys(group for group, start, end in _named_groups(text) if _left(text, group, start)))


# a group the student applied to, left, was in once, or hopes to join: not one they are in now (status_cues.json)
_NOT_NOW_MEMBER_RE = re.compile("|".join(_CUE_DATA["member_not_now"]), re.IGNORECASE)
_NOT_YET_MEMBER_RE = re.compile("|".join(_CUE_DATA["member_not_yet_before"]), re.IGNORECASE)


_LEFT_MEMBER_RE = re.compile("|".join(_CUE_DATA["member_left"]), re.IGNORECASE)


def _clause_begin(text: str, pos: int) -> int:
    """Where the clause holding ``pos`` starts: just past the stop or comma before it."""
    return max(text.rfind(c, 0, pos) for c in ".,;!?") + 1


def _clause_around(text: str, start: int, end: int) -> str:
    """The clause a group is named in: from the stop or comma before it to the one after it."""
    after = min((i for i in (text.find(c, end) for c in ".,;!?") if i >= 0), default=len(text))
    return text[_clause_begin(text, start):after]


def _left(text: str, group: str, start: int) -> bool:
    """Whether the student says they were turned down by the group or have left it, the group the object of
    those words ("withdrew from the X program", "got rejected from the X major"), not another thing in its
    clause ("a Biology major who withdrew from BIOL 200")."""
    at = text.find(group, start)
    at = start if at < 0 else at
    clause = _clause_begin(text, at)
    if any(re.fullmatch(r"\s*(?:(?:out\s+)?(?:of|from)\s+)?(?:the\s+|my\s+|a\s+|an\s+|ubc'?s\s+)?", text[m.end():at],
                        re.IGNORECASE) for m in _LEFT_MEMBER_RE.finditer(text, clause, at)):
        return True
    # "applied to the BMS program but never got in": the refusal told after the group applied to
    applied = re.search(r"\bappl(?:y|ied|ying|ication)\s+(?:to|for|into)\s+(?:the\s+|a\s+|an\s+)?$", text[clause:at], re.IGNORECASE)
    after = re.match(r"[^.,;!?]{0,30}?\b(?:and|but)\b[^.,;!?]{0,20}", text[at + len(group):])
    return bool(applied and after and _LEFT_MEMBER_RE.search(after.group(0)))


def _not_in_now(text: str, start: int, end: int) -> bool:
    """Whether the clause a group is named in (from the stop or comma before it to the one after it) says the
    student is not in it now: turned down or left anywhere in it, applied, once in or hoping before its noun
    ("I was a Creative Writing major": the match starts at "was")."""
    return _NOT_NOW_MEMBER_RE.search(_clause_around(text, start, end)) is not None \
        or _NOT_YET_MEMBER_RE.search(text[_clause_begin(text, start):end]) is not None  # words before the noun too


# "student in the Faculty of Land and Food Systems": a faculty named after the word for the student
_IN_FACULTY_RE = re.compile(r"\b(?:student|major|undergrad|i'?m|i am|we'?re)\s+(?:\w+\s+){0,2}?in\s+the\s+"
                            r"(?P<what>(?-i:Faculty) of (?-i:[A-Z][\w&'-]*)(?:\s+(?:and\s+|of\s+|&\s+)?(?-i:[A-Z][\w&'-]*)){0,4})",
                            re.IGNORECASE)


# UBC Vancouver's letter grades and the lowest percent each stands for: a letter settles a grade bar only
# when its lowest percent clears it, so "a B in A" never meets "68% or higher" on a guess. F is a fail.
LETTER_FLOOR = {"A+": 90, "A": 85, "A-": 80, "B+": 76, "B": 72, "B-": 68, "C+": 64, "C": 60, "C-": 55, "D": 50}
PASS_MARK = 50  # below it a course is failed, whatever the student calls it
# "an A", "a B+", or a bare capital "B-": never the article "a" itself ("with a friend")
_LETTER = (r"(?:an\s+(?P<an>[aAfF][+-]?)|a\s+(?P<a>[b-dB-D][+-]?)|(?-i:(?P<bare>[A-DF][+-]?)))"
           r"(?![A-Za-z0-9+-])")
_LETTER_BEFORE_RE = re.compile(r"\b(?:got|get|getting|received|earned|had|have|has|scored|pulled|with|w/)\s+"
                               + _LETTER + r"\s+(?:in|on|for)\s*$", re.IGNORECASE)
# ("A as Cr/D/F and got an F": the grading basis named first is no grade)
_LETTER_AFTER_RE = re.compile(r"^\s*(?:\)\s*(?=as\b|under\b|on\b|for\b))?"
                              r"(?:(?:as|under|on|for)\s+(?:" + "|".join(_CUE_DATA["grading_basis"]) + r")\s*,?\s*(?:and|but)?\s*)?"
                              r"(?:\(\s*|(?:-|:|—)?\s*(?:i\s+)?(?:with|w/|got|grade|was|were|ended as|came back as)\s+)"
                              + _LETTER + r"(?=\s*(?:$|[),.;!?&]|and\b|but\b|grade\b|so\b|in\b))", re.IGNORECASE)


_EDITION_RE = re.compile(r"\b(?:19|20)\d{2}\s*[/-]\s*\d{2,4}\b")


_RETAKE_RE = re.compile("|".join(_CUE_DATA["retake_done"]), re.IGNORECASE)
_HOPED_MARK_RE = re.compile("|".join(_CUE_DATA["hoped_mark_before"]), re.IGNORECASE)
# "first was an F", "a 40 the first time": the mark of the first try, never the retake's
_FIRST_TRY_BEFORE_RE, _FIRST_TRY_AFTER_RE = (re.compile(p, re.IGNORECASE) for p in _CUE_DATA["first_try_mark"])
_GRADE_TOLD_RE = re.compile(r"(?<![\d.\w])(?P<s>\d{2,3})(?:\.\d)?\s*(?:%|percent)?(?!\.?\d|\w)|\b" + _LETTER)
RETAKE_REACH = 30  # characters between a retake's words and the mark told with them ("72 on the retake")


def retake_marks(text: str, mentions: list[CodeMention]) -> dict[str, float]:
    """The mark of a course's retake, where the student tells one ("failed A (45), retook it and got 68", "38 in
    A the first time, 72 on the retake"): the mark told with a past retake's words, between the course and the
    next course named. It is the mark of record, so a pass on the retake stands over the first fail. A mark
    hoped for ("retook it, hoping for a 70") is no mark; with no retake told, there is none."""
    out: dict[str, float] = {}
    for i, m in enumerate(mentions):
        end = next((o.start for o in mentions[i + 1:] if o.code != m.code), len(text))
        for cue in _RETAKE_RE.finditer(text, m.end, end):
            near = [f for f in _GRADE_TOLD_RE.finditer(text, max(m.end, cue.start() - RETAKE_REACH),
                                                       min(end, cue.end() + RETAKE_REACH))
                    if not _COUNTED_RE.match(text, f.end())
                    and not _HOPED_MARK_RE.search(text[max(0, f.start() - 25):f.start()])
                    and not _first_try(text, f)]
            after = [f for f in near if f.start() >= cue.end()]
            # the first mark after the words ("retook it and got 68"), else the last before ("72 on the retake")
            if near:
                best = after[0] if after else max(near, key=lambda f: f.start())
                value = _mark_value(best)
                if value is not None:
                    out[m.code] = value
    return out


def _first_try(text: str, found: re.Match) -> bool:
    """Whether the mark is told as the first try's ("first was an F", "a 40 the first time")."""
    return bool(_FIRST_TRY_BEFORE_RE.search(text[max(0, found.start() - 25):found.start()])
                or _FIRST_TRY_AFTER_RE.search(text[found.end():found.end() + 30]))


def _mark_value(found: re.Match) -> float | None:
    """A mark's percent: the number, or a letter's floor (F is a fail, 0)."""
    if found["s"]:
        value = float(found["s"])
        return value if 0 <= value <= 100 else None
    letter = (found["an"] or found["a"] or found["bare"]).upper()
    return 0.0 if letter.startswith("F") else LETTER_FLOOR.get(letter)


def read_scores(text: str, mentions: list[CodeMention]) -> dict[str, float]:
    """Percent grades stated for named courses (only values from 0 to 100); a letter grade counts as the
    lowest percent it stands for (see ``read_letter_grades``)."""
    scores: dict[str, float] = {}
    letters = read_letter_grades(text, mentions)
    text = _EDITION_RE.sub(lambda m: " " * len(m.group()), text)  # "2025/26" names a calendar year, not a mark
    for m in mentions:
        lo = max(0, m.start - 30)
        found = _SCORE_BEFORE_RE.search(text[lo:m.start])
        if found and any(o.start <= lo + found.start("s") < o.end for o in mentions):
            found = None  # "ling 100 for ling 200": the number is another course's, not a grade
        found = found or _SCORE_AFTER_RE.match(text[m.end:m.end + 40]) or _percent_after(text, m, mentions)
        value = found and (found["s"] or found.groupdict().get("t"))
        if value and 0 <= float(value) <= 100:
            scores[m.code] = float(value)
        elif letters.get(m.code) in LETTER_FLOOR:
            scores[m.code] = float(LETTER_FLOOR[letters[m.code]])
        elif (low := _failing_number_after(text, m, mentions)) is not None:
            scores[m.code] = low
    scores.update(retake_marks(text, mentions))
    return scores


# a number that counts something else: "12 credits", "30 other students", "18 months ago"
_COUNTED_RE = re.compile(r"\s*(?:-\s*)?(?:credits?|cr|level|units?|hours?|hrs?|days?|weeks?|months?|years?|yrs?|"
                         r"minutes?|mins?|pages?|people|students?|others?|other|times?|sections?|seats?|spots?|"
                         r"x\b|th\b|st\b|nd\b|rd\b|s\b)", re.IGNORECASE)
_TWO_DIGITS_RE = re.compile(r"(?<![\d.\w])(?P<s>\d{2})(?![\d.]|\w)")


# a high-school course ("Physics 12", "pre-calc 11"), whose number is its grade level, not a mark
HIGH_SCHOOL_COURSE_RE = re.compile(r"\b(?:physics|chemistry|chem|biology|bio|math(?:ematics)?|pre-?calc(?:ulus)?|"
                                   r"calculus|calc|english|french|spanish|geography|history|grade)\s+1[12]\b",
                                   re.IGNORECASE)


def _failing_number_after(text: str, m: CodeMention, mentions: list[CodeMention]) -> float | None:
    """A bare two-digit number below a pass in the course's own clause is its mark ("A came in at 47 for me").
    Only a failing one is read: it can take a "Yes" away but never give one, so a number that was not a mark
    costs at most a "Yes"; a passing number needs the words of ``_SCORE_AFTER_RE``."""
    school = [(x.start(), x.end()) for x in HIGH_SCHOOL_COURSE_RE.finditer(text)]
    for found in _TWO_DIGITS_RE.finditer(text, m.end, _told_after_end(text, m, mentions)):
        if any(lo <= found.start() < hi for lo, hi in school):  # "did Spanish 12": a course, not a mark
            continue
        if re.match(r"\w|\.\d", text[found.end():found.end() + 2]):
            continue  # the reach ended inside a longer number ("the other 300-level ones"): not a mark
        if not _COUNTED_RE.match(text, found.end()) and float(found["s"]) < PASS_MARK:
            return float(found["s"])
    return None


_PERCENT_RE = re.compile(r"(?<![\d.])(?P<s>\d{2,3}(?:\.\d)?)\s*(?:%|percent)")


def _percent_after(text: str, m: CodeMention, mentions: list[CodeMention]) -> re.Match | None:
    """A percent told shortly after the course, before the sentence or another course begins ("A, a fail
    at 41%")."""
    return _PERCENT_RE.search(text, m.end, _told_after_end(text, m, mentions))


def _told_after_end(text: str, m: CodeMention, mentions: list[CodeMention]) -> int:
    """Where the words told right after a course end: at its sentence's end, the next course, or 40
    characters on, whichever comes first (the reach of a mark told after it)."""
    end = min([o.start for o in mentions if o.start >= m.end] + [m.end + 40, len(text)])
    stop = re.search(r"[.?!;]", text[m.end:end])
    return m.end + stop.start() if stop else end


def read_letter_grades(text: str, mentions: list[CodeMention]) -> dict[str, str]:
    """Letter grades stated for named courses: "received a B+ in A", "A (C-)", "A with a D", upper-cased."""
    letters: dict[str, str] = {}
    for m in mentions:
        found = _LETTER_BEFORE_RE.search(text[max(0, m.start - 30):m.start]) or _LETTER_AFTER_RE.match(
            text[m.end:m.end + 40])
        letter = found and (found["an"] or found["a"] or found["bare"])
        if letter:
            letters[m.code] = letter.upper()
    return letters


def failed_by_grade(text: str, mentions: list[CodeMention]) -> dict[str, str]:
    """Courses whose stated grade is a fail (below 50%, or F), with the words to show for it."""
    failed = {code: f"{score:g}% (below {PASS_MARK}%)" for code, score in read_scores(text, mentions).items()
              if score < PASS_MARK}
    failed.update({code: "F" for code, letter in read_letter_grades(text, mentions).items() if letter == "F"})
    return failed


_TITLE_WORD_RE = re.compile(r"[a-z0-9]+")
_MAX_TITLE_WORDS = 12


_TOPIC_BEFORE_RE = re.compile(r"\b(?:(?:courses?|class(?:es)?|anything|something|one|stuff)\s+on|about|covering|covers?|"
                              r"regarding|related to|involving|teach(?:es|ing)?|in the area of)\s+(?:the\s+)?$",
                              re.IGNORECASE)  # "planning on power systems" still names the course


# "next steps in drawing / print media", "more in ...": a field to go on in, not the course of that title
_NEXT_IN_RE = re.compile(r"\b(?:next|further|more|continue|continuing|go on)\b[\w\s']{0,14}\bin\s+(?:the\s+)?"
                         r"(?:[\w-]+\s*(?:/|,|or|and)\s*)?$", re.IGNORECASE)


_LEVEL_NAMED_RE = re.compile(r"\b([1-6])00(?:[- ]?level|s)\b|\blevel[- ]([1-6])00\b", re.IGNORECASE)


def _other_level(text: str, code: str) -> bool:
    """Whether the question names a level and the titled course is not at it (a topic asked at a level)."""
    levels = {a or b for a, b in _LEVEL_NAMED_RE.findall(text)}
    return bool(levels) and code.split()[-1][0] not in levels


_TITLE_JOINERS = frozenset({"to", "and", "of", "the", "in", "for", "a", "an", "on", "with", "i", "ii", "iii", "iv"})
_TITLE_GAP_RE = re.compile(r"^[\s()\[\]:,&/'\-–—.]*$")


def _title_run(words, own: set[str], text: str, edge: int) -> list[re.Match]:
    """The words next to a code, outward from ``edge``, that belong to its title; empty unless two do."""
    run, last = [], edge
    for word in words:
        gap = text[min(last, word.end()):max(last, word.start())]
        w = word.group(0)
        fits = w in own or (run and w in _TITLE_JOINERS) or (len(w) >= 4 and any(t.startswith(w) for t in own))
        if not fits or not _TITLE_GAP_RE.match(gap):
            break
        run.append(word)
        last = word.start() if word.start() < edge else word.end()
    while run and run[-1].group(0) in _TITLE_JOINERS:  # "want to": the edge's joiners are the student's
        run.pop()
    return run if sum(m.group(0) not in _TITLE_JOINERS for m in run) >= 2 else []


def _short(word: str) -> str:
    """A title word as students write it short ("introduction" -> "intro"): titles and questions alike."""
    return TITLE_SHORT_FORMS.get(word, word)


def _title_key(words: list[str]) -> tuple[str, ...]:
    """A title's words as the lookup key, each in its short form."""
    return tuple(_short(w) for w in words)


def _title_names(title: str) -> list[str]:
    """A title and what a student would say of it: the part after the colon of "Widget Studies: Gizmo Level
    II", and a title without its leading article ("Athenians and their Empire" for "The Athenians ...")."""
    head, colon, tail = title.partition(":")
    names = [title, tail.strip()] if colon and tail.strip() else [title]
    return names + [re.sub(r"(?i)^(?:the|an?)\s+", "", n) for n in names if re.match(r"(?i)(?:the|an?)\s+\S", n)]


class CourseTitles:
    """Courses named by title ("can I do municipal engineering now?"), when the title names one course.

    Only titles that no other course shares and that are not a program's or a subject's name count,
    matched as whole word runs; the code is written after the title so every later step reads it like a
    typed code ("municipal engineering (CIVL 409)"). The part of a title after its colon counts as a
    title too ("Orff Level III"). A one-word title ("Sedimentology") counts only beside a typed code of
    the same subject: alone, a word like "poetry" or "finance" names a topic more often than a course.
    """

    def __init__(self, titles: dict[str, str], exclude: set[str] = frozenset(),
                 named_by: dict[str, set[str]] | None = None) -> None:
        """``named_by``: course -> the courses its requirements name, which settles a title several courses
        share when the question types a course that names one of them."""
        self.named_by = named_by or {}
        whole: dict[tuple[str, ...], list[str]] = {}
        tails: dict[tuple[str, ...], list[str]] = {}
        for code, title in titles.items():
            for n, name in enumerate(_title_names(title)):
                key = _title_key(_TITLE_WORD_RE.findall(name.lower()))
                if 1 <= len(key) <= _MAX_TITLE_WORDS and len(" ".join(key)) >= (10 if len(key) > 1 else 8):
                    (tails if n else whole).setdefault(key, []).append(code)
        skip = {_title_key(_TITLE_WORD_RE.findall(x.lower())) for x in exclude} | {
            _title_key(_TITLE_WORD_RE.findall(name)) for name in SUBJECT_NAMES}
        # a whole title wins over the tail of another ("Print Media" is VISA 250, not "Art in Japan: Print Media")
        self.codes = {key: codes[0] for key, codes in tails.items() if len(codes) == 1 and key not in whole}
        self.codes.update({key: codes[0] for key, codes in whole.items() if len(codes) == 1})
        self.codes = {key: code for key, code in self.codes.items() if key not in skip}
        # "Managerial Economics" is COMM 295, FRE 295 and two graduate courses: which one is meant is read
        # from the course the question types, when its requirement names exactly one of them
        self.shared = {key: codes for key, codes in whole.items() if len(codes) > 1 and key not in skip}
        self.words_of = {code: set(_TITLE_WORD_RE.findall(title.lower())) for code, title in titles.items()}

    def blank_own_titles(self, text: str, mentions: list[CodeMention]) -> str:
        """``text`` with the words of each course's own title written beside its code turned to spaces
        ("I want Intro to Widget Analysis (WIDG 410)", "widget studies & action capstone WIDG 402"), at
        the same length so positions hold. A title is the calendar's words, not the student's: it says
        nothing of what they did with the course, yet its topic words had pulled the status classifier
        ("capstone" read as done). A run counts with at least two of the title's words; a word of four
        letters or more may stand for a longer one ("intro")."""
        chars = list(text)
        for m in mentions:
            own = self.words_of.get(m.code)
            if not own:
                continue
            # a run stops at another course's code: its subject letters ("MANU 480") are no title word
            codes = [o for o in mentions if o is not m]
            before = list(_TITLE_WORD_RE.finditer(text[:m.start].lower()))
            after = list(_TITLE_WORD_RE.finditer(text.lower(), m.end))
            before = before[next((k + 1 for k in range(len(before) - 1, -1, -1)
                                  if any(o.start <= before[k].start() < o.end for o in codes)), 0):]
            after = after[:next((k for k, w in enumerate(after) if any(o.start <= w.start() < o.end for o in codes)),
                                len(after))]
            for n, run in enumerate((_title_run(reversed(before), own, text, m.start), _title_run(after, own, text, m.end))):
                for word in run:
                    chars[word.start():word.end()] = " " * (word.end() - word.start())
                for a, b in zip(run, run[1:]):  # "Widgets: The First Steps": its colon is the title's too
                    lo, hi = min(a.end(), b.end()), max(a.start(), b.start())
                    chars[lo:hi] = [" " if ch in ":,-&" else ch for ch in chars[lo:hi]]
                if run and n == 0 and text[m.start - 1:m.start] == "(" and text[m.end:m.end + 1] == ")":
                    chars[m.start - 1] = chars[m.end] = " "  # "audited Intro to Widgets (WIDG 100)": its brackets
                    # held only the code named after its title; left, they read as an aside ("audited (ABC 100)")
        return "".join(chars)

    def _describes_typed(self, run: list[tuple[str, int, int]], typed: list[tuple[str, int, int]], text: str) -> bool:
        """The title words run on, through more of its own title's words, to a course typed beside them
        ("global citizenship part 2 (astu 211)"): they describe that course, though a shorter title
        elsewhere ("Global Citizenship") is theirs word for word."""
        start, end = run[0][1], run[-1][2]
        for code, s, e in typed:
            own = self.words_of.get(code, set())
            gap = text[end:s] if s >= end else text[e:start]
            if not re.search(r"[.?!;]", gap) and all(w in own for w in _TITLE_WORD_RE.findall(gap.lower())) \
                    and all(w in own for w, _, _ in run):
                return True
        return False

    def name_courses(self, text: str, subjects: list[str], keep: list[tuple[int, int]] = ()) -> str:
        """``text`` with the code written after each course title it names (unless the code is there), except
        inside the ``keep`` spans (program titles written out)."""
        if not self.codes and not self.shared:
            return text
        typed = find_codes(text, subjects)
        present = {code for code, _, _ in typed}
        words = [(_short(m.group(0)), m.start(), m.end()) for m in _TITLE_WORD_RE.finditer(text.lower())]
        inserts: list[tuple[int, str]] = []
        i = 0
        while i < len(words):
            for n in range(min(_MAX_TITLE_WORDS, len(words) - i), 0, -1):
                key = tuple(w for w, _, _ in words[i:i + n])
                code = self.codes.get(key) or self._named_by_typed(key, present)
                if code is None:
                    continue
                if code in present:  # a typed code followed by its own long title: the title is that course's,
                    i += n - 1       # whose shorter tail ("mechanics of materials") is another course's
                    break
                if n == 1 and not any(typed_code.split()[0] == code.split()[0] for typed_code in present):
                    continue  # one word ("sedimentology") names a course only beside a code of its subject
                start, end = words[i][1], words[i + n - 1][2]
                if any(lo <= start and end <= hi for lo, hi in keep):
                    continue
                # "WIDG 310 digital widgets", "digital widgets (WIDG 310)": words beside a typed code describe it;
                # "a course about machine learning, 400-level" names a topic, not the course of that title
                # (not across a stop, nor a list's comma: "Calculus III, MATH 221 and B done" names two courses)
                beside = [(s, e) for _, s, e in typed if (0 <= start - e <= 3 and not re.search(r"[.?!;,]", text[e:start]))
                          or (0 <= s - end <= 3 and not re.search(r"[.?!;,]", text[end:s]))]
                if not beside \
                        and not self._describes_typed(words[i:i + n], typed, text) \
                        and not (_TOPIC_BEFORE_RE.search(text[max(0, start - 30):start])
                                 and _other_level(text, code)) \
                        and not _NEXT_IN_RE.search(text[max(0, start - 40):start]):
                    inserts.append((end, f" ({code})"))
                    present.add(code)
                    i += n - 1
                    break
            i += 1
        for end, code in reversed(inserts):
            text = text[:end] + code + text[end:]
        return text

    def shared_title_before(self, text: str, at: int, typed: set[str]) -> bool:
        """Whether the code at ``at`` was written after a title other courses share ("Managerial Economics
        (COMM 295)") that the ``typed`` courses' requirements do not all name: which course the student took
        is then not clearly said, and it matters ("Principles of Macroeconomics", ECON 102 or ECON 311, both
        options of the course asked, is clear enough for it)."""
        if not text[:at].endswith("("):
            return False
        words = list(_title_key(_TITLE_WORD_RE.findall(text[:at - 1].lower())))
        keys = [tuple(words[-n:]) for n in range(1, min(_MAX_TITLE_WORDS, len(words)) + 1)]
        # clear only where one course's requirement names every course of the title (they are its options)
        return any(key in self.shared and not any(set(self.shared[key]) <= self.named_by.get(t, set()) for t in typed)
                   for key in keys)

    def _named(self, code: str, typed: set[str]) -> bool:
        """Whether a typed course's requirement names ``code``."""
        return any(code in self.named_by.get(t, ()) for t in typed)

    def _named_by_typed(self, key: tuple[str, ...], typed: set[str]) -> str | None:
        """The course of a shared title that a typed course's requirement names (the first, if it names several),
        else None."""
        named = sorted(code for code in self.shared.get(key, []) if self._named(code, typed))
        return named[0] if named else None

    def codes_for_titles(self, text: str) -> str:
        """``text`` with each course title that stands right before its own code in brackets dropped: "what's
        left before Widget Casework I (WIDG 442)" reads as "what's left before WIDG 442". For the
        intent classifier, whose sentence vector a title's topic words pull towards a topic question."""
        for found in reversed(list(re.finditer(r"\s*\((?P<code>[A-Z]{2,5} \d{3}[A-Z]?)\)", text))):
            words = [(_short(m.group(0)), m.start()) for m in _TITLE_WORD_RE.finditer(text[:found.start()].lower())]
            for n in range(min(_MAX_TITLE_WORDS, len(words)), 0, -1):
                key = tuple(w for w, _ in words[-n:])
                if self.codes.get(key) == found["code"] or found["code"] in self.shared.get(key, ()):
                    text = text[:words[-n][1]] + found["code"] + text[found.end():]
                    break
        return text

"""Read a question once: what it asks (each part, when it asks several things) and what it says about courses.

The reading is two steps that generalize separately:
1. *slots*, read from the words: course codes with their role (completed, not
   completed, asked about), programs by title or alias, subjects by code or
   name, levels, year and term (``slots``, ``programs``);
2. *intent*, scored by the embedding classifier (``intent``) and limited to
   the intents the slots make possible (a credit total needs two courses, a
   program question a program).
A question with several parts ("the credits of X, and what does it
need?") is split into parts, each read against the shared history. Every
later stage reads this object; none goes back to the raw string.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from rag.index.codes import unique_codes
from rag.understand.described_prerequisite import DescribedPrerequisites
from rag.understand.entities import Entities, EntityFinder
from rag.understand.levels import levels_in_question
from rag.understand.intent import Encoder, IntentClassifier
from rag.understand.intent_examples import CHANGE_EXAMPLES
from rag.understand.lexicon import REQUEST_VERBS, SUBJECT_NAMES
from rag.understand.programs import ProgramFinder
from rag.understand import need_polarity
from rag.understand.status import (NOT_TAKING, UNCLEAR, StatusReader, clause_of, heads_the_question,
                                   in_asking_sentence, wanted, is_hypothesis, placed_after_asked, plan_order,
                                   puts_in_one_term, settle_statuses)
from rag.understand.substitute import Substitution, read_substitution
from rag.understand.slots import (BACK_NEGATION_RE, ELECTIVE_CREDITS_RE, HIGH_SCHOOL_COURSE_RE as _HIGH_SCHOOL_COURSE_RE, CONCURRENT_CUE_RE, DONE, NOT_DONE, PASS_MARK, TARGET, CodeMention, CourseTitles, dangling_negation,
                                  expand_bare_numbers, normalize_text, read_letter_grades, read_levels, read_mentions,
                                  read_member_of, read_credits_asked, read_elective_credits, read_stated_credits, read_not_done_clauses, read_prerequisite_denied, read_no_permission, read_closed_history, read_no_subject_courses, subject_negation_spans, read_not_in, read_year_asked, sentence_start, read_scores, read_standing, read_standing_below,
                                  read_subjects, read_year_levels, read_year_term)

RUNNER_UP_SHARE = 0.5
# With no course named, a word for what the calendar lacks ("tuition", "prof") declines once the classifier
# gives "outside the calendar" this much: a program or subject beside it is only what the fee or teacher is of
OFF_CALENDAR_DECLINE = 0.1  # a second reading at least half as likely as the first is worth trying
# An "outside the calendar" reading of a question naming a course stands on a word for what the calendar
# lacks (OFF_CALENDAR_RE) or on the classifier being this sure. Measured on the dev splits: every true
# decline naming a course scored 0.35-0.72 and had such a word; every false one scored 0.13-0.26.
DECLINE_SURE = 0.4
PLANNING = ("chain", "program_left")  # a whole route or a year's rest: never narrowed to one course's rules
# a chain reading this likely needs no cue word; on every set's dev split 0.55 and above tied, and 0.4 read
# one more question of an older set as a chain
PLANNING_SURE = 0.55
# ... nor does one that leads every other reading by this factor and asks for courses ("zero music so far;
# the courses to do ahead of A?": chain far ahead of the next reading). On the dev splits 1.5 and 2.5
# tied (+5 planning C, none lost once "A next?" and "after A, which ones next" were kept out); the larger kept
PLANNING_LEAD = 2.5
# words that ask for courses, not for a verdict on one ("which courses", "walk me through", "anything else")
_ASKS_FOR_COURSES_RE = re.compile(r"\b(?:what|what's|whats|which|anything|everything|walk me|list|how many)\b",
                                  re.IGNORECASE)
# "which 400-level courses need A": courses as the subject that needs the course asks what A leads to, never
# the way to A, however near the chain questions the sentence vector sits
_NEEDED_BY_RE = re.compile(r"\b(?:courses|classes|ones)\s+(?:\w+\s+)?(?:need|require|list|use)\s+(?:it\b|[A-Z]{2,4}_?V?\s?\d{3})",
                           re.IGNORECASE)
# what changed between two calendar editions; possible only when the words speak of change or of an edition
CHANGE_INTENTS = ("changed", "subject_changes", "new_course", "gone_course", "still_offered", "replaced")
_CHANGE_WORDS = json.loads(Path(__file__).with_name("change_words.json").read_text(encoding="utf-8"))
CHANGE_CUE_RE = re.compile("|".join(_CHANGE_WORDS["cues"]), re.IGNORECASE)
# "may I still join B", "B still doable for us?": the student's path, not the calendar's editions
STUDENT_FRAME_RE = re.compile("|".join(_CHANGE_WORDS["student_frame"]), re.IGNORECASE)
EDITION_FRAME_RE = re.compile("|".join(_CHANGE_WORDS["edition_frame"]), re.IGNORECASE)
OWN_ELIGIBILITY_RE = re.compile("|".join(_CHANGE_WORDS["own_eligibility_ask"]), re.IGNORECASE)
# an intent whose own words must be there too ("is B still being offered": "still", not "offered" alone)
CHANGE_INTENT_CUE_RES = {name: re.compile("|".join(words), re.IGNORECASE)
                         for name, words in _CHANGE_WORDS.get("intent_cues", {}).items()}
_PLANNING_WORDS = json.loads(Path(__file__).with_name("planning_words.json").read_text(encoding="utf-8"))
PLANNING_CUE_RES = {name: re.compile("|".join(_PLANNING_WORDS[name]), re.IGNORECASE)
                    for name in (*PLANNING, "rest", "rest_wh", "start")}
CHANGE_FACET_RES = {facet: re.compile("|".join(words), re.IGNORECASE)
                    for facet, words in _CHANGE_WORDS["facets"].items()}
FACT_INTENTS = (*CHANGE_INTENTS, "chain", "program_left", "reverse_prereq", "unlocks", "eligibility", "need_check", "exclusion", "credit_compare", "compare",
                "coreq_of", "prereq_of", "credits", "credits_total", "program_course", "program_year",
                "subject_level", "topic_level", "describe", "decline")
REASONS = {
    "prereq_of": "asks for a course's prerequisites", "coreq_of": "asks for a course's corequisites",
    "need_check": "asks whether one course is required for another",
    "eligibility": "asks whether a course history meets a course's prerequisites",
    "unlocks": "asks which courses a course history opens up",
    "chain": "asks for every course leading up to a course", "program_left": "asks what is left of a program year",
    "changed": "asks what changed in a course between editions", "subject_changes": "asks which courses of a "
    "subject changed between editions", "new_course": "asks whether a course is new in this edition",
    "gone_course": "asks whether a course was dropped", "still_offered": "asks whether a course is still offered",
    "replaced": "asks which course replaced one that is gone",
    "reverse_prereq": "asks which courses require a course", "exclusion": "asks whether two courses can both earn credit",
    "credits": "asks for a course's credits", "credits_total": "asks for the credits of several courses together",
    "credit_compare": "compares the credits of two courses", "compare": "compares two courses",
    "describe": "asks what a course is about", "program_course": "asks whether a program lists a course",
    "program_year": "asks for a program's requirements", "subject_level": "asks for a subject's courses at a level",
    "topic_level": "asks for a course on a topic", "decline": "asks what the calendar does not hold",
    "none": "no fact intent recognised: retrieval and generation answer it",
}
# Words of a question about the calendar; a discipline word without them ("the best laptop for a comp sci
# science?") is not about a course or a program.
CALENDAR_CUE_RE = re.compile(
    r"\b(?:course|class|program|programme|requirement|require|credit|prereq|prerequisite|co-?req|degree|major|"
    r"minor|honours|speciali[sz]ation|concentration|take|taking|enrol|enroll|register|year|term|grade|standing|"
    r"exam|polic|concession|graduat|admission|admit|transfer|withdraw|deadline|faculty|curriculum|lab|seminar|"
    r"study|studies|learn|teach|cover|syllabus|elective|calendar)", re.IGNORECASE)
# a part that asks (rather than states history: "I have WXYZ 110.", "WXYZ 306, WXYZ 310 done.")
# "two things: what ...", "Comm student: did A, B": a short label before the words that ask or tell
_LABEL = r"(?:[\w' ]{1,30}(?::|\s[-\u2014\u2013])\s+)?"
_ASKS_RE = re.compile(r"\?\s*$|^\s*" + _LABEL + r"(?:(?:and|also|plus|oh|so|&|,)\s+)*(?:what|whats|what's|wat|which|who|whom|whose|when|where|why|how|is|are|am|do|"
                      r"does|did|can|could|would|will|should|may|must|list|show|give|tell|any|anything|compare|"
                      r"describe|explain|sum|name|find|pls|please|"
                      # "total credits of A and B?" asks; "total beginner in french." tells who is asking
                      r"total(?=\s+(?:credits?|creds?|cr|units?|hours|number|amount|of|for)\b|\s*[?:]))\b",
                      re.IGNORECASE)
# a piece that opens with a verb and ends with a full stop goes on the statement before it ("my A exam was
# deferred, still waiting."), where "is it still open?" would ask
_VERB_START_RE = re.compile(r"\s*(?:is|are|am|was|were|do|does|did|has|have|had)\b(?!\s+(?:i|you|u|it|there|this|"
                            r"that|they|we|he|she|[A-Z]{2,5}\s?\d{3})\b)", re.IGNORECASE)
_FOLLOW_UP_RE = re.compile(r"\W*(?:(?:and\s+)?(?:please\s+)?(?:list|show|name|give me|tell me)\s+(?:them|those|it|all|me)"
                           r"(?:\s+all)?|thanks?(?: you)?|thx|pls|please|ty|cheers)\W*", re.IGNORECASE)
# a piece that starts by telling history ("I hold 6 credits of CHEM") is not a question of its own
_HISTORY_START_RE = re.compile(r"\s*" + _LABEL + r"(?:i|i'?ve|i'?m|im|my|having|already)\b", re.IGNORECASE)
# "did chem 233 but skipped the lab." / "have WXYZ 100 and 101.": a question word that opens a statement
# (no person after it, no question mark) tells history; "did I ..." / "have you ..." would ask
_STATEMENT_START_RE = re.compile(r"\s*" + _LABEL + r"(?:(?:so|and|but|also|ok|okay)\s+)?(?:did|have|had|has|done|took|finished|"
                                 r"completed|passed|failed|got)\s+(?!(?:i|you|u|we|they|it|he|she|anyone|anybody|"
                                 r"someone|there|that|this)\b)", re.IGNORECASE)
# facets of one course a single phrase can ask for together ("KIN 232 credits + prereqs?")
FACETS = (("credits", re.compile(r"\bcredits?\b|\bcreds?\b|\bworth\b|\bcr\b|\bunits?\b", re.IGNORECASE)),
          ("prereq_of", re.compile(r"\bpre[\s-]?req\w*|\bprerequisit\w*", re.IGNORECASE)),
          # "what do I take with A, same time": taking alongside is what a corequisite is
          ("coreq_of", re.compile(r"\bco[\s-]?req\w*|\bcorequisit\w*|\bconcurrent\w*|\bsame time\b|"
                                  r"\b(?:taken|take|done|do)\s+alongside\b", re.IGNORECASE)))
# Words about what the calendar records of a course (requisites, credit): a question naming a calendar
# course with them is about the calendar, whatever the rest of its words resemble.
_REQUISITE_WORDS = (r"\bpre[\s-]?req\w*|\bco[\s-]?req\w*|\brequisite|\bprerequisit|\bcorequisit|\brequired?\b|"
                    r"\bexclu|\bequivalen|\bconcurrent")
_REQUISITE_WORD_RE = re.compile(_REQUISITE_WORDS, re.IGNORECASE)
REQUIREMENT_WORD_RE = re.compile(_REQUISITE_WORDS + r"|\brequirements?\b|\brecommended\b|\bcredits?\b",
                                 re.IGNORECASE)
_NEED_RE = re.compile(r"\bneed(?:s|ed)?\b", re.IGNORECASE)
_FIRST_YEAR_RE = re.compile(r"\bfirst[\s-]+year\b", re.IGNORECASE)  # a year, not "first" as in "before"
_NUMBER_ASKED_RE = re.compile(r"\bhow (?:many|much)\b", re.IGNORECASE)  # asks for a number, never a yes or no
# "is A (alone) enough for", "is that the whole prereq of", "would it render me eligible"
_SUFFICES_RE = re.compile(r"\benough\b|\bsuffic|\bsatisf|\bmeets? (?:the|its|all)\b|"
                          # "does A qualify me for B", "would that get me eligible": the course is what qualifies
                          # ("is B open to me" alone asks about the student, whose history must be told)
                          r"\b(?:does|do|would|will|did|is|are|can|could|should)\s+(?:[A-Z]{2,5} \d{3}[A-Z]?|it|that|this|"
                          r"they|these|those|both|all)\b[^?.]{0,40}?\b(?:qualif|eligib)|"
                          r"\bcount(?:s)? (?:as|toward|towards|for) (?:the|a|its) pre|"
                          # "does A count for B", "does that cover B", "would A work for B": A suffices for B
                          r"\b(?:count|counts|work|works|do|does)\s+for\s+[A-Z]{2,5} \d{3}|\bcover(?:s)?\b|"
                          r"\b(?:count|counts)\s+(?:toward|towards)\s+(?:the\s+)?[A-Z]{2,5}\s?\d{3}|"
                          r"\bgood enough\b|\bget(?:s)? me in(?:to)?\b", re.IGNORECASE)
# "does it satisfy the major's requirement": sufficiency for a program, not for a course
_PROGRAM_SUFFICES_RE = re.compile(r"\b(?:major|minor|honou?rs|speciali[sz]ation|program|programme|degree)\b",
                                  re.IGNORECASE)
# the requirements asked about are a course's: "prerequisites of B", "B's prereqs"
_COURSE_REQUISITES_RE = re.compile(r"\b(?:pre[\s-]?req\w*|prerequisit\w*|requirements?)\s+(?:for|of|to|into)\s+"
                                   r"(?:taking\s+)?[A-Z]{2,5} \d{3}|[A-Z]{2,5} \d{3}[A-Z]?(?:'s|s')?\s+"
                                   r"(?:pre[\s-]?req\w*|prerequisit\w*|requirements?)\b", re.IGNORECASE)


def _suffices_for_program(part: str) -> bool:
    """Whether "enough" may be asked of a program ("is A enough for the major"): a program is named and
    the requirements asked about are not a named course's ("I'm a biochem major. are A, B all
    that C's prereqs ask?" asks about C, and had been read as whether the program lists A)."""
    return _PROGRAM_SUFFICES_RE.search(part) is not None and _COURSE_REQUISITES_RE.search(part) is None

# asked after a history: "what's next", "then what", "what's open now", "which ones are open to me"
_WHAT_NEXT_RE = re.compile(r"\b(?:then what|what now|now what|what next|what(?:'?s| is| comes) next|what follows|"
                           r"next steps?|what (?:can|could|should) i take after|where (?:do i go|to) "
                           r"from here|what after)\b", re.IGNORECASE)
_NEXT_ASK_RE = re.compile(r"\b(?:what|which|wat|whats|what's)\b.*\b(?:next|qualify|qualified|eligible|open(?:s|ed)?|"
                          r"can i (?:take|do)|could i (?:take|do)|unlock\w*|afterwards?|(?:comes?|take|do) after|follow\w*|"
                          r"available to me)\b",
                          re.IGNORECASE)
# the course to finish ahead of the other: "finish A first", "A first, mandatory?", "B needs A as a pre-req"
FIRST_COURSE_RE = re.compile(r"([A-Z]{2,5}[ _-]?\d{3}[A-Z]?)\s+(?:first|beforehand|ahead of time|before(?:hand)?\b(?!\s+\w))\b",
                             re.IGNORECASE)
_AS_REQUISITE_RE = re.compile(r"\b(?:need|needs|require|requires|want|wants|list|lists|have|has|use|uses)\s+"
                              r"[A-Z]{2,5}[ _-]?\d{3}[A-Z]?\s+as\s+(?:a|an|its|the)?\s*(?:pre|co)[\s-]?req|"
                              # the statement put to be checked: "A is a prereq of B"
                              r"[A-Z]{2,5}[ _-]?\d{3}[A-Z]?\s+(?:(?:would|will|could|can)\s+)?(?:is|was|be|counts? as|"
                              r"(?:be\s+)?counted as|serves? as)\s+(?:a|an|one of the|the|one)?"
                              r"\s*(?:pre|co)[\s-]?req\w*(?:\s+course)?\s+(?:for|of|to)\b", re.IGNORECASE)
# "the instructor's permission": a condition the calendar states, however teacher-like the word
_PERMISSION_RE = re.compile(r"\bpermission\b|\bconsent\b|\bapproval\b", re.IGNORECASE)
# what a program obliges: with a program named, "required courses" asks for its table
_PROGRAM_DUTY_RE = re.compile(r"\b(?:required|requirements?|mandatory|compulsory|obligatory|core courses?|"
                              r"(?:have|has|need|needs) to (?:take|do)|must (?:take|do))\b", re.IGNORECASE)
# "is KIN 205 (actually) required", "are WXYZ 100 and 101 both needed": whether a named course is needed
# "is completing A a must for registering in B", "is A needed to be taken before B", "is it mandatory to do A
# first": asked whether A is needed, not whether the student (who names A) may take B
_NEED_FIRST_RE = re.compile(r"^\W*(?:(?:so|ok|okay|and|but|also)\W+)?(?:(?:must|do|does|would|will|should)\s+"
                            r"(?:i|you|u|we|one|students?)\s+(?:really\s+|still\s+|actually\s+|first\s+)?"
                            r"(?:have\s+to|need\s+to|be\s+required\s+to)?\s*(?:have\s+)?(?:completed|taken|done|passed|"
                            r"finished|take|do|complete|pass|finish)\b|is\s+it\s+(?:really\s+)?(?:necessary|required|"
                            r"mandatory|compulsory|a must)\s+to\b)", re.IGNORECASE)


# a need asked, not told ("do I really also need A", not "I still need A")
_DO_I_NEED_RE = re.compile(r"\b(?:do|does|would|will|must|should)\s+(?:i|you|u|we|one)\s+(?:\w+\s+){0,2}?need\s+"
                           r"(?:to\s+(?:take|do|have)\s+)?[A-Za-z]{2,5} ?\d{3}", re.IGNORECASE)


def _last_sentence(text: str) -> str:
    """The question's last sentence: where a told history ends and the asking starts."""
    sentences = [x for x in re.split(r"(?<=[.?!])\s+", text.strip()) if x.strip()]
    return sentences[-1] if sentences else text


def _asks_need_first(part: str) -> bool:
    """"must I finish A first", at the start or after a short lead-in ("for B (its title) - must A be done
    before it?")."""
    lead = _LEAD_IN_RE.match(part)
    return _NEED_FIRST_RE.search(part) is not None or (lead is not None and _NEED_FIRST_RE.search(part[lead.end():]) is not None)


# the need-word governs a course: "need A for B?", "B - do I need the first ... course (A)" (not "need for B")
_NEEDS_COURSE_RE = re.compile(r"\b(?:need|needs|require|requires)\s+(?:to\s+(?:have\s+)?(?:take|taken|do|done|finish|"
                              r"finished|complete|completed|pass|passed)\s+)?(?:the\s+|a\s+)?"
                              r"(?:(?!(?:for|before|into|to|in|of)\b)[\w'-]+\s+){0,6}?\(?[A-Z]{2,5}[ _-]?\d{3}",
                              re.IGNORECASE)
_IS_REQUIRED_RE = re.compile(r"\b(?:is|are)\s+(?:the\s+(?:\w+\s+){0,2}?(?:course|class)\s+)?[A-Za-z]{2,5} ?\d{3}[A-Za-z]?\b"
                             r"(?:\s+\w+){0,3}?\s+"
                             r"(?:required|needed|necessary|mandatory|compulsory|obligatory|essential|a must|"
                             r"a pre-?req\w*|a prerequisite|(?:an?\s+)?(?:\w+\s+)?(?:requirement|pre-?req\w*|prerequisite))\b",
                             re.IGNORECASE)
# the course is what is needed: "do I need STAT 200", "STAT 201 is required in 2nd year"
_COURSE_NEEDED_RE = re.compile(r"\b(?:need|needs|needed|require|requires|required)\s+(?:to\s+(?:take|do)\s+)?"
                               r"[A-Za-z]{2,5} ?\d{3}\b|\b[A-Za-z]{2,5} ?\d{3}[A-Za-z]?\s+(?:is\s+|are\s+)?"
                               r"(?:\w+\s+)?(?:required|needed|mandatory|necessary|compulsory|obligatory)\b",
                               re.IGNORECASE)
# "is it on me to take A", "must I do A": a course asked about as an obligation
_MUST_TAKE_RE = re.compile(r"\b(?:have|has|need|needs|got)\s+to\s+(?:take|do|complete|pass)\b|"
                           r"\bmust\s+(?:i\s+|we\s+|you\s+)?(?:take|do|complete|pass)\b", re.IGNORECASE)
# What the calendar does not hold: who teaches, when and where, what it costs, how hard it is, whom to write
# to. Without one of these words, an unsure "decline" of a question naming a course gives way to the
# calendar reading (a student asking "GREK 402 next?" after a course is asking about prerequisites,
# however unusual the wording).
OFF_CALENDAR_RE = re.compile(
    r"\b(?:instructors?|professors?|profs?|teachers?|taught by|who(?:'s| is| will be)? teach\w*|teaching it|"
    r"textbooks?|calculators?|laptops?|supplies|buy|purchase|timetable|any good|in the (?:fall|spring|summer)|this (?:fall|winter|summer)|"
    r"schedules?|scheduled|what time|offered (?:in|this|next|during)|rooms?|waitlist\w*|wait-list\w*|seats?|"
    r"class size|tuition|fees?|cost|price|scholarships?|bursar\w*|housing|residence|parking|e-?mail|phone|"
    r"office hours|grade distribution|class average|average grade|pass rate|fail rate|curved|easy|easiest|"
    r"hard(?![\s-]+(?:requirements?|pre-?req\w*|prerequisites?|co-?req\w*|rule|must|cutoff))|hardest|difficult|workload|hours a week|ratemyprof\w*|reddit|admission average|gpa cutoff|"
    r"acceptance rate|salary|salaries|jobs?|zoom|online|in[- ]person|final exam|midterms?|exam dates?|"
    r"worth it|fun|interesting|boring|who (?:grades|marks|runs|coordinates)|the final(?! year))\b", re.IGNORECASE)
# "which courses unlock X" asks what X needs; "X unlocks which courses" asks what X opens
# the student asks whether they may take a course
_MAY_I_RE = re.compile(r"\b(?:can|could|may|am)\s+i\b|\bfor me\b|\ballowed\b|\beligible\b|\bopen to me\b",
                       re.IGNORECASE)
# "what is A a prereq for?": "for" with nothing after it, so the courses asked for are those A is needed for
# and "which courses name A as a prereq?": A in the place of a prerequisite, with no course it is one for
_PREREQ_FOR_WHAT_RE = re.compile(r"\b(?:pre|co)[\s-]?req\w*\s+(?:for|to|of)\s*(?:[?.!]|$)|"
                                 # "is A a prereq for anything / any other course": what A leads to
                                 r"\b(?:pre|co)[\s-]?req\w*\s+(?:for|to|of)\s+(?:anything|something|any(?:\s+other)?"
                                 r"\s+(?:courses?|classes)|other\s+courses)\b|"
                                 r"\bas (?:a |an |the |one of (?:the |their |its )?|their |its )?(?:pre|co)[\s-]?req\w*"
                                 r"(?!\s+(?:for|to|of)\s+\w)", re.IGNORECASE)
_OPENS_RE = re.compile(r"\b(?:unlock|unlocks|open(?:s)?\s+(?:up|the door to|doors? (?:to|for))|"
                       r"lead(?:s)?\s+(?:to|into)|get(?:s)?\s+me\s+into|qualif(?:y|ies)\s+me\s+for)\b", re.IGNORECASE)
# "before I can do X, which ...", "ahead of taking X, what ...": what X needs (when no history is told)
_BEFORE_COURSE_RE = re.compile(r"\b(?:before|ahead of|prior to)\s+(?:i\s+|you\s+|we\s+)?(?:can\s+|could\s+|may\s+)?"
                               r"(?:take|taking|do|doing|start|starting|enrol\w*|register\w*|sign(?:ing)? up for|"
                               r"get(?:ting)? into|go(?:ing)? into)?\s*(?:in|for|into)?\s*[A-Z]{2,5} \d{3}", re.IGNORECASE)
# what ties one course to another in "do I need A for B", "A before B", "A to get into B"
_COURSE_TO_COURSE_RE = re.compile(r"[A-Z]{2,5} \d{3}[A-Z]?\b.*\b(?:for|before|prior to|ahead of|into|to take|to do|"
                                  r"to get into)\s+[A-Z]{2,5} \d{3}", re.IGNORECASE)
# "does that block / stop me from B", "will it keep me out": asked of a history, whether it bars a course
_STOPS_ME_RE = re.compile(r"\bblock\w*|\bstop\w* me\b|\bprevent\w* me\b|\bkeep\w* me out\b|\bbar\w* me\b|"
                          r"\block\w* me out\b|\brule\w* me out\b", re.IGNORECASE)
_IN_COMMON_RE = re.compile(r"\bshare[sd]?\b|\bin common\b|\bboth (?:need|require|ask for)\b|"
                           r"\bthe same (?:pre-?req\w*|prerequisit\w*|requirements?|earlier courses)\b", re.IGNORECASE)
# "what are the exclusions for X", "does X overlap with anything": one course's credit exclusions
_EXCLUSION_WORD_RE = re.compile(r"\bexclu\w*|\boverlap\w*|\bequivalen\w*|\bcredit for both\b|"
                                r"\bdouble[- ]count\w*|\banti-?req\w*|"
                                r"\b(?:not|never|no longer)\s+(?:get|receive|earn|be given|be granted)\s+credit\b|"
                                r"\b(?:can'?t|cannot|won'?t)\s+(?:i\s+|you\s+)?(?:also\s+)?(?:get|receive|earn)\s+credit\b|"
                                r"\blose\s+(?:the\s+)?credit\b|\bno credit for\b", re.IGNORECASE)
# "may I (still) join X": the shape of an eligibility question; with a program named and no word relating
# the course to the program ("for", "toward", "required in", "lists"), it asks about the course itself
_CAN_TAKE_RE = re.compile(r"\b(?:can|could|may)\s+(?:i|we|he|she|they)\s+(?:still\s+|even\s+|now\s+|just\s+)?"
                          r"(?:take|register|enrol+|sign up|get into|do)\b|\b(?:possible|doable|allowed|eligible|"
                          r"open to me|able to (?:take|register|enrol+))\b", re.IGNORECASE)
_PROGRAM_RELATION_RE = re.compile(r"\b(?:for|toward|towards|count|counts|list|lists|listed|include[sd]?|part of|"
                                  r"in (?:the|my|a)\s+\w*\s*(?:program|major|minor|degree|specialization))\b",
                                  re.IGNORECASE)
# A program is read from a question that names courses only when it is spoken of as a program
# ("the biology specialization", "Mining student", "required in Statistics"): otherwise a subject word
# beside a code ("chem 205 phys chem", "PHYS 309 electrical lab") would turn a course question into one
# about a program's table.
PROGRAM_CUE_RE = re.compile(
    r"\b(?:major|majors|minor|minors|honou?rs|speciali[sz]ations?|spec|program|programs|programme|degree|"
    r"b\.?\s?sc|b\.?\s?a|b\.?\s?a\.?\s?sc|b\.?\s?com|concentration|stream|students?|faculty|"
    r"requirements?|required|requires?|(?:have|has|need|needs) to (?:take|do)(?! before\b)|must (?:take|do)|mandatory|compulsory|"
    r"obligatory|eng|engg|engineers?|"
    r"engineering|count(?:s)? (?:toward|towards|for))\b", re.IGNORECASE)
# "(the BSc, not geo eng)": a program named only to be set aside is not the one asked about, nor a field the
# student has taken nothing in ("haven't taken any data science yet")
_NOT_PROGRAM_RE = re.compile(r"\b(?:not|no|except|rather than|instead of|other than|"
                             r"(?:haven'?t|havent|have not|never|didn'?t|didnt)\s+(?:taken|done|had|take|do)(?:\s+any)?)"
                             r"\s+(?:the\s+)?"
                             r"(?:[a-z]+\s+){0,2}[a-z]+(?:\s+(?:or|nor)\s+(?:[a-z]+\s+){0,2}[a-z]+)?", re.IGNORECASE)
_PART_SPLIT_RE = re.compile(r"(?<=\?)\s+|(?<=[.!;])\s+(?=[A-Za-z])|"
                            # "..., also what does it need" starts a part; "can I also receive credit" does not, nor
                            # does "also" after its clause's subject ("if I also haven't done A"), nor "and also
                            # for B", which goes on with the clause before it ("credit for A and also for B")
                            r"(?<!\bI)(?<!\bwe)(?<!\bthey)(?<!\byou)\s*,?\s+(?:and\s+)?also\s*,?\s+(?!(?:for|get|gets|receive|earn|count|counts|need|needs|have|"
                            r"has|take|do|does|be|qualify|register|enrol\w*|use|apply|satisfy|cover)\b)|"
                            r"\s*,?\s+and\s+(?=(?:what|which|how|is|are|does|do|can|who|when|tell me|list|show me|"
                            r"give me)\b)"
                            # "..., and as B is under way, may I add A?": a reason, then a question
                            r"|\s*,\s*and\s+(?=(?:since|because|as|given that|now that)\b[^?.!]*?\b(?:can|could|may|would|"
                            r"will|should|am|is)\s+i\b)"
                            r"|\s*,\s*(?=(?:what|which|how|does|do|who|when)\b)"
                            # "(1) ... and (2) ...", "1) ... 2) ...", "a) ... b) ...": numbered questions
                            r"|\s*,?\s*(?:and\s+)?(?<!\S)\(?(?:[1-9]|[a-d])\)\s+(?=[A-Za-z])", re.IGNORECASE)
# Text that tries to instruct the system: kept as data, and left out when the intent is scored
INJECTION_RE = re.compile(
    r"ignore (?:all |any |the )?(?:previous|prior|above|earlier) (?:instructions|prompts?)|"
    r"disregard (?:the|your|all) (?:instructions|rules)|system prompt|you are now|act as\b", re.IGNORECASE)
# a comparison cue: with a named course or program, the question needs one lookup per thing compared
_COMPARE_WORDS = (r"compare|comparison|versus|vs\.?|difference|differ|different from|same as|more credits|fewer credits|"
                  r"which (?:one|is)|better")
COMPARISON_RE = re.compile(rf"\b({_COMPARE_WORDS}|both|either)\b", re.IGNORECASE)
MULTI_PART_RE = re.compile(r"\?.+\?", re.DOTALL)
# a word that compares two courses ("both" and "either" name a pair, not a comparison: "both planned")
_COMPARE_WORD_RE = re.compile(rf"\b(?:{_COMPARE_WORDS})\b", re.IGNORECASE)
_PRONOUN_RE = re.compile(r"\b(?:it|this course|that course|this class|that class|this one|that one|its)\b",
                         re.IGNORECASE)
# asked so that "yes" means excluded ("are they excluded?", "does A block credit for B?")
_EXCLUSION_ASK_RE = re.compile(r"exclu|overlap|mutually|same course|\bthe same (?:thing |class |material )?as\b|equivalen|duplicate|only one of|"
                               r"count as the same|redundant|interchangeable|double[- ]?count|\bblock|\bprevent|\bstop(?:s)? me|"
                               r"\brule(?:s)? out|\bbar(?:s)? me|\bdisqualif|\bcancel|\blose\b|\bcount against",
                               re.IGNORECASE)
# asked so that "yes" means credit for both ("is credit given for A as well as B?", "both count?")
_BOTH_ASK_RE = re.compile(r"\b(?:credit|credits|count|counted)\s+(?:for\s+|towards?\s+)?both\b|"
                          # "will the second count for anything on top of the first": whether both earn credit
                          r"\b(?:count|counts|credit|credits)\b[^.?!]{0,30}\bon top of\b|"
                          # "may I double count A and B": may both count (not "is that double counting?")
                          r"\b(?:can|could|may|am)\s+(?:i|we|you)\s+(?:allowed\s+to\s+)?double[- ]?count|"
                          # "would A and B double count?": whether both count (the verb, not "double counting")
                          r"\b(?:would|will|do|does|can|could)\s+(?:\S+\s+){1,6}?double[- ]?count\b|"
                          r"\b(?:[A-Z]{2,5} \d{3}[A-Z]?|both|they|them)\s+double[- ]?count\b\s*(?:\?|\bor\b|$)|"
                          r"\b(?:credit|count|counted)\s+(?:for\s+|towards?\s+)each\b|"
                          r"\bboth(?:\s+of\s+(?:those|them|these|the\s+two))?\s+(?:count|be counted|give credit)|\btake both\b|"
                          # "do A and B both earn credit", "both credited"
                          r"\bboth\s+(?:\w+\s+){0,2}?(?:earn|get|give|carry|credited)\b(?:\s+\w+){0,2}?\s*(?:credit|credits|\b)|"
                          r"\balso (?:get|receive|earn) credit\b|\b(?:extra|additional|new|separate|fresh) credits?\b|\bcounts? as (?:a )?(?:separate|different|new) (?:course|class)\b|\b(?:count|counts|counted) (?:too|as well)\b|"
                          r"\bcredit (?:too|as well)\b|\bboth\s+(?:\w+\s+){0,2}?for\s+credit\b|"
                          # "take B and earn credit for it, or does A stop that?": whether B counts
                          r"\b(?:get|earn|receive)\s+credit\s+for\s+(?:it|this|that|[A-Z]{2,5} \d{3}[A-Z]?)\b|"
                          r"\bone\s+or\s+the\s+other\b|\beither\s+one\s+or\b|\bonly (?:get|receive|earn) (?:credit for )?one\b",
                          re.IGNORECASE)
_ONLY_WAY_RE = re.compile(r"\bonly\s+(?:way|route|option|path|course|thing)\b|\bthe\s+one\s+(?:way|option)\b",
                          re.IGNORECASE)
# a course written as the question's label: "ENVR 430: ...", "ENVR 430 - ..."
# a follow-up that asks the previous question again of another course: "and what about B?", "same for B"
_WHAT_ABOUT_RE = re.compile(r"^\W*(?:(?:and|but|also|ok|so)\W+)?(?:what|how)\s+about\b|"
                            r"^\W*(?:(?:and|also)\W+)?(?:same|ditto)\s+(?:for|with|question for)\b", re.IGNORECASE)
# what a student buys or brings for a course: never a course of the calendar ("do I need a calculator for A")
_SUPPLIES_RE = re.compile(r"\b(?:textbooks?|calculators?|laptops?|supplies|buy|purchase)\b", re.IGNORECASE)
# what admission asks, which the calendar's course and program tables do not hold
_ADMISSION_AVERAGE_RE = re.compile(r"\b(?:admission|entrance|entry)\s+(?:average|gpa|grades?)\b|"
                                   r"\b(?:what|which|how high (?:of )?an?)\s+(?:gpa|average|grades?)\b[^?]*\b(?:need|needed|"
                                   r"required|get into|get in|admitted|accepted)\b|\bgpa\b[^?]*\b(?:cut-?off|to get)\b",
                                   re.IGNORECASE)
# a subject named by its code in brackets: "conservation (cons)", "Integrated Engineering courses (IGEN)"
_SUBJECT_IN_BRACKETS_RE = re.compile(r"\(\s*[A-Za-z]{2,5}\s*\)")
# the sum of credits is asked, whatever else the words say ("how many credits with A and B together")
_CREDIT_SUM_RE = re.compile(r"\bhow many (?:credits?|cr|credit hours)\b|\btotal (?:credits?|cr)\b|"
                            r"\bcredits? (?:in total|altogether|all together|combined|total)\b|"
                            r"\bcredit (?:load|count)\b|\badd up to\b|"
                            # "credits for A + B altogether?", "A plus B, how many together": a sum
                            r"\bcredits?\b[^?.]*\b(?:together|altogether|all together|combined|in total|sum)\b|"
                            r"\b(?:altogether|all together|combined|sum of)\b[^?.]*\bcredits?\b",
                            re.IGNORECASE)
# which way a question about A and B points: is A among B's prerequisites, required for B, or avoidable for B
_NEED_WORDS = json.loads(Path(__file__).with_name("need_words.json").read_text(encoding="utf-8"))
# "is A creditable towards the BSc", "A as an elective, credit or not": whether A earns this student credit
CREDIT_TOWARD_INTENTS = ("none", "credits", "describe")  # readings that answer it as asked (others keep theirs)
_GROUP_AFTER_RE = re.compile(r"\s*((?:[\w&'-]+\.?\s*){1,4}?)\s*(?=[?.!,;:]\s|[?!,;:]|$|\b(?:as|if|or|and|but|so)\b)")


def _credit_group(text: str) -> str:
    """What a course is asked to count toward: the words after "count toward" ("a BSc", "the degree")."""
    m = _CREDIT_TOWARD_RE.search(text)
    if m is None or not re.search(r"(?:my|a|an|the|our)$", m.group(0), re.IGNORECASE):
        return ""
    group = _GROUP_AFTER_RE.match(text, m.end())
    return group.group(1).strip() if group else ""
_RESTATEMENT_RE = re.compile("|".join(_NEED_WORDS["restatement"]), re.IGNORECASE)
_CREDIT_WORDS = json.loads(Path(__file__).with_name("credit_words.json").read_text(encoding="utf-8"))
_CREDIT_TOWARD_RE = re.compile("|".join(_CREDIT_WORDS["asks_credit_toward"]), re.IGNORECASE)
_LOAD_HAD_RES = [re.compile(p, re.IGNORECASE) for p in _CREDIT_WORDS["load_had"]]
_LOAD_TOTAL_ASKED_RE = re.compile("|".join(_CREDIT_WORDS["load_total_asked"]), re.IGNORECASE)


def read_credit_load(part: str) -> float:
    """The credits the student is already taking ("I'm at 12 credits for the term") when the question asks the
    total with a course added ("if I add A, what's my total?"); 0 otherwise."""
    load = next((m for m in (r.search(part) for r in _LOAD_HAD_RES) if m), None)
    return float(load["n"]) if load and _LOAD_TOTAL_ASKED_RE.search(part, load.end()) else 0.0
_CONDITION_WORDS = json.loads(Path(__file__).with_name("condition_words.json").read_text(encoding="utf-8"))
_CONDITION_RES = {kind: re.compile("|".join(_CONDITION_WORDS[kind]), re.IGNORECASE) for kind in ("grade", "permission", "standing", "program")}


# a condition that is not a course, asked to be done without ("into A without fourth-year standing")
_WITHOUT_CONDITION_RE = re.compile("|".join(_CONDITION_WORDS["without"]), re.IGNORECASE)


def _condition_asked(part: str) -> str:
    """The kind of condition that is not a course a question asks a course for ("do I need a B or better in
    the prereqs", "do I need instructor permission"), or "" when it asks none (a grade told is not asked)."""
    # ("Ph.D. program", "M.Sc. degree": an abbreviation's periods end no sentence)
    asking = " ".join(s for s in re.split(r"(?<!\.[A-Za-z]\.)(?<!\.[A-Za-z]{2}\.)(?<=[.!?])\s+", part)
                      if s.rstrip().endswith("?")) or part
    return next((kind for kind, pattern in _CONDITION_RES.items() if pattern.search(asking)), "")


# ("do A and B satisfy / cover / suffice for C": whether the courses are enough, not whether C needs each)
_MEMBERSHIP_RE, _NEED_WORD_RE, _SKIP_RE, _ENOUGH_RE, _BEFORE_WORD_RE = (
    re.compile("|".join(_NEED_WORDS[k]), re.IGNORECASE)
    for k in ("membership", "necessity", "dispensable", "sufficiency", "before"))
_CREDIT_COUNT_ASKED_RE = re.compile(r"\bhow many credits\b", re.IGNORECASE)
_OPTION_ASKED_RE = re.compile("|".join(_NEED_WORDS["option_asked"]), re.IGNORECASE)
_OWN_RECORD_RE = re.compile("|".join(_NEED_WORDS["own_record"]), re.IGNORECASE)
_FEWER_RE = re.compile(r"\b(?:fewer|less|least|lower|smaller)\b", re.IGNORECASE)
# "can you tell me what A needs" / "do you know which ..." ask for content, not for a yes or a no
_YES_NO_RE = re.compile(r"^\s*(?:is|are|does|do|did|can|could|will|would|has|have|am|must|should)\b"
                        r"(?!\s+(?:you|u|ya|someone|anyone|somebody)\s+(?:please\s+|pls\s+|plz\s+)?"
                        r"(?:" + "|".join(REQUEST_VERBS) + r")\b)"
                        r"(?!\s+(?:you|u|ya|someone|anyone|somebody)\s+know\s+(?:what|which|how|when|where|who)\b)",
                        re.IGNORECASE)
_NECESSITY_RE = re.compile(r"\b(?:need|needed|require[sd]?|required|requirement|must|have to|has to|necessary|"
                           r"mandatory)\b", re.IGNORECASE)
_REQUIRES_RE = re.compile(r"\brequire[sd]?\b|\bneeds?\b|\bhave\b.{0,30}\bas (?:a )?pre", re.IGNORECASE)
_FRAME_RE = re.compile(
    r"\b(?:is|are|there|any|a|an|the|which|what|on|about|covers?|covering|teach(?:es)?|with|in|for|of|that|"
    r"course|courses|class|classes|first|second|third|fourth|1st|2nd|3rd|4th|year|level|intro|introductory|"
    r"beginners?|upper|lower|senior|graduate|undergraduate|[1-6]00-level|do|does|you|know|offer(?:ed)?|"
    r"ubc|i|me|my|can|take|want|to|some|good|where|find|it|they|at|or|and)\b", re.IGNORECASE)


@dataclass
class Question:
    """One reading of a question. ``parts`` holds the readings of a several-part question."""
    text: str
    entities: Entities
    intent: str = "none"
    target: str = ""                                        # the course asked about
    targets: list[str] = field(default_factory=list)        # every course asked about (several targets)
    asked: list[str] = field(default_factory=list)          # "do I need A for B": A
    completed: list[str] = field(default_factory=list)
    not_completed: list[str] = field(default_factory=list)
    either: list[str] = field(default_factory=list)         # completed courses named as alternatives ("A or B")
    unknown_completed: list[str] = field(default_factory=list)
    year: int = 0
    term: int = 0
    levels: list[int] = field(default_factory=list)
    subjects: list[str] = field(default_factory=list)
    reason: str = ""
    topic: str = ""
    yes_no: bool = False          # asked as a yes/no question
    asks_excluded: bool = False   # "are they excluded?" (yes = excluded) rather than "credit for both?"
    asks_fewer: bool = False
    asks_skip: bool = False  # "can A be skipped for B": yes means B does not need A
    asks_together: bool = False  # "A and B together, one term": how each names the other
    asks_credit_toward: bool = False  # "would A count towards the BSc": whether A earns this student credit
    asks_condition: str = ""  # "grade" / "permission" / "standing": whether the course asks for that ("need a B or better?")
    credit_group: str = ""  # what it is asked to count toward, in the student's words ("a BSc", "the degree")
    substitute: Substitution | None = None  # "can A stand in for B for C": a fact of C's requirement
    asks_membership: bool = False  # "is A a prerequisite of B" (one option counts) rather than "is A required / needed"
    asks_direction: bool = False  # a word says which of those (or skipping) is asked: else no verdict word leads
    asks_before: bool = False  # "is A a prerequisite / needed beforehand": a corequisite is then no "Yes"
    asks_duty: bool = False  # "second-year ECON: the ones needed?": what a program requires, not a list
    asks_sufficiency: bool = False  # "do A and B cover C": a corequisite still to take makes it a "No"
    confidence: float = 0.0
    parts: list["Question"] = field(default_factory=list)
    runner_up: "Question | None" = None  # the next most likely reading, tried when this one has no answer
    unresolved: str = ""  # a negation that reached no course ("never passed 340"): no "yes" on this history
    year_levels: list[int] = field(default_factory=list)  # levels the wording implies, for retrieval's ranking
    comparison_cue: str = ""      # "compare", "vs", "difference", ...: the words that ask to weigh two things
    several_questions: bool = False  # two question marks: asks more than one thing
    spans: dict[str, list[tuple[int, int]]] = field(default_factory=dict)  # where each named entity stands
    standing: int = 0  # the year the student says they are in ("2nd year student"), 0 when not said
    scores: dict[str, float] = field(default_factory=dict)  # percent grades stated per course
    letters: dict[str, str] = field(default_factory=dict)  # letter grades stated ("B+"), scored at their floor
    not_in: list[str] = field(default_factory=list)  # groups the student says they are not in ("CRWR major")
    member_of: list[str] = field(default_factory=list)  # groups the student says they are in ("BUF", "science")
    standing_below: int = 0  # "not in 3rd year yet": a year the student has not reached, 0 when not said
    no_permission: bool = False  # "no instructor permission yet": a way in by permission is closed
    closed_history: bool = False  # "I only have A", "none of the other options either": nothing else was taken
    no_courses_in: list[str] = field(default_factory=list)  # "never took a POLI course": "POLI"; "SOCI 1" for a level
    concurrent: list[str] = field(default_factory=list)  # not completed, but under way or planned ("taking A now")
    deferred: list[str] = field(default_factory=list)  # planned for after the course asked ("push A to next year")
    under_way: list[str] = field(default_factory=list)  # of the concurrent, those read as in progress now ("taking A")
    not_taking: list[str] = field(default_factory=list)  # told not taken now or later ("won't be taking A")
    unclear: list[str] = field(default_factory=list)  # named, but not clearly said to be done or not: never counted done
    assumed: list[str] = field(default_factory=list)  # planned, and the premise of the question ("once I finish A")
    elective_credits: float = 0.0  # "plus 9 elective credits": counted against a program year's elective rows
    stated_credits: list = field(default_factory=list)  # "I have 9 credits of 300-level MATH": CreditCounts told had
    not_done_clauses: list[str] = field(default_factory=list)  # "I flunked comparative anatomy": no code, not done
    prerequisite_denied: list[str] = field(default_factory=list)  # "i didnt pass the prereq for A": A ("" = the course
    # asked), every course whose prerequisite names is not done
    credits_asked: float = 0.0  # "is A a 4 credit course?": the count a yes/no credits question offers
    credit_load: float = 0.0  # "I'm at 12 credits; add A, total?": the load told, to which A's credits add
    year_asked: int = 0  # "do I need fourth-year standing for A?": the year a standing question offers
    change_facets: list[str] = field(default_factory=list)  # "did its prereqs change": the facets asked; [] = all

    @property
    def relates_two(self) -> bool:
        """A yes/no question read as two courses' prerequisites ("would A be accepted for B's prerequisite?"):
        it asks how the two relate, so its need direction is read, and the answer checks the relation.
        So does a program's skip question naming two courses ("mining student: take A but avoid B?", a yes/no
        question however worded): whether one course can be skipped for the other is the relation, which the
        program table does not tell."""
        return len(self.targets) == 2 and ((self.intent == "prereq_of" and self.yes_no)
                                           or (self.intent == "program_course" and self.asks_skip))

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

    def _grade(self, code: str) -> str:
        score, letter = self.scores[code], self.letters.get(code)
        shown = f"{letter} (at least {score:g}%)" if letter else f"{score:g}%"
        return shown + (f", a fail (below {PASS_MARK}%)" if score < PASS_MARK else "")

    @property
    def reading(self) -> str:
        """One line a student can check: how ubcal read the question."""
        if self.parts:
            return " | ".join(p.reading for p in self.parts)
        bits = []
        if self.either:
            others = [c for c in self.completed if c not in self.either]
            bits.append("completed " + ", ".join(others + [" or ".join(self.either)]))
        elif self.completed:
            bits.append("completed " + ", ".join(self.completed))
        if self.scores:
            bits.append("grades " + ", ".join(f"{c} {self._grade(c)}" for c in self.scores))
        if self.standing and self.intent in ("eligibility", "unlocks"):
            bits.append(f"in year {self.standing}")
        elif self.standing_below and self.intent in ("eligibility", "unlocks"):
            bits.append(f"not yet in year {self.standing_below}")
        if self.no_permission and self.intent == "eligibility":
            bits.append("no instructor or department permission")
        if self.member_of and self.intent == "eligibility":
            bits.append("in " + " / ".join(self.member_of))
        if self.not_in and self.intent == "eligibility":
            bits.append("not in " + ", ".join(self.not_in))
        if self.no_courses_in and self.intent == "eligibility":
            bits.append("no " + ", ".join(_subject_said(s) for s in self.no_courses_in) + " courses")
        if self.prerequisite_denied and self.intent == "eligibility":
            bits.append(f"not completed the prerequisite of {self.target}")
        if self.elective_credits and self.intent == "program_left":
            bits.append(f"{self.elective_credits:g} elective credits done")
        if self.stated_credits and self.intent == "eligibility":
            bits.append("credits you state: " + ", ".join(c.said() for c in self.stated_credits))
        if self.unknown_completed:
            bits.append("completed " + ", ".join(self.unknown_completed) + " (no calendar entry)")
        missing = [c for c in self.not_completed if c not in self.concurrent]
        if self.assumed:
            bits.append("assuming you complete " + ", ".join(self.assumed) + " first")
        concurrent = [c for c in self.concurrent if c not in self.assumed]
        if concurrent:
            bits.append("taking or planning " + ", ".join(concurrent) + " (not completed)")
        if self.deferred:
            bits.append("planning " + ", ".join(self.deferred) + " for after it (not completed)")
        missing = [c for c in missing if c not in self.deferred]
        if self.unclear:
            bits.append(", ".join(self.unclear) + " status unclear (not counted as completed)")
        if missing:
            bits.append("not completed " + ", ".join(missing))
        if self.unresolved and self.intent in ("eligibility", "unlocks", "need_check") and not self.asks_condition:  # where it withholds "yes"
            bits.append(f"could not tell which course \u201c{self.unresolved}\u201d refers to")
        bits.append(_asking(self))
        return "Read as: " + "; ".join(bits) + "."

    def to_dict(self) -> dict:
        return {"intent": self.intent, "reason": self.reason, "reading": self.reading, "target": self.target,
                "targets": self.targets, "asked": self.asked, "completed": self.completed,
                "not_completed": self.not_completed, "either": self.either, "unknown_completed": self.unknown_completed,
                "year": self.year, "term": self.term, "levels": self.levels, "subjects": self.subjects,
                "topic": self.topic, "courses": self.entities.courses,
                "unknown_courses": self.entities.unknown_courses, "programs": self.entities.programs,
                "standing": self.standing, "scores": self.scores, "letters": self.letters, "not_in": self.not_in, "member_of": self.member_of,
                "standing_below": self.standing_below, "no_permission": self.no_permission,
                "closed_history": self.closed_history, "no_courses_in": self.no_courses_in,
                "prerequisite_denied": self.prerequisite_denied,
                "asks_membership": self.asks_membership, "asks_skip": self.asks_skip, "asks_together": self.asks_together,
                "asks_credit_toward": self.asks_credit_toward, "asks_condition": self.asks_condition, "credit_group": self.credit_group,
                "credits_asked": self.credits_asked, "credit_load": self.credit_load,
                "substitute": [self.substitute.substitute, self.substitute.replaced] if self.substitute else [],
                "asks_direction": self.asks_direction, "asks_before": self.asks_before, "asks_duty": self.asks_duty,
                "concurrent": self.concurrent, "under_way": self.under_way, "deferred": self.deferred, "not_taking": self.not_taking, "unclear": self.unclear,
                "assumed": self.assumed,
                "elective_credits": self.elective_credits, "change_facets": self.change_facets,
                "unresolved": self.unresolved, "confidence": round(self.confidence, 3), "parts": [p.to_dict() for p in self.parts],
                "runner_up": self.runner_up.intent if self.runner_up else ""}


def _subject_said(said: str) -> str:
    """"SOCI 1" as "100-level SOCI"; a subject alone as it is."""
    subject, _, level = said.partition(" ")
    return f"{level}00-level {subject}" if level else subject


def _asking(q: Question) -> str:
    t = " and ".join(q.targets or ([q.target] if q.target else [])) or "a course"
    levels = "/".join(f"{n}00" for n in q.levels)
    if q.asks_credit_toward and q.intent in CREDIT_TOWARD_INTENTS and len(set(q.entities.courses)) == 1:
        return f"asking whether {q.entities.courses[0]} counts for credit for you"
    if q.asks_condition and q.target:
        kind = {"grade": "a minimum grade", "standing": "a year standing",
                "program": "a place in a program"}.get(q.asks_condition, "permission")
        return f"asking whether {q.target} asks for {kind}"
    return {
        "prereq_of": f"asking for the prerequisites of {t}", "coreq_of": f"asking for the corequisites of {t}",
        "need_check": (f"asking whether {q.substitute.substitute} can take {q.substitute.replaced}'s place for {t}"
                       if q.substitute else
                       f"asking whether {', '.join(q.asked) or 'a course'} can be skipped for {t}" if q.asks_skip else
                       f"asking whether {', '.join(q.asked) or 'a course'} is required for {t}"),
        "eligibility": f"asking whether you can take {t}",
        "unlocks": "asking which courses that history opens up",
        "chain": f"asking for every course leading up to {t}",
        "changed": f"asking what changed in {t}" + (f" ({', '.join(q.change_facets)})" if q.change_facets else ""),
        "subject_changes": f"asking which {'/'.join(q.subjects) or 'subject'} courses changed"
                           + (f" ({', '.join(q.change_facets)})" if q.change_facets else ""),
        "new_course": f"asking whether {t} is new", "gone_course": f"asking whether {t} was dropped",
        "still_offered": f"asking whether {t} is still offered", "replaced": f"asking what replaced {t}",
        "program_left": f"asking what is left of {q.program}" + (f" year {q.year}" if q.year else ""),
        "reverse_prereq": f"asking which courses require {t}",
        "exclusion": (f"asking whether credit is granted for {q.target} as well" if len(q.targets) > 2 else
                      f"asking whether {' and '.join(q.targets[:2])} are credit-excluded (one course for credit)"
                      if len(q.targets) > 1 and q.asks_excluded else
                      f"asking whether credit is granted for both {' and '.join(q.targets[:2])}"
                      if len(q.targets) > 1 else f"asking for the credit exclusions of {t}"),
        "credits": f"asking how many credits {t} is worth",
        "credits_total": f"asking for the total credits of {', '.join(q.targets)}",
        "credit_compare": f"comparing the credits of {' and '.join(q.targets[:2])}",
        "compare": f"asking how {' and '.join(q.targets[:2])} differ",
        "describe": f"asking what {t} is about",
        "program_course": (f"asking whether {t} can be left out of {q.program}" if q.asks_skip else
                           f"asking whether {q.program} {'requires' if q.asks_duty else 'lists'} {t}"),
        "program_year": f"asking for {q.program}" + (f" year {q.year}" if q.year else "")
                        + (f" term {q.term}" if q.term else "") + " requirements",
        "subject_level": f"asking for {'/'.join(q.subjects) or 'a subject'}'s {levels or 'listed'}-level courses",
        "topic_level": f"asking for a course on \u201c{q.topic}\u201d" + (f" at level {levels}" if levels else ""),
        "decline": "asking something the calendar does not hold",
    }.get(q.intent, "a general question for search")


class Reader:
    """Holds what reading needs: the calendar's codes, subjects, program titles and the intent classifier."""

    def __init__(self, finder: EntityFinder, encode: Encoder | None = None, model_id: str = "",
                 cache_dir: Path | None = None, course_titles: dict[str, str] | None = None,
                 batch_encode: Encoder | None = None) -> None:
        """``course_titles``: code -> title, so a course named by its title is read as its code (a title several
        courses share is settled by ``titles.named_by``, course -> the courses its requirements name, which the
        answering layer sets from the index);
        ``batch_encode``: the same vectors as ``encode``, faster for several texts at once (course mentions)."""
        self.finder = finder
        self.programs = ProgramFinder([t for t, _ in finder.programs])
        self.titles = CourseTitles(course_titles or {}, {t for t, _ in finder.programs})
        self.prerequisites = DescribedPrerequisites()  # "the prereq for A" as its codes (the answering layer sets them)
        self.classifier = IntentClassifier(encode, model_id, cache_dir) if encode is not None else None
        # what changed between editions: its own classifier, asked only where the words speak of change
        self.change_classifier = (IntentClassifier(encode, model_id, cache_dir, CHANGE_EXAMPLES, "change")
                                  if encode is not None else None)
        self.status = StatusReader(batch_encode or encode, model_id, cache_dir) if encode is not None else None
        # which way a need question points, where the need words do not settle it (``need_polarity``)
        self.polarity = (IntentClassifier(encode, model_id, cache_dir, need_polarity.load_examples(), "need_polarity")
                         if encode is not None else None)

    @property
    def subjects(self) -> list[str]:
        return self.finder.subjects

    @property
    def weights_files(self) -> list[str]:
        """The weight files its classifiers loaded: what ``scripts/ship_weights.py`` ships, so a fresh store
        answers its first question without training."""
        models = (self.classifier, self.change_classifier, self.polarity, self.status)
        return [m.weights_file for m in models if m is not None]


def split_parts(text: str, tells_history: Callable[[str], bool] | None = None,
                without_titles: Callable[[str], str] = lambda piece: piece) -> list[str]:
    """The question's parts: statements of history stay attached to the question after them. A piece is a
    statement when it opens like one, or (given ``tells_history``) when every course it names is one the
    student says they have or have not done: "Hi, credit for A came through in first year." speaks of credit,
    but asks nothing."""
    pieces = [p.strip() for p in _PART_SPLIT_RE.split(text) if p and p.strip()]
    parts: list[str] = []
    pending = ""
    for piece in pieces:
        if parts and (_FOLLOW_UP_RE.fullmatch(piece) or _RESTATEMENT_RE.match(piece)):
            parts[-1] = f"{parts[-1]} {piece}"  # "list them", "thanks"; "In other words, ...": no question of its own
            continue
        # ("plus 6 elective credits." tells credits had, asks none)
        # (nor does a course's title: "Unit Operation Design (CHBE 376)" asks for no units)
        names_a_facet = any(p.search(without_titles(ELECTIVE_CREDITS_RE.sub(" ", piece))) for _, p in FACETS) \
            and not _HISTORY_START_RE.match(piece)
        states = (not piece.rstrip().endswith("?") and _STATEMENT_START_RE.match(piece) is not None) \
            or (tells_history is not None and tells_history(piece)) \
            or (piece.rstrip()[-1:] in ".!" and _VERB_START_RE.match(piece) is not None)  # "(and) still waiting."
        if (_ASKS_RE.search(piece) or names_a_facet) and not states:  # "credits for X and what does it need"
            parts.append(f"{pending} {piece}".strip())
            pending = ""
        else:
            pending = f"{pending} {piece}".strip()
    if pending:
        if parts:
            parts[-1] = f"{parts[-1]} {pending}"
        else:
            parts.append(pending)
    return parts or [text]


# a short lead-in before the question proper: "For C, would either A or B count?", "Quick one: is A needed?"
_LEAD_IN_RE = re.compile(r"^\s*(?:[^,:;?.!]+?\s+){0,5}?[^,:;?.!\s]+\s*(?:[,:;]|\s[-\u2013\u2014]+|\.{3,}|\u2026)\s*")
# "A is 3 credits, right?": a statement put to be confirmed (not "which one is right?")
_TAG_QUESTION_RE = re.compile(r"^(?!\s*(?:what|which|how|why|when|where|who)\b)[^?]*?[\s,](?:right|correct|yeah)\s*\?",
                              re.IGNORECASE)


# a condition, then the question's auxiliary with no comma between ("if A then B would that be 6 ...")
_CONDITION_FIRST_RE = re.compile(r"\s*(?:if|once|after)\b(?P<cond>[^?,;.]*?\w[^?,;.]*?)\s(?:will|would|can|could|do|does|is|"
                                 r"are|am|should|shall)\s+(?:i|we|you|it|that|they|this|these|those|both)\b", re.IGNORECASE)
_WH_WORD_RE = re.compile(r"\b(?:what|which|how|where|when|who|why)\b", re.IGNORECASE)


def _asks_yes_no(part: str) -> bool:
    """Whether the question asks for a yes or a no: it opens with an auxiliary ("is", "would", "can"), at
    the start or after a lead-in of at most six words ("For C, would either A or B count?")."""
    if _YES_NO_RE.search(part) or _TAG_QUESTION_RE.search(part):
        return True
    condition = _CONDITION_FIRST_RE.match(part)  # "once A is done is B open"
    if condition is not None and not _WH_WORD_RE.search(condition["cond"]):
        return True
    lead = _LEAD_IN_RE.match(part)
    return lead is not None and _YES_NO_RE.search(part[lead.end():]) is not None


def _tells_history(piece: str, text: str, mentions: list[CodeMention]) -> bool:
    """Whether every course named in ``piece`` (a stretch of ``text``) is one the student says they have
    or have not done, or one someone else did ("my sister said A was easy and she aced it")."""
    start = text.find(piece)
    inside = [m for m in mentions if start >= 0 and start <= m.start < start + len(piece)]
    if not inside or not all(m.role in (DONE, NOT_DONE) or m.someone_elses for m in inside):  # or someone's story
        return False
    if not piece.rstrip().endswith("?"):
        return True
    # a question mark ends a statement only after a course alone ("A? nope, never."), whose answer follows
    rest = text[start:start + len(piece)]
    for m in sorted(inside, key=lambda m: -m.start):
        rest = rest[:m.start - start] + rest[m.end - start:]
    return re.search(r"[A-Za-z]", rest) is None


def _possible(intent: str, codes: list[str], programs: list[str], levels: list[int], subjects: list[str]) -> bool:
    """Whether the slots allow this intent at all."""
    n = len(codes)
    if intent in ("prereq_of", "coreq_of", "credits", "describe", "reverse_prereq", "unlocks", "eligibility", "chain"):
        return n >= 1
    if intent == "program_left":
        return bool(programs)
    if intent == "subject_changes":
        return n == 0 and bool(subjects)
    if intent in CHANGE_INTENTS:
        return n >= 1
    if intent == "exclusion":  # two courses, or one course's exclusions (when the words ask for them)
        return n >= 1
    if intent in ("need_check", "compare", "credit_compare", "credits_total"):
        return n >= 2
    if intent == "program_course":
        return n >= 1 and bool(programs)
    if intent == "program_year":
        return n == 0 and bool(programs)
    if intent == "subject_level":
        return n == 0 and bool(levels) and bool(subjects)
    if intent == "topic_level":
        return n == 0
    return True


def understand(text: str, reader: Reader) -> Question:
    """The one reading of a question that every later step uses."""
    text = normalize_text(text.strip(), reader.finder.known_courses)
    text = expand_bare_numbers(text, reader.subjects, reader.finder.known_courses)
    text = reader.titles.name_courses(text, reader.subjects, reader.programs.spans(text))
    text = reader.prerequisites.name_codes(text)  # "didnt pass the prereq for A": its course, read as any other
    mentions = read_mentions(text, reader.subjects)
    status_text = reader.titles.blank_own_titles(text, mentions)  # a title says nothing of what the student did
    # nor do the elective credits had ("in A now, plus 6 elective credits": A's clause is "in A now")
    status_text = ELECTIVE_CREDITS_RE.sub(lambda m: " " * len(m.group()), status_text)
    if status_text != text:  # the cue words read again without the titles between them ("I have Principles of
        mentions = read_mentions(status_text, reader.subjects)  # Micro (A) and Principles of Macro (B)": a list)
    settle_statuses(status_text, mentions, reader.status.read(status_text, mentions) if reader.status else None)
    for m in mentions:  # a title other courses share names no course clearly done: the status stays unclear
        if m.role == DONE and reader.titles.shared_title_before(text, m.start, {o.code for o in mentions}):
            m.role, m.cue, m.status = "", "", UNCLEAR
    parts = split_parts(text, lambda piece: _tells_history(piece, text, mentions), reader.titles.codes_for_titles)
    if _one_need_question(parts):
        parts = [text]  # "must I take A? B done in its place. C?": whether A can be left out before C
    whole = _read_part(text, text, mentions, reader)
    unresolved = dangling_negation(text, mentions, subject_negation_spans(text, reader.subjects))
    whole = _facet_parts(whole, mentions, reader) if len(parts) < 2 else _split_reading(whole, parts, text,
                                                                                           mentions, reader)
    for q in [whole, whole.runner_up, *whole.parts]:
        if q is not None:
            q.unresolved = unresolved
    return whole


def _one_need_question(parts: list[str]) -> bool:
    """Whether the parts ask one need question: the first asks only whether a course is needed ("must I take
    A?", "is A mandatory?") and the last about another course alone ("C?"), which asks whether A can be left
    out before C; or the first asks whether A is needed for B and the last, naming no course, whether it can
    be done without ("must A come before B? ... could I manage without the first one?"), which asks the same again."""
    if len(parts) < 2:
        return False
    first = re.findall(r"\b[A-Z]{2,5} \d{3}[A-Z]?\b", parts[0])
    last = re.findall(r"\b[A-Z]{2,5} \d{3}[A-Z]?\b", parts[-1])
    if _NECESSITY_RE.search(parts[0]) is None or not parts[0].rstrip().endswith("?"):
        return False
    if len(set(first)) == 2 and not last and _SKIP_RE.search(parts[-1]):
        return True
    return len(set(first)) == 1 and _bare_course_tail(parts[-1]) and bool(last) and not set(last) & set(first)


_SAME_RE = re.compile(r"\b(?:the\s+same|identical)\b", re.IGNORECASE)  # "are A and B the same thing?"


def _split_reading(whole: Question, parts: list[str], text: str, mentions: list[CodeMention],
                   reader: Reader) -> Question:
    """Each part of a several-part question read on its own (with the whole question's history). A program
    year's rest is one question whatever its parts ("year 2: the rest, and the credits?")."""
    if whole.intent == "program_left":
        return whole
    readings = []
    named_here: list[set[str]] = []  # the courses each part names itself (not through "it")
    offset = 0
    carried: list[str] = []
    for part in parts:
        start = text.find(part[:20], offset)
        start = offset if start < 0 else start
        offset = start + len(part)
        local = [m for m in mentions if start <= m.start < start + len(part) + 1]
        named_here.append({m.code for m in local})
        # "..., and then it without B?": "it" is the course before when the part names only the
        # student's history (B not done), which is never what "it" stands for
        told_only = bool(local) and all(m.role in (DONE, NOT_DONE) for m in local) and _PRONOUN_RE.search(part)
        if carried and (not local or told_only) and not set(carried) & {m.code for m in local}:
            local = [m for m in mentions if m.code in carried] + local
            part = _PRONOUN_RE.sub(" and ".join(carried), part, count=1)
            if not any(code in part for code in carried):
                part = f"{part} ({' and '.join(carried)})"
        q = _read_part(part, text, local, reader, history=mentions)
        if readings and local and _WHAT_ABOUT_RE.search(part) and readings[-1].intent in FACT_INTENTS \
                and readings[-1].intent != "decline":
            # "can I take A? and what about B?": the same question, of B
            q.intent, q.reason, q.runner_up = readings[-1].intent, readings[-1].reason, None
            _fill(q, local, mentions, text, reader.finder.known_courses)
        # "that" / "it" in the next part is what this part asked about ("can I take A and B? and the
        # credit total of that?"), else every course it named
        carried = [c for c in q.targets if c in _asked_of(local)] or [m.code for m in local] or carried
        readings.append(q)
    # a part about a course it names that no fact reading fits ("is A graded pass/fail?") beside one that
    # does (whether a second-year may take it): the course's entry, which holds what such parts ask, answers it
    if any(q.intent in FACT_INTENTS and q.intent != "decline" for q in readings):
        for q, own in zip(readings, named_here):
            named = [c for c in q.entities.courses if c in reader.finder.known_courses and c in own]
            asks_requisite = any(p.search(q.text) for p in (_NEED_WORD_RE, _SKIP_RE, _REQUISITE_WORD_RE))
            if q.intent == "none" and named and not asks_requisite:  # "can A be skipped": not the entry's text
                q.intent, q.reason, q.targets, q.target = "describe", REASONS["describe"], named, named[0]
    # a follow-up with nothing of its own ("anything else?") adds no question
    answerable = [q for q in readings if q.intent not in ("none", "decline")]
    if len(answerable) < len(readings) and not answerable:
        answerable = readings
    if len(answerable) < 2 or len({(q.intent, tuple(q.targets or [q.target])) for q in answerable}) < 2:
        return whole
    credit = [q for q in answerable if q.intent == "exclusion"]
    if credit and all(q.intent == "exclusion" or (q.intent == "compare" and set(q.targets) == set(credit[0].targets)
                                                  and (_EXCLUSION_ASK_RE.search(q.text) or _SAME_RE.search(q.text)))
                      for q in answerable):
        return credit[0]  # "are A and B the same course? credit for both?": one question, asked twice over
    whole.parts = answerable
    whole.intent, whole.reason = "multi", f"asks {len(answerable)} things: " + "; ".join(q.reason for q in answerable)
    return whole


def _facet_parts(q: Question, mentions: list[CodeMention], reader: Reader) -> Question:
    """One course asked for several facets in one phrase ("credits + prereqs?"): one part per facet."""
    facets = [name for name, pattern in FACETS if pattern.search(reader.titles.codes_for_titles(q.text))]
    if len(facets) < 2 or len(q.entities.courses) != 1 or q.intent not in dict(FACETS):
        return q
    parts = []
    for name in facets:
        part = _read_part(q.text, q.text, mentions, reader)
        part.intent, part.reason = name, REASONS[name]
        part.targets, part.target = list(q.entities.courses), q.entities.courses[0]
        parts.append(part)
    q.parts = parts
    q.intent, q.reason = "multi", f"asks {len(parts)} things: " + "; ".join(p.reason for p in parts)
    return q


def _history(mentions: list[CodeMention], targets: list[str], known: set[str]) -> tuple[list[str], list[str], list[str]]:
    """(completed known, not completed, completed codes the calendar lacks) from the roles of every mention.
    Only a mention clearly said to be done counts as completed (closed world); see ``_unclear``."""
    done = [m.code for m in mentions if m.code not in targets and m.role == DONE]
    not_done = [m.code for m in mentions if m.role == NOT_DONE and m.code not in targets]
    done = [c for c in dict.fromkeys(done) if c not in not_done]
    return [c for c in done if c in known], list(dict.fromkeys(not_done)), [c for c in done if c not in known]


def _unclear(mentions: list[CodeMention], targets: list[str], settled: list[str]) -> list[str]:
    """Courses named without a clear word of what the student did with them (not asked about either):
    a verdict may not count them as done, and says so."""
    return list(dict.fromkeys(m.code for m in mentions if m.role == "" and m.code not in targets
                              and m.code not in settled and m.status in ("", "unclear", "asked")))


def _read_part(part: str, text: str, local: list[CodeMention], reader: Reader,
               history: list[CodeMention] | None = None) -> Question:
    finder = reader.finder
    known = finder.known_courses
    codes = list(dict.fromkeys(m.code for m in local))
    courses = [c for c in codes if c in known]
    unknown = [c for c in codes if c not in known]
    # "PHYS 119" is neither the Physics program nor level 100; "physics 12" is a high-school course
    bare = _HIGH_SCHOOL_COURSE_RE.sub(" ", _without_codes(part, local, text))
    programs = reader.programs.find(_NOT_PROGRAM_RE.sub(" ", bare))
    named_programs = programs
    year, term = read_year_term(bare)
    # "IGEN 2nd year: which other year-2 courses remain": a year of study asked with what is left names the
    # program, though its courses are named too
    year_left = year and PLANNING_CUE_RES["program_left"].search(bare)
    if codes and not (PROGRAM_CUE_RE.search(bare) or year_left):  # a subject word beside a code names the course's field;
        titled = set(finder.find(bare).programs)  # a program's whole title still names the program
        programs = [p for p in programs if p in titled]
    levels = read_level_list(bare)
    subjects = read_subjects(bare, reader.subjects)
    cue = _comparison_cue(part, text, local)
    graded = history if history is not None else local
    # "74% in Widget Studio II (WIDG 202)": marks are read with each title written as its code
    marked = reader.titles.codes_for_titles(text)
    if marked != text:
        graded = [m for m in read_mentions(marked, reader.subjects) if m.code in {t.code for t in graded}]
    q = Question(text=part, entities=Entities(courses=courses, unknown_courses=unknown, programs=programs),
                 year=year, term=term, levels=levels, subjects=subjects,
                 yes_no=_asks_yes_no(part), year_levels=sorted(levels_in_question(part)),
                 comparison_cue=cue.group(0) if cue else "", several_questions=MULTI_PART_RE.search(part) is not None,
                 spans=finder.spans(part), standing=read_standing(text),
                 scores=read_scores(marked, graded), letters=read_letter_grades(marked, graded),
                 not_in=read_not_in(text), member_of=_with_subject_names(read_member_of(text)),
                 standing_below=read_standing_below(text), no_permission=read_no_permission(text), closed_history=read_closed_history(text),
                 no_courses_in=read_no_subject_courses(text, reader.subjects),
                 elective_credits=read_elective_credits(text), stated_credits=read_stated_credits(text),
                 not_done_clauses=read_not_done_clauses(text), prerequisite_denied=read_prerequisite_denied(part),
                 asks_credit_toward=_CREDIT_TOWARD_RE.search(part) is not None,
                 asks_condition=_condition_asked(part), year_asked=read_year_asked(part),
                 credit_group=_credit_group(part), credits_asked=read_credits_asked(part),
                 credit_load=read_credit_load(part))
    sentences = [p for p in re.split(r"(?<=[.!?])\s+", part) if not INJECTION_RE.search(p)]
    asked = " ".join(sentences) or part
    # the facet words asked, without the sentences that only tell history ("I audited A, no credit."): their
    # words ("credit", "dropped") speak of the student's past, not of what is asked
    told_only = [p for p in sentences if _tells_history(p, text, local)]
    asking = " ".join([p for p in sentences if p not in told_only] or sentences) or part
    if asking != asked:  # "finished Enriched Physics 1 (PHYS 106). where can that take me?": no subject asked
        subjects = q.subjects = read_subjects(_HIGH_SCHOOL_COURSE_RE.sub(" ", _without_codes(asking, local, text)),
                                              reader.subjects)
    # (the elective credits a student has, "plus 6 elective credits", are history: their word asks no credits)
    scores = reader.classifier.scores([reader.titles.codes_for_titles(ELECTIVE_CREDITS_RE.sub(" ", asked))],
                                      reader.subjects)[0] \
        if reader.classifier else {"none": 1.0}
    planning = _planning_possible(part, local, history if history is not None else local, scores)
    feasible = [(name, p) for name, p in sorted(scores.items(), key=lambda kv: -kv[1])
                if _possible(name, codes, named_programs if name == "program_left" else programs, levels, subjects)
                and (name not in PLANNING or name in planning)]  # change kinds come from _change_reading
    told = any(m.role == DONE for m in (history if history is not None else local))
    if _one_course_asked(sentences, local):  # "I'm missing A. Is B doable?": B's question, A its history
        feasible = [(name, p) for name, p in feasible if name != "need_check"]
    if not _COREQ_WORD_RE.search(part):  # no word of taking courses together: not a corequisite question,
        feasible = [(name, p) for name, p in feasible if name != "coreq_of"]  # however near its vector
    if len(codes) == 1 and not _EXCLUSION_WORD_RE.search(asking):  # one course's exclusions only when asked
        feasible = [(name, p) for name, p in feasible if name != "exclusion"]  # for by name (a second course
        # without an entry, "passed A; would B earn me credit too?", keeps the two-course reading)
    # the rules read the asking with each course named by its title written as its code, as the classifier does
    # ("do I need Introduction to Widgets (WIDG 101) for B": a need of WIDG 101, the title's words between)
    feasible = _calendar_reading_first(feasible, courses, programs, reader.titles.codes_for_titles(asking), told,
                                       " ".join(told_only))
    if feasible and feasible[0][0] == "decline" and len(courses) > 1 and "eligibility" in [n for n, _ in feasible] \
            and plan_order(text, local) is not None:
        # "A in the fall then B in the spring - good?": courses planned in time order ask whether the order
        # works, whatever the season words say of timetables
        feasible = _put_first(feasible, "eligibility")
    if feasible and feasible[0][0] == "decline" and len(courses) > 1 and "eligibility" in [n for n, _ in feasible] \
            and any(m.role in (DONE, NOT_DONE) for m in local) and not OFF_CALENDAR_RE.search(part):
        # "failed A - B open?": once a course's status is told, "open" asks whether B admits the
        # student, not whether seats are left (a word of seats or timetables keeps the decline)
        feasible = _put_first(feasible, "eligibility")
    rest = PLANNING_CUE_RES["rest"].search(part)  # "anything else before C": the rest, at any rank
    rest_asked = rest is not None
    # "what else stands before C", "what's left between me and C": a course not done named after the word of
    # the rest is the one to reach, however near a comparison or what-opens question the vector sits
    reach = rest_asked and not (_COMPARE_WORD_RE.search(part) or _OPENS_RE.search(part)) \
        and any(m.start > rest.end() and m.role != DONE for m in local)  # ("what else does A open up": what A opens)
    if told and "chain" in planning and ("chain" in [name for name, _ in feasible[:3]] or rest_asked) \
            and feasible[0][0] in (("prereq_of", "eligibility") + (("compare", "unlocks", "describe") if reach else ())
                                   if rest_asked else ("prereq_of",)):
        # "took A, in B now. still missing what before C": with a history told, a chain word and no yes/no
        # ask, what is asked is the rest of the route, not C's own prerequisites or a verdict
        feasible = _put_first(feasible, "chain")
    feasible = _from_nothing_first(feasible, planning, told, part)
    if feasible and "program_left" in planning and named_programs and _YEAR_OF_STUDY_RE.search(part) \
            and (feasible[0][0] == "chain" or (feasible[0][0] in ("credits", "credits_total")
                                               and PLANNING_CUE_RES["program_left"].search(_CREDIT_COUNT_ASKED_RE.sub(" ", part)))) \
            and not any(m.status == "asked" or (m.role == TARGET and m.status != "in_progress") for m in local):
        # "year 3 of P: A done, B under way. the rest of this year?": no course is asked about (the one
        # under way is history on its way), and a program's year is named: that year's rest, not B's chain;
        # "rest of year 2 + credit count": the rest, whose answer counts its credits (not "done A
        # and B, credits in sum?", a sum)
        feasible = _put_first(feasible, "program_left")
    change = _change_reading(asked, part, reader, local, subjects)
    if change is not None:
        feasible = [change] + [f for f in feasible if f[0] != change[0]]
    if len(codes) == 2 and _ONLY_WAY_RE.search(part) and "need_check" in [n for n, _ in feasible]:
        # "is A the sole route to B": whether B needs A (a code the calendar names only in B's prerequisite too)
        feasible = _put_first(feasible, "need_check")
    if not courses and levels and subjects and feasible and feasible[0][0] in ("other", "program_year", "topic_level") \
            and _SUBJECT_IN_BRACKETS_RE.search(part) and "subject_level" in [n for n, _ in feasible]:
        # "Gizmo Engineering courses (GIZM) at the 400 level": a subject's courses at a level
        feasible = _put_first(feasible, "subject_level")
    intent, confidence = feasible[0] if feasible else ("none", 0.0)
    if intent == "unlocks" and _asks_of_a_named_course(local) and any(n == "eligibility" for n, _ in feasible) \
            and not _OPENS_RE.search(part):
        intent = "eligibility"  # "no A yet, is B open to me": what is missing is told, B is asked about
    if intent == "unlocks" and len(set(codes)) > 1 and _bare_course_tail(part) and not _OPENS_RE.search(part) \
            and not any(m.role == DONE or m.assumed for m in local) and not _WHAT_NEXT_RE.search(part) \
            and any(n == "eligibility" for n, _ in feasible):
        intent = "eligibility"  # "A: still owed. B?": no course told done for B to follow, and B asked alone
    if intent in ("other", "exclusion", "need_check") and (q.scores or any(m.role in (DONE, NOT_DONE) for m in local)) \
            and _STOPS_ME_RE.search(part) and not re.search(r"\bcredits?\b", part, re.IGNORECASE) \
            and any(n == "eligibility" for n, _ in feasible):
        intent = "eligibility"  # "got 55% in A, does that block B?": whether the history lets them take B
    if intent == "eligibility" and len(set(codes)) == 2 and _OPTION_ASKED_RE.search(part) and not _NEED_WORD_RE.search(part) \
            and not any(m.role in (DONE, NOT_DONE) for m in local) and "need_check" in [n for n, _ in feasible] \
            and not re.search(r"\b(?:for|to|open to) (?:me|us)\b", part, re.IGNORECASE):
        intent = "need_check"  # "B's prereq list: A among them?": whether B's prerequisite takes A, with
        # nothing told of the student's own record (not "finished A: would that count for B?")
    if intent == "need_check" and history is None and _bare_course_tail(part) \
            and any(m.role == NOT_DONE for m in local) and "eligibility" in [n for n, _ in feasible]:
        intent = "eligibility"  # "no A anywhere on my transcript. B?": a course alone after what is missing
    if intent == "coreq_of" and len(set(codes)) == 2 and "eligibility" in [n for n, _ in feasible] \
            and any(m.role == NOT_DONE and m.status in ("in_progress", "planned") for m in local):
        intent = "eligibility"  # "doing A now - can B be taken alongside?": B asked about, A under way beside it
    if intent == "exclusion" and any(m.role == NOT_DONE for m in local) and "eligibility" in [n for n, _ in feasible] \
            and not (_EXCLUSION_ASK_RE.search(part) or _BOTH_ASK_RE.search(part) or _EXCLUSION_WORD_RE.search(part)
                     or re.search(r"\bcredits?\b", part, re.IGNORECASE)):
        intent = "eligibility"  # "does B take students without A on their record": B asked with A absent, no credit
    # a requisite word asked right after a history told done ("A is credited to me (B). Adding B to my timetable,
    # any prerequisite issue?") asks whether that history meets it
    unsure_other = (intent == "other" and "eligibility" in [n for n, _ in feasible[:3]]) or (
        intent == "prereq_of" and not _NEED_RE.search(part)
        and (not _REQUISITE_WORD_RE.search(part) or any(m.role == DONE for m in local)))
    if (intent in ("unlocks", "exclusion", "compare", "credit_compare") or unsure_other) and history is None \
            and _asks_next_course(local, text) and any(n == "eligibility" for n, _ in feasible) \
            and not (_OPENS_RE.search(asking) or _EXCLUSION_ASK_RE.search(asking) or _BOTH_ASK_RE.search(asking)
                     or cue or re.search(r"\bcredits?\b", asking, re.IGNORECASE)):
        intent = "eligibility"  # "finished A with an A-. B next?": history told, then a course asked about
    if intent == "other" and "eligibility" in [n for n, _ in feasible[:3]] and _MAY_I_RE.search(part) \
            and any(m.role in (DONE, NOT_DONE) for m in local) and not OFF_CALENDAR_RE.search(part):
        intent = "eligibility"  # "is B possible for me if A was a fail (41%)": the asked course first
    if intent not in ("eligibility", "need_check", *PLANNING) and history is None and _asks_next_course(local, text) \
            and _bare_course_tail(part) and not OFF_CALENDAR_RE.search(_SEASON_RE.sub(" ", part)) \
            and not (intent == "exclusion" and (_EXCLUSION_ASK_RE.search(asking) or _BOTH_ASK_RE.search(asking))):
        intent = "eligibility"  # "A and B done, dropped C. D?": a course alone after the history (not "... B
        # double count?", whose two words ask about credit)
    if intent in ("other", "describe", "prereq_of", "reverse_prereq", "decline") and local \
            and not OFF_CALENDAR_RE.search(part) and _asks_what_opens(local, part):
        intent = "unlocks"  # "A done, what's next that I qualify for", "wxyz 101 then what"
    if intent in ("eligibility", "exclusion") and local and all(m.role == DONE or m.assumed for m in local) \
            and _asks_what_opens(local, part) and not OFF_CALENDAR_RE.search(part):
        # "if I pass A this term, what opens up for me afterwards", "credit for A and B - which 200-level
        # ones can I take": every course named is history, so none is asked about
        intent = "unlocks"
    if q.prerequisite_denied and len(set(codes)) == 1 and intent not in ("eligibility", *PLANNING, *CHANGE_INTENTS) \
            and _possible("eligibility", codes, programs, levels, subjects):
        intent = "eligibility"  # "flunked the prereq for A, may I enrol anyway": A asked, its prerequisite not done
    if intent == "other" and q.asks_condition and len(set(codes)) == 1 and "eligibility" in [n for n, _ in feasible]:
        intent = "eligibility"  # "do I really need third-year standing in the Faculty of Science for A": the
        # condition's words name what is asked of A, whatever the sentence's neighbours in the examples
    q.intent, q.confidence = _settle(intent, _asked_of(local)), confidence
    if intent == "program_left":  # "yr 3 mining: done A, B, what's left": the subject word names the program
        q.entities.programs = named_programs
    _fill(q, local, history if history is not None else local, text, finder.known_courses)
    if q.asks_condition and (_SKIP_RE.search(part) or _WITHOUT_CONDITION_RE.search(part)):
        # "skip the standing requirement for A?", "into A without fourth-year standing?": a skip
        q.asks_skip = True
    swap = read_substitution(text, local)
    if swap is not None and intent not in PLANNING and not {swap.substitute, *swap.goals} & set(q.completed):
        _read_as_substitution(q, swap)  # "can A stand in for B for C": not a history ("took A instead of B")
        return q
    _weigh_polarity(q, reader)  # after the substitution reading, which sets its own direction
    # the second reading, when the classifier found it nearly as likely: tried if the first cannot be answered
    if len(feasible) > 1 and feasible[1][1] >= RUNNER_UP_SHARE * confidence and feasible[1][0] != "other":
        second = copy.copy(q)
        second.runner_up = None
        second.intent, second.confidence = _settle(feasible[1][0], _asked_of(local)), feasible[1][1]
        _fill(second, local, history if history is not None else local, text, finder.known_courses)
        _weigh_polarity(second, reader)
        q.runner_up = second
    return q


_UNDER_WAY_OR_PLANNED = ("in_progress", "planned")
_BOTH_WORD_RE = re.compile(r"\b(?:both|each|the two|either)\b", re.IGNORECASE)  # the pair asked about together


def _in_last_question(text: str, local: list[CodeMention], codes: list[str]) -> list[str]:
    """Which of ``codes`` the last sentence asking something names (the one ending in "?", or the last one):
    in a story the courses told before it are history, and the one named where the asking is is asked about."""
    text = text.rstrip(" .!\n")  # a question ending in a full stop asks in its last sentence too
    end = text.rfind("?")
    end = len(text) if end < 0 else end
    start = sentence_start(text, end)
    return list(dict.fromkeys(m.code for m in local if m.code in codes and start <= m.start < end + 1))

# each subject code's longest name ("CRWR" -> "creative writing"), the way a restriction words a program
_SUBJECT_FULL_NAMES = {code: max((n for n, c in SUBJECT_NAMES.items() if c == code), key=len)
                       for code in set(SUBJECT_NAMES.values())}


def _with_subject_names(groups: list[str]) -> list[str]:
    """The groups a student says they are in, with a subject code's name beside it ("CRWR major" is also
    "creative writing"), since restrictions name programs in words ("Restricted to Majors in Creative Writing")."""
    names = _SUBJECT_FULL_NAMES
    return list(dict.fromkeys(groups + [names[g.upper()] for g in groups if g.upper() in names and g.isupper()]))


_YEAR_OF_STUDY_RE = re.compile("|".join(_PLANNING_WORDS["year_of_study"]), re.IGNORECASE)


def _from_nothing_first(feasible: list[tuple[str, float]], planning: set[str], told: bool,
                        part: str) -> list[tuple[str, float]]:
    """"From scratch, which courses precede C": the whole way, when a chain reading is among the first three
    and nothing is told as done. Starting from nothing, nothing is history for C to open ("unlocks"), and a
    course asked of is no topic for search ("other")."""
    if not told and "chain" in planning and "chain" in [name for name, _ in feasible[:3]] and feasible \
            and feasible[0][0] in ("prereq_of", "unlocks", "other") and PLANNING_CUE_RES["start"].search(part):
        return _put_first(feasible, "chain")
    return feasible


def _planning_possible(part: str, local: list[CodeMention], history: list[CodeMention],
                       scores: dict[str, float]) -> set[str]:
    """The planning readings the question's shape allows. Neither answers a yes/no question ("can I take
    B?" is eligibility). A chain needs a course to reach, one not told as done ("A done, what's next" asks
    what A opens); a program year's rest needs something done to take away, and no course asked about by
    "before" or "into" (that asks for the course's chain)."""
    asking = [s for s in re.split(r"(?<=[.!?])\s+|\n|\s[-\u2013\u2014]+\s|[;,]\s", part) if s.strip()]
    if any(_YES_NO_RE.search(s) for s in asking[-1:]):  # the last clause asks: "A, B done -- is C covered?"
        return set()
    allowed = set()
    chain = scores.get("chain", 0.0)
    rest = max((p for name, p in scores.items() if name != "chain"), default=0.0)
    leads = chain >= PLANNING_LEAD * rest and _ASKS_FOR_COURSES_RE.search(part) is not None \
        and not (_asks_what_opens(local, part) or _NEXT_ASK_RE.search(part) or _NEEDED_BY_RE.search(part))
    sure = chain >= PLANNING_SURE or leads  # a clear reading needs no cue word
    forward = _WHAT_NEXT_RE.search(part) and any(m.role == DONE for m in local)  # "A finished. next steps in B?"
    cue = PLANNING_CUE_RES["chain"].search(part) or PLANNING_CUE_RES["start"].search(part)  # from nothing: the way
    # "have A and B done. wat else for C": with a history told, a word of the rest asks for the rest of the way
    cue = cue or (PLANNING_CUE_RES["rest_wh"].search(part) and any(m.role == DONE for m in history))
    # "never got to A. B next term?": a course alone after the history asks whether B can be taken, however
    # near the chain questions its vector sits; a chain word ("every step to B") still asks for the way
    elliptic = _bare_course_tail(part) and _asks_next_course(local, part)
    # "what does A lead to (once I pass it)": A leads somewhere, so what it opens is asked, not the way to it
    opens = _OPENS_RE.search(part)
    leads_on = opens is not None and not re.search(r"\b[A-Za-z]{2,5}[ _-]?\d{3}", part[opens.end():])
    if any(m.role != DONE for m in local) and ((sure and not elliptic and not leads_on) or cue) and not forward:
        allowed.add("chain")
    # a course under way ("taking A now") is history on its way, not a course asked about
    # "what is left this year if I've done A": a course supposed done is history too
    # "I've knocked out 9 credits of electives. what's left": elective credits are something done too
    if (any(m.role == DONE or m.assumed for m in history) or read_elective_credits(part)) \
            and not any(m.role in (TARGET, "") and not {m.status, m.best} & {"in_progress", "planned"} for m in local) \
            and PLANNING_CUE_RES["program_left"].search(part):  # a course asked about ("credits of B") is no rest
        allowed.add("program_left")
    return allowed


# a change reading needs its kinds to carry at least 0.3 against "not a change": on the dev splits 0.5
# missed a title-heavy "X (long title) - new course?" and gave it an eligibility "Yes"; 0.7 and 0.8 tied
CHANGE_SHARE_MAX_NOT = 0.7


def _change_reading(asked: str, part: str, reader: Reader, local: list[CodeMention],
                    subjects: list[str]) -> tuple[str, float] | None:
    """The kind of change question this is, with its probability, or None: the change classifier is asked
    only where the words speak of change or of an edition, and its reading must be possible. A question
    that tells the student's own history of one course and names another ("flunked A, passed B - C
    next?") is about taking that course, not about the calendar's editions."""
    codes = list(dict.fromkeys(m.code for m in local))
    if reader.change_classifier is None or not CHANGE_CUE_RE.search(part):
        return None
    if _about_the_student(part, local) and not (EDITION_FRAME_RE.search(part) and not OWN_ELIGIBILITY_RE.search(part)):
        return None  # (named editions and nothing asked of the student's own way in: what changed is asked)
    if len(codes) > 1 and _bare_course_tail(part) and "?" not in part.rstrip(" ?") \
            and not CHANGE_CUE_RE.search(_last_sentence(part)):
        return None  # "A: still one to do. B?": told of A, then B asked alone, not whether A is still offered
    scores = reader.change_classifier.scores([asked], reader.subjects)[0]
    if scores.pop("not_change") > CHANGE_SHARE_MAX_NOT:  # the kinds together must outweigh "not a change"
        return None
    best = max(scores, key=scores.get)
    if not _possible(best, codes, [], [], subjects) or not _change_possible(best, part):
        return None
    return best, scores[best]


def _about_the_student(part: str, local: list[CodeMention]) -> bool:
    """Whether the question tells the student's own history of a course ("tapped out of A, is B still an
    option") or asks what the student may do ("may I still join B"). Either is about taking a course:
    in a store of two editions, answering it with "Yes: B is in the 2026/27 calendar" is a wrong "Yes"."""
    # a lone course's own clause may read as history ("did A's prerequisite change"): history needs another
    told = len({m.code for m in local}) > 1 and any(m.role in (DONE, NOT_DONE) for m in local)
    # a mark told for a course ("A was a D, does that still count for B") is the student's record too
    marked = len({m.code for m in local}) > 1 and bool(read_scores(part, local) or read_letter_grades(part, local))
    # "X, brand new. The whole list before A?": a start from nothing asked with a chain word is the student's
    # path, not a new course ("is A brand new?" names no chain)
    fresh = PLANNING_CUE_RES["start"].search(part) is not None and PLANNING_CUE_RES["chain"].search(part) is not None
    return told or marked or fresh or STUDENT_FRAME_RE.search(part) is not None


def _change_facets(text: str) -> list[str]:
    """The facets a change question asks about: those named in its last clause, where the asking is
    ("X got renamed, did its prereqs change too?" asks about the prerequisites), or else in a clause that
    asks whether something changed ("X's credit value: changed? it's named Y now, I know"), else
    anywhere in it."""
    clauses = [c for c in re.split(r"(?<=[.!?])\s+|\s[-\u2013\u2014]+\s|[;,]\s", text) if c.strip()]
    asking = [c for c in clauses if c.rstrip().endswith("?") and CHANGE_CUE_RE.search(c)]
    if clauses and asking and not CHANGE_CUE_RE.search(clauses[-1]):
        clauses = clauses[:-1] + asking[-1:]  # the asking clause stands where the last one would
    for scope in (clauses[-1:], [text]):
        found = [facet for facet, pattern in CHANGE_FACET_RES.items() if any(pattern.search(c) for c in scope)]
        if found:
            return found
    return []


def _change_possible(name: str, part: str) -> bool:
    """A change reading needs words of change or of an edition, and those of its own kind where it has them."""
    if name not in CHANGE_INTENTS:
        return True
    own = CHANGE_INTENT_CUE_RES.get(name)
    return CHANGE_CUE_RE.search(part) is not None and (own is None or own.search(part) is not None)


def _put_first(feasible: list[tuple[str, float]], intent: str) -> list[tuple[str, float]]:
    """The readings with ``intent`` moved to the front, the rest in their order."""
    return [f for f in feasible if f[0] == intent] + [f for f in feasible if f[0] != intent]


# words of a corequisite, or of taking two courses in one term: without one, "coreq_of" is not a reading
_COREQ_WORD_RE = re.compile(dict(FACETS)["coreq_of"].pattern + r"|\bsame (?:time|term|semester|session)\b|"
                            r"\bsimultaneous\w*|\balongside\b|\btogether\b|\bat once\b|\bin parallel\b|"
                            r"\bwith (?:it|them)\b|\bparallel\b", re.IGNORECASE)
_BACK_REFERENCE_RE = re.compile(r"\b(?:it|that|this|them|those|these|one)\b", re.IGNORECASE)


def _one_course_asked(sentences: list[str], local: list[CodeMention]) -> bool:
    """The question's last sentence asks, names one course and points back at no other, and an earlier
    sentence names another: "is A required for B" cannot be what is asked, whatever the words of the
    earlier sentence (a need, a lack) lean to; unless the last sentence asks whether its course is required."""
    if len(sentences) < 2 or not sentences[-1].rstrip().endswith("?"):
        return False
    last = sentences[-1]
    codes_last = set(unique_codes(last))
    earlier = {m.code for m in local} - codes_last
    if _IS_REQUIRED_RE.search(last):  # "(B) ... i did C not A. is A necessary?": whether B needs A
        return False
    return len(codes_last) == 1 and bool(earlier) and _BACK_REFERENCE_RE.search(last) is None


# credit the student says they hold: "had credit for A", "got transfer credit in B"
_CREDIT_HAD_RE = re.compile(r"\b(?:i|i've|ive|i'm|have|has|had|got|get|earned|received|hold|with)\s+(?:already\s+)?"
                            r"(?:(?:transfer|advanced|the)\s+)?credits?\s+(?:for|in|from)\b", re.IGNORECASE)
# credit the student says they lack: "I don't have credit for it", "no credit for A" (a history, not a question)
_CREDIT_LACKED_RE = re.compile(r"\b(?:don'?t|do not|doesn'?t|never|haven'?t|have not)\s+(?:have|had|got|gotten|earned|received)"
                               r"\s+(?:any\s+)?credits?\s+(?:for|in)\b|\bno credits?\s+(?:for|in)\b", re.IGNORECASE)


def _credit_only_had(part: str) -> bool:
    """Whether every credit word in the question tells credit the student holds, and nothing asks for a
    number: then no credit count is asked."""
    rest = _CREDIT_HAD_RE.sub(" ", part)
    return not (dict(FACETS)["credits"].search(rest) or _NUMBER_ASKED_RE.search(rest) or _CREDIT_SUM_RE.search(rest))


def _calendar_reading_first(feasible: list[tuple[str, float]], courses: list[str], programs: list[str],
                             part: str, told_history: bool = False, story: str = "") -> list[tuple[str, float]]:
    """Readings the slots and the question's shape settle better than the topic words do.

    - A question that names a calendar course and asks about its requisites or credit is a calendar
      question: an "outside the calendar" or "general" reading gives way to the facet the words name
      ("eosc 432 co req"), else to the next reading.
    - "Is A enough / is that the whole prereq of B" asks whether a history suffices: eligibility,
      not B's requisite list.
    - "Is A (actually) required ..." with a second course asks whether A is needed for it.
    - "(In program P) do I need A / A is required": with a program and one course, whether P lists A;
      "is taking A and B a must" with a program: whether P lists each; "may I (still) join A" with a
      program but nothing relating A to it: A's own rules (eligibility).
    - With one course: its credit exclusions first when the words ask for them (a question naming one code and
      no such word lost that reading before this); "which courses unlock A"
      asks for A's prerequisites, "A unlocks which courses" what A opens.
    - A course named without any word for what the calendar lacks (teachers, times, costs, difficulty):
      not "outside the calendar". Without a course, such words and no requisite word: outside it.
    """
    if not feasible:
        return feasible
    if feasible[0][0] in ("credits", "credits_total") and len(feasible) > 1 and _credit_only_had(part):
        # "credit for A and B is mine, dropped C. D needs what else?": the credit is had, not asked
        feasible = feasible[1:] + feasible[:1]
    if feasible[0][0] == "exclusion" and len(feasible) > 1 and _CREDIT_LACKED_RE.search(part) \
            and not dict(FACETS)["credits"].search(_CREDIT_LACKED_RE.sub(" ", part)) \
            and not (_EXCLUSION_WORD_RE.search(part) or _BOTH_ASK_RE.search(part) or _SAME_RE.search(part)):
        # "skip A for B? I don't have credit for it": credit told had or not had asks nothing of credit
        feasible = feasible[1:] + feasible[:1]
    top = feasible[0][0]
    names = [name for name, _ in feasible]

    def first(intent: str) -> list[tuple[str, float]]:
        return _put_first(feasible, intent)

    off_calendar = OFF_CALENDAR_RE.search(part) is not None and not _PERMISSION_RE.search(part)
    if len(courses) < 1 and programs and top in ("subject_level", "topic_level") and "program_year" in names \
            and _PROGRAM_DUTY_RE.search(part):
        return first("program_year")  # "astronomy 4th year: required courses?": the program's table, not a level
    if len(courses) < 1 and _ADMISSION_AVERAGE_RE.search(part) and "decline" in names:
        return first("decline")  # "the average P admits at": admission, not the calendar's tables
    if len(courses) < 1:
        # "the email of the widget science advisor": off-calendar words and nothing asked of the calendar
        if off_calendar and not REQUIREMENT_WORD_RE.search(part) and (
                top == "other" or dict(feasible).get("decline", 0.0) >= OFF_CALENDAR_DECLINE):
            return first("decline")  # "what does 4th year civil cost in fees": a program named, a fee asked
        return feasible
    if len(courses) == 1 and off_calendar and "decline" in names and not REQUIREMENT_WORD_RE.search(part) \
            and not told_history and (top in ("prereq_of", "coreq_of", "describe")
                                      or (top == "eligibility" and _SUPPLIES_RE.search(part))):
        return first("decline")  # "the textbook for A - must I buy it": the need is of the book, not a course
    if len(courses) == 1:
        if (_EXCLUSION_WORD_RE.search(part) or (told_history and _BOTH_ASK_RE.search(part))) and "exclusion" in names:
            return first("exclusion")  # "credit for A is mine. will B count as well?": the pair's exclusion
        requisites = [name for name, pattern in FACETS if name != "credits" and pattern.search(part)]
        if not told_history and len(requisites) == 1 and requisites[0] != top and requisites[0] in names \
                and (top in ("prereq_of", "coreq_of", "describe", "credits")
                     or (top == "reverse_prereq" and requisites[0] == "coreq_of")):
            return first(requisites[0])  # "what are the co-reqs of A": the word names the facet, whatever the vector says
        if not told_history and "prereq_of" in names and top in ("unlocks", "eligibility") \
                and _BEFORE_COURSE_RE.search(part):
            return first("prereq_of")  # "before I can do X, which course should I have": X's prerequisites
        if not told_history and "coreq_of" in names and _COREQ_WORD_RE.search(part) \
                and top in ("reverse_prereq", "unlocks", "subject_level", "topic_level", "program_year", "describe"):
            return first("coreq_of")  # "the courses to take alongside A": A's corequisites, not a list
        if top in ("prereq_of", "other") and "reverse_prereq" in names and _PREREQ_FOR_WHAT_RE.search(part):
            return first("reverse_prereq")  # "A is a prereq of which courses?": what A leads to
        opens = _OPENS_RE.search(part)
        if opens and {"prereq_of", "unlocks"} <= set(names) and top != "chain":  # "the sequence that leads to A"
            code_after = any(part.upper().find(c, opens.end()) >= 0 for c in courses)
            if not code_after:
                return first("unlocks")  # "finished A: and after it?"
            if not told_history and not _states_history(part[:opens.start()]):  # history told in an earlier
                return first("prereq_of")  # sentence ("finished A." then "and B, with that?") counts too
            if "eligibility" in names:  # a college course told, then "could that open A?": A is asked about
                return first("eligibility")
            return first("unlocks")
    if len(courses) >= 2 and "credits_total" in names and _CREDIT_SUM_RE.search(part) \
            and not _EXCLUSION_WORD_RE.search(part.replace("credit for both", "")) and not told_history:
        return first("credits_total")  # "how many credits with both A and B": a sum, not an exclusion
    if len(courses) >= 2 and "exclusion" in names and _BOTH_ASK_RE.search(part):
        return first("exclusion")  # "A + B: credit given for the two?"
    if ((len(courses) >= 2 and _ENOUGH_RE.search(part)) or _OWN_RECORD_RE.search(part)) \
            and top in ("need_check", "prereq_of", "compare", "exclusion") and "eligibility" in names \
            and not (_suffices_for_program(part) or _EXCLUSION_WORD_RE.search(part)):
        # "do A and B together satisfy C's prerequisite": are they enough; "do I meet C's prereq?": does the
        # student's record (told or not) meet it, never whether C has one
        return first("eligibility")
    if top == "need_check" and told_history and "eligibility" in names and _bare_course_tail(part):
        return first("eligibility")  # "did A but skipped B. C ok?": history told, then a course asked about
    if len(courses) >= 2 and top in ("other", "decline", "describe", "prereq_of", "coreq_of", "reverse_prereq") \
            and "need_check" in names and (FIRST_COURSE_RE.search(part) or _AS_REQUISITE_RE.search(part)) \
            and not off_calendar and not _ENOUGH_RE.search(part):
        return first("need_check")  # "B - is A forced on you first", "B needs A as a pre-req??"
    if len(courses) == 1 and top in ("other", "program_course") and "credits" in names \
            and dict(FACETS)["credits"].search(part) and (_NUMBER_ASKED_RE.search(part) or read_credits_asked(part)):
        return first("credits")  # "(lead-in about its topic.) Is A 3 credits?": a number, not a general question
    if top in ("decline", "other"):
        # A course named and nothing the calendar lacks: not "outside the calendar". A general question
        # ("other") about a course keeps its reading unless it names a requisite: "credit" alone is not
        # enough there ("how does Credit/D/Fail apply to X" is not about X's credits).
        words = REQUIREMENT_WORD_RE if top == "decline" else _REQUISITE_WORD_RE
        # "A got dropped from my schedule (...). Is B open to me?": when only the story's words (schedules,
        # waitlists, finals) speak of what the calendar lacks, they tell what became of A, and the decline they
        # lean to is no surer than one with no such word at all
        # ("A keeps getting pushed back on my schedule. B this fall?": after a told story, a season asks
        # when the student would take B, not what the calendar lacks)
        off_asking = OFF_CALENDAR_RE.search(_SEASON_RE.sub(" ", part)) is not None if story else off_calendar
        unsure_decline = top == "decline" and not off_asking and (
            feasible[0][1] < DECLINE_SURE or OFF_CALENDAR_RE.search(story) is not None)
        if not (unsure_decline or words.search(part) or _PERMISSION_RE.search(part) or _IS_REQUIRED_RE.search(part)
                or (len(courses) >= 2 and _NEED_RE.search(part))):
            return feasible
        named = [name for name, pattern in FACETS if pattern.search(part)]
        if len(named) == 1 and len(courses) == 1:
            return [(named[0], feasible[0][1])] + [f for f in feasible if f[0] != named[0]]
        feasible = ([f for f in feasible if f[0] not in ("decline", "other")]
                    + [f for f in feasible if f[0] in ("decline", "other")])
        names = [name for name, _ in feasible]
        top = feasible[0][0]
    if programs and "program_course" in names:
        asks_obligation = _COURSE_NEEDED_RE.search(part) or _MUST_TAKE_RE.search(part)
        if top == "program_course" and not asks_obligation and _CAN_TAKE_RE.search(part) \
                and not _PROGRAM_RELATION_RE.search(part) and "eligibility" in names:
            return first("eligibility")  # "3rd year BSc, may I still join X": the course's own rules
        if top in ("prereq_of", "coreq_of", "describe", "need_check") and asks_obligation and len(courses) == 1:
            return first("program_course")
        if top in ("eligibility", "need_check") and _MUST_TAKE_RE.search(part) and not told_history \
                and not _COURSE_TO_COURSE_RE.search(part):
            return first("program_course")  # "P: are A and B both a must": whether P lists each
    if len(courses) >= 2 and "compare" in names and _IN_COMMON_RE.search(part) and not _EXCLUSION_WORD_RE.search(part):
        return first("compare")  # "do A and B share any prerequisites": what the two have in common
    if len(courses) >= 2 and top in ("need_check", "exclusion") and "eligibility" in names \
            and _SUFFICES_RE.search(part) and not (_IS_REQUIRED_RE.search(part) or _suffices_for_program(part)
                                                   or _EXCLUSION_WORD_RE.search(part) or _BOTH_ASK_RE.search(part)):
        return first("eligibility")  # "would A count toward B's prereq": does A suffice
    if len(courses) >= 2 and top in ("eligibility", "prereq_of", "unlocks") and "need_check" in names \
            and _asks_need_first(part) and not _SUFFICES_RE.search(part):
        return first("need_check")  # "is completing A a must before B": whether B needs A
    required = _IS_REQUIRED_RE.search(part)
    if len(courses) == 2 and top == "eligibility" and "need_check" in names and required \
            and not told_history and not _states_history(part[:required.start()]):
        return first("need_check")  # "(story) is A really needed for B, or is it optional": B's need of A
    last = _last_sentence(part)
    asked_need = _IS_REQUIRED_RE.search(last) or _DO_I_NEED_RE.search(last)
    if len(courses) >= 3 and top in ("eligibility", "unlocks") and "need_check" in names and asked_need \
            and told_history and not _SUFFICES_RE.search(part):
        return first("need_check")  # "took C. is A necessary for B?": B's need of A, with C the student's route
    needs = _NEEDS_COURSE_RE.search(part)
    if len(courses) == 2 and top in ("eligibility", "prereq_of", "coreq_of", "decline", "other", "describe") \
            and "need_check" in names and needs and not _states_history(part[:needs.start()]) \
            and not _SUFFICES_RE.search(part) and not off_calendar:
        return first("need_check")  # "need A for B? yes or no": whether B needs A, not a history of A
    if len(courses) >= 2 and top in ("prereq_of", "coreq_of", "describe", "program_course", "reverse_prereq"):
        if "need_check" in names and _IS_REQUIRED_RE.search(part):
            return first("need_check")
        if "eligibility" in names and _SUFFICES_RE.search(part) and not _suffices_for_program(part):
            return first("eligibility")
    return feasible


def _asks_of_a_named_course(local: list[CodeMention]) -> bool:
    """Only courses not taken, or left unclear by their own words ("no clue what mark I got in A"), are told,
    and another course is named without a role: that course is the one asked about (an "opens up" reading
    would count it as taken)."""
    told = [m for m in local if m.role == NOT_DONE or _unclear_by_words(m)]
    return (bool(told) and not any(m.role == DONE for m in local)
            and any(m.role in (TARGET, "") and m not in told for m in local))


def _unclear_by_words(m: CodeMention) -> bool:
    """A mention its words leave unclear (a result not known, a course from elsewhere, someone else's)."""
    return m.role == "" and m.status == UNCLEAR and (bool(m.cue) or m.someone_elses)


# when a course is taken ("B this summer?" after a history): the student's plan, not a question of the timetable
_SEASON_RE = re.compile(r"(?<!offered )(?<!scheduled )(?<!available )(?<!running )(?<!taught )(?<!run )"
                        r"\b(?:in the|this|next|over the)\s+(?:fall|winter|spring|summer)\b", re.IGNORECASE)


def _comparison_cue(part: str, text: str, local: list[CodeMention]) -> re.Match | None:
    """The first word of the part that weighs two courses against each other. "dropped both" compares
    nothing, and nor does a "both" or "either" inside a clause that tells what the student did with a pair
    ("A and B are both done, C after?": C is asked about, A and B are history)."""
    offset = max(text.find(part), 0)
    told = [clause_of(text, local, i) for i, m in enumerate(local) if m.role in (DONE, NOT_DONE)]
    blanked = BACK_NEGATION_RE.sub(lambda m: " " * len(m.group()), part)
    for cue in COMPARISON_RE.finditer(blanked):
        if cue.group(1).lower() in ("both", "either") \
                and any(lo <= offset + cue.start() < hi for lo, hi in told):
            continue
        return cue
    return None


def _bare_course_tail(part: str) -> bool:
    """The last sentence is a course code and at most three other words ("BIOC 203?", "what about X 210"); a
    dash between words ends a sentence too ("A: never did it — B ok?")."""
    sentences = [x for x in re.split(r"[.?!;]+|\s[-\u2013\u2014]+\s", part) if x.strip()]
    if not sentences:
        return False
    last = sentences[-1]
    rest, n = re.subn(r"\b[A-Za-z]{2,5}[ _-]?\d{3}[A-Za-z]?\b", " ", last)
    # a word of need asks if the course is needed ("is A necessary?", "does B really need A?"), not
    # whether it is open
    return n >= 1 and len(re.findall(r"[A-Za-z']+", rest)) <= 3 and not _NECESSITY_RE.search(rest)


def _asks_what_opens(local: list[CodeMention], part: str) -> bool:
    """Only courses taken are named, and the words ask what comes after them: what that history opens."""
    if any(m.role not in (DONE, "") and not m.assumed for m in local):  # "if I pass A this term": a premise
        return False
    if _WHAT_NEXT_RE.search(part):
        return True
    return any(m.role == DONE or m.assumed for m in local) and _NEXT_ASK_RE.search(part) is not None


def _asks_next_course(local: list[CodeMention], text: str) -> bool:
    """History told first ("finished A", "did A and B"), then, past a sentence break, a course with no
    role of its own: the question is about that course, not about everything the history opens."""
    # a mention in words of the student's own record that the reader could not settle ("A sits on my list of
    # things left") is told history too: the course after it is asked about, and the unsettled one kept unclear
    tail = _planned_tail(local, text)  # "B this fall?": asked, though its time word reads as a plan
    told = [m.end for n, m in enumerate(local) if m is not tail
            and (m.role in (DONE, NOT_DONE) or (n + 1 < len(local) and _unsettled_history(m)))]
    if not told:
        return False
    later = [m for m in local if m.start > max(told) and (m.role in (TARGET, "") or m is tail)]
    return bool(later) and re.search(r"[.?!;,\u2014\u2013]|\s-+\s", text[max(told):later[0].start]) is not None


def _unsettled_history(m: CodeMention) -> bool:
    """The classifier was unsure, but its best guess is a status of the student's record, not a question."""
    return m.role == "" and m.status == UNCLEAR and m.best not in ("asked", "") and not m.someone_elses


SKIP_REACH = 40  # characters between a word of skipping and the course it skips ("leave A out", "can A be skipped")


def _past_the_skipped(targets: list[str], local: list[CodeMention], text: str) -> list[str]:
    """"leave A off my plan and still do B next year?": the course a skip word points at is not the one asked
    about; the one other course not told done is (B's time word had made it read as planned, and A the target)."""
    skipped = _skipped_courses(text, local)
    others = list(dict.fromkeys(m.code for m in local if m.code not in skipped and m.role != DONE))
    return others if targets[0] in skipped and len(others) == 1 else targets


_PRONOUN_AFTER_RE = re.compile(r"\s+(?:it|that(?:\s+one)?|this(?:\s+one)?|them)\b", re.IGNORECASE)


def _skipped_courses(text: str, local: list[CodeMention]) -> set[str]:
    """The courses a word of skipping points at: one inside it ("leave A aside"), the first named after it
    (not the goal a "for" names), or one named just before it."""
    out: set[str] = set()
    for skip in _SKIP_RE.finditer(text):
        if _PRONOUN_AFTER_RE.match(text, skip.end()):  # "avoid it, yet reach B": "it" is the course before
            before = [m for m in local if m.end <= skip.start()]
            out |= {before[-1].code} if before else set()
            continue
        after = [m for m in local if skip.start() <= m.start <= skip.end() + SKIP_REACH][:1]
        after = [m for m in after if not _GOAL_BEFORE_RE.search(text[skip.end():m.start])  # "avoidable for C":
                 and not re.search(r"[.?!;]\s", text[skip.end():m.start])]  # C is the goal; nor past a sentence
        # end ("A was optional so I left it. Is B open?"): the course skipped is then the one before the word
        before = [m for m in local if skip.start() - SKIP_REACH <= m.end <= skip.start()]
        if after or before:
            out.add((after[0] if after else before[-1]).code)
    return out


_COURSELESS_SENTENCE_RE = re.compile(r"[^.!?]*?[.!?]+\s+(?=\S)")
# what makes an opening sentence part of the course history: a course named, or words of courses taken
_HISTORY_WORD_RE = re.compile(r"\b[A-Za-z]{2,5} ?\d{3}[A-Za-z]?\b|\b(?:courses?|class(?:es)?|credits?|took|taken|"
                              r"passed|finished|completed|did|done|failed|dropped)\b", re.IGNORECASE)


def _states_history(text: str) -> bool:
    """Whether the words tell what the student has done ("I did A, B"; "took A"). Opening sentences that
    name no course and no course taken ("I'm a biochem major.") tell who the student is, not a course history."""
    while (lead := _COURSELESS_SENTENCE_RE.match(text)) and not _HISTORY_WORD_RE.search(lead.group()):
        text = text[lead.end():]
    return bool(_HISTORY_START_RE.match(text) or _STATEMENT_START_RE.match(text))


def _read_as_substitution(q: Question, swap: Substitution) -> None:
    """A question of whether one course takes another's place in a third's requirement: what the student
    did with them does not enter into it, so no history is read."""
    q.intent, q.reason, q.substitute = "need_check", "asks whether one course can take another's place", swap
    q.targets, q.target, q.asked = list(swap.goals), swap.goals[0], [swap.replaced]
    q.asks_direction, q.asks_skip, q.asks_membership = True, False, False
    q.completed, q.not_completed, q.unclear, q.concurrent, q.assumed, q.either = [], [], [], [], [], []


def _read_need_direction(q: Question) -> None:
    """Which way a question of one course's need of another points (``need_words.json``): membership ("is A a
    prerequisite of B"), necessity, skipping, "beforehand". Read for need questions, and for a yes/no question
    about two courses' prerequisites ("would A be accepted for B's prerequisite?"), which the answer
    turns into a need question when one course's prerequisite names the other."""
    q.asks_membership = _MEMBERSHIP_RE.search(q.text) is not None and not _NECESSITY_RE.search(q.text)
    q.asks_skip = _SKIP_RE.search(q.text) is not None
    q.asks_direction = q.asks_skip or any(r.search(q.text) for r in (_MEMBERSHIP_RE, _NEED_WORD_RE))
    q.asks_before = _BEFORE_WORD_RE.search(q.text) is not None


def _weigh_polarity(q: Question, reader: Reader) -> None:
    """A need question's direction, from its words and, when sure, the polarity classifier
    (``need_polarity.weigh``); asked only of need questions, so no other question pays for the encoding."""
    if reader.polarity is None or not (q.intent == "need_check" or q.relates_two):
        return
    if q.asks_skip and _NEED_WORD_RE.search(q.text):
        return  # "is A a must-have for B, or optional?": both ways are asked, and "Yes, it can be skipped" /
        # "No, it cannot be skipped" say which way they answer, whichever the classifier leans to
    scores = reader.polarity.scores([reader.titles.codes_for_titles(q.text)], reader.subjects)[0]
    q.asks_direction, q.asks_membership, q.asks_skip = need_polarity.weigh(
        (q.asks_direction, q.asks_membership, q.asks_skip), need_polarity.sure_label(scores))


def _asked_of(local: list[CodeMention]) -> list[str]:
    """The courses a question can ask a course's facts of: not the ones only told as history ("never took A.
    credits of B?", "finished A. credits of B?" ask of B alone), unless nothing else is named ("I dropped
    A and B, credits of the pair?")."""
    def told_of(m: CodeMention) -> bool:  # never taken, or told done in words of its own ("I've completed A");
        # a course taken now or planned may be summed, and so may one named "with" another ("A with B")
        if m.role == DONE:
            return m.cue.lower() not in ("with", "w/", "plus", "and", "having")
        return m.role == NOT_DONE and m.status not in ("planned", "in_progress")
    told = {m.code for m in local if told_of(m)} - {m.code for m in local if not told_of(m)}
    codes = list(dict.fromkeys(m.code for m in local))
    return [c for c in codes if c not in told] or codes


def _settle(intent: str, codes: list[str]) -> str:
    if intent == "other":
        return "none"
    if intent == "credits" and len(codes) > 1:  # the credits of several courses: each, and their total
        return "credits_total"
    if intent == "credits_total" and len(codes) == 1:  # one course asked, the others told as history
        return "credits"
    return intent


def read_level_list(text: str) -> list[int]:
    """Numbered levels ("4xx", "400-level") first; else wording ("intro", "upper-level", "third-year course")."""
    return read_levels(text) or sorted(levels_in_question(text)) or read_year_levels(text)


def _without_codes(part: str, local: list[CodeMention], text: str) -> str:
    """The part with its codes blanked, so "PHYS 119" does not read as the Physics program, and so are the
    brackets right after a code ("PHYS 153 (Elements of Physics)": the course's title or mark, not a program)."""
    for m in sorted(local, key=lambda m: -m.start):
        snippet = text[m.start:m.end]
        part = re.sub(re.escape(snippet) + r"(?:\s*\([^()]{0,80}\))?", " ", part)
    return part


def _fill(q: Question, local: list[CodeMention], history: list[CodeMention], text: str,
          calendar_courses: set[str]) -> None:
    """Intent-specific slots: target(s), the asked course, the course history."""
    codes = list(dict.fromkeys(m.code for m in local))
    known = set(q.entities.courses) | calendar_courses
    intent = q.intent
    q.targets, q.asked, q.completed, q.not_completed, q.unknown_completed = [], [], [], [], []
    q.concurrent, q.unclear, q.assumed, q.deferred, q.not_taking = [], [], [], [], []
    q.either = []
    q.target = ""
    if intent in ("eligibility", "unlocks", "chain", "program_left"):
        plan = plan_order(text, local) if intent == "eligibility" else None
        if plan:
            _read_plan(plan)
        targets = [] if intent in ("unlocks", "program_left") else _targets(local, text)
        if intent == "eligibility" and len(targets) == 1 and _SKIP_RE.search(text):
            targets = _past_the_skipped(targets, local, text)
        q.targets = targets
        q.target = targets[0] if targets else ""
        # another part's courses count only where their own words tell history ("(2) credits of B" is no B taken)
        pool = local if history is local else local + [m for m in history if m not in local and m.role in (DONE, NOT_DONE)]
        q.completed, q.not_completed, q.unknown_completed = _history(pool, targets, known)
        if intent == "unlocks":
            q.completed = q.completed or [c for c in codes if c in known and c not in q.not_completed
                                          and not any(m.code == c and _unclear_by_words(m) for m in local)]
        if intent != "unlocks":
            q.unclear = [c for c in _unclear(pool, targets, q.completed + q.not_completed) if c in known]
        if intent == "eligibility":
            # "can I skip A and still reach B": whether B can be had without A, which another route answers
            q.asks_skip = _SKIP_RE.search(q.text) is not None
            # (not "do I meet C's prereq? I took A and B at Langara": the student's own record, read as told)
            q.asks_sufficiency = bool(_SUFFICES_RE.search(q.text) or _ENOUGH_RE.search(q.text)) \
                and not _OWN_RECORD_RE.search(q.text)
            # "would A or B be accepted for C": whether they are options, not whether either is enough
            q.asks_membership = _MEMBERSHIP_RE.search(q.text) is not None and not _ENOUGH_RE.search(q.text)
            if q.asks_skip and q.unclear:
                # "pass over A, then go to B?": the course skipped is the one not done, before any premise of
                # "is A enough" ("is A avoidable for C? I only have B") takes the courses named as had
                skipped = _skipped_courses(q.text, local)
                q.not_completed += [c for c in q.unclear if c in skipped]
                q.unclear = [c for c in q.unclear if c not in skipped]
            if q.asks_sufficiency and not _states_history(q.text):
                # "is A enough for B", "do A and B cover C": A is the premise asked about, not a claim to check;
                # one supposed ("if I had A, would that be enough") is answered "once you have completed A"
                # one whose words lean to a plan or a course under way ("A this year, B next year. does that
                # satisfy B?") is a premise to complete, never a course had
                supposed = [m for m in pool if m.code in q.unclear and (
                    is_hypothesis(text, m) or m.best in ("planned", "in_progress"))]
                for m in supposed:
                    m.role, m.cue, m.assumed = NOT_DONE, "planned", True
                q.not_completed += list(dict.fromkeys(m.code for m in supposed))
                q.completed, q.unclear = q.completed + [c for c in q.unclear if c not in q.not_completed], []
            elif q.asks_membership and not _states_history(q.text):
                # "is A a valid option for B": A is asked about, not told done; only a course the words ask of
                # (no status told beside it) is taken as the premise, never one told in words of not done
                asked = {m.code for m in pool if m.best == "asked"}
                q.completed += [c for c in q.unclear if c in asked]
                q.unclear = [c for c in q.unclear if c not in asked]
        chained = {m.code for n, m in enumerate(pool) if m.or_previous or
                   (n + 1 < len(pool) and pool[n + 1].or_previous)}
        q.either = [c for c in q.completed if c in chained] if intent == "eligibility" else []
        planned = [c for c in q.not_completed if any(m.code == c and (CONCURRENT_CUE_RE.search(m.cue) or (
            m.cue == NOT_DONE and m.status in ("in_progress", "planned"))) for m in pool)]  # "A is in progress"
        # "take B now and push A to next year": A comes later, so it does not go alongside B
        q.deferred = [c for c in planned if any(m.code == c and placed_after_asked(text, pool, n)
                                                for n, m in enumerate(pool))] if pool is local else []
        q.concurrent = [c for c in planned if c not in q.deferred]
        q.under_way = [c for c in q.concurrent if any(m.code == c and m.status == "in_progress" for m in pool)]
        q.not_taking = [c for c in q.not_completed if any(m.code == c and _not_taking(m, n, pool, text)
                                                          for n, m in enumerate(pool))]
        # "A and B together, one term?", with nothing told as done: how each names the other, not a history
        q.asks_together = intent == "eligibility" and not q.completed and len(codes) == 2 \
            and puts_in_one_term(q.text)
        q.assumed = [c for c in q.not_completed if c in known and any(m.code == c and m.assumed for m in pool)]
        if intent in ("unlocks", "chain", "program_left") and q.assumed:  # "if I pass A this term, what opens for me
            # later", "if I've finished A, what's left before C": the supposed course is taken as done
            q.completed = list(dict.fromkeys(q.completed + q.assumed))
            q.not_completed = [c for c in q.not_completed if c not in q.assumed]
    elif intent == "need_check":
        target_idx = _need_target(local, text)
        # "skip A and just have B for C": the course a word marks as the goal ("for C") is the one asked about,
        # and B, what the student has, is not
        target_idx = ([i for i in target_idx if local[i].role == TARGET]
                      or [i for i in target_idx if _GOAL_BEFORE_RE.search(text[:local[i].start])]
                      or [i for i in target_idx if local[i].role != DONE] or target_idx)
        q.targets = [local[i].code for i in target_idx]
        q.target = q.targets[0]
        q.asked = list(dict.fromkeys(m.code for i, m in enumerate(local) if i not in target_idx and m.code not in q.targets))
        if not q.asked:  # both named as targets: the first is asked about, the rest are the courses
            q.asked, q.targets = [codes[0]], codes[1:]
            q.target = q.targets[0]
        _read_need_direction(q)
        # "skip A for C if I did B": the course supposed done is the student's route, as one told done is
        told_done = {m.code for m in local if m.role == DONE or (m.role == NOT_DONE and m.assumed)}
        told_not = {m.code for m in local if m.role == NOT_DONE and not m.assumed and not _SKIP_RE.search(m.cue or "")}
        # "i did C not A. is A necessary?": a course told, then named again where the asking is, is asked about
        told_not -= {m.code for m in local if m.role not in (DONE, NOT_DONE)} - told_done
        together = _skipped_together(q.text, local) if q.asks_skip else []
        if together and set(together) <= set(q.asked):
            # "can I skip both A and B for C": each is left out, so C must be reachable without all of them
            q.not_completed = list(dict.fromkeys(q.not_completed + together))
        elif (q.asks_skip or told_done) and any(a not in told_done | told_not for a in q.asked):
            # "can I skip A for B if I've already done C": C is the student's route, not a course to skip;
            # "... and I failed C": C is a route closed, told apart from the course the skip word points at;
            # "took C. is A necessary for B?": C, told done, is the route, and A the course asked about
            q.completed = [a for a in q.asked if a in told_done]
            q.not_completed = [a for a in q.asked if a in told_not]
            q.asked = [a for a in q.asked if a not in told_done | told_not]
    elif intent in ("exclusion", "compare", "credit_compare"):
        q.targets = codes[:2]
        q.target = codes[0]
        done = list(dict.fromkeys(m.code for m in local if m.role == DONE))
        asked = [c for c in codes if c not in done]
        told_not = list(dict.fromkeys(m.code for m in local if m.role == NOT_DONE))
        untold = [c for c in asked if c not in told_not]
        if intent == "exclusion" and len(codes) > 2 and done and len(asked) == 1:
            q.completed, q.targets, q.target = done, asked + done, asked[0]  # "did A and B, C for credit too?"
        elif intent == "exclusion" and len(codes) > 2 and done \
                and len(asked_one := _in_last_question(text, local, asked)) == 1:
            # a story ("passed A, failed B, thinking about C; can I take D and have it count?"): the one course
            # the question sentence names, weighed against what was done; the rest is history
            q.completed, q.targets, q.target = done, asked_one + done, asked_one[0]
            q.not_completed = [c for c in told_not if c not in asked_one]
        elif intent == "exclusion" and len(codes) > 2 and len(untold) == 2:
            # "A and B both count? I haven't taken C": the pair asked about, the rest history
            q.completed, q.not_completed, q.targets, q.target = done, told_not, untold, untold[0]
        elif intent == "exclusion" and len(codes) == 2 and len(in_asking := _in_last_question(text, local, codes)) < 2 \
                and not _BOTH_WORD_RE.search(text):
            # "dropped A last year. Does B earn credit?": one of the pair told before the asking, with
            # what the student did with it (never taken, dropped: its exclusion binds nothing; someone else's:
            # unclear); a course only planned is not history
            told = [c for c in codes if c not in in_asking]
            never = [m.code for m in local if m.role == NOT_DONE and m.status not in _UNDER_WAY_OR_PLANNED]
            q.completed = [c for c in done if c in told]
            q.not_completed = [c for c in told if c in never and c not in q.completed]
            q.unclear = [c for c in _unclear(local, [], q.completed + q.not_completed) if c in told]
        q.asks_excluded = _asks_excluded(q.text)
        q.asks_fewer = _FEWER_RE.search(q.text) is not None
    elif intent == "credits_total":
        q.targets = _asked_of(local)
        q.target = codes[0]
    elif intent in ("prereq_of", "coreq_of", "credits", "describe", "reverse_prereq", "program_course"):
        asked = _asked_of(local) if intent == "credits" else codes
        q.targets = [c for c in asked if c in known] or asked
        q.target = q.targets[0]
        if intent == "prereq_of" and (_CAN_TAKE_RE.search(q.text) or not (
                _REQUISITE_WORD_RE.search(q.text) or _NEED_WORD_RE.search(q.text)
                or _BEFORE_WORD_RE.search(_FIRST_YEAR_RE.sub(" ", q.text)))):
            # "prereqs of A - can I just sign up?": whether the student may take A, which a list of
            # A's prerequisites answers without a verdict ("Yes: A requires B" answered the wrong question)
            # a yes/no question with no word of requisites ("is A offered to first-years?", "can anyone
            # take A?") is not "does A have prerequisites?": the facts, with no verdict word that would answer it
            q.yes_no = False
        if intent == "program_course":  # "is A mandatory for P": required, not merely listed as one option
            q.asks_duty = bool(_NECESSITY_RE.search(q.text) or _PROGRAM_DUTY_RE.search(q.text))
            # "can I skip A in P": the duty turned around ("mandatory or optional?" asks the duty)
            q.asks_skip = not q.asks_duty and _SKIP_RE.search(q.text) is not None
        if q.relates_two:
            _read_need_direction(q)
    elif intent in ("topic_level", "subject_level"):
        q.topic = _topic(q.text, q.subjects)
        q.asks_duty = bool(_PROGRAM_DUTY_RE.search(q.text) or _NEED_RE.search(q.text))
    elif intent in CHANGE_INTENTS:  # a course gone from this edition is still the one asked about
        q.targets = codes
        q.target = codes[0] if codes else ""
        q.change_facets = _change_facets(q.text)
    q.reason = REASONS.get(intent, q.reason)


def _asks_excluded(text: str) -> bool:
    """Whether "yes" would mean the courses exclude each other: only when nothing asked is whether both count.
    Asked both ways ("exclusive, or is credit given for the two?", "will B count or is it excluded?"), the
    lead answers whether both count, in whichever order: that is the "Yes" a student acts on.
    The sentences that ask come first: a friend's claim told before them ("only one counts") frames nothing."""
    asking = " ".join(s for s in re.split(r"(?<=[.?!])\s+", text) if s.rstrip().endswith("?"))
    if asking and (_EXCLUSION_ASK_RE.search(asking) or _BOTH_ASK_RE.search(asking)):
        text = asking
    excluded = _EXCLUSION_ASK_RE.search(text)
    both = _BOTH_ASK_RE.search(text) or _COUNTS_ASK_RE.search(text)
    return excluded is not None and both is None


# "will B count or is it excluded?": an exclusion question asked first as whether B counts ("yes" = it counts);
# not "does only one of them count", nor "count against" or "count as the same"
_COUNTS_ASK_RE = re.compile(r"\b(?:will|would|does|do)\s+(?!only\b)(?:\S+\s+){1,4}?(?:still\s+)?count\b"
                            r"(?!\s+(?:against|as)\b)", re.IGNORECASE)


def _not_taking(m: CodeMention, n: int, pool: list[CodeMention], text: str) -> bool:
    """Whether the student rules out taking the course alongside the one asked: told not taken now or later
    ("won't be taking A"), asked without it ("take B this term without A"), or set against a course being taken
    now ("taking C this term but not A", "taking C (not A)")."""
    if m.cue == NOT_TAKING or (m.role == NOT_DONE and _WITHOUT_WORD_RE.fullmatch(m.cue or "")):
        return True
    before = pool[n - 1] if n > 0 else None
    return m.role == NOT_DONE and m.cue in ("not", "but not") and before is not None \
        and before.status == "in_progress" and not re.search(r"[.?!;]", text[before.end:m.start])


_WITHOUT_WORD_RE = re.compile(r"without|w/o|w/out", re.IGNORECASE)


def _read_plan(plan: list[CodeMention]) -> None:
    """A plan asked about as a whole: its last course is the one asked about, every earlier one its premise
    ("Yes, once you have completed A"), never a course done."""
    last = plan[-1].code
    for m in plan:
        if m.code == last:
            m.role, m.cue, m.assumed = TARGET, "planned last", False
        else:
            m.role, m.cue, m.assumed = NOT_DONE, "planned", True


def _targets(local: list[CodeMention], text: str = "") -> list[str]:
    """The courses asked about: those a target cue ("take", "into", "for") points at; else a course that
    heads the question as its label ("ENVR 430: second year, have BIOL 230. allowed?"); else the last named, not
    one said done where another is not."""
    tail = _planned_tail(local, text)
    if tail is not None:
        return [tail.code]
    cued = [m.code for m in local if m.role == TARGET]
    # "waitlisted for A ... can I do B without having A?": a course told not done (or done) elsewhere is history
    told = {m.code for m in local if m.role in (DONE, NOT_DONE)}
    cued = [c for c in cued if c not in told] or cued
    if cued:
        # "take X ... for Y": the last cued course in a list of alternatives is still a target
        return list(dict.fromkeys(cued))
    # "my roommate did A after B. I have B and C. eligible?": B, told done in the student's own words, is history
    plain = [m for m in local if m.role == "" and m.code not in told] or [m for m in local if m.role == ""]
    # "B: eligible? Fairly sure I passed A ...": a course of the sentence that asks, over one
    # of a sentence that tells (A's status left unclear is still history, not the question)
    plain = [m for m in plain if in_asking_sentence(text, m)] or plain
    if len(plain) > 1 and heads_the_question(text, local, plain[0]):
        return [plain[0].code]
    if plain:
        return [plain[-1].code]
    # every course told: one said done is not the one asked about ("A without B? I have C and D"); the one the
    # student wants to take is ("Thinking about A next term. Failed B, in C now. Would that work out?")
    wanted_ones = {m.code for m in local if m.role == NOT_DONE and m.status == "planned" and wanted(text, m)}
    if len(wanted_ones) == 1 and not any(in_asking_sentence(text, m) for m in local):  # (the asking names none)
        return list(wanted_ones)
    untold = [m for m in local if m.role != DONE]
    return [(untold or local)[-1].code] if local else []


def _planned_tail(local: list[CodeMention], text: str) -> CodeMention | None:
    """"A is the one left for me to clear. B this fall?": a course alone in the last sentence, asked with a
    time, after another course's sentence, is the course asked about; its time word made it read as planned."""
    if len(local) < 2 or not text.rstrip().endswith("?") or not _bare_course_tail(text):
        return None
    last = local[-1]
    if last.role != NOT_DONE or not {last.status, last.best} & {"planned", "in_progress"} \
            or last.code in (m.code for m in local[:-1]):
        return None
    before = local[-2]
    return last if re.search(r"[.?!;\u2014\u2013]|\s-+\s", text[before.end:last.start]) else None


# "does B have A as a prereq", "do I have A as a pre-req to B": the course between is the one asked about
_HAS_AS_PREREQ_RE = re.compile(r"\b(?:ha(?:ve|s)|lists?|includes?|names?|counts?)\s+(?P<asked>[^.?!]{3,24}?|[^.?!]{3,70}?\([A-Z]{2,5} \d{3}[A-Z]?\))\s+as\s+(?:a|an|one of (?:its|the)|its|the)\s+pre",
                               re.IGNORECASE)
_TOWARD_GOAL_RE = re.compile(r"\s*(?:(?:straight|right|directly)\s+)?(?:for|to|into|towards?|before|on (?:the|my) way (?:to|into)|if)\b",
                             re.IGNORECASE)


# what joins courses named as one list ("A and B", "A, B", "A or B", "A & B")
_LIST_JOIN_RE = re.compile(r"\s*(?:,\s*(?:and\s+|or\s+)?|and\s+|or\s+|&\s*|/\s*|\+\s*)", re.IGNORECASE)


# a word that leads to the course after it as the goal: "skip A for C", "A on my way to C"
_GOAL_BEFORE_RE = re.compile(r"\b(?:for|to|into|towards?|before|ahead of)\s+$", re.IGNORECASE)
# a need word, then "for" right before a course: "mandatory for B", "a must-have for B", "required for B"
_NEED_FOR_RE = re.compile(r"\b(?:mandatory|required|compulsory|obligatory|needed|necessary|essential|a must(?:-have)?|"
                          r"must-have)\s+for\s+$", re.IGNORECASE)  # (not "a need for A if I want B": A is the course)


def _coordinated(text: str, local: list[CodeMention], first: int) -> list[int]:
    """The mention ``first`` and those listed with it right after ("skip both A and B for C": A, B)."""
    out = [first]
    for i in range(first + 1, len(local)):
        if not _LIST_JOIN_RE.fullmatch(text[local[out[-1]].end:local[i].start]):
            break
        out.append(i)
    return out


def _skip_word(text: str) -> re.Match | None:
    """The word of skipping that governs a course: none in "A required for B, or is skipping it fine", whose
    "it" is the course already asked of."""
    skip = _SKIP_RE.search(text)
    return None if skip and re.match(r"\s+(?:it|that|this|them)\b", text[skip.end():], re.IGNORECASE) else skip


def _skipped_after(text: str, local: list[CodeMention]) -> list[int]:
    """The mentions a skipping word governs after it ("skip A", "skip both A and B"): none when no such
    word, or when the words after it lead on to the goal ("A optional for B")."""
    skip = _skip_word(text)
    if not skip:
        return []
    after = [i for i, m in enumerate(local) if m.start >= skip.end()
             and len(re.findall(r"[A-Za-z']+", text[skip.end():m.start])) <= 2
             and not _TOWARD_GOAL_RE.match(text[skip.end():m.start])]
    return _coordinated(text, local, after[0]) if after else []


def _skipped_together(text: str, local: list[CodeMention]) -> list[str]:
    """The courses one skipping word leaves out together ("skip both A and B for C"), when there are
    several and a course is left to reach; else none."""
    group = list(dict.fromkeys(local[i].code for i in _skipped_after(text, local)))
    return group if 1 < len(group) < len({m.code for m in local}) else []


def _need_target(local: list[CodeMention], text: str) -> list[int]:
    """In "do I need A for B" the target is B; in "does B require A" it is B; in "B: is A required?" it is B;
    in "B - finish A first?" it is B."""
    skip = _skip_word(text)
    if skip and len(local) >= 2:  # "can A be skipped for B", "skip A and still take B": A is asked about
        # the courses the skipping word governs follow it ("skip A"), unless a word leads on to the goal
        # ("A optional for B", "A left out en route to B": the course before it is the one skipped)
        before = [i for i, m in enumerate(local) if m.end <= skip.start()]
        # "is A needed for B, or may I drop it": a course a goal word leads to ("for B") is not the one left out
        unled = [i for i in before if not _GOAL_BEFORE_RE.search(text[max(0, local[i].start - 12):local[i].start])]
        asked = _skipped_after(text, local) or (unled or before)[-1:]
        left = [i for i in range(len(local)) if local[i].code not in {local[j].code for j in asked}]
        if asked and not left:  # "skip A and B?" with no third course: B is where the student is going
            asked = asked[:1]
            left = [i for i in range(len(local)) if local[i].code != local[asked[0]].code]
        if asked:
            return left
    has_as = _HAS_AS_PREREQ_RE.search(text)
    if has_as and len(local) >= 2:
        asked = [i for i, m in enumerate(local) if has_as.start("asked") <= m.start < has_as.end("asked")]
        if asked:
            return [i for i in range(len(local)) if local[i].code not in {local[j].code for j in asked}]
    first = FIRST_COURSE_RE.search(text)
    if first:
        code = re.sub(r"[\W_]", "", first.group(1)).upper()
        asked = [i for i, m in enumerate(local) if m.code.replace(" ", "") == code]
        others = [i for i, m in enumerate(local) if m.code.replace(" ", "") != code]
        if asked and others:
            return others
    for m in local:  # "is A (or B) (actually) required (for C)": A and B are asked about, the rest are targets
        verb = re.search(r"\b(?:is|are)\s*$", text[:m.start], re.IGNORECASE)
        required = _IS_REQUIRED_RE.match(text, verb.start()) if verb else None
        others = [j for j in range(len(local)) if local[j].code != m.code]
        if required and others:
            after = [j for j in others if local[j].start >= required.end()]
            return after or others
    if len(local) >= 2 and local[0].role == TARGET and local[0].cue in ("for", "before", "ahead of") \
            and re.fullmatch(r"\W*(?:and\s+|so\s+|ok\s+)?\w+(?:\s+of)?\s*", text[:local[0].start], re.IGNORECASE):
        return [0]  # "Before B, is A needed?", "For B, do I need A?": the course the question opens on
    for i, m in enumerate(local):
        if _NEED_FOR_RE.search(text, 0, m.start):
            # "is <a course in words> mandatory for B if I did A": what a need word is "for" is the goal, and
            # the course the student did is no course to skip
            return [i]
        if i and m.role == TARGET and m.cue in ("for", "before", "into", "in", "get into", "take", "taking"):
            rest = [j for j in range(i, len(local)) if local[j].role in (TARGET, "")]
            return rest or [i]
    # "does B require A" / "do B and C both require A": the courses before the verb
    if len(local) >= 2:
        between = [text[a.end:b.start] for a, b in zip(local, local[1:])]
        for k, gap in enumerate(between):
            if _REQUIRES_RE.search(gap):
                return list(range(0, k + 1))
    if len(local) >= 2 and heads_the_question(text, local, local[0]):
        return [0]  # "B — is A the sole route": the course heading the question is the one asked about
    return [len(local) - 1]


def _topic(text: str, subjects: list[str]) -> str:
    names = {name for name, code in SUBJECT_NAMES.items() if code in subjects}
    words = [w for w in re.findall(r"[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*", _FRAME_RE.sub(" ", text))
             if w.upper() not in subjects and w.lower() not in names and not re.fullmatch(r"\d+|[1-6]xx", w)]
    return " ".join(words) or text

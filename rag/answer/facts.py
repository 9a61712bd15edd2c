"""Answers computed from the calendar's facts: the verdict or list first, then the calendar text, cited.

This module picks the answerer for a reading; each family of answers lives in a module of its own
(`eligibility`, `need`, `exclusions`, `course_lookup`, `programs`, `planning`, `program_left`,
`conditions`). Each answerer
takes the understood question and the version's facts and returns a complete answer, or None when the
facts cannot settle it (then retrieval and the model take over). Nothing here is generated: every code and
number comes from a fact row whose section is cited, and the grounding guard checks the result like any
other answer.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from rag.answer import planning
from rag.answer.course_lookup import (compare, coreq_of, credits, credits_total, describe_course, prereq_of,
                                      reverse_prereq, subject_level)
from rag.answer.conditions import condition_asked
from rag.answer.credit_toward import credit_toward
from rag.answer.eligibility import eligibility
from rag.answer.exclusions import credit_compare, excluded_pair, exclusion, names_missing_exclusion
from rag.answer.fact_sources import FactAnswer, Writer as _Writer, names_course
from rag.answer.need import need_check
from rag.answer.program_left import program_left
from rag.answer.programs import program_course, program_year
from rag.index.facts import FactStore
from rag.understand import Question
from rag.understand.slots import sentence_start

PER_COURSE = ("prereq_of", "coreq_of", "credits", "describe")  # intents asked of each named course in turn
# parts that decide what the student may do (take a course, skip one, keep the credit of two): their verdict is
# what the student acts on, so a several-part answer opens with it, whatever part was asked first
DECIDING = ("eligibility", "need_check", "exclusion", "credit_compare")


def decline(q: Question, facts: FactStore) -> FactAnswer | None:
    """What the calendar does not hold (instructors, schedules, rooms, dates, class sizes, services)."""
    named = f" It does have the course entry of {', '.join(q.entities.courses)}." if q.entities.courses else ""
    return FactAnswer("decline", "", "The Academic Calendar does not say this: it holds course descriptions, "
                      "prerequisites, credits and program requirements, not instructors, schedules, rooms, "
                      "dates and deadlines, class sizes or campus services." + named, [])


ANSWERERS: dict[str, Callable[[Question, FactStore], FactAnswer | None]] = {
    "prereq_of": prereq_of, "coreq_of": coreq_of, "reverse_prereq": reverse_prereq, "eligibility": eligibility,
    "exclusion": exclusion, "credit_compare": credit_compare, "compare": compare, "credits": credits,
    "describe": describe_course, "program_course": program_course, "program_year": program_year,
    "program": program_year, "need_check": need_check, "unlocks": planning.unlocks, "chain": planning.chain,
    "program_left": program_left, "credits_total": credits_total,
    "subject_level": subject_level, "decline": decline,
}


def answer_from_facts(q: Question, facts: FactStore) -> FactAnswer | None:
    """The facts answer of one reading: a several-part question part by part, a per-course question about
    several courses ("prereqs of A and B") course by course, anything else by its intent's answerer."""
    if q.intent == "multi":
        return answer_parts(q, facts)
    if (earns := credit_toward(q, facts)) is not None:  # "is A creditable towards the BSc?"
        return earns
    if (condition := condition_asked(q, facts)) is not None:  # "do I need a B or better / permission for A?"
        return condition
    relation = _relation_asked(q, facts) or _options_asked(q, facts)
    if relation is not None:
        fact = need_check(relation, facts)
        return replace(fact, reading=relation) if fact is not None and q.intent != relation.intent else fact
    if q.intent in PER_COURSE and len(q.targets) > 1:
        each = [replace(q, target=t, targets=[t], parts=[]) for t in q.targets]
        return answer_parts(replace(q, parts=each), facts)
    answerer = ANSWERERS.get(q.intent)
    return _credit_for_one_only(q, facts, answerer(q, facts)) if answerer else None


def _credit_for_one_only(q: Question, facts: FactStore, fact: FactAnswer | None) -> FactAnswer | None:
    """A "Yes" to taking a course, asked beside another course that the calendar credit-excludes from it
    (a sum "A + B" asked as a pair, "have A, is B worth it"), would hide that only one of the two earns
    credit: the answer is the pair's exclusion, whatever words the question used for it."""
    if fact is None or q.intent != "eligibility" or fact.verdict != "yes" or q.target not in facts.courses:
        return fact
    target = facts.courses[q.target]
    for other in dict.fromkeys(q.entities.courses + q.targets):
        if other != q.target and other not in facts.courses and other in facts.excluded.get(target.code, set()):
            return names_missing_exclusion(target, other, False) or fact  # "credit for A and X", X no entry
        if other != q.target and other in facts.courses and excluded_pair(target, facts.courses[other], facts):
            if other in q.not_completed and other not in q.completed:
                continue  # told not taken ("dropped B"): its credit stands in no one's way
            pair = replace(q, intent="exclusion", target=other, targets=[other, q.target], asks_excluded=False,
                           entities=replace(q.entities, courses=[other, q.target]), completed=[], not_completed=[],
                           unclear=[])  # what the student did with the other course is weighed here, below
            excluded = exclusion(pair, facts)
            if excluded is not None and other in q.unclear and _told_before_the_asking(q, other):
                # named in the story, not said to be done ("my friend took B"): it decides, and is unknown
                body = excluded.text.removeprefix("No: ")
                return replace(excluded, verdict="cannot tell", text=(
                    f"Only if you have no credit for {other}: {body}\nI could not tell from your question whether "
                    f"you have taken {other}."))
            return excluded or fact
    return fact


def _told_before_the_asking(q: Question, code: str) -> bool:
    """Whether ``code`` is named only before the sentence that asks (the last one with a question mark): part of
    what the student told, not of what they ask ("A + B: both?")."""
    spans = q.spans.get(code)
    end = q.text.rfind("?")
    if not spans or end < 0:
        return False
    start = sentence_start(q.text, end)
    return all(e <= start for _, e in spans)


def _relation_asked(q: Question, facts: FactStore) -> Question | None:
    """"Would A be accepted for B's prerequisite?", read as a question about both courses' prerequisites:
    a yes/no question about two courses, one of whose prerequisites names the other, asks how the two relate,
    and a list of each one's prerequisites would answer something else (a "Yes: A requires ..." about A's own).
    As a need question, its lead carries a verdict word only when a word says which way it points."""
    if not q.relates_two:
        return None
    a, b = q.targets
    for goal, asked in ((b, a), (a, b)):
        if names_course(facts, goal, asked):
            return replace(q, intent="need_check", target=goal, targets=[goal], asked=[asked])
    return None


def _options_asked(q: Question, facts: FactStore) -> Question | None:
    """"For C, would A or B do?", "could A or B serve for C?": a yes/no question naming three courses (or
    two named as alternatives, "A or B") asks whether they are C's options, where C is the single course
    whose prerequisite names all the others. The goal is read from the calendar, not from the word order,
    which the readings had got wrong ("is A required for C and B", "can B take C's place for A")."""
    codes = [c for c in dict.fromkeys(q.entities.courses) if c in facts.courses]
    alternatives = q.intent == "eligibility" and q.asks_membership and len(q.either) >= 2 \
        and set(q.either) < set(codes)  # "would A or B count as C's prerequisite", not "A or B alone enough"
    if not q.yes_no or len(codes) < 3 or not (alternatives or q.intent in ("need_check", "prereq_of")):
        return None
    goals = [g for g in codes if all(names_course(facts, g, other) for other in codes if other != g)]
    if len(goals) != 1 or (q.substitute is not None and goals[0] in q.substitute.goals):
        return None  # a substitution read with the right goal ("can A stand in for B for C") is answered as one
    # in a need question, a course the student told as done or not done is their history ("skip A for C if I
    # haven't done B either"), not a course asked about (an eligibility reading's premise is)
    told = q.completed + q.not_completed if q.intent == "need_check" else []
    asked = [c for c in codes if c != goals[0] and c not in told]
    if not asked:
        return None
    if q.intent == "need_check" and q.substitute is None:  # the direction its words asked stands
        return replace(q, target=goals[0], targets=[goals[0]], substitute=None, asked=asked)
    return replace(q, intent="need_check", target=goals[0], targets=[goals[0]], substitute=None, asked=asked,
                   asks_membership=True, asks_direction=True, asks_skip=False)  # "would A or B count as"


def answer_parts(q: Question, facts: FactStore) -> FactAnswer | None:
    """A several-part question: each part answered from facts; None when any part is not. The parts that
    decide what the student may do come first (A's credit count asked first, then whether A may be taken:
    the answer opens with whether it may, since a "Yes" about A's credits must not read as a yes to taking
    it), the rest in the order asked."""
    answers, parts = [], sorted(q.parts, key=lambda part: part.intent not in DECIDING)
    for part in parts:
        fact = answer_from_facts(part, facts)
        if fact is None or part.intent == "decline":
            return None
        answers.append(fact)
    w = _Writer()
    texts = []
    for fact in answers:
        local = {n: w.cite(src) for n, src in enumerate(fact.sources, 1)}
        texts.append(re.sub(r"\[(\d+)\]", lambda m: local.get(int(m.group(1)), m.group(0)), fact.text))
    verdict = answers[0].verdict
    reading = replace(q, parts=[fact.reading or part for fact, part in zip(answers, parts)]) \
        if parts != q.parts or any(fact.reading for fact in answers) else None
    return FactAnswer("multi", verdict, "\n\n".join(texts), w.sources,
                      [c for f in answers for c in f.codes], [d for f in answers for d in f.derived], reading)

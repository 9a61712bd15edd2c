"""Answers computed from the calendar's facts: the verdict or list first, then the calendar text, cited.

Each function takes the understood question and the version's facts and
returns a complete answer, or None when the facts cannot settle it (then
retrieval and the model take over). Nothing here is generated: every code and
number comes from a fact row whose section is cited, and the grounding guard
checks the result like any other answer.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from rag.index.codes import unique_codes
from rag.index.facts import CourseFact, FactStore, ProgramRow
from rag.answer import planning
from rag.answer.program_left import one_option, program_left
from rag.answer.substitute import substitute
from rag.answer.together import together
from rag.answer.fact_sources import FactAnswer, Source, Writer as _Writer, course_source, label as _label, \
    overall_verdict, program_source, quote as _quote
from rag.understand import Question
from rag.index.requirement_tree import (NO, UNKNOWN, YES, History, describe, evaluate, missing, required_course,
                                        excluded_group, restriction_met, tree_codes, unchecked, unparsed_parts, without)

PER_COURSE = ("prereq_of", "coreq_of", "credits", "describe")  # intents asked of each named course in turn
EXCLUSION_LIST_RE = re.compile(r"credit exclusion list", re.IGNORECASE)  # "Consult the Faculty of Science ..."
MAX_QUOTED = 12      # supporting calendar sentences quoted under a long list
TOPIC_CANDIDATES = 3  # courses named in a topic-at-a-level answer
TOPIC_STOPWORDS = frozenset("like good best want need what which where when some more most from that this these "
                            "those with into about them they have students people learn know".split())
LEVEL_WORDS = {1: "first-year", 2: "second-year", 3: "third-year", 4: "fourth-year", 5: "graduate", 6: "graduate"}


def _asked_course(q: Question, facts: FactStore) -> "tuple[CourseFact, _Writer, str] | None":
    """The course a one-course question asks about, a writer, and the course's citation mark; None when
    the calendar has no such course (the question then goes on to retrieval)."""
    c = facts.courses.get(q.target)
    if c is None:
        return None
    w = _Writer()
    return c, w, w.cite(course_source(c))


def prereq_of(q: Question, facts: FactStore) -> FactAnswer | None:
    found = _asked_course(q, facts)
    if found is None:
        return None
    c, w, ref = found
    restricted = (f"\nWho may register (calendar): {_quote(c.restriction)} {ref}"
                  if c.restriction and c.restriction not in c.prerequisite else "")  # no course needed, yet not open to all
    if not c.prerequisite.strip():
        text = f"{'No' if q.yes_no else 'None listed'}: the calendar lists no prerequisite for {_label(c)}. {ref}"
        if c.corequisite:
            text += f"\nCorequisite: {_quote(c.corequisite)} {ref}"
        return FactAnswer("prereq_of", "no", text + restricted, w.sources)
    lines = []
    # "does X have prereqs?": yes. With another course named, the yes/no is about how the two relate ("is A
    # what unlocks B?"), which a list of B's prerequisites does not settle: no verdict word then
    yes = "Yes: " if q.yes_no and set(q.entities.courses) <= {c.code} else ""
    if c.prerequisite_tree and c.prerequisite_parsed:
        lines.append(f"{yes}{c.code} requires {describe(c.prerequisite_tree)}. {ref}")
    elif c.prerequisite_tree:
        lines.append(f"{c.code}'s prerequisite, in part: {describe(c.prerequisite_tree)} "
                     f"(ubcal could not read all of it; the calendar's sentence follows). {ref}")
    lines.append(f"Prerequisite (calendar): {_quote(c.prerequisite)} {ref}")
    if c.corequisite:
        lines.append(f"Corequisite (calendar): {_quote(c.corequisite)} {ref}")
    return FactAnswer("prereq_of", "", "\n".join(lines) + restricted, w.sources)


def coreq_of(q: Question, facts: FactStore) -> FactAnswer | None:
    found = _asked_course(q, facts)
    if found is None:
        return None
    c, w, ref = found
    if not c.corequisite:
        # "what are X's coreqs?" asks for a list: "none listed" answers it; "does X have one?" gets its "No"
        lead = "No" if q.yes_no else "None listed"
        return FactAnswer("coreq_of", "no", f"{lead}: the calendar lists no corequisite for {_label(c)}. {ref}",
                          w.sources)
    lead = (f"{c.code} has corequisite {describe(c.corequisite_tree)}" if c.corequisite_tree
            else f"{c.code} has a corequisite")
    if q.yes_no:  # "does X have a coreq?": answer the question asked first
        lead = f"Yes: {lead}"
    return FactAnswer("coreq_of", "", f"{lead}. {ref}\nCorequisite (calendar): {_quote(c.corequisite)} {ref}",
                      w.sources)


def reverse_prereq(q: Question, facts: FactStore) -> FactAnswer | None:
    named = [t for t in (q.targets or [q.target]) if t in facts.courses]
    if not named:
        return None
    w = _Writer()
    # "which courses require both A and B": the courses whose prerequisites name every one of them
    sets = [{src for src, _ in facts.required_by.get(code, []) if src in facts.courses} for code in named]
    requiring = sorted(set.intersection(*sets))
    unsure = {src for code in named for src, parsed in facts.required_by.get(code, []) if not parsed}
    joint = " and ".join(named)
    if not requiring:
        refs = " ".join(w.cite(course_source(facts.courses[code])) for code in named)
        return FactAnswer("reverse_prereq", "none", f"No course in the calendar lists {joint} in its prerequisites. "
                          f"({'; '.join(_label(facts.courses[code]) for code in named)} {refs})", w.sources)
    levels = _levels_named(q)
    scope = "/".join(f"{n}00" for n in levels) + "-level" if levels else ""
    if scope:  # "which 300-level courses need A": only those, and the rest said to exist
        scoped = [c for c in requiring if facts.courses[c].level in levels]
        if not scoped:
            others = ", ".join(f"{code} {w.cite(course_source(facts.courses[code]))}" for code in requiring[:MAX_QUOTED])
            return FactAnswer("reverse_prereq", "none", (
                f"No {scope} course lists {joint} in its prerequisites; these others do: {others}"
                f"{' ...' if len(requiring) > MAX_QUOTED else ''}."), w.sources)
        requiring = scoped
    refs = {code: w.cite(course_source(facts.courses[code])) for code in requiring}
    listed = ", ".join(f"{code} {refs[code]}" for code in requiring)
    # no computed counts: the guard admits only numbers the cited calendar text contains
    lines = [f"{scope[:1].upper() + scope[1:] + ' courses' if scope else 'Courses'} whose prerequisites name {joint}: "
             f"{listed}."]
    if unsure:
        lines.append("Of these, ubcal could not fully read the prerequisite of "
                     + ", ".join(sorted(unsure)) + "; check their sentences below.")
    for code in requiring[:MAX_QUOTED]:
        lines.append(f"{code}: {_quote(facts.courses[code].prerequisite)} {refs[code]}")
    if len(requiring) > MAX_QUOTED:
        lines.append("(the sentences of the rest are in their cited sections above)")
    return FactAnswer("reverse_prereq", "", "\n".join(lines), w.sources, requiring)


_LEVEL_NAMED_RE = re.compile(r"\b[1-7]00[\s-]*level\b", re.IGNORECASE)


def _levels_named(q: Question) -> list[int]:
    """The course levels a list question narrows itself to, where it names one ("which 300-level courses
    need A"); a year of study ("took A in 3rd year") or a subject word ("German", whose courses may carry
    another code) narrows nothing."""
    return q.levels if _LEVEL_NAMED_RE.search(q.text) else []


def eligibility(q: Question, facts: FactStore) -> FactAnswer | None:
    """Yes / no / cannot tell for each course asked about, from the course history the question states."""
    targets = [t for t in (q.targets or [q.target]) if t in facts.courses]
    if not targets:
        return None
    if q.asks_together and (paired := together(q, facts)) is not None:  # "A and B together, one term?"
        return paired
    w = _Writer()
    verdicts, lines = [], []
    for code in targets:
        verdict, text = (_eligibility_either(facts.courses[code], q, facts, w) if len(q.either) > 1
                         else _eligibility_one(facts.courses[code], q, facts, w))
        if verdict is None:
            return None
        verdicts.append(verdict)
        lines.append(text)
    named = {code for t in targets for code in _codes(facts.courses[t].prerequisite_tree)}
    uncounted = [x for x in q.unknown_completed if x not in named]
    if uncounted:
        lines.append(f"The calendar has no course {', '.join(uncounted)}, so it is not counted.")
    overall = overall_verdict(verdicts)
    if len(targets) > 1:
        summary = {"yes": "Yes for all of them", "no": "No for all of them"}.get(
            overall, "It differs by course") + f": {', '.join(f'{t} {v}' for t, v in zip(targets, verdicts))}."
        lines.insert(0, summary)
    return FactAnswer("eligibility", overall, "\n".join(lines), w.sources)


def _eligibility_either(c: CourseFact, q: Question, facts: FactStore, w: "_Writer") -> tuple[str | None, str]:
    """"Is A or B enough for C?": each alternative on its own; "yes" only when each one is enough."""
    results = []
    for one in q.either:
        alone = replace(q, completed=[x for x in q.completed if x not in q.either or x == one], either=[])
        results.append((one, *_eligibility_one(c, alone, facts, w)))
    if any(v is None for _, v, _ in results):
        return None, ""
    verdicts = {v for _, v, _ in results}
    verdict = verdicts.pop() if len(verdicts) == 1 else "cannot tell"
    lead = {"yes": f"Yes: either one is enough for {c.code}.", "no": f"No: neither one alone is enough for {c.code}."}
    head = lead.get(verdict, f"It depends on which one: for {c.code}, " + "; ".join(
        f"with {one} {v}" for one, v, _ in results) + ".")
    leads = [text.split("\n")[0] for _, _, text in results]
    rest = results[0][2].split("\n")[1:]  # the calendar's sentence, quoted once
    return verdict, "\n".join([head] + leads + rest)


_YEAR_WORD = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}  # in words: the guard checks digits


def _history_words(q: Question) -> str:
    """What the student said of themselves, as the verdict repeats it: courses, then year and group."""
    have = ", ".join(sorted(q.completed)) or "no courses"
    have += f" (and not {', '.join(q.not_completed)})" if q.not_completed else ""
    said = ([f"in {_YEAR_WORD.get(q.standing, q.standing)} year"] if q.standing else
            [f"not yet in {_YEAR_WORD.get(q.standing_below, q.standing_below)} year"] if q.standing_below else []) \
        + ([f"in {' / '.join(q.member_of)}"] if q.member_of else []) \
        + (["without permission"] if q.no_permission else [])
    return have + (f", {', '.join(said)}" if said else "")


def _needs_it(c: CourseFact, q: Question, facts: FactStore) -> CourseFact | None:
    """Another course of the question, planned as a premise, planned or under way and told before ``c``, or of
    unclear status (not one the student said they did or did not do), whose prerequisite names ``c``: with ``c``
    open to all, the question was likely about that course ("B before A, allowed?", "B this fall, A next
    winter - ok?"). A course planned after ``c`` ("A now, B later") is no such course."""
    for code in q.entities.courses:
        other = facts.courses.get(code)
        told_before = code in q.concurrent and c.code in q.entities.courses \
            and q.entities.courses.index(code) < q.entities.courses.index(c.code)
        if code != c.code and (code in q.assumed or code in q.unclear or told_before) and other is not None \
                and c.code in _codes(other.prerequisite_tree):
            return other
    return None


def _order_reversed(c: CourseFact, after: CourseFact, q: Question, refs: tuple[str, str]) -> tuple[str, str]:
    """``c`` lists no prerequisite, but ``after``, also named, requires it. With ``after`` planned or under way
    before ``c`` ("assuming you complete B first", "B this fall, A next winter"), the plan puts them the wrong
    way round: "No". Otherwise which of
    the two is asked is not clear (nor is the order, when ``c`` is only one route into ``after``), and both facts
    are said with no verdict word a student could misread."""
    ref, after_ref = refs
    required = required_course(after.prerequisite_tree, c.code) == YES
    needs = (f"{after.code} requires {c.code}" if required else f"{after.code}'s prerequisite names {c.code} as one "
             f"route") + f" (its prerequisite: {describe(after.prerequisite_tree)}) {after_ref}"
    if (after.code in q.assumed or after.code in q.concurrent) and required:
        own = "" if c.prerequisite.strip() else f" {c.code} itself lists no prerequisite. {ref}"
        return "no", f"No: {needs}, so {c.code} goes first, before {after.code}, not after it.{own}"
    first = f"so {c.code} goes first" if required else f"so {c.code} or another route goes first"
    return "cannot tell", (f"Cannot tell which of the two the question is about: the calendar lists no prerequisite "
                           f"for {_label(c)} {ref}, but {needs}, {first}.")


def _eligibility_one(c: CourseFact, q: Question, facts: FactStore, w: "_Writer") -> tuple[str | None, str]:
    ref = w.cite(course_source(c))
    # a course with no entry of its own still counts when this requirement names it (an old or cross-listed code)
    named = set(_codes(c.prerequisite_tree))
    done = (set(q.completed) | (set(q.unknown_completed) & named)) - set(q.not_completed)
    if done != set(q.completed) - set(q.not_completed):
        q = replace(q, completed=sorted(done), unknown_completed=[x for x in q.unknown_completed if x not in named])
    have = _history_words(q)
    done = History(done, q.standing, q.scores, tuple(q.entities.programs) + tuple(q.member_of), tuple(q.not_in),
                   below=q.standing_below).without_permission(q.no_permission)  # what the student said
    clash = sorted(done & (facts.excluded.get(c.code, set()) | set(c.excluded_with)))
    if not c.prerequisite.strip():
        restricted = restriction_met(c.restriction, done) if c.restriction else YES
        if restricted == NO:
            return "no", f"No: {_label(c)} is restricted: {_quote(c.restriction)}, and {_refused(c, done)}. {ref}"
        if c.restriction and restricted == UNKNOWN:
            return "cannot tell", (f"Cannot tell: {_label(c)} lists no prerequisite, but it is restricted: "
                                   f"{_quote(c.restriction)} {ref}")
        if clash:
            return "no", _no_credit(c, clash, ref) + f"\nThe calendar lists no prerequisite for {_label(c)}. {ref}"
        after = _needs_it(c, q, facts)
        if after is not None:
            return _order_reversed(c, after, q, (ref, w.cite(course_source(after))))
        coreq = f"\nCorequisite: {_quote(c.corequisite)} {ref}" if c.corequisite else ""
        skipped = _corequisite_skipped(c, q, done)  # no prerequisite, but a corequisite still binds
        if skipped and set(skipped) <= set(q.deferred):
            return "no", (f"No: {_label(c)} lists no prerequisite, but it needs {describe(c.corequisite_tree)} as a "
                          f"corequisite (taken before it or alongside it), and you plan {', '.join(skipped)} for after "
                          f"it. {ref}{coreq}")
        if skipped:
            return "cannot tell", (f"Cannot tell: {_label(c)} lists no prerequisite, but it needs "
                                   f"{describe(c.corequisite_tree)} as a corequisite (before or concurrently), and you "
                                   f"said you have not taken {', '.join(skipped)}: only if you take it alongside. "
                                   f"{ref}{coreq}")
        return "yes", f"Yes: the calendar lists no prerequisite for {_label(c)}. {ref}{coreq}"
    if c.prerequisite_tree is None:
        if c.prerequisite_notes and not c.restriction:  # the sentence only recommends: nothing is required
            return "yes", (f"Yes: {c.code} requires no course; the calendar only recommends: "
                           f"{_quote(' '.join(c.prerequisite_notes))} {ref}")
        return None, ""
    if q.not_completed and not done and not q.unclear and not q.assumed:
        return _without(c, q, ref)
    conditional = _conditional(c, q, done, ref)
    if conditional is not None:
        return conditional
    result = evaluate(c.prerequisite_tree, done)
    after = _needs_it(c, q, facts) if result == YES else None
    if after is not None and (after.code in q.assumed or after.code in q.concurrent) \
            and required_course(after.prerequisite_tree, c.code) == YES:  # "B in September, then A in January":
        verdict, text = _order_reversed(c, after, q, (ref, w.cite(course_source(after))))  # B needs A first
        return verdict, f"{text}\nPrerequisite of {c.code} (calendar): {_quote(c.prerequisite)} {ref}"
    restricted = restriction_met(c.restriction, done) if c.restriction else YES
    if result != NO and restricted == NO:  # turned away by who may register, whatever the courses
        return "no", (f"No: {c.code} is restricted: {_quote(c.restriction)}, and {_refused(c, done)}. {ref}"
                      f"\nPrerequisite (calendar): {_quote(c.prerequisite)} {ref}")
    if result == YES and restricted == UNKNOWN:
        result = UNKNOWN
        conditions = [c.restriction]
    elif result == YES and q.unresolved:  # a negation that reached no course code
        result = UNKNOWN
        conditions = [f"which course \u201c{q.unresolved}\u201d refers to (name it by its code)"]
    else:
        conditions = unchecked(c.prerequisite_tree, done)
    skipped = _corequisite_skipped(c, q, done) if result == YES else []
    # "do A and B cover C": not while C's corequisite is still to take
    coreq_to_take = not skipped and result == YES and q.asks_sufficiency and c.corequisite_tree is not None \
        and evaluate(c.corequisite_tree, done | set(q.concurrent)) != YES
    if skipped and set(skipped) <= set(q.deferred):  # "push A to next year", A the corequisite: not alongside
        result = NO
        lead = (f"No: with {have} you meet the prerequisites of {c.code}, but it also needs "
                f"{describe(c.corequisite_tree)} as a corequisite (taken before it or alongside it), and you plan "
                f"{', '.join(skipped)} for after it. {ref}")
    elif skipped:  # "dropped A" where A is the corequisite: only if taken alongside, which the student rules out
        result = UNKNOWN
        lead = (f"Cannot tell: with {have} you meet the prerequisites of {c.code}, but it also needs "
                f"{describe(c.corequisite_tree)} as a corequisite (before or concurrently), and you said you "
                f"have not taken {', '.join(skipped)}: only if you take it alongside. {ref}")
    elif coreq_to_take:
        result = NO
        lead = (f"No, not on their own: with {have} you meet the prerequisites of {c.code}, but it also needs "
                f"{describe(c.corequisite_tree)} as a corequisite (taken before it or alongside it). {ref}")
    elif result == YES and clash:  # the prerequisites are met, but a course done already takes its credit
        result = NO
        lead = _no_credit(c, clash, ref) + f"\nWith {have} you meet the course prerequisites of {c.code}. {ref}"
    elif result == YES:
        lead = f"Yes: with {have} you meet the course prerequisites of {c.code}{_options_note(c.prerequisite_tree)}. {ref}"
    elif result == NO:
        lead = (f"No: with {have} you do not meet the prerequisites of {c.code}; still needed: "
                f"{'; '.join(missing(c.prerequisite_tree, done))}. {ref}")
    else:
        lead = (f"Cannot tell: with {have}, {c.code} also depends on what ubcal cannot check: "
                f"{'; '.join(_quote(x) for x in conditions) or 'part of the prerequisite it could not read'}. {ref}")
    lines = [lead, f"Prerequisite (calendar): {_quote(c.prerequisite)} {ref}"]
    if c.corequisite and (result == YES or coreq_to_take):
        lines.append(f"Corequisite: {_quote(c.corequisite)} {ref}")
    return result, "\n".join(lines)


MAX_OPTIONS_NAMED = 8  # options of a one-of prerequisite named beside a "Yes"; a longer list is in the quote


def _options_note(tree: dict) -> str:
    """", which asks for one of A, B": a prerequisite that is one choice of courses, said beside the "Yes" so
    the student sees which of the options counted and that the others would have done as well."""
    items = tree.get("items", [])
    if tree["op"] != "one" or not 2 <= len(items) <= MAX_OPTIONS_NAMED or any(x["op"] != "course" for x in items):
        return ""
    return f", which asks for {describe(tree)}"


def _no_credit(c: CourseFact, clash: list[str], ref: str) -> str:
    """The lead when a course the student has done is credit-excluded with the one asked about: a "Yes" there
    would send them into a course that cannot count."""
    return (f"No, not for credit: {c.code} is credit-excluded with {', '.join(clash)}, which you have completed: "
            f"{_quote(c.exclusion)} {ref}")


def _conditional(c: CourseFact, q: Question, done: History, ref: str) -> tuple[str, str] | None:
    """A "Yes" that would rest on courses the student did not clearly say they completed.

    Planned as the question's premise ("if I finish A this summer"): "Yes, once you have completed A".
    Named without a clear status: "Only if you have completed A ... I could not tell whether you have".
    None when what the student clearly said settles the verdict without them."""
    tree = c.prerequisite_tree
    if tree is None or not (q.assumed or q.unclear) or evaluate(tree, done) == YES:
        return None
    named = set(tree_codes(tree))
    assumed = [x for x in q.assumed if x in named]
    unclear = [x for x in q.unclear if x in named]
    with_assumed = done.plus(assumed)
    restricted = restriction_met(c.restriction, with_assumed) if c.restriction else YES
    quote = f"Prerequisite (calendar): {_quote(c.prerequisite)} {ref}"
    if assumed and restricted != NO and evaluate(tree, with_assumed) == YES:
        if restricted == YES:
            return "yes", (f"Yes, once you have completed {', '.join(assumed)}: then you meet the course "
                           f"prerequisites of {c.code}. Until it is completed, it does not count. {ref}\n{quote}")
        return "cannot tell", (f"Cannot tell: once you have completed {', '.join(assumed)} you meet the course "
                               f"prerequisites of {c.code}, but it is also restricted: {_quote(c.restriction)} {ref}"
                               f"\n{quote}")
    if assumed and evaluate(tree, with_assumed) == NO and not unclear:  # "if I finish A in summer, B?": not enough
        return "no", (f"No: even once you have completed {', '.join(assumed)}, you would not meet the "
                      f"prerequisites of {c.code}; still needed: {'; '.join(missing(tree, with_assumed))}. {ref}"
                      f"\n{quote}")
    if assumed and not unclear and evaluate(tree, with_assumed) != YES:  # the rest unsaid, or not checkable
        return "cannot tell", (f"Cannot tell: completing {', '.join(assumed)} is not all it takes; {c.code} "
                               f"requires {describe(tree)}. {ref}\n{quote}")
    optimistic = with_assumed.plus(unclear)
    if unclear and evaluate(tree, optimistic) == YES:
        # the entry's restriction sentence, as a clause of this one ("and restricted to X students")
        rest = f" and {c.restriction[0].lower()}{c.restriction[1:].rstrip('. ')}" if c.restriction and restricted != YES else ""
        # "not sure if I did A or B": where each alone would do, the condition is either, not both
        alone = [u for u in unclear if evaluate(tree, with_assumed.plus([u])) == YES]
        needed = f"one of {', '.join(unclear)}" if len(unclear) > 1 and alone == unclear else ' and '.join(unclear)
        return "cannot tell", (f"Only if you have completed {needed}: {c.code} requires "
                               f"{describe(tree)}{rest}. {ref} I could not tell from your question whether you "
                               f"have completed {', '.join(unclear)}.\n{quote}")
    return None


def _corequisite_skipped(c: CourseFact, q: Question, done: History) -> list[str]:
    """Courses the student says they have not taken that the unmet corequisite needs."""
    tree = c.corequisite_tree
    if tree is None or evaluate(tree, done | set(q.concurrent)) == YES:  # one option taken alongside will do
        return []
    named = set(tree_codes(tree))
    return [x for x in q.not_completed if x in named and x not in q.concurrent]  # "taking A now" is alongside


def _refused(c: CourseFact, done: History) -> str:
    """Why a restriction turns the student away, in their own terms."""
    group = excluded_group(c.restriction, done)
    return f"you said you are not in \u201c{group}\u201d" if group else "the year you gave is not one it admits"


def _without(c: CourseFact, q: Question, ref: str) -> tuple[str, str]:
    """"Can I take C without A?" with no other history: is A avoidable, and by which route."""
    tree = c.prerequisite_tree
    quote = f"Prerequisite (calendar): {_quote(c.prerequisite)} {ref}"
    required = [a for a in q.not_completed if required_course(tree, a) == YES]
    named = set(tree_codes(tree))
    under_way = [a for a in q.not_completed if a in named and a in q.concurrent]
    if under_way:  # "doing A this spring, B in the fall?": a prerequisite comes before, not alongside
        return "no", (f"No, not yet: {c.code} requires {describe(tree)}, and you are still taking or planning "
                      f"{', '.join(under_way)}: only once it is completed. {ref}\n{quote}")
    if required:
        return "no", (f"No: {c.code} requires {', '.join(required)} on every route "
                      f"(its prerequisite: {describe(tree)}). {ref}\n{quote}")
    unrelated = [a for a in q.not_completed if a not in named]
    if unrelated == q.not_completed and evaluate(tree, set()) == NO and not c.restriction:
        # "I haven't finished A. B?" where B never names A: what B does need, none of it said to be done
        corequisite = set(tree_codes(c.corequisite_tree)) if c.corequisite_tree is not None else set()
        coreq = [a for a in unrelated if a in corequisite]
        taking = ", which you said you are taking" if coreq and set(coreq) <= set(q.concurrent) else ""
        note = f" {', '.join(coreq)} is its corequisite (taken before it or alongside it){taking}." if coreq else ""
        return "no", (f"No, not on what you have said: {c.code} does not require {', '.join(unrelated)} as a "
                      f"prerequisite; it requires {describe(tree)}, and you have not said you have completed that."
                      f"{note} {ref}\n{quote}")
    others = named - set(q.not_completed)
    result = evaluate(tree, others)
    if result == NO:  # every other course taken and still short: nothing replaces what was not taken
        return "no", (f"No: without {', '.join(q.not_completed)}, no route into {c.code} is left "
                      f"(its prerequisite: {describe(tree)}). {ref}\n{quote}")
    if not others - set(q.not_completed) and result != YES:
        if unrelated == q.not_completed:  # "A was a W. B?" where B names no course A could be
            return "cannot tell", (f"Cannot tell: {c.code} does not name {', '.join(unrelated)}; it asks for "
                                   f"{describe(tree)}, which ubcal cannot check. {ref}\n{quote}")
        return "cannot tell", (f"Cannot tell: {', '.join(q.not_completed)} is not required on every route, but "
                               f"ubcal cannot settle the other routes: {describe(tree)}. {ref}\n{quote}")
    if result == YES and not c.restriction and evaluate(tree, set(q.completed)) != UNKNOWN:
        # avoidable, but only through courses the question does not say were taken: not a "yes" (a route
        # through standing or a grade the student did not state is not a "no" either: "cannot tell", below)
        left = without(tree, set(q.not_completed)) or tree
        if q.asks_skip:  # "can A be skipped for C": it can, by that route, which the answer names
            return "yes", (f"Yes, by another route: {c.code} can be reached without {', '.join(q.not_completed)}, "
                           f"through {describe(left)}; you would need that instead. {ref}\n{quote}")
        return "no", (f"No, not on what you have said: {c.code} can be reached without {', '.join(q.not_completed)}, "
                      f"but only by a route you have not mentioned: {describe(left)}. {ref}\n{quote}")
    conditions = unchecked(tree, others) or ([c.restriction] if c.restriction else [])
    return "cannot tell", (f"Cannot tell: without {', '.join(q.not_completed)}, the other routes into {c.code} "
                           f"depend on {'; '.join(_quote(x) for x in conditions) or 'wording ubcal cannot read'}. "
                           f"{ref}\n{quote}")


def need_check(q: Question, facts: FactStore) -> FactAnswer | None:
    """"Do I need A for B?" / "Is A a prerequisite for B?": is A required on every path, one option, or absent."""
    if q.substitute is not None:  # "can A stand in for B for C": whether C's requirement lets A do B's job
        return substitute(q, facts)
    targets = [t for t in q.targets if t in facts.courses]
    asked = [a for a in q.asked if a]
    if not targets or not asked:
        return None
    w = _Writer()
    verdicts, lines = [], []
    for code in targets:
        c = facts.courses[code]
        ref = w.cite(course_source(c))
        tree = c.prerequisite_tree
        for a in asked:
            if not c.prerequisite.strip():
                verdicts.append("no")
                lines.append(f"No: {c.code} lists no prerequisite, so {a} is not required for it. {ref}")
                continue
            if tree is None and c.prerequisite_notes and not c.restriction:  # it only recommends
                verdicts.append("no")
                lines.append(f"No: {c.code} requires no course; the calendar only recommends: "
                             f"{_quote(' '.join(c.prerequisite_notes))} {ref}")
                continue
            if tree is None:
                return None
            in_prerequisite = a in tree_codes(tree)
            if not in_prerequisite and a in _codes(c.corequisite_tree):
                verdict, line = _needed_as_corequisite(c, a, ref, q.asks_before)
                verdicts.append(verdict)
                lines += [line, f"{c.code} corequisite (calendar): {_quote(c.corequisite)} {ref}"]
                continue
            if not in_prerequisite:
                unread = unparsed_parts(tree)
                if unread:
                    verdicts.append("cannot tell")
                    lines.append(f"Cannot tell: ubcal could not read all of {c.code}'s prerequisite; it does not "
                                 f"name {a} where it could be read. {ref}")
                else:
                    verdicts.append("no")
                    lines.append(f"No: {c.code}'s prerequisite {_NOT_NAMED} {a}; it requires "
                                 f"{describe(tree)}. {ref}")
            else:
                need = required_course(tree, a)
                gone = _ruled_out(q, asked) if q.asks_skip else []
                if need == NO and gone and _no_route_without(tree, gone, q):
                    # "haven't done C; can I skip A for B?" with B asking for one of A, C: no route is left,
                    # said once for all the courses left out
                    said = sorted(set(gone) - set(asked))
                    why = f", and you have said you have not done {', '.join(said)}" if said else ""
                    verdicts.append("yes")
                    lines.append(f"Yes: {c.code} has no route without {', '.join(gone)}: it requires "
                                 f"{describe(tree)}{why}. {ref}")
                    lines.append(f"{c.code} prerequisite (calendar): {_quote(c.prerequisite)} {ref}")
                    break
                if need == YES:
                    verdicts.append("yes")
                    lines.append(f"Yes: {c.code} requires {a} (its prerequisite: {describe(tree)}). {ref}")
                elif need == NO and q.asks_membership:  # "is A a prerequisite for B": yes, as one option
                    verdicts.append("yes")
                    lines.append(f"Yes, as one option, not required: {c.code} requires {describe(tree)}. {ref}")
                elif need == NO:
                    verdicts.append("no")
                    lines.append(f"No: {a} is one option, not required: {c.code} requires {describe(tree)}. {ref}")
                else:
                    verdicts.append("cannot tell")
                    lines.append(f"Cannot tell: {c.code}'s prerequisite names {a}, but whether it is required "
                                 f"depends on wording ubcal cannot settle: {describe(tree)}. {ref}")
            lines.append(f"{c.code} prerequisite (calendar): {_quote(c.prerequisite)} {ref}")
    if q.asks_skip:  # "can A be skipped for B": the answer to "is A required" turned around
        verdicts, lines = _skip_reading(verdicts, lines)
    elif not q.asks_direction:  # no word says which way the question points: the facts, with no verdict word
        verdicts, lines = _plain_reading(verdicts, lines)
    overall = overall_verdict(verdicts)
    if len(set(verdicts)) > 1:
        lines.insert(0, "It differs by course.")
    return FactAnswer("need_check", overall, "\n".join(lines), w.sources)


def _ruled_out(q: Question, asked: list[str]) -> list[str]:
    """The courses a skip question leaves out, when the student says they have not done another: the one course
    asked to be skipped, and those said not done (an under-way or planned course is not ruled out: it may yet be
    done). With several courses asked, which are skipped and which are the student's own route is not known
    ("skip A, B in hand"), so only those said not done count; with none said not done, nothing is ruled out."""
    said_not = [x for x in q.not_completed if x not in q.assumed and x not in q.concurrent]
    if not said_not:
        return []
    return sorted((set(asked if len(asked) == 1 else []) | set(said_not)) - set(q.completed))


def _no_route_without(tree: dict, gone: list[str], q: Question) -> bool:
    """Whether no route into the course is left without ``gone``, even counting every other course it names as
    done and with what the student said of their year: only a sure NO counts (a route through a standing or a
    permission nobody mentioned leaves it open)."""
    others = [x for x in tree_codes(tree) if x not in gone]
    return evaluate(tree, History(others, q.standing, q.scores, below=q.standing_below)) == NO


_NOT_NAMED = "does not name"  # the need answer's words for a course absent from the prerequisite
_SKIP_LEADS = {"Yes: ": ("no", "No, it cannot be skipped: "), "No: ": ("yes", "Yes, it can be skipped: "),
               "Yes, as one option, not required: ": ("yes", "Yes, it can be skipped by another route: "),
               "Yes, as a corequisite": ("no", "No, it cannot be skipped: it is required as a corequisite")}


def _skip_reading(verdicts: list[str], lines: list[str]) -> tuple[list[str], list[str]]:
    """Each "is A required for B" verdict as the answer to "can A be skipped for B". A course B's prerequisite
    does not name at all gets no "Yes" there: the question is then most often one of the student's own way
    into B ("is B open to me without A?"), which B's actual prerequisite, said in full, answers, or one read
    the wrong way round, which a "Yes, it can be skipped" would answer wrongly."""
    out_verdicts, out_lines, n = [], [], 0
    for line in lines:
        if line.startswith("No: ") and _NOT_NAMED in line and n < len(verdicts):
            out_verdicts.append("cannot tell")
            out_lines.append(line[len("No: "):])
            n += 1
            continue
        for head, (verdict, new_head) in _SKIP_LEADS.items():
            if line.startswith(head) and n < len(verdicts):
                out_verdicts.append(verdict)
                line = new_head + line[len(head):]
                n += 1
                break
        else:
            if line.startswith("Cannot tell") and n < len(verdicts):
                out_verdicts.append("cannot tell")
                n += 1
        out_lines.append(line)
    return out_verdicts + verdicts[n:], out_lines


# each "is A required for B" lead with its verdict word taken off, for a question whose direction is unknown
_PLAIN_LEADS = {"Yes, as one option, not required: ": "One option, not required: ", "Yes, as a corequisite": "As a corequisite",
                "No, not a prerequisite: ": "Not a prerequisite: ", "Yes: ": "", "No: ": ""}


def _plain_reading(verdicts: list[str], lines: list[str]) -> tuple[list[str], list[str]]:
    """The need answer for a question that names neither a requirement, a prerequisite nor skipping ("A before
    B?", "A optional for B?" in words ubcal does not know): what B requires, with no "Yes" or "No" in front,
    since a verdict to a question read the wrong way round is a wrong verdict."""
    out = []
    for line in lines:
        for head, plain in _PLAIN_LEADS.items():
            if line.startswith(head):
                rest = line[len(head):]
                line = plain + (rest[:1].upper() + rest[1:] if not plain else rest)
                break
        out.append(line)
    return ["" if v in ("yes", "no") else v for v in verdicts], out


def _needed_as_corequisite(c: CourseFact, a: str, ref: str, asks_before: bool = False) -> tuple[str, str]:
    """A course the corequisite names, not the prerequisite: say so, with whether it is one option or all.
    Asked whether A comes first ("a prerequisite", "beforehand"), the answer is no: it may come alongside."""
    tree = c.corequisite_tree
    need = required_course(tree, a)
    rule = describe(tree)
    if asks_before:
        prerequisite = f"it requires {describe(c.prerequisite_tree)}" if c.prerequisite_tree else "it names none"
        return "no", (f"No, not a prerequisite: {c.code}'s prerequisite does not name {a} ({prerequisite}); its "
                      f"corequisite (taken earlier or alongside) does: {rule}. {ref}")
    if need == YES:
        return "yes", f"Yes, as a corequisite (taken earlier or alongside): {c.code}'s corequisite is {rule}. {ref}"
    if need == NO:
        return "no", (f"No: {c.code}'s prerequisite does not name {a}; its corequisite (taken earlier or alongside) "
                      f"names {a} as one option: {rule}. {ref}")
    return "cannot tell", (f"Cannot tell: {c.code}'s corequisite names {a}, but whether it is required depends on "
                           f"wording ubcal cannot settle: {rule}. {ref}")


def _two_courses(q: Question, facts: FactStore) -> tuple[CourseFact, CourseFact] | None:
    """The two courses a comparison or exclusion question names, when the calendar has both."""
    codes = q.entities.courses
    if len(codes) != 2 or any(code not in facts.courses for code in codes):
        return None
    return facts.courses[codes[0]], facts.courses[codes[1]]


def exclusions_of(q: Question, facts: FactStore) -> FactAnswer | None:
    """One course's credit exclusions: the courses its entry names, and those whose entries name it."""
    found = _asked_course(q, facts)
    if found is None:
        return None
    c, w, ref = found
    own = list(c.excluded_with)
    others = sorted(code for code in facts.excluded.get(c.code, set()) if code not in own and code in facts.courses)
    # equivalents its own entry names that have no entry here ("Equivalency: GERM 549"): credit once, too
    equivalents = sorted(code for code in facts.excluded.get(c.code, set())
                         if code not in own and code not in facts.courses and _names_equivalent(c, code))
    if not own and not others and not equivalents:
        sentence = next((s for s in re.split(r"(?<=[.])\s+", c.text) if EXCLUSION_LIST_RE.search(s)), "")
        if sentence:
            return FactAnswer("exclusion", "cannot tell", (
                f"{_label(c)} names no course in a credit exclusion, but it refers to a list that is not in the "
                f"course entries: {_quote(sentence)} {ref}"), w.sources)
        return FactAnswer("exclusion", "", f"The calendar lists no credit exclusion for {_label(c)}. {ref}",
                          w.sources)
    lines = []
    if own:
        lines.append(f"{c.code} is credit-excluded with {', '.join(own)}: you get credit for only one of them. {ref}")
        if c.exclusion:
            lines.append(f"{c.code}: {_quote(c.exclusion)} {ref}")
    if equivalents:
        lines.append(f"{c.code} is equivalent to {', '.join(equivalents)}: you get credit for only one of them. {ref}\n"
                     f"{c.code}: {_quote('Equivalency: ' + c.equivalency)} {ref}")
    for code in others:
        other = facts.courses[code]
        how = (f"also excludes {c.code}: {_quote(other.exclusion)}" if c.code in other.excluded_with
               else f"lists {c.code} as equivalent: {_quote('Equivalency: ' + other.equivalency)}")
        lines.append(f"{other.code}'s entry {how} {w.cite(course_source(other))}")
    listed = next((s for s in re.split(r"(?<=[.])\s+", c.text) if EXCLUSION_LIST_RE.search(s)), "")
    if listed:  # the faculty list ubcal does not hold may name more
        lines.append(f"{c.code} also refers to a credit exclusion list that is not in the course entries: "
                     f"{_quote(listed)} {ref}")
    return FactAnswer("exclusion", "", "\n".join(lines), w.sources, own + equivalents + others)


def _excluded_pair(a: CourseFact, b: CourseFact, facts: FactStore) -> bool:
    return b.code in facts.excluded.get(a.code, set()) or b.code in a.excluded_with or a.code in b.excluded_with


# "Credit will be granted for only one of A, B, C", "Credit is granted for only one of", "Students may receive
# credit for only one of", "Credit will only be granted for one of"
_ONLY_ONE_OF_RE = re.compile(r"[^.]*\bcredit\s+(?:(?:will|may|shall|can)\s+(?:only\s+)?be|is)\s+(?:only\s+)?"
                             r"(?:granted|given|allowed|earned)\s+for\s+(?:only\s+)?one\s+of\b[^.]*|"
                             r"[^.]*\breceive\s+credit\s+for\s+only\s+one\s+of\b[^.]*", re.IGNORECASE)


_FIELD_LABEL_RE = re.compile(r"\b(?:Prerequisite|Corequisite|Equivalency|Restriction)s?\s*:", re.IGNORECASE)


def _shared_exclusion(a: CourseFact, b: CourseFact, facts: FactStore) -> tuple[CourseFact, str] | None:
    """A third course's entry whose "credit will be granted for only one of ..." list names both a and b
    (COMM 191's list names STAT 200 and BIOL 300): credit for one of the list only, so not for both."""
    subjects = [a.code.split()[0], b.code.split()[0]]
    for c in facts.courses.values():
        if c.code in (a.code, b.code) or not c.exclusion or "one of" not in c.exclusion:
            continue
        for sentence in _ONLY_ONE_OF_RE.findall(_FIELD_LABEL_RE.split(c.exclusion)[0]):  # not into "Prerequisite:"
            if re.search(r"\bboth\b|\ball of\b|\band\b|\(|/", sentence, re.IGNORECASE):
                continue  # "only one of A or both B and C", "A or B and its sequel C", "HINU 301/302 or
                          # HINU 300": a group counts as one, so its members are not excluded from each other
            if {a.code, b.code} <= set(unique_codes(sentence, subjects)):
                return c, sentence.strip()
    return None


def _names_equivalent(c: CourseFact, code: str) -> bool:
    """Whether C's own "Equivalency:" names ``code``."""
    return _code_re(code).search(c.equivalency or "") is not None


_CODE_TEXT = r"(?:[A-Z]{2,5}(?:_V)?\s?\d{3}[A-Z]?|\d{3}[A-Z]?)"
# "only one of X or both A, B": A and B together are one alternative
_BOTH_GROUP_RE = re.compile(rf"\bboth\s+({_CODE_TEXT}(?:\s*(?:,|and|&)\s*(?:and\s+)?{_CODE_TEXT})+)")


def _group_partners(sentence: str, code: str) -> list[str]:
    """The courses ``code`` is named together with in a "both A, B" alternative of the sentence, if any."""
    for group in _BOTH_GROUP_RE.finditer(sentence):
        subjects = sorted(set(re.findall(r"\b[A-Z]{2,5}(?=_|\s?\d)", group.group(1))) | {code.split()[0]})
        codes = unique_codes(group.group(1), subjects)
        if code in codes:
            return [other for other in codes if other != code]
    return []


def _names_missing_exclusion(c: CourseFact, missing: str, asks_excluded: bool) -> FactAnswer | None:
    """C's own entry excludes (or is equivalent to) a course with no entry here: C's side alone settles that
    credit is granted for only one of them. Where the entry names that course only together with another
    ("only one of C or both A, B"), the course alone is not excluded, so the answer turns on the other."""
    sentence = c.exclusion if missing in c.excluded_with else (
        f"Equivalency: {c.equivalency}" if _names_equivalent(c, missing) else "")
    if not sentence:
        return None
    w = _Writer()
    ref = w.cite(course_source(c))
    partners = [] if sentence.startswith("Equivalency") else _group_partners(sentence, missing)
    if partners:
        also = ", ".join(partners)
        lead = f"Only together with {also}" if asks_excluded else f"Only if you do not also have {also}"
        return FactAnswer("exclusion", "cannot tell", (
            f"{lead}: {c.code}'s entry names {missing} (which has no entry in this calendar) only together with "
            f"{also}, as one alternative: credit is granted for {c.code} or for that group, not for both. "
            f"{missing} alone is not excluded. {ref}\n{c.code}: {_quote(sentence)} {ref}"), w.sources)
    verdict = "yes" if asks_excluded else "no"
    return FactAnswer("exclusion", verdict, (
        f"{verdict.capitalize()}: {c.code}'s entry names {missing} (which has no entry in this calendar) as "
        f"{'equivalent' if sentence.startswith('Equivalency') else 'credit-excluded'}: you get credit for only one "
        f"of them. {ref}\n{c.code}: {_quote(sentence)} {ref}"), w.sources)


def _exclusion_sentence(a: CourseFact, b: CourseFact) -> tuple[CourseFact, str]:
    """The entry that states the exclusion of a and b, and its sentence."""
    holder = a if (b.code in a.excluded_with or not (b.exclusion or b.equivalency)) else b
    return holder, holder.exclusion or f"Equivalency: {holder.equivalency}"


_CREDIT_RULE_RE = re.compile(r"\bcredits?\b(?!/)[^.]*\b(?:only|either|not be|cannot|may not|will not|both|maximum)\b|"
                             r"\b(?:no|not for) credit\b", re.IGNORECASE)
_NOT_A_CREDIT_RULE_RE = re.compile(r"prerequisite|corequisite|recommended|exclusion list|deemed|permission",
                                   re.IGNORECASE)


def _code_re(code: str) -> re.Pattern:
    """A code as course entries write it: "CPSC 110", "CPSC_V 110", "CPSC110"."""
    subject, number = code.split()
    return re.compile(rf"\b{subject}(?:_V)?\s?{number}\b")


def _joined(sentence: str, code: str, other: re.Pattern) -> bool:
    """Whether the sentence names the two courses as one alternative ("either X or both A, B"): taken together."""
    own = _code_re(code).search(sentence)
    far = other.search(sentence)
    if not own or not far:
        return False
    lo, hi = sorted([own, far], key=lambda m: m.start())
    return re.fullmatch(r"\s*(?:,|and|&)\s*(?:and\s+)?", sentence[lo.end():hi.start()]) is not None


def _credit_sentence(c: CourseFact, other: str) -> str:
    """A sentence of c's entry that names ``other`` and speaks of credit: an exclusion worded in a way the
    build did not read ("Students who took X receive no credit"), so "credit for both" is not a safe yes."""
    named = _code_re(other)
    for sentence in re.split(r"(?<=[.])\s+", c.text):
        if named.search(sentence) and _CREDIT_RULE_RE.search(sentence) and not _NOT_A_CREDIT_RULE_RE.search(sentence) \
                and not _joined(sentence, c.code, named):
            return sentence
    return ""


def _credit_hint(a: CourseFact, b: CourseFact) -> tuple[CourseFact, str] | None:
    """The first of a's and b's entries with a credit sentence naming the other, and that sentence."""
    for c, other in ((a, b), (b, a)):
        sentence = _credit_sentence(c, other.code)
        if sentence:
            return c, sentence
    return None


def exclusion_with_history(q: Question, facts: FactStore) -> FactAnswer | None:
    """"I did A and B, does C earn credit too?": C against each course the student has done."""
    codes = [c for c in q.entities.courses if c in facts.courses]
    done = [c for c in codes if c in q.completed and c not in q.not_completed]
    asked = [c for c in codes if c not in done]
    if len(asked) != 1 or not done:
        return None  # the course asked about, and the history to weigh it against, are not clear
    w = _Writer()
    target = facts.courses[asked[0]]
    rt = w.cite(course_source(target))
    clash = [facts.courses[d] for d in done if _excluded_pair(target, facts.courses[d], facts)]
    if clash:
        verdict = "yes" if q.asks_excluded else "no"
        lines = [f"{verdict.capitalize()}: {target.code} is credit-excluded with {', '.join(c.code for c in clash)}, "
                 f"which you have done: you get credit for only one of them. {rt}"]
        for other in clash:
            holder, sentence = _exclusion_sentence(target, other)
            lines.append(f"{holder.code}: {_quote(sentence)} {w.cite(course_source(holder))}")
        return FactAnswer("exclusion", verdict, "\n".join(dict.fromkeys(lines)), w.sources)
    hint = next(filter(None, (_credit_hint(target, facts.courses[d]) for d in done)), None)
    if hint:  # an entry speaks of credit and names the other: a rule ubcal did not read as an exclusion
        x, sentence = hint
        return FactAnswer("exclusion", "cannot tell", (
            f"Cannot tell: no credit exclusion ubcal could read joins {target.code} {rt} and the courses you "
            f"have done, but {x.code}'s entry says: {_quote(sentence)} {w.cite(course_source(x))}"), w.sources)
    verdict = "no" if q.asks_excluded else "yes"
    refs = " ".join(f"{d} {w.cite(course_source(facts.courses[d]))}" for d in done)
    return FactAnswer("exclusion", verdict, (
        f"{verdict.capitalize()}: neither {target.code} {rt} nor the courses you have done ({refs}) list each "
        "other in a credit exclusion, so the calendar's course entries do not stop you earning credit for "
        f"{target.code} as well."), w.sources)


def exclusion(q: Question, facts: FactStore) -> FactAnswer | None:
    missing_entry = [t for t in q.targets if t not in facts.courses]
    if len(q.targets) == 2 and len(missing_entry) == 1:  # "credit for both A and X?", X with no entry here
        known = replace(q, target=next(t for t in q.targets if t in facts.courses))
        named = _names_missing_exclusion(facts.courses[known.target], missing_entry[0], q.asks_excluded)
        if named is not None:
            return named
        own = exclusions_of(known, facts)
        if own is None:
            return None
        return replace(own, verdict="cannot tell", text=(
            f"Cannot tell: {missing_entry[0]} has no entry in this calendar, so ubcal cannot check what it excludes. "
            f"What {known.target}'s side says:\n{own.text}"))
    if len(q.entities.courses) == 1:
        return exclusions_of(q, facts)
    if len(q.entities.courses) > 2:
        return exclusion_with_history(q, facts)
    pair = _two_courses(q, facts)
    if pair is None:
        return None
    a, b = pair
    w = _Writer()
    ra, rb = w.cite(course_source(a)), w.cite(course_source(b))
    excluded = _excluded_pair(a, b, facts)
    shared = None if excluded else _shared_exclusion(a, b, facts)
    excluded = excluded or shared is not None
    # "are X and Y credit-excluded?" is answered yes when they are; "credit for both?" is answered no
    verdict = "yes" if excluded == q.asks_excluded else "no"
    if shared is not None:  # a third entry's "credit for only one of" list names both
        holder, sentence = shared
        ref = w.cite(course_source(holder))
        body = (f"{a.code} {ra} and {b.code} {rb} are credit-excluded; you get credit for only one of them: "
                f"{holder.code}'s entry grants credit for only one of a list that names both. {ref}\n"
                f"{holder.code}: {_quote(sentence)} {ref}")
    elif excluded:
        holder, sentence = _exclusion_sentence(a, b)
        ref = ra if holder is a else rb
        body = (f"{a.code} and {b.code} are credit-excluded; you get credit for only one of them. {ref}\n"
                f"{holder.code}: {_quote(sentence)} {ref}")
    else:
        pointers = [(c, ref) for c, ref in ((a, ra), (b, rb)) if EXCLUSION_LIST_RE.search(c.text)]
        if pointers:  # the course sends students to a faculty list ubcal does not hold
            c, ref = pointers[0]
            sentence = next(s for s in re.split(r"(?<=[.])\s+", c.text) if EXCLUSION_LIST_RE.search(s))
            return FactAnswer("exclusion", "cannot tell", (
                f"Cannot tell: neither {a.code} {ra} nor {b.code} {rb} names the other, but {c.code} refers to a "
                f"credit exclusion list that is not in the course entries: {_quote(sentence)} {ref}"), w.sources)
        hint = _credit_hint(a, b)
        if hint:  # an entry speaks of credit and names the other: a rule ubcal did not read as an exclusion
            c, sentence = hint
            ref = ra if c is a else rb
            return FactAnswer("exclusion", "cannot tell", (
                f"Cannot tell: neither {a.code} {ra} nor {b.code} {rb} lists the other in a credit exclusion "
                f"ubcal could read, but {c.code}'s entry says: {_quote(sentence)} {ref}"), w.sources)
        body = (f"neither {a.code} {ra} nor {b.code} {rb} lists the other in a credit exclusion, so the "
                "calendar's course entries do not stop you earning credit for both.")
    return FactAnswer("exclusion", verdict, f"{verdict.capitalize()}: {body}", w.sources)


def credit_compare(q: Question, facts: FactStore) -> FactAnswer | None:
    pair = _two_courses(q, facts)
    if pair is None or pair[0].credits_max is None or pair[1].credits_max is None:
        return None
    a, b = pair
    w = _Writer()
    ra, rb = w.cite(course_source(a)), w.cite(course_source(b))
    both = f"{a.code} is worth {a.credits} credits {ra}; {b.code} is worth {b.credits} credits {rb}."
    yes_no = q.yes_no  # "Is X worth more than Y?": yes or no first
    if a.credits == b.credits:
        return FactAnswer("credit_compare", "same", f"{'No, the' if yes_no else 'The'} same: {both}", w.sources)
    if a.credits_min != a.credits_max or b.credits_min != b.credits_max:
        return FactAnswer("credit_compare", "cannot tell", f"It depends (a credit range): {both}", w.sources)
    more, less = (a, b) if a.credits_max > b.credits_max else (b, a)
    asks_fewer = q.asks_fewer
    winner = less if asks_fewer else more
    lead = f"{winner.code} has {'fewer' if asks_fewer else 'more'} credits: {both}"
    if yes_no:
        verdict = "yes" if a is winner else "no"
        return FactAnswer("credit_compare", verdict, f"{verdict.capitalize()}: {lead}", w.sources)
    return FactAnswer("credit_compare", winner.code, lead, w.sources)


def compare(q: Question, facts: FactStore) -> FactAnswer | None:
    pair = _two_courses(q, facts)
    if pair is None:
        return None
    a, b = pair
    w = _Writer()
    ra, rb = w.cite(course_source(a)), w.cite(course_source(b))
    lines = []
    a_needs_b = b.code in _codes(a.prerequisite_tree)
    b_needs_a = a.code in _codes(b.prerequisite_tree)
    if a_needs_b or b_needs_a:
        first, then = (b, a) if a_needs_b else (a, b)
        lines.append(f"{first.code} comes first: {then.code}'s prerequisites name {first.code}. "
                     f"{ra if then is a else rb}")
    for c, ref in ((a, ra), (b, rb)):
        desc = c.text.split("[")[0].strip()
        pre = describe(c.prerequisite_tree) if c.prerequisite_tree else "none listed"
        lines.append(f"{_label(c)}, {LEVEL_WORDS.get(c.level, 'level ' + str(c.level))}: {_quote(desc[:300])} "
                     f"Prerequisite: {pre}. {ref}")
    shared = sorted(set(_codes(a.prerequisite_tree)) & set(_codes(b.prerequisite_tree)))
    if shared:
        lines.append(f"Both prerequisites name {', '.join(shared)}. {ra} {rb}")
    if b.code in facts.excluded.get(a.code, set()):
        lines.append(f"They are credit-excluded: credit is granted for only one of them. {ra}")
    return FactAnswer("compare", "", "\n".join(lines), w.sources)


def _codes(tree: dict | None) -> list[str]:
    return tree_codes(tree) if tree else []


def credits(q: Question, facts: FactStore) -> FactAnswer | None:
    c = facts.courses.get(q.target)
    if c is None or not c.credits:
        return None
    w = _Writer()
    ref = w.cite(course_source(c))
    unit = "credit" if c.credits == "1" else "credits"
    return FactAnswer("credits", c.credits, f"{c.code} ({c.title}) is worth {c.credits} {unit}. {ref}", w.sources)


def describe_course(q: Question, facts: FactStore) -> FactAnswer | None:
    found = _asked_course(q, facts)
    if found is None:
        return None
    c, w, ref = found
    lines = [f"{_label(c)}: {_quote(c.text)} {ref}"]
    return FactAnswer("describe", "", "\n".join(lines), w.sources)


def _program_rows(facts: FactStore, program: str) -> list[ProgramRow]:
    return facts.programs.get(program, [])


def program_course(q: Question, facts: FactStore) -> FactAnswer | None:
    rows = _program_rows(facts, q.program)
    if not rows:
        return None
    w = _Writer()
    hits = [r for r in rows if q.target in r.codes]
    if not hits:
        ref = w.cite(program_source(rows))
        years = sorted({r.year for r in rows if r.year})
        level = facts.courses[q.target].level if q.target in facts.courses else 0
        asked = q.year or level
        if years and asked and asked > years[-1]:  # the page's tables stop before the year asked about
            shown = ", ".join(f"Year {y}" for y in years)
            return FactAnswer("program_course", "cannot tell", (
                f"Cannot tell: the {q.program} page's requirements tables list only {shown} {ref} and do not name "
                f"{q.target}; what the program asks in Year {asked} is not in a table ubcal could read."), w.sources)
        verdict, lead = ("yes", "Yes, as far as the table goes") if q.asks_skip else ("no", "No")
        return FactAnswer("program_course", verdict,
                          f"{lead}: the {q.program} requirements table does not list {q.target} by code {ref}; it may "
                          "still count toward an elective or a 'courses numbered ...' row there.", w.sources)
    by_section: dict[str, list[ProgramRow]] = {}
    for r in rows:
        by_section.setdefault(r.citation, []).append(r)
    if (q.asks_duty or q.asks_skip) and all(one_option(r, q.target) for r in hits):
        # "is A mandatory for P?", "can I skip A in P?", with A only one option ("A or B")
        where = "; ".join(f"\u201c{r.requirement}\u201d in {r.section} {w.cite(program_source(by_section[r.citation]))}"
                          for r in hits)
        verdict, lead = ("yes", "Yes, by taking another option") if q.asks_skip else ("no", "No")
        return FactAnswer("program_course", verdict, f"{lead}: {q.program} does not require {q.target} itself; it "
                          f"lists it as one option of {where}.", w.sources)
    where = []
    for r in hits:
        ref = w.cite(program_source(by_section[r.citation]))
        alt = f" (as \u201c{r.requirement}\u201d)" if r.codes != [q.target] else ""
        where.append(f"{r.section}{alt} {ref}")
    verdict, lead = ("no", "No, it cannot be skipped") if q.asks_skip else ("yes", "Yes")
    return FactAnswer("program_course", verdict, f"{lead}: {q.program} lists {q.target} in " + "; ".join(where) + ".",
                      w.sources)


def _first_section_of_year(rows: list[ProgramRow], year: int) -> list[ProgramRow]:
    """All rows of the first table (section) that belongs to ``year``."""
    citation = next(r.citation for r in rows if r.year == year)
    return [r for r in rows if r.citation == citation]


def program_year(q: Question, facts: FactStore) -> FactAnswer | None:
    rows = _program_rows(facts, q.program)
    if not rows:
        return None
    w = _Writer()
    chosen = [r for r in rows if (not q.year or r.year == q.year) and (not q.term or r.term == q.term)]
    if not chosen:
        years = sorted({r.year for r in rows if r.year})
        asked = f"Year {q.year}" + (f", Term {q.term}" if q.term else "")
        if not years:
            ref = w.cite(program_source(rows))
            return FactAnswer("program_year", "none", f"The {q.program} page lists no years. {ref}", w.sources)
        first = w.cite(program_source(_first_section_of_year(rows, years[0])))
        last = w.cite(program_source(_first_section_of_year(rows, years[-1])))
        return FactAnswer("program_year", "none", f"The {q.program} page has no {asked}: its requirements run from "
                          f"Year {years[0]} {first} to Year {years[-1]} {last}.", w.sources)
    sections: dict[str, list[ProgramRow]] = {}
    for r in chosen:
        sections.setdefault(r.citation, []).append(r)
    lines = []
    for _, section_rows in sections.items():
        ref = w.cite(program_source([r for r in rows if r.citation == section_rows[0].citation]))
        items = "; ".join(f"{r.requirement} ({r.credits} credits)" if r.credits else r.requirement
                          for r in section_rows)
        lines.append(f"{section_rows[0].section}: {items}. {ref}")
    codes = list(dict.fromkeys(code for r in chosen for code in r.codes))
    lead = (f"{q.program}, " + (f"Year {q.year}" + (f", Term {q.term}" if q.term else "") if q.year else "all years")
            + ": courses named — " + ", ".join(codes) + ".") if codes else f"{q.program}:"
    return FactAnswer(q.intent, "", "\n".join([lead] + lines), w.sources, codes)


def topic_level(q: Question, facts: FactStore, ranked_codes: list[str]) -> FactAnswer | None:
    """A course on a topic at a level: the best-ranked retrieved courses that sit at that level."""
    picks = []
    for code in ranked_codes:
        c = facts.courses.get(code)
        if c is None or (q.levels and c.level not in q.levels) or (q.subjects and code.split()[0] not in q.subjects):
            continue
        if code not in picks:
            picks.append(code)
        if len(picks) == TOPIC_CANDIDATES:
            break
    if not picks:
        return None
    w = _Writer()
    best = facts.courses[picks[0]]
    ref = w.cite(course_source(best))
    level = " and ".join(dict.fromkeys(LEVEL_WORDS.get(n, f"level {n}") for n in q.levels))
    kind = f", a {level} course" if level else ""
    # "Yes" only when the course's own entry uses a word of the topic; otherwise it is the nearest, said so
    found = _mentions_topic(best, q.topic)
    lead = (f"{'Yes: ' if q.yes_no else 'The course: '}{_label(best)}{kind}. {ref}" if found else
            f"Not by name: the closest course ubcal finds is {_label(best)}{kind}; its entry does not use the "
            f"words asked about. {ref}")
    lines = [lead, f"{best.code}: {_quote(best.text.split('[')[0].strip()[:400])} {ref}"]
    others = [facts.courses[code] for code in picks[1:]]
    if others:
        lines.append("Also close: " + "; ".join(f"{_label(c)} {w.cite(course_source(c))}" for c in others) + ".")
    return FactAnswer("topic_level", "yes" if found else "closest", "\n".join(lines), w.sources, picks)


def _mentions_topic(course: CourseFact, topic: str) -> bool:
    """Whether a content word of the topic (or its stem) appears in the course's title or description."""
    text = f"{course.title} {course.text}".lower()
    words = [w.lower() for w in re.findall(r"[A-Za-z]{4,}", topic) if w.lower() not in TOPIC_STOPWORDS]
    return not words or any(w[:max(4, len(w) - 2)] in text for w in words)


def credits_total(q: Question, facts: FactStore) -> FactAnswer | None:
    """The sum of the named courses' credits, each cited, with the sum shown."""
    courses = [facts.courses.get(code) for code in q.targets]
    if len(courses) < 2 or any(c is None or c.credits_max is None for c in courses):
        return None
    w = _Writer()
    parts = [f"{c.code} {_num(c.credits_max)} {w.cite(course_source(c))}" for c in courses]
    if any(c.credits_min != c.credits_max for c in courses):
        low = sum(c.credits_min for c in courses)
        high = sum(c.credits_max for c in courses)
        return FactAnswer("credits_total", f"{_num(low)}-{_num(high)}",
                          f"Between {_num(low)} and {_num(high)} credits (the course's credits are a range): "
                          + "; ".join(f"{c.code} {c.credits} credits" for c in courses) + ". "
                          + " ".join(w.cite(course_source(c)) for c in courses) + _excluded_note(courses, facts, w),
                          w.sources)
    total = sum(c.credits_max for c in courses)
    sum_line = " + ".join(_num(c.credits_max) for c in courses) + f" = {_num(total)}"
    excluded = _excluded_note(courses, facts, w)
    text = f"{_num(total)} credits in total ({sum_line}): " + "; ".join(parts) + "." + excluded
    if q.yes_no and excluded:  # "would A plus B get me 6 credits?": not both, so not the sum
        text = "No, not all of them count: " + excluded.strip().removeprefix("But ") + "\n" + \
            f"Their credits add up to {_num(total)} ({sum_line}): " + "; ".join(parts) + "."
        return FactAnswer("credits_total", "no", text, w.sources, derived=[_num(total)])
    return FactAnswer("credits_total", _num(total), text, w.sources, derived=[_num(total)])


def _excluded_note(courses: list[CourseFact], facts: FactStore, w: "_Writer") -> str:
    """" But A and B are credit-excluded ...": the sum is what the courses are worth, not what both earn."""
    pairs = []
    for n, a in enumerate(courses):
        for b in courses[n + 1:]:
            if _excluded_pair(a, b, facts):
                pairs.append(f"{a.code} and {b.code} are credit-excluded")
            elif (shared := _shared_exclusion(a, b, facts)) is not None:
                pairs.append(f"{a.code} and {b.code} are credit-excluded ({shared[0].code}'s list names both "
                             f"{w.cite(course_source(shared[0]))})")
    if not pairs:
        return ""
    return " But " + "; ".join(pairs) + (": you get credit for only one of them." if len(pairs) == 1 else
                                          ": you get credit for only one course of each such pair.")


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else str(x)


def subject_level(q: Question, facts: FactStore) -> FactAnswer | None:
    """Every course of the named subject(s) at the asked level(s), cited."""
    if not q.subjects or not q.levels:
        return None
    picks = sorted(c for c in facts.courses if c.split()[0] in q.subjects and facts.courses[c].level in q.levels)
    w = _Writer()
    levels = " and ".join(f"{n}00-level" for n in q.levels)
    if not picks:
        return FactAnswer("subject_level", "none", f"The calendar lists no {levels} {'/'.join(q.subjects)} "
                          "courses.", w.sources)
    lines = [f"{levels} {'/'.join(q.subjects)} courses in the calendar:"]
    if q.asks_duty and not q.entities.programs:  # "second-year ECON: the ones needed?"
        lines = [f"Which {levels} {'/'.join(q.subjects)} courses you need depends on your program, and ubcal "
                 f"found no program table that says so for this question; these are all of them in the calendar, "
                 f"not a list of requirements:"]
    for code in picks:
        c = facts.courses[code]
        lines.append(f"- {_label(c)} {w.cite(course_source(c))}")
    return FactAnswer("subject_level", "", "\n".join(lines), w.sources, picks, [f"{n}00" for n in q.levels])


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
    relation = _relation_asked(q, facts) or _options_asked(q, facts)
    if relation is not None:
        return need_check(relation, facts)
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
            return _names_missing_exclusion(target, other, False) or fact  # "credit for A and X", X no entry
        if other != q.target and other in facts.courses and _excluded_pair(target, facts.courses[other], facts):
            pair = replace(q, intent="exclusion", target=other, targets=[other, q.target], asks_excluded=False,
                           entities=replace(q.entities, courses=[other, q.target]))
            return exclusion(pair, facts) or fact
    return fact


def _names(facts: FactStore, goal: str, course: str) -> bool:
    """Whether ``goal``'s prerequisite or corequisite names ``course``."""
    c = facts.courses.get(goal)
    return c is not None and course in _codes(c.prerequisite_tree) + _codes(c.corequisite_tree)


def _relation_asked(q: Question, facts: FactStore) -> Question | None:
    """"Would A be accepted for B's prerequisite?", read as a question about both courses' prerequisites:
    a yes/no question about two courses, one of whose prerequisites names the other, asks how the two relate,
    and a list of each one's prerequisites would answer something else (a "Yes: A requires ..." about A's own).
    As a need question, its lead carries a verdict word only when a word says which way it points."""
    if not q.relates_two:
        return None
    a, b = q.targets
    for goal, asked in ((b, a), (a, b)):
        if _names(facts, goal, asked):
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
    goals = [g for g in codes if all(_names(facts, g, other) for other in codes if other != g)]
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
    """A several-part question: each part answered from facts, in order; None when any part is not."""
    answers = []
    for part in q.parts:
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
    return FactAnswer("multi", verdict, "\n\n".join(texts), w.sources,
                      [c for f in answers for c in f.codes], [d for f in answers for d in f.derived])

"""Can the student take a course: its prerequisite, corequisite and restriction checked against what the
student clearly said they have done. A course named without a clear status makes the answer conditional
("Only if you have completed A"), never a "Yes"; "can I take C without A" is answered here too."""

from __future__ import annotations

import re

from dataclasses import replace

from rag.answer.fact_sources import (FactAnswer, Writer as _Writer, course_source, label as _label, overall_verdict,
                                     quote as _quote, codes_of, said_history)
from rag.answer.credit_toward import in_named_group, not_for_credit
from rag.answer.together import kept_apart, together
from rag.index.facts import CourseFact, FactStore
from rag.index.requirement_tree import (NO, UNDERGRADUATE, UNKNOWN, YES, History, corequisites_open, describe, evaluate, missing, required_course,
                                        refusing_group, restriction_met, tree_codes, unchecked, without)
from rag.answer.described import described_not_done
from rag.understand import Question
from rag.understand.lexicon import SUBJECT_NAMES


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
        verdict, text = _kept_apart(facts.courses[code], q, facts, w, (verdict, text))
        verdict, text = _credit_withheld(facts.courses[code], q, w, (verdict, text))
        verdicts.append(verdict)
        lines.append(text)
    named = {code for t in targets for code in codes_of(facts.courses[t].prerequisite_tree)}
    named |= {code for t in targets for code in facts.excluded.get(t, set()) | set(facts.courses[t].excluded_with)}
    uncounted = [x for x in q.unknown_completed if x not in named]
    if uncounted:
        lines.append(f"The calendar has no course {', '.join(uncounted)}, so it is not counted.")
    overall = overall_verdict(verdicts)
    if len(targets) > 1:
        summary = {"yes": "Yes for all of them", "no": "No for all of them"}.get(
            overall, "It differs by course") + f": {', '.join(f'{t} {v}' for t, v in zip(targets, verdicts))}."
        lines.insert(0, summary)
    return FactAnswer("eligibility", overall, "\n".join(lines), w.sources)


def _told_no_course(q: Question) -> bool:
    """The question tells nothing of the student's own courses: none done, not done, under way or unclear."""
    return not (q.completed or q.not_completed or q.unclear or q.concurrent or q.assumed or q.unknown_completed
                or q.either or q.scores or q.unresolved or q.asks_skip)


def _kept_apart(c: CourseFact, q: Question, facts: FactStore, w: "_Writer",
                answer: tuple[str, str]) -> tuple[str, str]:
    """A course the student is taking or planning that ``c``'s entry keeps out of its term ("Not ...
    concurrently with A"): no "Yes" while they may share a term; which term each is in, the answer cannot see."""
    verdict, text = answer
    said: dict[str, tuple[CourseFact, str]] = {}  # either entry may say it: (the entry, its sentence)
    for x in [x for x in q.concurrent if x not in q.assumed]:  # a premise is completed before, in another term
        for holder, other in ((c, x), (facts.courses.get(x), c.code)):
            if holder is not None and x not in said and (sentence := kept_apart(holder, other)):
                said[x] = (holder, sentence)
    clash = list(said)
    if not clash or verdict == "no":
        return answer
    holder, sentence = said[clash[0]]
    ref = w.cite(course_source(holder))
    rest = text.removeprefix("Yes: ")  # what was a "Yes" holds only in another term
    return "cannot tell", (f"Only if you take {c.code} in another term than {', '.join(clash)}: {holder.code}'s "
                           f"entry says: {_quote(sentence)} {ref}\n{rest[:1].upper()}{rest[1:]}")


def _credit_withheld(c: CourseFact, q: Question, w: "_Writer", answer: tuple[str, str]) -> tuple[str, str]:
    """"A, and does it earn me credit?": where A's entry names a group it is not for credit for,
    a "Yes" to taking it is no "Yes" to the credit: "No" when the student says they are in that group, else
    what it turns on."""
    verdict, text = answer
    found = not_for_credit(c.text) if q.asks_credit_toward and verdict == "yes" else None
    if found is None:
        return answer
    sentence, group = found
    ref = w.cite(course_source(c))
    rest = text.removeprefix("Yes: ")
    rest = f"As for taking it: {rest[:1].lower()}{rest[1:]}"
    if in_named_group(group, q.member_of) or (q.credit_group and in_named_group(group, [q.credit_group])):
        return "no", (f"No: {c.code} earns you no credit there, and you said you are in "
                      f"{' / '.join(q.member_of or [q.credit_group])}: "
                      f"{_quote(sentence + '.')} {ref}\n{rest}")
    return "cannot tell", (f"It depends: {c.code} is {_quote(sentence + '.')} {ref} If that describes you, it "
                           f"earns you no credit.\n{rest}")


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
    stated = [c.said() for c in q.stated_credits]  # "9 credits of 300-level MATH", as the student put it
    have = ", ".join(sorted(q.completed) + stated) or "no courses"
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
                and c.code in codes_of(other.prerequisite_tree):
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


def _credits_of(codes: set[str], facts: FactStore) -> dict[str, float]:
    """The credits each done course is worth (the least, for a course of several values), for a credit count
    in a requirement; a course with no entry or no credit value is left out, so a count it may belong to
    stays "cannot tell"."""
    return {code: facts.courses[code].credits_min for code in codes
            if code in facts.courses and facts.courses[code].credits_min is not None}


def _with_subjects_not_taken(c: CourseFact, q: Question) -> Question:
    """"Not one POLI course so far": every POLI course C's requirements name (of the level said,
    if one was) is one the student has not done, unless they name it ("other than A I have no X courses": A
    speaks for itself). Only university courses: "no math courses at UBC" says nothing of a high-school MATH 11."""
    if not q.no_courses_in:
        return q
    told = set(q.entities.courses) | set(q.completed) | set(q.not_completed) | set(q.unknown_completed)
    said = [s.partition(" ") for s in q.no_courses_in]
    none = [code for code in dict.fromkeys(codes_of(c.prerequisite_tree) + codes_of(c.corequisite_tree))
            if code not in told and _UNIVERSITY_CODE_RE.fullmatch(code)
            and any(code.split(" ")[0] == subject and code.split(" ")[-1].startswith(level) for subject, _, level in said)]
    return replace(q, not_completed=list(q.not_completed) + none) if none else q


_UNIVERSITY_CODE_RE = re.compile(r"[A-Z]{2,5} \d{3}[A-Z]?")


def _eligibility_one(c: CourseFact, q: Question, facts: FactStore, w: "_Writer") -> tuple[str | None, str]:
    ref = w.cite(course_source(c))
    q = _with_subjects_not_taken(c, q)
    if c.code in q.prerequisite_denied or ("" in q.prerequisite_denied and c.code == q.target):
        # "didnt pass the prereq for A": every course A's prerequisite names is not done
        q = replace(q, not_completed=sorted(set(q.not_completed) | (set(codes_of(c.prerequisite_tree)) - set(q.completed))))
    # a course with no entry of its own still counts when this requirement names it (an old or cross-listed code)
    named = set(codes_of(c.prerequisite_tree))
    done = (set(q.completed) | (set(q.unknown_completed) & named)) - set(q.not_completed)
    if done != set(q.completed) - set(q.not_completed):
        q = replace(q, completed=sorted(done), unknown_completed=[x for x in q.unknown_completed if x not in named])
    have = _history_words(q)
    done = said_history(q, done).without_permission(q.no_permission) \
        .with_credits(_credits_of(done | set(q.unknown_completed), facts), SUBJECT_NAMES, tuple(q.stated_credits))
    # a course done with no entry of its own still takes the credit when this entry excludes it ("took CLST 105
    # before it was renamed": AMNE 151 grants credit for only one of the two)
    clash = sorted((done | set(q.unknown_completed)) & (facts.excluded.get(c.code, set()) | set(c.excluded_with)))
    if not c.prerequisite.strip():
        restricted = restriction_met(c.restriction, done) if c.restriction else YES
        if restricted == NO:
            return "no", f"No: {_label(c)} is restricted: {_quote(c.restriction)}, and {_refused(c, done)}. {ref}"
        if clash:  # a course done already takes its credit, whoever may register
            return "no", _no_credit(c, clash, ref) + f"\nThe calendar lists no prerequisite for {_label(c)}. {ref}"
        if c.restriction and restricted == UNKNOWN:
            return "cannot tell", (f"Cannot tell: {_label(c)} lists no prerequisite, but it is restricted: "
                                   f"{_quote(c.restriction)} {ref}")
        after = _needs_it(c, q, facts)
        if after is not None:
            return _order_reversed(c, after, q, (ref, w.cite(course_source(after))))
        coreq = f"\nCorequisite: {_quote(c.corequisite)} {ref}" if c.corequisite else ""
        skipped = _corequisite_skipped(c, q, done)  # no prerequisite, but a corequisite still binds
        if skipped and (ruled_out := _not_alongside(skipped, q, c)):
            return "no", (f"No: {_label(c)} lists no prerequisite, but it needs {describe(c.corequisite_tree)} as a "
                          f"corequisite (taken before it or alongside it), and {ruled_out}. {ref}{coreq}")
        if skipped:
            return "cannot tell", (f"Cannot tell: {_label(c)} lists no prerequisite, but it needs "
                                   f"{describe(c.corequisite_tree)} as a corequisite (before or concurrently), and you "
                                   f"said you have not taken {', '.join(skipped)}: only if you take it alongside. "
                                   f"{ref}{coreq}")
        conditions = _corequisite_conditions(c, done)
        if conditions:  # "Corequisite: one of A, B and permission of the instructor": more than a course
            return "cannot tell", (f"Cannot tell: {_label(c)} lists no prerequisite, but its corequisite also asks "
                                   f"for what ubcal cannot check: {'; '.join(_quote(x) for x in conditions)}. {ref}"
                                   f"{coreq}")
        met = f" It is restricted ({_quote(c.restriction)}), and what you said of yourself meets that. {ref}" \
            if c.restriction else ""  # the "Yes" rests on the student's words: say which
        return "yes", f"Yes: the calendar lists no prerequisite for {_label(c)}. {ref}{met}{coreq}"
    if c.prerequisite_tree is None:
        if c.prerequisite_notes and not c.restriction:  # the sentence only recommends: nothing is required
            return "yes", (f"Yes: {c.code} requires no course; the calendar only recommends: "
                           f"{_quote(' '.join(c.prerequisite_notes))} {ref}")
        return None, ""
    if q.not_completed and not done and not q.unclear and not q.assumed \
            and evaluate(c.prerequisite_tree, done) == evaluate(c.prerequisite_tree, set()):
        return _without(c, q, ref)  # unless what they said besides (a year) settles it on its own
    conditional = _conditional(c, q, done, ref)
    if conditional is not None:
        return conditional
    result = evaluate(c.prerequisite_tree, done)
    after = _needs_it(c, q, facts) if result == YES else None
    if after is not None and (after.code in q.assumed or after.code in q.concurrent) \
            and required_course(after.prerequisite_tree, c.code) == YES:  # "B in September, then A in January":
        verdict, text = _order_reversed(c, after, q, (ref, w.cite(course_source(after))))  # B needs A first
        return verdict, f"{text}\nPrerequisite of {c.code} (calendar): {_quote(c.prerequisite)} {ref}"
    prerequisite_met = result == YES  # before a restriction or an unplaced negation leaves it open
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
    skipped = _corequisite_skipped(c, q, done) if prerequisite_met else []
    # "do A and B cover C": not while C's corequisite is still to take
    coreq_to_take = not skipped and result == YES and q.asks_sufficiency and c.corequisite_tree is not None \
        and evaluate(c.corequisite_tree, done | set(q.concurrent)) != YES
    if skipped and (ruled_out := _not_alongside(skipped, q, c)):  # "push A to next year", A the corequisite:
        result = NO                                             # "No", whatever the restriction would say
        lead = (f"No: with {have} the prerequisites of {c.code} are met, but it also needs "
                f"{describe(c.corequisite_tree)} as a corequisite (taken before it or alongside it), and "
                f"{ruled_out}. {ref}")
    elif skipped and result == YES:  # "dropped A", A the corequisite: only if taken alongside
        result = UNKNOWN
        lead = (f"Cannot tell: with {have} the prerequisites of {c.code} are met, but it also needs "
                f"{describe(c.corequisite_tree)} as a corequisite (before or concurrently), and you said you "
                f"have not taken {', '.join(skipped)}: only if you take it alongside. {ref}")
    elif coreq_to_take:
        result = NO
        lead = (f"No, not on their own: with {have} the prerequisites of {c.code} are met, but it also needs "
                f"{describe(c.corequisite_tree)} as a corequisite (taken before it or alongside it). {ref}")
    elif result == YES and clash:  # the prerequisites are met, but a course done already takes its credit
        result = NO
        lead = _no_credit(c, clash, ref) + f"\nWith {have} you meet the course prerequisites of {c.code}. {ref}"
    elif result == YES:
        lead = f"Yes: with {have} you meet the course prerequisites of {c.code}{_options_note(c.prerequisite_tree)}. {ref}"
    elif result == NO and _told_no_course(q) \
            and evaluate(c.prerequisite_tree, done.plus(tree_codes(c.prerequisite_tree))) != NO:
        # nothing said of any course: what it takes, not a "No" the student's silence would rest on
        result = UNKNOWN
        lead = (f"Only if you have completed {'; '.join(missing(c.prerequisite_tree, done))}: that is what "
                f"{c.code} requires, and you did not say which courses you have done. {ref}")
    elif result == NO:
        lead = (f"No: with {have} you do not meet the prerequisites of {c.code}; still needed: "
                f"{'; '.join(missing(c.prerequisite_tree, done))}. {ref}")
    elif result == UNKNOWN and (said := described_not_done(c.prerequisite_tree, q.not_done_clauses))[0]:
        # "I flunked comparative vertebrate anatomy twice" against "A course in comparative vertebrate anatomy"
        result = NO
        part = f" {_quote(said[1])}" if said[1] != said[0] else " that"
        lead = f"No: {c.code} requires {_quote(said[0])}, and you say you have not done{part}. {ref}"
    elif not prerequisite_met and (pending := corequisites_open(c.prerequisite_tree, done)) and (
            alongside := [g for g in pending if evaluate(g, done.plus(q.under_way)) == YES]):
        # "passed BIOL 121, taking CHEM 203 this term": the corequisite part of the route, under way now (a
        # course only planned may come later, and the order of plans is not always read)
        result = YES
        met_by = f"{', '.join(sorted(q.completed))} and that corequisite" if q.completed else "that corequisite"
        lead = (f"Yes, with {', '.join(x for x in q.under_way if x in tree_codes(alongside[0]))} taken alongside it: "
                f"with {met_by}, the prerequisites of {c.code} are met. {ref}")
    elif not prerequisite_met and pending:
        # "BIOL 121 and a corequisite of CHEM 203": the route the student is on, before the routes ubcal cannot
        # check (not once the prerequisite is met and only a word ubcal could not place holds the "Yes" back)
        others = [x for x in conditions if x]
        lead = (f"Only if you also take {' and '.join(describe(g) for g in pending)} before or alongside it: with "
                f"{have}, that is the rest of the prerequisite of {c.code}"
                + (f" (it can also be met by {'; '.join(_quote(x) for x in others)}, which ubcal cannot check)"
                   if others else "") + f". {ref}")
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
    """The lead when a course the student has done and the one asked about are credit-excluded: a "Yes" there
    would send them into a course that cannot count."""
    return (f"No, not for credit: {c.code} and {', '.join(clash)} are credit-excluded, and you have completed "
            f"{', '.join(clash)}: {_quote(c.exclusion)} {ref}")


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
    supposed = assumed or [x for x in q.assumed if x not in done]  # "if I get through A": A, even unnamed by C
    if supposed and evaluate(tree, done.plus(supposed)) == NO and not unclear:  # "if I finish A, B?": not enough
        said_not = set(q.not_completed) - set(q.assumed)
        if q.completed and not q.closed_history and evaluate(tree, done.plus(supposed).plus(
                [x for x in named if x not in said_not])) == YES:
            # a history told, and the rest is courses it did not mention ("took PHYS 118, doing MATH 200 next
            # fall; after that PHYS 200?", MATH 101 unsaid): what else it takes, not a "No" resting on silence
            # (a plan told alone, "A in September, then B", is a plan that leaves B's prerequisite out: "No")
            return "cannot tell", (f"Only if you have also completed {'; '.join(missing(tree, done.plus(supposed)))}: "
                                   f"completing {', '.join(supposed)} is not all {c.code} asks for. {ref}\n{quote}")
        return "no", (f"No: even once you have completed {', '.join(supposed)}, you would not meet the "
                      f"prerequisites of {c.code}; still needed: {'; '.join(missing(tree, done.plus(supposed)))}. "
                      f"{ref}\n{quote}")
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


def _corequisite_conditions(c: CourseFact, done: History) -> list[str]:
    """What a corequisite asks besides courses (an instructor's permission), which no course taken settles and
    what the student said (a year) does not either."""
    tree = c.corequisite_tree
    if tree is None:
        return []
    every_course = done.plus(tree_codes(tree))
    return [] if evaluate(tree, every_course) == YES else [x for x in unchecked(tree, every_course) if x]


def _not_alongside(skipped: list[str], q: Question, c: CourseFact) -> str:
    """Why a corequisite not yet taken will not come alongside either, in the student's terms ("you plan A for
    after it", "you said you are not taking A", "can I skip A": left out altogether, where every route needs
    it), or "" when the student left that open."""
    if q.asks_skip and c.corequisite_tree is not None \
            and all(required_course(c.corequisite_tree, x) == YES for x in skipped):
        return f"you asked to leave {', '.join(skipped)} out altogether"
    if set(skipped) <= set(q.deferred):
        return f"you plan {', '.join(skipped)} for after it"
    if set(skipped) <= set(q.deferred) | set(q.not_taking):
        return f"you would not be taking {', '.join(c for c in skipped if c in q.not_taking)} alongside it"
    return ""


def _refused(c: CourseFact, done: History) -> str:
    """Why a restriction turns the student away, in their own terms."""
    kind, group = refusing_group(c.restriction, done)
    if kind == "not in":
        return f"you said you are not in \u201c{group}\u201d"
    if kind == "in":
        return f"you said you are in {group}, which it is not open to"
    if kind == "another":
        return f"you said you are in {group}, which it does not admit"
    if kind == "level":
        return f"you said you are {'an undergraduate' if group == UNDERGRADUATE else 'a graduate student'}"
    return "the year you gave is not one it admits"


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
        if q.asks_skip:  # "can I skip A and still take C": only by that route, which the student has not taken
            return "cannot tell", (f"Only if you take {describe(left)} instead: {c.code} can be reached without "
                                   f"{', '.join(q.not_completed)}, through {describe(left)}. {ref}\n{quote}")
        if q.closed_history:  # "I only have A": the route the student did not name is one they have not taken
            return "no", (f"No: {c.code} can be reached without {', '.join(q.not_completed)} only through "
                          f"{describe(left)}, and you said you have not taken that. {ref}\n{quote}")
        # the other route is unmentioned, not ruled out: what the student would need, never a guess at "No"
        return "cannot tell", (f"Only if you have completed {describe(left)}: {c.code} can be reached without "
                               f"{', '.join(q.not_completed)} through it, and you have not said whether you have. "
                               f"{ref}\n{quote}")
    conditions = unchecked(tree, others) or ([c.restriction] if c.restriction else [])
    return "cannot tell", (f"Cannot tell: without {', '.join(q.not_completed)}, the other routes into {c.code} "
                           f"depend on {'; '.join(_quote(x) for x in conditions) or 'wording ubcal cannot read'}. "
                           f"{ref}\n{quote}")

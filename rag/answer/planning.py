"""Planning answers: the whole chain to a course and what a course leads to (what is left of a program
year is ``rag.answer.program_left``).

These are the answers after a course's own prerequisites: every course before it in the chain, what is left,
"what does X open". Each is computed from the version's facts (``rag.answer.chain`` plans the route) and
cites every course entry or program table it uses. None opens with "Yes" or "No": none is a yes/no
question. What the student has done counts only where the reader counted it as done; anything else they
named stays on the list, marked with what they said.
"""

from __future__ import annotations

from dataclasses import replace

from rag.answer.chain import AMBIGUOUS_NOTE, Chain, ChainPlanner, Step
from rag.answer.fact_sources import FactAnswer, Writer, course_source
from rag.index.codes import unique_codes
from rag.index.facts import FactStore
from rag.index.requirement_tree import NO, YES, History, evaluate, missing
from rag.understand import Question

MAX_LISTED = 40  # courses named in one list of what a course leads to; the rest are counted


def _history(q: Question) -> History:
    return History(q.completed, year=q.standing, scores=q.scores)


def said_of(q: Question) -> dict[str, str]:
    """What the student said of each named course that is not counted done, in words for the list."""
    said = {c: "you said it is not done" for c in q.not_completed}
    said.update({c: "under way or planned: counted once it is done" for c in q.concurrent + q.assumed})
    said.update({c: "you did not clearly say it is done" for c in q.unclear})
    return said


def chain(q: Question, facts: FactStore) -> FactAnswer | None:
    """Every course before the target, in steps, with the choices, conditions and history named."""
    if q.target not in facts.courses:
        return None
    plan = ChainPlanner(facts, History(set(q.completed), scores=q.scores)).plan(q.target)
    w = Writer()
    target_ref = w.cite(course_source(facts.courses[q.target]))
    todo = plan.to_take
    done = [c for c in q.completed if c != q.target]
    derived = [str(len(todo))] + [str(s.step) for s in plan.steps]
    if not todo:
        return FactAnswer("chain", "", _nothing_left(plan, q, done, target_ref) + _tail(plan, w, facts, done),
                          w.sources, [q.target], derived)
    steps = sorted({s.step for s in todo})
    start = "With the courses you have done (listed at the end)" if done else "Starting from no courses"
    lead = (f"{start}, {len(todo)} course{'s come' if len(todo) != 1 else ' comes'} before {q.target} {target_ref}, in "
            f"{len(steps)} step{'s' if len(steps) != 1 else ''} (each course after all of its prerequisites, so a "
            "step is at least a term):")
    said = said_of(q)
    lines = [lead]
    for n in steps:
        lines.append(f"- Step {n}: " + ", ".join(_entry(s, w, facts, said) for s in todo if s.step == n))
    lines.append(f"- Then {q.target} {target_ref}" + _alongside(plan.steps[-1]) + ".")
    return FactAnswer("chain", "", "\n".join(lines) + _tail(plan, w, facts, done), w.sources,
                      [s.code for s in plan.steps], derived)


def _entry(s: Step, w: Writer, facts: FactStore, said: dict[str, str]) -> str:
    c = facts.courses.get(s.code)
    ref = f" {w.cite(course_source(c))}" if c else " (no entry in this calendar)"
    note = f" ({said[s.code]})" if s.code in said else ""
    return f"{s.code}{ref}{note}{_alongside(s)}"


def _alongside(s: Step) -> str:
    return f" (with {', '.join(s.alongside)} alongside, or taken earlier)" if s.alongside else ""


def _nothing_left(plan: Chain, q: Question, done: list[str], ref: str) -> str:
    if done:
        # not "No course is left": a lead opening with "No" reads as a refusal, and this is the opposite
        return (f"Every course before {q.target} is behind you {ref}: with the courses you have done (listed at "
                "the end), the route to it needs no further course.")
    return f"{q.target} {ref} names no course that must come before it."


def _how_many(n: int) -> str:
    """"one", "two", ... as the calendar words a choice ("Two of A, B, C")."""
    return ("one", "two", "three", "four", "five", "six")[n - 1] if 1 <= n <= 6 else str(n)


def _choice_line(ch) -> str:
    """One choice: the options and what the route takes. Where the history already counts for part of a "two
    of", the line names only the options left (the done ones are on the "Already done" line)."""
    if not ch.had:
        return f"- {ch.course}: {_how_many(ch.need)} of {_options(ch.options)}. Taken above: {_options(ch.taken)}."
    left = [o for o in ch.options if o not in ch.had]
    return (f"- {ch.course}: {_how_many(ch.need)} of its list; with the {_how_many(len(ch.had))} you have done, "
            f"{_how_many(ch.need - len(ch.had))} more from {_options(left)}. Taken above: {_options(ch.taken)}.")


def _tail(plan: Chain, w: Writer, facts: FactStore, done: list[str]) -> str:
    """The choices the route made, the conditions that are not courses, what could not be followed, and
    the history it relied on (on its own line, so a done course is never read as still to take)."""
    lines: list[str] = []
    seen: set[tuple[str, ...]] = set()
    choices = []
    for ch in (ch for s in plan.steps for ch in s.choices if not ch.settled):
        if any(t.startswith(("one of ", "two of ")) for t in ch.taken):
            continue  # a choice between choices: the inner choice is listed on its own
        if tuple(ch.options) not in seen:  # the same list under two courses is one choice
            seen.add(tuple(ch.options))
            choices.append(ch)
    if choices:
        lines.append("Choices (the route above takes the option that needs the fewest courses):")
        lines += [_choice_line(ch) for ch in choices]
    conditions = [(s.code, n) for s in plan.steps for n in s.conditions]
    if conditions:
        lines.append("Also required, not a course:")
        lines += [f"- for {code}: {text}" if text == AMBIGUOUS_NOTE else f"- for {code}: \u201c{text}\u201d"
                  + _done_among(text, done) for code, text in conditions]  # the calendar's words in quotes
    for cycle in plan.cycles:
        lines.append(f"The calendar's requirements go round in a circle ({cycle}); the route stops there.")
    if plan.not_in_calendar:
        lines.append(f"Named by a requirement but without an entry in this calendar, so not followed further: "
                     f"{', '.join(plan.not_in_calendar)}.")
    used = [c for c in done if c in facts.courses]
    if used:
        refs = " ".join(w.cite(course_source(facts.courses[c])) for c in used)
        lines.append(f"Already done, and their own prerequisites taken as met: {', '.join(used)} {refs}.")
    return ("\n" + "\n".join(lines)) if lines else ""


def _done_among(text: str, done: list[str]) -> str:
    """" (of these you have done A, B)": a quoted sentence ubcal could not read may name courses the
    student has done, which must not look like courses still to take."""
    found = set(unique_codes(text, sorted({c.split()[0] for c in done})))
    named = [c for c in done if c in found]
    return f" (of the courses it names, you have done {', '.join(named)})" if named else ""


def _options(options: list[str]) -> str:
    """Options as a list: commas between single courses, semicolons once an option is a group of its own."""
    return ("; " if any(" " in o.replace(" ", "", 1) for o in options) else ", ").join(options)


def unlocks(q: Question, facts: FactStore) -> FactAnswer | None:
    """What a course history leads to: the courses now open, then those it counts toward, each with what
    else they need."""
    done = set(q.completed) - set(q.not_completed)
    pending = set(q.concurrent + q.assumed + q.unclear) - done  # under way or planned is also not completed
    if not done and pending:
        # "finished A just now: where does it lead": what A leads to does not depend on whether A is done,
        # so a course under way, planned or of unclear status is answered as once completed, never as done
        as_done = replace(q, completed=sorted(pending), concurrent=[], assumed=[], unclear=[],
                          not_completed=[c for c in q.not_completed if c not in pending])
        return _once_completed(as_done, facts, pending)
    if not done or not all(c in facts.courses for c in done):
        return None
    candidates = sorted({src for code in done for src, _ in facts.required_by.get(code, [])
                         if src in facts.courses and src not in done})
    elsewhere = ""
    if q.subjects and any(code.split()[0] in q.subjects for code in candidates):  # "... next in biology?"
        candidates = [code for code in candidates if code.split()[0] in q.subjects]
    elif q.subjects and candidates and set(q.subjects) <= {c.split()[0] for c in done}:
        # "passed ENGL 110, what next in English?" where no ENGL course names them: say so first (a subject
        # read from a title or a field, "a field of science before its course code", is not the one the question asks in)
        elsewhere = (f"No {'/'.join(q.subjects)} course names {', '.join(sorted(set(q.completed) - set(q.not_completed)))} "
                     "in its prerequisites; courses in other subjects do.\n")
    if q.levels and any(facts.courses[code].level in q.levels for code in candidates):  # "which 200-level ones"
        candidates = [code for code in candidates if facts.courses[code].level in q.levels]
    history = _history(q)
    met, maybe, more = [], [], []
    for code in candidates:
        c = facts.courses[code]
        if c.prerequisite_tree is None:
            continue
        result = evaluate(c.prerequisite_tree, history)
        if result == YES and not c.restriction:
            met.append(code)
        elif result == NO:
            more.append(code)
        else:
            maybe.append(code)
    w = Writer()
    have = ", ".join(sorted(done))
    if not candidates:
        refs = " ".join(w.cite(course_source(facts.courses[c])) for c in sorted(done))
        return FactAnswer("unlocks", "none", f"No course in the calendar names {have} in its prerequisites. {refs}",
                          w.sources)
    lines = [elsewhere + (f"With {have}, the calendar's prerequisites of these courses are met:" if met else
                          f"With {have} alone, no course's prerequisites are fully met by courses.")]
    lines += _by_subject(met, w, facts)
    if maybe:
        lines.append("These also name your courses but depend on something ubcal cannot check (a grade, standing, "
                     "permission or unclear wording): " + _cited(maybe, w, facts) + ".")
    if more:
        lines.append(f"{have} also leads to these, which need more first:")
        for code in more[:MAX_LISTED]:
            needs = "; ".join(missing(facts.courses[code].prerequisite_tree, history))
            lines.append(f"- {code} {w.cite(course_source(facts.courses[code]))}: also needs {needs}")
        if len(more) > MAX_LISTED:
            lines.append(f"- and {len(more) - MAX_LISTED} more courses that name {have}.")
    derived = [str(len(more) - MAX_LISTED)] if len(more) > MAX_LISTED else []
    return FactAnswer("unlocks", "", "\n".join(lines), w.sources, met + maybe + more, derived)


def _once_completed(q: Question, facts: FactStore, pending: set[str]) -> FactAnswer | None:
    """What courses the student has not (clearly) finished lead to, said as what opens once they are done."""
    answer = unlocks(q, facts)
    if answer is None:
        return None
    have = ", ".join(sorted(pending))
    lead = f"Once you have completed {have} (you did not clearly say it is done), this is what it leads to.\n"
    return replace(answer, text=lead + answer.text)


def _by_subject(codes: list[str], w: Writer, facts: FactStore) -> list[str]:
    by_subject: dict[str, list[str]] = {}
    for code in codes:
        by_subject.setdefault(code.split()[0], []).append(code)
    return [f"- {subject}: {_cited(group, w, facts)}" for subject, group in by_subject.items()]


def _cited(codes: list[str], w: Writer, facts: FactStore) -> str:
    return ", ".join(f"{code} {w.cite(course_source(facts.courses[code]))}" for code in codes)

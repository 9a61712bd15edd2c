"""One course's entry looked up: its prerequisites, corequisites, credits and description, the courses that
require it, two courses compared, credit totals, and the courses of a subject or topic at a level."""

from __future__ import annotations

import re

from rag.answer.fact_sources import (FactAnswer, Writer as _Writer, course_source, label as _label, quote as _quote,
                                     asked_course, cited_pair, codes_of)
from rag.answer.exclusions import excluded_pair, shared_exclusion
from rag.index.facts import CourseFact, FactStore
from rag.index.requirement_tree import describe, tree_codes
from rag.understand import Question

MAX_QUOTED = 12      # supporting calendar sentences quoted under a long list
TOPIC_CANDIDATES = 3  # courses named in a topic-at-a-level answer
TOPIC_STOPWORDS = frozenset("like good best want need what which where when some more most from that this these "
                            "those with into about them they have students people learn know".split())
LEVEL_WORDS = {1: "first-year", 2: "second-year", 3: "third-year", 4: "fourth-year", 5: "graduate", 6: "graduate"}


def prereq_of(q: Question, facts: FactStore) -> FactAnswer | None:
    found = asked_course(q, facts)
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
    if yes and q.subjects and c.prerequisite_tree and c.prerequisite_parsed and _courses_only(c.prerequisite_tree) \
            and not {code.split()[0] for code in tree_codes(c.prerequisite_tree)} & set(q.subjects):
        # "do I need a previous ACAM course before ACAM 320?": the yes or no is about courses of that subject
        return FactAnswer("prereq_of", "no", "\n".join([
            f"No: {c.code}'s prerequisite names no {'/'.join(q.subjects)} course; it requires "
            f"{describe(c.prerequisite_tree)}. {ref}", f"Prerequisite (calendar): {_quote(c.prerequisite)} {ref}"])
            + restricted, w.sources)
    if c.prerequisite_tree and c.prerequisite_parsed:
        lines.append(f"{yes}{c.code} requires {describe(c.prerequisite_tree)}. {ref}")
    elif c.prerequisite_tree:
        lines.append(f"{c.code}'s prerequisite, in part: {describe(c.prerequisite_tree)} "
                     f"(ubcal could not read all of it; the calendar's sentence follows). {ref}")
    lines.append(f"Prerequisite (calendar): {_quote(c.prerequisite)} {ref}")
    if c.corequisite:
        lines.append(f"Corequisite (calendar): {_quote(c.corequisite)} {ref}")
    return FactAnswer("prereq_of", "", "\n".join(lines) + restricted, w.sources)


def _courses_only(tree: dict) -> bool:
    """Whether every condition of a requirement is a course, a grade in one, a standing or a permission:
    none is worded in a way that may name a subject without a code ("a course in Computer Science")."""
    if tree["op"] in ("all", "one", "n_of", "coreq", "ambiguous"):
        return all(_courses_only(child) for child in tree["items"])
    return tree["op"] in ("course", "score", "standing", "permission")


def coreq_of(q: Question, facts: FactStore) -> FactAnswer | None:
    found = asked_course(q, facts)
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


def compare(q: Question, facts: FactStore) -> FactAnswer | None:
    found = cited_pair(q, facts)
    if found is None:
        return None
    a, b, w, ra, rb = found
    lines = []
    a_needs_b = b.code in codes_of(a.prerequisite_tree)
    b_needs_a = a.code in codes_of(b.prerequisite_tree)
    if a_needs_b or b_needs_a:
        first, then = (b, a) if a_needs_b else (a, b)
        lines.append(f"{first.code} comes first: {then.code}'s prerequisites name {first.code}. "
                     f"{ra if then is a else rb}")
    for c, ref in ((a, ra), (b, rb)):
        desc = c.text.split("[")[0].strip()
        pre = describe(c.prerequisite_tree) if c.prerequisite_tree else "none listed"
        lines.append(f"{_label(c)}, {LEVEL_WORDS.get(c.level, 'level ' + str(c.level))}: {_quote(desc[:300])} "
                     f"Prerequisite: {pre}. {ref}")
    shared = sorted(set(codes_of(a.prerequisite_tree)) & set(codes_of(b.prerequisite_tree)))
    if shared:
        lines.append(f"Both prerequisites name {', '.join(shared)}. {ra} {rb}")
    if b.code in facts.excluded.get(a.code, set()):
        lines.append(f"They are credit-excluded: credit is granted for only one of them. {ra}")
    return FactAnswer("compare", "", "\n".join(lines), w.sources)


def credits(q: Question, facts: FactStore) -> FactAnswer | None:
    c = facts.courses.get(q.target)
    if c is None or not c.credits:
        return None
    w = _Writer()
    ref = w.cite(course_source(c))
    unit = "credit" if c.credits == "1" else "credits"
    worth = f"{c.code} ({c.title}) is worth {c.credits} {unit}. {ref}"
    asked = q.credits_asked
    if q.credit_load and c.credits_min is not None and c.credits_min == c.credits_max:
        # "I'm at 12 credits; if I add A, what's my total?": the load told plus the course's credits
        total = q.credit_load + c.credits_max
        return FactAnswer("credits", _num(total), f"{_num(total)} credits in total ({_num(q.credit_load)} + "
                          f"{_num(c.credits_max)} = {_num(total)}): {worth}", w.sources, derived=[_num(total)])
    if not (q.yes_no and asked) or c.credits_min is None or c.credits_max is None:
        return FactAnswer("credits", c.credits, worth, w.sources)
    # "is A a 4 credit course?": the yes or no first, then the calendar's count
    if c.credits_min == c.credits_max:
        lead = "Yes" if asked == c.credits_max else "No"
    else:  # "3-6 credits": a count in the range is one it can be worth, not the one it is
        lead = "It can be" if c.credits_min <= asked <= c.credits_max else "No"
    return FactAnswer("credits", c.credits, f"{lead}: {worth}", w.sources)


def describe_course(q: Question, facts: FactStore) -> FactAnswer | None:
    found = asked_course(q, facts)
    if found is None:
        return None
    c, w, ref = found
    lines = [f"{_label(c)}: {_quote(c.text)} {ref}"]
    return FactAnswer("describe", "", "\n".join(lines), w.sources)


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
            if excluded_pair(a, b, facts):
                pairs.append(f"{a.code} and {b.code} are credit-excluded")
            elif (shared := shared_exclusion(a, b, facts)) is not None:
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

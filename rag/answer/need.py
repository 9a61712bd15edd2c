"""Does a course need another: "Do I need A for B?", "Is A a prerequisite for B?", "Can I skip A for B?".
Whether A is required on every route, one option, a corequisite, or not named at all."""

from __future__ import annotations

from dataclasses import replace

from rag.answer.fact_sources import (FactAnswer, Writer as _Writer, course_source, overall_verdict, quote as _quote,
                                     codes_of, names_course, said_history)
from rag.answer.substitute import substitute
from rag.index.facts import CourseFact, FactStore
from rag.index.requirement_tree import (NO, YES, History, describe, evaluate, required_course, restriction_met,
                                        tree_codes, unparsed_parts)
from rag.understand import Question


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
            if not c.prerequisite.strip() and a in codes_of(c.corequisite_tree):  # "Pre- or co-requisite: A"
                verdict, line = _needed_as_corequisite(c, a, ref, q.asks_before)
                verdicts.append(verdict)
                lines += [line, f"{c.code} corequisite (calendar): {_quote(c.corequisite)} {ref}"]
                continue
            if not c.prerequisite.strip():
                verdict, line = _skip_but_restricted(c, a, q, ref) if q.asks_skip else ("", "")
                verdicts.append(verdict or "no")
                lines.append(line or f"No: {c.code} lists no prerequisite, so {a} is not required for it. {ref}")
                continue
            if tree is None and c.prerequisite_notes and not c.restriction:  # it only recommends
                verdicts.append("no")
                lines.append(f"No: {c.code} requires no course; the calendar only recommends: "
                             f"{_quote(' '.join(c.prerequisite_notes))} {ref}")
                continue
            if tree is None:
                return None
            in_prerequisite = a in tree_codes(tree)
            if not in_prerequisite and a not in codes_of(c.corequisite_tree) and len(targets) == len(asked) == 1 \
                    and not q.asks_direction and names_course(facts, a, code):
                # no word set the direction ("does B let in those without A", read as A's need of B): the
                # calendar's one relation between the two decides it
                turned = replace(q, target=a, targets=[a], asked=[code])
                fact = need_check(turned, facts)
                return replace(fact, reading=turned) if fact is not None else None
            if not in_prerequisite and a in codes_of(c.corequisite_tree):
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
                elif q.asks_skip and (other := evaluate(tree, said_history(q, q.completed))) != YES:
                    # "skip A and still take B", B asking only what A is not: whether B is open decides. A "No"
                    # only where the student's own words settle it (a year): courses they did not name are unsaid
                    other = other if not tree_codes(tree) else "cannot tell"
                    verdicts.append("no" if other == NO else "cannot tell")
                    lines.append((f"No, not for you: {c.code}'s prerequisite {_NOT_NAMED} {a}, but it requires "
                                  f"{describe(tree)}, which what you said does not meet. {ref}") if other == NO else
                                 (f"Only if you meet what {c.code} does require: its prerequisite {_NOT_NAMED} {a}; "
                                  f"it requires {describe(tree)}. {ref}"))
                else:
                    verdicts.append("no")
                    lines.append(f"No: {c.code}'s prerequisite {_NOT_NAMED} {a}; it requires "
                                 f"{describe(tree)}. {ref}")
            else:
                need = required_course(tree, a)
                gone = _ruled_out(q, asked) if q.asks_skip else []
                if q.asks_skip and not gone and len(asked) == 1 and (q.standing or q.standing_below):
                    gone = list(asked)  # a year told, and the route without A a later standing than it
                if need == NO and gone and _no_route_without(tree, gone, q):
                    # "haven't done C; can I skip A for B?" with B asking for one of A, C: no route is left,
                    # said once for all the courses left out
                    said = sorted(set(gone) - set(asked))
                    why = f", and you have said you have not done {', '.join(said)}" if said else ""
                    why += f"; you said you are in year {q.standing}" if q.standing else ""
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


def _skip_but_restricted(c: CourseFact, a: str, q: Question, ref: str) -> tuple[str, str]:
    """"Skip A and still take B", B with no prerequisite but a restriction: A is not needed, and whether B is
    open turns on the restriction; ("", "") when the student's words meet it."""
    met = restriction_met(c.restriction, said_history(q, q.completed)) if c.restriction else YES
    if met == YES:
        return "", ""
    if met == NO:
        return "no", (f"No, not for you: {c.code} lists no prerequisite, so {a} is not required for it, but it is "
                      f"restricted: {_quote(c.restriction)}, and what you said does not meet that. {ref}")
    return "cannot tell", (f"Only if you meet its restriction: {c.code} lists no prerequisite, so {a} is not "
                           f"required for it, but it is restricted: {_quote(c.restriction)} {ref}")


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


# leads a skip keeps as they are, with their verdicts ("No, not a prerequisite": a corequisite asked of)
_AS_SAID = ("Cannot tell", "Only if", "No, not for you", "No, not a prerequisite")


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
            if line.startswith(_AS_SAID) and n < len(verdicts):  # a lead already worded for the skip
                out_verdicts.append(verdicts[n])
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

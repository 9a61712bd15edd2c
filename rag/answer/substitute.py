"""Whether one course can take another's place in a third course's requirement ("can A stand in for B
for C"): a fact of C's entry, answered whatever the student has done.

A and B options of one "one of" group: Yes, A does B's job there. B required on every route and A no
option beside it: No. A not named at all: No, C does not accept it. A and B in different parts of the
requirement: only by another route, which the answer shows rather than calls. B not named by C: no
verdict, since the question's premise does not hold; what C requires is shown instead.
"""

from __future__ import annotations

from rag.answer.fact_sources import FactAnswer, Writer, course_source, overall_verdict, quote
from rag.index.facts import CourseFact, FactStore
from rag.index.requirement_tree import YES, describe, required_course, tree_codes
from rag.understand import Question


def _sibling_group(node: dict, a: str, b: str) -> dict | None:
    """The "one of" (or "n of") group listing both A and B among its own options, if there is one."""
    if node["op"] in ("one", "n_of"):
        direct = {c["code"] for c in node["items"] if c["op"] == "course"}
        if {a, b} <= direct:
            return node
    for child in node.get("items", []):
        found = _sibling_group(child, a, b)
        if found is not None:
            return found
    return None


def _requirement(c: CourseFact, replaced: str) -> tuple[dict | None, str, str]:
    """The tree that names the replaced course (prerequisite first, else corequisite), its name and text."""
    for tree, name, text in ((c.prerequisite_tree, "prerequisite", c.prerequisite),
                             (c.corequisite_tree, "corequisite", c.corequisite)):
        if tree is not None and replaced in tree_codes(tree):
            return tree, name, text
    return None, "", ""


def _one(c: CourseFact, a: str, b: str, ref: str) -> tuple[str, list[str]]:
    tree, name, text = _requirement(c, b)
    if tree is None:
        rule = (f"it requires {describe(c.prerequisite_tree)}" if c.prerequisite_tree is not None
                else f"its prerequisite reads {quote(c.prerequisite)}" if c.prerequisite.strip()
                else "it lists no prerequisite")
        return "", [f"{c.code} does not name {b}, so nothing needs to take its place: {rule}. {ref}"]
    said = f"{c.code} {name} (calendar): {quote(text)} {ref}"
    group = _sibling_group(tree, a, b)
    if group is not None:
        rest = "" if group is tree else f" The rest of its {name} still applies."
        return "yes", [f"Yes: {c.code}'s {name} accepts {describe(group)}, so {a} does the same job as {b} there."
                       f"{rest} {ref}", said]
    if a not in tree_codes(tree):
        return "no", [f"No: {c.code}'s {name} does not name {a}; it requires {describe(tree)}. {ref}", said]
    if required_course(tree, b) == YES:
        return "no", [f"No: {c.code} requires {b} on every route, and {a} does not take its place: its {name} is "
                      f"{describe(tree)}. {ref}", said]
    return "cannot tell", [f"Only by another route: {c.code}'s {name} names {a} and {b} in different parts, so "
                           f"{a} does not stand in for {b} as such: {describe(tree)}. {ref}", said]


def substitute(q: Question, facts: FactStore) -> FactAnswer | None:
    """The substitution answer for each goal course the question names."""
    swap = q.substitute
    goals = [code for code in q.targets if code in facts.courses]
    if swap is None or not goals:
        return None
    w = Writer()
    verdicts, lines = [], []
    for code in goals:
        c = facts.courses[code]
        verdict, said = _one(c, swap.substitute, swap.replaced, w.cite(course_source(c)))
        verdicts.append(verdict)
        lines += said
    overall = overall_verdict(verdicts)
    return FactAnswer("need_check", overall, "\n".join(lines), w.sources)

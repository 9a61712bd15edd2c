"""Whether a course asks for a condition that is not a course (a B or better in its prerequisites, the
instructor's permission). The requirement tree says whether the condition is on every route into the
course (Yes, with the calendar's words), on one route only (No: another route avoids it, named), or on none
(No, with what the course does require); a grade the calendar only recommends is said to be one.

Without this, such questions fell to the prerequisite list ("Yes: A requires B", read as a yes to the
grade) or to eligibility ("Cannot tell ... permission"), neither of which answers what was asked."""

from __future__ import annotations

import re

from rag.answer.fact_sources import FactAnswer, Writer, course_source, label, quote
from rag.index.facts import FactStore
from rag.index.requirement_tree import describe, standing_condition, standing_years
from rag.understand import Question

# the words of each kind inside a requirement's text that ubcal keeps unread ("other", "unparsed")
_KIND_WORDS = {"grade": re.compile(r"\d{2}\s?%|\bgrade\b|\bminimum mark\b|\bstanding of\b", re.IGNORECASE),
               "permission": re.compile(r"\bpermission\b|\bconsent\b|\bapproval\b", re.IGNORECASE),
               "standing": re.compile(r"\bstanding\b|\b(?:first|second|third|fourth|fifth|[1-5](?:st|nd|rd|th))[- ]year\b",
                                      re.IGNORECASE),
               "program": re.compile(r"\bprogram(?:me)?s?\b|\bmajors?\b|\bminors?\b|\bspeciali[sz]ation\b|\bhonours\b|"
                                     r"\badmission\b|\badmitted\b|\benrol(?:l)?ment\b|\bacceptance\b",
                                     re.IGNORECASE)}
_KIND_OPS = {"grade": ("score",), "permission": ("permission",), "standing": ("standing",), "program": ("program",)}
_ASKED = {"grade": "a minimum grade", "permission": "permission", "standing": "a year standing",
          "program": "a place in a program"}
_NONE = {"grade": "no minimum grade", "permission": "no one's permission", "standing": "no year standing",
         "program": "no program"}
# "or permission ...", "may be admitted": another way in; "or higher" / "or above" widen the standing itself
_OTHER_ROUTE_RE = re.compile(r"\bor\s+(?:the\s+|with\s+(?:the\s+)?)?(?:permission|consent|approval|by\b|[A-Z]{2,5}[ _]V?\s?\d{3}|"
                             r"\d+\s+credits|one of)|\bmay\b", re.IGNORECASE)
_ORDINALS = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}
# "... or permission of the instructor", "Second year students may be admitted with permission": one route of two
_OR_RE = re.compile(r"\bor\b|\bmay\b", re.IGNORECASE)


def condition_asked(q: Question, facts: FactStore) -> FactAnswer | None:
    """The answer to "does A ask for <a grade / permission>?", or None when the question asks no such thing
    or its course has no entry."""
    if not q.asks_condition or q.target not in facts.courses:
        return None
    c = facts.courses[q.target]
    if c.prerequisite_tree is None and c.prerequisite.strip() and not c.prerequisite_notes:
        return None  # a requirement ubcal could not read at all says nothing either way
    w = Writer()
    ref = w.cite(course_source(c))
    kind = q.asks_condition
    nodes = [n for tree in (c.prerequisite_tree, c.corequisite_tree) if tree for n in _of_kind(tree, kind)]
    restricted = bool(c.restriction and _KIND_WORDS[kind].search(c.restriction) and _one_route(c.restriction, kind))
    required = restricted or any(tree is not None and _on_every_route(tree, kind)
                                 for tree in (c.prerequisite_tree, c.corequisite_tree))
    said = f"\nPrerequisite (calendar): {quote(c.prerequisite)} {ref}" if c.prerequisite.strip() else ""
    if required:
        words = [c.restriction] if restricted else [n.get("text", "") for n in nodes]
        quoted = '; '.join(quote(x.rstrip('.')) for x in words if x)
        if kind == "standing" and not any(standing_condition(x) for x in words):
            # "a first-year English course", "good academic standing": words of a year, not a year standing
            return FactAnswer("condition", "cannot tell", f"Cannot tell: {label(c)} asks for {quoted}, which ubcal "
                              f"cannot read as a year standing. {ref}{said}", w.sources)
        first = min((y[0] for x in words if (y := standing_years(x))), default=0) if kind == "standing" else 0
        if first and q.year_asked > first:  # "do I need third-year standing?" of a course asking second year
            return FactAnswer("condition", "no", f"No: {label(c)} asks for {_ORDINALS[first]}-year standing, not "
                              f"{_ORDINALS[q.year_asked]}-year: {quoted}. {ref}{said}", w.sources)
        if q.asks_skip:  # "can I skip the standing requirement?": not where every route asks for it
            return FactAnswer("condition", "no", f"No: {label(c)} asks for {_ASKED[kind]} on every route: "
                              f"{quoted}. {ref}{said}", w.sources)
        return FactAnswer("condition", "yes", f"Yes: {label(c)} asks for {_ASKED[kind]}: {quoted}. {ref}{said}",
                          w.sources)
    routes = [describe(t) for t in (c.prerequisite_tree, c.corequisite_tree) if t is not None and _of_kind(t, kind)]
    if c.restriction and _KIND_WORDS[kind].search(c.restriction):  # "... or with the permission of ...": a route
        routes.append(quote(c.restriction))
    if (nodes or routes) and q.asks_skip:
        return FactAnswer("condition", "cannot tell", f"Only by another route: {label(c)} can be taken without "
                          f"{_ASKED[kind]} through {'; '.join(routes)}. {ref}{said}", w.sources)
    if nodes or routes:
        return FactAnswer("condition", "no", f"No, not on every route: {label(c)} can be taken without "
                          f"{_ASKED[kind]} by another route: {'; '.join(routes)}. {ref}{said}", w.sources)
    advice = [n for n in c.prerequisite_notes if _KIND_WORDS[kind].search(n)]
    if advice:
        return FactAnswer("condition", "no", f"No: {label(c)} asks for {_NONE[kind]}; the calendar only "
                          f"recommends: {quote(' '.join(advice))} {ref}{said}", w.sources)
    needs = f"; it requires {describe(c.prerequisite_tree)}" if c.prerequisite_tree is not None else \
        ("; it lists no prerequisite" if not c.prerequisite.strip() else "")
    return FactAnswer("condition", "no", f"No: {label(c)} asks for {_NONE[kind]}{needs}. {ref}{said}", w.sources)


def _of_kind(node: dict, kind: str) -> list[dict]:
    """The nodes of a tree that are a condition of that kind (an unread text that names it counts)."""
    op = node["op"]
    if op in _KIND_OPS[kind] or (op in ("other", "unparsed", "standing") and _KIND_WORDS[kind].search(node.get("text", ""))):
        return [node]
    return [n for child in node.get("items", []) if op not in ("course", "score") for n in _of_kind(child, kind)]


def _one_route(text: str, kind: str) -> bool:
    """Whether a condition's words offer no other way in. A standing or a program may say "third- or
    fourth-year" and stay one route; "or permission ...", "or CODE", "may be admitted" open another."""
    if kind == "standing":
        return not _OTHER_ROUTE_RE.search(text)
    if kind == "program":  # "third- or fourth-year" and "or higher" name who, not another way in
        text = re.sub(r"\b\w+-\s*or\s+\w+-year\b|\bor\s+(?:higher|above)\b", " ", text, flags=re.IGNORECASE)
    return not _OR_RE.search(text)


def _on_every_route(node: dict, kind: str) -> bool:
    """Whether every way of meeting the requirement passes through a condition of that kind."""
    op = node["op"]
    if _of_kind(node, kind) == [node]:  # an unread text that offers it beside something else is one route
        return op in _KIND_OPS[kind] and kind != "standing" or _one_route(node.get("text", ""), kind)
    if op == "all":
        return any(_on_every_route(child, kind) for child in node["items"])
    if op in ("one", "n_of", "ambiguous"):
        return bool(node["items"]) and all(_on_every_route(child, kind) for child in node["items"])
    if op == "coreq":
        return _on_every_route(node["items"][0], kind)
    return False

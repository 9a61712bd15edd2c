"""Choose the simple path (one retrieval) or the complex path (the decomposing agent), and say why.

Rules come first because they are exact where calendar questions are
concerned: two or more named courses or programs, or a comparison cue about a
named one, need several lookups. The agent splits a question along the
courses and programs it names, so a question that names none ("Which course
covers eigenvalues?") gives it nothing to split: it takes one lookup, unless
the model is asked to judge (``UBCAL_ROUTER_LLM=1``) a comparison cue there.
The cues themselves were read by ``understand`` (``Question.comparison_cue``,
``Question.several_questions``).
"""

from __future__ import annotations

from dataclasses import dataclass

from rag.answer.prompts import route_messages
from rag.understand import Question


@dataclass
class Route:
    path: str  # "simple" | "complex"
    reason: str
    used_llm: bool = False


def route_by_rules(question: Question) -> Route | None:
    """A route when the rules are sure; None when they are not."""
    e = question.entities
    named = e.courses + e.unknown_courses + e.programs
    if len(named) >= 2:
        return Route("complex", f"names {len(named)} courses or programs ({', '.join(named)})")
    cue = question.comparison_cue
    if cue and named:
        return Route("complex", f"comparison cue '{cue}' about {', '.join(named)}")
    if question.several_questions:
        return Route("complex", "asks more than one question")
    if len(named) == 1:
        return Route("simple", f"names one entity ({named[0]}) and no comparison")
    if cue:
        return None  # a comparison of things we could not name: let the model weigh in if enabled
    return Route("simple", "names no course or program and no comparison: one lookup")


def choose_route(question: Question, llm=None, forced: str = "auto") -> Route:
    if forced in ("simple", "complex"):
        return Route(forced, f"forced by --route {forced}")
    route = route_by_rules(question)
    if route is not None:
        return route
    if llm is not None:
        reply = llm.chat(route_messages(question.text), max_tokens=4).text.lower()
        if "complex" in reply or "simple" in reply:
            path = "complex" if "complex" in reply else "simple"
            return Route(path, f"model judged it {path} (comparison cue without named entities)", True)
    return Route("simple", "comparison cue but no named course or program to split on: one lookup")

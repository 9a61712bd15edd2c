"""Example phrasings of each kind of question, the training data of the intent classifier.

Written for the classifier by the engineers, in many voices, never copied from
an evaluation set. Course codes here are placeholders: the classifier sees
every code masked (``XYZ 100``), so it learns the wording, not the subjects.
A new phrasing that is misread is fixed by adding a *kind* of wording here (a
few varied sentences), not by a rule for one question.
"""

from __future__ import annotations

import json
from pathlib import Path

# the phrasings themselves are data beside this module (``intent_examples.json``)
EXAMPLES: dict[str, list[str]] = {label: phrasings for label, phrasings in json.loads(
    Path(__file__).with_name("intent_examples.json").read_text(encoding="utf-8")).items() if label != "_about"}


def _with_planning(examples: dict[str, list[str]]) -> dict[str, list[str]]:
    """The planning phrasings (``planning_examples.json``, written by a helper who saw no evaluation set):
    the whole chain to a course, what is left of a program year, and one-level prerequisite questions that
    mark the chain's boundary (trained as ``prereq_of``)."""
    merged = {k: list(v) for k, v in examples.items()}
    extra = json.loads(Path(__file__).with_name("planning_examples.json").read_text(encoding="utf-8"))
    for label, phrasings in extra.items():
        label = "prereq_of" if label == "contrast_prereq_of" else label
        merged.setdefault(label, []).extend(p for p in phrasings if p not in merged.get(label, []))
    return merged


NOT_CHANGE_PER_KIND = 10


def _change_examples(everything_else: dict[str, list[str]]) -> dict[str, list[str]]:
    """The change classifier's classes: each kind of "what changed" question, and ``not_change`` (the
    helper's one-edition questions that name a year or an edition, and the first few phrasings of each
    kind the main classifier reads). A classifier of its own, asked only of a question with words of change, so that adding
    editions leaves every other reading as it was."""
    extra = json.loads(Path(__file__).with_name("change_examples.json").read_text(encoding="utf-8"))
    kinds = {label: list(v) for label, v in extra.items() if label != "contrast_current"}
    # a few phrasings of each other kind, so that "not a change" is not the largest class by far
    kinds["not_change"] = list(extra["contrast_current"]) + [p for v in everything_else.values()
                                                             for p in v[:NOT_CHANGE_PER_KIND]]
    return kinds


EXAMPLES = _with_planning(EXAMPLES)
CHANGE_EXAMPLES = _change_examples(EXAMPLES)

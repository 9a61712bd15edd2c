"""Which way a question about one course and another's requirement points, learned from examples.

"Is A a prerequisite for B?", "do I really need A for B?" and "can B be had without A?" name the
same two courses, and a "Yes" means opposite things. The need words (``need_words.json``) settle the
phrasings they list; any other wording used to leave the answer with no verdict word, and a listed word
inside a question that points the other way ("does B let people in who didn't take A", read as need)
gave the verdict for the wrong question. This classifier (the intent classifier's model, trained on
``need_polarity_examples.jsonl``, written for it by a helper who saw no evaluation question) reads the
question as required, membership, skip or order. The reader trusts it only when sure: it then gives a
direction where the words gave none, and takes the verdict word away where the two disagree, since a
verdict for the question read the wrong way round is a wrong verdict.
"""
from __future__ import annotations

import json
from pathlib import Path

# Below this, the classifier's reading is not used. Chosen on the dev splits of every set (see
# docs/answers.md, "Which way a need question points").
POLARITY_SURE = 0.7
EXAMPLES_PATH = Path(__file__).with_name("need_polarity_examples.jsonl")
DIRECTIONS = ("required", "membership", "skip")  # "order" asks about sequence, which the need answer does not


def load_examples(path: Path = EXAMPLES_PATH) -> dict[str, list[str]]:
    """label -> example questions, as the intent classifier's trainer takes them."""
    out: dict[str, list[str]] = {}
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            out.setdefault(str(row["label"]), []).append(str(row["text"]))
        except (json.JSONDecodeError, KeyError, TypeError) as exc:
            raise ValueError(f"{path}:{n}: not a polarity example ({exc})") from exc
    return out


def sure_label(scores: dict[str, float]) -> str:
    """The classifier's reading when it is at least POLARITY_SURE, else ""."""
    if not scores:
        return ""
    label = max(scores, key=scores.get)
    return label if scores[label] >= POLARITY_SURE else ""


def weigh(words: tuple[bool, bool, bool], label: str) -> tuple[bool, bool, bool]:
    """(asks_direction, asks_membership, asks_skip) as the need words read them, then weighed with the
    classifier's sure ``label``: no direction in the words takes the label's; a label that disagrees with
    the words' direction leaves no direction at all (the facts, with no verdict word)."""
    direction, membership, skip = words
    if label not in DIRECTIONS:
        return words
    if not direction:
        return True, label == "membership", label == "skip"
    said = "skip" if skip else "membership" if membership else "required"
    if said == label or {said, label} == {"required", "membership"}:
        return words  # necessity and membership differ only when A is one option, which the words settle
    return False, False, False

"""The grounding guard: an answer may only state codes and numbers its cited excerpts contain.

A small model invents course numbers and credit values fluently. Rather than
trust it, every course code and every number in the answer is looked up in
the excerpts it cites; any miss (or no valid citation at all) rejects the
answer, and the caller substitutes an extractive one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from rag.index.codes import find_codes, unique_codes

CITATION_RE = re.compile(r"\[(\d+)\]")
NUMBER_RE = re.compile(r"(?<![\w.])\d+(?:\.\d+)?(?:\s*-\s*\d+(?:\.\d+)?)?")


@dataclass
class GuardVerdict:
    ok: bool
    cited: list[int] = field(default_factory=list)  # 1-based excerpt numbers
    reasons: list[str] = field(default_factory=list)


def _numbers(text: str) -> set[str]:
    return {re.sub(r"\s+", "", n) for n in NUMBER_RE.findall(text)}


def _without_codes(text: str, subjects: list[str]) -> str:
    for _code, start, end in reversed(find_codes(text, subjects)):
        text = text[:start] + " " + text[end:]
    return text


def check_grounding(answer: str, excerpts: list[str], subjects: list[str], restated: str = "") -> GuardVerdict:
    """``excerpts`` are the texts given to the model, numbered from 1 in order.

    ``restated``: text whose codes and numbers the answer may repeat without a citation. Only deterministic
    answers pass the question here (to say "the page has no Year 7" or "there is no course CPSC 998");
    a model's answer never does, since a question could plant a number for it to repeat.
    """
    numbers = [int(n) for n in CITATION_RE.findall(answer)]
    cited = sorted({n for n in numbers if 1 <= n <= len(excerpts)})
    reasons = []
    if not answer.strip():
        reasons.append("empty answer")
    bad = sorted({n for n in numbers if not 1 <= n <= len(excerpts)})
    if bad:
        reasons.append(f"cites excerpts that do not exist: {bad}")
    if not cited:
        reasons.append("cites no excerpt")
    support = "\n".join([excerpts[n - 1] for n in cited] + [restated])
    body = CITATION_RE.sub(" ", answer)
    supported_codes = set(unique_codes(support, subjects))
    for code in unique_codes(body, subjects):
        if code not in supported_codes:
            reasons.append(f"names {code}, which its cited excerpts do not contain")
    supported_numbers = _numbers(_without_codes(support, subjects)) | _numbers(support)
    for number in sorted(_numbers(_without_codes(body, subjects))):
        if number not in supported_numbers:
            reasons.append(f"states the number {number}, which its cited excerpts do not contain")
    return GuardVerdict(ok=not reasons, cited=cited, reasons=reasons)

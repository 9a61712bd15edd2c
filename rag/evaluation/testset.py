"""The test-set format: JSON lines, one question each, validated on load so a typo fails loudly.

    {"id": "code-001", "question": "...", "category": "code_lookup", "expected_route": "simple",
     "gold": ["https://host/path#anchor", "https://host/other"], "answer_contains": ["CPSC 210"],
     "answerable": true}

A retrieved chunk matches a gold entry when its page URL equals the entry's
URL and, where the entry has an ``#anchor``, its anchor equals it too.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

ROUTES = ("simple", "complex")
REQUIRED = ("id", "question", "category", "expected_route", "gold", "answer_contains", "answerable")


@dataclass(frozen=True)
class GoldEntry:
    url: str
    anchor: str = ""

    @classmethod
    def parse(cls, text: str) -> "GoldEntry":
        url, _, anchor = text.partition("#")
        return cls(url.rstrip("/"), anchor)

    def matches(self, url: str, anchor: str) -> bool:
        return url.rstrip("/") == self.url and (not self.anchor or anchor == self.anchor)


@dataclass
class TestQuestion:
    __test__ = False  # not a pytest class, despite the name

    id: str
    question: str
    category: str
    expected_route: str
    gold: list[GoldEntry]
    answer_contains: list[str]
    answerable: bool
    extra: dict = field(default_factory=dict)


class TestSetError(ValueError):
    __test__ = False


def load_testset(path: Path) -> list[TestQuestion]:
    path = Path(path)
    if not path.is_file():
        raise TestSetError(f"test set {path} does not exist")
    questions, seen = [], set()
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        where = f"{path}:{n}"
        try:
            raw = json.loads(line)
        except json.JSONDecodeError as exc:
            raise TestSetError(f"{where}: not valid JSON ({exc.msg})") from exc
        missing = [k for k in REQUIRED if k not in raw]
        if missing:
            raise TestSetError(f"{where}: missing {', '.join(missing)}")
        if raw["expected_route"] not in ROUTES:
            raise TestSetError(f"{where}: expected_route must be simple or complex")
        if raw["id"] in seen:
            raise TestSetError(f"{where}: duplicate id {raw['id']}")
        if raw["answerable"] and not raw["gold"]:
            raise TestSetError(f"{where}: an answerable question needs gold pages")
        seen.add(raw["id"])
        questions.append(TestQuestion(
            id=raw["id"], question=raw["question"], category=raw["category"],
            expected_route=raw["expected_route"], gold=[GoldEntry.parse(g) for g in raw["gold"]],
            answer_contains=list(raw["answer_contains"]), answerable=bool(raw["answerable"]),
            extra={k: v for k, v in raw.items() if k not in REQUIRED}))
    if not questions:
        raise TestSetError(f"test set {path} holds no questions")
    return questions

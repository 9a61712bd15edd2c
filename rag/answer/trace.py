"""Structured events for every step of answering a question.

Each event has a step name, milliseconds since the question arrived, and
data. ``--trace`` renders them for a person; ``--trace-json FILE`` appends
them as JSON lines for tools. The trace is also how an advisor learns which
index version and which excerpts produced an answer.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable


@dataclass
class Trace:
    question_id: str = ""
    events: list[dict] = field(default_factory=list)
    _start: float = field(default_factory=time.perf_counter)
    # called with each event as it is added, so a server can stream stages while the answer is made
    on_event: Callable[[dict], None] | None = field(default=None, repr=False, compare=False)

    def add(self, step: str, **data) -> dict:
        event = {"step": step, "t_ms": round((time.perf_counter() - self._start) * 1000, 1), **data}
        if self.question_id:
            event["question_id"] = self.question_id
        self.events.append(event)
        if self.on_event is not None:
            self.on_event(event)
        return event

    def steps(self) -> list[str]:
        return [e["step"] for e in self.events]

    def find(self, step: str) -> list[dict]:
        return [e for e in self.events if e["step"] == step]

    def write_jsonl(self, path: Path) -> None:
        with open(path, "a", encoding="utf-8") as fh:
            for event in self.events:
                fh.write(json.dumps(event, ensure_ascii=False) + "\n")

    def render(self, console) -> None:
        from rich.table import Table

        table = Table(title="trace", show_lines=False)
        table.add_column("ms", justify="right")
        table.add_column("step")
        table.add_column("details", overflow="fold")
        for e in self.events:
            details = {k: v for k, v in e.items() if k not in ("step", "t_ms", "question_id")}
            text = json.dumps(details, ensure_ascii=False)
            table.add_row(f"{e['t_ms']:.0f}", e["step"], text if len(text) < 1500 else text[:1500] + " …")
        console.print(table)

"""Prerequisite parse coverage of a version compared with another, and when a drop blocks a build.

A course is *unreadable* when it has a prerequisite sentence the parser could not read with
certainty (``prerequisite_parsed`` false: an unparsed leaf somewhere in its tree). Its answers
still work: they say "cannot tell" and quote the sentence. So one reworded sentence is a
warning, never a reason to keep students on last year's calendar; only a drop too large for
rewording to explain (the parser is broken) blocks a build. The build's check
(``pipelines.calendar_assets.facts_parse_coverage``) and ``ubcal diff`` both use this module.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

OK, WARN, BLOCK = "ok", "warn", "block"
NAMED = 10  # courses named in the one-line summary; metadata and JSON carry all of them


@dataclass(frozen=True)
class CoverageRule:
    """Block when coverage drops by more than ``max_drop_pp`` percentage points, or when more than
    ``max_new_unreadable`` courses become unreadable at once (UBCAL_PARSE_COVERAGE_MAX_DROP,
    UBCAL_PARSE_COVERAGE_MAX_NEW_UNREADABLE)."""

    max_drop_pp: float = 1.0
    max_new_unreadable: int = 25

    @classmethod
    def from_settings(cls, settings) -> "CoverageRule":
        return cls(settings.parse_coverage_max_drop, settings.parse_coverage_max_new_unreadable)


@dataclass
class CoverageChange:
    coverage: float                       # share of prerequisite sentences fully parsed (1.0 when none)
    sentences: int
    previous: float | None = None         # the compared version's coverage; None: nothing to compare
    compared_with: str | None = None      # that version's id
    became_unreadable: list[dict] = field(default_factory=list)  # {"code", "prerequisite"}, sorted by code
    became_readable: list[str] = field(default_factory=list)

    @property
    def change_pp(self) -> float | None:
        """Coverage change in percentage points (negative = a drop); None without a comparison."""
        return None if self.previous is None else round((self.coverage - self.previous) * 100, 2)

    @property
    def unreadable_codes(self) -> list[str]:
        return [c["code"] for c in self.became_unreadable]

    def to_dict(self) -> dict:
        return {"coverage": round(self.coverage, 4), "sentences": self.sentences,
                "previous_coverage": None if self.previous is None else round(self.previous, 4),
                "compared_with": self.compared_with, "change_pp": self.change_pp,
                "became_unreadable": self.became_unreadable, "became_readable": self.became_readable}


def coverage_rows(codes: list[str], prerequisites: list[str], parsed: list[bool]) -> dict[str, tuple[str, bool]]:
    """code -> (prerequisite sentence, fully parsed) for every course that has a prerequisite sentence."""
    return {code: (pre, bool(ok)) for code, pre, ok in zip(codes, prerequisites, parsed) if pre}


def read_rows(folder: Path) -> dict[str, tuple[str, bool]] | None:
    """A version folder's coverage rows; None when it has no course facts (published before they existed)."""
    import pyarrow.parquet as pq

    path = Path(folder) / "course_facts.parquet"
    if not path.is_file():
        return None
    table = pq.read_table(path, columns=["code", "prerequisite", "prerequisite_parsed"]).to_pydict()
    return coverage_rows(table["code"], table["prerequisite"], table["prerequisite_parsed"])


def _coverage(rows: dict[str, tuple[str, bool]]) -> float:
    return sum(ok for _, ok in rows.values()) / len(rows) if rows else 1.0


def compare(before: dict[str, tuple[str, bool]] | None, after: dict[str, tuple[str, bool]],
            compared_with: str | None = None) -> CoverageChange:
    """``after`` against ``before``. A course became unreadable when its sentence is unreadable in
    ``after`` and was not in ``before`` (it was parsed, had no sentence, or the course is new)."""
    change = CoverageChange(_coverage(after), len(after))
    if before is None:
        return change
    was_unreadable = {code for code, (_, ok) in before.items() if not ok}
    change.previous, change.compared_with = _coverage(before), compared_with
    change.became_unreadable = [{"code": code, "prerequisite": pre} for code, (pre, ok) in sorted(after.items())
                                if not ok and code not in was_unreadable]
    change.became_readable = sorted(code for code in was_unreadable if after.get(code, ("", True))[1])
    return change


def judge(change: CoverageChange, rule: CoverageRule) -> str:
    """OK (no course became unreadable, coverage did not fall), WARN, or BLOCK (the parser looks broken)."""
    drop = -(change.change_pp or 0.0)
    if drop > rule.max_drop_pp or len(change.became_unreadable) > rule.max_new_unreadable:
        return BLOCK
    return WARN if change.became_unreadable or drop > 0 else OK


def summary(change: CoverageChange, verdict: str, rule: CoverageRule) -> str:
    """One line for the build's output, the audit log and a failed build's error."""
    line = f"prerequisite parse coverage {change.coverage:.2%}"
    if change.previous is not None:
        line += f" ({change.change_pp:+.2f} pp from {change.previous:.2%} in {change.compared_with or 'CURRENT'})"
    codes = change.unreadable_codes
    if codes:
        named = ", ".join(codes[:NAMED]) + (f" and {len(codes) - NAMED} more" if len(codes) > NAMED else "")
        line += f"; {len(codes)} course{'s' if len(codes) != 1 else ''} became unreadable: {named}"
    if verdict == BLOCK:
        drop = -(change.change_pp or 0.0)
        exceeded = ([f"a drop of more than {rule.max_drop_pp:g} pp"] if drop > rule.max_drop_pp else []) + (
            [f"more than {rule.max_new_unreadable} newly unreadable courses"]
            if len(codes) > rule.max_new_unreadable else [])
        line += f"; {' and '.join(exceeded) or 'no course at all'} means the parser is broken: not published"
    elif verdict == WARN:
        line += ("; published anyway (" + ("it answers" if len(codes) == 1 else "they answer")
                 + " \"cannot tell\", quoting the sentence)" if codes else "; published anyway")
    return line

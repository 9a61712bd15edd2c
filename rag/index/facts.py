"""The query side's view of a version's calendar facts: course rows, the requirement graph, program rows.

Loaded from the version's Parquet tables once per opened index. Lookups are
dictionaries, so an answer from facts costs microseconds, not a search.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

import pyarrow.parquet as pq

FACT_TABLES = ("course_facts", "requirement_edges", "program_requirements")


@dataclass
class ProgramRow:
    program: str
    url: str
    anchor: str
    section: str
    year: int
    term: int
    requirement: str
    codes: list[str]
    credits: str
    notes: str

    @property
    def citation(self) -> str:
        return f"{self.url}#{self.anchor}"


@dataclass
class CourseFact:
    code: str
    title: str
    credits: str
    credits_min: float | None
    credits_max: float | None
    level: int
    url: str
    anchor: str
    heading: str
    text: str
    prerequisite: str
    prerequisite_tree: dict | None
    prerequisite_parsed: bool
    prerequisite_unparsed: list[str]
    corequisite: str
    corequisite_tree: dict | None
    exclusion: str
    excluded_with: list[str]
    equivalency: str
    restriction: str
    prerequisite_notes: list[str] = field(default_factory=list)  # advice cut off the requirement ("recommended")

    @property
    def citation(self) -> str:
        return f"{self.url}#{self.anchor}"


@dataclass
class FactStore:
    courses: dict[str, CourseFact]
    required_by: dict[str, list[tuple[str, bool]]]   # code -> [(course that requires it, parsed?)]
    coreq_of: dict[str, list[str]]
    excluded: dict[str, set[str]]                     # symmetric credit exclusions
    programs: dict[str, list[ProgramRow]] = field(default_factory=dict)  # program title -> rows in order

    @classmethod
    def load(cls, folder: Path) -> "FactStore | None":
        """None for a version published before facts existed (answers then use retrieval only)."""
        if not all((folder / f"{name}.parquet").is_file() for name in FACT_TABLES):
            return None
        courses = {}
        for r in pq.read_table(folder / "course_facts.parquet").to_pylist():
            courses[r["code"]] = CourseFact(
                code=r["code"], title=r["title"], credits=r["credits"], credits_min=r["credits_min"],
                credits_max=r["credits_max"], level=r["level"], url=r["url"], anchor=r["anchor"],
                heading=r["heading"], text=r["text"], prerequisite=r["prerequisite"],
                prerequisite_tree=json.loads(r["prerequisite_tree"]) if r["prerequisite_tree"] else None,
                prerequisite_parsed=r["prerequisite_parsed"], prerequisite_unparsed=r["prerequisite_unparsed"],
                corequisite=r["corequisite"],
                corequisite_tree=json.loads(r["corequisite_tree"]) if r["corequisite_tree"] else None,
                exclusion=r["exclusion"], excluded_with=r["excluded_with"], equivalency=r["equivalency"],
                restriction=r["restriction"], prerequisite_notes=list(r.get("prerequisite_notes") or []))
        required_by: dict[str, list[tuple[str, bool]]] = {}
        coreq_of: dict[str, list[str]] = {}
        excluded: dict[str, set[str]] = {}
        for e in pq.read_table(folder / "requirement_edges.parquet").to_pylist():
            if e["kind"] == "prerequisite":
                required_by.setdefault(e["target"], []).append((e["source"], e["parsed"]))
            elif e["kind"] == "corequisite":
                coreq_of.setdefault(e["target"], []).append(e["source"])
            elif e["kind"] in ("exclusion", "equivalent"):  # equivalent courses earn credit once, too
                excluded.setdefault(e["source"], set()).add(e["target"])
                excluded.setdefault(e["target"], set()).add(e["source"])
        programs: dict[str, list[ProgramRow]] = {}
        for r in pq.read_table(folder / "program_requirements.parquet").to_pylist():
            programs.setdefault(r["program"], []).append(ProgramRow(
                program=r["program"], url=r["url"], anchor=r["anchor"], section=r["section"], year=r["year"],
                term=r["term"], requirement=r["requirement"], codes=r["codes"], credits=r["credits"],
                notes=r["notes"]))
        return cls(courses, required_by, coreq_of, excluded, programs)

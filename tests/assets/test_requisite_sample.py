"""The prerequisite parser measured against hand labels on a fixed random sample of real sentences.

150 prerequisite sentences were drawn from the real 2026/27 snapshot with a fixed seed
(``scripts/sample_requisites.py``) and labelled by hand, by someone who did not read the parser:
for two or three student histories each, the verdict an advisor would give. The labels hold codes,
histories and verdicts only; the sentences are read from ``../shared/calendar`` at test time. The
parser must never say "yes" where the label does not, and must agree with at least 95% of labels.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from assets.facts import labelled_sentences
from assets.requirements import normalize_requirement, parse_requirement, split_notes
from rag.index.requirement_tree import YES, evaluate

ROOT = Path(__file__).resolve().parents[2]
LABELS = ROOT / "tests" / "data" / "requisite_labels.jsonl"
COURSES = ROOT.parent / "shared" / "calendar" / "source" / "courses-2026-27.json"


def _sampler():
    spec = importlib.util.spec_from_file_location("sample_requisites", ROOT / "scripts" / "sample_requisites.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def verdict(description: str, completed: set[str], subjects: list[str]) -> str:
    """What the build's tree says for this history (a sentence that only recommends requires nothing)."""
    text, _notes = split_notes(labelled_sentences(description).get("prerequisite", ""))
    if not normalize_requirement(text):
        return YES
    return evaluate(parse_requirement(text, subjects), completed)


@pytest.fixture(scope="module")
def scored():
    if not COURSES.is_file():
        pytest.skip(f"real calendar data not found at {COURSES} (it lives beside the project, never in it)")
    courses = json.loads(COURSES.read_text(encoding="utf-8"))
    by_code = {c["code"]: c for c in courses}
    subjects = sorted({c["subject"] for c in courses})
    labels = [json.loads(line) for line in LABELS.read_text(encoding="utf-8").splitlines() if line.strip()]
    return [(lab, verdict(by_code[lab["code"]]["description"], set(lab["completed"]), subjects)) for lab in labels]


def test_the_labels_cover_the_fixed_sample():
    if not COURSES.is_file():
        pytest.skip(f"real calendar data not found at {COURSES}")
    drawn = {code for code, _ in _sampler().sample(json.loads(COURSES.read_text(encoding="utf-8")))}
    labelled = {json.loads(line)["code"] for line in LABELS.read_text(encoding="utf-8").splitlines() if line}
    assert len(drawn) == 150 and labelled == drawn


def test_no_yes_the_label_does_not_give(scored):
    wrong = [(lab["code"], lab["completed"], lab["verdict"]) for lab, got in scored
             if got == YES and lab["verdict"] != "yes"]
    assert wrong == []


def test_verdicts_agree_with_the_labels(scored):
    agree = sum(lab["verdict"] == got for lab, got in scored)
    assert agree / len(scored) >= 0.95, [(lab["code"], lab["completed"], lab["verdict"], got)
                                         for lab, got in scored if lab["verdict"] != got]

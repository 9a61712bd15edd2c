"""The facts_parse_coverage check on tiny calendars built in temp folders: one reworded prerequisite
publishes with a warning (and its course answers "cannot tell", quoting the sentence); a parser broken
for a whole subject still blocks and CURRENT stays."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from pipelines.run_build import run_build
from rag.index.audit import read_audit
from rag.index.store import StoreLayout
from rag.index.versions import diff_versions
from tests.pipelines.test_build_job import build

ASTR_PAGE = "course-descriptions/subject/astrv.html"
OLD_PREREQ = "All of PHYS 210, PHYS 408 and one of PHYS 312, MATH 316."
NEW_PREREQ = "ASTR 200, ASTR 205 / PHYS 203 (see the department's guide)."
TOPICS = ("optics", "acoustics", "thermodynamics", "electromagnetism", "fluids", "relativity", "plasmas",
          "crystals", "nuclei", "lasers", "superconductors")
ASPECTS = ("Foundations", "Experiments", "Computation", "Measurement", "Modelling", "Seminar", "Field work",
           "Instrumentation", "Theory", "Applications")


@pytest.fixture
def site(tiny):
    return write_calendar(tiny)


def write_calendar(tiny):
    """The sample calendar plus ASTR and a large PHYS subject: 133 prerequisite sentences, all parsed, so one
    course is 0.75 percentage points of coverage (under the 1 pp threshold) and the PHYS subject 105 courses
    (over both thresholds)."""
    tiny.copy_sample()
    phys = [("203", "3", "Waves", "Oscillations and waves. Prerequisite: PHYS 101.")]
    phys += [(str(n), "3", f"{aspect} of {topic}", f"{aspect} of {topic} with weekly problem sets. "
              f"Prerequisite: PHYS {n - 1 if n > 101 else 101}.")
             for n, (topic, aspect) in enumerate(((t, a) for t in TOPICS for a in ASPECTS), start=101)
             if n not in (203,)][:104]
    tiny.subject("physv", "PHYS", [("100", "3", "Physics Today", "Physics in everyday life.")] + phys)
    tiny.subject("astrv", "ASTR", [
        ("200", "3", "Stars and Galaxies", "The life of stars and the structure of galaxies."),
        ("205", "3", "Observing the Sky", "Telescopes and observing projects. Prerequisite: ASTR 200."),
        ("404", "3", "Galactic Dynamics", f"Orbits in galaxies and dark matter. Prerequisite: {OLD_PREREQ}"),
    ])
    return tiny


def _reword(site) -> None:
    page = site.site / ASTR_PAGE
    page.write_text(page.read_text().replace(OLD_PREREQ, NEW_PREREQ))


def test_one_unreadable_prerequisite_publishes_with_a_warning_and_answers_cannot_tell(site, tmp_path, embedder,
                                                                                      llm):
    from rag.answer import Answerer
    from rag.cli import app
    from rag.index.config import Settings

    store = tmp_path / "store"
    layout = StoreLayout(store)
    first = build(site.root, store)
    assert first.checks["facts_parse_coverage"] and first.warnings == []
    assert first.run_tags["ubcal/parse_coverage"] == "ok"
    assert first.check_metadata["facts_parse_coverage"]["prerequisite_sentences"] == 133

    _reword(site)
    result = CliRunner().invoke(app, ["build", "--source", str(site.root), "--store", str(store)])
    assert result.exit_code == 0, result.output
    # published, and the warning is one line naming the course
    second = layout.current_id()
    assert second != first.result.version_id and layout.published_ids() == sorted([first.result.version_id, second])
    warning = [line for line in result.stdout.splitlines() if line.startswith("warning:")]
    assert len(warning) == 1 and "ASTR 404" in warning[0] and "1 course became unreadable" in warning[0]
    assert "-0.75 pp" in warning[0] and "published anyway" in warning[0]
    assert "checks: 6/7 passed; warnings: facts_parse_coverage" in result.stdout

    # the version, its audit line and `ubcal diff` say the same
    manifest = layout.read_manifest(second)
    assert manifest["parse_coverage"]["verdict"] == "warn"
    assert [c["code"] for c in manifest["parse_coverage"]["became_unreadable"]] == ["ASTR 404"]
    assert "ASTR 404" in manifest["warnings"][0]
    publish = [e for e in read_audit(layout) if e["event"] == "publish"][-1]
    assert publish["version"] == second and "ASTR 404" in publish["warnings"][0]
    change = diff_versions(layout, first.result.version_id, second)["parse_coverage"]
    assert change["became_unreadable"] == [{"code": "ASTR 404", "prerequisite": NEW_PREREQ}]
    assert change["change_pp"] == -0.75
    shown = CliRunner().invoke(app, ["diff", first.result.version_id, second, "--store", str(store)])
    assert shown.exit_code == 0
    assert any(line.startswith("warning: prerequisite parse coverage") and "became unreadable: ASTR 404" in line
               for line in shown.stdout.splitlines()), shown.stdout

    # the course answers "cannot tell", quoting the new sentence
    answerer = Answerer(Settings.from_env(store=store), embedder=embedder, llm=llm)
    assert answerer.index.version_id == second
    quoted = f"\u201c{NEW_PREREQ}\u201d"
    a = answerer.ask("I have completed ASTR 200, ASTR 205 and PHYS 203. Can I take ASTR 404?")
    assert a.answered_by == "facts" and a.verdict == "cannot tell", a.answer
    assert a.answer.startswith("Cannot tell") and quoted in a.answer
    a = answerer.ask("What are the prerequisites for ASTR 404?")
    assert a.answered_by == "facts" and quoted in a.answer and "could not read" in a.answer


def test_a_parser_broken_for_a_whole_subject_still_blocks(site, tmp_path, monkeypatch):
    from assets import facts, identity

    store = tmp_path / "store"
    layout = StoreLayout(store)
    first = build(site.root, store).result.version_id
    real_parse = facts.parse_requirement

    def broken(text, subjects):  # a parser change that can no longer read any PHYS requirement
        return {"op": "unparsed", "text": text} if "PHYS" in text else real_parse(text, subjects)

    monkeypatch.setattr(facts, "parse_requirement", broken)
    monkeypatch.setattr(identity, "_code_fingerprint", lambda root: "a parser broken for PHYS")
    outcome = run_build(str(site.root), str(store))
    assert not outcome.success and outcome.checks["facts_parse_coverage"] is False
    assert layout.current_id() == first and layout.published_ids() == [first]
    meta = outcome.check_metadata["facts_parse_coverage"]
    assert meta["verdict"] == "block" and meta["newly_unreadable"] == 106  # 104 + PHYS 203 + ASTR 404
    assert outcome.run_tags["ubcal/parse_coverage"] == "block"
    # one clear line: the figures, the first courses, the rule; no Dagster wrapper text
    assert "\n" not in outcome.failure and outcome.failure.startswith("facts_parse_coverage: prerequisite parse")
    assert "106 courses became unreadable: ASTR 404, PHYS 101," in outcome.failure
    assert "a drop of more than 1 pp and more than 25 newly unreadable courses" in outcome.failure
    failed = read_audit(layout)[-1]
    assert failed["event"] == "build_failed" and failed["error"] == outcome.failure
    assert failed["run_tags"]["ubcal/newly_unreadable"] == "106"


def test_a_blocked_build_prints_one_line_and_json_keeps_the_details(site, tmp_path, monkeypatch):
    from assets import facts, identity
    from rag.cli import app

    store = tmp_path / "store"
    build(site.root, store)
    monkeypatch.setattr(facts, "parse_requirement", lambda text, subjects: {"op": "unparsed", "text": text})
    monkeypatch.setattr(identity, "_code_fingerprint", lambda root: "a parser that reads nothing")
    plain = CliRunner().invoke(app, ["build", "--source", str(site.root), "--store", str(store)])
    assert plain.exit_code == 1 and plain.stdout == ""
    assert len(plain.stderr.strip().splitlines()) == 1 and "Traceback" not in plain.stderr
    assert plain.stderr.startswith("error: build failed (run ") and "not published" in plain.stderr
    as_json = CliRunner().invoke(app, ["build", "--json", "--source", str(site.root), "--store", str(store)])
    details = json.loads(as_json.stdout)
    assert as_json.exit_code == 1 and not details["ok"] and details["error"].startswith("build failed (run ")
    assert details["error"].split("): ", 1)[1] == plain.stderr.strip().split("): ", 1)[1]
    assert details["check_metadata"]["facts_parse_coverage"]["verdict"] == "block"
    assert details["failures"] and details["failures"][0]["stack"]

"""Runs the sensor or the schedule start record the parse coverage warning on the run; the failure
recorder writes a blocked run's one line (and those tags) to the audit log."""

from __future__ import annotations

from dagster import DagsterInstance, RunRequest, build_run_status_sensor_context, build_sensor_context

from pipelines.definitions import make_definitions
from pipelines.resources import UbcalConfig
from pipelines.run_build import QUIET_LOGS
from pipelines.sensors import build_failure_recorder, calendar_changed_sensor
from rag.index.audit import read_audit
from rag.index.store import StoreLayout
from tests.pipelines.test_calendar_assets import _reword, write_calendar
from tests.pipelines.test_build_job import build


def test_sensor_runs_carry_the_warning_and_a_blocked_run_is_audited_in_one_line(tiny, tmp_path, monkeypatch):
    from assets import facts, identity

    site = write_calendar(tiny)
    store = tmp_path / "store"
    build(site.root, store)
    _reword(site)
    ubcal = UbcalConfig(source=str(site.root), store=str(store))
    with build_sensor_context(resources={"ubcal": ubcal}) as context:
        request = calendar_changed_sensor(context)
    assert isinstance(request, RunRequest)
    job = make_definitions(ubcal, in_memory=True).resolve_job_def("build_index")
    with DagsterInstance.ephemeral() as instance:
        warned = job.execute_in_process(instance=instance, tags=request.tags, run_config=QUIET_LOGS)
        tags = instance.get_run_by_id(warned.run_id).tags
        assert tags["ubcal/trigger"] == "source_changed" and tags["ubcal/parse_coverage"] == "warn"
        assert tags["ubcal/newly_unreadable"] == "1" and tags["ubcal/parse_coverage_change_pp"] == "-0.75"

        monkeypatch.setattr(facts, "parse_requirement", lambda text, subjects: {"op": "unparsed", "text": text})
        monkeypatch.setattr(identity, "_code_fingerprint", lambda root: "a parser that reads nothing")
        blocked = job.execute_in_process(instance=instance, raise_on_error=False, run_config=QUIET_LOGS)
        assert not blocked.success
        context = build_run_status_sensor_context(
            sensor_name="build_failure_recorder", dagster_event=blocked.get_run_failure_event(),
            dagster_instance=instance, dagster_run=instance.get_run_by_id(blocked.run_id),
            resources={"ubcal": ubcal}).for_run_failure()
        build_failure_recorder(context)
    record = read_audit(StoreLayout(store))[-1]
    assert record["event"] == "build_failed" and record["dagster_run_id"] == blocked.run_id
    assert record["error"].startswith("facts_parse_coverage: prerequisite parse coverage 0.00% (-99.25 pp")
    assert "not published" in record["error"] and "\n" not in record["error"]
    assert record["run_tags"]["ubcal/parse_coverage"] == "block"


def test_scheduled_runs_are_tagged_as_such():
    schedule = make_definitions().resolve_schedule_def("weekly_rebuild")
    assert schedule.tags["ubcal/trigger"] == "schedule"

"""Rebuild when the calendar folder changes: compare its fingerprint with CURRENT's."""


from dagster import (DefaultSensorStatus, RunFailureSensorContext, RunRequest, SensorEvaluationContext, SkipReason,
                     run_failure_sensor, sensor)

from assets.build_steps import read_source
from pipelines.jobs import build_index_job
from pipelines.resources import UbcalConfig
from rag.audit import append_audit
from rag.store import StoreError, StoreLayout

SENSOR_INTERVAL_SECONDS = 300


def source_change_decision(ubcal: UbcalConfig) -> RunRequest | SkipReason:
    """A run keyed by the source fingerprint when it differs from the current version's."""
    settings = ubcal.settings()
    # a folder is read and hashed; a site is crawled with conditional requests (unchanged pages: 304)
    scan, _ = read_source(settings)
    layout = StoreLayout(settings.store)
    try:
        current = layout.current_id()
        published = layout.read_manifest(current)["source"]["fingerprint"] if current else None
    except (StoreError, KeyError):
        published = None
    if published == scan.fingerprint:
        return SkipReason(f"calendar unchanged since version {current} (fingerprint {scan.fingerprint[:12]})")
    return RunRequest(run_key=scan.fingerprint,
                      tags={"ubcal/source_fingerprint": scan.fingerprint, "ubcal/trigger": "source_changed"})


@sensor(job=build_index_job, minimum_interval_seconds=SENSOR_INTERVAL_SECONDS,
        default_status=DefaultSensorStatus.STOPPED,
        description="Requests a build when the calendar source's fingerprint differs from CURRENT's.")
def calendar_changed_sensor(context: SensorEvaluationContext, ubcal: UbcalConfig):
    return source_change_decision(ubcal)


@run_failure_sensor(monitored_jobs=[build_index_job], default_status=DefaultSensorStatus.RUNNING,
                    description="Records every failed build run in the store's audit log.")
def build_failure_recorder(context: RunFailureSensorContext, ubcal: UbcalConfig):
    error = context.failure_event.message if context.failure_event else "run failed"
    append_audit(StoreLayout(ubcal.settings().store), "build_failed", dagster_run_id=context.dagster_run.run_id,
                 error=error)

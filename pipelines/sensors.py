"""Rebuild when the calendar folder changes: compare its fingerprint with CURRENT's."""


from dagster import DefaultSensorStatus, RunRequest, SensorEvaluationContext, SkipReason, sensor

from assets.build_steps import read_source
from pipelines.jobs import build_index_job
from pipelines.resources import UbcalConfig
from rag.store import StoreLayout, StoreError

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

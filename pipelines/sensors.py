"""Rebuild when the calendar folder changes: compare its fingerprint with CURRENT's."""


from dagster import (AssetCheckSeverity, DagsterEventType, DefaultSensorStatus, RunFailureSensorContext, RunRequest,
                     SensorEvaluationContext, SkipReason, run_failure_sensor, sensor)

from assets.build_steps import read_source, source_edition
from assets.edition import EditionConflict
from pipelines.jobs import build_index_job
from pipelines.resources import UbcalConfig
from rag.index.audit import append_audit
from rag.index.editions import edition_current
from rag.index.store import StoreError, StoreLayout

SENSOR_INTERVAL_SECONDS = 300


def crawl_change_decision(settings) -> RunRequest | SkipReason:
    """A site: a cheap look within the tick (sitemaps + a bounded sample of conditional requests).

    The full crawl is left to the run it requests. The run key names the last complete crawl and
    what changed, so repeated ticks before that run finishes do not queue the same work twice.
    """
    import hashlib
    from urllib.parse import urlsplit

    from assets.build_steps import crawl_settings
    from assets.crawl import quick_change_check

    state = StoreLayout(settings.store).crawl_state / urlsplit(settings.crawl_url).netloc.replace(":", "_")
    reason, stats = quick_change_check(crawl_settings(settings), state, settings.crawl_sensor_sample)
    if reason is None:
        return SkipReason(f"site unchanged in a quick check ({stats.requested} requests: robots.txt, sitemaps, "
                          f"{settings.crawl_sensor_sample} sampled pages)")
    records = state / "fetches.json"
    since = str(records.stat().st_mtime_ns) if records.is_file() else "never"
    key = hashlib.sha256(f"{since}\0{reason}".encode()).hexdigest()[:16]
    return RunRequest(run_key=f"crawl-{key}", tags={"ubcal/trigger": "site_changed", "ubcal/reason": reason[:200]})


def source_change_decision(ubcal: UbcalConfig) -> RunRequest | SkipReason:
    """A run keyed by the source fingerprint when it differs from the current version of its edition
    (a folder of last year's calendar is compared with last year's version, not with CURRENT)."""
    settings = ubcal.settings()
    if settings.crawl_url:
        return crawl_change_decision(settings)
    scan, _ = read_source(settings)  # a folder: read and hash every page (cheap)
    try:
        edition = source_edition(scan).edition
    except EditionConflict as exc:  # the run would fail on it: say why here, once, instead of queuing it
        return SkipReason(str(exc))
    layout = StoreLayout(settings.store)
    try:
        current = edition_current(layout, edition)
        published = layout.read_manifest(current)["source"]["fingerprint"] if current else None
    except (StoreError, KeyError):
        published = None
    if published == scan.fingerprint:
        return SkipReason(f"calendar {edition} unchanged since version {current} "
                          f"(fingerprint {scan.fingerprint[:12]})")
    return RunRequest(run_key=scan.fingerprint,
                      tags={"ubcal/source_fingerprint": scan.fingerprint, "ubcal/trigger": "source_changed",
                            "ubcal/edition": edition})


@sensor(job=build_index_job, minimum_interval_seconds=SENSOR_INTERVAL_SECONDS,
        default_status=DefaultSensorStatus.STOPPED,
        description="Requests a build when the calendar source's fingerprint differs from CURRENT's.")
def calendar_changed_sensor(context: SensorEvaluationContext, ubcal: UbcalConfig):
    return source_change_decision(ubcal)


@run_failure_sensor(monitored_jobs=[build_index_job], default_status=DefaultSensorStatus.RUNNING,
                    description="Records every failed build run in the store's audit log.")
def build_failure_recorder(context: RunFailureSensorContext, ubcal: UbcalConfig):
    run_id = context.dagster_run.run_id
    # a blocking check says why in its own words (the parse coverage line); Dagster's message only names it
    error = "; ".join(blocking_check_failures(context.instance, run_id)) or (
        context.failure_event.message if context.failure_event else "run failed")
    tags = {k: v for k, v in context.dagster_run.tags.items() if k.startswith("ubcal/")}
    append_audit(StoreLayout(ubcal.settings().store), "build_failed", dagster_run_id=run_id,
                 error=" ".join(error.split()), **({"run_tags": tags} if tags else {}))


def blocking_check_failures(instance, run_id: str) -> list[str]:
    """One line per blocking check that failed with ERROR severity in the run: its name and description."""
    lines = []
    for entry in instance.all_logs(run_id, of_type=DagsterEventType.ASSET_CHECK_EVALUATION):
        evaluation = entry.dagster_event.event_specific_data
        if not evaluation.passed and evaluation.severity == AssetCheckSeverity.ERROR and evaluation.blocking:
            lines.append(" ".join(f"{evaluation.check_name}: {evaluation.description or 'failed'}".split()))
    return lines

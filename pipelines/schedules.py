"""Scheduled rebuilds. An unchanged calendar publishes nothing, so a weekly run is cheap."""

from dagster import DefaultScheduleStatus, ScheduleDefinition

from pipelines.jobs import build_index_job

from rag.index.config import Settings

weekly_rebuild = ScheduleDefinition(
    name="weekly_rebuild",
    job=build_index_job,
    cron_schedule=Settings.from_env().build_schedule,
    default_status=DefaultScheduleStatus.STOPPED,
    # the run's facts_parse_coverage check adds ubcal/parse_coverage (ok / warn / block) and its figures
    tags={"ubcal/trigger": "schedule"},
    description="Rebuild the index from the configured source (UBCAL_BUILD_SCHEDULE, default Mondays 06:00).",
)

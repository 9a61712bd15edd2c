"""Scheduled rebuilds. An unchanged calendar publishes nothing, so a weekly run is cheap."""

import os

from dagster import DefaultScheduleStatus, ScheduleDefinition

from pipelines.jobs import build_index_job

# cron; documented in the README's configuration table
BUILD_SCHEDULE = os.environ.get("UBCAL_BUILD_SCHEDULE", "0 6 * * 1")

weekly_rebuild = ScheduleDefinition(
    name="weekly_rebuild",
    job=build_index_job,
    cron_schedule=BUILD_SCHEDULE,
    default_status=DefaultScheduleStatus.STOPPED,
    description="Rebuild the index from the configured source (UBCAL_BUILD_SCHEDULE, default Mondays 06:00).",
)

"""Dagster definitions: what `dagster dev` loads and what `ubcal build` runs in-process."""

from __future__ import annotations

from dagster import Definitions, load_asset_checks_from_modules, load_assets_from_modules, mem_io_manager

from pipelines import calendar_assets
from pipelines.jobs import build_index_job
from pipelines.resources import UbcalConfig
from pipelines.schedules import weekly_rebuild
from pipelines.sensors import build_failure_recorder, calendar_changed_sensor


def make_definitions(ubcal: UbcalConfig | None = None, in_memory: bool = False) -> Definitions:
    """``in_memory`` passes stage outputs in memory (one process) instead of pickling to disk."""
    resources: dict = {"ubcal": ubcal or UbcalConfig()}
    if in_memory:
        resources["io_manager"] = mem_io_manager
    return Definitions(
        assets=load_assets_from_modules([calendar_assets]),
        asset_checks=load_asset_checks_from_modules([calendar_assets]),
        jobs=[build_index_job],
        schedules=[weekly_rebuild],
        sensors=[calendar_changed_sensor, build_failure_recorder],
        resources=resources,
    )


defs = make_definitions()

"""Jobs: the index build, selecting every asset (and so every check) of the build group."""

from dagster import AssetSelection, define_asset_job

from assets.calendar_assets import GROUP

build_index_job = define_asset_job(
    "build_index",
    selection=AssetSelection.groups(GROUP),
    description="Read the calendar, parse, chunk, embed, index and publish a version.",
)

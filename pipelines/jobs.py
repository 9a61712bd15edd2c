"""Jobs: the index build, selecting every asset (and so every check) of the build group."""

from dagster import AssetSelection, define_asset_job

from pipelines.calendar_assets import GROUP

build_index_job = define_asset_job(
    "build_index",
    selection=AssetSelection.groups(GROUP),
    description="Read the calendar, parse, chunk, embed, index and publish a version.",
    # Run-level retries for transient failures (a crawl that hit a flaky server): honoured by a
    # Dagster instance with run_retries enabled, as in pipelines/dagster.yaml.
    tags={"dagster/max_retries": "2", "dagster/retry_strategy": "FROM_FAILURE"},
)

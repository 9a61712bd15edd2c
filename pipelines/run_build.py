"""Run the build job in-process (what `ubcal build` does) and summarize the outcome."""

from __future__ import annotations

import os
from dataclasses import dataclass

from dagster import DagsterInstance

from assets.publish import PublishResult
from pipelines.definitions import make_definitions
from pipelines.resources import UbcalConfig
from rag.audit import append_audit
from rag.store import StoreLayout


QUIET_LOGS = {"loggers": {"console": {"config": {"log_level": "WARNING"}}}}


@dataclass
class BuildOutcome:
    success: bool
    run_id: str
    result: PublishResult | None
    metadata: dict[str, dict]      # asset name -> its materialization metadata
    checks: dict[str, bool]        # check name -> passed
    failure: str = ""


def _instance() -> DagsterInstance:
    # a persistent instance when the user has one (runs then show in `dagster dev`), else throwaway
    return DagsterInstance.get() if os.environ.get("DAGSTER_HOME") else DagsterInstance.ephemeral()


def run_build(source: str | None = None, store: str | None = None, show_progress: bool = False,
              crawl_url: str | None = None) -> BuildOutcome:
    """``crawl_url`` crawls that site instead of reading ``source`` (like UBCAL_CRAWL_URL)."""
    ubcal = UbcalConfig(source=source or "", store=store or "", show_progress=show_progress,
                        crawl_url=crawl_url or "")
    job = make_definitions(ubcal, in_memory=True).resolve_job_def("build_index")
    with _instance() as instance:
        run = job.execute_in_process(instance=instance, raise_on_error=False, run_config=QUIET_LOGS)
    metadata: dict[str, dict] = {}
    for event in run.get_asset_materialization_events():
        mat = event.event_specific_data.materialization
        metadata[mat.asset_key.to_user_string()] = {k: v.value for k, v in mat.metadata.items()}
    checks = {e.check_name: e.passed for e in run.get_asset_check_evaluations()}
    result = run.output_for_node("index_version") if run.success else None
    failure = ""
    if not run.success:
        failure = "; ".join(_root_causes(e) for e in run.all_events if e.is_step_failure) or "build failed"
        append_audit(StoreLayout(ubcal.settings().store), "build_failed", dagster_run_id=run.run_id, error=failure)
    return BuildOutcome(run.success, run.run_id, result, metadata, checks, failure)


def _root_causes(event) -> str:
    """The innermost error message of a failed step (the user's error, not Dagster's wrapper)."""
    error = getattr(event.event_specific_data, "error", None)
    messages = []
    while error is not None:
        messages.append(error.message.strip())
        error = error.cause
    return f"{event.step_key}: {messages[-1] if messages else event.message}"

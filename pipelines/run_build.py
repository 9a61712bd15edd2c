"""Run the build job in-process (what `ubcal build` does) and summarize the outcome."""

from __future__ import annotations

import os
from dataclasses import dataclass, field

from dagster import AssetCheckSeverity, DagsterInstance

from assets.publish import PublishResult
from pipelines.definitions import make_definitions
from pipelines.resources import UbcalConfig
from rag.index.audit import append_audit
from rag.index.store import StoreLayout


# `ubcal build` prints its own lines (the outcome, one line per warning, one for a failure): Dagster's console
# logger would add its multi-line stack traces. The run's event log (kept with DAGSTER_HOME) has everything.
QUIET_LOGS = {"loggers": {"console": {"config": {"log_level": "CRITICAL"}}}}


@dataclass
class BuildOutcome:
    success: bool
    run_id: str
    result: PublishResult | None
    metadata: dict[str, dict]      # asset name -> its materialization metadata
    checks: dict[str, bool]        # check name -> passed
    failure: str = ""              # one line: why the build failed
    warnings: list[str] = field(default_factory=list)   # one line per check that failed with severity WARN
    check_metadata: dict[str, dict] = field(default_factory=dict)  # check name -> its metadata
    failures: list[dict] = field(default_factory=list)  # every failed step in full: step, error class, message, stack
    run_tags: dict[str, str] = field(default_factory=dict)  # the run's ubcal/* tags (what the checks recorded)


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
        stored = instance.get_run_by_id(run.run_id)
        tags = {k: v for k, v in (stored.tags if stored else {}).items() if k.startswith("ubcal/")}
    metadata: dict[str, dict] = {}
    for event in run.get_asset_materialization_events():
        mat = event.event_specific_data.materialization
        metadata[mat.asset_key.to_user_string()] = {k: v.value for k, v in mat.metadata.items()}
    evaluations = run.get_asset_check_evaluations()
    checks = {e.check_name: e.passed for e in evaluations}
    check_metadata = {e.check_name: {k: v.value for k, v in e.metadata.items()} for e in evaluations}
    warnings = [_one_line(f"{e.check_name}: {e.description or 'failed'}") for e in evaluations
                if not e.passed and e.severity == AssetCheckSeverity.WARN]
    result = run.output_for_node("index_version") if run.success else None
    failure, failures = "", []
    if not run.success:
        failures = [_failure_details(e) for e in run.all_events if e.is_step_failure]
        # a blocking check that failed says why in its own words; Dagster's error only names it
        blocked = [_one_line(f"{e.check_name}: {e.description or 'failed'}") for e in evaluations
                   if not e.passed and e.severity == AssetCheckSeverity.ERROR and e.blocking]
        failure = "; ".join(blocked or [_one_line(f"{f['step']}: {f['message']}") for f in failures]) or "build failed"
        append_audit(StoreLayout(ubcal.settings().store), "build_failed", dagster_run_id=run.run_id, error=failure,
                     **({"run_tags": tags} if tags else {}))
    return BuildOutcome(run.success, run.run_id, result, metadata, checks, failure, warnings, check_metadata,
                        failures, tags)


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _failure_details(event) -> dict:
    """A failed step in full: its innermost error (the user's, not Dagster's wrapper) and every cause's stack."""
    error = getattr(event.event_specific_data, "error", None)
    chain = []
    while error is not None:
        chain.append(error)
        error = error.cause
    inner = chain[-1] if chain else None
    return {"step": event.step_key, "error": inner.cls_name if inner else None,
            "message": inner.message.strip() if inner else event.message,
            "stack": ["".join(e.stack) for e in chain]}

"""The ``ubcal`` command line.

The query-side commands never import Dagster; ``ubcal build`` imports the
pipelines package only when it runs, so ``ubcal ask`` starts fast.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Optional

import typer
from rich.console import Console
from rich.table import Table

from rag.config import Settings
from rag.store import StoreError, StoreLayout

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="Offline question answering over the UBC Vancouver Academic Calendar.")
console = Console()
err = Console(stderr=True)


@app.callback()
def _root() -> None:
    """Offline question answering over the UBC Vancouver Academic Calendar."""


def _fail(message: str, code: int = 1) -> None:
    err.print(f"[bold red]error:[/] {message}")
    raise typer.Exit(code)


@app.command()
def build(source: Optional[Path] = typer.Option(None, help="Saved-site folder (default: UBCAL_SOURCE)."),
          store: Optional[Path] = typer.Option(None, help="Store folder (default: UBCAL_STORE)."),
          json_out: bool = typer.Option(False, "--json", help="Print the outcome as JSON.")) -> None:
    """Build the index from a saved calendar and publish a version (runs the Dagster assets in-process)."""
    settings = Settings.from_env(source=source, store=store)
    if not settings.source.is_dir():
        _fail(f"calendar source folder {settings.source} does not exist (set --source or UBCAL_SOURCE)")
    from pipelines.run_build import run_build  # Dagster only for this command

    with console.status("building index…", spinner="dots") if not json_out else _null():
        outcome = run_build(str(settings.source), str(settings.store), show_progress=not json_out)
    if not outcome.success or outcome.result is None:
        _fail(f"build failed (run {outcome.run_id}): {outcome.failure}")
    result = outcome.result
    md = outcome.metadata
    summary = {
        "version_id": result.version_id, "published": result.published, "parent": result.parent,
        "current": StoreLayout(settings.store).current_id(), "run_id": outcome.run_id,
        "pages": md.get("calendar_sections", {}).get("pages"),
        "sections": md.get("calendar_sections", {}).get("sections"),
        "courses": md.get("calendar_sections", {}).get("courses"),
        "program_pages": md.get("calendar_sections", {}).get("program_pages"),
        "chunks": md.get("calendar_chunks", {}).get("chunks"),
        "embedded": md.get("chunk_embeddings", {}).get("embedded"),
        "reused_from_cache": md.get("chunk_embeddings", {}).get("reused_from_cache"),
        "unusable_pages": md.get("calendar_sections", {}).get("unusable_pages"),
        "unusable": md.get("calendar_sections", {}).get("unusable"),
        "checks": outcome.checks,
        "seconds": {k: v.get("duration_s") for k, v in md.items()},
    }
    if json_out:
        print(json.dumps(summary, indent=2))
        return
    verb = "published new version" if result.published else "unchanged: version already published, nothing new written;"
    console.print(f"[bold green]{verb}[/] {result.version_id} (parent {result.parent or '-'})")
    console.print(f"pages {summary['pages']}, sections {summary['sections']} (courses {summary['courses']}, "
                  f"program pages {summary['program_pages']}), chunks {summary['chunks']}; embedded "
                  f"{summary['embedded']}, reused {summary['reused_from_cache']} from cache")
    if summary["unusable_pages"]:
        console.print(f"[yellow]unusable pages ({summary['unusable_pages']}):[/]\n{summary['unusable']}")
    failed = [name for name, ok in outcome.checks.items() if not ok]
    console.print(f"checks: {len(outcome.checks) - len(failed)}/{len(outcome.checks)} passed"
                  + (f"; failed: {', '.join(failed)}" if failed else ""))


@app.command()
def ask(question: str = typer.Argument(..., help="The question, in quotes."),
        mode: str = typer.Option("hybrid", help="Retrieval mode: hybrid, bm25 or dense."),
        route: str = typer.Option("auto", help="auto, simple or complex."),
        top_k: Optional[int] = typer.Option(None, "--top-k", help="Excerpts per retrieval (default UBCAL_TOP_K)."),
        version: Optional[str] = typer.Option(None, help="Answer from this version id instead of CURRENT."),
        store: Optional[Path] = typer.Option(None, help="Store folder (default: UBCAL_STORE)."),
        json_out: bool = typer.Option(False, "--json", help="Print the full answer record as JSON."),
        trace: bool = typer.Option(False, "--trace", help="Show every step."),
        trace_json: Optional[Path] = typer.Option(None, "--trace-json", help="Append the trace as JSON lines.")) -> None:
    """Answer a question from the calendar, citing the pages used and naming the index version."""
    from rag.answer import Answerer, QuestionError
    from rag.llm import LLMModelNotFound

    if route not in ("auto", "simple", "complex"):
        _fail(f"--route must be auto, simple or complex, not {route!r}")
    if mode not in ("hybrid", "bm25", "dense"):
        _fail(f"--mode must be hybrid, bm25 or dense, not {mode!r}")
    settings = Settings.from_env(store=store)
    try:
        answerer = Answerer(settings, version)
        result = answerer.ask(question, route=route, mode=mode, top_k=top_k)
    except (QuestionError, LLMModelNotFound) as exc:
        _fail(str(exc), 2)
    if trace_json:
        result.trace.write_jsonl(trace_json)
    if json_out:
        print(json.dumps(result.to_dict(), indent=2, ensure_ascii=False))
        return
    console.print(result.answer)
    if result.citations:
        console.print("\n[bold]Sources[/]")
        for c in result.citations:
            console.print(f"  [{c['n']}] {c['title']} — {c['citation']}")
    notes = [f"route {result.route} ({result.route_reason})", f"index version {result.version_id}"]
    if result.guard["replaced"]:
        notes.append("model answer replaced by quoted excerpts: " + "; ".join(result.guard["reasons"]))
    if result.declined:
        notes.append("declined")
    console.print("[dim]" + " · ".join(notes) + f" · {result.timings_ms['total']:.0f} ms[/]")
    if trace:
        result.trace.render(console)


class _null:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def main() -> None:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    try:
        app()
    except StoreError as exc:
        err.print(f"[bold red]error:[/] {exc}")
        sys.exit(1)


if __name__ == "__main__":
    main()

"""The ``ubcal`` command line.

The query-side commands never import Dagster; ``ubcal build`` imports the
pipelines package only when it runs, so ``ubcal ask`` starts fast.
"""

from __future__ import annotations

import json
import os
import sys
from contextlib import nullcontext
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from rag.index.config import Settings
from rag.index.editions import edition_of
from rag.index.store import VERSION_ID_RE, StoreError, StoreLayout

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="Offline question answering over the UBC Vancouver Academic Calendar.")
console = Console()
err = Console(stderr=True)


@app.callback()
def _root() -> None:
    """Offline question answering over the UBC Vancouver Academic Calendar."""


def _fail(message: str, code: int = 1, json_out: bool = False, details: dict | None = None) -> None:
    """One line on stderr (the message is text, never markup) and a non-zero exit; JSON on stdout too,
    with ``details`` (what a failed build found, in full)."""
    message = " ".join(message.split())
    if json_out:
        print(json.dumps({"ok": False, "error": message, **(details or {})}, indent=2, default=str))
    err.print(Text.assemble(("error: ", "bold red"), message), soft_wrap=True)
    raise typer.Exit(code)


def _settings(json_out: bool = False, **overrides) -> Settings:
    """Settings from the environment; a bad UBCAL_* value is one clear line and exit 2."""
    try:
        return Settings.from_env(**overrides)
    except ValueError as exc:
        _fail(str(exc), 2, json_out)
        raise  # unreachable: _fail exits


def _is_url(value: str | None) -> bool:
    return bool(value) and value.lower().startswith(("http://", "https://"))


def _build_summary(result, outcome, layout: StoreLayout) -> dict:
    md = outcome.metadata
    return {
        "ok": True, "version_id": result.version_id, "edition": result.edition, "published": result.published,
        "parent": result.parent, "current": layout.current_id(), "current_changed": result.current_changed,
        "run_id": outcome.run_id,
        "pages": md.get("calendar_sections", {}).get("pages"),
        "sections": md.get("calendar_sections", {}).get("sections"),
        "courses": md.get("calendar_sections", {}).get("courses"),
        "program_pages": md.get("calendar_sections", {}).get("program_pages"),
        "chunks": md.get("calendar_chunks", {}).get("chunks"),
        "embedded": md.get("chunk_embeddings", {}).get("embedded"),
        "reused_from_cache": md.get("chunk_embeddings", {}).get("reused_from_cache"),
        "embed_seconds": md.get("chunk_embeddings", {}).get("duration_s"),
        "unusable_pages": md.get("calendar_sections", {}).get("unusable_pages"),
        "unusable": md.get("calendar_sections", {}).get("unusable"),
        "checks": outcome.checks,
        "warnings": outcome.warnings,
        "parse_coverage": outcome.check_metadata.get("facts_parse_coverage"),
        "seconds": {k: v.get("duration_s") for k, v in md.items()},
    }


def _unchanged_summary(hit, layout: StoreLayout) -> dict:
    """The fast path's answer: CURRENT already is this build, so report its manifest."""
    counts = hit.manifest.get("counts", {})
    unusable = hit.manifest.get("source", {}).get("unusable_pages", [])
    return {
        "ok": True, "version_id": hit.version_id, "edition": edition_of(hit.manifest), "published": False,
        "parent": hit.manifest.get("parent"), "current": layout.current_id(), "current_changed": False,
        "run_id": None, "fast_path": True,
        "pages": counts.get("pages"), "sections": counts.get("sections"), "courses": counts.get("courses"),
        "program_pages": counts.get("program_pages"), "chunks": counts.get("chunks"), "embedded": 0,
        "reused_from_cache": counts.get("chunks"), "embed_seconds": 0.0, "unusable_pages": len(unusable),
        "unusable": "\n".join(f"- `{p['path']}`: {p['reason']}" for p in unusable) or "none",
        "checks": {}, "warnings": [], "seconds": {"unchanged_check": round(hit.seconds, 3)},
    }


@app.command()
def build(source: Optional[str] = typer.Option(
              None, help="Saved-site folder, or an http(s):// site to crawl (default: UBCAL_SOURCE, "
                         "or UBCAL_CRAWL_URL when set)."),
          store: Optional[Path] = typer.Option(None, help="Store folder (default: UBCAL_STORE)."),
          json_out: bool = typer.Option(False, "--json", help="Print the outcome as JSON (on failure too).")) -> None:
    """Build the index from a saved calendar or a crawl and publish a version (runs the Dagster assets in-process).

    When the store's CURRENT version already is what this build would produce (same pages, settings,
    models and build code) and it verifies, nothing is built or published and Dagster is not loaded.
    """
    import time

    from assets.edition import EditionConflict
    from rag.index.embedder import ModelNotFound, load_embedder

    started = time.perf_counter()
    crawl = source if _is_url(source) else None
    settings = _settings(json_out, source=None if crawl else source, store=store, crawl_url=crawl)
    if not settings.crawl_url and not settings.source.is_dir():
        _fail(f"calendar source folder {settings.source} does not exist (set --source or UBCAL_SOURCE)", 1, json_out)
    if not settings.crawl_url:
        from assets.sources import saved_site_problem

        if problem := saved_site_problem(settings.source):
            _fail(problem, 1, json_out)
    layout = StoreLayout(settings.store)
    try:
        from assets.unchanged import unchanged_current

        load_embedder(settings)  # a missing model is one line here, not a failed Dagster run
        hit = unchanged_current(settings)
    except (ModelNotFound, StoreError, EditionConflict) as exc:
        _fail(str(exc), 1, json_out)
    except Exception as exc:  # noqa: BLE001 - one line, never a traceback (--json carries it)
        import traceback

        _fail(f"build failed: {type(exc).__name__}: {exc}", 1, json_out, {"traceback": traceback.format_exc()})
    if hit is not None:
        summary = _unchanged_summary(hit, layout)
    else:
        from pipelines.run_build import run_build  # Dagster only when there is something to build

        try:
            with console.status("building index…", spinner="dots") if not json_out else nullcontext():
                outcome = run_build(str(settings.source), str(settings.store), show_progress=not json_out,
                                    crawl_url=settings.crawl_url or None)
        except Exception as exc:  # noqa: BLE001 - outside the run (loading Dagster, the instance): one line
            import traceback

            _fail(f"build failed: {type(exc).__name__}: {exc}", 1, json_out,
                  {"traceback": traceback.format_exc()})
        if not outcome.success or outcome.result is None:
            _fail(f"build failed (run {outcome.run_id}): {outcome.failure}", 1, json_out,
                  {"run_id": outcome.run_id, "checks": outcome.checks, "warnings": outcome.warnings,
                   "check_metadata": outcome.check_metadata, "failures": outcome.failures,
                   "run_tags": outcome.run_tags})
        summary = _build_summary(outcome.result, outcome, layout)
    summary["total_seconds"] = round(time.perf_counter() - started, 1)
    if json_out:
        print(json.dumps(summary, indent=2))
        return
    verb = ("published new version" if summary["published"]
            else "unchanged: version already published, nothing new written;")
    console.print(f"[bold green]{verb}[/] {summary['version_id']} of edition {summary['edition']} "
                  f"(parent {summary['parent'] or '-'})")
    if summary["current"] != summary["version_id"]:
        console.print(f"CURRENT stays {summary['current']} (a newer edition); this is edition "
                      f"{summary['edition']}'s current version (ask it with --edition {summary['edition']})")
    console.print(f"pages {summary['pages']}, sections {summary['sections']} (courses {summary['courses']}, "
                  f"program pages {summary['program_pages']}), chunks {summary['chunks']}; embedded "
                  f"{summary['embedded']} in {summary['embed_seconds'] or 0:.1f} s, reused "
                  f"{summary['reused_from_cache']} from cache; {summary['total_seconds']:.1f} s in all")
    if summary["unusable_pages"]:
        console.print(f"[yellow]unusable pages ({summary['unusable_pages']}):[/]")
        console.print(summary["unusable"], markup=False, highlight=False)
    if summary.get("fast_path"):
        console.print("checks: not run (CURRENT already is this build and its files verify)")
        return
    warned = [w.split(":", 1)[0] for w in summary["warnings"]]
    failed = [name for name, ok in summary["checks"].items() if not ok and name not in warned]
    console.print(f"checks: {len(summary['checks']) - len(failed) - len(warned)}/{len(summary['checks'])} passed"
                  + (f"; warnings: {', '.join(warned)}" if warned else "")
                  + (f"; failed: {', '.join(failed)}" if failed else ""))
    for warning in summary["warnings"]:  # one line each, never wrapped into several
        console.print(Text.assemble(("warning: ", "bold yellow"), warning), soft_wrap=True)


@app.command()
def ask(question: str = typer.Argument(..., help="The question, in quotes."),
        mode: str = typer.Option("hybrid", help="Retrieval mode: hybrid, bm25 or dense."),
        route: str = typer.Option("auto", help="auto, simple or complex."),
        top_k: Optional[int] = typer.Option(None, "--top-k", min=1,
                                            help="Excerpts per retrieval, at least 1 (default UBCAL_TOP_K)."),
        version: Optional[str] = typer.Option(None, help="Answer from this version id instead of CURRENT."),
        edition: Optional[str] = typer.Option(None, help="Answer from this calendar edition's current version, "
                                                          "e.g. 2025/26 (default: the newest edition)."),
        store: Optional[Path] = typer.Option(None, help="Store folder (default: UBCAL_STORE)."),
        json_out: bool = typer.Option(False, "--json", help="Print the full answer record as JSON."),
        trace: bool = typer.Option(False, "--trace", help="Show every step."),
        trace_json: Optional[Path] = typer.Option(None, "--trace-json", help="Append the trace as JSON lines.")) -> None:
    """Answer a question from the calendar, citing the pages used and naming the index version."""
    from rag.answer import Answerer, AskRequest, QuestionError
    from rag.answer.llm import LLMModelNotFound

    if route not in ("auto", "simple", "complex"):
        _fail(f"--route must be auto, simple or complex, not {route!r}")
    if mode not in ("hybrid", "bm25", "dense"):
        _fail(f"--mode must be hybrid, bm25 or dense, not {mode!r}")
    from rag.index.embedder import ModelNotFound

    settings = _settings(store=store)
    version = _edition_version(StoreLayout(settings.store), version, edition)
    try:
        answerer = Answerer(settings, version)
        result = answerer.ask(AskRequest(question, route=route, mode=mode, top_k=top_k))
    except QuestionError as exc:
        _fail(str(exc), 2)
    except (LLMModelNotFound, ModelNotFound) as exc:
        _fail(str(exc), 1)
    if trace_json:
        result.trace.write_jsonl(trace_json)
    if json_out:
        print(json.dumps(result.to_dict(), indent=2, ensure_ascii=False))
        return
    console.print(result.answer, markup=False, highlight=False)  # calendar text may hold [ and ]
    if result.citations:
        console.print("\n[bold]Sources[/]")
        for c in result.citations:
            console.print(f"  [{c['n']}] {c['title']} — {c['citation']}", markup=False, highlight=False)
    notes = [f"route {result.route} ({result.route_reason})",
             f"edition {getattr(result, 'edition', '') or '-'} · index version {result.version_id}"]
    if result.guard["replaced"]:
        notes.append("model answer replaced by quoted excerpts: " + "; ".join(result.guard["reasons"]))
    if result.declined:
        notes.append("declined")
    console.print("[dim]" + " · ".join(notes) + f" · {result.timings_ms['total']:.0f} ms[/]")
    if trace:
        result.trace.render(console)


@app.command()
def serve(host: Optional[str] = typer.Option(None, help="Address to bind (default UBCAL_SERVE_HOST, 127.0.0.1)."),
          port: Optional[int] = typer.Option(None, help="Port (default UBCAL_SERVE_PORT, 8000)."),
          store: Optional[Path] = typer.Option(None, help="Store folder (default: UBCAL_STORE)."),
          version: Optional[str] = typer.Option(None, help="Answer from this version id instead of following CURRENT.")) -> None:
    """Serve the JSON API, streamed answers and the web page, keeping the index and models loaded."""
    from rag.answer.llm import LLMModelNotFound
    from rag.serve.run import ServeError, serve as run_server  # FastAPI and uvicorn only for this command

    settings = _settings(store=store)
    try:
        run_server(settings, host or settings.serve_host, settings.serve_port if port is None else port, version)
    except LLMModelNotFound as exc:
        _fail(str(exc), 2)
    except ServeError as exc:
        _fail(str(exc), 1)


def _edition_version(layout: StoreLayout, version: str | None, edition: str | None) -> str | None:
    """The version id ``--edition`` names (its current version), or ``--version`` as given; both must agree.
    An edition the store lacks is one line listing the editions it holds."""
    if edition is None:
        return version
    from rag.index.editions import resolve_edition

    try:
        resolved = resolve_edition(layout, edition)
        if version is not None and edition_of(layout.read_manifest(version)) != edition_of(
                layout.read_manifest(resolved)):
            _fail(f"version {version} is not of edition {edition}: pass --version or --edition, not both", 2)
    except StoreError as exc:
        _fail(str(exc), 2)
    return version or resolved


def _layout(store: Optional[Path]) -> StoreLayout:
    return StoreLayout(_settings(store=store).store)


StoreOpt = typer.Option(None, "--store", help="Store folder (default: UBCAL_STORE).")


@app.command()
def versions(store: Optional[Path] = StoreOpt,
             json_out: bool = typer.Option(False, "--json", help="Print as JSON.")) -> None:
    """List published versions, newest first, with which is current and which are pinned."""
    from rag.index.versions import list_versions

    rows = list_versions(_layout(store))
    if json_out:
        print(json.dumps(rows, indent=2))
        return
    if not rows:
        console.print("no published versions: run `ubcal build`")
        return
    table = Table(title="index versions (newest first; current: * CURRENT, e the edition's current)")
    for col in ("id", "edition", "created", "parent", "source", "pages", "chunks", "models", "current", "pinned"):
        table.add_column(col, no_wrap=col in ("id", "edition", "created", "parent"))
    for r in rows:
        table.add_row(r["id"], r.get("edition", ""), r["created"], r.get("parent") or "-",
                      (r.get("source_fingerprint") or "")[:12], str(r.get("pages", "")), str(r.get("chunks", "")),
                      ", ".join((r.get("models") or {}).values()) or r.get("problem", ""),
                      "*" if r["current"] else ("e" if r.get("edition_current") else ""),
                      "pinned" if r["pinned"] else "")
    console.print(table)


@app.command()
def show(version_id: str = typer.Argument(..., help="Version id."), store: Optional[Path] = StoreOpt,
         json_out: bool = typer.Option(False, "--json", help="Print the manifest as JSON.")) -> None:
    """Show a version's manifest: parameters, models, libraries, counts, files with checksums."""
    m = _layout(store).read_manifest(version_id)
    if json_out:
        print(json.dumps(m, indent=2))
        return
    console.print(f"[bold]version {m['id']}[/]  edition {edition_of(m)}  created {m.get('created')}  "
                  f"parent {m.get('parent') or '-'}")
    console.print(f"source {m.get('source', {}).get('root')}  fingerprint {m.get('source', {}).get('fingerprint')}")
    if m.get("build", {}).get("dagster_run_id"):
        console.print(f"dagster run {m['build']['dagster_run_id']}")
    for title, data in (("parameters", m.get("parameters", {})), ("counts", m.get("counts", {})),
                        ("libraries", m.get("libraries", {}))):
        console.print(f"[bold]{title}[/]: " + ", ".join(f"{k}={v}" for k, v in data.items()))
    for name, model in m.get("models", {}).items():
        console.print(f"[bold]model {name}[/]: {model.get('id')} at {model.get('path')}")
        for f, digest in model.get("files", {}).items():
            console.print(f"    {f} sha256 {digest}")
    table = Table(title="files")
    table.add_column("file")
    table.add_column("bytes", justify="right")
    table.add_column("sha256")
    for name, meta in sorted(m.get("files", {}).items()):
        table.add_row(name, f"{meta['bytes']:,}", meta["sha256"])
    console.print(table)
    unusable = m.get("source", {}).get("unusable_pages", [])
    if unusable:
        console.print(f"[yellow]unusable pages ({len(unusable)}):[/] " +
                      "; ".join(f"{p['path']}: {p['reason']}" for p in unusable))


@app.command()
def diff(a: Optional[str] = typer.Argument(None, help="Older version id."),
         b: Optional[str] = typer.Argument(None, help="Newer version id."),
         edition: Optional[list[str]] = typer.Option(
             None, "--edition", help="Twice (older, then newer): compare two editions' current versions' courses."),
         subject: Optional[str] = typer.Option(None, help="With --edition: only this subject's courses (PSYC)."),
         store: Optional[Path] = StoreOpt, json_out: bool = typer.Option(False, "--json", help="Print as JSON.")) -> None:
    """What changed between two versions (pages, sections, chunks, course facts), or between two editions'
    courses (--edition A --edition B: added, removed, and changed title, credits, requisites, description)."""
    from rag.index.versions import diff_is_empty, diff_versions

    if edition:
        if len(edition) != 2 or a or b:
            _fail("pass --edition twice (older, then newer), e.g. --edition 2025/26 --edition 2026/27, "
                  "and no version ids", 2)
        _edition_diff(_layout(store), edition, subject, json_out)
        return
    if not (a and b):
        _fail("pass two version ids (ubcal diff A B), or --edition twice", 2)
    d = diff_versions(_layout(store), a, b)
    if json_out:
        print(json.dumps(d, indent=2))
        return
    if diff_is_empty(d):
        console.print(f"no differences between {a} and {b}")
        return
    cov = d.get("parse_coverage")
    if cov and (cov["became_unreadable"] or cov["became_readable"] or cov["change_pp"]):
        line = (f"prerequisite parse coverage {cov['previous_coverage']:.2%} -> {cov['coverage']:.2%} "
                f"({cov['change_pp']:+.2f} pp)")
        if cov["became_unreadable"]:
            line += "; became unreadable: " + ", ".join(c["code"] for c in cov["became_unreadable"])
        if cov["became_readable"]:
            line += "; became readable: " + ", ".join(cov["became_readable"])
        style = "bold yellow" if cov["became_unreadable"] else "green"
        console.print(Text.assemble(("warning: " if cov["became_unreadable"] else "", style), line), soft_wrap=True)
        for c in cov["became_unreadable"]:
            console.print(f"    {c['code']}: \u201c{c['prerequisite']}\u201d", markup=False, highlight=False)
    for url in d["pages_added"]:
        console.print(f"[green]+ page[/] {url}")
    for url in d["pages_removed"]:
        console.print(f"[red]- page[/] {url}")
    for page in d["pages_changed"]:
        console.print(f"[yellow]~ page[/] {page['url']}: sections +{len(page['sections_added'])} "
                      f"-{len(page['sections_removed'])} ~{len(page['sections_changed'])}; chunks "
                      f"+{len(page['chunks_added'])} -{len(page['chunks_removed'])}")
        for s in page["sections_added"]:
            console.print(f"    [green]+ section[/] {s}")
        for s in page["sections_removed"]:
            console.print(f"    [red]- section[/] {s}")
        for s in page["sections_changed"]:
            console.print(f"    [yellow]~ section[/] {s['section_id']}")
            console.print(s["diff"], markup=False, highlight=False)
    for f in d.get("facts_changed", []):
        if f["change"] in ("added", "removed"):
            console.print(f"[{'green' if f['change'] == 'added' else 'red'}]{f['change']} course fact[/] {f['course']}")
        else:
            console.print(f"[yellow]~ fact[/] {f['course']} {f['change']}:", highlight=False)
            console.print(f"    - {f['from']}\n    + {f['to']}", markup=False, highlight=False)


def _edition_diff(layout: StoreLayout, editions: list[str], subject: str | None, json_out: bool) -> None:
    """``ubcal diff --edition A --edition B``: counts first, then the courses added, removed and changed by facet."""
    from rag.index.edition_diff import FACETS, diff_editions

    try:
        d = diff_editions(layout, editions[0], editions[1], subject)
    except StoreError as exc:
        _fail(str(exc), 2, json_out)
    if json_out:
        print(json.dumps(d.to_dict(), indent=2, ensure_ascii=False))
        return
    counts = d.counts()
    scope = f" ({d.subject})" if d.subject else ""
    console.print(f"[bold]edition {d.old.edition}[/] ({d.old.version_id}) -> [bold]edition {d.new.edition}[/] "
                  f"({d.new.version_id}){scope}")
    console.print(f"added {counts['added']}, removed {counts['removed']}, changed {counts['changed_courses']} "
                  "courses (" + ", ".join(f"{f} {counts['changed_' + f]}" for f in FACETS) + ")", highlight=False)
    for title, rows, style in (("added", d.added, "green"), ("removed", d.removed, "red")):
        if rows:
            console.print(f"\n[bold {style}]{title} courses ({len(rows)})[/]")
            for r in rows:
                console.print(f"  {r['code']} ({r['credits']}) {r['title']}", markup=False, highlight=False)
    for facet in FACETS:
        changes = d.changed.get(facet, [])
        if changes:
            console.print(f"\n[bold yellow]changed {facet} ({len(changes)})[/]")
            for c in changes:
                console.print(f"  {c.code}\n    - {c.before}\n    + {c.after}", markup=False, highlight=False)


@app.command()
def verify(version_id: Optional[str] = typer.Argument(None, help="Version id (default: CURRENT)."),
           all_versions: bool = typer.Option(False, "--all", help="Verify every version."),
           store: Optional[Path] = StoreOpt) -> None:
    """Re-hash every file against the manifest and check that tables and indexes agree on counts."""
    from rag.index.versions import verify_version

    layout = _layout(store)
    if all_versions:  # every version folder, including ones whose manifest no longer reads
        ids = sorted(p.name for p in layout.versions.iterdir()
                     if p.is_dir() and VERSION_ID_RE.fullmatch(p.name)) if layout.versions.is_dir() else []
    else:
        ids = [layout.resolve(version_id)]
    failed = 0
    for vid in ids:
        problems = verify_version(layout, vid)
        if problems:
            failed += 1
            err.print(f"[bold red]FAIL[/] {vid}")
            for p in problems:
                err.print(f"  - {p}")
        else:
            console.print(f"[green]ok[/] {vid}")
    if failed:
        raise typer.Exit(1)


@app.command()
def rollback(version_id: str = typer.Argument(..., help="Version id to make current."),
             store: Optional[Path] = StoreOpt) -> None:
    """Make a verified older version CURRENT (atomic switch, audited)."""
    from rag.index.versions import rollback as do_rollback

    layout = _layout(store)
    previous = do_rollback(layout, version_id)
    edition = edition_of(layout.read_manifest(version_id))
    current = layout.current_id()
    if current == version_id:
        console.print(f"CURRENT is now {version_id} (edition {edition}; was {previous or '-'})")
    else:
        console.print(f"edition {edition}'s current version is now {version_id} (was {previous or '-'}); "
                      f"CURRENT stays {current} (a newer edition)")


@app.command()
def pin(version_id: str = typer.Argument(...), store: Optional[Path] = StoreOpt) -> None:
    """Protect a version from gc."""
    from rag.index.versions import pin as do_pin

    do_pin(_layout(store), version_id)
    console.print(f"pinned {version_id}")


@app.command()
def unpin(version_id: str = typer.Argument(...), store: Optional[Path] = StoreOpt) -> None:
    """Let gc remove a version again."""
    from rag.index.versions import unpin as do_unpin

    do_unpin(_layout(store), version_id)
    console.print(f"unpinned {version_id}")


@app.command()
def gc(keep: int = typer.Option(..., "--keep", help="How many newest versions to keep."),
       store: Optional[Path] = StoreOpt) -> None:
    """Remove versions beyond the newest N (never CURRENT, a pinned one, or one a reader has open)."""
    from rag.index.versions import gc as do_gc

    try:
        outcome = do_gc(_layout(store), keep)
    except ValueError as exc:
        _fail(str(exc), 2)
    console.print(f"removed {len(outcome['removed'])}: {', '.join(outcome['removed']) or '-'}; "
                  f"spared {len(outcome['spared'])}: {', '.join(outcome['spared']) or '-'}")


@app.command()
def audit(store: Optional[Path] = StoreOpt, limit: int = typer.Option(50, min=0, help="Show the last N entries (0: none)."),
          json_out: bool = typer.Option(False, "--json", help="Print as JSON lines.")) -> None:
    """Show the audit log: builds, publishes, rollbacks, pins, removals, failed builds."""
    from rag.index.audit import read_audit

    records = read_audit(_layout(store))[-limit:] if limit > 0 else []
    if json_out:
        for r in records:
            print(json.dumps(r))
        return
    table = Table(title="audit log (oldest first)")
    for col in ("time", "event", "version", "edition", "from", "dagster run", "details"):
        table.add_column(col, no_wrap=col in ("time", "version", "edition"))
    for r in records:
        details = {k: v for k, v in r.items() if k not in (
            "time", "event", "version", "edition", "previous_current", "dagster_run_id", "pid", "host", "user")}
        table.add_row(r.get("time", ""), r.get("event", ""), r.get("version", ""), r.get("edition", ""),
                      r.get("previous_current") or "",
                      (r.get("dagster_run_id") or "")[:8], json.dumps(details) if details else "")
    console.print(table)


@app.command("eval")
def eval_cmd(testset: Path = typer.Option(..., "--testset", help="JSON-lines test set (see README)."),
             out: Path = typer.Option(..., "--out", help="Folder for report.md, results.json and charts."),
             systems: str = typer.Option("all", help="Comma-separated systems, or 'all'."),
             k: str = typer.Option("5,10", "--k", help="Cut-offs, comma-separated; the same for every system."),
             no_answers: bool = typer.Option(False, "--no-answers", help="Score retrieval only (no generation)."),
             answer_systems: Optional[str] = typer.Option(
                 None, "--answer-systems", help="Generate answers only for these systems (default: all)."),
             answers_only: bool = typer.Option(False, "--answers-only",
                                               help="Only ask each question once through `ask` and score answers."),
             version: Optional[str] = typer.Option(None, help="Index version (default CURRENT)."),
             edition: Optional[str] = typer.Option(None, help="This calendar edition's current version "
                                                              "(default: the newest edition)."),
             store: Optional[Path] = StoreOpt) -> None:
    """Compare RAG systems on a test set over one index version, then score the shipped answers (verdicts, codes)."""
    from rag.answer import Answerer
    from rag.evaluation.runner import git_commit
    from rag.evaluation.systems import Systems
    from rag.evaluation.testset import TestSetError, load_testset

    try:
        questions = load_testset(testset)
        ks = tuple(sorted({int(x) for x in k.split(",") if x.strip()}))
    except (TestSetError, ValueError) as exc:
        _fail(str(exc), 2)
    settings = _settings(store=store)
    answerer = Answerer(settings, _edition_version(StoreLayout(settings.store), version, edition))
    chosen = Systems(answerer).names if systems == "all" else [s.strip() for s in systems.split(",") if s.strip()]
    total = len(questions) * len(chosen)
    done = 0

    def progress(q, name):
        nonlocal done
        done += 1
        if done % 25 == 0 or done == total:
            err.print(f"[dim]{done}/{total} question-system runs[/]")

    commit = git_commit()
    if not answers_only:
        _eval_systems(answerer, questions, SystemsPlan(chosen, ks, no_answers, answer_systems, testset, out, commit),
                      progress)
    if no_answers:  # retrieval only: nothing is generated, so there are no answers to score
        return
    from rag.evaluation.answers import answers_markdown, score_answers, summarize_answers

    asked = 0

    def answer_progress(q, _):
        nonlocal asked
        asked += 1
        if asked % 10 == 0 or asked == len(questions):
            err.print(f"[dim]{asked}/{len(questions)} questions answered[/]")

    scores = score_answers(answerer, questions, progress=answer_progress)
    answer_summary = summarize_answers(scores)
    out.mkdir(parents=True, exist_ok=True)
    (out / "answers.json").write_text(json.dumps({
        "meta": {"testset": str(testset), "index_version": answerer.index.version_id,
                 "edition": answerer.index.edition, "commit": commit, "llm": answerer.llm.model_id},
        "summary": answer_summary, "questions": [s.__dict__ for s in scores]}, indent=1, ensure_ascii=False))
    (out / "answers.md").write_text(answers_markdown(answer_summary))
    console.print(answers_markdown(answer_summary), markup=False, highlight=False)


@dataclass
class SystemsPlan:
    """What ``ubcal eval`` compares: systems, cut-offs, which systems answer, and where the report goes."""
    systems: list[str]
    ks: tuple[int, ...]
    no_answers: bool
    answer_systems: str | None
    testset: Path
    out: Path
    commit: str


def _eval_systems(answerer, questions, plan: SystemsPlan, progress) -> None:
    """The retrieval and answer comparison of every system (report.md, results.json, charts)."""
    from rag.evaluation.report import charts, markdown_report
    from rag.evaluation.runner import evaluate, summarize, write_results

    chosen, ks, no_answers, answer_systems = plan.systems, plan.ks, plan.no_answers, plan.answer_systems
    settings, testset, out, commit = answerer.settings, plan.testset, plan.out, plan.commit
    try:
        answering = set() if no_answers else (
            {x.strip() for x in answer_systems.split(",")} if answer_systems else None)
        results = evaluate(answerer, questions, chosen, ks, answer_systems=answering, progress=progress)
    except ValueError as exc:
        _fail(str(exc), 2)
    summary = summarize(results, ks)
    meta = {"testset": str(testset), "index_version": answerer.index.version_id,
            "edition": answerer.index.edition, "commit": commit,
            "llm": answerer.llm.model_id, "seed": settings.llm_seed, "questions": len(questions),
            "systems": chosen, "ks": list(ks),
            "answer_systems": "none" if no_answers else (answer_systems or "all")}
    write_results(out, results, summary, meta)
    (out / "report.md").write_text(markdown_report(summary, meta, ks))
    charts(summary, out, ks[0])
    console.print(f"wrote {out / 'report.md'}, {out / 'results.json'} and charts", soft_wrap=True)  # paths unbroken
    console.print(markdown_report(summary, meta, ks), markup=False, highlight=False)


@app.command()
def graph(course: str = typer.Argument(..., help='Course code, in quotes: "CPSC 221".'),
          depth: int = typer.Option(2, min=1, help="Requirement steps drawn from the course."),
          direction: str = typer.Option("needs", help="needs (what it requires), opens (what requires it) or both."),
          out: Optional[Path] = typer.Option(None, "--out", help="Write a picture (.svg or .png) instead of printing DOT."),
          store: Optional[Path] = StoreOpt) -> None:
    """Draw the prerequisite graph around a course from the CURRENT version's facts: DOT text on stdout
    (for `| dot -Tpdf`), or with --out a picture laid out by Graphviz."""
    from rag.answer.graph import (DIRECTIONS, FORMATS, GraphError, GraphvizMissing, build_graph, render, to_dot,
                                  version_facts)

    if direction not in DIRECTIONS:
        _fail(f"--direction must be needs, opens or both, not {direction!r}", 2)
    fmt = out.suffix.lower().lstrip(".") if out else ""
    if out and fmt not in FORMATS:
        _fail(f"--out {out} must end in .svg or .png", 2)
    try:
        _, facts = version_facts(_layout(store))
        drawn = build_graph(facts, course, direction, depth)
        picture = render(drawn, fmt) if out else b""
    except GraphError as exc:
        _fail(str(exc), 2)
    except GraphvizMissing as exc:
        _fail(str(exc), 1)
    if out is None:
        print(to_dot(drawn).source, end="")
        return
    try:
        out.write_bytes(picture)
    except OSError as exc:
        _fail(f"cannot write --out {out}: {exc.strerror or exc}", 1)
    cut = f"; not drawn further: {', '.join(drawn.cut)}" if drawn.cut else ""
    console.print(f"wrote {out} ({len(drawn.courses())} courses{cut})", markup=False, highlight=False,
                  soft_wrap=True)  # a long path stays on one line, for whoever reads it back


def main() -> None:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    from rag.index.packages import ModelNotFound  # the LLM's is a subclass: no answering imports here

    try:
        app()
    except (StoreError, ModelNotFound) as exc:  # one clear line, never a traceback
        err.print(Text.assemble(("error: ", "bold red"), str(exc)), soft_wrap=True)
        sys.exit(1)


if __name__ == "__main__":
    main()

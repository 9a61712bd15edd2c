"""Dagster assets for the index build: thin wrappers over ``assets.build_steps``.

Each asset adds what an operator needs in the UI (counts, durations, what was
reused, which version was published) and each check guards the next stage;
the blocking ones stop a broken build before it can publish.
"""


import time

import faiss
import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
from dagster import (
    AssetCheckExecutionContext,
    AssetCheckResult,
    AssetCheckSeverity,
    AssetExecutionContext,
    AssetIn,
    MetadataValue,
    Output,
    asset,
    asset_check,
)

from assets import build_steps
from assets.build_steps import ParsedCalendar
from assets.embed import EmbedResult
from assets.facts import CalendarFacts
from assets.incremental import PreviousVersion, current_page_hashes, page_changes
from assets.indexing import build_faiss_index
from assets.publish import PublishResult
from assets.tokens import token_window
from assets.sources import SourceScan
from pipelines.resources import UbcalConfig
from rag.index.bm25 import BM25Index
from rag.index.parse_coverage import BLOCK, OK, WARN, CoverageRule, judge, summary
from rag.index.store import StoreLayout

GROUP = "index_build"
UNPARSED_EXAMPLES = 10  # unparsed prerequisite sentences shown in the facts asset's metadata


def _problems_md(problems) -> MetadataValue:
    if not problems:
        return MetadataValue.md("none")
    return MetadataValue.md("\n".join(f"- `{p.path}`: {p.reason}" for p in problems))


@asset(group_name=GROUP, description="Calendar pages read from the saved-site folder, with content hashes.")
def calendar_source(context: AssetExecutionContext, ubcal: UbcalConfig) -> Output[SourceScan]:
    start = time.perf_counter()
    settings = ubcal.settings()
    scan, crawl = build_steps.read_source(settings)
    for problem in scan.problems:
        context.log.warning(f"unusable page {problem.message()}")
    edition = build_steps.source_edition(scan)  # pages naming two editions stop the run here
    _tag_run(context, {"ubcal/edition": edition.edition})
    previous_id, previous_hashes = current_page_hashes(StoreLayout(settings.store), edition.edition)
    changes = page_changes(previous_hashes, {p.url: p.sha256 for p in scan.pages})
    metadata = {
        "edition": edition.edition, "pages_naming_edition": sum(edition.pages.values()),
        "pages_naming_no_edition": edition.unmarked,
        "source": settings.crawl_url or str(settings.source), "pages": len(scan.pages),
        "unusable_pages": len(scan.problems), "unusable": _problems_md(scan.problems),
        "fingerprint": scan.fingerprint, "compared_with_version": previous_id or "none",
        **changes, "duration_s": round(time.perf_counter() - start, 3)}
    if crawl is not None:
        metadata.update({"requests": crawl.requested, "downloaded": crawl.downloaded,
                         "not_modified_304": crawl.not_modified, "retried": crawl.retried,
                         "gone": len(crawl.gone), "skipped_robots": len(crawl.skipped_robots),
                         "skipped_non_html": len(crawl.skipped_non_html)})
    return Output(scan, metadata=metadata)


@asset(group_name=GROUP, description="Pages parsed into citable sections (courses, program tables, policies).")
def calendar_sections(context: AssetExecutionContext, calendar_source: SourceScan,
                      ubcal: UbcalConfig) -> Output[ParsedCalendar]:
    start = time.perf_counter()
    edition = build_steps.source_edition(calendar_source).edition
    previous = PreviousVersion.load(StoreLayout(ubcal.settings().store), edition)
    parsed = build_steps.parse_calendar(calendar_source, previous)
    for problem in parsed.problems[len(calendar_source.problems):]:
        context.log.warning(f"unparseable page {problem.message()}")
    return Output(parsed, metadata={
        "pages": len(parsed.pages), "sections": parsed.n_sections, "courses": parsed.count_courses(),
        "program_pages": parsed.count_kind("program"), "policy_pages": parsed.count_kind("policy"),
        "pages_parsed": len(parsed.pages) - len(parsed.reused_urls), "pages_reused": len(parsed.reused_urls),
        "unusable_pages": len(parsed.problems), "unusable": _problems_md(parsed.problems),
        "duration_s": round(time.perf_counter() - start, 3)})


@asset(group_name=GROUP, description="Course facts (credits, parsed prerequisite trees, exclusions), the "
                                      "requirement graph and program requirements by year and term.")
def calendar_facts(calendar_sections: ParsedCalendar) -> Output[CalendarFacts]:
    start = time.perf_counter()
    facts, reused_pages = build_steps.calendar_facts(calendar_sections)
    summary = {**build_steps.facts_summary(facts), "pages_reused": reused_pages}
    examples = "\n".join(f"- `{e['code']}`: {e['unparsed'][0][:160] if e['unparsed'] else ''}"
                         for e in facts.unparsed_examples[:UNPARSED_EXAMPLES]) or "none"
    return Output(facts, metadata={**summary, "unparsed_examples": MetadataValue.md(examples),
                                   "duration_s": round(time.perf_counter() - start, 3)})


@asset(group_name=GROUP, description="Sections split into chunks with context headers and stable ids.")
def calendar_chunks(calendar_sections: ParsedCalendar, ubcal: UbcalConfig) -> Output[pa.Table]:
    start = time.perf_counter()
    chunks, reused_pages = build_steps.chunk_calendar(calendar_sections, ubcal.settings(),
                                                      token_window(ubcal.embedder().model_dir))
    lengths = pc.utf8_length(chunks.column("text")).to_numpy() if chunks.num_rows else np.zeros(1)
    return Output(chunks, metadata={
        "chunks": chunks.num_rows, "pages_chunked": len(calendar_sections.pages) - reused_pages,
        "pages_reused": reused_pages, "max_chars": int(lengths.max()), "median_chars": float(np.median(lengths)),
        "duration_s": round(time.perf_counter() - start, 3)})


@asset(group_name=GROUP, description="Unit-length float32 embeddings; only text not in the cache is embedded.")
def chunk_embeddings(context: AssetExecutionContext, calendar_chunks: pa.Table,
                     ubcal: UbcalConfig) -> Output[np.ndarray]:
    settings = ubcal.settings()
    embedder = ubcal.embedder()
    result: EmbedResult = build_steps.embed_chunks(calendar_chunks, embedder, StoreLayout(settings.store),
                                                   show_progress=ubcal.show_progress)
    context.log.info(f"embedded {result.embedded} chunks, reused {result.reused} from the cache")
    rate = result.embedded / result.seconds if result.embedded and result.seconds else 0.0
    return Output(result.vectors, metadata={
        "chunks": int(result.vectors.shape[0]), "embedded": result.embedded, "reused_from_cache": result.reused,
        "chunks_per_second": round(rate, 1), "model": embedder.model_id,
        "duration_s": round(result.seconds, 3)})


@asset(group_name=GROUP, description="FAISS index over the chunk embeddings (serialized bytes).")
def faiss_index(chunk_embeddings: np.ndarray, ubcal: UbcalConfig) -> Output[np.ndarray]:
    start = time.perf_counter()
    settings = ubcal.settings()
    index = build_faiss_index(chunk_embeddings, settings.faiss_index, settings.hnsw_m)
    return Output(faiss.serialize_index(index), metadata={
        "vectors": int(index.ntotal), "kind": settings.faiss_index,
        "duration_s": round(time.perf_counter() - start, 3)})


@asset(group_name=GROUP, description="BM25Okapi postings over the chunks, with a code-aware tokenizer.")
def bm25_index(calendar_chunks: pa.Table, calendar_sections: ParsedCalendar,
               ubcal: UbcalConfig) -> Output[BM25Index]:
    start = time.perf_counter()
    bm25 = build_steps.build_bm25(calendar_chunks, calendar_sections, ubcal.settings())
    return Output(bm25, metadata={
        "documents": bm25.n_docs, "terms": len(bm25.vocab), "avg_doc_tokens": round(bm25.avgdl, 1),
        "duration_s": round(time.perf_counter() - start, 3)})


@asset(group_name=GROUP, description="The published, immutable index version (CURRENT points at it).")
def index_version(context: AssetExecutionContext, ubcal: UbcalConfig, calendar_source: SourceScan,
                  calendar_sections: ParsedCalendar, calendar_chunks: pa.Table,
                  chunk_embeddings: np.ndarray, faiss_index: np.ndarray,
                  bm25_index: BM25Index, calendar_facts: CalendarFacts) -> Output[PublishResult]:
    start = time.perf_counter()
    settings = ubcal.settings()
    layout = StoreLayout(settings.store)
    # what the facts_parse_coverage check judged, kept with the version and its audit line
    rule = CoverageRule.from_settings(settings)
    edition = build_steps.source_edition(calendar_source).edition
    coverage = build_steps.parse_coverage_change(calendar_facts, layout, edition)
    verdict = judge(coverage, rule)
    warnings = [summary(coverage, verdict, rule)] if verdict == WARN else []
    built = build_steps.BuiltIndex(calendar_source, calendar_sections, calendar_chunks, chunk_embeddings,
                                   faiss.deserialize_index(faiss_index), bm25_index, calendar_facts, edition)
    result = build_steps.publish_index(
        layout, settings, ubcal.embedder(), built,
        extra={"build": {"dagster_run_id": context.run.run_id},
               "parse_coverage": {"verdict": verdict, **coverage.to_dict()}, "warnings": warnings},
        gate=build_steps.smoke_gate(ubcal.embedder(), settings))
    for warning in warnings:
        context.log.warning(warning)
    if result.published:
        context.log.info(f"published version {result.version_id} of edition {result.edition} "
                         f"(parent {result.parent}; CURRENT {'moved' if result.current_changed else 'unchanged'})")
    else:
        context.log.info(f"unchanged input and settings: version {result.version_id} already published; "
                         "nothing new written")
    return Output(result, metadata={
        "version_id": result.version_id, "edition": result.edition, "published": result.published,
        "parent": str(result.parent), "current_changed": result.current_changed,
        "edition_current_changed": result.edition_current_changed, "path": str(result.path),
        "warnings": MetadataValue.json(warnings),
        "duration_s": round(time.perf_counter() - start, 3)})


@asset_check(asset=calendar_sections, blocking=True,
             description="Every page with text parsed to at least one section.")
def every_page_has_sections(calendar_sections: ParsedCalendar) -> AssetCheckResult:
    empty = [p.url for p in calendar_sections.pages if not p.sections]
    return AssetCheckResult(passed=not empty and bool(calendar_sections.pages),
                            metadata={"pages": len(calendar_sections.pages), "pages_without_sections": len(empty)})


@asset_check(asset=calendar_facts, blocking=True, additional_ins={"calendar_source": AssetIn("calendar_source")},
             description="Prerequisite parse coverage against the same edition's current version. Courses "
                         "whose prerequisite became unreadable are a WARN (the version publishes; they answer \"cannot tell\", quoting the "
                         "sentence); a drop beyond UBCAL_PARSE_COVERAGE_MAX_DROP percentage points or more than "
                         "UBCAL_PARSE_COVERAGE_MAX_NEW_UNREADABLE newly unreadable courses means a broken parser "
                         "and blocks (ERROR).")
def facts_parse_coverage(context: AssetCheckExecutionContext, calendar_facts: CalendarFacts,
                         calendar_source: SourceScan, ubcal: UbcalConfig) -> AssetCheckResult:
    settings = ubcal.settings()
    rule = CoverageRule.from_settings(settings)
    edition = build_steps.source_edition(calendar_source).edition
    change = build_steps.parse_coverage_change(calendar_facts, StoreLayout(settings.store), edition)
    verdict = judge(change, rule) if calendar_facts.courses.num_rows else BLOCK
    line = (summary(change, verdict, rule) if calendar_facts.courses.num_rows
            else "no course facts: the build read no course at all; not published")
    _tag_run(context, {"ubcal/parse_coverage": verdict, "ubcal/parse_coverage_pct": f"{change.coverage * 100:.2f}",
                       "ubcal/parse_coverage_change_pp": "none" if change.change_pp is None else f"{change.change_pp:+.2f}",
                       "ubcal/newly_unreadable": str(len(change.became_unreadable))})
    if verdict != OK:
        (context.log.error if verdict == BLOCK else context.log.warning)(line)
    unreadable = "\n".join(f"- `{c['code']}`: {c['prerequisite'][:200]}" for c in change.became_unreadable)
    return AssetCheckResult(
        passed=verdict == OK, severity=AssetCheckSeverity.ERROR if verdict == BLOCK else AssetCheckSeverity.WARN,
        description=line,
        metadata={"verdict": verdict, "summary": line, "coverage": round(change.coverage, 4),
                  "previous_coverage": round(change.previous, 4) if change.previous is not None else "none",
                  "change_pp": change.change_pp if change.change_pp is not None else "none",
                  "compared_with_version": change.compared_with or "none",
                  "prerequisite_sentences": calendar_facts.prerequisite_sentences,
                  "unparsed": len(calendar_facts.unparsed_examples),
                  "newly_unreadable": len(change.became_unreadable),
                  "newly_unreadable_courses": MetadataValue.md(unreadable or "none"),
                  "became_readable": MetadataValue.json(change.became_readable),
                  "max_drop_pp": rule.max_drop_pp, "max_new_unreadable": rule.max_new_unreadable})


def _tag_run(context: AssetCheckExecutionContext | AssetExecutionContext, tags: dict[str, str]) -> None:
    """Record the outcome on the run itself, so runs the schedule or the sensor started show it in the run
    list: the edition built and the parse coverage."""
    try:
        context.instance.add_run_tags(context.run.run_id, tags)
    except Exception as exc:  # noqa: BLE001 - a run storage without tag updates must not fail the build
        context.log.warning(f"could not tag the run with {', '.join(tags)}: {exc}")


@asset_check(asset=calendar_chunks, blocking=True, description="Chunk ids are unique.")
def chunk_ids_unique(calendar_chunks: pa.Table) -> AssetCheckResult:
    ids = calendar_chunks.column("chunk_id").to_pylist()
    return AssetCheckResult(passed=len(ids) == len(set(ids)) and bool(ids),
                            metadata={"chunks": len(ids), "duplicates": len(ids) - len(set(ids))})


@asset_check(asset=chunk_embeddings, blocking=True, additional_ins={"calendar_chunks": AssetIn("calendar_chunks")},
             description="One unit-norm vector per chunk.")
def vectors_match_chunks(chunk_embeddings: np.ndarray, calendar_chunks: pa.Table) -> AssetCheckResult:
    norms = np.linalg.norm(chunk_embeddings, axis=1) if len(chunk_embeddings) else np.zeros(0)
    worst = float(np.abs(norms - 1).max()) if len(norms) else 1.0
    passed = chunk_embeddings.shape[0] == calendar_chunks.num_rows and worst < 1e-3
    return AssetCheckResult(passed=passed, metadata={
        "vectors": int(chunk_embeddings.shape[0]), "chunks": calendar_chunks.num_rows,
        "max_norm_error": worst})


@asset_check(asset=faiss_index, blocking=True, additional_ins={"calendar_chunks": AssetIn("calendar_chunks")},
             description="The FAISS index holds one vector per chunk.")
def faiss_count_matches(faiss_index: np.ndarray, calendar_chunks: pa.Table) -> AssetCheckResult:
    n = int(faiss.deserialize_index(faiss_index).ntotal)
    return AssetCheckResult(passed=n == calendar_chunks.num_rows,
                            metadata={"vectors": n, "chunks": calendar_chunks.num_rows})


@asset_check(asset=bm25_index, blocking=True, additional_ins={"calendar_chunks": AssetIn("calendar_chunks")},
             description="The BM25 index holds one document per chunk.")
def bm25_count_matches(bm25_index: BM25Index, calendar_chunks: pa.Table) -> AssetCheckResult:
    return AssetCheckResult(passed=bm25_index.n_docs == calendar_chunks.num_rows,
                            metadata={"documents": bm25_index.n_docs, "chunks": calendar_chunks.num_rows})


@asset_check(asset=index_version,
             description="Course codes retrieve their own section first; chunk texts find themselves by vector. "
                         "Runs inside the publish step before CURRENT switches (assets.smoke); a failure "
                         "publishes nothing and fails the run, so this reports what that run found.")
def retrieval_smoke(index_version: PublishResult) -> AssetCheckResult:
    smoke = index_version.smoke
    if smoke is None:
        # already CURRENT and verified: it passed this check when CURRENT was switched to it
        return AssetCheckResult(passed=True, metadata={
            "version_id": index_version.version_id, "note": "already current; checked before it was made current"})
    return AssetCheckResult(
        passed=smoke["passed"], severity=AssetCheckSeverity.ERROR,
        metadata={"codes_checked": MetadataValue.json(smoke["codes_checked"]),
                  "misses": MetadataValue.json(smoke["misses"])})

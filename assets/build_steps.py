"""The index build as plain functions, one per stage.

Dagster assets (``pipelines.calendar_assets``) are thin wrappers over these, and
tests call them directly. Each returns what the next stage needs plus the
figures a run's metadata reports.
"""

from __future__ import annotations

import platform
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from urllib.parse import urlsplit

import numpy as np
import pyarrow as pa

from assets.chunk import chunk_section
from assets.edition import EditionReading, read_edition
from assets.embed import EmbedResult, embed_with_cache
from assets.identity import build_parameters, models_manifest
from assets.indexing import build_bm25_index
from assets.parse import PageParseError, ParsedPage, parse_page
from assets.facts import CalendarFacts, PageFacts, extract_facts
from assets.publish import Gate, PublishResult, VersionArtifacts, compute_version_id, publish_version
from assets.tokens import TokenWindow
from assets.crawl import CrawlSettings, CrawlStats, crawl_site
from assets.incremental import PreviousVersion
from assets.sources import SourceProblem, SourceScan, scan_saved_site
from assets.tables import (CHUNKS_SCHEMA, chunks_table, embeddings_table, indexed_texts, pages_table,
                           sections_table)
from rag.index.bm25 import BM25Index
from rag.index.config import Settings
from rag.index.embedder import Embedder
from rag.index.parse_coverage import CoverageChange, compare, coverage_rows, read_rows
from rag.index.editions import edition_current
from rag.index.store import StoreError, StoreLayout

LIBRARIES = ("ubcal", "faiss-cpu", "pyarrow", "rank-bm25", "sentence-transformers", "torch",
             "transformers", "selectolax", "numpy", "dagster")


@dataclass
class ParsedCalendar:
    pages: list[ParsedPage]
    paths: dict[str, str]
    hashes: dict[str, str]
    problems: list[SourceProblem] = field(default_factory=list)
    reused_urls: set[str] = field(default_factory=set)  # parse results taken from the previous version
    previous: PreviousVersion | None = None

    @property
    def subjects(self) -> list[str]:
        return sorted({s.subject for p in self.pages for s in p.sections if s.subject})

    @property
    def n_sections(self) -> int:
        return sum(len(p.sections) for p in self.pages)

    def count_kind(self, kind: str) -> int:
        return sum(1 for p in self.pages if p.kind == kind)

    def count_courses(self) -> int:
        return sum(1 for p in self.pages for s in p.sections if s.kind == "course")


def crawl_settings(settings: Settings) -> CrawlSettings:
    return CrawlSettings(base_url=settings.crawl_url,
                         seeds=[s.strip() for s in settings.crawl_seeds.split(",") if s.strip()],
                         concurrency=settings.crawl_concurrency, rate_per_second=settings.crawl_rate,
                         timeout_seconds=settings.crawl_timeout, retries=settings.crawl_retries,
                         max_page_bytes=settings.max_page_bytes)


def read_source(settings: Settings) -> tuple[SourceScan, CrawlStats | None]:
    """The calendar's pages: crawled from UBCAL_CRAWL_URL when set, else read from the saved folder."""
    if settings.crawl_url:
        host = urlsplit(settings.crawl_url).netloc.replace(":", "_")
        return crawl_site(crawl_settings(settings), StoreLayout(settings.store).crawl_state / host)
    return scan_saved_site(settings.source, settings.max_page_bytes), None


def parse_calendar(scan: SourceScan, previous: PreviousVersion | None = None) -> ParsedCalendar:
    """Parse every page (reusing the previous version's result for unchanged ones); failures are named."""
    pages, problems, reused = [], list(scan.problems), set()
    for record in scan.pages:
        if previous is not None and previous.unchanged(record.url, record.sha256):
            pages.append(previous.pages[record.url])
            reused.add(record.url)
            continue
        try:
            pages.append(parse_page(record))
        except PageParseError as exc:
            problems.append(SourceProblem(record.path, str(exc).split(": ", 1)[-1]))
    return ParsedCalendar(pages=pages, paths={r.url: r.path for r in scan.pages},
                          hashes={r.url: r.sha256 for r in scan.pages}, problems=problems,
                          reused_urls=reused, previous=previous)


def chunk_calendar(parsed: ParsedCalendar, settings: Settings,
                   window: TokenWindow | None = None) -> tuple[pa.Table, int]:
    """The chunk table, and how many pages' chunks were reused from the previous version.

    ``window`` is the embedding model's token window; chunks that would overflow it are split.
    """
    subjects = parsed.subjects
    previous = parsed.previous
    window_params = window.parameters() if window is not None else {}
    can_reuse = (previous is not None and previous.subjects == subjects
                 and previous.parameters.get("chunk_size") == settings.chunk_size
                 and previous.parameters.get("chunk_overlap") == settings.chunk_overlap
                 and all(previous.parameters.get(k) == v for k, v in window_params.items()))
    rows: list[dict] = []
    reused_pages = 0
    for page in parsed.pages:
        if can_reuse and page.url in parsed.reused_urls and page.url in previous.chunk_rows:
            rows += previous.chunk_rows[page.url]
            reused_pages += 1
            continue
        chunks = [c for s in page.sections
                  for c in chunk_section(s, page.title, settings.chunk_size, settings.chunk_overlap, subjects)]
        if window is not None:  # count the page's chunks in one batch; re-split only sections that overflow
            counts = window.count_many([f"{c.context_header}\n{c.text}" for c in chunks])
            over = {c.section_id for c, n in zip(chunks, counts) if n > window.max_tokens}
            if over:
                chunks = [c for s in page.sections
                          for c in chunk_section(s, page.title, settings.chunk_size, settings.chunk_overlap,
                                                 subjects, window if s.section_id in over else None)]
        rows += chunks_table(chunks).to_pylist()
    return pa.Table.from_pylist(rows, schema=CHUNKS_SCHEMA), reused_pages


def embed_chunks(chunks: pa.Table, embedder: Embedder, layout: StoreLayout,
                 show_progress: bool = False) -> EmbedResult:
    return embed_with_cache(indexed_texts(chunks), embedder, layout.embedding_cache, show_progress)


def build_bm25(chunks: pa.Table, parsed: ParsedCalendar, settings: Settings) -> BM25Index:
    return build_bm25_index(chunks, parsed.subjects, settings.bm25_k1, settings.bm25_b, settings.bm25_epsilon)


def library_versions() -> dict[str, str]:
    found = {"python": platform.python_version()}
    for name in LIBRARIES:
        try:
            found[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            continue
    return found


def calendar_facts(parsed: ParsedCalendar) -> tuple[CalendarFacts, int]:
    """Course facts, the requirement graph and program requirements of the parsed calendar, and how
    many pages' rows were taken from the previous version.

    A page's rows are reused when the page itself was (same bytes, parser and build code) and the
    calendar's subject codes are unchanged, since those decide what counts as a code in its text.
    """
    previous, subjects = parsed.previous, parsed.subjects
    reused: dict[str, PageFacts] = {}
    if previous is not None and previous.subjects == subjects and parsed.reused_urls:
        rows = previous.page_facts()
        reused = {url: rows[url] for url in parsed.reused_urls if url in rows}
    return extract_facts(parsed.pages, subjects, reused), len(reused)


def facts_summary(facts: CalendarFacts) -> dict:
    """What the manifest records of the facts: counts and prerequisite parse coverage."""
    return {"courses": facts.courses.num_rows, "edges": facts.edges.num_rows,
            "program_rows": facts.programs.num_rows, "prerequisite_sentences": facts.prerequisite_sentences,
            "prerequisite_parsed": facts.prerequisite_parsed, "coverage": round(facts.coverage, 4)}


def parse_coverage_change(facts: CalendarFacts, layout: StoreLayout, edition: str | None = None) -> CoverageChange:
    """The facts' prerequisite parse coverage against the same edition's current version (nothing to
    compare: none yet, or one without course facts or whose facts cannot be read). Another edition's
    courses differ by design (hundreds of reworded prerequisites), so they say nothing about the parser."""
    after = coverage_rows(facts.courses.column("code").to_pylist(), facts.courses.column("prerequisite").to_pylist(),
                          facts.courses.column("prerequisite_parsed").to_pylist())
    try:
        current = edition_current(layout, edition) if edition else layout.current_id()
        before = read_rows(layout.version_dir(current)) if current else None
    except (StoreError, OSError, pa.ArrowException):
        current, before = None, None
    return compare(before, after, current if before is not None else None)


@dataclass
class BuiltIndex:
    """Everything one build made, ready to publish as a version."""
    scan: SourceScan
    parsed: ParsedCalendar
    chunks: pa.Table
    vectors: np.ndarray
    faiss_index: object  # a faiss index over ``vectors``
    bm25: BM25Index
    facts: CalendarFacts
    edition: str | None = None  # the calendar edition its pages name (None: read it from ``scan`` at publish)


def source_edition(scan: SourceScan) -> EditionReading:
    """The edition the pages name (``unknown`` when none does); EditionConflict when they disagree."""
    return read_edition(scan)


def publish_index(layout: StoreLayout, settings: Settings, embedder: Embedder, built: BuiltIndex,
                  extra: dict | None = None, gate: Gate | None = None) -> PublishResult:
    scan, parsed, chunks, vectors = built.scan, built.parsed, built.chunks, built.vectors
    faiss_index, bm25, facts = built.faiss_index, built.bm25, built.facts
    if vectors.shape[0] != chunks.num_rows or bm25.n_docs != chunks.num_rows:
        raise ValueError(f"refusing to publish: {chunks.num_rows} chunks, {vectors.shape[0]} vectors, "
                         f"{bm25.n_docs} BM25 documents")
    edition = built.edition or read_edition(scan).edition
    models = models_manifest(embedder)
    parameters = build_parameters(settings, embedder.model_dir)
    version_id = compute_version_id(scan.fingerprint, parameters, models)
    artifacts = VersionArtifacts(
        pages=pages_table(parsed.pages, parsed.paths, parsed.hashes),
        sections=sections_table(parsed.pages), chunks=chunks,
        embeddings=embeddings_table(chunks.column("chunk_id").to_pylist(), vectors),
        faiss_index=faiss_index, bm25=bm25, facts=facts)
    manifest_fields = {
        "edition": edition,
        "source": {"root": str(Path(scan.root).resolve()), "fingerprint": scan.fingerprint,
                   "unusable_pages": [{"path": p.path, "reason": p.reason} for p in parsed.problems]},
        "parameters": parameters,
        "models": models,
        "libraries": library_versions(),
        "counts": {"pages": len(parsed.pages), "sections": parsed.n_sections,
                   "courses": parsed.count_courses(), "program_pages": parsed.count_kind("program"),
                   "chunks": chunks.num_rows, "vectors": int(faiss_index.ntotal),
                   "bm25_documents": bm25.n_docs, "dimension": int(vectors.shape[1]),
                   "unusable_pages": len(parsed.problems)},
        "facts": facts_summary(facts),
        **(extra or {}),
    }
    return publish_version(layout, version_id, artifacts, manifest_fields, gate)


def smoke_gate(embedder: Embedder, settings: Settings) -> Gate:
    """The retrieval smoke check as a publish gate: it runs before CURRENT may switch."""
    from assets.smoke import retrieval_smoke

    return lambda folder, version_id: retrieval_smoke(folder, version_id, embedder, settings.rrf_k,
                                                      settings.year_level_window)

"""Open one published version for querying, refusing anything that does not check out.

Loading verifies every file against the manifest's sha256 before parsing it,
so a flipped byte surfaces as an IntegrityError naming the file, never as a
crash inside faiss or a silently wrong answer. Counts in the manifest are
checked against what was loaded.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

import faiss
import pyarrow.parquet as pq

from rag.index.bm25 import BM25Index
from rag.index.editions import edition_of
from rag.index.facts import FactStore
from rag.index.leases import Lease
from rag.index.codes import course_level
from rag.index.store import MANIFEST, IntegrityError, StoreError, StoreLayout, verify_files

CHUNK_COLUMNS = ("chunk_id", "url", "anchor", "kind", "page_title", "heading", "course_code",
                 "course_codes", "text", "context_header")


class LazyColumns(Mapping):
    """Chunk columns as Python lists, each converted on first use.

    Converting all ten columns of 10k chunks took 0.6 s of a cold `ubcal ask`; a question the
    calendar answers without retrieval (an unknown code, a fact) needs only the code, title, URL and
    kind columns, and the texts are the largest.
    """

    def __init__(self, table) -> None:
        self._table = table
        self._lists: dict[str, list] = {}

    def __getitem__(self, name: str) -> list:
        if name not in self._lists:
            if name not in self._table.column_names:
                raise KeyError(name)
            self._lists[name] = self._table.column(name).to_pylist()
        return self._lists[name]

    def __iter__(self):
        return iter(self._table.column_names)

    def __len__(self) -> int:
        return len(self._table.column_names)


@dataclass
class LoadedIndex:
    version_id: str
    manifest: dict
    folder: Path
    chunks: Mapping[str, list]
    faiss_index: faiss.Index
    bm25: BM25Index
    load_seconds: float
    lease: Lease | None = None  # held while this version is open, so gc leaves it alone

    @property
    def edition(self) -> str:
        """The calendar edition this version is (``unknown`` for versions built before editions)."""
        return edition_of(self.manifest)

    @property
    def n_chunks(self) -> int:
        return self.chunks._table.num_rows if isinstance(self.chunks, LazyColumns) else len(self.chunks["chunk_id"])

    @cached_property
    def facts(self) -> FactStore | None:
        """The version's calendar facts (None for versions built before facts existed)."""
        return FactStore.load(self.folder)

    @cached_property
    def known_courses(self) -> set[str]:
        return {c for c in self.chunks["course_code"] if c}

    @cached_property
    def subjects(self) -> list[str]:
        """The calendar's subjects, and those only its requirements still name (a retired "GEOB 207" in a
        prerequisite list): a student who says they did such a course is read as naming a course."""
        named = {code.split()[0] for code in (self.facts.required_by if self.facts else {})}
        return list(dict.fromkeys([*self.bm25.subjects, *sorted(named - set(self.bm25.subjects))]))

    @cached_property
    def program_titles(self) -> dict[str, str]:
        """Program page title -> URL, for spotting a named program in a question."""
        return {t: u for t, u, k in zip(self.chunks["page_title"], self.chunks["url"], self.chunks["kind"])
                if k == "program"}

    @cached_property
    def rows_by_course(self) -> dict[str, list[int]]:
        rows: dict[str, list[int]] = {}
        for i, code in enumerate(self.chunks["course_code"]):
            if code:
                rows.setdefault(code, []).append(i)
        return rows

    @cached_property
    def course_levels(self) -> list[int | None]:
        """Year level of each row's course (None for program, policy and page chunks)."""
        return [course_level(code) for code in self.chunks["course_code"]]

    @cached_property
    def row_of(self) -> dict[str, int]:
        return {cid: i for i, cid in enumerate(self.chunks["chunk_id"])}

    @cached_property
    def rows_by_url(self) -> dict[str, list[int]]:
        rows: dict[str, list[int]] = {}
        for i, url in enumerate(self.chunks["url"]):
            rows.setdefault(url, []).append(i)
        return rows


def _read_faiss(path: Path) -> faiss.Index:
    """Memory-map the vectors (IO_FLAG_MMAP_IFC maps flat codes, faiss >= 1.9); else read them."""
    flags = getattr(faiss, "IO_FLAG_MMAP_IFC", faiss.IO_FLAG_MMAP) | faiss.IO_FLAG_READ_ONLY
    try:
        return faiss.read_index(str(path), flags)
    except RuntimeError:
        return faiss.read_index(str(path))


def _leased(layout: StoreLayout, version_id: str | None) -> tuple[str, Lease]:
    """Resolve and lease a version; if gc removed it between the two, resolve once more."""
    for _ in range(2):
        resolved = layout.resolve(version_id)
        lease = Lease(layout, resolved)
        if (layout.version_dir(resolved) / MANIFEST).is_file():
            return resolved, lease
        lease.release()
    raise StoreError(f"version {resolved} disappeared while it was being opened; try again")


def open_index(layout: StoreLayout, version_id: str | None = None, verify: bool = True) -> LoadedIndex:
    start = time.perf_counter()
    version_id, lease = _leased(layout, version_id)
    manifest = layout.read_manifest(version_id)
    folder = layout.version_dir(version_id)
    if verify:
        problems = verify_files(layout, version_id, manifest)
        if problems:
            raise IntegrityError(f"version {version_id} failed its checksum check: " + "; ".join(problems)
                                 + " (run `ubcal verify` for details, or roll back)")
    loaded = load_folder(folder, version_id, manifest)
    loaded.load_seconds = time.perf_counter() - start
    loaded.lease = lease
    return loaded


def load_folder(folder: Path, version_id: str, manifest: dict) -> LoadedIndex:
    """Parse a version folder's chunks, FAISS index and BM25 postings and check their counts.

    Separate from ``open_index`` so the build can check a staged version before it is published.
    """
    start = time.perf_counter()
    table = pq.read_table(folder / "chunks.parquet", columns=list(CHUNK_COLUMNS))
    chunks = LazyColumns(table)
    index = _read_faiss(folder / "faiss.index")
    bm25 = BM25Index.load(folder)
    counts = manifest.get("counts", {})
    found = {"chunks": table.num_rows, "vectors": int(index.ntotal), "bm25_documents": bm25.n_docs}
    wrong = {k: (v, counts.get(k)) for k, v in found.items() if counts.get(k) != v}
    if wrong:
        raise IntegrityError(f"version {version_id}: loaded counts disagree with its manifest: "
                             + ", ".join(f"{k} {v} (manifest {m})" for k, (v, m) in wrong.items()))
    return LoadedIndex(version_id, manifest, folder, chunks, index, bm25, time.perf_counter() - start)


"""The unchanged-rebuild fast path: know that CURRENT already is this build, before importing Dagster.

Rebuilding unchanged input used to import Dagster, sentence-transformers and
torch and run every asset only to find, at publish time, that the version id
already existed. The id is a pure function of the source fingerprint, the
build parameters, the model ids and the build code (``assets.identity``), all
of which are cheap to compute: read and hash the pages, hash the weights file.
When that id is CURRENT and its files verify, there is nothing to build and
nothing to publish. Anything else (another id, a damaged copy, a crawl, which
needs its conditional requests anyway) goes through the full Dagster job,
which also rebuilds a damaged copy instead of trusting it.
"""

from __future__ import annotations

from dataclasses import dataclass

from assets.edition import read_edition
from assets.identity import version_id_for
from assets.sources import scan_saved_site
from rag.index.audit import append_audit
from rag.index.config import Settings
from rag.index.editions import pointers_in_place
from rag.index.embedder import load_embedder
from rag.index.store import StoreError, StoreLayout


@dataclass
class Unchanged:
    version_id: str
    manifest: dict
    seconds: float


def unchanged_current(settings: Settings) -> Unchanged | None:
    """The manifest of the version building ``settings.source`` now would reproduce, when it already is
    its edition's current version (and CURRENT, if its edition is the store's newest).

    Pages naming two editions raise EditionConflict here, before Dagster loads.
    """
    import time

    start = time.perf_counter()
    if settings.crawl_url:
        return None
    layout = StoreLayout(settings.store)
    try:
        current = layout.current_id()
    except StoreError:
        return None
    if current is None:
        return None
    scan = scan_saved_site(settings.source, settings.max_page_bytes)
    if not scan.pages:
        return None  # let the full build say what is wrong with the source
    edition = read_edition(scan).edition
    version_id = version_id_for(settings, scan.fingerprint, load_embedder(settings))
    try:
        if not pointers_in_place(layout, version_id, edition):
            return None
    except StoreError:
        return None
    from rag.index.versions import verify_version  # faiss and pyarrow, only when there is something to verify

    if verify_version(layout, version_id):
        return None  # damaged: the full build sets it aside and rebuilds it
    manifest = layout.read_manifest(version_id)
    append_audit(layout, "build_unchanged", version=version_id, edition=edition, previous_current=current,
                 current_changed=False, fast_path=True)
    return Unchanged(version_id, manifest, time.perf_counter() - start)

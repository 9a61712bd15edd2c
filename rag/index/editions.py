"""Calendar editions in one store: which edition a version is, and each edition's current version.

A store can hold versions of several editions (2025/26 and 2026/27 side by side). The edition is read
from the pages by the build and recorded in the manifest (``"edition"``). Two kinds of pointer:

    <store>/CURRENT                     the newest edition's current version: what answers use by default
    <store>/editions/<slug>/CURRENT     each edition's own current version (slug: ``2025-26``)

Building (or rolling back) an edition moves that edition's pointer; CURRENT moves with it only when
no other edition in the store is newer, so building last year's calendar never changes what a plain
``ubcal ask`` answers from. A version whose manifest names no edition (every version built before
editions existed, or a source whose pages carry no banner) is the edition ``unknown``, which ranks
below every named one; a store holding only such versions behaves exactly as it always did, since
``unknown`` is then the newest edition and every switch moves CURRENT too.

The edition CURRENT is of has CURRENT as its current version, whatever its pointer says (so CURRENT
switched by hand, or by a build from before editions, is still the truth); any other edition has its
pointer, else (no pointer yet) its newest version, so old stores need no migration.
Every write here is called under the store's publish lock by its callers.
"""

from __future__ import annotations

import re
from pathlib import Path

from rag.index.store import CURRENT, VERSION_ID_RE, StoreError, StoreLayout, write_pointer

UNKNOWN_EDITION = "unknown"
EDITION_RE = re.compile(r"(20\d\d)\s*[/-]\s*(\d\d|20\d\d)")


def normalize_edition(text: str) -> str | None:
    """``2025/26``, ``2025-26`` and ``2025-2026`` are the same edition, written ``2025/26``; None when
    ``text`` names no edition (the second year must follow the first)."""
    text = text.strip()
    if text.lower() == UNKNOWN_EDITION:
        return UNKNOWN_EDITION
    match = EDITION_RE.fullmatch(text)
    if not match:
        return None
    first, second = int(match.group(1)), match.group(2)
    if int(second[-2:]) != (first + 1) % 100 or (len(second) == 4 and int(second) != first + 1):
        return None
    return f"{first}/{second[-2:]}"


def edition_rank(edition: str) -> int:
    """Newer editions rank higher; ``unknown`` below them all."""
    return int(edition[:4]) if edition != UNKNOWN_EDITION else -1


def edition_slug(edition: str) -> str:
    """The edition as a folder name: ``2025/26`` -> ``2025-26``."""
    return edition.replace("/", "-")


def edition_of(manifest: dict) -> str:
    """The edition a manifest records; ``unknown`` for versions built before editions existed."""
    return manifest.get("edition") or UNKNOWN_EDITION


def pointer_file(layout: StoreLayout, edition: str) -> Path:
    return layout.editions / edition_slug(edition) / CURRENT


def version_editions(layout: StoreLayout) -> dict[str, tuple[str, str]]:
    """Every published version's (edition, created); versions whose manifest cannot be read are left out."""
    found = {}
    for vid in layout.published_ids():
        try:
            manifest = layout.read_manifest(vid)
        except StoreError:
            continue
        found[vid] = (edition_of(manifest), manifest.get("created", ""))
    return found


def store_editions(layout: StoreLayout) -> list[str]:
    """The editions the store holds versions of, newest first."""
    return sorted({e for e, _ in version_editions(layout).values()}, key=edition_rank, reverse=True)


def _read_pointer(path: Path) -> str | None:
    try:
        value = path.read_text().strip()
    except FileNotFoundError:
        return None
    return value if VERSION_ID_RE.fullmatch(value) else None


def edition_current(layout: StoreLayout, edition: str, known: dict[str, tuple[str, str]] | None = None) -> str | None:
    """The edition's current version: CURRENT when CURRENT is of this edition (CURRENT is the truth for
    its edition, however it was switched), else the edition's pointer, else its newest version."""
    known = known if known is not None else version_editions(layout)
    mine = {vid: created for vid, (e, created) in known.items() if e == edition}
    current = layout.current_id()
    if current in mine:
        return current
    pointed = _read_pointer(pointer_file(layout, edition))
    if pointed in mine:
        return pointed
    return max(mine, key=lambda vid: (mine[vid], vid)) if mine else None


def current_ids(layout: StoreLayout) -> set[str]:
    """CURRENT and every edition's current version: what gc must never remove."""
    known = version_editions(layout)
    ids = {edition_current(layout, e, known) for e in {e for e, _ in known.values()}}
    current = layout.current_id()
    return {vid for vid in ids | {current} if vid}


def _moves_current(layout: StoreLayout, edition: str) -> bool:
    """Whether a switch within ``edition`` moves CURRENT too: no edition in the store is newer."""
    return all(edition_rank(edition) >= edition_rank(e) for e in store_editions(layout))


def pointers_in_place(layout: StoreLayout, version_id: str, edition: str) -> bool:
    """True when ``version_id`` already is its edition's current (and CURRENT, if its edition is the newest)."""
    if edition_current(layout, edition) != version_id:
        return False
    return not _moves_current(layout, edition) or layout.current_id() == version_id


def make_current(layout: StoreLayout, version_id: str, edition: str) -> bool:
    """Make a published version its edition's current; CURRENT follows only for the newest edition.
    Returns whether CURRENT moved. The caller holds the publish lock."""
    write_pointer(pointer_file(layout, edition), version_id)
    if _moves_current(layout, edition) and layout.current_id() != version_id:
        layout.switch_current(version_id)
        return True
    return False


def resolve_edition(layout: StoreLayout, edition: str | None) -> str:
    """The version id answering for ``edition`` (None: CURRENT, the newest edition's); an edition the
    store does not hold is an error listing the ones it does."""
    if edition is None:
        return layout.resolve(None)
    held = store_editions(layout)
    wanted = normalize_edition(edition)
    if wanted is None or wanted not in held:
        listing = ", ".join(held) if held else "none (run `ubcal build` first)"
        raise StoreError(f"no edition {edition!r} in the store {layout.root}; it holds: {listing}")
    found = edition_current(layout, wanted)
    if found is None:  # removed between the two reads
        raise StoreError(f"edition {wanted} has no version left in {layout.root}")
    return found

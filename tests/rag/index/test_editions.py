"""Editions in one store, on hand-written manifests: each edition's current version, and CURRENT
staying on the newest edition whatever order the editions are switched in."""

import json

import pytest

from rag.index.editions import (UNKNOWN_EDITION, current_ids, edition_current, edition_of, make_current,
                                normalize_edition, pointer_file, pointers_in_place, resolve_edition,
                                store_editions)
from rag.index.store import StoreError, StoreLayout


def version(layout: StoreLayout, vid: str, edition: str | None, created: str) -> str:
    """A published version folder with only a manifest: enough for the pointer rules."""
    folder = layout.versions / vid
    folder.mkdir(parents=True)
    manifest = {"id": vid, "created": created, **({"edition": edition} if edition else {})}
    (folder / "manifest.json").write_text(json.dumps(manifest))
    return vid


@pytest.fixture
def layout(tmp_path) -> StoreLayout:
    return StoreLayout(tmp_path / "store")


def test_edition_spellings_are_one_edition_and_non_editions_are_refused():
    assert normalize_edition("2025/26") == normalize_edition("2025-26") == normalize_edition("2025-2026") == "2025/26"
    assert normalize_edition("2025/27") is None and normalize_edition("2025") is None
    assert normalize_edition("unknown") == UNKNOWN_EDITION
    assert edition_of({}) == UNKNOWN_EDITION and edition_of({"edition": "2026/27"}) == "2026/27"


def test_building_an_older_edition_never_moves_current(layout):
    new = version(layout, "a" * 16, "2026/27", "2026-01-01")
    assert make_current(layout, new, "2026/27") is True
    old = version(layout, "b" * 16, "2025/26", "2026-02-01")  # built later, but an older edition
    assert make_current(layout, old, "2025/26") is False
    assert layout.current_id() == new
    assert edition_current(layout, "2025/26") == old and edition_current(layout, "2026/27") == new
    assert pointer_file(layout, "2025/26").read_text().strip() == old
    assert store_editions(layout) == ["2026/27", "2025/26"]
    assert current_ids(layout) == {old, new}


def test_the_newest_edition_built_after_an_older_one_takes_current(layout):
    old = version(layout, "b" * 16, "2025/26", "2026-01-01")
    make_current(layout, old, "2025/26")
    assert layout.current_id() == old  # the only edition is the newest one
    new = version(layout, "a" * 16, "2026/27", "2026-02-01")
    assert make_current(layout, new, "2026/27") is True and layout.current_id() == new
    assert pointers_in_place(layout, new, "2026/27") and pointers_in_place(layout, old, "2025/26")


def test_a_store_from_before_editions_keeps_its_current(layout):
    v1 = version(layout, "1" * 16, None, "2026-01-01")
    v2 = version(layout, "2" * 16, None, "2026-02-01")
    layout.switch_current(v1)  # rolled back once, long ago: no pointer files anywhere
    assert store_editions(layout) == [UNKNOWN_EDITION]
    assert edition_current(layout, UNKNOWN_EDITION) == v1  # CURRENT, not the newest
    assert resolve_edition(layout, None) == v1 and resolve_edition(layout, "unknown") == v1
    assert make_current(layout, v2, UNKNOWN_EDITION) is True and layout.current_id() == v2
    named = version(layout, "3" * 16, "2026/27", "2026-03-01")
    assert make_current(layout, named, "2026/27") is True  # a named edition outranks unknown
    assert current_ids(layout) == {v2, named}


def test_an_unknown_edition_is_an_error_listing_the_store_s_editions(layout):
    make_current(layout, version(layout, "a" * 16, "2026/27", "2026-01-01"), "2026/27")
    make_current(layout, version(layout, "b" * 16, "2025/26", "2026-01-02"), "2025/26")
    assert resolve_edition(layout, "2025-26") == "b" * 16
    for wanted in ("2024/25", "last year"):
        with pytest.raises(StoreError, match=r"no edition '.*' in the store .*; it holds: 2026/27, 2025/26"):
            resolve_edition(layout, wanted)


def test_a_pointer_to_a_version_that_is_gone_falls_back(layout):
    a = version(layout, "a" * 16, "2026/27", "2026-01-01")
    make_current(layout, a, "2026/27")
    pointer_file(layout, "2026/27").write_text("f" * 16 + "\n")  # names no published version
    assert edition_current(layout, "2026/27") == a

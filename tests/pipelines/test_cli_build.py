"""`ubcal build` from a fresh process: the unchanged fast path, a damaged CURRENT, crawling a URL."""

import json
import os
import subprocess
import sys

import pytest

from rag.index.store import StoreLayout
from rag.index.versions import verify_version
from tests.calendar_server import CalendarServer
from tests.conftest import ROOT, TinyCalendar, copy_store

PROBE = """
import json, sys
from typer.testing import CliRunner
from rag.cli import app
result = CliRunner().invoke(app, sys.argv[1:])
heavy = sorted({m.split('.')[0] for m in sys.modules} & {'dagster', 'torch', 'sentence_transformers'})
print(json.dumps({"exit": result.exit_code, "output": result.stdout, "heavy": heavy}))
"""


def cli_build(*args: str) -> dict:
    """Run `ubcal build --json ...` in a fresh process and say which heavy libraries it imported."""
    proc = subprocess.run([sys.executable, "-c", PROBE, "build", "--json", *args], cwd=ROOT, capture_output=True,
                          text=True, env={**os.environ})
    assert proc.returncode == 0, proc.stderr[-3000:]
    probe = json.loads(proc.stdout.strip().splitlines()[-1])
    assert probe["exit"] == 0, probe["output"]
    return {**json.loads(probe["output"]), "heavy": probe["heavy"]}


@pytest.fixture(scope="module")
def first_build(tmp_path_factory):
    """The sample calendar built once by `ubcal build` in a fresh process: the tests below rebuild copies of it."""
    base = tmp_path_factory.mktemp("cli-build")
    site = TinyCalendar(base / "calendar").copy_sample()
    first = cli_build("--source", str(site.root), "--store", str(base / "store"))
    return site, base / "store", first


def test_unchanged_rebuild_stops_before_dagster_and_publishes_nothing(first_build, tmp_path):
    site, built, first = first_build
    assert first["published"] and "dagster" in first["heavy"]
    store = copy_store(built, tmp_path / "store")
    audit_lines = len(StoreLayout(store).audit_log.read_text().splitlines())
    again = cli_build("--source", str(site.root), "--store", str(store))
    assert again["fast_path"] and not again["published"] and again["version_id"] == first["version_id"]
    assert again["heavy"] == []  # neither Dagster nor torch was imported
    assert again["chunks"] == first["chunks"] and again["pages"] == first["pages"]
    assert StoreLayout(store).published_ids() == [first["version_id"]]
    events = [json.loads(ln)["event"] for ln in StoreLayout(store).audit_log.read_text().splitlines()]
    assert events[audit_lines:] == ["build_unchanged"]


def test_a_damaged_current_is_rebuilt_not_reported_unchanged(first_build, tmp_path):
    site, built, first = first_build
    store = copy_store(built, tmp_path / "store")
    layout = StoreLayout(store)
    bm25 = layout.version_dir(first["version_id"]) / "bm25.npz"
    data = bytearray(bm25.read_bytes())
    data[-10] ^= 0xFF
    bm25.write_bytes(bytes(data))
    again = cli_build("--source", str(site.root), "--store", str(store))
    assert not again.get("fast_path") and again["published"] and again["version_id"] == first["version_id"]
    assert verify_version(layout, first["version_id"]) == [] and layout.current_id() == first["version_id"]


def test_build_source_url_crawls_the_site(tiny, tmp_path):
    site = tiny.copy_sample()
    with CalendarServer(site.site) as server:
        out = cli_build("--source", server.url, "--store", str(tmp_path / "store"))
        assert server.requests_for("/sitemap.xml")
    assert out["published"] and out["pages"] == 9
    assert (tmp_path / "store" / "crawl").is_dir()

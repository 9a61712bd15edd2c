"""Shared fixtures: the shipped sample calendar, the real snapshot (skipped when absent),
tiny calendars written into temp folders, and stores built once per session."""

from __future__ import annotations

import html
import os
import tempfile
import shutil
from pathlib import Path

import pytest

os.environ.setdefault("HF_HUB_OFFLINE", "1")
# every store a test makes, and every server it starts, shares the classifiers' trained weights (keyed by
# encoder and examples): trained once per run rather than once per store
os.environ.setdefault("UBCAL_CLASSIFIER_CACHE", tempfile.mkdtemp(prefix="ubcal-classifiers-"))

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "data" / "sample-calendar"
REAL = ROOT.parent / "shared" / "calendar" / "snapshot-2026-27"
HOST = "vancouver.calendar.ubc.ca"


@pytest.fixture(scope="session")
def sample_source() -> Path:
    return SAMPLE


@pytest.fixture(scope="session")
def real_source() -> Path:
    if not (REAL / HOST).is_dir():
        pytest.skip(f"real 2026/27 snapshot not found at {REAL} (it lives in ../shared/calendar beside the project)")
    return REAL


def page_html(title: str, main_body: str, crumbs: str = '<a href="/">Home</a>') -> str:
    """A page in the calendar's layout: navigation, breadcrumb, sidebar and footer around <main>."""
    return f"""<!DOCTYPE html><html><head><meta charset="utf-8"><title>{html.escape(title)} | UBC Academic Calendar</title></head>
<body><header class="site-header"><nav class="main-menu"><a href="/fees">Fees NAVTEXT</a></nav></header>
<div class="breadcrumb">{crumbs}</div>
<main id="main-content"><h1 class="page-title">{html.escape(title)}</h1>
{main_body}</main>
<aside class="sidebar"><h2>In this section</h2><p>SIDEBARTEXT</p></aside>
<footer class="site-footer"><p>FOOTERTEXT</p></footer></body></html>"""


def course_article(subject: str, number: str, credits: str, title: str, description: str) -> str:
    heading = f"{subject}_V {number} ({credits}) {title}"
    anchor = "-".join(heading.lower().replace("(", "").replace(")", "").replace("_", "-").split())
    return f'<article class="node" id="{anchor}"><h3>{html.escape(heading)}</h3><p>{html.escape(description)}</p></article>\n'


class TinyCalendar:
    """Writes a saved-site folder page by page, so each test states exactly what it reads."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.site = root / HOST
        self.site.mkdir(parents=True, exist_ok=True)

    def write(self, path: str, content: str | bytes) -> Path:
        target = self.site / path
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, str):
            content = content.encode("utf-8")
        target.write_bytes(content)
        return target

    def subject(self, stem: str, subject: str, courses: list[tuple[str, str, str, str]]) -> Path:
        body = "".join(course_article(subject, *c) for c in courses)
        return self.write(f"course-descriptions/subject/{stem}.html", page_html(f"{subject}_V", body))

    def copy_sample(self) -> "TinyCalendar":
        shutil.copytree(SAMPLE / HOST, self.site, dirs_exist_ok=True)
        return self


@pytest.fixture
def tiny(tmp_path: Path) -> TinyCalendar:
    return TinyCalendar(tmp_path / "calendar")


@pytest.fixture(scope="session")
def embedder():
    from rag.index.config import Settings
    from rag.index.embedder import load_embedder

    return load_embedder(Settings.from_env())


def _build_store(source: Path, store: Path) -> Path:
    from pipelines.run_build import run_build

    outcome = run_build(str(source), str(store))
    assert outcome.success, outcome.failure
    return store


@pytest.fixture(scope="session")
def sample_store(tmp_path_factory) -> Path:
    """The shipped sample calendar, built once per test session. Tests must not modify it."""
    return _build_store(SAMPLE, tmp_path_factory.mktemp("sample-store"))


@pytest.fixture(scope="session")
def real_store(tmp_path_factory, real_source) -> Path:
    """The real snapshot, built once per session (about a minute); read in place, stored in a temp folder."""
    return _build_store(real_source, tmp_path_factory.mktemp("real-store"))


@pytest.fixture(scope="session")
def sample_index(sample_store):
    from rag.index.loader import open_index
    from rag.index.store import StoreLayout

    return open_index(StoreLayout(sample_store))


@pytest.fixture(scope="session")
def real_index(real_store):
    from rag.index.loader import open_index
    from rag.index.store import StoreLayout

    return open_index(StoreLayout(real_store))


@pytest.fixture(scope="session")
def llm():
    from rag.index.config import Settings
    from rag.answer.llm import LocalLLM

    return LocalLLM(Settings.from_env())


RUNTIME_STATE = ("leases", ".publish.lock")  # lock files readers and writers take; not content


def tree_digest(folder: Path) -> dict[str, str]:
    """Every content file under a store with its sha256: to prove an operation changed nothing."""
    import hashlib

    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*"))
            if p.is_file() and not any(part in RUNTIME_STATE for part in p.relative_to(folder).parts)}


@pytest.fixture(scope="session")
def editions_store(tmp_path_factory):
    """One store holding two editions of the sample (``tests.editions``), built in the order that tests
    the CURRENT rule: 2025/26 (v1), then 2026/27, then 2025/26 again (v2, reworded). Read-only: tests
    that change it work on a copy (``copy_store``)."""
    from types import SimpleNamespace

    from rag.index.store import StoreLayout
    from tests.editions import reword, write_new, write_old

    base = tmp_path_factory.mktemp("editions")
    old, new, store = write_old(base / "old"), write_new(base / "new"), base / "store"
    old_v1 = _build_store_version(old, store)
    new_v = _build_store_version(new, store)
    reword(old)
    old_v2 = _build_store_version(old, store)
    return SimpleNamespace(layout=StoreLayout(store), old_v1=old_v1, new=new_v, old_v2=old_v2, old=old, new_root=new)


def _build_store_version(source: Path, store: Path) -> str:
    from pipelines.run_build import run_build

    outcome = run_build(str(source), str(store))
    assert outcome.success, outcome.failure
    return outcome.result.version_id


def copy_store(store: Path, target: Path) -> Path:
    """A private copy of a session store, without its lock files, for a test that changes it."""
    shutil.copytree(store, target, ignore=shutil.ignore_patterns(*RUNTIME_STATE))
    return target

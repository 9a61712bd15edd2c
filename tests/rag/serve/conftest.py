"""Fixtures for the server tests: a store with three real versions, and one server over it."""

from __future__ import annotations

import shutil

import pytest

from tests.conftest import TinyCalendar, page_html

# Calendar text that is also markup: it must reach every page as text, never as a live element.
XSS_TEXT = "Bring a pencil. <script>window.__xss_calendar = 1</script><img src=x onerror=\"window.__xss_img=1\">"


@pytest.fixture(scope="session")
def serve_store(tmp_path_factory, sample_store):
    """v1 = the sample calendar; v2 adds an exam-rules page whose text is markup; v3 edits it.

    CURRENT is left at v2, so v3 is a newer version nobody serves yet (tests publish it by switching
    CURRENT) and v1 is an older one. Tests that move CURRENT put it back.
    """
    from pipelines.run_build import run_build
    from rag.index.store import StoreLayout

    store = tmp_path_factory.mktemp("serve") / "store"
    shutil.copytree(sample_store, store, ignore=shutil.ignore_patterns("leases", ".publish.lock"))
    layout = StoreLayout(store)
    v1 = layout.current_id()
    calendar = TinyCalendar(tmp_path_factory.mktemp("serve-calendar")).copy_sample()
    rules = "campus-wide-policies-and-regulations/examination-hazards.html"
    calendar.write(rules, page_html("Examination Hazards", f"<h2>What to bring</h2><p>{_escape(XSS_TEXT)}</p>"))
    ids = [v1]
    for text in (XSS_TEXT, XSS_TEXT + " Phones must be switched off."):
        calendar.write(rules, page_html("Examination Hazards", f"<h2>What to bring</h2><p>{_escape(text)}</p>"))
        outcome = run_build(str(calendar.root), str(store))
        assert outcome.success, outcome.failure
        ids.append(outcome.result.version_id)
    layout.switch_current(ids[1])
    return layout, tuple(ids)


def _escape(text: str) -> str:
    import html

    return html.escape(text)


@pytest.fixture(scope="session")
def server(serve_store, tmp_path_factory):
    from rag.serve.launch import ServerProcess

    log = tmp_path_factory.mktemp("serve-log") / "server.log"
    with ServerProcess(serve_store[0].root, env={"UBCAL_SERVE_POLL_SECONDS": "0.2"}, log=log) as proc:
        yield proc

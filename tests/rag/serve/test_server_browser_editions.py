"""The audit tab's side-by-side editions in Chromium: one course compared, its changed words marked.

Same browser, skip rules and network rules as ``test_server_browser`` (Debian's chromium driven by
Playwright; only the server is reachable). Set UBCAL_SERVE_SCREENSHOT_DIR to keep the screenshot
(docs/editions-page.png comes from here).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.rag.serve.test_server_browser import ARGS, CHROMIUM, sync_api  # skips as that module does


@pytest.fixture(scope="module")
def editions_server(editions_store, tmp_path_factory):
    from rag.serve.launch import ServerProcess

    log = tmp_path_factory.mktemp("browser-editions-log") / "server.log"
    with ServerProcess(editions_store.layout.root, log=log) as proc:
        yield proc


@pytest.fixture
def page(editions_server, tmp_path):
    with sync_api.sync_playwright() as p:
        context = p.chromium.launch_persistent_context(
            str(tmp_path / "profile"), executable_path=CHROMIUM, headless=True, args=ARGS,
            viewport={"width": 1400, "height": 1000})
        context.route("**/*", lambda route: route.continue_() if route.request.url.startswith(editions_server.url)
                      else route.abort())
        page = context.new_page()
        problems: list[str] = []
        page.on("console", lambda m: problems.append(f"console {m.type}: {m.text}") if m.type == "error" else None)
        page.on("response", lambda r: problems.append(f"{r.status} {r.url}") if r.status >= 400 else None)
        page.problems = problems
        yield page
        context.close()


def shot(locator, tmp_path: Path, name: str) -> None:
    """One part of the page, where ``test_server_browser.shot`` keeps its screenshots."""
    folder = Path(os.environ.get("UBCAL_SERVE_SCREENSHOT_DIR") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    locator.screenshot(path=str(folder / name))


def compare(page, course: str) -> None:
    page.get_by_role("textbox", name="Course").fill(course)
    page.get_by_role("button", name="Compare editions").click()


def test_a_changed_course_side_by_side_with_its_words_marked(page, editions_server, tmp_path):
    page.goto(editions_server.url + "/")
    page.get_by_role("tab", name="Versions & audit").click()
    # the pickers default to the two newest editions
    sync_api.expect(page.locator("#compare-old")).to_have_value("2025/26")
    sync_api.expect(page.locator("#compare-new")).to_have_value("2026/27")
    compare(page, "stat 201")
    sync_api.expect(page.locator("#compare-title")).to_have_text(
        "STAT 201: 2 of 6 facets changed from 2025/26 to 2026/27")
    assert page.locator("#compare .note").count() == 0 and "null" not in page.locator("#compare").inner_text()
    heads = page.locator("#compare thead th").all_inner_texts()
    assert heads[1].startswith("2025/26") and heads[2].startswith("2026/27")
    prereq = page.locator('#compare tr[data-facet="prerequisite"]')
    assert prereq.locator("td.old").inner_text() == "STAT 251."
    assert prereq.locator("td.old del").all_inner_texts() == ["251."]
    assert prereq.locator("td.new ins").all_inner_texts() == ["200."]
    assert prereq.locator("td.old ins, td.new del").count() == 0  # each side marks only its own words
    # the description's changed words are the prerequisite's; the title is the same and dimmed
    description = page.locator('#compare tr[data-facet="description"]')
    assert description.locator("del").all_inner_texts() == ["251."]
    assert description.locator("ins").all_inner_texts() == ["200."]
    title = page.locator('#compare tr[data-facet="title"]')
    sync_api.expect(title).to_have_class("same")
    assert title.locator("del, ins").count() == 0
    dimmed = title.locator("td.new").evaluate("td => getComputedStyle(td).color")
    marked = prereq.locator("td.new").evaluate("td => getComputedStyle(td).color")
    assert dimmed != marked
    deleted = prereq.locator("td.old del").evaluate("d => getComputedStyle(d).textDecorationLine")
    assert "line-through" in deleted
    page.wait_for_load_state("networkidle")
    shot(page.locator("#compare-section"), tmp_path, "editions-page.png")

    # a course of one edition only: a note and one empty side; a course of neither: the server's message
    compare(page, "STAT 406")
    sync_api.expect(page.locator("#compare .note")).to_have_text(
        "STAT 406 is not in the 2025/26 calendar: that side is empty")
    assert page.locator('#compare tr[data-facet="title"] td.new ins').all_inner_texts() == [
        "Methods for Statistical Learning"]
    assert page.locator('#compare tr[data-facet="title"] td.old').inner_text() == "—"
    assert page.problems == []  # no console error and no failed request so far
    compare(page, "STAT 999")
    sync_api.expect(page.locator("#compare-error")).to_contain_text("404: no course STAT 999")
    assert page.locator("#compare table").count() == 0
    # the one failure is the 404 asked for (Chromium also logs it as a failed resource)
    assert [p for p in page.problems if not p.startswith("console error: Failed to load resource")] == [
        f"404 {editions_server.url}/api/editions/compare?course=STAT+999&old=2025%2F26&new=2026%2F27"]

"""The page end to end in a real headless browser: Debian's chromium driven by Playwright.

Nothing leaves the machine: requests to the server pass, requests to the calendar's
site are answered from the saved sample pages (so a citation link can be followed
to its section), and everything else is refused. Set UBCAL_SERVE_SCREENSHOT_DIR to
keep the screenshots (the README's come from here).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tests.conftest import HOST, SAMPLE
from tests.rag.serve.test_server import DECLINE_Q, MODEL_Q

sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is a dev dependency: pip install -e .[dev]")
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
if not Path(CHROMIUM).is_file():
    pytest.skip(f"Debian's chromium is not installed at {CHROMIUM}: run `bash scripts/install.sh --browser` "
                "(`make test` does; it runs apt-get install chromium, see /tmp/ubcal-chromium-install.log "
                "if that failed)", allow_module_level=True)

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture
def browser_page(server, tmp_path):
    with sync_api.sync_playwright() as p:
        context = p.chromium.launch_persistent_context(
            str(tmp_path / "profile"), executable_path=CHROMIUM, headless=True, args=ARGS,
            viewport={"width": 1400, "height": 1000})

        def route(route):
            url = route.request.url
            if url.startswith(server.url):
                route.continue_()
            elif urlsplit(url).hostname == HOST:
                saved = SAMPLE / HOST / (urlsplit(url).path.strip("/") + ".html")
                if saved.is_file():
                    route.fulfill(status=200, content_type="text/html", body=saved.read_bytes())
                else:
                    route.fulfill(status=404, body="not in the saved sample")
            else:
                route.abort()

        context.route("**/*", route)
        page = context.new_page()
        dialogs: list[str] = []
        page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
        page.dialogs = dialogs
        # what the browser console would show: errors, and any response of 400 or more (Playwright is not told
        # of the browser's own /favicon.ico request: test_server checks that one)
        problems: list[str] = []
        page.on("console", lambda m: problems.append(f"console {m.type}: {m.text}") if m.type == "error" else None)
        page.on("response", lambda r: problems.append(f"{r.status} {r.url}") if r.status >= 400 else None)
        page.problems = problems
        yield context, page
        context.close()


def shot(page, tmp_path: Path, name: str) -> None:
    folder = Path(os.environ.get("UBCAL_SERVE_SCREENSHOT_DIR") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(folder / name), full_page=True)


@pytest.mark.llm
def test_ask_stream_cite_switch_version_and_diff_in_a_browser(browser_page, server, serve_store, tmp_path):
    context, page = browser_page
    layout, (v1, v2, v3) = serve_store
    page.goto(server.url + "/")
    sync_api.expect(page.locator("#serving")).to_contain_text(v2)
    page.wait_for_load_state("networkidle")
    assert page.problems == []  # no 404 (such as /favicon.ico) and no console error on load

    # every control has a name of its own: one "Ask" button; the tabs are tabs, named apart from it
    ask_button = page.get_by_role("button", name="Ask", exact=True)
    sync_api.expect(ask_button).to_have_count(1)
    tabs = page.get_by_role("tab")
    assert tabs.all_inner_texts() == ["Question", "Versions & audit"]
    sync_api.expect(page.get_by_role("tab", name="Question")).to_have_attribute("aria-selected", "true")
    names = tabs.all_inner_texts() + page.locator("#ask-form button").all_inner_texts()
    assert len(names) == len(set(names)), names

    # stages must appear while the answer is still being made: record when each kind of node arrives
    page.evaluate("""() => {
        window.__seen = {stages: [], answer: []};
        new MutationObserver(() => window.__seen.stages.push(performance.now()))
            .observe(document.getElementById('stages'), {childList: true});
        new MutationObserver(() => window.__seen.answer.push(performance.now()))
            .observe(document.getElementById('answer-meta'), {childList: true});
    }""")
    question = "<script>window.__xss_question = 1</script><img src=x onerror='window.__xss_q2=1'> " + MODEL_Q
    page.get_by_role("textbox", name="Question").fill(question)
    ask_button.click()
    page.wait_for_selector("#answer-version", timeout=120_000)
    steps = page.eval_on_selector_all("#stages > li", "items => items.map(i => i.dataset.step)")
    for step in ("accepted", "question", "entities", "understand", "route", "retrieve", "generate", "guard",
                 "answer"):
        assert step in steps, (step, steps)
    # how the question was read is one line the student can check, shown as the stage arrives
    assert page.locator(".stage-understand .reading").inner_text().startswith("Read as: ")
    seen = page.evaluate("window.__seen")
    assert seen["stages"] and seen["answer"] and min(seen["stages"]) < min(seen["answer"])
    assert page.get_attribute("#answer-version", "data-version") == v2
    assert page.locator("#answer").inner_text().strip()
    hits_rows = page.locator(".stage-retrieve table.hits tbody tr")
    assert hits_rows.count() >= 1 and "#" in hits_rows.first.inner_text()  # ranks shown

    link = page.locator("#citations a.citation").first
    href = link.get_attribute("href")
    assert href.startswith(f"https://{HOST}/course-descriptions/subject/cpscv#")
    shot(page, tmp_path, "serve.png")
    with context.expect_page() as opened:
        link.click()
    section = opened.value
    section.wait_for_load_state()
    assert section.url == href
    assert section.evaluate("() => !!document.getElementById(decodeURIComponent(location.hash.slice(1)))")
    section.close()

    # the question came back as text, not markup
    assert page.evaluate("window.__xss_question === undefined && window.__xss_q2 === undefined")
    assert page.locator("#stages script, #answer script, #stages img").count() == 0

    # answer from an older version
    page.select_option("#version", v1)
    page.get_by_role("textbox", name="Question").fill(DECLINE_Q)
    ask_button.click()
    sync_api.expect(page.locator("#answer-version")).to_have_attribute("data-version", v1, timeout=60_000)
    assert "CPSC 999" in page.locator("#answer").inner_text()

    # auditors: versions, a manifest, a readable diff whose calendar text is markup
    page.get_by_role("tab", name="Versions & audit").click()
    sync_api.expect(page.get_by_role("tab", name="Versions & audit")).to_have_attribute("aria-selected", "true")
    sync_api.expect(page.locator("#versions-table tbody tr")).to_have_count(3)
    page.locator("#versions-table tbody tr", has_text=v1).locator("button").click()
    sync_api.expect(page.locator("#manifest")).to_contain_text(f'"id": "{v1}"')
    page.select_option("#diff-a", v2)
    page.select_option("#diff-b", v3)
    page.click("#diff-button")
    sync_api.expect(page.locator("#diff")).to_contain_text("Phones must be switched off.")
    diff_text = page.locator("#diff").inner_text()
    assert "<script>window.__xss_calendar = 1</script>" in diff_text
    assert page.locator("#diff script, #diff img").count() == 0
    assert page.evaluate("window.__xss_calendar === undefined && window.__xss_img === undefined")
    shot(page, tmp_path, "serve-audit.png")
    page.select_option("#diff-a", v1)
    page.select_option("#diff-b", v2)
    page.click("#diff-button")
    sync_api.expect(page.locator("#diff .add")).to_contain_text("examination-hazards")
    assert page.dialogs == []
    assert page.problems == []


@pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz's dot is not installed: run "
                    "`bash scripts/install.sh --graph` (`make test` does) or `apt-get install graphviz`")
def test_the_graph_of_the_course_asked_about_is_shown_beside_the_answer(browser_page, server, tmp_path):
    context, page = browser_page
    page.goto(server.url + "/")
    page.wait_for_load_state("networkidle")  # the first health check has said the server can draw graphs
    page.get_by_role("textbox", name="Question").fill("prereqs of cpsc 221 pls")  # facts: no model
    page.get_by_role("button", name="Ask", exact=True).click()
    page.wait_for_selector("#answer-version", timeout=60_000)
    panel, svg = page.locator("#graph-panel"), page.locator("#graph svg")
    sync_api.expect(panel).to_be_visible()
    sync_api.expect(svg).to_have_count(1, timeout=30_000)
    drawn = svg.text_content()
    for code in ("CPSC 221", "CPSC 210", "CPSC 121", "MATH 220", "one of"):
        assert code in drawn, (code, drawn)
    answer, beside = page.locator("#answer").bounding_box(), panel.bounding_box()
    assert beside["x"] >= answer["x"] + answer["width"] and beside["y"] < answer["y"] + answer["height"]
    page.wait_for_load_state("networkidle")
    shot(page, tmp_path, "graph-page.png")

    # a course in the picture links to its calendar section, in a new tab
    node = page.locator("#graph svg a", has_text="CPSC 210")
    href = node.get_attribute("xlink:href")
    assert href.startswith(f"https://{HOST}/course-descriptions/subject/cpscv#")
    with context.expect_page() as opened:
        node.click()
    section = opened.value
    section.wait_for_load_state()
    assert section.url == href
    section.close()

    # a question about no course of the calendar leaves no graph behind
    page.get_by_role("textbox", name="Question").fill(DECLINE_Q)
    page.get_by_role("button", name="Ask", exact=True).click()
    sync_api.expect(page.locator("#answer")).to_contain_text("CPSC 999", timeout=60_000)
    sync_api.expect(panel).to_be_hidden()
    assert page.problems == [] and page.dialogs == []

"""The edition read from the pages' banner and footer: one edition, none, or a mix that stops the build."""

import pytest

from assets.edition import EditionConflict, page_edition, read_edition
from assets.sources import scan_saved_site
from tests.conftest import SAMPLE, page_html


def banner(edition: str, body: str = "<p>Text.</p>") -> str:
    return page_html("Page", body).replace("FOOTERTEXT", f"The University of British Columbia. Calendar {edition}.")


def test_the_banner_names_the_edition_and_main_text_does_not():
    assert page_edition(banner("2025/26").encode()) == "2025/26"
    quoted = page_html("Page", "<p>As the Calendar 2019/20 said, ...</p>")  # inside <main>: a quotation
    assert page_edition(quoted.encode()) is None
    assert page_edition(banner("2025/27").encode()) is None  # not two consecutive years


def test_the_shipped_sample_is_the_2026_27_edition():
    reading = read_edition(scan_saved_site(SAMPLE, 10_000_000))
    assert reading.edition == "2026/27" and reading.unmarked == 0


def test_pages_without_a_banner_do_not_vote_and_none_at_all_is_unknown(tiny):
    tiny.write("a.html", banner("2025/26"))
    tiny.write("b.html", page_html("B", "<p>No banner.</p>"))
    reading = read_edition(scan_saved_site(tiny.root, 10_000_000))
    assert (reading.edition, reading.pages, reading.unmarked) == ("2025/26", {"2025/26": 1}, 1)
    (tiny.site / "a.html").unlink()
    assert read_edition(scan_saved_site(tiny.root, 10_000_000)).edition == "unknown"


def test_pages_naming_two_editions_are_one_error_naming_the_odd_pages(tiny):
    for name in ("a", "b", "c"):
        tiny.write(f"{name}.html", banner("2026/27"))
    tiny.write("old/d.html", banner("2025/26"))
    with pytest.raises(EditionConflict) as caught:
        read_edition(scan_saved_site(tiny.root, 10_000_000))
    message = str(caught.value)
    assert "3 say 2026/27, 1 say 2025/26" in message and "old/d.html" in message
    assert "a.html" not in message.replace("old/d.html", "") and "\n" not in message


def test_a_crawl_reads_the_edition_from_the_live_pages(tmp_path):
    from assets.crawl import CrawlSettings, crawl_site
    from tests.calendar_server import CalendarServer
    from tests.editions import write_old

    old = write_old(tmp_path / "old")
    with CalendarServer(old / "vancouver.calendar.ubc.ca") as server:
        scan, _ = crawl_site(CrawlSettings(base_url=server.url, concurrency=4, rate_per_second=200,
                                           timeout_seconds=1.0, retries=2, backoff_seconds=0.01), tmp_path / "state")
    reading = read_edition(scan)
    assert reading.edition == "2025/26" and reading.unmarked == 0 and sum(reading.pages.values()) == len(scan.pages)

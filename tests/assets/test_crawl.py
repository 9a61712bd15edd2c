"""The crawler against calendars served on 127.0.0.1 by the test itself, with injected faults."""

import pytest

from assets.crawl import CrawlError, CrawlSettings, crawl_site
from assets.sources import scan_saved_site
from tests.calendar_server import CalendarServer
from tests.conftest import HOST

CPSC = "/course-descriptions/subject/cpscv"
MATH = "/course-descriptions/subject/mathv"


def settings(server, **kw) -> CrawlSettings:
    base = dict(base_url=server.url, concurrency=4, rate_per_second=200, timeout_seconds=1.0, retries=2,
                backoff_seconds=0.01)
    return CrawlSettings(**{**base, **kw})


@pytest.fixture
def site(tiny):
    return tiny.copy_sample()


def records(scan):
    return [(p.url, p.path, p.sha256, p.html) for p in scan.pages]


def test_crawl_produces_exactly_the_saved_folder_records(site, tmp_path):
    with CalendarServer(site.site) as server:
        scan, stats = crawl_site(settings(server), tmp_path / "state")
    folder = scan_saved_site(site.root, 5 << 20)
    assert records(scan) == records(folder)
    assert scan.fingerprint == folder.fingerprint
    assert stats.downloaded == 9 and stats.not_modified == 0


def test_second_crawl_uses_conditional_requests_and_downloads_only_the_changed_page(site, tmp_path):
    with CalendarServer(site.site) as server:
        crawl_site(settings(server), tmp_path / "state")
        page = site.site / (MATH.strip("/") + ".html")
        page.write_text(page.read_text().replace("Matrix Algebra", "Linear Algebra"))
        server.log.clear()
        scan, stats = crawl_site(settings(server), tmp_path / "state")
        assert stats.downloaded == 1 and stats.not_modified == 8
        assert all(conditional for path, _, conditional in server.log if path not in ("/robots.txt", "/sitemap.xml"))
        assert server.requests_for(MATH)[0][1] == 200
        assert server.requests_for(CPSC)[0][1] == 304
    assert records(scan) == records(scan_saved_site(site.root, 5 << 20))


def test_server_errors_timeouts_and_slow_pages_are_retried(site, tmp_path):
    with CalendarServer(site.site) as server:
        server.faults = {CPSC: [500, 503], MATH: [("sleep", 1.5)], "/course-descriptions/subject/statv": [("sleep", 0.3)]}
        scan, stats = crawl_site(settings(server), tmp_path / "state")
        assert [s for _, s, _ in server.requests_for(CPSC)] == [500, 503, 200]
        assert len(server.requests_for(MATH)) >= 1
    assert stats.retried == 3
    assert records(scan) == records(scan_saved_site(site.root, 5 << 20))


def test_persistent_failure_fails_the_crawl_and_keeps_state(site, tmp_path):
    state = tmp_path / "state"
    with CalendarServer(site.site) as server:
        crawl_site(settings(server), state)
        before = (state / "fetches.json").read_bytes()
        server.faults = {CPSC: [500, 500, 500, 500]}
        with pytest.raises(CrawlError, match=f"{CPSC}.*failed after 3 attempts \\(HTTP 500\\)"):
            crawl_site(settings(server), state)
    assert (state / "fetches.json").read_bytes() == before


def test_redirect_is_followed_on_the_same_host(site, tmp_path):
    with CalendarServer(site.site) as server:
        server.faults = {"/course-descriptions": [("redirect", "/course-descriptions")]}
        scan, _ = crawl_site(settings(server), tmp_path / "state")
        assert [s for _, s, _ in server.requests_for("/course-descriptions")] == [301, 200]
    assert f"https://{HOST}/course-descriptions" in {p.url for p in scan.pages}


def test_removed_page_is_dropped_not_kept_stale(site, tmp_path):
    with CalendarServer(site.site) as server:
        crawl_site(settings(server), tmp_path / "state")
        (site.site / (MATH.strip("/") + ".html")).unlink()
        scan, stats = crawl_site(settings(server), tmp_path / "state")
    assert f"https://{HOST}{MATH}" in stats.gone
    assert f"https://{HOST}{MATH}" not in {p.url for p in scan.pages}
    assert len(scan.pages) == 8


def test_page_gone_from_the_sitemap_is_not_crawled(site, tmp_path):
    sitemap = (site.site / "sitemap.xml").read_text().replace(f"<url><loc>https://{HOST}{MATH}</loc></url>\n", "")
    with CalendarServer(site.site, sitemap=sitemap.encode()) as server:
        scan, _ = crawl_site(settings(server), tmp_path / "state")
        assert server.requests_for(MATH) == []
    assert len(scan.pages) == 8


def test_malformed_sitemap_fails_clearly(site, tmp_path):
    with CalendarServer(site.site, sitemap=b"<urlset><url><loc>broken") as server:
        with pytest.raises(CrawlError, match="sitemap .* is not valid XML"):
            crawl_site(settings(server), tmp_path / "state")
    assert not (tmp_path / "state" / "fetches.json").exists()


def test_robots_disallow_is_respected(site, tmp_path):
    robots = "User-agent: *\nDisallow: /campus-wide-policies-and-regulations/\n"
    with CalendarServer(site.site, robots=robots) as server:
        scan, stats = crawl_site(settings(server), tmp_path / "state")
        assert not any(p.startswith("/campus-wide") for p, _, _ in server.log)
    assert len(stats.skipped_robots) == 2 and len(scan.pages) == 7


def test_non_html_is_skipped(site, tmp_path):
    with CalendarServer(site.site) as server:
        server.faults = {CPSC: [("type", "application/pdf")]}
        scan, stats = crawl_site(settings(server), tmp_path / "state")
    assert stats.skipped_non_html == [f"https://{HOST}{CPSC}"]
    assert len(scan.pages) == 8


def test_request_rate_is_capped(site, tmp_path):
    import time

    with CalendarServer(site.site) as server:
        start = time.perf_counter()
        crawl_site(settings(server, rate_per_second=20), tmp_path / "state")
        elapsed = time.perf_counter() - start
        n = len(server.log)
    assert elapsed >= (n - 1) / 20 * 0.9  # 11 requests at 20/s take at least half a second

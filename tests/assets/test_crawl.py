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


# -- robots Crawl-delay, Retry-After, sitemap indexes, the size cap, transient 404s, the sensor's check

def test_crawl_delay_in_robots_slows_the_crawl(site, tmp_path):
    import time

    with CalendarServer(site.site, robots="User-agent: *\nCrawl-delay: 0.1\n") as server:
        start = time.perf_counter()
        _, stats = crawl_site(settings(server, rate_per_second=1000), tmp_path / "state")
        elapsed = time.perf_counter() - start
        n = len(server.log)
    assert stats.crawl_delay == 0.1
    assert elapsed >= (n - 2) * 0.1 * 0.9  # 11 requests, the ones after robots.txt at least 0.1 s apart


def test_retry_after_sets_the_wait_before_the_retry(site, tmp_path):
    import time

    with CalendarServer(site.site) as server:
        server.faults = {CPSC: [("status", 503, {"Retry-After": "1"})]}
        start = time.perf_counter()
        scan, stats = crawl_site(settings(server), tmp_path / "state")  # backoff alone would wait 0.01 s
        elapsed = time.perf_counter() - start
        assert [s for _, s, _ in server.requests_for(CPSC)] == [503, 200]
    assert elapsed >= 1.0 and stats.retried == 1 and len(scan.pages) == 9


def test_a_retry_after_beyond_the_limit_fails_the_page(site, tmp_path):
    with CalendarServer(site.site) as server:
        server.faults = {CPSC: [("status", 429, {"Retry-After": "3600"})]}
        with pytest.raises(CrawlError, match="Retry-After 3600"):
            crawl_site(settings(server), tmp_path / "state")


def test_sitemap_index_and_every_sitemap_line_are_read(site, tmp_path):
    full = (site.site / "sitemap.xml").read_text()
    head, body = full.split("<url>", 1)
    entries = ["<url>" + e for e in body.split("<url>")]
    entries[-1] = entries[-1].replace("</urlset>", "")
    ns = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"'
    urlset = lambda part: f'<?xml version="1.0"?><urlset {ns}>{"".join(part)}</urlset>'.encode()  # noqa: E731
    index = (f'<?xml version="1.0"?><sitemapindex {ns}><sitemap><loc>https://{HOST}/sitemap-a.xml</loc></sitemap>'
             f'<sitemap><loc>https://{HOST}/sitemap-b.xml</loc></sitemap></sitemapindex>').encode()
    robots = f"User-agent: *\nAllow: /\nSitemap: https://{HOST}/sitemap-index.xml\nSitemap: https://{HOST}/sitemap-c.xml\n"
    with CalendarServer(site.site, robots=robots) as server:
        server.documents = {"/sitemap-index.xml": ("application/xml", index),
                            "/sitemap-a.xml": ("application/xml", urlset(entries[:3])),
                            "/sitemap-b.xml": ("application/xml", urlset(entries[3:6])),
                            "/sitemap-c.xml": ("application/xml", urlset(entries[6:]))}
        scan, _ = crawl_site(settings(server), tmp_path / "state")
        assert server.requests_for("/sitemap.xml") == []
    assert records(scan) == records(scan_saved_site(site.root, 5 << 20))


def test_reading_a_body_stops_at_the_size_cap(tmp_path):
    import httpx

    pulled = []

    class Endless:
        async def __aiter__(self):
            for i in range(1000):  # 64 MB if read to the end
                pulled.append(i)
                yield b"x" * 65536

    sitemap = (f'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://{HOST}/big</loc></url>'
               f'<url><loc>https://{HOST}/small</loc></url></urlset>').encode()

    def handler(request: httpx.Request) -> httpx.Response:
        if request.url.path == "/robots.txt":
            return httpx.Response(404)
        if request.url.path == "/sitemap.xml":
            return httpx.Response(200, content=sitemap, headers={"Content-Type": "application/xml"})
        if request.url.path == "/small":
            return httpx.Response(200, content=b"<html><main>ok</main></html>", headers={"Content-Type": "text/html"})
        return httpx.Response(200, content=Endless(), headers={"Content-Type": "text/html"})

    cfg = CrawlSettings(base_url="http://calendar.test", max_page_bytes=200_000, backoff_seconds=0.01,
                        rate_per_second=1000)
    scan, stats = crawl_site(cfg, tmp_path / "state", transport=httpx.MockTransport(handler))
    assert [p.url for p in scan.pages] == [f"https://{HOST}/small"]
    assert len(scan.problems) == 1 and "larger than UBCAL_MAX_PAGE_BYTES=200000" in scan.problems[0].reason
    assert len(pulled) <= 5  # stopped after about 200 kB, not 64 MB


def test_a_single_404_does_not_drop_a_page(site, tmp_path):
    with CalendarServer(site.site) as server:
        crawl_site(settings(server), tmp_path / "state")
        server.faults = {MATH: [404]}  # one transient error, then normal service
        scan, stats = crawl_site(settings(server), tmp_path / "state")
        assert [s for _, s, _ in server.requests_for(MATH)][-2:] == [404, 304]
    assert f"https://{HOST}{MATH}" in {p.url for p in scan.pages} and stats.gone == []
    assert len(scan.pages) == 9 and stats.confirmed_gone_requests == 1


def test_quick_check_sees_sitemap_and_sampled_changes_and_writes_nothing(site, tmp_path):
    from assets.crawl import quick_change_check

    state = tmp_path / "state"
    with CalendarServer(site.site) as server:
        reason, _ = quick_change_check(settings(server), state, sample=3)
        assert reason == "no complete crawl of this site yet"
        crawl_site(settings(server), state)
        before = (state / "fetches.json").read_bytes()
        server.log.clear()
        reason, stats = quick_change_check(settings(server), state, sample=3, seed=1)
        assert reason is None and stats.requested == 2 + 3  # robots, sitemap, 3 sampled pages
        page = site.site / (MATH.strip("/") + ".html")
        page.write_text(page.read_text().replace("Matrix Algebra", "Linear Algebra"))
        reason, _ = quick_change_check(settings(server), state, sample=9)
        assert reason and MATH in reason
        server.sitemap = (site.site / "sitemap.xml").read_text().replace(
            f"<url><loc>https://{HOST}{MATH}</loc></url>\n", "").encode()
        reason, _ = quick_change_check(settings(server), state, sample=0)
        assert reason == "sitemap: 0 page(s) added, 1 removed"
    assert (state / "fetches.json").read_bytes() == before

"""Crawl the live calendar (or any copy served over HTTP) into the same page records as a saved folder.

Starts from the site's sitemap (plus configured seed URLs), stays on the
site's host, obeys robots.txt, caps concurrency and request rate, retries
server errors and timeouts with exponential backoff, follows redirects on the
same host, skips non-HTML, and sends conditional requests with the ETag and
Last-Modified the previous crawl recorded, so an unchanged page is not
downloaded again. Raw pages are kept content-addressed beside their fetch
records. State is only written after a whole crawl succeeds: a failed crawl
changes nothing and raises ``CrawlError`` naming what failed.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import time
import xml.etree.ElementTree as ET
from dataclasses import asdict, dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from urllib.parse import urljoin, urlsplit, urlunsplit
from urllib.robotparser import RobotFileParser

import httpx

from assets.sources import PageRecord, SourceProblem, SourceScan

SITEMAP_NS = "{http://www.sitemaps.org/schemas/sitemap/0.9}"
USER_AGENT = "ubcal-crawler/0.1 (+offline calendar QA)"
RETRY_STATUSES = {500, 502, 503, 504, 429}
GONE_STATUSES = {404, 410}


class CrawlError(RuntimeError):
    """The crawl could not produce a complete, trustworthy set of pages."""


@dataclass
class CrawlSettings:
    base_url: str                     # where to fetch, e.g. https://vancouver.calendar.ubc.ca
    seeds: list[str] = field(default_factory=list)
    concurrency: int = 4
    rate_per_second: float = 10.0
    timeout_seconds: float = 10.0
    retries: int = 3
    backoff_seconds: float = 0.5
    max_page_bytes: int = 5 * 1024 * 1024


@dataclass
class FetchRecord:
    url: str            # canonical URL, as in the sitemap
    fetched_url: str    # where it was fetched from (after redirects)
    status: int
    etag: str
    last_modified: str
    content_type: str
    fetched_at: str
    sha256: str


@dataclass
class CrawlStats:
    requested: int = 0
    downloaded: int = 0        # 200 responses with a body
    not_modified: int = 0      # 304: reused from the blob store
    retried: int = 0
    skipped_robots: list[str] = field(default_factory=list)
    skipped_non_html: list[str] = field(default_factory=list)
    skipped_off_host: list[str] = field(default_factory=list)
    gone: list[str] = field(default_factory=list)
    seconds: float = 0.0


class CrawlState:
    """Fetch records and content-addressed raw pages from earlier crawls of one site."""

    def __init__(self, root: Path) -> None:
        self.root = Path(root)
        self.blobs = self.root / "blobs"
        self.records_file = self.root / "fetches.json"

    def load(self) -> dict[str, FetchRecord]:
        if not self.records_file.is_file():
            return {}
        try:
            raw = json.loads(self.records_file.read_text())
        except json.JSONDecodeError:
            return {}  # damaged state costs a full download, never a wrong page
        return {url: FetchRecord(**rec) for url, rec in raw.items()}

    def blob(self, sha256: str) -> bytes | None:
        path = self.blobs / sha256
        if not path.is_file():
            return None
        data = path.read_bytes()
        return data if hashlib.sha256(data).hexdigest() == sha256 else None

    def save(self, records: dict[str, FetchRecord], new_blobs: dict[str, bytes]) -> None:
        self.blobs.mkdir(parents=True, exist_ok=True)
        for sha, data in new_blobs.items():
            path = self.blobs / sha
            if not path.exists():
                tmp = self.blobs / f".{sha}.tmp"
                tmp.write_bytes(data)
                os.replace(tmp, path)
        tmp = self.root / ".fetches.json.tmp"
        tmp.write_text(json.dumps({u: asdict(r) for u, r in sorted(records.items())}, indent=1))
        os.replace(tmp, self.records_file)


def parse_sitemap(data: bytes, source: str) -> list[str]:
    try:
        root = ET.fromstring(data)
    except ET.ParseError as exc:
        raise CrawlError(f"sitemap {source} is not valid XML: {exc}") from exc
    if root.tag not in (f"{SITEMAP_NS}urlset", "urlset"):
        raise CrawlError(f"sitemap {source} has root <{root.tag}>, expected <urlset>")
    urls = [(loc.text or "").strip() for loc in root.iter(f"{SITEMAP_NS}loc")] or \
           [(loc.text or "").strip() for loc in root.iter("loc")]
    return [u for u in urls if u]


def saved_path(canonical_url: str) -> str:
    """The saved-folder path a page would have: ``host/a/b.html`` (what folder records carry)."""
    parts = urlsplit(canonical_url)
    path = parts.path.strip("/") or "index"
    return f"{parts.netloc}/{path}.html"


class _RateLimiter:
    def __init__(self, per_second: float) -> None:
        self.interval = 1.0 / per_second if per_second > 0 else 0.0
        self.next_at = 0.0
        self.lock = asyncio.Lock()

    async def wait(self) -> None:
        async with self.lock:
            now = time.monotonic()
            if self.next_at > now:
                await asyncio.sleep(self.next_at - now)
            self.next_at = max(now, self.next_at) + self.interval


class Crawler:
    def __init__(self, settings: CrawlSettings, state: CrawlState, transport: httpx.AsyncBaseTransport | None = None):
        self.settings = settings
        self.state = state
        self.transport = transport
        base = urlsplit(settings.base_url)
        self.fetch_scheme, self.fetch_host = base.scheme, base.netloc
        self.stats = CrawlStats()

    def _fetch_url(self, canonical: str) -> str:
        parts = urlsplit(canonical)
        return urlunsplit((self.fetch_scheme, self.fetch_host, parts.path or "/", parts.query, ""))

    async def _get(self, client: httpx.AsyncClient, limiter: _RateLimiter, url: str,
                   headers: dict[str, str]) -> httpx.Response:
        """GET with retries for server errors and timeouts; raises CrawlError when they run out."""
        last = ""
        for attempt in range(self.settings.retries + 1):
            if attempt:
                self.stats.retried += 1
                await asyncio.sleep(self.settings.backoff_seconds * (2 ** (attempt - 1)))
            await limiter.wait()
            self.stats.requested += 1
            try:
                response = await client.get(url, headers=headers)
            except (httpx.TimeoutException, httpx.TransportError) as exc:
                last = f"{type(exc).__name__}"
                continue
            if response.status_code in RETRY_STATUSES:
                last = f"HTTP {response.status_code}"
                continue
            return response
        raise CrawlError(f"{url}: failed after {self.settings.retries + 1} attempts ({last})")

    async def _crawl(self) -> tuple[list[PageRecord], dict[str, FetchRecord], dict[str, bytes], list[SourceProblem]]:
        previous = self.state.load()
        limiter = _RateLimiter(self.settings.rate_per_second)
        timeout = httpx.Timeout(self.settings.timeout_seconds)
        limits = httpx.Limits(max_connections=self.settings.concurrency)
        async with httpx.AsyncClient(timeout=timeout, limits=limits, follow_redirects=True,
                                     headers={"User-Agent": USER_AGENT}, transport=self.transport) as client:
            robots = RobotFileParser()
            robots_resp = await self._get(client, limiter, urljoin(self.settings.base_url, "/robots.txt"), {})
            sitemap_urls = []
            if robots_resp.status_code == 200:
                lines = robots_resp.text.splitlines()
                robots.parse(lines)
                sitemap_urls = [ln.split(":", 1)[1].strip() for ln in lines if ln.lower().startswith("sitemap:")]
            else:
                robots.parse([])
            sitemap_url = self._fetch_url(sitemap_urls[0]) if sitemap_urls else urljoin(
                self.settings.base_url, "/sitemap.xml")
            sitemap = await self._get(client, limiter, sitemap_url, {})
            if sitemap.status_code != 200:
                raise CrawlError(f"sitemap {sitemap_url}: HTTP {sitemap.status_code}")
            listed = parse_sitemap(sitemap.content, sitemap_url)
            canonical_host = urlsplit(listed[0]).netloc if listed else self.fetch_host
            wanted: list[str] = []
            for url in listed + [urljoin(f"https://{canonical_host}/", s) for s in self.settings.seeds]:
                host = urlsplit(url).netloc
                if host != canonical_host:
                    self.stats.skipped_off_host.append(url)
                elif not robots.can_fetch(USER_AGENT, self._fetch_url(url)):
                    self.stats.skipped_robots.append(url)
                elif url not in wanted:
                    wanted.append(url)

            sem = asyncio.Semaphore(self.settings.concurrency)
            results = await asyncio.gather(*(self._page(client, limiter, sem, url, previous.get(url))
                                             for url in wanted), return_exceptions=True)
        failures = [str(r) for r in results if isinstance(r, BaseException)]
        if failures:
            raise CrawlError(f"{len(failures)} page(s) could not be fetched: " + "; ".join(sorted(failures)[:10]))
        pages, records, blobs, problems = [], {}, {}, []
        for outcome in results:
            if outcome is None:
                continue
            record, fetch, body, problem = outcome
            if problem:
                problems.append(problem)
                continue
            pages.append(record)
            records[fetch.url] = fetch
            if body is not None:
                blobs[fetch.sha256] = body
        pages.sort(key=lambda p: p.url)
        return pages, records, blobs, problems

    async def _page(self, client, limiter, sem, url: str, prev: FetchRecord | None):
        headers = {}
        if prev is not None and self.state.blob(prev.sha256) is not None:
            if prev.etag:
                headers["If-None-Match"] = prev.etag
            if prev.last_modified:
                headers["If-Modified-Since"] = prev.last_modified
        async with sem:
            response = await self._get(client, limiter, self._fetch_url(url), headers)
        final_host = response.url.netloc.decode() if isinstance(response.url.netloc, bytes) else response.url.netloc
        if final_host != self.fetch_host:
            self.stats.skipped_off_host.append(url)
            return None
        if response.status_code in GONE_STATUSES:
            self.stats.gone.append(url)
            return None
        now = datetime.now(timezone.utc).isoformat(timespec="seconds")
        if response.status_code == 304 and prev is not None:
            self.stats.not_modified += 1
            body = self.state.blob(prev.sha256)
            fetch = FetchRecord(url, str(response.url), 304, response.headers.get("etag", prev.etag),
                                response.headers.get("last-modified", prev.last_modified), prev.content_type,
                                now, prev.sha256)
            return PageRecord(url, saved_path(url), body, prev.sha256), fetch, None, None
        if response.status_code != 200:
            raise CrawlError(f"{url}: HTTP {response.status_code}")
        content_type = response.headers.get("content-type", "")
        if "html" not in content_type.lower():
            self.stats.skipped_non_html.append(url)
            return None
        body = response.content
        self.stats.downloaded += 1
        sha = hashlib.sha256(body).hexdigest()
        fetch = FetchRecord(url, str(response.url), 200, response.headers.get("etag", ""),
                            response.headers.get("last-modified", ""), content_type, now, sha)
        problem = None
        if len(body) > self.settings.max_page_bytes:
            problem = SourceProblem(saved_path(url), f"{len(body)} bytes is larger than UBCAL_MAX_PAGE_BYTES="
                                                     f"{self.settings.max_page_bytes}")
        elif not body.strip():
            problem = SourceProblem(saved_path(url), "empty file")
        else:
            try:
                body.decode("utf-8")
            except UnicodeDecodeError as exc:
                problem = SourceProblem(saved_path(url), f"not valid UTF-8 (byte {exc.start})")
        return PageRecord(url, saved_path(url), body, sha), fetch, body, problem

    def run(self) -> SourceScan:
        start = time.perf_counter()
        pages, records, blobs, problems = asyncio.run(self._crawl())
        self.state.save(records, blobs)  # only a complete crawl updates what the next one compares to
        self.stats.seconds = time.perf_counter() - start
        return SourceScan(root=self.settings.base_url, pages=pages, problems=problems)


def crawl_site(settings: CrawlSettings, state_dir: Path,
               transport: httpx.AsyncBaseTransport | None = None) -> tuple[SourceScan, CrawlStats]:
    crawler = Crawler(settings, CrawlState(state_dir), transport)
    scan = crawler.run()
    return scan, crawler.stats

"""Crawl the live calendar (or any copy served over HTTP) into the same page records as a saved folder.

Starts from every sitemap robots.txt names (sitemap index files are
followed; plus configured seed URLs), stays on the site's host, obeys
robots.txt including ``Crawl-delay``, caps concurrency and request rate,
retries server errors and timeouts with exponential backoff (waiting as long
as a ``Retry-After`` asks), follows redirects on the same host, skips
non-HTML, stops reading a body at the size cap, and sends conditional requests
with the ETag and Last-Modified the previous crawl recorded, so an unchanged
page is not downloaded again. A page that answers 404/410 is asked once more
before it counts as gone, so one transient error never drops it from a version. Raw pages are kept content-addressed beside their fetch
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
MAX_RETRY_AFTER_SECONDS = 120.0  # a longer Retry-After fails the page instead of stalling the crawl
MAX_SITEMAP_BYTES = 50 * 1024 * 1024  # the sitemap protocol's own limit
MAX_SITEMAP_FILES = 50  # sitemap index files are followed up to this many sitemaps


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
    confirmed_gone_requests: int = 0  # second requests sent to pages that answered 404/410
    crawl_delay: float = 0.0          # robots.txt Crawl-delay honoured, in seconds
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


def read_sitemap(data: bytes, source: str) -> tuple[list[str], list[str]]:
    """(page URLs, child sitemap URLs): a ``<urlset>`` lists pages, a ``<sitemapindex>`` lists sitemaps."""
    try:
        root = ET.fromstring(data)
    except ET.ParseError as exc:
        raise CrawlError(f"sitemap {source} is not valid XML: {exc}") from exc
    locs = [(loc.text or "").strip() for loc in root.iter(f"{SITEMAP_NS}loc")] or \
           [(loc.text or "").strip() for loc in root.iter("loc")]
    locs = [u for u in locs if u]
    if root.tag in (f"{SITEMAP_NS}sitemapindex", "sitemapindex"):
        return [], locs
    if root.tag not in (f"{SITEMAP_NS}urlset", "urlset"):
        raise CrawlError(f"sitemap {source} has root <{root.tag}>, expected <urlset> or <sitemapindex>")
    return locs, []


def parse_sitemap(data: bytes, source: str) -> list[str]:
    return read_sitemap(data, source)[0]


def retry_after_seconds(value: str | None) -> float | None:
    """A Retry-After header (seconds, or an HTTP date) as seconds from now; None when absent or unreadable."""
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        from email.utils import parsedate_to_datetime

        return max(0.0, (parsedate_to_datetime(value) - datetime.now(timezone.utc)).total_seconds())
    except (TypeError, ValueError):
        return None


def crawl_delay(robots_lines: list[str]) -> float | None:
    """The Crawl-delay of the group for our user agent (else ``*``), fractions allowed.

    urllib's parser only takes whole seconds, so the lines are read here.
    """
    delays: dict[str, float] = {}
    agents: list[str] = []
    in_rules = False
    for raw in robots_lines:
        line = raw.split("#", 1)[0].strip()
        if ":" not in line:
            continue
        key, value = (part.strip() for part in line.split(":", 1))
        key = key.lower()
        if key == "user-agent":
            if in_rules:
                agents, in_rules = [], False
            agents.append(value.lower())
        else:
            in_rules = True
            if key == "crawl-delay":
                try:
                    for agent in agents:
                        delays[agent] = float(value)
                except ValueError:
                    continue
    ours = USER_AGENT.split("/")[0].lower()
    found = next((d for a, d in delays.items() if a != "*" and a in ours), delays.get("*"))
    return found if found and found > 0 else None


@dataclass
class Fetched:
    """A response read with a size cap: ``too_large`` means the body was cut off at ``cap`` bytes."""
    status_code: int
    headers: httpx.Headers
    url: httpx.URL
    content: bytes
    too_large: bool = False

    @property
    def text(self) -> str:
        return self.content.decode("utf-8", errors="replace")


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
                   headers: dict[str, str], cap: int | None = None) -> Fetched:
        """GET with retries for server errors and timeouts; raises CrawlError when they run out.

        The body is streamed and reading stops past ``cap`` bytes (default: the page size cap), so an
        oversized page costs at most that much. A Retry-After on a retried status sets the wait.
        """
        cap = self.settings.max_page_bytes if cap is None else cap
        last = ""
        wait = 0.0
        for attempt in range(self.settings.retries + 1):
            if attempt:
                self.stats.retried += 1
                await asyncio.sleep(max(wait, self.settings.backoff_seconds * (2 ** (attempt - 1))))
            await limiter.wait()
            self.stats.requested += 1
            try:
                async with client.stream("GET", url, headers=headers) as response:
                    if response.status_code in RETRY_STATUSES:
                        last = f"HTTP {response.status_code}"
                        asked = retry_after_seconds(response.headers.get("retry-after"))
                        if asked is not None and asked > MAX_RETRY_AFTER_SECONDS:
                            raise CrawlError(f"{url}: HTTP {response.status_code} with Retry-After {asked:.0f} s "
                                             f"(more than {MAX_RETRY_AFTER_SECONDS:.0f} s)")
                        wait = asked or 0.0
                        continue
                    body, too_large = bytearray(), False
                    async for piece in response.aiter_bytes():
                        body += piece
                        if len(body) > cap:
                            too_large = True
                            break
                    return Fetched(response.status_code, response.headers, response.url, bytes(body), too_large)
            except (httpx.TimeoutException, httpx.TransportError) as exc:
                last = f"{type(exc).__name__}"
                wait = 0.0
                continue
        raise CrawlError(f"{url}: failed after {self.settings.retries + 1} attempts ({last})")

    async def _sitemap_urls(self, client, limiter, robots_lines: list[str]) -> list[str]:
        """Page URLs from every Sitemap: line of robots.txt (else /sitemap.xml), following index files."""
        named = [ln.split(":", 1)[1].strip() for ln in robots_lines if ln.lower().startswith("sitemap:")]
        queue = [self._fetch_url(u) for u in named] or [urljoin(self.settings.base_url, "/sitemap.xml")]
        seen: set[str] = set()
        pages: list[str] = []
        while queue:
            sitemap_url = queue.pop(0)
            if sitemap_url in seen:
                continue
            if len(seen) >= MAX_SITEMAP_FILES:
                raise CrawlError(f"more than {MAX_SITEMAP_FILES} sitemaps; refusing to follow more")
            seen.add(sitemap_url)
            sitemap = await self._get(client, limiter, sitemap_url, {}, cap=MAX_SITEMAP_BYTES)
            if sitemap.status_code != 200:
                raise CrawlError(f"sitemap {sitemap_url}: HTTP {sitemap.status_code}")
            if sitemap.too_large:
                raise CrawlError(f"sitemap {sitemap_url} is larger than {MAX_SITEMAP_BYTES} bytes")
            listed, children = read_sitemap(sitemap.content, sitemap_url)
            pages += [u for u in listed if u not in pages]
            queue += [self._fetch_url(c) for c in children]
        return pages

    async def _robots(self, client, limiter) -> tuple[RobotFileParser, list[str]]:
        robots = RobotFileParser()
        robots_resp = await self._get(client, limiter, urljoin(self.settings.base_url, "/robots.txt"), {})
        lines = robots_resp.text.splitlines() if robots_resp.status_code == 200 else []
        robots.parse(lines)
        delay = crawl_delay(lines)
        if delay:  # the site's Crawl-delay wins over a faster configured rate
            limiter.interval = max(limiter.interval, float(delay))
            self.stats.crawl_delay = float(delay)
        return robots, lines

    async def _crawl(self) -> tuple[list[PageRecord], dict[str, FetchRecord], dict[str, bytes], list[SourceProblem]]:
        previous = self.state.load()
        limiter = _RateLimiter(self.settings.rate_per_second)
        timeout = httpx.Timeout(self.settings.timeout_seconds)
        limits = httpx.Limits(max_connections=self.settings.concurrency)
        async with httpx.AsyncClient(timeout=timeout, limits=limits, follow_redirects=True,
                                     headers={"User-Agent": USER_AGENT}, transport=self.transport) as client:
            robots, lines = await self._robots(client, limiter)
            listed = await self._sitemap_urls(client, limiter, lines)
            wanted = self._wanted(listed, robots)

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

    def _wanted(self, listed: list[str], robots: RobotFileParser) -> list[str]:
        """The sitemap's pages plus seeds, on the site's host and allowed by robots.txt."""
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
        return wanted

    async def _quick_check(self, sample: int, rng) -> str | None:
        previous = self.state.load()
        if not previous:
            return "no complete crawl of this site yet"
        limiter = _RateLimiter(self.settings.rate_per_second)
        async with httpx.AsyncClient(timeout=httpx.Timeout(self.settings.timeout_seconds), follow_redirects=True,
                                     headers={"User-Agent": USER_AGENT}, transport=self.transport) as client:
            robots, lines = await self._robots(client, limiter)
            wanted = self._wanted(await self._sitemap_urls(client, limiter, lines), robots)
            known = {u for u, rec in previous.items()}
            added, dropped = set(wanted) - known, known - set(wanted)
            if added or dropped:
                return f"sitemap: {len(added)} page(s) added, {len(dropped)} removed"
            for url in rng.sample(wanted, min(sample, len(wanted))):
                prev = previous[url]
                headers = {k: v for k, v in (("If-None-Match", prev.etag),
                                             ("If-Modified-Since", prev.last_modified)) if v}
                response = await self._get(client, limiter, self._fetch_url(url), headers)
                if response.status_code == 304:
                    continue
                if response.status_code != 200 or hashlib.sha256(response.content).hexdigest() != prev.sha256:
                    return f"{url} changed (HTTP {response.status_code})"
        return None

    async def _page(self, client, limiter, sem, url: str, prev: FetchRecord | None):
        headers = {}
        if prev is not None and self.state.blob(prev.sha256) is not None:
            if prev.etag:
                headers["If-None-Match"] = prev.etag
            if prev.last_modified:
                headers["If-Modified-Since"] = prev.last_modified
        async with sem:
            response = await self._get(client, limiter, self._fetch_url(url), headers)
            if response.status_code in GONE_STATUSES:
                # a confirming request: one 404 (a deploy, a flaky edge) must not drop a listed page
                await asyncio.sleep(self.settings.backoff_seconds)
                self.stats.confirmed_gone_requests += 1
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
        if response.too_large:  # reading stopped at the cap: the rest was never downloaded
            problem = SourceProblem(saved_path(url), f"more than {self.settings.max_page_bytes} bytes is larger "
                                                     f"than UBCAL_MAX_PAGE_BYTES={self.settings.max_page_bytes}")
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


def quick_change_check(settings: CrawlSettings, state_dir: Path, sample: int, seed: int | None = None,
                       transport: httpx.AsyncBaseTransport | None = None) -> tuple[str | None, CrawlStats]:
    """What a sensor tick can afford: robots.txt, the sitemaps, and ``sample`` conditional requests.

    Returns why the site differs from the last complete crawl (pages added to or dropped from the
    sitemap, a sampled page changed or gone), or None when nothing was seen to change. It writes no
    state: the run it requests does the full crawl.
    """
    import random

    crawler = Crawler(settings, CrawlState(state_dir), transport)
    reason = asyncio.run(crawler._quick_check(sample, random.Random(seed)))
    return reason, crawler.stats

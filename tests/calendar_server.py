"""Serve a saved-site folder over HTTP on 127.0.0.1, with faults a test can inject.

Pages are served at their URL paths (``/course-descriptions/subject/cpscv``)
with an ETag (content sha256) and Last-Modified (file mtime), answering
conditional requests with 304. ``faults`` maps a path to what should happen
instead: a list of HTTP statuses to return first (then normal service),
``("sleep", seconds)`` before answering, ``("redirect", "/other")``, or
``("type", "application/pdf")``, or ``("status", 503, {"Retry-After": "1"})``.
``documents`` serves extra paths (more sitemaps, for instance). Every request is logged for assertions.
"""

from __future__ import annotations

import hashlib
import threading
import time
from email.utils import formatdate
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path


class CalendarServer:
    def __init__(self, site: Path, robots: str = "User-agent: *\nAllow: /\n", sitemap: bytes | None = None):
        self.site = site  # the host folder: <root>/vancouver.calendar.ubc.ca
        self.robots = robots
        self.sitemap = sitemap
        self.faults: dict[str, list] = {}
        self.documents: dict[str, tuple[str, bytes]] = {}  # extra paths: (content type, body), e.g. sitemaps
        self.log: list[tuple[str, int, bool]] = []  # (path, status, conditional)
        self.lock = threading.Lock()
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):  # keep test output clean
                pass

            def do_GET(self):  # noqa: N802 - http.server's naming
                server.handle(self)

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}"

    def __enter__(self) -> "CalendarServer":
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()

    def requests_for(self, path: str) -> list[tuple[str, int, bool]]:
        return [r for r in self.log if r[0] == path]

    def _reply(self, h: BaseHTTPRequestHandler, status: int, body: bytes = b"", headers: dict | None = None,
               conditional: bool = False) -> None:
        with self.lock:
            self.log.append((h.path, status, conditional))
        try:
            h.send_response(status)
            for k, v in (headers or {}).items():
                h.send_header(k, v)
            h.send_header("Content-Length", str(len(body)))
            h.end_headers()
            if body:
                h.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def handle(self, h: BaseHTTPRequestHandler) -> None:
        path = h.path.split("?")[0]
        conditional = "If-None-Match" in h.headers or "If-Modified-Since" in h.headers
        with self.lock:
            queue = self.faults.get(path, [])
            fault = queue.pop(0) if queue else None
        if isinstance(fault, int):
            return self._reply(h, fault, b"fault", {"Content-Type": "text/plain"}, conditional)
        if isinstance(fault, tuple) and fault[0] == "status":  # ("status", 503, {"Retry-After": "1"})
            return self._reply(h, fault[1], b"fault", {"Content-Type": "text/plain", **fault[2]}, conditional)
        if path in self.documents:
            content_type, data = self.documents[path]
            return self._reply(h, 200, data, {"Content-Type": content_type}, conditional)
        if isinstance(fault, tuple) and fault[0] == "sleep":
            time.sleep(fault[1])
        if isinstance(fault, tuple) and fault[0] == "redirect":
            return self._reply(h, 301, b"", {"Location": fault[1]}, conditional)
        if path == "/robots.txt":
            return self._reply(h, 200, self.robots.encode(), {"Content-Type": "text/plain"})
        if path == "/sitemap.xml":
            data = self.sitemap if self.sitemap is not None else (self.site / "sitemap.xml").read_bytes()
            return self._reply(h, 200, data, {"Content-Type": "application/xml"})
        file = self.site / (path.strip("/") + ".html")
        if not file.is_file():
            return self._reply(h, 404, b"not found", {"Content-Type": "text/plain"}, conditional)
        body = file.read_bytes()
        etag = '"' + hashlib.sha256(body).hexdigest()[:32] + '"'
        modified = formatdate(file.stat().st_mtime, usegmt=True)
        content_type = fault[1] if isinstance(fault, tuple) and fault[0] == "type" else "text/html; charset=utf-8"
        headers = {"ETag": etag, "Last-Modified": modified, "Content-Type": content_type}
        if h.headers.get("If-None-Match") == etag:
            return self._reply(h, 304, b"", headers, conditional)
        return self._reply(h, 200, body, headers, conditional)

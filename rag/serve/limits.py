"""Refuse requests before any handler sees them: a foreign Host header, an oversized body.

``HostCheck``: a web page on another site can make a browser send requests to
127.0.0.1 under its own name (DNS rebinding: ``evil.example`` resolves to the
attacker first, then to 127.0.0.1), and the browser then lets that page read
the answers. The Host header still says ``evil.example``, so only requests
naming the bound address or localhost (plus ``UBCAL_SERVE_ALLOWED_HOSTS``) are
served; any other is refused with 400.

``BodySizeLimit``: bodies are buffered up to the limit (a question is a few
hundred bytes; the limit is 16 KiB by default) and replayed to the app, so a
body without a Content-Length (chunked) is held to the same limit as one that
declares it.
"""

from __future__ import annotations

import json


LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")
WILDCARD_ADDRESSES = ("0.0.0.0", "::", "")  # bound to every interface: not a name a client sends


def host_name(header: str) -> str:
    """The host of a Host header, lower case, without port or IPv6 brackets; "" if malformed."""
    value = header.strip().lower()
    if value.startswith("["):  # [::1] or [::1]:8000
        end = value.find("]")
        rest = value[end + 1:] if end > 0 else "x"
        return value[1:end] if rest == "" or (rest.startswith(":") and rest[1:].isdigit()) else ""
    name, _, port = value.partition(":")
    if ":" in port or (port and not port.isdigit()):
        return ""  # a bare IPv6 address or a bad port
    return name


def allowed_hosts(bound: str, extra: str) -> frozenset[str] | None:
    """The host names to answer to: loopback, the bound address and ``extra`` (comma-separated).

    None means any ("*" among ``extra``).
    """
    names = {n.strip().lower().strip("[]") for n in extra.split(",") if n.strip()}
    if "*" in names:
        return None
    bound = bound.strip().lower().strip("[]")
    return frozenset(names | set(LOOPBACK_NAMES) | ({bound} - set(WILDCARD_ADDRESSES)))


class HostCheck:
    """Refuse (400) a request whose Host header names no allowed host, before anything reads it."""

    def __init__(self, app, allowed: frozenset[str] | None) -> None:
        self.app = app
        self.allowed = allowed

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http" or self.allowed is None:
            await self.app(scope, receive, send)
            return
        header = dict(scope.get("headers") or []).get(b"host", b"").decode("latin-1")
        if host_name(header) in self.allowed:
            await self.app(scope, receive, send)
            return
        shown = header[:100] or "(none)"
        await refuse(send, 400, f"the Host header {shown!r} is not one this server answers to; "
                                f"add it to UBCAL_SERVE_ALLOWED_HOSTS to allow it")


async def refuse(send, status: int, message: str) -> None:
    """Answer with ``{"status", "error"}`` without reading the request."""
    payload = json.dumps({"status": status, "error": message}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(payload)).encode())]})
    await send({"type": "http.response.body", "body": payload})


class BodySizeLimit:
    def __init__(self, app, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http" or scope["method"] in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.max_bytes:
            await self._refuse(send, f"the request body is {int(declared)} bytes; the limit is {self.max_bytes}")
            return
        body, more = b"", True
        while more:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            body += message.get("body", b"")
            more = message.get("more_body", False)
            if len(body) > self.max_bytes:
                await self._refuse(send, f"the request body is over the limit of {self.max_bytes} bytes")
                return
        replayed = False

        async def replay():
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()  # after the body: the client's disconnect, which streaming watches for

        await self.app(scope, replay, send)

    async def _refuse(self, send, message: str) -> None:
        await refuse(send, 413, message + " (UBCAL_SERVE_MAX_BODY_BYTES)")

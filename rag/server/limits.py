"""Refuse oversized request bodies before any handler reads them.

Bodies are buffered up to the limit (a question is a few hundred bytes; the
limit is 16 KiB by default) and replayed to the app, so a body without a
Content-Length (chunked) is held to the same limit as one that declares it.
"""

from __future__ import annotations

import json


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
        payload = json.dumps({"status": 413, "error": message + " (UBCAL_SERVE_MAX_BODY_BYTES)"}).encode()
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(payload)).encode())]})
        await send({"type": "http.response.body", "body": payload})

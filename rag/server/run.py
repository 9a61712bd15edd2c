"""Start ``ubcal serve``: open the version, load both models, then listen.

Models load before the port opens, so the first request is as fast as any
other and a client polling ``/api/health`` sees the server only once it is warm.
"""

from __future__ import annotations

import sys

from rag.config import Settings
from rag.server.app import create_app
from rag.server.holder import VersionHolder


def serve(settings: Settings, host: str, port: int, version: str | None = None) -> None:
    import uvicorn

    holder = VersionHolder(settings, version)
    holder.start()
    holder.warm()
    app = create_app(holder, settings)
    serving = holder.current or f"nothing yet ({holder.problem})"
    print(f"ubcal serve: http://{host}:{port}/ answering from {serving}"
          + ("" if version else "; following CURRENT"), file=sys.stderr, flush=True)
    uvicorn.run(app, host=host, port=port, log_level="warning", access_log=False)

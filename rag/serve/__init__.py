"""``ubcal serve``: one long-lived process answering over HTTP with everything loaded once.

``holder`` keeps the open index versions (following CURRENT, leasing what it
uses), ``shared`` guards the one model and embedder for concurrent requests,
``stream`` turns an answer's trace into server-sent events, ``app`` is the
FastAPI application and ``page.html`` the single web page it serves.
"""

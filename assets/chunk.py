"""Split sections into chunks small enough for the embedding model's window.

A section that fits stays whole, so a course is one chunk and cites one
anchor. Longer sections are split at the coarsest boundary that works
(paragraph, line, sentence, word) with overlap, so no requirement row is cut
in half when a line break would do. Two limits apply: ``size`` characters, and
the model's token window measured on the text as it is embedded (header and
body), so no chunk loses its tail to truncation (``assets.tokens``). Chunk ids hash the section id, position
and text: unchanged text keeps its id, which is what lets rebuilds reuse work.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

from assets.parse import Section
from assets.tokens import TokenWindow
from rag.index.codes import unique_codes

SEPARATORS: tuple[str, ...] = ("\n\n", "\n", "(?<=[.!?;])\\s+", " ")


@dataclass
class Chunk:
    chunk_id: str
    section_id: str
    url: str
    anchor: str
    kind: str
    page_title: str
    heading: str
    heading_path: list[str]
    course_code: str
    course_codes: list[str]
    text: str
    context_header: str
    ordinal: int


def _split_on(text: str, pattern: str) -> list[str]:
    parts = re.split(pattern, text) if pattern != " " else text.split(" ")
    return [p for p in parts if p.strip()]


def split_text(text: str, size: int, overlap: int, separators: tuple[str, ...] = SEPARATORS) -> list[str]:
    """Recursive character splitter: pieces of at most ``size`` characters, ``overlap`` repeated."""
    text = text.strip()
    if len(text) <= size:
        return [text] if text else []
    if not separators:  # a single unbroken run longer than size: cut it
        step = size - overlap
        return [text[i:i + size] for i in range(0, max(len(text) - overlap, 1), step)]
    sep, rest = separators[0], separators[1:]
    joiner = {"\n\n": "\n\n", "\n": "\n"}.get(sep, " ")
    pieces: list[str] = []
    for part in _split_on(text, sep):
        pieces.extend([part] if len(part) <= size else split_text(part, size, overlap, rest))
    return _merge(pieces, size, overlap, joiner)


def _merge(pieces: list[str], size: int, overlap: int, joiner: str) -> list[str]:
    """Greedily pack pieces into chunks; start each new chunk with the previous one's tail."""
    chunks: list[str] = []
    current: list[str] = []
    for piece in pieces:
        candidate = joiner.join(current + [piece])
        if current and len(candidate) > size:
            chunks.append(joiner.join(current))
            tail: list[str] = []
            for prev in reversed(current):
                candidate_tail = [prev] + tail
                if (len(joiner.join(candidate_tail)) > overlap
                        or len(joiner.join(candidate_tail + [piece])) > size):
                    break
                tail = candidate_tail
            current = tail + [piece]
        else:
            current.append(piece)
    if current:
        chunks.append(joiner.join(current))
    return chunks


def chunk_id_for(section_id: str, ordinal: int, text: str) -> str:
    return hashlib.sha256(f"{section_id}\0{ordinal}\0{text}".encode()).hexdigest()[:24]


MIN_SPLIT_CHARS = 40  # below this a body is kept as it is (only an absurd header could overflow it)


def fit_window(header: str, body: str, window: TokenWindow, overlap: int) -> list[str]:
    """``body`` split until each piece, embedded with ``header``, fits the model's token window."""
    tokens = window.count(f"{header}\n{body}")
    if tokens <= window.max_tokens or len(body) <= MIN_SPLIT_CHARS:
        return [body]
    # shrink the character budget in proportion to the overflow, with a margin for uneven density
    size = max(MIN_SPLIT_CHARS, min(len(body) - 1, int(len(body) * window.max_tokens / tokens * 0.9)))
    pieces = split_text(body, size, min(overlap, size // 4))
    if len(pieces) < 2:  # cannot split further
        return [body]
    return [fitted for piece in pieces for fitted in fit_window(header, piece, window, overlap)]


def chunk_section(section: Section, page_title: str, size: int, overlap: int,
                  subjects: list[str], window: TokenWindow | None = None) -> list[Chunk]:
    header = page_title if section.heading == page_title else f"{page_title} > {section.heading}"
    codes = unique_codes(section.text, subjects, strict=True)
    if section.course_code and section.course_code not in codes:
        codes.insert(0, section.course_code)
    bodies = split_text(section.text, size, overlap)
    if window is not None:
        bodies = [piece for body in bodies for piece in fit_window(header, body, window, overlap)]
    out = []
    for i, body in enumerate(bodies):
        out.append(Chunk(
            chunk_id=chunk_id_for(section.section_id, i, body), section_id=section.section_id,
            url=section.url, anchor=section.anchor, kind=section.kind, page_title=page_title,
            heading=section.heading, heading_path=list(section.heading_path),
            course_code=section.course_code, course_codes=codes, text=body,
            context_header=header, ordinal=i,
        ))
    return out

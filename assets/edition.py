"""Which calendar edition a source is, read from its pages' banner and footer ("Calendar 2025/26").

The edition is a fact of the pages, not a setting: a saved folder and a crawl of the live site are
read the same way (both give page records with their bytes), so a build can never label last year's
pages as this year's. Only text outside ``<main>`` is read (the banner, the footer, the title), since
a course description could quote another year's calendar.

One source is one edition. Pages that name no edition (an error page, a hand-written fixture) do not
vote. When no page names one the edition is ``unknown`` (a store of such versions works as stores
did before editions). When pages name different editions the source is a mix of two calendars and
the build stops with an error naming the pages in the minority, before anything is published.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from assets.sources import SourceScan
from rag.index.editions import UNKNOWN_EDITION, normalize_edition

BANNER_RE = re.compile(r"Calendar\s+(20\d\d\s*/\s*\d\d)\b")
MAIN_RE = re.compile(rb"<main\b.*?</main\s*>", re.IGNORECASE | re.DOTALL)
NAMED_PAGES = 5  # pages named in a conflict message


class EditionConflict(ValueError):
    """The source's pages name more than one edition; the message names them."""


@dataclass
class EditionReading:
    edition: str
    pages: dict[str, int] = field(default_factory=dict)  # edition -> pages naming it
    unmarked: int = 0  # pages naming no edition


def page_edition(html: bytes) -> str | None:
    """The edition a page's banner or footer names, or None."""
    outside = MAIN_RE.sub(b" ", html).decode("utf-8", errors="replace")
    for match in BANNER_RE.finditer(outside):
        edition = normalize_edition(match.group(1).replace(" ", ""))
        if edition:
            return edition
    return None


def read_edition(scan: SourceScan) -> EditionReading:
    """The one edition the source's pages name (``unknown`` if none does); EditionConflict if several."""
    by_page = {p.path: page_edition(p.html) for p in scan.pages}
    counts = Counter(e for e in by_page.values() if e)
    unmarked = sum(1 for e in by_page.values() if not e)
    if not counts:
        return EditionReading(UNKNOWN_EDITION, {}, unmarked)
    if len(counts) > 1:
        major = counts.most_common(1)[0][0]
        odd = sorted(path for path, e in by_page.items() if e and e != major)
        shown = ", ".join(odd[:NAMED_PAGES]) + (f" and {len(odd) - NAMED_PAGES} more" if len(odd) > NAMED_PAGES else "")
        said = ", ".join(f"{n} say {e}" for e, n in counts.most_common())
        raise EditionConflict(f"the pages of {scan.root} disagree on the calendar edition ({said}): {shown} "
                              f"differ from {major}; build each edition from its own folder")
    return EditionReading(next(iter(counts)), dict(counts), unmarked)

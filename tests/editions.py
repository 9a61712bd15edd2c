"""Two small editions of the shipped sample calendar, written into temp folders for the edition tests.

2026/27 is the sample as shipped. 2025/26 is a copy whose banner says "Calendar 2025/26" and whose
STAT page differs in known ways, so every kind of change has one case to find:

- STAT 201's prerequisite was STAT 251 (prerequisite and description changed)
- STAT 306's title was "Relationships in Data" (title changed)
- STAT 406 is new in 2026/27 (added); STAT 199 is gone (removed)
- STAT 200's sentence differs only in a space and a comma (trivia: not a change)

``reword`` makes a second 2025/26 version (STAT 302's description gains a sentence), for rollback
within an edition.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from tests.conftest import HOST, SAMPLE, course_article

STAT = "course-descriptions/subject/statv.html"


def _replace(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert text.count(old) == 1, (path, old)
    path.write_text(text.replace(old, new))


def write_new(root: Path) -> Path:
    """The 2026/27 edition: the shipped sample."""
    shutil.copytree(SAMPLE / HOST, root / HOST)
    return root


def write_old(root: Path) -> Path:
    """The 2025/26 edition (see the module docstring)."""
    site = root / HOST
    shutil.copytree(SAMPLE / HOST, site)
    for page in site.rglob("*.html"):
        page.write_text(page.read_text().replace("Calendar 2026/27", "Calendar 2025/26"))
    stat = site / STAT
    _replace(stat, "[3-0-1] Prerequisite: STAT 200.</p>", "[3-0-1] Prerequisite: STAT 251.</p>")
    _replace(stat, "(3) Finding Relationships in Data</h3>", "(3) Relationships in Data</h3>")
    _replace(stat, "MATH 104, MATH 180, MATH 184.</p>", "MATH 104,  MATH 180 , MATH 184</p>")
    text = stat.read_text()
    text, n = re.subn(r'<article[^>]*id="stat-v-406[^"]*">.*?</article>\s*', "", text, flags=re.DOTALL)
    assert n == 1
    gone = course_article("STAT", "199", "3", "Statistics Without Formulas",
                          "Reading graphs and surveys. [3-0-0] Prerequisite: MATH 100.")
    stat.write_text(text.replace("</main>", gone + "</main>", 1))
    return root


def reword(root: Path) -> None:
    """A second 2025/26 version: STAT 302's description gains a sentence."""
    _replace(root / HOST / STAT, "Probability axioms, conditional probability",
             "Probability axioms, counting, conditional probability")

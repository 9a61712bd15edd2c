"""Turn one calendar page into a title, a breadcrumb trail and citable sections.

Only ``<main>`` is read, so navigation, breadcrumb, sidebar and footer text can
never reach a chunk. Every section gets an anchor that is stable across builds
(the element id where the page has one, else a slug of its heading) so that
``url#anchor`` is a citation a reader can follow and a diff can match.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from selectolax.lexbor import LexborHTMLParser, LexborNode

from assets.sources import PageRecord
from rag.index.codes import COURSE_HEADING_RE, normalize_code

MAIN_SELECTORS = ("main#main-content", "main", "[role=main]")
BOILERPLATE_TAGS = ("nav", "header", "footer", "aside", "script", "style", "form", "noscript")
HEADING_TAGS = ("h2", "h3", "h4")
PROGRAM_PATH_HINT = "/faculties-colleges-and-schools/"
POLICY_PATH_HINT = "/campus-wide-policies-and-regulations/"
INTRO_ANCHOR = "overview"
# Bump when parsing output changes: it is part of every version id, and stops reuse of older parses.
PARSER_VERSION = "1"


class PageParseError(ValueError):
    """A page that cannot yield sections; the message names the page."""


@dataclass
class Section:
    url: str
    anchor: str
    kind: str  # course | program | policy | page
    heading: str
    heading_path: list[str]
    text: str
    order: int
    course_code: str = ""
    course_code_raw: str = ""
    subject: str = ""
    number: str = ""
    credits: str = ""
    course_title: str = ""

    @property
    def section_id(self) -> str:
        return f"{self.url}#{self.anchor}"


@dataclass
class ParsedPage:
    url: str
    title: str
    breadcrumb: list[str]
    kind: str
    sections: list[Section] = field(default_factory=list)


def slugify(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "section"


def clean_text(text: str) -> str:
    return re.sub(r"[ \t\r\f\v\u00a0]+", " ", text).strip()


def _node_text(node: LexborNode) -> str:
    return clean_text(node.text(deep=True, separator=" "))


def _render_table(table: LexborNode) -> str:
    """A requirements table as one readable line per row ("CPSC 110 (4 credits). Notes: ...")."""
    headers = [_node_text(th).lower() for th in table.css("thead th")] or [
        _node_text(th).lower() for th in table.css("tr:first-child th")]
    lines: list[str] = []
    for row in table.css("tr"):
        cells = [_node_text(td) for td in row.css("td")]
        if not cells or not any(cells):
            continue
        if headers[:2] == ["course", "credits"] and len(cells) >= 2:
            name = cells[0] or "(untitled requirement)"
            line = f"- {name} ({cells[1]} credits)" if cells[1] else f"- {name}"
            rest = [f"{h.capitalize()}: {c}" for h, c in zip(headers[2:], cells[2:]) if c]
            lines.append(line + (". " + " ".join(rest) if rest else ""))
        else:
            pairs = [f"{h.capitalize()}: {c}" if h else c for h, c in zip(headers or [""] * len(cells), cells) if c]
            lines.append("- " + "; ".join(pairs))
    return "\n".join(lines)


def _block_text(node: LexborNode) -> str:
    if node.tag == "table":
        return _render_table(node)
    if node.tag in ("ul", "ol"):
        return "\n".join("- " + _node_text(li) for li in node.css("li") if _node_text(li))
    return _node_text(node)


BLOCK_TAGS = ("p", "table", "ul", "ol", "dl", "pre", "blockquote") + HEADING_TAGS


def _blocks(node: LexborNode):
    """Headings and text blocks in document order, looking inside wrapper elements."""
    for child in node.iter(include_text=False):
        if child.tag in BLOCK_TAGS:
            yield child
        elif child.tag == "h1":
            continue
        elif child.css_first(",".join(BLOCK_TAGS)) is not None:
            yield from _blocks(child)
        elif _node_text(child):
            yield child


def _find_main(tree: LexborHTMLParser) -> LexborNode | None:
    for selector in MAIN_SELECTORS:
        node = tree.css_first(selector)
        if node is not None:
            return node
    return None


def _page_kind(url: str, main: LexborNode) -> str:
    if main.css_first("article h3") is not None and any(
            COURSE_HEADING_RE.match(_node_text(h)) for h in main.css("article h3")):
        return "course"
    if PROGRAM_PATH_HINT in url and main.css_first("table") is not None:
        return "program"
    if POLICY_PATH_HINT in url:
        return "policy"
    return "page"


class _AnchorBook:
    """Hands out unique anchors within a page, preferring ids the page already has."""

    def __init__(self) -> None:
        self.used: set[str] = set()

    def take(self, preferred: str) -> str:
        anchor, n = preferred, 2
        while anchor in self.used:
            anchor, n = f"{preferred}-{n}", n + 1
        self.used.add(anchor)
        return anchor


def _course_sections(url: str, title: str, main: LexborNode, anchors: _AnchorBook) -> list[Section]:
    sections = []
    for article in main.css("article"):
        heading_node = article.css_first("h3") or article.css_first("h2")
        if heading_node is None:
            continue
        heading = _node_text(heading_node)
        match = COURSE_HEADING_RE.match(heading)
        if not match:
            continue
        raw_code = f"{match['subject']}{match['campus'] or ''} {match['number']}"
        body = [_node_text(p) for p in article.css("p") if _node_text(p)]
        code = normalize_code(match["subject"], match["number"])
        anchor = anchors.take(article.attributes.get("id") or slugify(heading))
        credits = match["credits"]
        # the heading travels in the chunk's context header, so the body does not repeat it
        text = "\n".join(body) if body else "No description is given in the calendar."
        sections.append(Section(
            url=url, anchor=anchor, kind="course", heading=heading, heading_path=[title, heading],
            text=text, order=len(sections), course_code=code, course_code_raw=raw_code,
            subject=match["subject"], number=match["number"], credits=credits,
            course_title=clean_text(match["title"]),
        ))
    return sections


def _heading_sections(url: str, title: str, kind: str, main: LexborNode,
                      anchors: _AnchorBook) -> list[Section]:
    """Split ``<main>`` at h2-h4; text before the first heading becomes the overview section."""
    sections: list[Section] = []
    path: list[str] = []
    current_heading, current_anchor, buffer = title, INTRO_ANCHOR, []
    levels: dict[str, int] = {"h2": 0, "h3": 1, "h4": 2}

    def flush() -> None:
        text = "\n".join(t for t in buffer if t)
        if text.strip():
            heading_path = [title] + (path[:] if current_anchor != INTRO_ANCHOR else [])
            sections.append(Section(url=url, anchor=anchors.take(current_anchor), kind=kind,
                                    heading=current_heading, heading_path=heading_path,
                                    text=text, order=len(sections)))

    for node in _blocks(main):
        if node.tag in HEADING_TAGS:
            flush()
            heading = _node_text(node)
            level = levels[node.tag]
            path[:] = path[:level] + [heading]
            current_heading = heading
            current_anchor = node.attributes.get("id") or slugify(heading)
            buffer = []
            continue
        buffer.append(_block_text(node))
    flush()
    return sections


def parse_page(record: PageRecord) -> ParsedPage:
    """Parse one page record; raises PageParseError naming the file when nothing is usable."""
    tree = LexborHTMLParser(record.html.decode("utf-8"))
    main = _find_main(tree)
    if main is None:
        raise PageParseError(f"{record.path}: no <main> content element")
    for tag in BOILERPLATE_TAGS:
        for node in main.css(tag):
            node.decompose()
    h1 = main.css_first("h1")
    title_node = tree.css_first("title")
    title = _node_text(h1) if h1 is not None else (
        _node_text(title_node).split("|")[0].strip() if title_node is not None else record.url)
    crumb_node = tree.css_first(".breadcrumb") or tree.css_first("nav[aria-label=breadcrumb]")
    breadcrumb = [_node_text(a) for a in crumb_node.css("a")] if crumb_node is not None else []
    kind = _page_kind(record.url, main)
    anchors = _AnchorBook()
    if kind == "course":
        sections = _course_sections(record.url, title, main, anchors)
        # prose around the articles (the subject intro) is kept as its own section
        for article in main.css("article"):
            article.decompose()
        sections += _heading_sections(record.url, title, "page", main, anchors)
    else:
        sections = _heading_sections(record.url, title, kind, main, anchors)
    if not sections:
        raise PageParseError(f"{record.path}: <main> holds no text")
    for i, s in enumerate(sections):
        s.order = i
    return ParsedPage(url=record.url, title=title, breadcrumb=breadcrumb, kind=kind, sections=sections)

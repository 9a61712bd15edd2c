"""The prerequisite graph around one course, built from a version's facts and drawn by Graphviz.

``build_graph`` walks the requirement trees (``needs``: what a course requires, down N steps) or the
reverse edges (``opens``: what requires it, up N steps), or both, into a ``CourseGraph`` of nodes and
edges that knows nothing of drawing. ``to_dot`` turns that into Graphviz's DOT language and ``render``
has Graphviz's ``dot`` lay it out as SVG or PNG.

Why the PyPI package ``graphviz`` rather than writing DOT by hand and running ``dot`` ourselves: it
quotes every identifier and label correctly (course titles and calendar conditions hold quotes,
backslashes and brackets), and its ``pipe`` runs the ``dot`` program with the errors told apart
(``ExecutableNotFound`` when Debian's ``graphviz`` package is missing). The layout itself is Graphviz's.
"""

from __future__ import annotations

import shutil
import textwrap
from dataclasses import dataclass, field
from typing import Callable

import graphviz

from rag.index.facts import FactStore
from rag.index.leases import Lease
from rag.index.requirement_tree import YES, describe, required_course, tree_codes
from rag.index.store import IntegrityError, StoreLayout, verify_files

DIRECTIONS = ("needs", "opens", "both")
FORMATS = ("svg", "png")
# two steps reach CPSC 221 -> CPSC 210 -> CPSC 110. On the real calendar CPSC 221's picture then holds 21 courses;
# a third step makes it 37, most of first-year mathematics behind MATH 220, too many to read on a page
DEFAULT_DEPTH = 2
# a picture stays readable: past this many courses no course is expanded further (listed as cut instead)
MAX_COURSES = 120
_STRUCTURE = ("all", "one", "n_of", "ambiguous")
_NUMBER_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


class GraphError(ValueError):
    """Input the caller can fix: an unknown course, direction, depth or picture format."""


class UnknownCourse(GraphError):
    """The course is not in the version's calendar (the server answers 404)."""


class GraphvizMissing(RuntimeError):
    """Graphviz's ``dot`` program is not installed, so no picture can be drawn (DOT text still can)."""


@dataclass(frozen=True)
class Node:
    id: str
    kind: str  # center | course | absent (named by a requirement, not in the calendar) | group | note
    label: str
    url: str = ""
    tooltip: str = ""


@dataclass(frozen=True)
class Edge:
    """``tail`` leads to ``head``: a prerequisite (or group) points at the course that requires it."""
    tail: str
    head: str
    coreq: bool = False        # may be taken alongside: drawn dashed
    alternative: bool = False  # (opens) the course is one of several ways into ``head``: drawn grey


@dataclass
class CourseGraph:
    center: str
    direction: str
    depth: int
    nodes: dict[str, Node] = field(default_factory=dict)
    edges: dict[Edge, None] = field(default_factory=dict)  # ordered and without repeats
    cut: list[str] = field(default_factory=list)  # courses whose own requirements lie beyond the picture

    def add(self, node: Node) -> str:
        """The node's id; a node already there is kept (a cycle or a shared prerequisite is drawn once)."""
        self.nodes.setdefault(node.id, node)
        return node.id

    def link(self, edge: Edge) -> None:
        self.edges.setdefault(edge, None)

    def courses(self) -> list[str]:
        return [n.id for n in self.nodes.values() if n.kind in ("center", "course", "absent")]

    def new_id(self, prefix: str) -> str:
        """An id for a group or note node, never a course code (those have a space and a number)."""
        return f"{prefix}{len(self.nodes)}"


# -- building -------------------------------------------------------------------------------------

def build_graph(facts: FactStore, code: str, direction: str = "needs", depth: int = DEFAULT_DEPTH) -> CourseGraph:
    """The graph around ``code``; ``GraphError`` names what is wrong with the input."""
    if direction not in DIRECTIONS:
        raise GraphError(f"direction must be needs, opens or both, not {direction!r}")
    if depth < 1:
        raise GraphError(f"depth must be at least 1, not {depth}")
    code = " ".join(code.upper().split())
    if code not in facts.courses:
        raise UnknownCourse(f"no course {code!r} in this index version's calendar")
    graph = CourseGraph(code, direction, depth)
    graph.add(_course_node(facts, code, center=True))
    if direction in ("needs", "both"):
        _walk(graph, facts, _needs, _has_needs)
    if direction in ("opens", "both"):
        _walk(graph, facts, _opens, lambda f, c: bool(f.required_by.get(c) or f.coreq_of.get(c)))
    return graph


Step = Callable[[CourseGraph, FactStore, str], list[str]]


def _walk(graph: CourseGraph, facts: FactStore, step: Step, more: Callable[[FactStore, str], bool]) -> None:
    """Breadth first from the center, ``graph.depth`` steps; each course is expanded once, so a cycle
    in the calendar ends the walk instead of looping."""
    seen, frontier = {graph.center}, [graph.center]
    for _ in range(graph.depth):
        reached: list[str] = []
        for code in frontier:
            if len(graph.courses()) >= MAX_COURSES:
                graph.cut += [code] if more(facts, code) else []
                continue
            for found in step(graph, facts, code):
                if found not in seen:
                    seen.add(found)
                    reached.append(found)
        frontier = reached
    graph.cut += [c for c in frontier if c not in graph.cut and more(facts, c)]


def _course_node(facts: FactStore, code: str, center: bool = False) -> Node:
    """A course links to its calendar section; its title is the tooltip (and, at the center, the label)."""
    fact = facts.courses.get(code)
    if fact is None:
        return Node(code, "absent", code, tooltip=f"{code}: not in this calendar")
    label = f"{code}\n{_wrap(fact.title, 24, 2)}" if center and fact.title else code
    return Node(code, "center" if center else "course", label, fact.citation, f"{code}: {fact.title}")


def _has_needs(facts: FactStore, code: str) -> bool:
    fact = facts.courses.get(code)
    return bool(fact and (fact.prerequisite_tree or fact.corequisite_tree))


def _needs(graph: CourseGraph, facts: FactStore, code: str) -> list[str]:
    """Draw ``code``'s prerequisite and corequisite trees into it; the courses they name."""
    fact = facts.courses.get(code)
    if fact is None:
        return []
    reached = _attach(graph, facts, fact.prerequisite_tree, code, False) if fact.prerequisite_tree else []
    if fact.corequisite_tree:
        reached += _attach(graph, facts, fact.corequisite_tree, code, True)
    return reached


def _attach(graph: CourseGraph, facts: FactStore, node: dict, head: str, coreq: bool) -> list[str]:
    """One requirement tree node drawn under ``head``: a course, a group, or a note; the courses reached."""
    op = node["op"]
    if op == "course":
        graph.link(Edge(graph.add(_course_node(facts, node["code"])), head, coreq))
        return [node["code"]]
    if op == "coreq":
        return [c for child in node["items"] for c in _attach(graph, facts, child, head, True)]
    if op in _STRUCTURE and len(node["items"]) == 1:
        return _attach(graph, facts, node["items"][0], head, coreq)
    if op == "all" and graph.nodes[head].kind != "group":  # every arrow into a course is needed anyway
        return [c for child in node["items"] for c in _attach(graph, facts, child, head, coreq)]
    if op in _STRUCTURE:
        group = graph.add(Node(graph.new_id("group"), "group", _group_label(node), tooltip=describe(node)))
        graph.link(Edge(group, head, coreq))
        return [c for child in node["items"] for c in _attach(graph, facts, child, group, False)]
    return _note(graph, facts, node, head, coreq)


def _note(graph: CourseGraph, facts: FactStore, node: dict, head: str, coreq: bool) -> list[str]:
    """A condition that is not a course (a standing, a permission, a score, a program) as a note; a
    score's courses point at its note, since the grade is asked of them."""
    text = describe(node) or node["op"]
    note = graph.add(Node(graph.new_id("note"), "note", _wrap(text, 28, 4), tooltip=text))
    graph.link(Edge(note, head, coreq))
    codes = tree_codes(node) if node["op"] == "score" else []
    for code in codes:
        graph.link(Edge(graph.add(_course_node(facts, code)), note))
    return codes


def _group_label(node: dict) -> str:
    if node["op"] == "ambiguous":
        return "one or all of?"
    if node["op"] == "n_of":
        n = node.get("n", 2)
        return f"{_NUMBER_WORDS.get(n, n)} of"
    return {"all": "all of", "one": "one of"}[node["op"]]


def _opens(graph: CourseGraph, facts: FactStore, code: str) -> list[str]:
    """Draw the courses that require ``code`` (grey when it is only one of their ways in); those courses."""
    reached = []
    for source, _parsed in facts.required_by.get(code, []):
        fact = facts.courses.get(source)
        only_way = fact is not None and fact.prerequisite_tree is not None and \
            required_course(fact.prerequisite_tree, code) == YES
        graph.link(Edge(code, graph.add(_course_node(facts, source)), alternative=not only_way))
        reached.append(source)
    for source in facts.coreq_of.get(code, []):
        graph.link(Edge(code, graph.add(_course_node(facts, source)), coreq=True))
        reached.append(source)
    return reached


def _wrap(text: str, width: int, lines: int) -> str:
    return "\n".join(textwrap.wrap(" ".join(text.split()), width, max_lines=lines, placeholder=" …")) or text


# -- reading a version ----------------------------------------------------------------------------

def version_facts(layout: StoreLayout, version_id: str | None = None) -> tuple[str, FactStore]:
    """(version id, facts) of CURRENT or ``version_id``, its files checked against the manifest first,
    under a reader's lease so gc cannot remove it mid-read. Only the fact tables are parsed: drawing a
    graph needs no model, vectors or postings."""
    vid = layout.resolve(version_id)
    lease = Lease(layout, vid)
    try:
        problems = verify_files(layout, vid)
        if problems:
            raise IntegrityError(f"version {vid} failed its checksum check: " + "; ".join(problems))
        facts = FactStore.load(layout.version_dir(vid))
    finally:
        lease.release()
    if facts is None:
        raise GraphError(f"index version {vid} has no fact tables (built before facts existed): run `ubcal build`")
    return vid, facts


# -- drawing --------------------------------------------------------------------------------------

_NODE_STYLE = {
    "center": {"shape": "box", "style": "filled,bold", "fillcolor": "#002145", "fontcolor": "white"},
    "course": {"shape": "box", "style": "rounded,filled", "fillcolor": "#e3eefc", "color": "#0055b7"},
    "absent": {"shape": "box", "style": "rounded,dashed", "color": "#7a8ea6", "fontcolor": "#5b6775"},
    "group": {"shape": "ellipse", "style": "filled", "fillcolor": "#fff3cd", "fontsize": "10",
              "margin": "0.02", "height": "0.3"},
    "note": {"shape": "note", "style": "filled", "fillcolor": "#f6f7f9", "fontsize": "10", "color": "#7a8ea6"},
}


def to_dot(graph: CourseGraph) -> graphviz.Digraph:
    """The graph in DOT; prerequisites above the courses they lead to. Course nodes link to their
    calendar sections (opened in a new tab), with the title as tooltip."""
    dot = graphviz.Digraph("prerequisites", comment=_comment(graph),
                           graph_attr={"rankdir": "TB", "fontname": "Helvetica", "tooltip": graph.center,
                                       "nodesep": "0.25", "ranksep": "0.35"},
                           node_attr={"fontname": "Helvetica", "fontsize": "12"},
                           edge_attr={"color": "#1d2733", "arrowsize": "0.7"})
    for node in graph.nodes.values():
        link = {"URL": node.url, "target": "_blank"} if node.url else {}
        dot.node(node.id, graphviz.escape(node.label).replace("\n", "\\n"), tooltip=node.tooltip or node.label,
                 **link, **_NODE_STYLE[node.kind])
    for edge in graph.edges:
        dot.edge(edge.tail, edge.head, **_edge_style(edge))
    return dot


def _edge_style(edge: Edge) -> dict[str, str]:
    if edge.coreq:
        return {"style": "dashed", "tooltip": "may be taken alongside (corequisite)"}
    if edge.alternative:
        return {"color": "#9aa5b1", "tooltip": "one of several ways in"}
    return {}


def _comment(graph: CourseGraph) -> str:
    words = f"prerequisite graph of {graph.center} ({graph.direction}, depth {graph.depth}): " \
            f"{len(graph.courses())} courses"
    return words + (f"; not drawn further: {', '.join(graph.cut)}" if graph.cut else "")


def can_render() -> bool:
    """Whether Graphviz's ``dot`` is on PATH (the server's health says so, and the page asks for a
    picture only then)."""
    return shutil.which("dot") is not None


def render(graph: CourseGraph, fmt: str) -> bytes:
    """The picture as SVG or PNG bytes, laid out by Graphviz's ``dot``."""
    if fmt not in FORMATS:
        raise GraphError(f"a picture is .svg or .png, not {fmt!r}")
    try:
        return to_dot(graph).pipe(format=fmt)
    except graphviz.ExecutableNotFound as exc:
        raise GraphvizMissing("Graphviz's dot program is not installed: run `apt-get install graphviz` "
                              "(or `bash scripts/install.sh --graph`)") from exc

"""The prerequisite graph: built from a tiny FactStore whose trees the build's own parser reads from
calendar wording, then written as DOT and drawn by Graphviz (those tests skip, saying so, without it)."""

from __future__ import annotations

import shutil

import pytest

from assets.requirements import parse_requirement
from rag.answer.graph import (DEFAULT_DEPTH, MAX_COURSES, Edge, GraphError, GraphvizMissing, UnknownCourse,
                              build_graph, render, to_dot)
from rag.index.facts import CourseFact, FactStore
from rag.index.requirement_tree import tree_codes
from tests.conftest import HOST

needs_dot = pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz's dot is not installed: run "
                               "`bash scripts/install.sh --graph` (`make test` does) or `apt-get install graphviz`")


def course(code: str, prerequisite: str = "", corequisite: str = "", title: str = "") -> CourseFact:
    subject, number = code.split()
    return CourseFact(
        code=code, title=title or f"Topics {number}", credits="3", credits_min=3.0, credits_max=3.0,
        level=int(number[0]) * 100, url=f"https://{HOST}/course-descriptions/subject/{subject.lower()}v",
        anchor=f"{subject.lower()}-v-{number}", heading=code, text="", prerequisite=prerequisite,
        prerequisite_tree=parse_requirement(prerequisite) if prerequisite else None, prerequisite_parsed=True,
        prerequisite_unparsed=[], corequisite=corequisite,
        corequisite_tree=parse_requirement(corequisite) if corequisite else None, exclusion="", excluded_with=[],
        equivalency="", restriction="")


def store(*courses: CourseFact) -> FactStore:
    """A FactStore whose reverse edges come from the trees, as the build's requirement_edges table does."""
    required_by: dict[str, list[tuple[str, bool]]] = {}
    coreq_of: dict[str, list[str]] = {}
    for c in courses:
        for code in tree_codes(c.prerequisite_tree) if c.prerequisite_tree else []:
            required_by.setdefault(code, []).append((c.code, True))
        for code in tree_codes(c.corequisite_tree) if c.corequisite_tree else []:
            coreq_of.setdefault(code, []).append(c.code)
    return FactStore({c.code: c for c in courses}, required_by, coreq_of, {})


CPSC = store(
    course("CPSC 110", title="Computation, Programs, and Programming"),
    course("CPSC 121"),
    course("MATH 220"),
    course("CPSC 210", "CPSC 110.", title="Software Construction"),
    course("CPSC 221", "All of CPSC 210 and one of CPSC 121, MATH 220.", title='Basic "Algorithms" & Data'),
    course("CPSC 320", "All of CPSC 221 and one of CPSC 121, MATH 220."),
    course("CPSC 313", "CPSC 221 or CPSC 210."),
)


def edges(graph) -> set[tuple[str, str]]:
    """Edges with group and note nodes named by their labels, so a test reads like the picture."""
    name = {n.id: (n.label if n.kind in ("group", "note") else n.id) for n in graph.nodes.values()}
    return {(name[e.tail], name[e.head]) for e in graph.edges}


def test_needs_draws_prerequisites_transitively_with_one_of_as_a_group():
    graph = build_graph(CPSC, "CPSC 221")
    assert graph.courses() == ["CPSC 221", "CPSC 210", "CPSC 121", "MATH 220", "CPSC 110"]
    assert edges(graph) == {("CPSC 210", "CPSC 221"), ("one of", "CPSC 221"), ("CPSC 121", "one of"),
                            ("MATH 220", "one of"), ("CPSC 110", "CPSC 210")}
    assert graph.cut == [] and graph.depth == DEFAULT_DEPTH
    assert "CPSC 320" not in graph.nodes  # needs goes down only


def test_depth_stops_the_walk_and_names_what_was_not_drawn_further():
    graph = build_graph(CPSC, "CPSC 221", depth=1)
    assert "CPSC 210" in graph.nodes and "CPSC 110" not in graph.nodes
    assert graph.cut == ["CPSC 210"]  # CPSC 121 and MATH 220 have nothing further to draw


def test_opens_draws_what_requires_the_course_grey_when_it_is_only_one_way_in():
    graph = build_graph(CPSC, "CPSC 221", direction="opens")
    assert edges(graph) == {("CPSC 221", "CPSC 320"), ("CPSC 221", "CPSC 313")}
    alternative = {e.head: e.alternative for e in graph.edges}
    assert alternative == {"CPSC 320": False, "CPSC 313": True}  # CPSC 313 takes CPSC 210 instead


def test_both_joins_the_two_walks_around_the_course():
    graph = build_graph(CPSC, "cpsc  221", direction="both", depth=1)  # the code as a student types it
    assert graph.center == "CPSC 221"
    assert {("CPSC 210", "CPSC 221"), ("CPSC 221", "CPSC 320")} <= edges(graph)


def test_a_cycle_is_drawn_once_and_the_walk_ends():
    cyclic = store(course("ABCD 200", "ABCD 300."), course("ABCD 300", "ABCD 200."))
    graph = build_graph(cyclic, "ABCD 200", direction="both", depth=50)
    assert graph.courses() == ["ABCD 200", "ABCD 300"]
    assert edges(graph) == {("ABCD 300", "ABCD 200"), ("ABCD 200", "ABCD 300")}


def test_conditions_that_are_not_courses_are_notes_and_a_score_names_its_courses():
    facts = store(course("ABCD 101"), course("ABCD 103"),
                  course("ABCD 300", "ABCD 101 and third-year standing."),
                  course("ABCD 310", "A score of 64% or higher in one of ABCD 101, ABCD 103."))
    standing = build_graph(facts, "ABCD 300")
    [note] = [n for n in standing.nodes.values() if n.kind == "note"]
    assert "third-year standing" in note.label.lower() and ("ABCD 101", "ABCD 300") in edges(standing)
    assert (note.label, "ABCD 300") in edges(standing)
    score = build_graph(facts, "ABCD 310")
    [note] = [n for n in score.nodes.values() if n.kind == "note"]
    assert "64%" in note.label and note.tooltip.startswith("A score of 64%")
    assert edges(score) == {(note.label, "ABCD 310"), ("ABCD 101", note.label), ("ABCD 103", note.label)}


def test_corequisites_are_dashed_edges():
    facts = store(course("ABCD 110"), course("ABCD 111", corequisite="ABCD 110."))
    graph = build_graph(facts, "ABCD 111")
    assert list(graph.edges) == [Edge("ABCD 110", "ABCD 111", coreq=True)]
    assert '"ABCD 110" -> "ABCD 111" [style=dashed' in to_dot(graph).source
    opens = build_graph(facts, "ABCD 110", direction="opens")
    assert list(opens.edges) == [Edge("ABCD 110", "ABCD 111", coreq=True)]


def test_a_course_the_calendar_lacks_is_drawn_without_a_link():
    graph = build_graph(store(course("ABCD 300", "ABCD 299.")), "ABCD 300")
    assert graph.nodes["ABCD 299"].kind == "absent" and not graph.nodes["ABCD 299"].url


def test_a_wide_graph_stops_expanding_at_the_size_limit():
    many = [course(f"ABCD {100 + i}", "ABCD 050.") for i in range(MAX_COURSES + 5)]
    hub = course("ABCD 500", "All of " + ", ".join(c.code for c in many) + ".")
    facts = store(course("ABCD 050"), *many, hub, course("ABCD 600", "ABCD 500."))
    graph = build_graph(facts, "ABCD 600", depth=3)
    assert len(graph.courses()) == MAX_COURSES + 7  # the hub's row is drawn whole, then nothing more
    assert "ABCD 050" not in graph.nodes and graph.cut == [c.code for c in many]
    assert build_graph(facts, "ABCD 600", depth=1).cut == ["ABCD 500"]


def test_bad_input_names_itself():
    with pytest.raises(UnknownCourse, match="no course 'CPSC 999'"):
        build_graph(CPSC, "CPSC 999")
    with pytest.raises(GraphError, match="direction must be needs, opens or both, not 'sideways'"):
        build_graph(CPSC, "CPSC 221", direction="sideways")
    with pytest.raises(GraphError, match="depth must be at least 1"):
        build_graph(CPSC, "CPSC 221", depth=0)
    with pytest.raises(GraphError, match=r"\.svg or \.png, not 'pdf'"):
        render(build_graph(CPSC, "CPSC 221"), "pdf")


def test_dot_links_each_course_to_its_calendar_section_with_its_title():
    source = to_dot(build_graph(CPSC, "CPSC 221")).source
    assert f'URL="https://{HOST}/course-descriptions/subject/cpscv#cpsc-v-210"' in source
    assert 'tooltip="CPSC 210: Software Construction"' in source
    assert r'Basic \"Algorithms\" & Data' in source  # a quote in a title is quoted, not the end of a label
    assert source.startswith("// prerequisite graph of CPSC 221 (needs, depth 2): 5 courses")


@needs_dot
def test_svg_names_the_courses_and_links_them():
    svg = render(build_graph(CPSC, "CPSC 221"), "svg").decode()
    assert svg.lstrip().startswith("<?xml") and "<svg" in svg
    for code in ("CPSC 221", "CPSC 210", "CPSC 121", "MATH 220", "CPSC 110", "one of"):
        assert f">{code}<" in svg, code
    assert f'xlink:href="https://{HOST}/course-descriptions/subject/cpscv#cpsc-v-110"' in svg
    assert "style=" not in svg  # the page's policy (style-src 'self') would refuse inline styles
    assert render(build_graph(CPSC, "CPSC 221"), "png").startswith(b"\x89PNG")


def test_without_graphviz_drawing_fails_clearly_and_dot_text_still_works(monkeypatch, tmp_path):
    monkeypatch.setenv("PATH", str(tmp_path))  # no dot here
    graph = build_graph(CPSC, "CPSC 221")
    with pytest.raises(GraphvizMissing, match="apt-get install graphviz"):
        render(graph, "svg")
    assert "CPSC 210" in to_dot(graph).source

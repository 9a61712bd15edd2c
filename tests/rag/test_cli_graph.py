"""`ubcal graph` on the sample calendar's index: DOT text, pictures, and one clear line per bad input."""

from __future__ import annotations

import shutil

import pytest

from tests.rag.test_cli import one_clear_line, ubcal

needs_dot = pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz's dot is not installed: run "
                               "`bash scripts/install.sh --graph` (`make test` does) or `apt-get install graphviz`")


def test_without_out_prints_dot_of_the_prerequisites(sample_store):
    proc = ubcal("graph", "CPSC 221", "--store", str(sample_store))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("// prerequisite graph of CPSC 221 (needs, depth 2)")
    for code in ("CPSC 210", "CPSC 121", "MATH 220"):
        assert f'"{code}"' in proc.stdout, code
    assert "one of" in proc.stdout and "digraph prerequisites {" in proc.stdout


def test_opens_lists_what_requires_the_course(sample_store):
    proc = ubcal("graph", "CPSC 221", "--direction", "opens", "--depth", "1", "--store", str(sample_store))
    assert proc.returncode == 0, proc.stderr
    assert '"CPSC 221" -> "CPSC 320"' in proc.stdout and '"CPSC 221" -> "CPSC 340"' in proc.stdout
    assert '"CPSC 210"' not in proc.stdout


@needs_dot
def test_out_writes_an_svg_or_a_png(sample_store, tmp_path):
    deep = tmp_path / ("a-folder-whose-name-is-long-" * 3)  # the path runs past 80 columns: still one line
    deep.mkdir()
    proc = ubcal("graph", "CPSC 221", "--out", str(deep / "g.svg"), "--store", str(sample_store))
    assert proc.returncode == 0, proc.stderr
    svg = (deep / "g.svg").read_text()
    assert all(f">{code}<" in svg for code in ("CPSC 221", "CPSC 210", "CPSC 121", "MATH 220"))
    assert f"wrote {deep / 'g.svg'}" in proc.stdout
    proc = ubcal("graph", "CPSC 221", "--out", str(tmp_path / "g.PNG"), "--store", str(sample_store))
    assert proc.returncode == 0 and (tmp_path / "g.PNG").read_bytes().startswith(b"\x89PNG")


@pytest.mark.parametrize("args,code,text", [
    (("CPSC 999",), 2, "no course 'CPSC 999' in this index version's calendar"),
    (("CPSC 221", "--direction", "sideways"), 2, "--direction must be needs, opens or both, not 'sideways'"),
    (("CPSC 221", "--out", "g.pdf"), 2, "--out g.pdf must end in .svg or .png"),
    (("CPSC 221", "--out", "/nonexistent-folder/g.svg"), 1, "cannot write --out /nonexistent-folder/g.svg"),
])
def test_bad_input_is_one_clear_line(sample_store, args, code, text):
    if "--out" in args and args[-1].endswith(".svg") and shutil.which("dot") is None:
        pytest.skip("Graphviz's dot is not installed: the picture is drawn before it is written")
    proc = ubcal("graph", *args, "--store", str(sample_store))
    assert proc.returncode == code, proc.stderr
    one_clear_line(proc, text)


def test_a_missing_graphviz_is_one_clear_line(sample_store, tmp_path):
    proc = ubcal("graph", "CPSC 221", "--out", str(tmp_path / "g.svg"), "--store", str(sample_store),
                 env={"PATH": str(tmp_path)})  # a PATH with no dot on it
    assert proc.returncode == 1, proc.stderr
    one_clear_line(proc, "Graphviz's dot program is not installed: run `apt-get install graphviz`")
    assert not (tmp_path / "g.svg").exists()


def test_before_any_build_says_to_build_first(tmp_path):
    proc = ubcal("graph", "CPSC 221", "--store", str(tmp_path / "none"))
    assert proc.returncode == 1
    one_clear_line(proc, "run `ubcal build` first")


@pytest.mark.slow
def test_the_real_calendar_draws_cpsc_221s_prerequisites(real_store, tmp_path):
    """The real 2026/27 snapshot, built whole (the real_store fixture, about three minutes): CPSC 221's
    picture names its prerequisites as the calendar states them."""
    if shutil.which("dot") is None:
        pytest.skip("Graphviz's dot is not installed: run `bash scripts/install.sh --graph`")
    proc = ubcal("graph", "CPSC 221", "--out", str(tmp_path / "g.svg"), "--store", str(real_store))
    assert proc.returncode == 0, proc.stderr
    svg = (tmp_path / "g.svg").read_text()
    for code in ("CPSC 221", "CPSC 210", "CPSC 121", "MATH 220"):
        assert f">{code}<" in svg, code


def test_the_commands_default_depth_is_the_graphs():
    import inspect

    from rag.answer.graph import DEFAULT_DEPTH
    from rag.cli import graph

    assert inspect.signature(graph).parameters["depth"].default.default == DEFAULT_DEPTH

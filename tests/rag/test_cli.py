"""CLI edges: one clear line and a non-zero exit for bad settings, missing models and stores; text stays text."""

import json
import os
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from tests.conftest import ROOT, SAMPLE


def ubcal(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "rag.cli", *args], cwd=ROOT, capture_output=True, text=True,
                          env={**os.environ, **(env or {})})


def one_clear_line(proc: subprocess.CompletedProcess, text: str) -> None:
    assert "Traceback" not in proc.stderr, proc.stderr[-2000:]
    lines = [ln for ln in proc.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: ") and text in lines[0], proc.stderr


@pytest.mark.parametrize("variable,value,text", [
    ("UBCAL_TOP_K", "five", "UBCAL_TOP_K='five' is not a valid int"),
    ("UBCAL_TOP_K", "0", "UBCAL_TOP_K must be at least 1"),
    ("UBCAL_FAISS_INDEX", "ivf", "UBCAL_FAISS_INDEX must be 'flat' or 'hnsw'"),
])
def test_bad_settings_are_one_line_and_exit_2(tmp_path, variable, value, text):
    for args in (("versions", "--store", str(tmp_path)), ("ask", "hi", "--store", str(tmp_path)),
                 ("build", "--source", str(SAMPLE), "--store", str(tmp_path))):
        proc = ubcal(*args, env={variable: value})
        assert proc.returncode == 2, (args, proc.stderr)
        one_clear_line(proc, text)


def test_missing_embedding_model_is_one_line(tmp_path, sample_store):
    env = {"UBCAL_EMBED_MODEL": str(tmp_path / "no-model")}
    for args in (("build", "--source", str(SAMPLE), "--store", str(tmp_path / "s")),
                 ("ask", "What is CPSC 110 about?", "--store", str(sample_store))):
        proc = ubcal(*args, env=env)
        assert proc.returncode == 1, (args, proc.stderr)
        one_clear_line(proc, "is not a folder")


def test_missing_llm_and_missing_store_are_one_line(tmp_path, sample_store):
    proc = ubcal("ask", "What is CPSC 110 about?", "--store", str(sample_store),
                 env={"UBCAL_LLM_MODEL": str(tmp_path / "none.gguf")})
    assert proc.returncode == 1
    one_clear_line(proc, "none.gguf does not exist")
    proc = ubcal("versions", "--store", str(tmp_path / "empty"))
    assert proc.returncode == 0 and "no published versions" in proc.stdout
    proc = ubcal("show", "0123456789abcdef", "--store", str(tmp_path / "empty"))
    assert proc.returncode == 1
    one_clear_line(proc, "does not exist")


def test_build_json_prints_json_on_failure(tmp_path):
    proc = ubcal("build", "--json", "--source", str(tmp_path / "nowhere"), "--store", str(tmp_path / "s"))
    assert proc.returncode == 1
    out = json.loads(proc.stdout)
    assert out["ok"] is False and "does not exist" in out["error"]
    proc = ubcal("build", "--json", "--source", str(SAMPLE), "--store", str(tmp_path / "s"),
                 env={"UBCAL_CHUNK_SIZE": "x"})
    assert proc.returncode == 2 and json.loads(proc.stdout)["ok"] is False


def test_top_k_must_be_positive(sample_store):
    proc = ubcal("ask", "What is CPSC 110 about?", "--top-k", "0", "--store", str(sample_store))
    assert proc.returncode == 2 and "--top-k" in proc.stderr


def test_answer_text_with_brackets_prints_as_text(monkeypatch, sample_store):
    import rag.answer
    from rag.cli import app
    from rag.answer.trace import Trace

    class Fake:
        def __init__(self, *a, **k):
            pass

        def ask(self, *a, **k):
            from types import SimpleNamespace

            return SimpleNamespace(
                answer="Take [bold]CPSC 110[/bold] or [/] [1].", trace=Trace(), route="simple",
                route_reason="r", version_id="v", guard={"replaced": False, "reasons": []}, declined=False,
                timings_ms={"total": 1.0},
                citations=[{"n": 1, "title": "CPSC [V] 110", "citation": "https://x/y#z"}])

    monkeypatch.setattr(rag.answer, "Answerer", Fake)
    result = CliRunner().invoke(app, ["ask", "q", "--store", str(sample_store)])
    assert result.exit_code == 0, result.output
    assert "Take [bold]CPSC 110[/bold] or [/] [1]." in result.output
    assert "[1] CPSC [V] 110" in result.output


def test_audit_limit_zero_shows_none(sample_store):
    proc = ubcal("audit", "--json", "--limit", "0", "--store", str(sample_store))
    assert proc.returncode == 0 and proc.stdout == ""
    proc = ubcal("audit", "--json", "--limit", "1", "--store", str(sample_store))
    assert len(proc.stdout.splitlines()) == 1


# -- the first errors a newcomer meets: one line naming the fix, a non-zero exit --------------------

def test_ask_before_any_build_says_to_build_first(tmp_path):
    (tmp_path / "empty").mkdir()
    for store in (tmp_path / "none", tmp_path / "empty"):  # no store at all; a store with no CURRENT
        proc = ubcal("ask", "What is CPSC 110 about?", "--store", str(store))
        assert proc.returncode == 1, proc.stderr
        one_clear_line(proc, f"no published index in {store}: run `ubcal build` first")


def test_serve_on_a_port_in_use_fails_at_once_naming_the_fix(tmp_path):
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        proc = ubcal("serve", "--port", str(port), "--store", str(tmp_path / "store"))
    assert proc.returncode == 1, proc.stderr
    one_clear_line(proc, f"port {port} on 127.0.0.1 is already in use")
    assert "pass --port N" in proc.stderr


def test_build_from_a_folder_with_no_calendar_pages_names_the_folder_to_pass(tmp_path, tiny):
    (tmp_path / "empty").mkdir()
    (tmp_path / "flat").mkdir()
    (tmp_path / "flat" / "page.html").write_text("<html><main><h1>x</h1></main></html>")
    tiny.copy_sample()
    cases = [(tmp_path / "empty", "holds no .html files"),
             (tmp_path / "flat", "not under a host folder"),
             (tiny.root.parent, f"pass --source {tiny.root}"),      # the folder above the saved site
             (tiny.site, f"pass --source {tiny.root.resolve()}")]   # the host folder itself
    for source, text in cases:
        proc = ubcal("build", "--source", str(source), "--store", str(tmp_path / "store"))
        assert proc.returncode == 1, (source, proc.stderr)
        one_clear_line(proc, "no calendar pages")
        assert text in proc.stderr, proc.stderr
    proc = ubcal("build", "--json", "--source", str(tmp_path / "empty"), "--store", str(tmp_path / "store"))
    assert proc.returncode == 1 and "no calendar pages" in json.loads(proc.stdout)["error"]
    assert not (tmp_path / "store").exists()  # nothing was built or written

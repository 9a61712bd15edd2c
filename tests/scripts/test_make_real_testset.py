import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "make_real_testset.py"


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(SCRIPT), *args], check=False, capture_output=True, text=True, cwd=ROOT)


@pytest.mark.real
def test_shipped_real_test_set_matches_its_questions_and_the_snapshot(real_source):
    """Every gold code and program still resolves to the anchor the shipped file names."""
    done = run("--snapshot", str(real_source), "--check")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "up to date" in done.stdout


def test_missing_snapshot_is_named_and_nothing_is_written(tmp_path):
    out = tmp_path / "set.jsonl"
    done = run("--snapshot", str(tmp_path / "nowhere"), "--out", str(out))
    assert done.returncode != 0
    assert "snapshot not found at" in done.stderr and "nowhere" in done.stderr
    assert not out.exists()


@pytest.mark.real
def test_check_reports_a_stale_file(tmp_path, real_source):
    stale = tmp_path / "set.jsonl"
    stale.write_text('{"id": "old"}\n')
    done = run("--snapshot", str(real_source), "--out", str(stale), "--check")
    assert done.returncode == 1 and "differs" in done.stdout
    assert stale.read_text() == '{"id": "old"}\n'

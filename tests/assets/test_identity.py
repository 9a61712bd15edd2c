"""The version id covers the build's source code, not only its parameters."""

from pathlib import Path

import pytest

from assets import identity
from assets.identity import build_code_files, code_fingerprint, compute_version_id
from tests.conftest import ROOT


def _tree(root: Path) -> Path:
    files = {"assets/chunk.py": "SIZE = 1\n", "assets/parse.py": "P = 1\n", "rag/answer/pipeline.py": "A = 1\n"}
    files |= {name: f"{name} = 1\n" for name in identity.BUILD_RAG_MODULES}
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    return root


def test_every_assets_module_and_the_build_rag_modules_are_hashed():
    names = {p.relative_to(ROOT).as_posix() for p in build_code_files()}
    assert {"assets/chunk.py", "assets/parse.py", "assets/tables.py", "assets/identity.py",
            "rag/index/codes.py", "rag/index/bm25.py", "rag/index/embedder.py"} <= names
    assert "rag/answer/pipeline.py" not in names and "rag/cli.py" not in names  # query side only


def _fresh(root: Path) -> str:
    identity._code_fingerprint.cache_clear()  # cached per process; these edits happen within one
    return code_fingerprint(root)


def test_changed_build_code_changes_the_fingerprint_and_query_code_does_not(tmp_path):
    root = _tree(tmp_path)
    before = _fresh(root)
    (root / "rag" / "answer" / "pipeline.py").write_text("A = 2\n")
    assert _fresh(root) == before  # query-side code shapes no artifact
    fingerprints = {before}
    for rel, text in (("assets/chunk.py", "SIZE = 2\n"), ("rag/index/codes.py", "C = 2\n"),
                      ("assets/facts.py", "F = 1\n")):  # a module added later is covered without listing it
        (root / rel).write_text(text)
        fingerprints.add(_fresh(root))
    assert len(fingerprints) == 4


def test_a_listed_module_that_moved_is_an_error_not_a_silent_skip(tmp_path):
    root = _tree(tmp_path)
    (root / "rag" / "index" / "codes.py").unlink()
    with pytest.raises(FileNotFoundError, match="rag/index/codes.py"):
        _fresh(root)


def test_version_id_depends_on_the_code():
    models = {"embedding": {"id": "m"}}
    a = compute_version_id("src", {"chunk_size": 1000}, models, code="a")
    assert a == compute_version_id("src", {"chunk_size": 1000}, models, code="a")
    assert a != compute_version_id("src", {"chunk_size": 1000}, models, code="b")
    assert compute_version_id("src", {}, models) == compute_version_id("src", {}, models, code=code_fingerprint())

"""The Q8_0 copy of the LLM's GGUF: made once into the store's cache, reused, named in the model id,
and a bad file gives a clear error that names it and leaves nothing behind.

Quantizing the 100 MB shipped model takes 1-2 s, so these run in the normal suite (marked llm).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rag.answer.llm import LLMModelNotFound, LLMModelUnusable, LocalLLM, default_llm_model_path, gguf_file_type
from rag.index.config import Settings

pytestmark = pytest.mark.llm

Q8_0, Q4_1 = 7, 3  # general.file_type numbers


@pytest.fixture(scope="module")
def made(tmp_path_factory) -> LocalLLM:
    """One LocalLLM whose Q8_0 copy was made into a fresh store (shared: the copy is made once)."""
    llm = LocalLLM(Settings.from_env(store=tmp_path_factory.mktemp("store"), llm_quant="q8_0"))
    llm.path  # noqa: B018 - make the copy
    return llm


def files_under(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file())


def test_copy_is_q8_0_in_the_store_cache_named_by_source_hash_and_quant(made):
    cache = Path(made.settings.store) / "cache" / "gguf"
    assert made.path.parent == cache and files_under(cache) == [made.path.name]  # no temp file left
    assert f".{made.source_sha256[:16]}.q8_0.gguf" in made.path.name
    assert gguf_file_type(made.path) == Q8_0 and gguf_file_type(made.source) == Q4_1
    assert made.model_id == f"{made.source.name}@{made.source_sha256[:16]}/q8_0"


def test_copy_is_reused_not_remade(made):
    before = made.path.stat()
    again = LocalLLM(made.settings)
    assert again.path == made.path and again.model_id == made.model_id
    after = again.path.stat()
    assert (after.st_ino, after.st_mtime_ns) == (before.st_ino, before.st_mtime_ns)


def test_source_quant_runs_the_file_as_shipped(tmp_path):
    llm = LocalLLM(Settings.from_env(store=tmp_path / "store", llm_quant="source"))
    assert llm.path == default_llm_model_path()
    assert llm.model_id == f"{llm.source.name}@{llm.source_sha256[:16]}"
    assert not (tmp_path / "store").exists()


def test_a_gguf_already_q8_0_runs_as_it_is(made, tmp_path):
    llm = LocalLLM(Settings.from_env(store=tmp_path / "store", llm_model=str(made.path), llm_quant="q8_0"))
    assert llm.path == made.path and not llm.model_id.endswith("/q8_0")
    assert not (tmp_path / "store").exists()


def test_the_model_id_names_the_file_run_in_the_trace(made):
    """The id a trace records is the one of the file llama.cpp loaded (checked without generating)."""
    assert made.llama.model_path == str(made.path)


@pytest.mark.parametrize("content", [b"not a model at all " * 50, "truncated"])
def test_a_bad_file_is_a_clear_error_and_leaves_no_partial_file(tmp_path, content):
    bad = tmp_path / "bad.gguf"
    # a real header whose tensor data is cut off passes the header check and fails in the quantizer
    bad.write_bytes(default_llm_model_path().read_bytes()[:2_000_000] if content == "truncated" else content)
    store = tmp_path / "store"
    llm = LocalLLM(Settings.from_env(store=store, llm_model=str(bad), llm_quant="q8_0"))
    with pytest.raises(LLMModelUnusable, match="bad.gguf") as caught:
        llm.path  # noqa: B018
    assert isinstance(caught.value, LLMModelNotFound)  # the CLI's one-line report covers it
    assert files_under(store) == [] if store.exists() else True


def test_unknown_quant_is_refused():
    with pytest.raises(ValueError, match="UBCAL_LLM_QUANT"):
        Settings.from_env(llm_quant="q5_k")

"""What a version id is made of, computable without Dagster, torch or faiss.

A version id hashes everything that decides a build's output: the source
fingerprint, the build parameters, the model ids, the artifact format and the
*source code* that shapes the artifacts. Parameters alone are not enough: a
changed chunker with unchanged settings must not be reported as "unchanged"
and keep the old index. The code hash covers every module under ``assets/``
(so a module added there later is covered without anyone listing it) plus the
``rag/`` modules the build imports to shape its output. Reused parses and
chunks obey the same rule: a version built by other code is never a source of
reuse (see ``assets.incremental``).

This module stays light (hashlib and json only) so that ``ubcal build`` can
compute the id of an unchanged rebuild and stop before importing Dagster.
"""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from pathlib import Path

from assets.parse import PARSER_VERSION

ARTIFACT_FORMAT = "ubcal-index/2"  # 2: fact tables; abbreviated code lists in BM25 tokens
PROJECT_ROOT = Path(__file__).resolve().parent.parent
# rag/ modules whose code decides what the build writes: code spotting (parser, chunker, BM25
# tokenizer), the BM25 postings themselves, how texts become vectors, and the requirement-tree reading
# the fact extraction uses
BUILD_RAG_MODULES = ("rag/index/codes.py", "rag/index/bm25.py", "rag/index/embedder.py",
                     "rag/index/onnx_encoder.py", "rag/index/requirement_tree.py")


def build_code_files(root: Path = PROJECT_ROOT) -> list[Path]:
    """Every source file that shapes the artifacts: all of assets/*.py plus BUILD_RAG_MODULES.

    A listed module that is missing is an error, not a skip: a moved file would otherwise drop out of
    the fingerprint silently, and a change to it would no longer make a new version."""
    listed = [root / name for name in BUILD_RAG_MODULES]
    missing = [str(p.relative_to(root)) for p in listed if not p.is_file()]
    if missing:
        raise FileNotFoundError(f"build-shaping modules missing from {root}: {', '.join(missing)} "
                                "(update assets.identity.BUILD_RAG_MODULES)")
    return sorted((root / "assets").glob("*.py")) + listed


def code_fingerprint(root: Path = PROJECT_ROOT) -> str:
    """sha256 over (relative path, bytes) of the build-shaping source files."""
    return _code_fingerprint(root.resolve())


@lru_cache(maxsize=4)
def _code_fingerprint(root: Path) -> str:
    h = hashlib.sha256()
    for path in build_code_files(root):
        h.update(path.relative_to(root).as_posix().encode() + b"\0")
        h.update(hashlib.sha256(path.read_bytes()).hexdigest().encode() + b"\n")
    return h.hexdigest()


def compute_version_id(source_fingerprint: str, parameters: dict, models: dict, code: str | None = None) -> str:
    """16 hex digits naming (format, parser, code, source, parameters, models)."""
    identity = {"format": ARTIFACT_FORMAT, "parser": PARSER_VERSION, "source": source_fingerprint,
                "code": code if code is not None else code_fingerprint(),
                "parameters": parameters, "models": {k: v["id"] for k, v in models.items()}}
    return hashlib.sha256(json.dumps(identity, sort_keys=True).encode()).hexdigest()[:16]


def build_parameters(settings, model_dir: Path) -> dict:
    """Settings that shape the output, plus the embedding model's token window the chunker obeys."""
    from assets.tokens import token_window

    return {**settings.build_parameters(), **token_window(Path(model_dir)).parameters()}


def models_manifest(embedder) -> dict:
    return {"embedding": {
        "id": embedder.model_id, "path": str(embedder.model_dir), "precision": embedder.precision,
        "files": {embedder.weights_file.name: embedder.weights_sha256},
    }}


def version_id_for(settings, source_fingerprint: str, embedder) -> str:
    """The id a build of this source with these settings, models and code publishes under.

    ``embedder`` is only asked for its id (a hash of its weights file), so nothing loads torch.
    """
    return compute_version_id(source_fingerprint, build_parameters(settings, embedder.model_dir),
                              models_manifest(embedder))


# Hash the code as it is when the build imports it, not when it publishes minutes later: an edit made
# while a build runs must not lend that build the new code's identity.
code_fingerprint()

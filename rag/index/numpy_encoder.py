"""The query encoder in plain numpy: all-MiniLM-L6-v2's forward pass without torch.

Answering a question embeds one short query. Through sentence-transformers
that costs importing torch and transformers (seconds, cold) and several
milliseconds of framework overhead per query (warm), for a computation that
is six small transformer layers over a dozen tokens. This module runs that
same BERT forward pass (embeddings, self-attention, exact-erf GELU, layer
norms, mean pooling, L2 normalisation) in numpy from the model folder's own
``model.safetensors`` and ``tokenizer.json``, so the query side never imports
torch. Vectors agree with sentence-transformers' fp32 output to about 1e-6
cosine (a test checks); the build keeps embedding chunks through
sentence-transformers.

Only BERT-style models with mean pooling are supported; ``supported()`` says
whether a folder is one, and the caller falls back to sentence-transformers
otherwise.
"""

from __future__ import annotations

import json
import os
from contextlib import nullcontext
from functools import cached_property
from pathlib import Path

import numpy as np

POOLING_CONFIG = "1_Pooling/config.json"
# texts of one token count run together, at most this many at a time (bounds the attention block's memory)
BLOCK_ROWS = 64
# from this many texts, encoding uses every core's BLAS threads
MANY_TEXTS = 64


def supported(model_dir: Path) -> bool:
    """A BERT model with mean pooling whose weights are in safetensors, with a fast tokenizer file."""
    model_dir = Path(model_dir)
    try:
        config = json.loads((model_dir / "config.json").read_text())
        pooling = json.loads((model_dir / POOLING_CONFIG).read_text())
    except (OSError, ValueError):
        return False
    return (config.get("model_type") == "bert" and config.get("hidden_act") == "gelu"
            and pooling.get("pooling_mode_mean_tokens") is True
            and not any(v for k, v in pooling.items() if k.startswith("pooling_mode_") and k != "pooling_mode_mean_tokens")
            and (model_dir / "model.safetensors").is_file() and (model_dir / "tokenizer.json").is_file()
            and (model_dir / "modules.json").is_file() and _normalizes(model_dir))


def _normalizes(model_dir: Path) -> bool:
    modules = json.loads((model_dir / "modules.json").read_text())
    return any(m.get("type", "").endswith("Normalize") for m in modules)


def _single_threaded_blas() -> None:
    """One BLAS thread for this process: the query's matrices are a dozen rows, and waking a second
    thread for each of ~40 small products cost 16x on a busy 2-core machine (1.5 s vs 94 ms a query,
    measured under load 12); on an idle one it still only adds overhead."""
    try:
        from threadpoolctl import threadpool_limits
    except ImportError:
        return
    threadpool_limits(limits=1, user_api="blas")


def _blas_threads(texts: int):
    """Every core's BLAS threads for a bank of texts (training a classifier: 8.6 -> 6.8 s for 1,000
    clauses on 2 cores), the one thread of ``_single_threaded_blas`` for a question's few."""
    try:
        from threadpoolctl import threadpool_limits
    except ImportError:
        return nullcontext()
    return threadpool_limits(limits=os.cpu_count() or 1, user_api="blas") if texts >= MANY_TEXTS else nullcontext()


def _layer_norm(x: np.ndarray, weight: np.ndarray, bias: np.ndarray, eps: float) -> np.ndarray:
    mean = x.mean(-1, keepdims=True)
    var = ((x - mean) ** 2).mean(-1, keepdims=True)
    return (x - mean) / np.sqrt(var + eps) * weight + bias


def load_tokenizer(model_dir: Path, max_tokens: int):
    """The model folder's fast tokenizer, truncating as sentence-transformers does and never padding
    (each text runs alone, so a vector never depends on its batch-mates). Shared by the ONNX encoder."""
    from tokenizers import Tokenizer

    tokenizer = Tokenizer.from_file(str(model_dir / "tokenizer.json"))
    tokenizer.enable_truncation(max_tokens)
    tokenizer.no_padding()
    return tokenizer


class NumpyEncoder:
    """Encodes texts to unit vectors as the sentence-transformers model does, never padding one text to another's length."""

    def __init__(self, model_dir: Path, max_tokens: int = 256) -> None:
        self.model_dir = Path(model_dir)
        self.max_tokens = max_tokens

    @cached_property
    def config(self) -> dict:
        return json.loads((self.model_dir / "config.json").read_text())

    @cached_property
    def tokenizer(self):
        return load_tokenizer(self.model_dir, self.max_tokens)

    @cached_property
    def weights(self) -> dict[str, np.ndarray]:
        from safetensors.numpy import load_file

        _single_threaded_blas()

        raw = load_file(str(self.model_dir / "model.safetensors"))
        out = {}
        for name, value in raw.items():
            name = name.removeprefix("bert.").removeprefix("0.auto_model.")
            out[name] = np.ascontiguousarray(value, dtype=np.float32)
        # linear layers are stored (out, in); keep them transposed once for x @ W
        for name in list(out):
            if name.endswith(".weight") and out[name].ndim == 2 and "embeddings" not in name:
                out[name] = np.ascontiguousarray(out[name].T)
        return out

    @cached_property
    def _erf(self):
        from scipy.special import erf

        return erf

    def _gelu(self, x: np.ndarray) -> np.ndarray:
        return 0.5 * x * (1.0 + self._erf(x / np.sqrt(2.0, dtype=np.float32)))

    def encode_one(self, text: str) -> np.ndarray:
        return self.encode([text])[0]

    def _forward(self, ids: np.ndarray) -> np.ndarray:
        """Unit vectors for a (batch, length) block of token ids, all of one length: with no padding
        there is no mask, so each row is computed exactly as it would be alone."""
        w, cfg = self.weights, self.config
        eps = float(cfg.get("layer_norm_eps", 1e-12))
        heads = int(cfg["num_attention_heads"])
        b, n = ids.shape
        x = (w["embeddings.word_embeddings.weight"][ids] + w["embeddings.position_embeddings.weight"][:n]
             + w["embeddings.token_type_embeddings.weight"][0])
        # linear layers see one (batch * length, hidden) matrix: one BLAS call each, not one per text
        x = _layer_norm(x, w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"], eps).reshape(b * n, -1)
        hidden = x.shape[-1]
        head_dim = hidden // heads
        scale = np.float32(1.0 / np.sqrt(head_dim))
        for i in range(int(cfg["num_hidden_layers"])):
            p = f"encoder.layer.{i}."
            q = (x @ w[p + "attention.self.query.weight"] + w[p + "attention.self.query.bias"])
            k = (x @ w[p + "attention.self.key.weight"] + w[p + "attention.self.key.bias"])
            v = (x @ w[p + "attention.self.value.weight"] + w[p + "attention.self.value.bias"])
            q = q.reshape(b, n, heads, head_dim).transpose(0, 2, 1, 3)
            k = k.reshape(b, n, heads, head_dim).transpose(0, 2, 3, 1)
            v = v.reshape(b, n, heads, head_dim).transpose(0, 2, 1, 3)
            scores = (q @ k) * scale
            scores = np.exp(scores - scores.max(-1, keepdims=True))
            scores /= scores.sum(-1, keepdims=True)
            context = (scores @ v).transpose(0, 2, 1, 3).reshape(b * n, hidden)
            attn = context @ w[p + "attention.output.dense.weight"] + w[p + "attention.output.dense.bias"]
            x = _layer_norm(attn + x, w[p + "attention.output.LayerNorm.weight"],
                            w[p + "attention.output.LayerNorm.bias"], eps)
            inner = self._gelu(x @ w[p + "intermediate.dense.weight"] + w[p + "intermediate.dense.bias"])
            out = inner @ w[p + "output.dense.weight"] + w[p + "output.dense.bias"]
            x = _layer_norm(out + x, w[p + "output.LayerNorm.weight"], w[p + "output.LayerNorm.bias"], eps)
        pooled = x.reshape(b, n, hidden).mean(1)
        norms = np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12)
        return (pooled / norms).astype(np.float32)

    def encode(self, texts: list[str]) -> np.ndarray:
        """Texts grouped by token count and run a block at a time: training a classifier on a bank of
        thousands of clauses took 13.5 ms a clause one by one and 6 ms in blocks on both cores (measured
        on 1,000 status clauses), and blocks of one length need no padding, so the vectors are the ones
        each text gets alone."""
        out = np.zeros((len(texts), int(self.config["hidden_size"])), dtype=np.float32)
        by_length: dict[int, list[int]] = {}
        encoded = self.tokenizer.encode_batch(list(texts)) if texts else []
        for index, tokens in enumerate(encoded):
            by_length.setdefault(len(tokens.ids), []).append(index)
        self.weights  # loaded (and BLAS set to one thread) before a bank's wider setting, which then restores it
        with _blas_threads(len(texts)):
            for indices in by_length.values():
                for start in range(0, len(indices), BLOCK_ROWS):
                    block = indices[start:start + BLOCK_ROWS]
                    ids = np.asarray([encoded[i].ids for i in block], dtype=np.int64)
                    out[block] = self._forward(ids)
        return out

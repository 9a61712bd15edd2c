"""The embedding model's token window, so no chunk loses its tail to truncation.

sentence-transformers truncates every input to the model's ``max_seq_length``
tokens (256 for all-MiniLM-L6-v2, special tokens included): a longer chunk is
embedded without its end, so dense search never sees it. Characters are a poor
proxy, since course codes and numbers split into many word pieces. The chunker
therefore measures each chunk as it is embedded (context header, newline, body)
with the model's own tokenizer and splits any that do not fit.

Only the ``tokenizers`` library is used (no torch), from the model folder itself.
"""

from __future__ import annotations

import hashlib
import json
from functools import cached_property, lru_cache
from pathlib import Path

DEFAULT_MAX_TOKENS = 256  # what sentence-transformers uses when the folder does not say


class TokenWindow:
    """Counts tokens as the embedding model sees them and knows how many it keeps."""

    def __init__(self, model_dir: Path) -> None:
        self.model_dir = Path(model_dir)

    @cached_property
    def max_tokens(self) -> int:
        config = self.model_dir / "sentence_bert_config.json"
        try:
            return int(json.loads(config.read_text()).get("max_seq_length") or DEFAULT_MAX_TOKENS)
        except (OSError, ValueError):
            return DEFAULT_MAX_TOKENS

    @cached_property
    def tokenizer_sha256(self) -> str:
        path = self.model_dir / "tokenizer.json"
        return hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else ""

    @cached_property
    def _tokenizer(self):
        from tokenizers import Tokenizer

        tokenizer = Tokenizer.from_file(str(self.model_dir / "tokenizer.json"))
        tokenizer.no_truncation()
        tokenizer.no_padding()
        return tokenizer

    def count(self, text: str) -> int:
        """Tokens including the special ones the model adds ([CLS], [SEP])."""
        return len(self._tokenizer.encode(text).ids)

    def count_many(self, texts: list[str]) -> list[int]:
        """``count`` for many texts in one call (the tokenizer runs them in parallel, in Rust)."""
        if not texts:
            return []
        # encode_batch_fast skips character offsets (about a quarter faster); older tokenizers lack it
        encode = getattr(self._tokenizer, "encode_batch_fast", self._tokenizer.encode_batch)
        return [len(e.ids) for e in encode(texts)]

    def fits(self, text: str) -> bool:
        return self.count(text) <= self.max_tokens

    def parameters(self) -> dict[str, object]:
        """What the chunker's output depends on, for the version id and the reuse rule."""
        return {"chunk_max_tokens": self.max_tokens, "tokenizer": self.tokenizer_sha256[:16]}


@lru_cache(maxsize=4)
def token_window(model_dir: Path) -> TokenWindow:
    return TokenWindow(model_dir)

"""BM25 over chunks: a code-aware tokenizer and a persisted, exact BM25Okapi scorer.

The build computes statistics with rank-bm25's ``BM25Okapi`` and stores them
as postings (term -> documents, frequencies) plus document lengths and idf, so
the query side scores without re-tokenizing the corpus and without pickles.
``BM25Index.scores`` returns exactly what ``BM25Okapi.get_scores`` would
(tests compare them), but touches only the documents that contain a query term.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from rag.index.codes import KnownSubjects, code_token, find_codes

_WORD_RE = re.compile(r"[a-z0-9]+(?:\.[0-9]+)?")
STOPWORDS = frozenset(
    "a an and are as at be by can do does for from has have how i in is it its me my of on or "
    "that the their this to was what when where which who will with you your about into than "
    "there these those any all".split()
)


class CodeAwareTokenizer:
    """Words in lower case, minus stop words; every course code also becomes one token.

    ``CPSC_V 221``, ``CPSC 221`` and ``cpsc221`` all yield ``cpsc221`` (plus the
    subject and number as separate words), so they all match the same course.
    """

    def __init__(self, subjects: list[str] | None = None) -> None:
        self.subjects = sorted({s.upper() for s in subjects or []})
        self.known = KnownSubjects.of(self.subjects)

    def __call__(self, text: str) -> list[str]:
        tokens: list[str] = []
        last = 0
        for code, start, end in find_codes(text, self.known, strict=True):
            tokens += self._words(text[last:start])
            subject, number = code.split(" ")
            tokens += [subject.lower(), number.lower(), code_token(code)]
            last = end
        tokens += self._words(text[last:])
        return tokens

    @staticmethod
    def _words(text: str) -> list[str]:
        return [w for w in _WORD_RE.findall(text.lower()) if w not in STOPWORDS and w != "v"]


@dataclass
class BM25Index:
    vocab: dict[str, int]
    indptr: np.ndarray   # postings of term t are doc_ids[indptr[t]:indptr[t+1]]
    doc_ids: np.ndarray
    tfs: np.ndarray
    idf: np.ndarray
    doc_len: np.ndarray
    avgdl: float
    k1: float
    b: float
    epsilon: float
    subjects: list[str]

    @property
    def n_docs(self) -> int:
        return int(self.doc_len.shape[0])

    @property
    def tokenizer(self) -> CodeAwareTokenizer:
        return CodeAwareTokenizer(self.subjects)

    @classmethod
    def build(cls, corpus_tokens: list[list[str]], subjects: list[str],
              k1: float, b: float, epsilon: float) -> "BM25Index":
        from rank_bm25 import BM25Okapi  # build side only

        if not corpus_tokens:
            raise ValueError("cannot build a BM25 index over zero chunks")
        okapi = BM25Okapi(corpus_tokens, k1=k1, b=b, epsilon=epsilon)
        vocab = {term: i for i, term in enumerate(sorted(okapi.idf))}
        postings: list[list[tuple[int, int]]] = [[] for _ in vocab]
        for doc_id, freqs in enumerate(okapi.doc_freqs):
            for term, tf in freqs.items():
                postings[vocab[term]].append((doc_id, tf))
        lengths = np.fromiter((len(p) for p in postings), dtype=np.int64, count=len(postings))
        indptr = np.concatenate([[0], np.cumsum(lengths)]).astype(np.int64)
        flat = [pair for plist in postings for pair in plist]
        doc_ids = np.array([d for d, _ in flat], dtype=np.int32)
        tfs = np.array([t for _, t in flat], dtype=np.float32)
        idf = np.array([okapi.idf[t] for t in vocab], dtype=np.float64)
        return cls(vocab=vocab, indptr=indptr, doc_ids=doc_ids, tfs=tfs, idf=idf,
                   doc_len=np.asarray(okapi.doc_len, dtype=np.float64), avgdl=float(okapi.avgdl),
                   k1=k1, b=b, epsilon=epsilon, subjects=sorted(subjects))

    def scores(self, query_tokens: list[str]) -> np.ndarray:
        """BM25Okapi scores of every document (same numbers as rank-bm25's get_scores)."""
        out = np.zeros(self.n_docs, dtype=np.float64)
        norm = self.k1 * (1 - self.b + self.b * self.doc_len / self.avgdl)
        for term in query_tokens:  # duplicates count twice, as in rank-bm25
            t = self.vocab.get(term)
            if t is None:
                continue
            lo, hi = self.indptr[t], self.indptr[t + 1]
            docs = self.doc_ids[lo:hi]
            tf = self.tfs[lo:hi].astype(np.float64)
            out[docs] += self.idf[t] * (tf * (self.k1 + 1) / (tf + norm[docs]))
        return out

    def save(self, folder: Path) -> list[Path]:
        arrays = folder / "bm25.npz"
        meta = folder / "bm25.json"
        with open(arrays, "wb") as fh:
            np.savez(fh, indptr=self.indptr, doc_ids=self.doc_ids, tfs=self.tfs,
                     idf=self.idf, doc_len=self.doc_len)
        terms = sorted(self.vocab, key=self.vocab.__getitem__)
        meta.write_text(json.dumps({
            "format": "ubcal-bm25okapi-postings/1", "avgdl": self.avgdl, "k1": self.k1, "b": self.b,
            "epsilon": self.epsilon, "subjects": self.subjects, "n_docs": self.n_docs, "terms": terms,
        }))
        return [arrays, meta]

    @classmethod
    def load(cls, folder: Path) -> "BM25Index":
        meta = json.loads((folder / "bm25.json").read_text())
        with np.load(folder / "bm25.npz") as z:
            arrays = {k: z[k] for k in ("indptr", "doc_ids", "tfs", "idf", "doc_len")}
        index = cls(vocab={t: i for i, t in enumerate(meta["terms"])}, avgdl=meta["avgdl"], k1=meta["k1"],
                    b=meta["b"], epsilon=meta["epsilon"], subjects=meta["subjects"], **arrays)
        if index.n_docs != meta["n_docs"] or len(index.vocab) + 1 != index.indptr.shape[0]:
            raise ValueError(f"{folder}: BM25 artifact is inconsistent (document or term counts differ)")
        return index


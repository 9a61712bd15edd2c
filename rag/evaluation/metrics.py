"""Ranking metrics over gold entries: recall@k, MRR and nDCG@k with binary relevance.

A gold entry counts once: the first retrieved chunk matching it is relevant,
later chunks of the same page or section add nothing (so a system cannot score
by returning five chunks of one page).
"""

from __future__ import annotations

import math

from rag.evaluation.testset import GoldEntry


def relevance(ranked: list[tuple[str, str]], gold: list[GoldEntry]) -> list[int]:
    """1 where a (url, anchor) is the first match of some gold entry, else 0."""
    found: set[int] = set()
    out = []
    for url, anchor in ranked:
        hit = next((i for i, g in enumerate(gold) if i not in found and g.matches(url, anchor)), None)
        if hit is None:
            out.append(0)
        else:
            found.add(hit)
            out.append(1)
    return out


def recall_at(rel: list[int], n_gold: int, k: int) -> float:
    return sum(rel[:k]) / n_gold if n_gold else 0.0


def mrr(rel: list[int], k: int | None = None) -> float:
    for rank, r in enumerate(rel[:k] if k else rel, start=1):
        if r:
            return 1.0 / rank
    return 0.0


def ndcg_at(rel: list[int], n_gold: int, k: int) -> float:
    dcg = sum(r / math.log2(i + 2) for i, r in enumerate(rel[:k]))
    ideal = sum(1 / math.log2(i + 2) for i in range(min(n_gold, k)))
    return dcg / ideal if ideal else 0.0


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    pos = q * (len(ordered) - 1)
    lo, hi = math.floor(pos), math.ceil(pos)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo)

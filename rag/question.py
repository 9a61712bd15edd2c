"""Kept for imports written before ``rag.understand``: the question reader lives there now."""

from rag.understand import FACT_INTENTS, Question, Reader, understand

__all__ = ["FACT_INTENTS", "Question", "Reader", "understand"]

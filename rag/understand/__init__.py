"""Understanding a question: read once into a ``Question`` that every answering stage uses."""

from rag.understand.reader import FACT_INTENTS, Question, Reader, split_parts, understand

__all__ = ["FACT_INTENTS", "Question", "Reader", "split_parts", "understand"]

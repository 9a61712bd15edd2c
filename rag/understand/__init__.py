"""Understanding a question: read once into a ``Question`` that every answering stage uses."""

from rag.understand.reader import FACT_INTENTS, INJECTION_RE, Question, Reader, split_parts, understand

__all__ = ["FACT_INTENTS", "INJECTION_RE", "Question", "Reader", "split_parts", "understand"]

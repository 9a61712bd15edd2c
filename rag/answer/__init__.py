"""The answering layer: the stages after a question is read, and the ``Answerer`` that runs them.

Stages: facts (``facts``), route (``router``), retrieve (``retrieve``), the
agent (``agent``), generate (``llm`` + ``prompts``), guard (``guard``) and the
extractive fallback (``extractive``); ``pipeline`` runs them in order.
"""

from rag.answer.pipeline import Answer, Answerer, AskRequest, QuestionError

__all__ = ["Answer", "Answerer", "AskRequest", "QuestionError"]

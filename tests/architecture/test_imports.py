"""The import rules hold: the layers of pyproject's import-linter contracts, and no cycles."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import grimp
import pytest

ROOT = Path(__file__).resolve().parents[2]


def cycles(graph) -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan), each an import cycle."""
    index, low, stack, on, found, counter = {}, {}, [], set(), [], [0]

    def visit(module: str) -> None:
        index[module] = low[module] = counter[0]
        counter[0] += 1
        stack.append(module)
        on.add(module)
        for other in sorted(graph.find_modules_directly_imported_by(module)):
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in on:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            group = []
            while True:
                other = stack.pop()
                on.discard(other)
                group.append(other)
                if other == module:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for module in sorted(graph.modules):
        if module not in index:
            visit(module)
    return found


def test_no_module_imports_itself_through_others():
    graph = grimp.build_graph("notedeck")
    assert cycles(graph) == []


def test_a_cycle_is_found_where_there_is_one():
    graph = grimp.ImportGraph()
    for module in ("a", "a.b", "a.c"):
        graph.add_module(module)
    graph.add_import(importer="a.b", imported="a.c")
    graph.add_import(importer="a.c", imported="a.b")
    assert cycles(graph) == [["a.b", "a.c"]]


def lint(source_root: Path) -> subprocess.CompletedProcess:
    """import-linter over the package found in `source_root`, with pyproject's contracts."""
    code = ("import sys; from importlinter.cli import lint_imports; "
            f"sys.exit(lint_imports(config_filename={str(ROOT / 'pyproject.toml')!r}))")
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env={"PYTHONPATH": str(source_root), "PATH": "/usr/bin:/bin"})


def test_the_layer_contracts_are_kept():
    done = lint(ROOT / "src")
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize("module, line, contract", [
    ("render/dump.py", "from notedeck.readers import yamlfile", "Renderers read only the model"),
    ("render/web/plan.py", "from notedeck.render.pdf import emit", "Renderers do not import each other"),
    ("layout/plan.py", "from notedeck.render.pptx import charts", "The layout knows no renderer"),
    ("figures/forms.py", "import os", "The figures do no I/O"),
    ("figures/listing.py", "import io", "The figures do no I/O"),
    ("deck/whole.py", "from notedeck.stages.compose import compose", "The base imports no stage"),
    ("readers/note.py", "from notedeck.stages import run", "Stages in layers"),
    ("readers/sections.py", "from notedeck.prose.filling import fill", "Readers only read"),
    ("stages/read.py", "from notedeck.stages.compose import compose", "Stages run forward"),
    ("stages/fill.py", "from notedeck.stages.compose import compose", "Stages run forward"),
    ("stages/compose.py", "from notedeck.stages import charts", "Stages run forward"),
    ("template/roles.py", "from notedeck.layout import plan", "The template is data"),
])
def test_a_forbidden_import_breaks_its_contract(tmp_path, module, line, contract):
    shutil.copytree(ROOT / "src" / "notedeck", tmp_path / "notedeck",
                    ignore=shutil.ignore_patterns("__pycache__", "notes", "fonts", "*.pptx"))
    target = tmp_path / "notedeck" / module
    target.write_text(target.read_text() + f"\n{line}\n")
    done = lint(tmp_path)
    assert done.returncode != 0
    assert any(contract in row and "BROKEN" in row for row in done.stdout.splitlines()), \
        done.stdout


def test_no_module_of_the_figures_imports_pathlib_itself():
    """The figures reach pathlib only through the model's errors (import-linter cannot tell)."""
    import ast

    for path in sorted((ROOT / "src" / "notedeck" / "figures").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imported = {alias.name.split(".")[0] for node in ast.walk(tree)
                    if isinstance(node, (ast.Import, ast.ImportFrom))
                    for alias in (node.names if isinstance(node, ast.Import) else
                                  [ast.alias(node.module or "")])}
        assert "pathlib" not in imported, path.name

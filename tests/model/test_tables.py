"""lark's saved parse tables: made for this grammar and this lark, and reading as the grammar does."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import lark
import pytest

from notedeck.model import syntax, tables

TOOL = Path(__file__).resolve().parents[2] / "tools" / "model_tables.py"


def test_the_tables_are_made_for_this_grammar_and_lark_series():
    """A new lark minor version may serialize otherwise: the tables are made again for it."""
    assert tables.GRAMMAR == syntax.GRAMMAR, "run: python tools/model_tables.py"
    assert syntax._series(tables.LARK) == syntax._series(lark.__version__), \
        "run: python tools/model_tables.py"


def test_the_tool_writes_tables_lark_loads():
    """lark numbers its states differently from run to run, so the tables are compared by
    what they read, not by their bytes."""
    spec = importlib.util.spec_from_file_location("model_tables", TOOL)
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    fresh = lark.Lark.load(syntax._unpacked(tool.blob()))
    assert fresh.parse("a.b + 60 s", start="formula") == \
        syntax.build_parser().parse("a.b + 60 s", start="formula")
    assert "TABLES = (" in tool.text()


@pytest.mark.parametrize("text", [
    "3 if speed < 100 [item/s] else 0", "teams[featured.team].wait", "-2^2", "u^2 / (1 - u)",
    "not a and b or c", "first(rows).wait", "name == 'desk'", "max(a, b, 0 s) + 1 h",
])
def test_the_loaded_parser_reads_as_the_built_one(text):
    loaded = lark.Lark.load(syntax._unpacked(tables.TABLES))
    built = syntax.build_parser()
    assert loaded.parse(text, start="formula") == built.parse(text, start="formula")


def test_stale_tables_are_not_used(monkeypatch):
    syntax._parser.cache_clear()
    monkeypatch.setattr(tables, "GRAMMAR", "")
    try:
        assert syntax._parser().parse("1 + 2", start="formula") is not None
    finally:
        syntax._parser.cache_clear()

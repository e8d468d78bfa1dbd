"""Write src/notedeck/model/tables.py: lark's parse tables for the formula grammar, so a
process loads them (a few ms) instead of building them (lark's grammar loader and LALR
analysis, 40 to 150 ms of CPU).

    python tools/model_tables.py          # after changing model/syntax.py's GRAMMAR or lark

The tables are lark's own serialized form (Lark.memo_serialize: plain dicts, lists, text and
numbers), marshalled and compressed into one text constant. tests/model/test_tables.py fails
while they are stale; model/syntax.py builds the parser from the grammar whenever they do
not match (slower, never wrong).
"""

from __future__ import annotations

import base64
import marshal
import textwrap
import zlib
from pathlib import Path

import lark
from lark.grammar import Rule
from lark.lexer import TerminalDef

from notedeck.model import syntax

TARGET = Path(__file__).resolve().parents[1] / "src" / "notedeck" / "model" / "tables.py"


def blob() -> str:
    data, memo = syntax.build_parser().memo_serialize([TerminalDef, Rule])
    packed = zlib.compress(marshal.dumps({"data": data, "memo": memo}, 4), 9)
    return base64.b64encode(packed).decode("ascii")


def text() -> str:
    lines = "\n".join(f'    "{line}"' for line in textwrap.wrap(blob(), 92))
    return (
        '"""lark\'s parse tables for model/syntax.py\'s GRAMMAR: lark\'s serialized form,\n'
        'marshalled, compressed and base64-encoded by tools/model_tables.py (do not edit)."""\n\n'
        f"LARK = {lark.__version__!r}\n"
        f"GRAMMAR = {syntax.GRAMMAR!r}\n"
        f"TABLES = (\n{lines}\n)\n")


if __name__ == "__main__":
    TARGET.write_text(text(), encoding="utf-8")
    print(f"wrote {TARGET}")

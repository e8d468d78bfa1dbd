from pathlib import Path

import pytest

from notedeck.errors import NotedeckError
from notedeck.readers import yamlfile


def load(text: str):
    return yamlfile.load(Path("s.yaml"), text)


def message(text: str) -> str:
    with pytest.raises(NotedeckError) as info:
        load(text)
    return str(info.value)


def test_numbers_stay_exact_and_positions_are_recorded():
    located = load("a: 0.1\nb:\n  - 60 s\n")
    assert str(located.data["a"]) == "0.1"
    assert located.where(("b", 0)).line == 3


def test_python_tags_are_refused_without_constructing_anything():
    assert "s.yaml:1:4" in message("a: !!python/object/apply:os.system ['echo hi']")
    assert "is not allowed" in message("a: !!python/name:os.system")


def test_duplicate_keys_name_both_lines():
    assert "s.yaml:3:1: duplicate key 'a' (first set on line 1)" in message("a: 1\nb: 2\na: 3\n")


def test_tabs_get_a_plain_explanation():
    assert "tab character" in message("a:\n\t- 1\n")


def test_alias_bomb_ends_quickly():
    bomb = "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
    for level in "bcdefghi":
        previous = chr(ord(level) - 1)
        bomb += f"{level}: &{level} [*{previous}, *{previous}, *{previous}, *{previous}, " \
                f"*{previous}, *{previous}, *{previous}, *{previous}, *{previous}, *{previous}]\n"
    assert "more than 100,000 values" in message(bomb)


def test_non_utf8_and_bom(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_bytes(b"a: 1\nb: caf\xe9\n")
    with pytest.raises(NotedeckError, match=r"bad.yaml:2: the file is not UTF-8"):
        yamlfile.load(bad)
    bom = tmp_path / "bom.yaml"
    bom.write_bytes("\ufeffa: 1\n".encode("utf-8"))
    assert yamlfile.load(bom).data == {"a": 1}

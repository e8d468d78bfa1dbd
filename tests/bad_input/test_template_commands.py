"""`template show` and `template check` on templates from elsewhere: what build refuses they
refuse (a layout too large to read, named), and what build warns of they report."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from . import hostile
from .cases import SCALE
from support import small_note

from .helpers import assert_clean, bounded


@pytest.mark.parametrize("case", SCALE, ids=[case.id for case in SCALE])
@pytest.mark.parametrize("command", ["show", "check"])
def test_a_template_too_large_to_read_is_refused_by_show_and_check(case, command, tmp_path):
    note = tmp_path / "note"
    note.mkdir()
    case.edit(note)
    content = small_note("charts", tmp_path)
    done = bounded("template", command, str(note / hostile.T), "--content", str(content))
    assert_clean(done, 2)
    for expected in case.expected:
        assert expected.replace(f"{hostile.T}: ", "") in done.stderr + done.stdout


@pytest.fixture(scope="module")
def one_audience(tmp_path_factory) -> Path:
    """The fixture note tests/notes/charts with one audience beside its own: template check
    plans every variant, and what a template leaves out is the same in each."""
    note = small_note("charts", tmp_path_factory.mktemp("one-audience"))
    for other in (note / "audiences").iterdir():
        if other.name != "north-office.yaml":
            shutil.rmtree(other) if other.is_dir() else other.unlink()
    return note


@pytest.mark.parametrize("variant", list(hostile.ACCEPTED))
def test_show_and_check_report_what_build_warns_of(variant, tmp_path, one_audience):
    name, make, said = hostile.ACCEPTED[variant]
    path = tmp_path / name
    path.write_bytes(make())
    content = str(one_audience)
    shown = bounded("template", "show", str(path), "--content", content)
    checked = bounded("template", "check", str(path), "--content", content)
    strict = bounded("template", "check", "--strict", str(path), "--content", content)
    assert_clean(shown, 0)
    assert_clean(checked, 0)
    assert_clean(strict, 2 if said else 0)
    for expected in said:
        assert expected in shown.stdout
        assert f"warning: {path}: " in checked.stderr and expected in checked.stderr
        assert expected in strict.stderr

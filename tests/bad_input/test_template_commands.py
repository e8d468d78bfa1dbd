"""`template show` and `template check` on templates from elsewhere: what build refuses they
refuse (a layout too large to read, named), and what build warns of they report."""

from __future__ import annotations

from pathlib import Path

import pytest

from . import hostile
from .cases import SCALE
from .helpers import BUNDLED, assert_clean, bounded


@pytest.mark.parametrize("case", SCALE, ids=[case.id for case in SCALE])
@pytest.mark.parametrize("command", ["show", "check"])
def test_a_template_too_large_to_read_is_refused_by_show_and_check(case, command, tmp_path):
    note = tmp_path / "note"
    note.mkdir()
    case.edit(note)
    done = bounded("template", command, str(note / hostile.T), "--content", str(BUNDLED))
    assert_clean(done, 2)
    for expected in case.expected:
        assert expected.replace(f"{hostile.T}: ", "") in done.stderr + done.stdout


@pytest.mark.parametrize("variant", list(hostile.ACCEPTED))
def test_show_and_check_report_what_build_warns_of(variant, tmp_path):
    name, make, said = hostile.ACCEPTED[variant]
    path = tmp_path / name
    path.write_bytes(make())
    shown = bounded("template", "show", str(path), "--content", str(BUNDLED))
    checked = bounded("template", "check", str(path), "--content", str(BUNDLED))
    strict = bounded("template", "check", "--strict", str(path), "--content", str(BUNDLED))
    assert_clean(shown, 0)
    assert_clean(checked, 0)
    assert_clean(strict, 2 if said else 0)
    for expected in said:
        assert expected in shown.stdout
        assert f"warning: {path}: " in checked.stderr and expected in checked.stderr
        assert expected in strict.stderr

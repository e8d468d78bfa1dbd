"""Fonts found without fontconfig: a simulated Windows machine's font folders, read directly."""

from __future__ import annotations

import pytest
from fontTools.ttLib import TTFont

from notedeck.template import faces, installed
from notedeck.theme import FONT_FILES


def renamed(source, target, family: str, bold: bool = False) -> None:
    """A copy of a bundled font file under another family name."""
    font = TTFont(str(source))
    for record in font["name"].names:
        if record.nameID in (1, 4, 16):
            record.string = family + (" Bold" if bold and record.nameID == 4 else "")
    target.parent.mkdir(parents=True, exist_ok=True)
    font.save(str(target))


@pytest.fixture
def windows(tmp_path, monkeypatch):
    """No fc-list on PATH; WINDIR and LOCALAPPDATA point at font folders of their own."""
    monkeypatch.setenv("PATH", str(tmp_path / "no-tools"))
    monkeypatch.setenv("WINDIR", str(tmp_path / "Windows"))
    monkeypatch.setenv("LOCALAPPDATA", str(tmp_path / "Local"))
    monkeypatch.setattr(installed, "FONT_FOLDERS", ("$WINDIR/Fonts",
                                                    "$LOCALAPPDATA/Microsoft/Windows/Fonts"))
    installed.installed.cache_clear()
    faces.find.cache_clear()
    yield tmp_path
    installed.installed.cache_clear()
    faces.find.cache_clear()


def test_a_font_in_the_windows_system_folder_measures_its_typeface(windows):
    renamed(FONT_FILES["regular"], windows / "Windows" / "Fonts" / "house.ttf", "House Sans")
    renamed(FONT_FILES["bold"], windows / "Windows" / "Fonts" / "houseb.ttf", "House Sans", True)
    face = faces.find("House Sans")
    assert (face.how, face.measured_with) == ("installed", "House Sans")
    assert face.file("regular").endswith("house.ttf") and face.file("bold").endswith("houseb.ttf")


def test_a_font_the_user_installed_is_found_too(windows):
    user = windows / "Local" / "Microsoft" / "Windows" / "Fonts" / "mine.ttf"
    renamed(FONT_FILES["regular"], user, "Own Face")
    assert faces.find("Own Face").file("regular") == str(user)
    assert str(user.parent) in installed.installed_stamp()


def test_a_file_that_is_no_font_is_passed_over(windows):
    folder = windows / "Windows" / "Fonts"
    folder.mkdir(parents=True)
    (folder / "broken.ttf").write_bytes(b"not a font")
    face = faces.find("Broken Face")
    assert (face.how, face.measured_with) == ("substitute", faces.BUNDLED.measured_with)


def test_an_unset_folder_variable_names_no_folder(windows, monkeypatch):
    monkeypatch.delenv("WINDIR")
    (windows / "Windows" / "Fonts").mkdir(parents=True)
    assert installed.folders() == []

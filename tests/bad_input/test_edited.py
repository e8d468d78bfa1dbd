"""A file edited after notedeck made it: `verify` finds it changed by its content, whatever its
stamp says, and a build never replaces it without --force."""

from __future__ import annotations

import zipfile
from pathlib import Path

from notedeck.infra import manifest

from .helpers import BUNDLED, assert_clean, bounded

HOURS, MINUTES = "2\u00a0hours".encode(), "2\u00a0minutes".encode()


def _edited_deck(deck: Path, copy: Path) -> str:
    """`copy`: the deck with one slide's "2 hours" typed as "2 minutes", packed again as an
    office program would (its stamp, build id and all, kept); the slide's part name."""
    with zipfile.ZipFile(deck) as source:
        parts = {name: source.read(name) for name in source.namelist()}
    slide = next(name for name, data in parts.items()
                 if name.startswith("ppt/slides/slide") and HOURS in data)
    parts[slide] = parts[slide].replace(HOURS, MINUTES, 1)
    with zipfile.ZipFile(copy, "w", zipfile.ZIP_STORED) as packed:
        for name, data in parts.items():
            packed.writestr(name, data)
    return slide


def test_verify_finds_a_deck_edited_after_it_was_made_and_says_where(earlier_build, tmp_path):
    slide = _edited_deck(earlier_build / "deck.pptx", tmp_path / "deck.pptx")
    done = bounded("verify", "--content", str(BUNDLED), str(tmp_path / "deck.pptx"))
    assert_clean(done, 1)
    assert "deck.pptx: changed after notedeck made it" in done.stdout
    number = slide.removeprefix("ppt/slides/slide").removesuffix(".xml")
    assert f"  slide {number} ({slide}) differs" in done.stdout


def test_verify_finds_a_handout_changed_after_it_was_made(earlier_build, tmp_path):
    data = (earlier_build / "handout.pdf").read_bytes()
    at = data.index(b"stream\n", len(data) // 2) + 20         # inside a page's drawing
    (tmp_path / "handout.pdf").write_bytes(data[:at] + bytes([data[at] ^ 1]) + data[at + 1:])
    done = bounded("verify", "--content", str(BUNDLED), str(tmp_path / "handout.pdf"))
    assert_clean(done, 1)
    assert "handout.pdf: changed after notedeck made it" in done.stdout


def test_a_deck_packed_again_unchanged_is_still_current(earlier_build, tmp_path):
    with zipfile.ZipFile(earlier_build / "deck.pptx") as source, \
            zipfile.ZipFile(tmp_path / "deck.pptx", "w", zipfile.ZIP_STORED) as packed:
        for name in reversed(source.namelist()):
            packed.writestr(name, source.read(name))
    done = bounded("verify", "--content", str(BUNDLED), str(tmp_path / "deck.pptx"))
    assert_clean(done, 0)
    assert "deck.pptx: current" in done.stdout


def test_a_deck_edited_in_place_is_kept_and_with_force_moved_aside(output):
    _edited_deck(output / "deck.pptx", output / "edited.pptx")
    (output / "edited.pptx").replace(output / "deck.pptx")
    edited = (output / "deck.pptx").read_bytes()
    done = bounded("build", "--content", str(BUNDLED), "--out", str(output))
    assert_clean(done, 2)
    assert ("deck.pptx is not notedeck's to replace: its bytes differ from those notedeck "
            "published here") in done.stderr
    assert (output / "deck.pptx").read_bytes() == edited
    done = bounded("build", "--content", str(BUNDLED), "--out", str(output), "--force")
    assert_clean(done, 0)
    assert (output / "deck (yours).pptx").read_bytes() == edited
    assert manifest.read(output).holds(output, "deck.pptx")

"""The template's look wins: a restyled theme (fonts, accents) restyles every shape notedeck makes."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

import pytest
from pptx import Presentation

from notedeck.template import package
from support import build

A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
ACCENTS = {"0072B2": "7A1FA2", "E69F00": "B5540B", "009E73": "2E7D32", "CC79A7": "AD1457",
           "56B4E9": "1565C0", "D55E00": "6D4C41", "EEF4FA": "F3E5F5"}


def restyled(path: Path) -> Path:
    """The shipped template with Georgia for headings, Verdana for text, and new accents."""
    source = zipfile.ZipFile(package.DEFAULT_TEMPLATE)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as target:
        for item in source.infolist():
            data = source.read(item.filename)
            if item.filename == "ppt/theme/theme1.xml":
                text = data.decode()
                text = text.replace('<a:majorFont><a:latin typeface="Arial"/>',
                                    '<a:majorFont><a:latin typeface="Georgia"/>')
                text = text.replace('<a:minorFont><a:latin typeface="Arial"/>',
                                    '<a:minorFont><a:latin typeface="Verdana"/>')
                for old, new in ACCENTS.items():
                    text = text.replace(f'val="{old}"', f'val="{new}"')
                data = text.encode()
            target.writestr(item, data)
    return path


@pytest.fixture(scope="module")
def deck(tmp_path_factory):
    from support import BUNDLED
    import shutil

    folder = tmp_path_factory.mktemp("restyled")
    note = folder / "note"
    shutil.copytree(BUNDLED, note)
    restyled(note / "template.pptx")
    build(note, folder / "out")
    return folder / "out" / "deck.pptx"


def slide_parts(deck: Path) -> dict[str, str]:
    with zipfile.ZipFile(deck) as archive:
        return {name: archive.read(name).decode() for name in archive.namelist()
                if re.fullmatch(r"ppt/(slides/slide|charts/chart)\d+\.xml", name)}


def test_the_restyled_theme_is_the_decks(deck):
    theme = zipfile.ZipFile(deck).read("ppt/theme/theme1.xml").decode()
    assert '<a:majorFont><a:latin typeface="Georgia"/>' in theme
    assert 'val="7A1FA2"' in theme and 'val="0072B2"' not in theme


def test_no_run_names_a_font_of_its_own(deck):
    for name, xml in slide_parts(deck).items():
        faces = set(re.findall(r'<a:(?:latin|cs) typeface="([^"]*)"', xml))
        assert faces <= {"+mn-lt", "+mj-lt", "+mn-cs", "+mj-cs"}, (name, faces)


def test_no_fixed_colour_in_tables_callouts_figures_or_charts(deck):
    for name, xml in slide_parts(deck).items():
        assert "srgbClr" not in xml and "sysClr" not in xml, name


def test_tables_callouts_and_figures_take_theme_slots(deck):
    slots = set()
    for slide in Presentation(str(deck)).slides:
        for shape in slide.shapes:
            if shape.has_table:
                header = shape.table.cell(0, 0)._tc.tcPr.find(f"{A}solidFill")[0]
                slots.add(("table header", header.get("val")))
            elif shape.name == "Accent":
                slots.add(("callout bar", shape._element.spPr.find(f"{A}solidFill")[0].get("val")))
            elif shape.has_text_frame and not shape.is_placeholder:
                fill = shape._element.spPr.find(f"{A}solidFill")
                if fill is not None:
                    slots.add(("callout", fill[0].get("val")))
                    continue
                for run in shape._element.iter(f"{A}rPr"):
                    found = run.find(f"{A}solidFill")
                    if run.get("b") == "1" and int(run.get("sz")) >= 2000 and found is not None:
                        slots.add(("big figure", found[0].get("val")))
    assert slots == {("table header", "accent1"), ("callout bar", "accent1"),
                     ("callout", "bg2"), ("big figure", "accent1")}


def test_text_is_measured_with_the_themes_fonts(tmp_path):
    template = package.load(restyled(tmp_path / "t.pptx").read_bytes(), "t.pptx")
    assert template.heading_face().name == "Georgia"
    assert template.body_face().name == "Verdana"

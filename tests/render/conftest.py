"""The bundled note built on templates nobody here wrote: LibreOffice's Impress templates
converted to .pptx, python-pptx's default, default.pptx round-tripped through LibreOffice.

Converted once per session, in one soffice run; the note is built once on each (deck.pptx
and slides.pdf) and every deck drawn by LibreOffice in one more run, for the tests that
compare them (render/pptx/test_template_matrix.py, render/slides/test_template_fidelity.py).
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

import pptx
import pytest

from notedeck.layout.package import DEFAULT_TEMPLATE
from support import BUNDLED, build

from .libreoffice import PDFTOPPM, PDFTOTEXT, SOFFICE, convert, impress_templates

PPTX_DEFAULT = Path(pptx.__file__).parent / "templates" / "default.pptx"


@pytest.fixture(scope="session")
def foreign_templates(tmp_path_factory) -> dict[str, Path]:
    """name -> .pptx: every LibreOffice Impress template by its file's stem ("Grey_Elegant"),
    "pptx-default" (python-pptx's, 4:3) and "roundtrip" (default.pptx through LibreOffice)."""
    if not (SOFFICE and PDFTOTEXT and PDFTOPPM):
        pytest.skip("LibreOffice (soffice) and poppler (pdftotext, pdftoppm) are needed")
    sources = impress_templates()
    if not sources:
        pytest.skip("LibreOffice's Impress templates are not installed")
    folder = tmp_path_factory.mktemp("templates")
    (folder / "in").mkdir()
    shutil.copy(DEFAULT_TEMPLATE, folder / "in" / "roundtrip.pptx")
    convert([*sources, folder / "in" / "roundtrip.pptx"], "pptx", folder,
            folder / "lo-profile")
    found = {source.stem: folder / f"{source.stem}.pptx" for source in sources}
    return {**found, "pptx-default": PPTX_DEFAULT, "roundtrip": folder / "roundtrip.pptx"}


@dataclass(frozen=True)
class Built:
    note: Path                   # the bundled note, with the template as its template.pptx
    out: Path                    # deck.pptx and slides.pdf
    drawn: Path                  # LibreOffice's PDF of deck.pptx
    problems: tuple              # what `notedeck check` said of the note on the template


@pytest.fixture(scope="session")
def note_on_every_template(foreign_templates, tmp_path_factory) -> dict[str, Built]:
    """The bundled note (no audience) built on each foreign template, deck and slides.pdf, and
    each deck drawn by LibreOffice; a template check refuses is left out (its test says why)."""
    from support import check_note

    folder = tmp_path_factory.mktemp("built")
    made, decks = {}, []
    for name, template in foreign_templates.items():
        note = folder / name / "note"
        shutil.copytree(BUNDLED, note)
        shutil.copy(template, note / "template.pptx")
        problems = tuple(check_note(note))
        out = folder / name / "out"
        if not any(p.severity == "error" for p in problems):
            build(note, out, outputs=("deck", "slides"))
            shutil.copy(out / "deck.pptx", folder / f"{name}.pptx")
            decks.append(folder / f"{name}.pptx")
        made[name] = (note, out, problems)
    convert(decks, "pdf", folder / "drawn", folder / "lo-profile")
    return {name: Built(note, out, folder / "drawn" / f"{name}.pdf", problems)
            for name, (note, out, problems) in made.items()}

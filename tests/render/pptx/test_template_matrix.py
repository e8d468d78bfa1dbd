"""Templates nobody on this project wrote: each builds the bundled note with nothing out of its
box and a valid package, or check refuses it naming every fault in one run.

LibreOffice's own Impress templates are converted to .pptx here (where soffice
is installed); python-pptx's default template is 4:3; LibreOffice's exports
carry two to four masters each; the shipped default.pptx is round-tripped
through LibreOffice, which drops its layout names and idx values.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pptx
import pytest
from pptx import Presentation

from notedeck.errors import NotedeckError
from notedeck.readers import audiences
from notedeck.layout.package import DEFAULT_TEMPLATE
from support import BUNDLED, build, check_note
import office

SOFFICE = shutil.which("soffice")
PDFTOTEXT = shutil.which("pdftotext")
IMPRESS = Path("/usr/lib/libreoffice/share/template/common/presnt")
PPTX_DEFAULT = Path(pptx.__file__).parent / "templates" / "default.pptx"

# name -> (how to get it, what must happen: "builds" or the faults check must name)
MATRIX = {
    "python-pptx default (4:3)": ("pptx", "builds"),
    "Beehive (LibreOffice, 2 masters)": ("Beehive.otp", "builds"),
    "Focus (LibreOffice, 4 masters)": ("Focus.otp", "builds"),
    "Blue Curve (LibreOffice, 2 masters)": ("Blue_Curve.otp", (
        "title does not fit placeholder 'PlaceHolder 1' of layout 'Title Slide'",)),
    "default.pptx round-tripped through LibreOffice": ("roundtrip", "builds"),
    "Vivid (LibreOffice)": ("Vivid.otp", ("overlap by",)),
    "Midnightblue (LibreOffice)": ("Midnightblue.otp", ("shorten it or enlarge placeholder",)),
    "Nature Illustration (LibreOffice, 4:3)": ("Nature_Illustration.otp", (
        "is 3.49 x 0.19 in; a placeholder notedeck fills needs at least 0.20 in each way",)),
}


@pytest.fixture(scope="module")
def converted(tmp_path_factory) -> Path:
    """Every LibreOffice template of the matrix as .pptx, and default.pptx round-tripped."""
    if not SOFFICE:
        pytest.skip("LibreOffice (soffice) is not installed")
    folder = tmp_path_factory.mktemp("templates")
    sources = [IMPRESS / source for source, _ in MATRIX.values() if source.endswith(".otp")]
    missing = [s.name for s in sources if not s.exists()]
    if missing:
        pytest.skip(f"LibreOffice's templates are not installed ({', '.join(missing)})")
    shutil.copy(DEFAULT_TEMPLATE, folder / "roundtrip-in.pptx")
    office.convert("pptx", [*sources, folder / "roundtrip-in.pptx"], folder)
    (folder / "roundtrip-in.pptx").rename(folder / "roundtrip.pptx")
    return folder


def template_for(source: str, converted: Path) -> Path:
    if source == "pptx":
        return PPTX_DEFAULT
    if source == "roundtrip":
        return converted / "roundtrip.pptx"
    return converted / source.replace(".otp", ".pptx")


def paragraphs_drawn(deck: Path, folder: Path) -> list[tuple[int, str]]:
    """(slide, paragraph) of every text LibreOffice does not draw on its own slide."""
    office.convert("pdf", deck, folder)
    pdf = folder / (deck.stem + ".pdf")
    missing = []
    for number, slide in enumerate(Presentation(str(deck)).slides, start=1):
        drawn = subprocess.run([PDFTOTEXT, "-f", str(number), "-l", str(number), str(pdf), "-"],
                               capture_output=True, text=True, check=True).stdout
        drawn = _squash(drawn)
        for shape in slide.shapes:
            if not shape.has_text_frame:
                continue
            for paragraph in shape.text_frame.paragraphs:
                words = _squash(paragraph.text)
                if words and not words.isdigit() and words not in drawn:
                    missing.append((number, paragraph.text))
    return missing


def _squash(text: str) -> str:
    """Text as compared: no spaces or hyphens (line breaks move them), in capitals (a
    template may set a placeholder in capitals)."""
    return "".join(text.replace("-", "").replace("\u00ad", "").split()).upper()


@pytest.mark.skipif(not PDFTOTEXT, reason="pdftotext is not installed")
@pytest.mark.parametrize("name", MATRIX, ids=list(MATRIX))
def test_a_foreign_template_builds_cleanly_or_is_refused_with_every_fault(
        name, converted, note, tmp_path):
    source, expected = MATRIX[name]
    shutil.copy(template_for(source, converted), note / "template.pptx")
    problems = [p for p in check_note(note) if p.severity == "error"]
    if expected == "builds":
        assert problems == [], [str(p) for p in problems]
        build(note, tmp_path / "out")
        deck = tmp_path / "out" / "deck.pptx"
        openxml_audit = pytest.importorskip("openxml_audit")
        audit = openxml_audit.validate_pptx(deck)
        assert audit.is_valid, [str(e) for e in audit.errors[:5]]
        assert paragraphs_drawn(deck, tmp_path) == []
        return
    reported = "\n".join(str(p) for p in problems)
    for fault in expected:
        assert fault in reported
    refusals = []
    for audience in [None, *audiences.names(note)]:  # every variant check spoke for
        out = tmp_path / "out" / (audience or "_note")
        try:
            build(note, out, audience=audience)
        except NotedeckError as refused:
            refusals.extend(refused.problems)
            assert not (out / "deck.pptx").exists()
    assert refusals and {str(p) for p in refusals} <= {str(p) for p in problems}


def test_every_template_of_the_matrix_is_in_the_notes_docs():
    docs = (Path(__file__).resolve().parents[3] / "docs" / "templates.md").read_text()
    for name in MATRIX:
        assert name.split(" (")[0] in docs, name

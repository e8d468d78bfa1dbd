"""The bundled audiences in other languages, built: the German retelling holds no English figure
or English catalogue word anywhere, the French one writes French figures, and the English
build keeps its recorded bytes (goldens/english-digests.json: recorded before notedeck had
locales, and again when every PDF became tagged, declaring /Lang en-GB, and each slide's
title came first in the deck's reading order)."""

from __future__ import annotations

import hashlib
import json
import os
import platform
import re
import zlib
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

import pytest
from pptx import Presentation
from pypdf import PdfReader

from notedeck import catalogue
from notedeck.deck import SLOT
from support import BUNDLED, build

GERMAN, FRENCH = "team-berlin", "equipe-lyon"
DIGESTS = Path(__file__).resolve().parents[1] / "goldens" / "english-digests.json"
CONSTRAINTS = Path(__file__).resolve().parents[2] / "constraints.txt"
SPACES = re.compile("[\u00a0\u202f]")
MONTHS = ("January|February|March|April|May|June|July|August|September|October|November|"
          "December")
# English forms of figures, and what each one is. A German figure never takes them.
ENGLISH_FIGURES = (
    (r"\d,\d{3}", "a comma between thousands"),
    (r"\d\.\d{1,2}(?!\d)", "a decimal point"),
    (r"\d%", "a percent sign with no space"),
    (r"\d (h|min|s)\b", "an English duration unit"),
    (r"\b(seconds?|minutes?|hours?|days?|weeks?|milliseconds?)\b", "an English duration word"),
    (r"tokens/sec|\d tokens\b", "an English rate or token count"),
    (rf"\b\d{{1,2}} ({MONTHS}) \d{{4}}\b|\b({MONTHS}) \d{{1,2}}, \d{{4}}", "an English date"),
    (r"\b(one|two|three|four|five|six|seven|eight|nine|ten|twenty|thirty|forty|fifty|sixty|"
     r"hundred|thousand|million)\b", "an English number word"),
    (r"\d(K|M|B)\b", "an English compact stop"),
)
NAMES = ("Claude Opus 5.5",)      # a product's name, with its own digits


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The bundled note and its German and French audiences, built once."""
    out = tmp_path_factory.mktemp("locales")
    for audience in (None, GERMAN, FRENCH):
        build(BUNDLED, out / (audience or "note"), audience=audience)
    return out


def deck_parts(path: Path) -> dict[str, list[str]]:
    """The deck's slide text (text frames and table cells), speaker notes and alt text."""
    parts: dict[str, list[str]] = {"slides": [], "notes": [], "alt": []}
    for slide in Presentation(str(path)).slides:
        for shape in slide.shapes:
            if shape.has_text_frame:
                parts["slides"].append(shape.text_frame.text)
            if shape.has_table:
                parts["slides"] += [c.text for row in shape.table.rows for c in row.cells]
            descr = shape._element.xpath("./p:nvPicPr/p:cNvPr/@descr | "
                                         "./p:nvGraphicFramePr/p:cNvPr/@descr")  # charts
            parts["alt"] += list(descr)
        if slide.has_notes_slide:
            parts["notes"].append(slide.notes_slide.notes_text_frame.text)
    return parts


def handout_text(path: Path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(str(path)).pages)


def german_texts(built) -> dict[str, str]:
    parts = deck_parts(built / GERMAN / "deck.pptx")
    texts = {name: "\n".join(values) for name, values in parts.items()}
    texts["handout"] = handout_text(built / GERMAN / "handout.pdf")
    return {name: SPACES.sub(" ", text) for name, text in texts.items()}


def test_the_german_deck_and_handout_hold_no_english_figure(built):
    for name, text in german_texts(built).items():
        for known in NAMES:
            text = text.replace(known, "")
        for pattern, what in ENGLISH_FIGURES:
            found = re.search(pattern, text)
            assert found is None, (f"{what} in the German {name}: "
                                   f"...{text[max(found.start() - 40, 0):found.end() + 40]}...")


def english_words() -> set[str]:
    """The literal stretches of every English catalogue entry that hold a real word (four
    letters or more) and that the German catalogue does not share."""
    def stretches(entries) -> set[str]:
        found = set()
        for text in entries.values():
            for part in SLOT.split(text)[::2]:
                part = SPACES.sub(" ", part).strip(" .,:;()·×÷=“”„")
                if re.search(r"[A-Za-z]{4}", part):
                    found.add(part)
        return found
    return stretches(catalogue.CATALOGUES["en"]) - stretches(catalogue.CATALOGUES["de"])


def test_the_german_deck_and_handout_hold_no_english_catalogue_string(built):
    words = english_words()
    assert {"Fixed check", "Still scarce", "(cont", "Sources", "page", "tokens/sec"} & words
    for name, text in german_texts(built).items():
        for word in words:
            pattern = r"(?<![A-Za-z])" + re.escape(word) + r"(?![A-Za-z])"
            assert not re.search(pattern, text), f"'{word}' in the German {name}"


def test_every_kind_of_german_figure_is_in_the_deck_the_handout_and_a_chart(built):
    texts = german_texts(built)
    deck, handout = texts["slides"] + texts["notes"], texts["handout"]
    for figure in ("40 App-Entwürfe", "800.000", "60,8 Sekunden", "2 Std. 14 Min. 20 Sek.",
                   "98,7 %", "132,57×", "vierzig"):
        assert figure in deck and figure in handout, figure
    assert "2. Oktober 2026" in deck and "2. Oktober 2026" in handout
    for figure in ("800.000", "60,8 Sekunden", "2 Std. 14 Min. 20 Sek.", "98,7 %", "132,57×"):
        assert figure in texts["alt"], figure


def test_the_german_outputs_declare_their_language(built):
    deck = Presentation(str(built / GERMAN / "deck.pptx"))
    langs = {lang for slide in deck.slides for lang in slide.shapes._spTree.xpath(".//@lang")}
    notes = {lang for slide in deck.slides if slide.has_notes_slide
             for lang in slide.notes_slide.notes_text_frame._txBody.xpath(".//a:rPr/@lang")}
    assert langs == {"de-DE"} and notes == {"de-DE"}
    assert PdfReader(str(built / GERMAN / "handout.pdf")).trailer["/Root"]["/Lang"] == "de-DE"
    english = PdfReader(str(built / "note" / "handout.pdf")).trailer["/Root"]
    assert english["/Lang"] == "en-GB"     # a tagged PDF declares its language, English too


def test_the_french_audience_writes_french_figures_and_labels(built):
    parts = deck_parts(built / FRENCH / "deck.pptx")
    deck = "\n".join(parts["slides"])
    handout = handout_text(built / FRENCH / "handout.pdf")
    assert "1\u202f000\u202f000\u00a0tokens/s" in deck and "132,57×" in deck
    assert "Vérification fixe" in deck and "Toujours rare\u00a0:" in deck
    assert re.search(r"page 1 sur \d", handout) and "2 octobre 2026" in handout
    assert PdfReader(str(built / FRENCH / "handout.pdf")).trailer["/Root"]["/Lang"] == "fr-FR"


def test_every_bundled_handout_embeds_only_the_bundled_fonts(built):
    for folder in ("note", GERMAN, FRENCH):
        fonts = set()
        for page in PdfReader(str(built / folder / "handout.pdf")).pages:
            for font in (page["/Resources"].get("/Font") or {}).values():
                fonts.add(str(font.get_object()["/BaseFont"]).split("+")[-1])
        assert fonts and all(f.startswith("/LiberationSans") or f.startswith("LiberationSans")
                             for f in fonts), fonts


# --- the English build keeps its bytes ---------------------------------------------

def environment() -> dict[str, str]:
    """What the bytes of a build depend on besides notedeck and the pinned libraries."""
    return {"python": platform.python_version().rsplit(".", 1)[0], "zlib": zlib.ZLIB_RUNTIME_VERSION}


def unpinned() -> list[str]:
    """Each library whose installed version differs from constraints.txt's pin: the bytes are
    recorded for the pinned versions (.ci/run installs them: pip install -c constraints.txt)."""
    found = []
    for line in CONSTRAINTS.read_text(encoding="utf-8").splitlines():
        name, _, pinned = line.split("#")[0].strip().partition("==")
        if pinned:
            try:
                installed = version(name)
            except PackageNotFoundError:
                installed = "none"
            if installed != pinned:
                found.append(f"{name} {installed} (pinned: {pinned})")
    return found


def test_the_english_build_is_byte_identical_to_before_locales(built):
    digests = {name: hashlib.sha256((built / "note" / name).read_bytes()).hexdigest()
               for name in ("deck.pptx", "handout.pdf")}
    assert not unpinned(), ("these libraries are not the pinned ones: install with "
                            "pip install -c constraints.txt: " + "; ".join(unpinned()))
    if os.environ.get("NOTEDECK_ACCEPT"):
        DIGESTS.write_text(json.dumps({"environment": environment(), "digests": digests},
                                      indent=1) + "\n", encoding="utf-8")
    assert DIGESTS.exists(), f"{DIGESTS.name} is missing: NOTEDECK_ACCEPT=1 writes it"
    recorded = json.loads(DIGESTS.read_text(encoding="utf-8"))
    assert recorded["environment"] == environment(), \
        f"the bytes were recorded with Python and zlib {recorded['environment']}"
    assert digests == recorded["digests"]


def test_no_line_of_the_french_handout_breaks_inside_a_figure(built):
    """French groups digits with narrow no-break spaces (10 000, 1 000 000): a line of the
    handout never ends inside a figure."""
    pages = PdfReader(built / FRENCH / "handout.pdf").pages
    text = "\n".join(page.extract_text() for page in pages)
    assert re.search(r"\d[ \u00a0\u202f]000\b", text)          # the figures are there
    assert re.findall(r".{0,30}\d\n\d{3}\b.{0,10}", text) == []

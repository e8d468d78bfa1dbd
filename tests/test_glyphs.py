"""Characters Liberation Sans lacks: drawn with DejaVu Sans, or named in a warning."""

from pypdf import PdfReader

from notedeck import glyphs
from support import build
from notedeck.stages.compose import compose
from support import gather


def edit(note, old, new):
    path = note / "sections" / "04-what-gets-precious.md"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_coverage_facts():
    assert not glyphs.needs_fallback("×") and glyphs.needs_fallback("✓")
    assert glyphs.undrawable("× ✓ 中") == ["中"]
    assert glyphs.undrawable("判 a 中 × 判\u00a0中") == ["判", "中"]    # first appearance, once
    assert glyphs.undrawable("plain text, 60 × 1,000") == []


def test_symbols_liberation_lacks_reach_the_handout_through_dejavu(note, tmp_path):
    edit(note, "- **Taste**: deciding", "- **Taste** ✓ ★: deciding")
    build(note, tmp_path)
    reader = PdfReader(str(tmp_path / "handout.pdf"))
    assert "Taste ✓ ★" in " ".join(p.extract_text() for p in reader.pages)
    fonts = {f["/BaseFont"] for p in reader.pages
             for f in p["/Resources"]["/Font"].get_object().values()}
    assert any(str(name).endswith("DejaVuSans") for name in fonts)


def test_characters_no_font_has_are_named_with_the_slide(note):
    edit(note, "## Six hats of judgement", "## Six hats of judgement 判断")
    _, warnings = compose(gather(note))
    text = [str(w) for w in warnings]
    assert any("04-what-gets-precious.md:" in t and "判 (U+5224)" in t for t in text), text

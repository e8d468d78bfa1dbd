"""Text measurement with the bundled font's metrics, wrapping, shrinking and splitting."""

from __future__ import annotations

import pytest

from notedeck.deck import BulletList, Callout, Paragraph, Run, Stat, Stats, Table
from notedeck.layout import fit, measure

# Arial's advance widths (per 1000 em), which Liberation Sans matches exactly.
ARIAL = {"H": 722, "e": 556, "l": 222, "o": 556, "M": 833, "i": 222, " ": 278, "1": 556,
         ",": 278, "0": 556, "×": 584}
ARIAL_BOLD = {"M": 833, "i": 278, "W": 944}


def arial(text: str, size: float, table=ARIAL) -> float:
    return sum(table[ch] for ch in text) / 1000 * size


@pytest.mark.parametrize("text", ["Hello", "Mi", "1,000,000", "1,000 × 1,000", " "])
def test_widths_are_arial_metrics(text):
    assert measure.text_width(text, 10) == pytest.approx(arial(text, 10), abs=0.01)
    assert measure.text_width(text, 30) == pytest.approx(3 * measure.text_width(text, 10))


def test_bold_and_italic_use_their_own_faces():
    assert measure.text_width("i", 10, bold=True) == pytest.approx(arial("i", 10, ARIAL_BOLD),
                                                               abs=0.01)
    assert measure.text_width("W", 10, bold=True) == pytest.approx(9.44, abs=0.01)
    assert measure.text_width("i", 10, bold=True) > measure.text_width("i", 10)
    runs = (Run("Mi", bold=True), Run("Mi"), Run("Mi", italic=True))
    assert sum(measure.text_width(r.text, 10, r.bold, r.italic) for r in runs) == pytest.approx(
        measure.text_width("Mi", 10, True) + 2 * measure.text_width("Mi", 10))


def test_unmapped_characters_take_the_fallback_width():
    assert measure.text_width("\U0001F600", 10) > 0


def test_wrap_is_greedy_by_words():
    width = measure.text_width("The quick brown", 12)
    lines = measure.wrap("The quick brown fox jumps over the lazy dog", width, 12)
    assert lines[0] == "The quick brown"
    assert " ".join(lines) == "The quick brown fox jumps over the lazy dog"
    for line in lines:
        assert measure.text_width(line, 12) <= width + 1e-9


def test_wrap_keeps_a_word_that_just_fits_and_moves_one_that_does_not():
    width = measure.text_width("aaa bbb", 10)
    assert measure.wrap("aaa bbb ccc", width, 10) == ("aaa bbb", "ccc")
    assert measure.wrap("aaa bbb ccc", width - 0.01, 10) == ("aaa", "bbb ccc")


def test_a_word_longer_than_the_line_breaks_by_characters():
    word = "Supercalifragilisticexpialidocious"
    width = measure.text_width("Supercali", 12)
    lines = measure.wrap(f"a {word} b", width, 12)
    assert "".join(lines).replace(" ", "") == f"a{word}b"
    assert all(measure.text_width(line, 12) <= width + 1e-9 for line in lines)
    assert lines[0] == "a"


def test_wrap_measures_styled_runs():
    runs = (Run("Lead-in", bold=True), Run(": the rest of the item"))
    plain = measure.wrap("Lead-in: the rest of the item", 100, 14)
    styled = measure.wrap(runs, 100, 14)
    assert " ".join(styled) == " ".join(plain)
    assert measure.wrap("", 100, 14) == ("",)


def test_fit_keeps_the_start_size_when_it_fits():
    result = fit.fit(["Short line"], 5.0, 1.0, 22, 16)
    assert result == fit.FitResult(22, (("Short line",),), False, result.height)
    assert result.height == pytest.approx(22 * measure.LINE_HEIGHT / 72)


def test_fit_shrinks_in_steps_until_it_fits():
    text = "word " * 40
    lines_22, height_22 = fit.measure([text], 6.0, 22)
    box_h = height_22 - 0.01
    result = fit.fit([text], 6.0, box_h, 22, 16)
    assert not result.overflow and 16 <= result.size < 22 and result.size == int(result.size)
    assert result.height <= box_h
    bigger, _ = fit.measure([text], 6.0, result.size + 1)
    assert fit.measure([text], 6.0, result.size + 1)[1] > box_h


def test_fit_reports_overflow_at_the_minimum():
    result = fit.fit(["word " * 400], 4.0, 1.0, 22, 16)
    assert result.overflow and result.size == 16 and result.height > 1.0


def test_paragraph_spacing_indent_and_scale_count():
    one = fit.measure([fit.Para((Run("a"),))], 5, 20)[1]
    two = fit.measure([fit.Para((Run("a"),), space_before=1.0),
                       fit.Para((Run("b"),), space_before=0.5, scale=2.0)], 5, 20)[1]
    assert two == pytest.approx(one + 2 * one + 0.5 * 40 / 72)
    narrow = fit.measure([fit.Para((Run("word " * 20),), indent=3.0)], 5, 20)[0]
    wide = fit.measure([fit.Para((Run("word " * 20),))], 5, 20)[0]
    assert len(narrow[0]) > len(wide[0])


def test_clean_strips_control_characters_and_folds_spaces():
    assert fit.clean("a\x00b\x07 \n c\td\x0be") == "ab c d e"
    assert fit.clean("x\u00a0y") == "x\u00a0y"
    runs = fit.clean_runs((Run("Lead ", bold=True), Run(" rest\x01 "), Run("")))
    assert runs == (Run("Lead ", bold=True), Run("rest"))


# --- splitting ---------------------------------------------------------------------

def total(units):
    return float(sum(units))


def test_paginate_is_greedy_and_refuses_an_oversized_unit():
    assert fit.paginate([1, 1, 1, 1, 1], total, 2) == [[1, 1], [1, 1], [1]]
    assert fit.paginate([1, 3], total, 2) is None


def test_balance_evens_out_pages():
    assert fit.balance([1] * 7, total, 4, 2) == [[1] * 3, [1] * 4]
    assert fit.balance([1] * 7, total, 3, 2) is None


def test_split_shrinks_before_it_splits():
    height_at = lambda units, size: len(units) * size / 10   # noqa: E731
    result = fit.split(list(range(10)), height_at, 18, 22, 16)
    assert result.size == 18 and len(result.pages) == 1


def test_split_continues_on_balanced_pages_at_the_largest_size():
    height_at = lambda units, size: len(units) * size / 10   # noqa: E731
    result = fit.split(list(range(30)), height_at, 20, 22, 16)
    assert [len(page) for page in result.pages] == [10, 10, 10]
    assert result.size == 20
    assert [u for page in result.pages for u in page] == list(range(30))
    assert fit.split([1], lambda units, size: 100, 20, 22, 16) is None


def test_block_units_split_lists_into_items():
    items = ((Run("one"),), (Run("two"),))
    blocks = (Paragraph((Run("lead"),)), BulletList(items),
              Stats((Stat("1", "a"),)), Callout((Run("!"),)))
    units = fit.block_units(blocks)
    assert [u.item for u in units] == [None, 0, 1, None, None]
    assert units[2].runs == (Run("two"),)
    with pytest.raises(TypeError):
        fit.block_units((Table("t", "", ("a",), (), ("left",)),))


def test_table_pages_repeat_the_header_and_move_the_highlight():
    table = Table("t", "cap", ("A", "B"), tuple((str(i), str(i)) for i in range(5)),
                  ("left", "right"), highlight=3)
    first, second = fit.table_pages(table, [(0, 1, 2), (3, 4)])
    assert first.header == second.header == ("A", "B")
    assert first.rows == (("0", "0"), ("1", "1"), ("2", "2")) and first.highlight is None
    assert second.rows == (("3", "3"), ("4", "4")) and second.highlight == 0


def test_continuation_title():
    assert fit.continuation_title("Budgets") == "Budgets (cont.)"

"""Round 3's budgets: every size bounded before the work (unit powers, sums, sweeps, live
controls, aliases), exit 2 at file:line where exit 1 was, and values kept exact to the end.

Each runs the CLI on a small note under helpers.bounded (1 GiB, CPU_SECONDS): a hang ends
there as a failure, never as a measure of speed."""

from __future__ import annotations

import shutil

import pytest
from pptx import Presentation

from notedeck.errors import NotedeckError
from notedeck.model.limits import LimitReached
from notedeck.readers import model as reader

from .budgets import HEAD, SECTION, line_of, refused, run, tiny
from .helpers import assert_clean

GROUP = "groups:\n  g:\n    given: p\n    figures:\n      q: {formula: p * x}\n"


# --- 1. unit powers --------------------------------------------------------------------

@pytest.mark.parametrize("where, unit, said", [
    ("formula", "1 [h^-99999999]", "a unit's power is at most 12 either way (limit "
                                    "unit_power); got -99999999"),
    ("input", "h^-99999999", "a unit's power is at most 12 either way (limit unit_power)"),
    ("formula", "1 [((((((((h^12)^12)^12)^12)^12)^12)^12)^12)]",
     "nested powers multiplied (limit unit_power); got 144"),
    ("formula", "1 [h^1.5]", "a unit's power is a whole number, not 1.5"),
    ("formula", "1 [" + "*".join(["w^12"] * 20) + "]", "'w' reaches 24"),
])
def test_a_unit_power_past_its_bound_is_refused_at_its_line(where, unit, said, tmp_path):
    model = (HEAD + f"  z: {{type: number, min: 0, max: 9, unit: \"{unit}\"}}\nfigures:\n"
             "  y: {formula: x * 2}\n") if where == "input" else \
        HEAD + f"figures:\n  y: {{formula: x * 2}}\n  z: {{formula: \"{unit}\"}}\n"
    note = tiny(tmp_path, model, "x: 3\nz: 1\n" if where == "input" else None)
    said_there = refused(note)
    assert f"model.yaml:{line_of(note, 'model.yaml', 'z:')}:" in said_there
    assert said in said_there


def test_a_unit_computed_past_its_bound_is_refused(tmp_path):
    model = HEAD + "units: [item]\nfigures:\n  y: {formula: x * 2}\n" \
                   "  big: {formula: \"(1 [item^12]) * 1 [item]\"}\n"
    said = refused(tiny(tmp_path, model))
    assert "'item' reaches 13" in said and "limit unit_power" in said


# --- 2. work within its budgets ----------------------------------------------------------

def test_a_sum_of_large_terms_is_held_to_the_number_size(tmp_path):
    model = HEAD.replace("max: 100}", "max: 100}\n  xs: {type: list, of: number, min: 0, "
                                      "max: 1000000, length: {min: 1, max: 1000}}") + \
        "figures:\n  y: {formula: x * 2}\n  big: {formula: \"(1 + 1/3)^1300\"}\n" \
        "  terms: {formula: big / (xs + 7)}\n  total: {formula: sum(terms)}\n"
    scenario = "x: 3\nxs: [" + ", ".join(str(1000 + i) for i in range(1000)) + "]\n"
    note = tiny(tmp_path, model, scenario)
    said = refused(note)
    assert f"model.yaml:{line_of(note, 'model.yaml', 'total:')}:" in said
    assert "limit number_bits" in said and "sum(terms)" in said


def test_figures_each_within_the_limits_share_one_step_budget(tmp_path):
    """400 figures, each a sum of 50 terms of about 2,600 bits: each within every limit,
    together past the step budget, charged by the size of the numbers they add."""
    figures = "".join(f"  f{i}: {{formula: \"sum({','.join(['b1'] * 50)}) / (x + {i + 2})\"}}\n"
                      for i in range(400))
    model = HEAD + "figures:\n  y: {formula: x * 2}\n  big: {formula: \"(1 + 1/3)^1300\"}\n" \
                   "  b1: {formula: big / (x + 1)}\n" + figures
    said = refused(tiny(tmp_path, model))
    assert "(limit steps)" in said


def test_a_sweep_of_negative_points_is_refused_before_it_spends_a_step(tmp_path):
    model = HEAD + GROUP + "figures:\n  y: {formula: x * 2}\n" \
                           "  s: {use: g, sweep: {from: 1, to: 1, points: -99999999999}}\n"
    note = tiny(tmp_path, model)
    said = refused(note)
    assert f"model.yaml:{line_of(note, 'model.yaml', 's: {use')}:" in said
    assert "points must be a whole number of at least 1, got -99999999999" in said


def test_re_evaluations_draw_on_one_budget(tmp_path):
    """A live control's positions re-evaluate the model: together they may take no more
    steps than one evaluation (each had a fresh budget)."""
    (tmp_path / "model.yaml").write_text(
        HEAD + GROUP + "figures:\n  curve: {use: g, sweep: {from: 1, to: 2, points: 4000}}\n"
                       "  top: {formula: max(curve.q)}\n", encoding="utf-8")
    (tmp_path / "scenarios.yaml").write_text("x: 3\n", encoding="utf-8")
    made = reader.read(tmp_path / "model.yaml")
    evaluation = made.evaluate(reader.scenario(made, tmp_path / "scenarios.yaml"))
    spent = evaluation.run.budget.used
    with pytest.raises((NotedeckError, LimitReached)) as info:
        for position in range(1, 101):
            evaluation.replace({"x": position}).value("top")
    assert "limit steps" in str(info.value)
    assert evaluation.run.budget.used > spent


def test_aliases_cannot_multiply_what_is_compiled(tmp_path):
    """A 1.4 KB model.yaml whose aliases repeat 8 stats 2,000 times."""
    items = ", ".join(f"a{k}: {{value: y + x, label: L}}" for k in range(8))
    model = HEAD + "figures:\n  y: {formula: x * 2}\nstats:\n" \
        f"  s0: &s {{{items}}}\n" + "".join(f"  s{i}: *s\n" for i in range(1, 2000))
    said = refused(tiny(tmp_path, model))
    assert "(limit formula_total)" in said


# --- 3. exit 2 at file:line, or a whole build, for what an author can write ----------------

@pytest.mark.parametrize("figure", ["zero: 0", "zero: {formula: 0 + 0}"])
def test_a_figure_of_zero_builds(figure, tmp_path):
    note = tiny(tmp_path, HEAD + f"figures:\n  y: {{formula: x * 2}}\n  {figure}\n")
    assert_clean(run(note, "build"), 0)


def test_a_figure_past_ten_to_the_seventy_eight_is_written_whole(tmp_path):
    note = tiny(tmp_path, HEAD + "figures:\n  y: {formula: \"10^100 * x\"}\n")
    assert_clean(run(note, "build"), 0)
    texts = [shape.text_frame.text for slide in Presentation(note.parent / "out" / "deck.pptx")
             .slides for shape in slide.shapes if shape.has_text_frame]
    assert "The value is 30" + ",000" * 33 in texts, texts      # 3 x 10^100, every digit


CHART = """charts:
  c:
    kind: {kind}
    title: A chart
    alt: {{text: A line.}}
    x: {{title: P}}
    y: {{title: Q}}
    lines:
      l: {{x: curve.p, y: curve.q, label: L}}
"""


@pytest.mark.parametrize("formula, kind, said", [
    ("p * x * 10^200 * 10^200", "line", "this one is about 10^400"),
    ("p * x / 10^200 / 10^200", "line", "this one is about 10^-399"),
    ("p * x", "[line, bar]", "a chart's kind is one of: line, bar; got ['line', 'bar']"),
])
def test_a_chart_an_author_can_write_is_drawn_or_refused_at_its_line(formula, kind, said,
                                                                       tmp_path):
    model = HEAD + GROUP.replace("p * x", f'"{formula}"') + \
        "figures:\n  y: {formula: x * 2}\n  curve: {use: g, sweep: {from: 1, to: 5, points: 5}}\n" \
        + CHART.format(kind=kind)
    note = tiny(tmp_path, model, slide="```chart\nc\n```")
    assert said in refused(note, "build")


def test_a_table_too_long_for_its_slides_is_named(tmp_path):
    model = HEAD + GROUP + "figures:\n  y: {formula: x * 2}\n" \
        "  rows: {use: g, sweep: {from: 1, to: 1000, points: 1000}}\n" \
        "tables:\n  t:\n    caption: A table\n    rows: rows\n" \
        "    columns: {p: {header: P, value: p}, q: {header: Q, value: q}}\n"
    note = tiny(tmp_path, model, slide="```table\nt\n```")
    said = refused(note, "build")
    assert "the table's 1,000 rows need more than 12 slides" in said


def test_a_slider_position_outside_its_input_is_named_at_the_slider(tmp_path):
    model = HEAD.replace("max: 100", "max: 50") + GROUP + \
        "figures:\n  y: {formula: x * 2}\n  xs: {use: g, sweep: {from: 1, to: 100, points: 5}}\n" \
        + CHART.format(kind="line").replace("curve.", "xs.") + \
        "controls:\n  panel:\n    label: A panel\n    chart: c\n    controls:\n" \
        "      s: {slider: xs, input: x, label: The x, start: x}\n" \
        "    shows:\n      sentence: {text: \"At {p}, y is {y}.\"}\n"
    note = tiny(tmp_path, model, slide="```chart\nc\n```")
    said = refused(note, "build", "--with", "web")
    assert f"model.yaml:{line_of(note, 'model.yaml', 's: {slider')}:" in said
    assert "the slider sets x to 50.5 at its position 3, which the input refuses" in said


def test_init_that_cannot_write_says_why_in_words(tmp_path):
    from notedeck.commands.start import _reason

    failed = shutil.Error([("/a/note.yaml", "/b/note.yaml",
                            "[Errno 13] Permission denied: '/b/note.yaml'")] * 3)
    assert _reason(failed) == "Permission denied: '/b/note.yaml' (and 2 more files)"


# --- 7. exact to the end ------------------------------------------------------------------

def test_a_text_input_stays_plain_text_in_prose(tmp_path):
    model = HEAD + "  who: {type: text, length: {max: 100}}\nfigures:\n  y: {formula: x * 2}\n"
    scenario = 'x: 3\nwho: "**bold** and [a link](https://example.org) <i>"\n'
    note = tiny(tmp_path, model, scenario, slide="- Written for {{ who }}")
    assert_clean(run(note, "build"), 0)
    deck = Presentation(note.parent / "out" / "deck.pptx")
    runs = [r for slide in deck.slides for shape in slide.shapes if shape.has_text_frame
            for p in shape.text_frame.paragraphs for r in p.runs if "Written" in p.text]
    text = "".join(r.text for r in runs)
    assert text == "Written for **bold** and [a link](https://example.org) <i>"
    assert not any(r.font.bold for r in runs)


def test_a_long_table_placed_three_times_is_refused_at_the_placement_past_the_bound(tmp_path):
    """5,000 rows placed three times were 478 handout pages; the rows a note places are
    bounded (limit table_rows), the placement that passes it named."""
    model = HEAD + GROUP + "figures:\n  y: {formula: x * 2}\n" \
        "  rows: {use: g, sweep: {from: 1, to: 5000, points: 5000}}\n" \
        "tables:\n  t:\n    caption: A table\n    rows: rows\n" \
        "    columns: {p: {header: P, value: p}, q: {header: Q, value: q}}\n"
    note = tiny(tmp_path, model)
    path = note / SECTION
    path.write_text(path.read_text(encoding="utf-8") + "\n```table\nt\n```\n" * 3,
                    encoding="utf-8")
    said = refused(note, "build")
    assert "a note places at most 3,000 (limit table_rows)" in said
    assert f"01-a.md:{line_of(note, SECTION, '```table')}:" in said


POINTS = CHART.format(kind="line").replace(
    "label: L}", "label: L, points: {over: curve, x: p, y: q, label: \"{q}\"}}")


@pytest.mark.parametrize("count", [200, 500])
def test_a_chart_of_many_annotated_points_is_refused_at_its_line(count, tmp_path):
    """200 annotated points took 11 s to place, 500 took 60 s."""
    model = HEAD + GROUP + "figures:\n  y: {formula: x * 2}\n" \
        f"  curve: {{use: g, sweep: {{from: 1, to: 100, points: {count}}}}}\n" + \
        POINTS
    note = tiny(tmp_path, model, slide="```chart\nc\n```")
    said = refused(note, "build")
    assert f"model.yaml:{line_of(note, 'model.yaml', 'l: {x:')}:" in said
    assert f"annotates {count} points; a chart annotates at most 100" in said


def test_the_label_grid_finds_every_box_a_query_overlaps():
    """Labels are weighed against the grid's neighbours only: whatever a box overlaps (or a
    point it holds) must be among them, wherever the cells fall."""
    import random

    from notedeck.render.charts.placement import Grid, contains, overlap

    pick = random.Random(3)
    for cell in (0.5, 7.0, 40.0):
        grid, boxes = Grid(cell), []
        for _ in range(300):
            x, y = pick.uniform(-50, 250), pick.uniform(-50, 250)
            box = (x, y, x + pick.choice([0, 1, 9, 60]), y + pick.choice([0, 2, 14]))
            boxes.append(box)
            assert grid.add(box) == len(boxes) - 1
        for _ in range(200):
            x, y = pick.uniform(-60, 260), pick.uniform(-60, 260)
            query = (x, y, x + pick.uniform(0, 80), y + pick.uniform(0, 30))
            near = grid.near(query)
            assert near == sorted(set(near))
            wanted = {k for k, box in enumerate(boxes) if overlap(query, box) > 0 or
                      (box[0] == box[2] and box[1] == box[3] and contains(query, box[:2]))}
            assert wanted <= set(near)
            assert len(near) < len(boxes) or cell == 40.0

"""The handout's charts of the forms the bundled note does not use, read back from the PDF.

Chart text is drawn as outlines (a handout looks the same on every printer), so the PDF is
read for what it draws: the filled shapes in each series' colour, where they stand, and
their sizes, against the spec's values."""

from __future__ import annotations

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from notedeck.render.charts.draw import draw
from notedeck.theme import PALETTE
from render.small_charts import ACROSS, RANKING, UPRIGHT, UPRIGHT_STACKED, deck_of
from support import render


def rgb(colour: str) -> tuple[float, ...]:
    return tuple(round(int(colour[i:i + 2], 16) / 255, 3) for i in (1, 3, 5))


def fills(pdf) -> list[tuple[tuple[float, ...], tuple[float, float, float, float]]]:
    """(fill colour, box on the page) of every filled path of the first page."""
    page = PdfReader(str(pdf)).pages[0]
    ctm, stack, colour, path, found = (1, 0, 0, 1, 0, 0), [], (0, 0, 0), [], []

    def on_page(x, y):
        a, b, c, d, e, f = ctm
        return a * x + c * y + e, b * x + d * y + f

    def operations(content, resources):
        """The operators, a form XObject's in place of the `Do` that shows it."""
        for operands, op in content.operations:
            form = resources.get("/XObject", {}).get(operands[0]) if op == b"Do" else None
            if form is not None and form.get_object().get("/Subtype") == "/Form":
                form = form.get_object()
                yield [], b"q"
                yield from operations(ContentStream(form, page.pdf), form.get("/Resources", {}))
                yield [], b"Q"
            else:
                yield operands, op

    for operands, op in operations(page.get_contents(), page["/Resources"]):
        values = [float(v) for v in operands] if op in (b"cm", b"rg", b"m", b"l", b"c",
                                                         b"re") else []
        if op == b"q":
            stack.append(ctm)
        elif op == b"Q":
            ctm = stack.pop()
        elif op == b"cm":
            a, b, c, d, e, f = values
            A, B, C, D, E, F = ctm
            ctm = (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D,
                   e * A + f * C + E, e * B + f * D + F)
        elif op == b"rg":
            colour = tuple(round(v, 3) for v in values)
        elif op in (b"m", b"l"):
            path.append(on_page(*values))
        elif op == b"c":
            path.append(on_page(*values[4:]))
        elif op == b"re":
            x, y, w, h = values
            path += [on_page(x, y), on_page(x + w, y + h)]
        elif op in (b"f", b"f*", b"F", b"B", b"B*", b"b", b"b*"):
            xs, ys = [p[0] for p in path], [p[1] for p in path]
            if path:
                found.append((colour, (min(xs), min(ys), max(xs), max(ys))))
            path = []
        elif op in (b"n", b"S", b"s"):
            path = []
    return found


def handout(tmp_path, spec):
    deck = deck_of(spec)
    return render("handout", deck, {spec.name: draw(spec)}, tmp_path / "handout.pdf")


def boxes(pdf, series: int) -> list[tuple[float, float, float, float]]:
    """The boxes filled in a series' colour wider than a glyph or a legend's key."""
    return [box for colour, box in fills(pdf) if colour == rgb(PALETTE.series[series])
            and box[2] - box[0] > 20]


def test_upright_columns_stand_on_one_line_in_proportion(tmp_path):
    columns = sorted(boxes(handout(tmp_path, UPRIGHT), 0))
    assert len(columns) == 3
    assert len({round(b[1], 1) for b in columns}) == 1           # one baseline
    tallest = columns[0][3] - columns[0][1]
    assert [(b[3] - b[1]) / tallest for b in columns] == pytest.approx([1, 0.5, 0.25], abs=0.01)
    assert not PdfReader(str(tmp_path / "handout.pdf")).pages[0].images   # vectors


def test_stacked_columns_put_each_series_on_the_one_below(tmp_path):
    pdf = handout(tmp_path, UPRIGHT_STACKED)
    service = sorted(b for b in boxes(pdf, 0) if b[3] - b[1] > 5)[:3]
    waiting = sorted(b for b in boxes(pdf, 1) if b[3] - b[1] > 5)[:3]
    for below, above in zip(service, waiting):
        assert above[1] == pytest.approx(below[3], abs=2.5)        # stacked, a hairline apart
    assert [(b[3] - b[1]) for b in waiting] == pytest.approx(
        [(waiting[2][3] - waiting[2][1]) * v / 9 for v in (1, 3, 9)], rel=0.05)


def test_side_by_side_bars_run_in_proportion_from_one_edge(tmp_path):
    pdf = handout(tmp_path, ACROSS)
    wait, queue = sorted(boxes(pdf, 0), key=lambda b: -b[3]), sorted(boxes(pdf, 1),
                                                                    key=lambda b: -b[3])
    assert len(wait) == len(queue) == 2
    left = wait[0][0]
    assert all(b[0] == pytest.approx(left, abs=0.5) for b in (*wait, *queue))
    longest = wait[0][2] - left
    widths = [(b[2] - left) / longest for b in (wait[0], queue[0], wait[1], queue[1])]
    assert widths == pytest.approx([1, 5 / 6, 0.5, 2 / 6], abs=0.01)


def test_a_kind_that_lowers_itself_prints_as_its_form(tmp_path):
    columns = sorted(boxes(handout(tmp_path, RANKING), 0))
    heights = [b[3] - b[1] for b in columns]
    assert heights == pytest.approx([heights[0] * v / 18 for v in (18, 8, 2)], abs=0.5)

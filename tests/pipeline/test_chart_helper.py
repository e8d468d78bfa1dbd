"""pipeline/chart_helper.py: charts drawn in a helper process are the bytes drawn here."""

from __future__ import annotations

import pytest

from notedeck.options import Options
from notedeck.pipeline.chart_helper import Charts
from notedeck.pipeline.stages import prepare
from notedeck.render.charts import draw
from support import BUNDLED

SPECS = prepare(Options(BUNDLED)).deck.charts


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("NOTEDECK_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache"


@pytest.mark.parametrize("workers", [True, False], ids=["helper", "here"])
def test_every_chart_by_name_with_the_bytes_drawing_gives(cache, workers):
    with Charts(cache=False, workers=workers) as charts:
        art = charts.art(SPECS)
        got = {name: (art[name].png, art[name].svg) for name in art}
    expected = {spec.name: draw.draw(spec) for spec in SPECS}
    assert got == {name: (a.png, a.svg) for name, a in expected.items()}


def test_sizes_are_known_before_the_pixels(cache):
    with Charts(cache=True, workers=True) as charts:
        art = charts.art(SPECS)
        sizes = {name: (art[name].width_in, art[name].height_in) for name in art}
    assert sizes == {"dial": (12.1, 4.5), "bottleneck": (6.7, 4.5), "speedup": (12.1, 4.5)}


def test_a_second_run_takes_every_chart_from_the_cache(cache):
    with Charts(cache=True, workers=False) as charts:
        first = {n: a.png for n, a in charts.art(SPECS).items()}
    entries = sorted(p.name for p in cache.rglob("*") if p.is_file())
    with Charts(cache=True, workers=False) as charts:
        again = {n: a.png for n, a in charts.art(SPECS).items()}
    assert again == first
    assert sorted(p.name for p in cache.rglob("*") if p.is_file()) == entries

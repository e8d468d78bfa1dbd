"""stages/charts.py: every chart from the cache or drawn in this process (in a pool with -j N),
the same bytes either way."""

from __future__ import annotations

import pytest

from notedeck.options import Options
from notedeck.infra.cache import ChartCache
from notedeck.stages import charts
from notedeck.stages.stages import prepare
from notedeck.render.charts import draw
from notedeck.deck import ChartArt
from support import BUNDLED, build, digests

SPECS = prepare(Options(BUNDLED)).deck.charts


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("NOTEDECK_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache"


def test_every_chart_by_name_with_the_bytes_drawing_gives(cache):
    art = charts.art(SPECS, cache=False)
    got = {name: (art[name].png, art[name].svg) for name in art}
    expected = {spec.name: draw.draw(spec) for spec in SPECS}
    assert got == {name: (a.png, a.svg) for name, a in expected.items()}


def test_charts_drawn_by_a_pool_of_processes_are_the_bytes_drawn_here(cache, tmp_path):
    pooled = charts.art(SPECS, {"svg"}, cache=False, jobs=2)
    assert {name: pooled[name].svg for name in pooled} == \
        {spec.name: draw.draw(spec, ("svg",)).svg for spec in SPECS}
    build(BUNDLED, tmp_path / "pool", jobs=2)
    build(BUNDLED, tmp_path / "here", cache=False)
    assert digests(tmp_path / "pool") == digests(tmp_path / "here")


def test_sizes_are_known_before_the_pixels(cache):
    art = charts.art(SPECS, cache=True)
    sizes = {name: (art[name].width_in, art[name].height_in) for name in art}
    assert sizes == {"dial": (12.1, 4.5), "bottleneck": (6.7, 4.5), "speedup": (12.1, 4.5)}


def test_a_second_run_takes_every_chart_from_the_cache(cache):
    first = {n: a.png for n, a in charts.art(SPECS, cache=True).items()}
    entries = sorted(p.name for p in cache.rglob("*") if p.is_file())
    again = {n: a.png for n, a in charts.art(SPECS, cache=True).items()}
    assert again == first
    assert sorted(p.name for p in cache.rglob("*") if p.is_file() and p.suffix != ".lock") == \
        [e for e in entries if not e.endswith(".lock")]


def held(cache) -> dict:
    """Each chart's cache entry by name, with whatever drawn forms it holds (None: no entry)."""
    store = ChartCache(cache)
    return {spec.name: store._read(spec) for spec in SPECS}


def forms(**given) -> frozenset:
    return prepare(Options(BUNDLED, **given)).plan.forms


def test_the_default_outputs_read_the_svg_only():
    assert forms() == {"svg"}
    assert forms(charts="picture") == {"png", "svg"}
    assert forms(outputs=("deck", "web", "json")) == set()


def test_a_default_build_draws_no_png_into_the_cache(cache, tmp_path):
    build(BUNDLED, tmp_path / "out")
    entries = held(cache)
    assert all(art is not None and art.svg and not art.png for art in entries.values())


def test_a_picture_deck_adds_the_png_to_each_entry_with_the_same_bytes(cache, tmp_path):
    build(BUNDLED, tmp_path / "native")
    build(BUNDLED, tmp_path / "picture", charts="picture")          # draws the PNG alone
    build(BUNDLED, tmp_path / "plain", cache=False, charts="picture")
    expected = {spec.name: draw.draw(spec) for spec in SPECS}
    assert {name: (a.png, a.svg) for name, a in held(cache).items()} == \
        {name: (a.png, a.svg) for name, a in expected.items()}
    assert digests(tmp_path / "picture") == digests(tmp_path / "plain")
    assert digests(tmp_path / "native")["handout.pdf"] == digests(tmp_path / "plain")["handout.pdf"]


def test_outputs_that_read_no_drawn_form_draw_no_chart(cache, tmp_path):
    build(BUNDLED, tmp_path / "out", outputs=("deck", "json"))
    assert set(held(cache).values()) == {None}
    assert (tmp_path / "out" / "deck.pptx").exists()


def test_the_forms_asked_for_are_drawn_before_any_output_reads_them(cache):
    art = charts.art(SPECS, {"svg"}, cache=True)
    assert all(isinstance(a, ChartArt) for a in art.values())         # values, not callbacks
    assert {name: held(cache)[name].svg for name in art} == {n: a.svg for n, a in art.items()}
    assert {name: a.svg for name, a in art.items()} == \
        {spec.name: draw.draw(spec, ("svg",)).svg for spec in SPECS}
    assert not any(a.png for a in art.values())

"""infra/chart_helper.py: charts drawn in a helper process are the bytes drawn here."""

from __future__ import annotations

import os
import time
from dataclasses import replace
from pathlib import Path

import pytest

from notedeck.options import Options
from notedeck.infra.cache import ChartCache
from notedeck.infra.chart_helper import Charts
from notedeck.build.stages import art_forms, prepare
from notedeck.render.charts import draw
from support import BUNDLED, build, digests

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


def held(cache) -> dict:
    """Each chart's cache entry by name, with whatever drawn forms it holds (None: no entry)."""
    store = ChartCache(cache)
    return {spec.name: store._read(spec) for spec in SPECS}


def test_the_default_outputs_read_the_svg_only():
    assert art_forms(Options(BUNDLED)) == {"svg"}
    assert art_forms(Options(BUNDLED, charts="picture")) == {"png", "svg"}
    assert art_forms(Options(BUNDLED, outputs=("deck", "web", "json"))) == set()


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


@pytest.mark.parametrize("workers", [True, False], ids=["helper", "here"])
def test_a_form_no_output_declared_is_drawn_when_first_read(cache, workers):
    with Charts(cache=True, workers=workers, forms={"svg"}) as charts:
        art = charts.art(SPECS)
        assert all(not a.png for a in held(cache).values() if a is not None)
        got = {name: (art[name].png, art[name].svg) for name in art}
    expected = {spec.name: draw.draw(spec) for spec in SPECS}
    assert got == {name: (a.png, a.svg) for name, a in expected.items()}


def children_of(parent: int) -> list[int]:
    """Live processes (not zombies) whose parent is `parent`, read from /proc."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if fields[0] != "Z" and int(fields[1]) == parent:
            found.append(int(stat.parent.name))
    return found


def ended(pid: int) -> bool:
    stat = Path(f"/proc/{pid}/stat")
    try:
        return stat.read_text().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return True


@pytest.mark.skipif(not Path("/proc/self/stat").exists() or (os.cpu_count() or 1) < 2,
                    reason="reads processes from Linux's /proc; the charts are shared on two cores")
def test_the_helper_shares_the_charts_with_a_sibling_that_ends_when_the_build_stops(cache):
    many = [replace(spec, name=f"{spec.name}{n}") for n in range(30) for spec in SPECS]
    charts = Charts(cache=False, workers=True)
    helper = charts._helper.pid
    charts.art(many)                           # sent: the helper shares them once it has them
    for _ in range(3000):
        if children_of(helper):
            break
        time.sleep(0.01)
    sibling = children_of(helper)
    assert len(sibling) == 1                   # 45 charts, several seconds, of drawing left
    charts.close()                             # the pipe closed: it ends at its next report
    for _ in range(300):
        if ended(sibling[0]):
            break
        time.sleep(0.01)
    assert ended(sibling[0])

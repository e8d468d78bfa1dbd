"""The charts one build needs: from the cache, else drawn in this process, once each.

Only the drawn forms the build's outputs read are drawn (BuildPlan.forms: the
SVG for the handout, the PNG for picture slides, nothing for native charts or
the web page), and all of them before any output is planned or emitted: an
output reads finished ChartArt values and never calls back here. A build whose
charts are all cached never imports matplotlib. This stage calls the cache
(infra/cache.py: read an entry, take a turn on it, store one); the cache calls
nothing back.

With `jobs` above one (`notedeck build -j N`) the charts the cache lacks are
drawn at once in up to N processes (concurrent.futures, started the same way
on every system), each storing its drawing in the cache; the build's own
files are the same bytes either way.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from notedeck.deck import ChartArt, ChartSpec
from notedeck.infra.cache import FORMS, ChartCache, holds, joined


def art(specs: Sequence[ChartSpec], forms=FORMS, cache: bool = True, jobs: int | None = None,
        folder: Path | None = None) -> dict[str, ChartArt]:
    """Every chart of `specs` by name, drawn now in `forms` (a form not asked for is empty
    bytes): taken from the cache, else drawn here or in up to `jobs` processes."""
    names = [spec.name for spec in specs]
    for name in names:
        if names.count(name) > 1:
            raise ValueError(f"two charts are named {name!r}; chart names must be unique")
    forms = tuple(form for form in FORMS if form in forms)
    store = ChartCache(folder, enabled=cache)
    found = {spec.name: store.get(spec, forms) if forms else None for spec in specs}
    missing = [spec for spec in specs if forms and found[spec.name] is None]
    if (jobs or 1) > 1 and len(missing) > 1:
        drawn_there = _in_processes(missing, forms, store, jobs)
        found.update(zip((spec.name for spec in missing), drawn_there))
    else:
        found.update((spec.name, drawn(store, spec, forms)) for spec in missing)
    return {spec.name: _sized(spec, found[spec.name]) for spec in specs}


def drawn(store: ChartCache, spec: ChartSpec, forms, draw=None) -> ChartArt:
    """The chart in `forms`: the cache's entry, else drawn now (`draw(spec, forms)`, the
    chart drawing's own by default) in the forms the entry lacks and stored with those it
    held. Processes that need one chart at once take turns on it, so the second finds the
    first one's drawing."""
    if draw is None:
        from notedeck.render.charts.draw import draw
    with store.turn(spec) as held:
        missing = tuple(form for form in FORMS if form in forms and not holds(held, (form,)))
        if held is not None and not missing:
            return held
        made = joined(held, draw(spec, missing))
        store.put(spec, made)
        return made


def _in_processes(specs: list, forms: tuple, store: ChartCache, jobs: int) -> list:
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    folder, enabled = store.folder.parent, store.enabled
    context = multiprocessing.get_context("spawn")     # the one start method on every OS
    with ProcessPoolExecutor(min(jobs, len(specs)), mp_context=context) as pool:
        return list(pool.map(_draw, specs, [forms] * len(specs), [folder] * len(specs),
                             [enabled] * len(specs)))


def _draw(spec, forms, folder: Path, enabled: bool):
    """One chart drawn in a pool's process, kept in the cache for the build and the next."""
    return drawn(ChartCache(folder, enabled=enabled), spec, forms)


def _sized(spec: ChartSpec, made: ChartArt | None) -> ChartArt:
    """The chart's drawn forms at the size its spec gives (known before any drawing)."""
    from notedeck.theme import chart_size

    width, height = chart_size(spec)
    return ChartArt(spec.name, made.png if made else b"", made.svg if made else b"",
                    width, height)

"""The charts one build needs: from the cache, else drawn in this process, once each.

Only the drawn forms the build's outputs read are drawn (BuildPlan.forms: the
SVG for the handout, the PNG for picture slides, nothing for native charts or
the web page), and all of them before any output is planned or emitted: an
output reads finished ChartArt values and never calls back here. A build whose
charts are all cached never imports matplotlib.

With `jobs` above one (`notedeck build -j N`) the charts the cache lacks are
drawn at once in up to N processes (concurrent.futures, started the same way
on every system), each storing its drawing in the cache; the build's own
files are the same bytes either way.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from notedeck.deck import ChartArt, ChartSpec
from notedeck.infra.cache import FORMS, ChartCache


class Charts:
    """`art(specs, forms)` gives every chart by name, drawn: from the cache, else drawn now."""

    def __init__(self, cache: bool = True, jobs: int | None = None, folder: Path | None = None):
        self.cache = ChartCache(folder, enabled=cache)
        self.jobs = jobs or 1

    def art(self, specs: Sequence[ChartSpec], forms=FORMS) -> dict[str, ChartArt]:
        """Every chart of `specs` by name, drawn now in `forms` (a form not asked for is
        empty bytes): taken from the cache, else drawn here or in up to `jobs` processes."""
        names = [spec.name for spec in specs]
        for name in names:
            if names.count(name) > 1:
                raise ValueError(f"two charts are named {name!r}; chart names must be unique")
        forms = tuple(form for form in FORMS if form in forms)
        found = {spec.name: self.cache.get(spec, forms) if forms else None for spec in specs}
        missing = [spec for spec in specs if forms and found[spec.name] is None]
        if self.jobs > 1 and len(missing) > 1:
            found.update(zip((spec.name for spec in missing), self._in_processes(missing, forms)))
        else:
            found.update((spec.name, self.draw(spec, forms)) for spec in missing)
        return {spec.name: _sized(spec, found[spec.name]) for spec in specs}

    def draw(self, spec, forms):
        from notedeck.render.charts import draw as charts

        return self.cache.draw_once(spec, charts.draw, forms)

    def _in_processes(self, specs: list, forms: tuple) -> list:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        folder, enabled = self.cache.folder.parent, self.cache.enabled
        context = multiprocessing.get_context("spawn")     # the one start method on every OS
        with ProcessPoolExecutor(min(self.jobs, len(specs)), mp_context=context) as pool:
            return list(pool.map(_draw, specs, [forms] * len(specs), [folder] * len(specs),
                                 [enabled] * len(specs)))


def _draw(spec, forms, folder: Path, enabled: bool):
    """One chart drawn in a pool's process, kept in the cache for the build and the next."""
    from notedeck.render.charts import draw as charts

    return ChartCache(folder, enabled=enabled).draw_once(spec, charts.draw, forms)


def _sized(spec: ChartSpec, drawn: ChartArt | None) -> ChartArt:
    """The chart's drawn forms at the size its spec gives (known before any drawing)."""
    from notedeck.theme import chart_size

    width, height = chart_size(spec)
    return ChartArt(spec.name, drawn.png if drawn else b"", drawn.svg if drawn else b"",
                    width, height)

"""The charts one build needs: from the cache, else drawn in this process, once each.

Only the drawn forms the build's outputs read are drawn (BuildPlan.forms: the
SVG for the handout, the PNG for picture slides, nothing for native charts or
the web page). A chart is drawn when an output first reads one of its forms,
so a build whose charts are all cached never imports matplotlib. A form read
without having been declared is drawn then too: outputs never depend on the
declaration, only their speed does.

With `jobs` above one (`notedeck build -j N`) the charts the cache lacks are
drawn at once in up to N processes (concurrent.futures, started the same way
on every system), each storing its drawing in the cache; the build's own
files are the same bytes either way.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from notedeck.infra.cache import FORMS, ChartCache, holds


class Charts:
    """`art(specs, forms)` gives every chart by name: cached, drawn ahead, or drawn when read."""

    def __init__(self, cache: bool = True, jobs: int | None = None, folder: Path | None = None):
        self.cache = ChartCache(folder, enabled=cache)
        self.jobs = jobs or 1

    def art(self, specs: Sequence, forms=FORMS) -> Mapping:
        """Every chart of `specs` by name, holding `forms` (or drawing them when read)."""
        names = [spec.name for spec in specs]
        for name in names:
            if names.count(name) > 1:
                raise ValueError(f"two charts are named {name!r}; chart names must be unique")
        forms = tuple(form for form in FORMS if form in forms)
        found = {spec.name: self.cache.get(spec, forms) if forms else None for spec in specs}
        missing = [spec for spec in specs if forms and found[spec.name] is None]
        if self.jobs > 1 and len(missing) > 1:
            found.update(zip((spec.name for spec in missing), self._in_processes(missing, forms)))
        return {spec.name: _Art(spec, self, forms, found[spec.name]) for spec in specs}

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


class _Art:
    """A chart's name and size now; its PNG and SVG as drawn (found, or drawn when read)."""

    def __init__(self, spec, owner: Charts, forms: tuple, art=None):
        from notedeck.theme import chart_size

        self._spec, self._owner, self._forms, self._art = spec, owner, forms, art
        self.name = spec.name
        self.width_in, self.height_in = chart_size(spec)

    def _form(self, form: str) -> bytes:
        if not holds(self._art, (form,)):
            self._art = self._owner.draw(self._spec, (*self._forms, form))
        return getattr(self._art, form)

    @property
    def png(self) -> bytes:
        return self._form("png")

    @property
    def svg(self) -> bytes:
        return self._form("svg")

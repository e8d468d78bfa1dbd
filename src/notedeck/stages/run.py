"""notedeck build: prepare the Deck, lay out and plan every output, write each, publish the set."""

from __future__ import annotations

import shutil
import time
from dataclasses import dataclass
from pathlib import Path

from notedeck.errors import Problem
from notedeck.infra.writing import sweep
from notedeck.infra.records import Record, Written
from notedeck.options import Options


@dataclass(frozen=True)
class BuildResult:
    files: tuple[Written, ...]
    seconds: float
    warnings: tuple[Problem, ...]
    kept: bool = False        # nothing changed since the last build: the files were left alone
    aside: tuple[tuple[Path, Path], ...] = ()   # the user's files --force moved: (was, now)
    removed: tuple[Path, ...] = ()   # the last build's outputs this one was not asked for

    @property
    def paths(self) -> tuple[Path, ...]:
        return tuple(written.path for written in self.files)


def build(options: Options, on_planned=None, session=None) -> BuildResult:
    """Write every output of the note's BuildPlan into options.out, in this process; nothing
    there changes unless all succeed. `on_planned(prepared, art, planned)`, if given, sees
    the laid-out slides before the files are written (serve's preview shows them first).
    A `session` (stages/reuse.py: watch and serve keep one) gives what earlier builds made
    from the same content.

    The options are settled once (stages/settled.py); each step then reads the plain values
    it needs. With the cache, a build whose inputs, options and notedeck match the last
    build into the folder, whose files are untouched, does nothing (records.py), and charts
    come from the chart cache (cache.py). Outputs are the same bytes either way.
    """
    from notedeck.stages.settled import settle

    started = time.perf_counter()
    settled = settle(options)
    record = Record(settled.content, settled.out, settled.shaping, enabled=settled.cache)
    kept = record.kept()
    if kept is not None:
        sweep(settled.out)
        return BuildResult(kept.files, time.perf_counter() - started, kept.warnings, kept=True)
    from notedeck.stages import charts, reuse   # imported past the records: a kept build needs none
    from notedeck.stages.stages import plan_all, prepare
    from notedeck.infra.outfolder import preflight
    from notedeck.infra.writing import output_folder

    with reuse.using(session):
        prepared = prepare(settled.options)
    with output_folder(settled.out) as folder:
        preflight(folder, prepared.plan.filenames(), settled.force, prepared.deck.meta.note)
        art = charts.art(prepared.deck.charts, prepared.plan.forms, settled.cache, settled.jobs)
        with reuse.using(session):
            planned = plan_all(prepared, art)
        if on_planned is not None:
            on_planned(prepared, art, planned)
        files, published = _published(planned, prepared, folder, settled.force, session)
    warnings = (*prepared.warnings, *planned.warnings)
    record.record(files, warnings)
    return BuildResult(files, time.perf_counter() - started, (*settled.notices, *warnings),
                       aside=published.aside, removed=published.removed)


def _published(planned, prepared, folder: Path, force: bool, session):
    """emit -> publish: each output written into a staging folder inside OUT, then the set
    published into OUT (infra/publish.py); the files as written, and what publishing did."""
    from notedeck.stages import reuse
    from notedeck.infra.publish import publish
    from notedeck.infra.writing import staging

    stage = staging(folder)
    try:
        with reuse.using(session):
            written = [(renderer, *renderer.write(plan, stage))
                       for renderer, plan in planned.plans]
        published = publish(stage, prepared.plan.filenames(), folder, prepared.stamp.build, force,
                            prepared.deck.meta.note)
    finally:
        shutil.rmtree(stage, ignore_errors=True)
    files = tuple(Written(path, count, renderer.unit)
                  for path, (renderer, _, count) in zip(published.paths, written))
    return files, published


def laid_out(options: Options, on_planned, session=None) -> None:
    """What a build plans, handed to `on_planned(prepared, art, planned)`, writing nothing:
    serve's preview of a build the records kept."""
    from notedeck.stages import charts, reuse
    from notedeck.stages.settled import settle
    from notedeck.stages.stages import plan_all, prepare

    settled = settle(options)                  # the cache only where it is safe, as build
    with reuse.using(session):
        prepared = prepare(settled.options)
        art = charts.art(prepared.deck.charts, prepared.plan.forms, settled.cache, settled.jobs)
        on_planned(prepared, art, plan_all(prepared, art))

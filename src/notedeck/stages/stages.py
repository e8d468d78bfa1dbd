"""The stages up to plan, shared by build and check: read, settle, compute, fill, compose, lay out,
plan."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from notedeck.stages.buildplan import BuildPlan, settle
from notedeck.stages.template import Assets
from notedeck.deck import Beside, ChartArt, Clock, Deck, Stamp
from notedeck.errors import NotedeckError, Problem
from notedeck.options import Options
from notedeck.render.contract import BACKGROUNDS, LAYOUT, Plan, Renderer

if TYPE_CHECKING:           # loaded when a stage runs, not when a command starts
    from notedeck.layout.slide_layout import SlideLayout
    from notedeck.figures.shown import Names
    from notedeck.stages.fill import FilledNote


@dataclass(frozen=True)
class Prepared:
    """A variant ready to lay out and plan: its Deck, the warnings met on the way, its
    template, and the BuildPlan it was composed for."""

    source: FilledNote     # the note read, its figures computed, its prose filled
    deck: Deck             # final: never replaced after compose
    stamp: Stamp           # the build's id, audience and figures, beside the Deck
    warnings: tuple[Problem, ...]
    assets: Assets
    plan: BuildPlan


@dataclass(frozen=True)
class Planned:
    """Every output of a BuildPlan planned, with the slide layout they share and the warnings
    of the layout and the planners."""

    plans: tuple[tuple[Renderer, Plan], ...]
    layout: SlideLayout | None     # None where no output shows slides
    warnings: tuple[Problem, ...]


def read_note(options: Options, sections_needed: bool = True):
    """read: the note's files, checked and validated (stages.read.NoteRead)."""
    from notedeck.stages.read import read

    return read(options.content, options.audience, options.scenarios_file, sections_needed)


def fill_note(note):
    """compute -> fill: the note's figures computed and its prose filled."""
    from notedeck.stages import reuse
    from notedeck.stages.fill import fill
    from notedeck.figures.formatting import Formatter

    return fill(note, reuse.figures(note.model, note.inputs),
                Formatter(note.locale, note.labels, note.note.durations.style()))


def figure_names(options: Options) -> Names:
    """read (no section needed) -> compute: every figure's name and text, for a model
    written before its sections."""
    from notedeck.stages.fill import figure_names as names
    from notedeck.figures.formatting import Formatter

    note = read_note(options, sections_needed=False)
    return names(note, note.model.evaluate(note.inputs),
                 Formatter(note.locale, note.labels, note.note.durations.style()))


def filled_note(options: Options):
    """read -> compute -> fill: the note with its figures computed and its prose filled."""
    return fill_note(read_note(options))


def prepare(options: Options, template=None) -> Prepared:
    """The stages up to compose: the note read, the BuildPlan settled from the options and
    note.yaml, the note filled, then the Deck the plan asks for. The template is read here
    unless `template` (a TemplatePackage read already) is given."""
    from notedeck.stages.buildid import stamp
    from notedeck.stages.compose import compose
    from notedeck.stages.template import accepted
    from notedeck.figures.listing import flatten

    template, mapping, plan, source = _filled(options, template)
    deck, composed = compose(source, live=plan.live)
    assets = Assets(template.data, template.name, mapping.pins, mapping.file)
    stamped = stamp(deck, flatten(source.names),
                    (template.data or b"") + repr(assets.template_map).encode(),
                    options.audience)
    warnings = (*source.warnings, *composed, *accepted(template, mapping).warnings)
    refuse_warnings(plan.strict, warnings)
    return Prepared(source, deck, stamped, tuple(warnings), assets, plan)


def _filled(options: Options, template=None):
    """read -> settle -> compute -> fill, with the template and its template.yaml: every
    problem at once (a bad template is reported beside the note's errors)."""
    from notedeck.stages.template import read_template, read_template_map
    from notedeck.errors import Collector

    found = Collector()
    mapping = note = plan = source = None
    with found.gather():
        template = template or read_template(options.content)
    with found.gather():
        mapping = read_template_map(options.content)
    with found.gather():
        note = read_note(options)
    if note is not None:
        with found.gather():
            plan = settle(options, note)
        with found.gather():
            source = fill_note(note)
    if found.problems:
        raise NotedeckError(found.problems)
    return template, mapping, plan, source


def refuse_warnings(strict: bool, warnings) -> None:
    """With --strict, warnings (a template's unreadable colours, say) refuse the build."""
    if strict and warnings:
        raise NotedeckError([Problem(w.where, w.message) for w in warnings])


def plan_all(prepared: Prepared, art: Mapping[str, ChartArt]) -> Planned:
    """The slides laid out once (if any output shows them), the guide's clock written for
    them, then every output planned; what the layout and any planner refuse, all at once."""
    from notedeck.errors import Collector

    found, plan = Collector(), prepared.plan
    layout = clock = None
    if LAYOUT in plan.needs:
        with found.gather():
            layout = slide_layout(prepared)
    if plan.clock and layout is not None:
        with found.gather():
            clock = guide_clock(prepared, layout)
    plans = _plans(prepared, art, layout, clock, found)
    found.raise_if_any()
    warnings = (*(layout.warnings if layout is not None else ()),
                *_drift(prepared, layout, plan),
                *(w for _, planned in plans for w in getattr(planned, "warnings", ())))
    refuse_warnings(plan.strict, warnings)
    return Planned(tuple(plans), layout, warnings)


def _plans(prepared: Prepared, art, layout, clock, found) -> list[tuple[Renderer, Plan]]:
    """Each output planned, beside the stamp it carries; what a planner refuses is kept in
    `found`."""
    from notedeck.stages.shown import for_output

    plans = []
    for renderer, settings in zip(prepared.plan.renderers, prepared.plan.settings):
        if LAYOUT in renderer.needs and layout is None:
            continue                        # refused above, with the layout's problems
        beside = Beside(for_output(prepared.deck, prepared.stamp, renderer), clock)
        planned = None
        with found.gather():
            planned = renderer.plan(prepared.deck, beside, layout, art, settings)
        plans.append((renderer, planned))
    return plans


def _drift(prepared: Prepared, layout, plan: BuildPlan) -> list[Problem]:
    """The guide's run sheet: sections it cannot give their planned minutes."""
    from notedeck.figures.clock import drift_warnings

    if not plan.clock or layout is None:
        return []
    return drift_warnings(prepared.deck, [slide.source for slide in layout.slides],
                          prepared.source.fmt)


def slide_layout(prepared: Prepared):
    """The layout stage: the Deck's slides laid out on the note's template, once for every
    output that shows them."""
    from notedeck.layout.slide_layout import lay_out
    from notedeck.stages import reuse

    assets, sizes = prepared.assets, chart_sizes(prepared.deck)
    return lay_out(prepared.deck, sizes, assets.template,
                   assets.template_name, assets.template_map, assets.template_map_name,
                   backgrounds=BACKGROUNDS in prepared.plan.needs, build=prepared.stamp.build,
                   kept=reuse.shelf("layout"))


def guide_clock(prepared: Prepared, layout) -> Clock:
    """The guide's clock, written for the laid-out slides from --start."""
    from notedeck.figures.clock import clock

    return clock(prepared.deck, [slide.source for slide in layout.slides], prepared.plan.start,
                 prepared.source.fmt)


def chart_sizes(deck: Deck) -> dict[str, tuple[float, float]]:
    """Each chart's drawn size in inches, known before it is drawn."""
    from notedeck.theme import chart_size

    return {spec.name: chart_size(spec) for spec in deck.charts}


def sized_art(deck: Deck) -> dict[str, ChartArt]:
    """Charts by name with their sizes and no pixels: enough to plan, as check does."""
    return {name: ChartArt(name, b"", b"", *size) for name, size in chart_sizes(deck).items()}

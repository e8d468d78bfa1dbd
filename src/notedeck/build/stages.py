"""The stages up to plan, shared by build and check: read, compute, fill, compose, plan."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from notedeck.errors import NotedeckError, Problem
from notedeck.deck import ChartArt, Deck
from notedeck.options import Options
from notedeck.render.contract import Assets, Renderer


@dataclass(frozen=True)
class Prepared:
    """A variant ready to plan: its Deck, the warnings met on the way, its assets."""

    source: Any            # read.Source: the note read, its figures computed and prose filled
    deck: Deck
    warnings: tuple[Problem, ...]
    assets: Assets


def filled_note(options: Options):
    """read -> compute -> fill: the note with its figures computed and its prose filled."""
    from notedeck.figures.formatting import Formatter
    from notedeck.build.fill import fill
    from notedeck.build.read import read

    note = read(options.content, options.audience, options.scenarios_file)
    return fill(note, note.model.evaluate(note.inputs), Formatter(note.locale, note.labels))


def prepare(options: Options, template=None) -> Prepared:
    """The stages up to compose: the filled note, then the Deck and the note's assets. The
    template is read here unless `template` (a TemplatePackage read already) is given."""
    from notedeck.build.compose import compose
    from notedeck.errors import Collector
    from notedeck.build.template import read_template, read_template_map

    from notedeck.figures.listing import flatten
    from notedeck.build.buildid import stamp

    found = Collector()                     # a bad template is reported beside the note's errors
    template = template or found.run(read_template, options.content)
    mapping = found.run(read_template_map, options.content)
    source = found.run(filled_note, options)
    if found.problems:
        raise NotedeckError(found.problems)
    deck, composed = compose(source, live="web" in options.outputs)
    assets = Assets(template.data, template.name, *mapping, numbers=source.fmt)
    deck = stamp(deck, flatten(source.names),
                 (template.data or b"") + repr(assets.template_map).encode(), options.audience)
    warnings = (*source.warnings, *composed, *template.warnings)
    refuse_warnings(options, warnings)
    return Prepared(source, deck, tuple(warnings), assets)


def refuse_warnings(options: Options, warnings) -> None:
    """With --strict, warnings (a template's unreadable colours, say) refuse the build."""
    if options.strict and warnings:
        raise NotedeckError([Problem(w.where, w.message) for w in warnings])


def template_first(options: Options, refused=lambda: None):
    """The note's template, read before anything costly runs. If it is refused, `refused()`
    is called (to stop the chart helper), then prepare reports why beside the note's own
    problems."""
    from notedeck.build.template import read_template

    try:
        return read_template(options.content)
    except NotedeckError:
        refused()
        prepare(options)
        raise


def renderers(options: Options, listed: tuple[str, ...] = ()) -> tuple[Renderer, ...]:
    """The outputs chosen with --with (and the defaults), then those note.yaml lists."""
    from notedeck.render import registry

    return tuple(registry.get(name) for name in dict.fromkeys((*options.outputs, *listed)))


def listed_outputs(source) -> tuple[str, ...]:
    """note.yaml's `outputs`, each checked against the registry."""
    from notedeck.errors import fail
    from notedeck.readers.layout import NoteLayout
    from notedeck.render import registry

    for name in source.note.outputs:
        if name not in registry.names():
            path = NoteLayout(source.content).note
            lines = path.read_text(encoding="utf-8").split("\n")
            line = next((n for n, text in enumerate(lines, 1) if text.startswith("outputs:")),
                        None)
            raise fail(path, f"unknown output {name!r}; expected one of: "
                       + ", ".join(registry.names()), line=line, key="outputs")
    return tuple(source.note.outputs)


def art_forms(options: Options) -> frozenset:
    """The drawn forms of the charts (PNG, SVG) that the chosen outputs read."""
    return frozenset().union(*(renderer.forms(options) for renderer in renderers(options)))


def plan_all(prepared: Prepared, art: Mapping[str, ChartArt],
             options: Options) -> list[tuple[Renderer, object]]:
    """Every chosen output planned; what any planner refuses, all at once."""
    from notedeck.errors import Collector

    found, plans, plan_one = Collector(), [], planner(prepared, art, options)
    for renderer in renderers(options, listed_outputs(prepared.source)):
        plans.append((renderer, found.run(plan_one, renderer)))
    found.raise_if_any()
    refuse_warnings(options, plan_warnings(plans))
    return plans


def planner(prepared: Prepared, art: Mapping[str, ChartArt], options: Options):
    """`plan_one(renderer)`: the renderer's plan of the prepared note, with its settings."""
    return lambda renderer: renderer.plan(prepared.deck, art, renderer.settings(options),
                                          prepared.assets)


def plan_warnings(plans) -> tuple[Problem, ...]:
    """Warnings a planner found (a template's unreadable colours, say), carried in its plan."""
    return tuple(w for _, plan in plans for w in getattr(plan, "warnings", ()))


def sized_art(deck: Deck) -> dict[str, ChartArt]:
    """Charts by name with their sizes and no pixels: enough to plan, as check does."""
    from notedeck.theme import chart_size

    return {spec.name: ChartArt(spec.name, b"", b"", *chart_size(spec)) for spec in deck.charts}

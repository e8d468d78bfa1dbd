"""`notedeck template show | check | export`, and the template's part of `notedeck check`.

`check` plans the note (and each audience) on the template, so every box too
small for the note's own texts is named with the other faults, in one run.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from notedeck.errors import NotedeckError, Problem, fail
from notedeck.options import Options
from notedeck.render.contract import Assets


def template_problems(assets: Assets, decks) -> list[Problem]:
    """Every fault of a template: its own, then each text of each deck that cannot fit it,
    once per placeholder. `decks` are (audience or "", Deck)."""
    from notedeck.layout import package
    from notedeck.layout.plan import plan, warnings
    from notedeck.render.pptx.charts import plan_chart

    resolved, problems = package.inspect(assets.template, assets.template_name,
                                         assets.template_map, assets.template_map_name)
    found = list(problems)
    from notedeck.layout.roles import ROLES

    if resolved is None or set(resolved.roles) != set(ROLES):
        return found                  # a role without a layout: its slides cannot be planned
    from notedeck.layout import audit

    found.extend(audit.contrast(resolved))
    fits: dict[str, tuple[Problem, list[tuple[str, str]]]] = {}
    for name, deck in decks:
        try:
            found_here = warnings(plan(deck, chart_sizes(deck), resolved, native=plan_chart))
        except NotedeckError as exc:
            found_here = exc.problems
        for problem in found_here:
            match = _SLIDE.match(problem.message)
            key = problem.message[match.end():] if match else problem.message
            slide = match.group(1) if match else ""
            fits.setdefault(key, (problem, []))[1].append((name, slide))
    for key, (problem, where) in fits.items():
        found.append(_grouped(problem, key, where))
    return found


_SLIDE = re.compile(r"^slide (\d+) '.*?': ")


def _grouped(problem: Problem, message: str, where: list[tuple[str, str]]) -> Problem:
    """One problem for a text that does not fit, naming every slide of every variant where
    it happens: the fault is the template's box, not each slide's."""
    by_variant: dict[str, list[str]] = {}
    for name, slide in where:
        by_variant.setdefault(name or "the note", []).append(slide)
    places = "; ".join(f"slide{'s' if len(s) > 1 else ''} {', '.join(s)} of {name}"
                       for name, s in by_variant.items())
    return Problem(problem.where, f"{message} ({places})", problem.severity)


def chart_sizes(deck) -> dict[str, tuple[float, float]]:
    """The size each chart is drawn at, without drawing it."""
    from notedeck.theme import chart_size

    return {spec.name: chart_size(spec) for spec in deck.charts}


def decks(content: Path) -> list:
    """(audience or "", Deck) of the note and of each audience that composes (their own
    errors are reported by `notedeck check` itself)."""
    from notedeck.build.compose import compose
    from notedeck.build.stages import filled_note
    from notedeck.readers import audiences

    out = []
    for slug in [None, *audiences.names(content)]:
        try:
            out.append((slug or "", compose(filled_note(Options(content, audience=slug)))[0]))
        except NotedeckError:
            continue
    return out


def with_file(content: Path, file: Path, map_file: Path | None = None) -> Assets:
    """The note's template assets, with FILE (read as untrusted, as a build reads a note's
    template) in place of its own template."""
    from notedeck.readers import templatemap, yamlfile
    from notedeck.readers.layout import NoteLayout
    from notedeck.readers.template import read_template_file

    data = read_template_file(file).data
    map_path = map_file or NoteLayout(content).template_map
    pins = ()
    if map_path.exists():
        pins = templatemap.read(map_path if map_file else yamlfile.inside(content, map_path)).pins
    return Assets(data, str(file), pins, str(map_path))


def show(assets: Assets) -> list[str]:
    """What `template show` prints: masters, layouts, placeholders, roles, fonts, colours."""
    from notedeck.reports import describe
    from notedeck.layout import package

    resolved, problems = package.inspect(assets.template, assets.template_name,
                                         assets.template_map, assets.template_map_name)
    return describe.lines(resolved, problems)


def check(assets: Assets, content: Path) -> list[Problem]:
    return template_problems(assets, decks(content))


def export(folder: Path, force: bool = False) -> Path:
    """The default template, written to FOLDER/template.pptx for restyling."""
    from notedeck.layout.package import DEFAULT_TEMPLATE

    if folder.exists() and not folder.is_dir():
        raise fail(folder, "expected a folder to write template.pptx into, found a file")
    target = folder / "template.pptx"
    if target.exists() and not force:
        raise fail(target, "the file exists; pass --force to replace it")
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(DEFAULT_TEMPLATE, target)
    return target

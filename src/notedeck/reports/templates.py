"""`notedeck template show | check | export`, and the template's part of `notedeck check`.

`check` plans the note (and each audience) on the template, so every box too
small for the note's own texts is named with the other faults, in one run.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from notedeck.errors import NotedeckError, Problem, fail
from notedeck.options import Options
from notedeck.stages.template import Assets


def template_problems(assets: Assets, decks) -> list[Problem]:
    """Every fault of a template: its own, then each text of each deck that cannot fit it,
    once per placeholder. `decks` are (audience or "", Deck)."""
    from notedeck.template import package
    from notedeck.stages.stages import chart_sizes
    from notedeck.layout.plan import plan, warnings

    resolved, problems = package.inspect(assets.template, assets.template_name,
                                         assets.template_map, assets.template_map_name)
    found = list(problems)
    from notedeck.template.roles import ROLES

    if resolved is None or set(resolved.roles) != set(ROLES):
        return found                  # a role without a layout: its slides cannot be planned
    from notedeck.template import audit

    found.extend(audit.contrast(resolved))
    fits: dict[str, tuple[Problem, list[tuple[str, str]]]] = {}
    for name, deck in decks:
        try:
            found_here = warnings(plan(deck, chart_sizes(deck), resolved))
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


def decks(content: Path) -> list:
    """(audience or "", Deck) of the note and of each audience that composes (their own
    errors are reported by `notedeck check` itself)."""
    from notedeck.stages.compose import compose
    from notedeck.stages.stages import filled_note
    from notedeck.readers import audiences

    out = []
    for slug in [None, *audiences.listed(content)[0]]:
        try:
            out.append((slug or "", compose(filled_note(Options(content, audience=slug)))[0]))
        except NotedeckError:
            continue
    return out


def with_file(content: Path, file: Path, map_file: Path | None = None
              ) -> tuple[Assets, tuple[Problem, ...]]:
    """The note's template assets, with FILE (read as untrusted, as a build reads a note's
    template) in place of its own template, and the roles pinned by `map_file`, else by the
    template.yaml beside FILE, else by the note's; and what reading it warned of, as a build
    would (macros, outside links, embedded objects left out), but for what that
    template.yaml's `left_out:` accepts."""
    from notedeck.readers import templatemap, yamlfile
    from notedeck.readers.layout import NoteLayout, TEMPLATE_MAP
    from notedeck.readers.template import read_template_file

    package = read_template_file(file)
    beside = Path(file).parent / TEMPLATE_MAP
    map_path = map_file or (beside if beside.is_file() else NoteLayout(content).template_map)
    pins, accepted = (), ()
    if map_path.exists():
        own = not map_file and map_path == NoteLayout(content).template_map
        found = templatemap.read(yamlfile.inside(content, map_path) if own else map_path)
        pins, accepted = found.pins, found.left_out
    package = package.accepting(accepted) if accepted else package
    return Assets(package.data, str(file), pins, str(map_path)), package.warnings


def show(assets: Assets, warnings: tuple[Problem, ...] = ()) -> list[str]:
    """What `template show` prints: masters, layouts, placeholders, roles, fonts, colours,
    and every problem, build's warnings among them."""
    from notedeck.reports import describe
    from notedeck.template import package

    resolved, problems = package.inspect(assets.template, assets.template_name,
                                         assets.template_map, assets.template_map_name)
    return describe.lines(resolved, [*warnings, *problems])


def check(assets: Assets, content: Path, warnings: tuple[Problem, ...] = ()) -> list[Problem]:
    """What build would warn of in the file, then every fault of it as the note's template."""
    return [*warnings, *template_problems(assets, decks(content))]


def export(folder: Path, force: bool = False) -> tuple[Path, Path | None]:
    """The default template, written to FOLDER/template.pptx for restyling: (where, and where
    a file that was in the way was moved with --force, or None). Never through a link at
    FOLDER/template.pptx, never over a file without --force, and even then the file is moved
    aside (template.old.pptx), not lost."""
    from notedeck.template.package import DEFAULT_TEMPLATE

    target = folder / "template.pptx"
    _refuse_in_the_way(folder, target, force)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        made = _written_beside(target, DEFAULT_TEMPLATE.read_bytes())
        try:
            aside = _moved_aside(target) if os.path.lexists(target) else None
            os.replace(made, target)           # the name itself: a link there is never followed
        finally:
            if os.path.lexists(made):
                os.unlink(made)
    except OSError as exc:
        raise fail(target, f"cannot write the template here: {exc.strerror or exc}") from None
    return target, aside


def _refuse_in_the_way(folder: Path, target: Path, force: bool) -> None:
    if os.path.lexists(folder) and not folder.is_dir():
        raise fail(folder, "expected a folder to write template.pptx into, found a file")
    if os.path.islink(target):
        raise fail(target, f"a link is in the way (it leads to {os.readlink(target)}); notedeck "
                           "writes the template only as a file of its own, never through a "
                           "link. Remove the link or choose another folder")
    if target.is_dir():
        raise fail(target, "a folder named template.pptx is in the way; move it away or "
                           "choose another folder")
    if os.path.lexists(target) and not target.is_file():
        raise fail(target, "a device, pipe or socket is in the way; choose another folder")
    if os.path.lexists(target) and not force:
        raise fail(target, "the file exists; pass --force to write a new one (the old one is "
                           "then kept as template.old.pptx beside it)")


def _written_beside(target: Path, data: bytes) -> Path:
    """`data` in a new file of our own beside `target` (created, never opened through a link),
    readable as any file the user makes (the umask's mode, not a temporary file's 0600)."""
    import secrets

    name = target.parent / f".template-{os.getpid()}-{secrets.token_hex(6)}.tmp"
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | \
        getattr(os, "O_BINARY", 0)
    handle = os.open(name, flags, 0o666)
    with os.fdopen(handle, "wb") as file:
        file.write(data)
        file.flush()
        os.fsync(file.fileno())
    return Path(name)


def _moved_aside(target: Path) -> Path:
    """The file at `target` renamed to the first free template.old[N].pptx beside it."""
    for number in range(1, 1000):
        aside = target.with_name(f"template.old{number if number > 1 else ''}.pptx")
        if not os.path.lexists(aside):
            os.rename(target, aside)
            return aside
    raise fail(target, "template.old.pptx to template.old999.pptx all exist; tidy the folder")

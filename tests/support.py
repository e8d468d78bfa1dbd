"""Short ways for tests to run the pipeline's entry points with Options made from keywords."""

from __future__ import annotations

import hashlib
import os
import queue
import sys
import threading
from pathlib import Path

from notedeck.options import DEFAULT_OUTPUTS, Options
from notedeck.stages import run as build_run
from notedeck.stages import check
from notedeck.render import registry
from notedeck.figures.formatting import Formatter
from notedeck.render.contract import CLOCK, LAYOUT
from notedeck.deck import Beside, Stamp

BUNDLED = Path(__file__).resolve().parents[1] / "src" / "notedeck" / "notes" / "million-tokens"
# Small notes, one per behaviour the tests check (tests/notes/README.md)
NOTES = Path(__file__).resolve().parent / "notes"
# Seconds the tests of watch and serve wait for one step before they give up: a deadline for
# a hung watcher on a busy shared machine, never a measure of speed.
WAIT = 300


def options(content, out="output", audience=None, scenarios_file=None, paper="a4",
            strict=False, cache=True, jobs=None, outputs=DEFAULT_OUTPUTS, charts="native",
            start="09:00", force=False):
    return Options(Path(content), Path(out), audience,
                   Path(scenarios_file) if scenarios_file else None, paper, strict, cache,
                   jobs, tuple(outputs), start=start, charts=charts, force=force)


def build(content, out, audience=None, **rest):
    """build.run.build for the note in `content`, into `out`."""
    return build_run.build(options(content, out, audience, **rest))


def check_note(content, **rest):
    return check.check_note(options(content, **rest))


def render(name: str, deck, art, out: Path, template: Path | None = None, stamp=Stamp(),
           **settings) -> Path:
    """One renderer's plan and emit, as the build runs them, straight from a Deck (and the
    stamp beside it): laid out (and timed, for the guide) first where the renderer needs it."""
    renderer = registry.get(name)
    chosen = options(".", **settings)
    layout = laid_out(deck, template, stamp.build) if LAYOUT in renderer.needs else None
    clock = timed(deck, layout, chosen.start) if CLOCK in renderer.needs else None
    plan = renderer.plan(deck, Beside(stamp, clock), layout, art, renderer.settings(chosen))
    Path(out).parent.mkdir(parents=True, exist_ok=True)
    renderer.emit(plan, Path(out))
    return Path(out)


def laid_out(deck, template: Path | None = None, build: str = ""):
    """The layout stage for `deck` on `template` (None: the default), backgrounds read."""
    from notedeck.stages.stages import chart_sizes
    from notedeck.layout.slide_layout import lay_out

    data = Path(template).read_bytes() if template else None
    return lay_out(deck, chart_sizes(deck), data, str(template) if template else "",
                   backgrounds=True, build=build)


def timed(deck, layout, start: str = "09:00", numbers=None):
    """The guide's clock for `layout`'s slides of `deck`, as the build writes it."""
    from notedeck.figures.clock import clock

    sources = [slide.source for slide in layout.slides]
    return clock(deck, sources, start, numbers or Formatter(deck.meta.lang))


def gather(content, audience=None, scenarios_file=None):
    """The note read, computed and filled (the stages before compose)."""
    from notedeck.stages.stages import filled_note

    return filled_note(options(content, audience=audience, scenarios_file=scenarios_file))


def digests(folder: Path) -> dict[str, str]:
    """deck.pptx and handout.pdf in `folder`, by SHA-256."""
    return {name: hashlib.sha256((folder / name).read_bytes()).hexdigest()
            for name in ("deck.pptx", "handout.pdf")}


def cli_in_process(args: list[str], report_modules: bool = False) -> list[str]:
    """The notedeck CLI in a new Python process; optionally, after it, which heavy
    libraries it imported, printed as a list on the last line."""
    code = ("import sys\nfrom click.testing import CliRunner\nfrom notedeck.commands.cli import main\n"
            f"result = CliRunner().invoke(main, {args!r})\nprint(result.output)\n"
            "sys.exit(result.exit_code) if result.exit_code else None\n")
    if report_modules:
        code += ("print(sorted(m for m in ('matplotlib', 'pptx', 'reportlab', 'svglib', "
                 "'pydantic') if m in sys.modules))\n")
    return [sys.executable, "-c", code]


class Running:
    """A Watcher's rounds, produced in a thread and taken one at a time; `each`, if given,
    sees every round first (serve updates its page there)."""

    def __init__(self, watcher, each=None):
        self.rounds: queue.Queue = queue.Queue()
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, args=(watcher, each), daemon=True)
        self.thread.start()

    def _run(self, watcher, each) -> None:
        try:
            for round_ in watcher.rounds(stop_event=self.stop):
                if each is not None:
                    each(round_)
                self.rounds.put(round_)
        except BaseException as exc:            # surface it in the test, not in a thread
            self.rounds.put(exc)

    def next(self):
        round_ = self.rounds.get(timeout=WAIT)
        if isinstance(round_, BaseException):
            raise round_
        return round_

    def close(self) -> None:
        self.stop.set()
        self.thread.join(timeout=WAIT)
        assert not self.thread.is_alive()


def edit(path: Path, old: str, new: str) -> None:
    """Replace `old` by `new` in one step, as editors save: written beside the file under a name
    no build reads, then renamed over it. A watcher never sees the file empty or half-written,
    which it would rightly take for an edit of its own (a truncated section is an error)."""
    text = path.read_text(encoding="utf-8")
    assert old in text
    draft = path.with_name(f".{path.name}.edit")
    draft.write_text(text.replace(old, new, 1), encoding="utf-8")
    os.replace(draft, path)


def small_note(name: str, folder: Path) -> Path:
    """A private copy of the fixture note tests/notes/`name`, in `folder`/`name`."""
    import shutil

    return Path(shutil.copytree(NOTES / name, Path(folder) / name))


def english_audiences_only(note: Path) -> Path:
    """`note` without its German and French retellings (tests/stages/test_build_locales.py
    builds those), for tests that name the three English audiences."""
    import shutil

    for name in ("equipe-lyon", "team-berlin"):
        (note / "audiences" / f"{name}.yaml").unlink(missing_ok=True)
        shutil.rmtree(note / "audiences" / name, ignore_errors=True)
    return note


"""The one contract every output meets: a pure plan, then a thin emit into one file."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from notedeck.options import Options, Settings

if TYPE_CHECKING:       # kept light: the chart cache reads FORMS on the warm path
    from notedeck.deck import Beside, ChartArt, Deck
    from notedeck.layout.slide_layout import SlideLayout


class Plan(Protocol):
    """A renderer's plan: pure data, opaque to the stages, which hand it to the same
    renderer's emit (a plan may carry `warnings`, the planner's)."""


PlanFn = Callable[["Deck", "Beside", "SlideLayout | None", Mapping[str, "ChartArt"], Settings],
                  Plan]
EmitFn = Callable[[Plan, Path], int]
ArtFn = Callable[[Settings], frozenset]

PNG, SVG = "png", "svg"          # a chart's drawn forms, named as ChartArt's fields
FORMS = (PNG, SVG)

# What an output may need besides the Deck, settled in the BuildPlan before compose:
LAYOUT = "layout"                # the slides laid out (layout/slide_layout.py)
BACKGROUNDS = "backgrounds"      # ... with the template's backgrounds as data, to draw slides
LIVE = "live"                    # the web page's live controls, precomputed (Deck.live)
CLOCK = "clock"                  # the guide's clock, written for the laid-out slides (Beside.clock)
NEEDS = (LAYOUT, BACKGROUNDS, LIVE, CLOCK)


def vectors(settings: Settings) -> frozenset:
    """The SVG only: what print and most outputs read. Pixels cost a third of a chart's
    drawing, so a renderer that reads `png` says so."""
    return frozenset({SVG})


def no_art(settings: Settings) -> frozenset:
    """No drawn form at all: the output draws its charts from their specs itself."""
    return frozenset()


@dataclass(frozen=True)
class Renderer:
    """One output: its name for --with, its file, what it counts, the options it reads."""

    name: str
    filename: str
    unit: str                       # what emit's count counts: "slides", "pages"
    reads: tuple[str, ...]          # Options fields plan may read
    plan: PlanFn                    # plan(deck, beside, layout, art, settings): pure; raises
                                    # NotedeckError for what it refuses
    emit: EmitFn                    # writes one file, returns its count of units
    about: str = ""
    # The forms of the drawn charts (PNG, SVG) plan and emit read, given the settings: drawn
    # once for the build, before any output plans or emits (a form not declared is empty).
    art: ArtFn = vectors
    needs: frozenset[str] = frozenset()      # of NEEDS
    # The part of the Deck the output shows, when it shows only part of the note (the
    # worksheet): its files carry that part's id, and verify judges them by it. None: all.
    shows: Callable[["Deck"], object] | None = None

    def settings(self, options: Options) -> Settings:
        return Settings(options, self.reads)

    def forms(self, options: Options) -> frozenset:
        """The drawn forms of the charts this output reads with these options."""
        return frozenset(self.art(self.settings(options)))

    def write(self, plan: Plan, folder: Path) -> tuple[Path, int]:
        """Emit `plan` into `folder`, seal the file's content digest (for `verify`) and check
        that it is whole; its path and count of `unit`."""
        from notedeck.render.provenance import seal

        path = folder / self.filename
        path.parent.mkdir(parents=True, exist_ok=True)
        count = self.emit(plan, path)
        seal(path)
        _whole(path)
        return path, count


def _whole(path: Path) -> None:
    """A renderer's file is complete: a zip package reads back, a PDF is closed."""
    if path.suffix == ".pptx":
        import zipfile

        with zipfile.ZipFile(path) as archive:
            bad = archive.testzip()
        if bad:
            raise RuntimeError(f"{path.name} was written incompletely ({bad} is damaged)")
    elif path.suffix == ".pdf":
        with open(path, "rb") as handle:
            head = handle.read(5)
            handle.seek(max(0, path.stat().st_size - 1024))
            tail = handle.read()
        if head != b"%PDF-" or b"%%EOF" not in tail:
            raise RuntimeError(f"{path.name} was written incompletely")

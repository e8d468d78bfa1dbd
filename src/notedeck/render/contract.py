"""The one contract every output meets: a pure plan, then a thin emit into one file."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from notedeck.model import ChartArt, Deck
from notedeck.options import Options, Settings


@dataclass(frozen=True)
class Assets:
    """Inputs that are not the Deck: the note's template package, read and checked once."""

    template: bytes | None = None
    template_name: str = "template.pptx"
    template_map: tuple = ()                 # roles pinned in template.yaml (readers.templatemap.Pin)
    template_map_name: str = "template.yaml"
    # The Formatter of the deck's locale (figures/formatting.py), for a renderer that works out
    # numbers of its own, such as the guide's clock: it writes them the one way every figure is
    # written, without importing the figures package. None: such a renderer cannot be planned.
    numbers: Any = field(default=None, compare=False)


Plan = Any
PlanFn = Callable[[Deck, Mapping[str, ChartArt], Settings, Assets], Plan]
EmitFn = Callable[[Plan, Path], int]


@dataclass(frozen=True)
class Renderer:
    """One output: its name for --with, its file, what it counts, the options it reads."""

    name: str
    filename: str
    unit: str                       # what emit's count counts: "slides", "pages"
    reads: tuple[str, ...]          # Options fields plan may read
    plan: PlanFn                    # pure; raises NotedeckError for what it refuses
    emit: EmitFn                    # writes one file, returns its count of units
    about: str = ""

    def settings(self, options: Options) -> Settings:
        return Settings(options, self.reads)

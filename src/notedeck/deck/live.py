"""The web page's live controls: what a reader moves, every value precomputed."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass



@dataclass(frozen=True)
class Varying:
    """Values that follow controls: `values[i][j]...` is the value at position i of the control
    named over[0], j of over[1], and so on. A text, a number that places a mark, or a whole
    block (Stats, a chart spec) per position."""

    over: tuple[str, ...]          # the controls it follows, by name, outermost first
    values: tuple                  # nested one tuple level per control in `over`
    name: str = ""                 # what the page's data calls it ("time"); "" lets the page choose

    def at(self, positions: Mapping[str, int]):
        """The value where the controls stand."""
        value = self.values
        for control in self.over:
            value = value[positions[control]]
        return value

    def flat(self) -> tuple:
        """Every value, outermost control first."""
        if not self.over:
            return (self.values,)
        level = self.values
        for _ in self.over[1:]:
            level = tuple(value for inner in level for value in inner)
        return tuple(level)


# Fixed words and values that follow controls, in order: ("at ", <the slider's texts>).
Phrase = tuple[str | Varying, ...]


@dataclass(frozen=True)
class Stop:
    """A labelled position of a slider: its tick, and where Page Up and Page Down land."""

    position: int                  # index into the slider's positions
    label: str                     # the tick: "1M", "1 min"


@dataclass(frozen=True)
class Slider:
    """A range over precomputed positions, each a value and the text that says it. The track
    shows position i at i / (positions - 1) of its length, so positions spread evenly on the
    slider's scale make the track follow that scale."""

    name: str                      # how Varying values name it; not shown
    label: str                     # its accessible name: "Writing speed for one agent"
    values: tuple[float, ...]      # each position's value, rising: places it on a scale
    texts: tuple[str, ...]         # each position as shown and read aloud: "60 seconds"
    stops: tuple[Stop, ...]        # rising
    start: int                     # the position shown first: where the handout is
    scale: str = "linear"          # "linear" | "log" (log(1 + x) when 0 is a position)
    listed: str = "{stops}"        # the stops as the help names them: "{stops} per hour"
    keys: str = "Stops: {stops}."  # the help, how keys move it (the catalogue's words)

    @property
    def positions(self) -> int:
        return len(self.texts)


@dataclass(frozen=True)
class Choice:
    """One item of a list at a time."""

    name: str                      # how Varying values name it; not shown
    label: str                     # its legend: "Team"
    items: tuple[str, ...]         # each item's label: "Parcels sent"
    start: int = 0

    @property
    def positions(self) -> int:
        return len(self.items)


Control = Slider | Choice


@dataclass(frozen=True)
class Reading:
    """One figure beside the controls: a label over a value and a detail."""

    label: str                     # "Writing only"
    value: Phrase                  # ("1 second",) following the controls
    detail: Phrase = ()            # ("at ", <the slider's texts>)


@dataclass(frozen=True)
class Readout:
    items: tuple[Reading, ...]


# What a panel shows under its controls: a readout, or a Varying text (a sentence) or chart.
LiveBlock = Readout | Varying


@dataclass(frozen=True)
class Panel:
    """Controls and what they move, shown where the page shows chart `chart`: after it, or in
    its place when the panel shows that chart itself (a Varying of its spec)."""

    label: str                     # the group's accessible name: "Load"
    chart: str
    controls: tuple[Control, ...]
    shows: tuple[LiveBlock, ...]
    announce: Varying | None = None   # a short text read once the controls rest


@dataclass(frozen=True)
class Cursor:
    """A line at x and a dot at (x, y) on line chart `chart`, in the chart's own units."""

    chart: str
    x: Varying
    y: Varying


@dataclass(frozen=True)
class Emphasis:
    """Series i of chart `chart` stands out while item i of choice `control` is chosen."""

    chart: str
    control: str


@dataclass(frozen=True)
class Live:
    """The web page's controls and everything they move, formatted at every position."""

    panels: tuple[Panel, ...]
    blocks: tuple[Varying, ...] = ()      # each shown in place of the block equal to its start
    cursors: tuple[Cursor, ...] = ()
    emphases: tuple[Emphasis, ...] = ()

    def __post_init__(self) -> None:
        """Every Varying follows controls that exist, with a value at each of their positions."""
        sizes = {c.name: c.positions for c in self.controls}
        for value in self.varyings():
            unknown = [name for name in value.over if name not in sizes]
            if unknown:
                raise ValueError(f"{value.name or 'a value'} follows no control named {unknown[0]}")
            _check_shape(value.values, [sizes[name] for name in value.over], value.name)

    def varyings(self) -> Iterator[Varying]:
        for panel in self.panels:
            for block in panel.shows:
                parts = ([p for r in block.items for p in (*r.value, *r.detail)]
                         if isinstance(block, Readout) else [block])
                yield from (p for p in parts if isinstance(p, Varying))
            if panel.announce is not None:
                yield panel.announce
        yield from self.blocks
        for cursor in self.cursors:
            yield from (cursor.x, cursor.y)

    @property
    def controls(self) -> tuple[Control, ...]:
        return tuple(c for panel in self.panels for c in panel.controls)

    @property
    def start(self) -> dict[str, int]:
        """Where every control stands when the page opens."""
        return {c.name: c.start for c in self.controls}


def _check_shape(values, sizes: list[int], name: str) -> None:
    if not sizes:
        return
    if not isinstance(values, tuple) or len(values) != sizes[0]:
        raise ValueError(f"{name or 'a value'} has no value for each of {sizes[0]} positions")
    for inner in values:
        _check_shape(inner, sizes[1:], name)

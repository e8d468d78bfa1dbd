"""The BuildPlan: which outputs one build writes and what each needs, settled before compose.

The outputs are those the command line names (deck and handout, and --with)
followed by those note.yaml lists (`outputs:`), each once. What they need is
the union of what their renderers declare (render/contract.py): the charts'
drawn forms, the slide layout, the template's backgrounds as data, the web
page's live controls precomputed (Deck.live), and the guide's clock.
`build` and `check` settle the same plan, so what one writes the other plans.
"""

from __future__ import annotations

from dataclasses import dataclass

from notedeck.errors import fail
from notedeck.options import Options, Settings
from notedeck.render.contract import CLOCK, LIVE, Renderer


@dataclass(frozen=True)
class BuildPlan:
    """The outputs in order and what they need, for one variant of a note."""

    renderers: tuple[Renderer, ...]
    forms: frozenset[str]            # the charts' drawn forms the outputs read ("png", "svg")
    needs: frozenset[str]            # "layout", "backgrounds", "live", "clock"
    settings: tuple[Settings, ...] = ()   # per renderer, the options it declared it reads
    start: str = "09:00"             # the guide's clock starts here
    strict: bool = False             # warnings refuse the build

    @property
    def live(self) -> bool:
        """Whether compose precomputes the web page's live controls (Deck.live)."""
        return LIVE in self.needs

    @property
    def clock(self) -> bool:
        return CLOCK in self.needs

    def filenames(self) -> tuple[str, ...]:
        """Each output's file, in order ("deck.pptx", "web/index.html")."""
        return tuple(renderer.filename for renderer in self.renderers)


def settle(options: Options, note) -> BuildPlan:
    """The plan for `options` and the note read (stages.read.NoteRead): its note.yaml's outputs
    checked against the registry, with the line of any unknown one; the options each output
    and the later stages read, settled here once."""
    from notedeck.render import registry

    listed = tuple(note.note.outputs)
    for index, name in enumerate(listed):
        if name not in registry.names():
            where = note.note_source.where(("outputs", index))
            raise fail(where.file, f"unknown output {name!r}; expected one of: "
                       + ", ".join(registry.names()), line=where.line, key="outputs")
    chosen = tuple(registry.get(name) for name in dict.fromkeys((*options.outputs, *listed)))
    settings = tuple(renderer.settings(options) for renderer in chosen)
    forms = frozenset().union(*(renderer.art(s) for renderer, s in zip(chosen, settings)))
    needs = frozenset().union(*(renderer.needs for renderer in chosen))
    return BuildPlan(chosen, forms, needs, settings, options.start, options.strict)

"""The layout stage: every output slide planned once, the value deck.pptx, slides.pdf, the guide
and the printed slides all read.

    lay_out(deck, chart_sizes, template, ...) -> SlideLayout      (pure but for reading the
                                                                    template's bytes)

The template is resolved to roles (package.py, mapping.py), every slide is
planned on it with continuations (plan.py), the template's contrast is audited
(audit.py: warnings), and, for outputs that draw slides themselves, its
backgrounds and decorations are read as data (backgrounds.py) and every text's
lines placed (lines.py: PlannedSlide.lines), so no output measures text while it
draws. What cannot
fit is refused here, once, for every output that shows slides.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from notedeck.deck import Deck
from notedeck.errors import Problem
from notedeck.template.backgrounds import TemplateArt
from notedeck.template.mapping import Template
from notedeck.layout.planned import PlannedSlide


@dataclass(frozen=True)
class SlideLayout:
    """Every output slide as planned: boxes, fitted sizes, wrapped lines, table pages,
    continued slides, chart places; the template they were planned on."""

    slides: tuple[PlannedSlide, ...]
    template: Template                 # the template resolved to roles
    template_bytes: bytes              # its package, which deck.pptx is written on
    warnings: tuple[Problem, ...]      # the template's unreadable colours, say
    backgrounds: TemplateArt | None = None   # read only for outputs that draw slides

    def require_art(self, art: Mapping) -> None:
        """Refuse, naming it, a chart these slides show as a picture that `art` lacks."""
        from notedeck.errors import NotedeckError
        from notedeck.layout.planned import ChartPlace

        for slide in self.slides:
            for shape in slide.shapes:
                if isinstance(shape, ChartPlace) and shape.picture.chart not in art:
                    raise NotedeckError(f"{self.template.file}: no chart art named "
                                        f"{shape.picture.chart!r}; drawn charts: "
                                        f"{', '.join(sorted(art)) or 'none'}")


def lay_out(deck: Deck, chart_sizes: Mapping[str, tuple[float, float]],
            data: bytes | None = None, name: str = "", pins: tuple = (),
            pins_file: str = "template.yaml", backgrounds: bool = False,
            build: str = "", kept=None) -> SlideLayout:
    """The Deck's slides laid out on the template `data` (None: the default template), with
    the build id `build` where note.yaml puts it; raises one NotedeckError naming every text
    that cannot fit and every fault of the template. `kept`: as for plan.plan."""
    from notedeck.template import audit, package
    from notedeck.layout.plan import plan, warnings

    if data is None:
        data, name = package.default_bytes(), package.DEFAULT_NAME
    template = package.load(data, name, tuple(pins), pins_file)
    slides = plan(deck, chart_sizes, template, file="deck.pptx", build_id=build, kept=kept)
    art = None
    if backgrounds:                    # outputs that draw the slides: every line placed here
        from notedeck.layout.lines import placed
        from notedeck.template.backgrounds import read_art

        art = read_art(template)
        slides = placed(slides, template, art)
    return SlideLayout(slides, template, data, (*audit.contrast(template), *warnings(slides)),
                       art)

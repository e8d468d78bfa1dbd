"""One frozen options object: what to build, from where and into where; made once by the CLI."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from notedeck import paper as papers

DEFAULT_OUTPUTS = ("deck", "handout")
DEFAULT_OUT = Path("output")
CHART_FORMS = ("native", "picture")


@dataclass(frozen=True)
class Options:
    """Everything a build, check or watch needs to know; renderers see only what they declare."""

    content: Path
    out: Path = DEFAULT_OUT
    audience: str | None = None
    scenarios_file: Path | None = None
    paper: str = papers.DEFAULT
    strict: bool = False
    cache: bool = True
    jobs: int | None = None         # processes: for --all-audiences (None: one per core), and
                                    # for one build's charts (None or 1: this process alone)
    outputs: tuple[str, ...] = DEFAULT_OUTPUTS
    start: str = "09:00"            # the facilitator guide's clock starts here (HH:MM)
    charts: str = "native"          # the deck's charts: "native" (editable) or "picture"
    force: bool = False             # move aside a file in OUT that notedeck did not make

    def __post_init__(self) -> None:
        # the CLI offers only these; a caller in Python learns it here, not deep in a renderer
        if self.charts not in CHART_FORMS:
            raise ValueError(f"charts is one of {', '.join(CHART_FORMS)}, not {self.charts!r}")

    @classmethod
    def make(cls, content: Path, out: Path | None = None, audience: str | None = None,
             **rest: Any) -> Options:
        """The output-folder rule: --out as given, else output/, or output/NAME/ for an
        audience; an audience name that could not name a folder is refused either way, before
        any work."""
        default = folder_for(DEFAULT_OUT, audience)
        return cls(content=content, out=out or default, audience=audience, **rest)

    def variant(self, audience: str | None) -> Options:
        """This build for another audience, in OUT/NAME/ beside the note's OUT/."""
        return replace(self, audience=audience, out=folder_for(self.out, audience))


def folder_for(out: Path, audience: str | None) -> Path:
    """The one rule for where a variant's files go: OUT/NAME/ for a NAME that is a slug, and
    nowhere else (an audience named '..' would write beside OUT)."""
    if not audience:
        return out
    from notedeck import slugs
    from notedeck.errors import fail

    problem = slugs.problem(audience)
    if problem:
        raise fail("--audience", f"the audience name '{audience}' cannot name its output "
                                 f"folder: {problem}")
    return out / audience


class Settings:
    """The options a renderer declared it reads, and no others."""

    def __init__(self, options: Options, reads: tuple[str, ...]):
        self._values = {name: getattr(options, name) for name in reads}

    def __getattr__(self, name: str) -> Any:
        try:
            return self.__dict__["_values"][name]
        except KeyError:
            raise AttributeError(f"this renderer does not declare the option {name!r}") from None


"""Short ways for tests to run the pipeline's entry points with Options made from keywords."""

from __future__ import annotations

from pathlib import Path

from notedeck.options import DEFAULT_OUTPUTS, Options
from notedeck.pipeline import build as pipeline_build
from notedeck.pipeline import check
from notedeck.render import registry
from notedeck.render.contract import Assets


def options(content, out="output", audience=None, scenarios_file=None, paper="a4",
            strict=False, cache=True, workers=True, jobs=None, outputs=DEFAULT_OUTPUTS):
    return Options(Path(content), Path(out), audience,
                   Path(scenarios_file) if scenarios_file else None, paper, strict, cache,
                   workers, jobs, tuple(outputs))


def build(content, out, audience=None, **rest):
    """pipeline.build.build for the note in `content`, into `out`."""
    return pipeline_build.build(options(content, out, audience, **rest))


def check_note(content, **rest):
    return check.check_note(options(content, **rest))


def render(name: str, deck, art, out: Path, template: Path | None = None, **settings) -> Path:
    """One renderer's plan and emit, as the pipeline runs them, straight from a Deck."""
    renderer = registry.get(name)
    chosen = options(".", **settings)
    assets = Assets(Path(template).read_bytes(), str(template)) if template else Assets()
    plan = renderer.plan(deck, art, renderer.settings(chosen), assets)
    Path(out).parent.mkdir(parents=True, exist_ok=True)
    renderer.emit(plan, Path(out))
    return Path(out)

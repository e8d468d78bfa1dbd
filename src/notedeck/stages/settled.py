"""A build's options settled once, before any work: the plain values each step of the build reads."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path

from notedeck.errors import Problem
from notedeck.options import Options

# The options that shape the outputs (where they go does not): the build record's key.
SHAPING = ("audience", "scenarios_file", "paper", "strict", "outputs", "start", "charts")


@dataclass(frozen=True)
class Settled:
    """What `build` reads of its options, settled: the destination checked, the cache used
    only where it is safe, the options that shape the outputs as plain values."""

    options: Options               # as the stages read them (no cache where it is unsafe)
    content: Path
    out: Path
    cache: bool
    jobs: int | None
    force: bool
    shaping: Mapping[str, str | bool | list[str] | None]   # for the build record's key
    notices: tuple[Problem, ...]   # said once: a cache folder others can write to


def settle(options: Options) -> Settled:
    """Refuse an output folder the note cannot be built into, before anything is read; a
    cache folder others can write to is not used (a notice says so, the first time)."""
    from notedeck.infra.cache import cache_problem, first_time
    from notedeck.infra.outfolder import check_destination

    out, content = Path(options.out), Path(options.content)
    check_destination(out, content)
    unsafe = cache_problem() if options.cache else None
    if unsafe is not None:
        options = replace(options, cache=False)
    notices = (unsafe,) if unsafe is not None and first_time(unsafe) else ()
    shaping = {name: _plain(getattr(options, name)) for name in SHAPING}
    return Settled(options, content, out, options.cache, options.jobs, options.force,
                   shaping, notices)


def _plain(value: object) -> str | bool | list[str] | None:
    if isinstance(value, Path):
        return str(value)
    if isinstance(value, tuple):
        return list(value)
    return value

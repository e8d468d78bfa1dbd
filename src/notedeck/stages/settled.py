"""A build's options settled once, before any work: the plain values each step of the build reads."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from notedeck.errors import Problem
from notedeck.infra.records import Record
from notedeck.options import Options


@dataclass(frozen=True)
class Settled:
    """What `build` reads of its options, settled: the destination checked, the cache used
    only where it is safe, the build's record keyed."""

    options: Options               # as the stages read them (no cache where it is unsafe)
    out: Path
    cache: bool
    jobs: int | None
    force: bool
    record: Record                 # the last build into `out`, and where this one is kept
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
    record = Record(content, out, options.record(), enabled=options.cache)
    return Settled(options, out, options.cache, options.jobs, options.force, record, notices)

"""Time one renderer alone: plan and emit of OUTPUT for a note, after reading it and its charts.

    python benchmarks/render_one.py slides NOTE_DIR OUT_DIR [--repeat 3]

Prints the median seconds of plan + emit (the note is read and its charts drawn
or taken from the cache first, untimed). For slides.pdf of the synthetic
1,000-slide note, in docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("output")
    parser.add_argument("note", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()

    from notedeck.options import Options
    from notedeck.stages import charts
    from notedeck.stages.stages import plan_all, prepare
    from notedeck.render import registry

    options = Options(args.note, args.out, outputs=(args.output,))
    prepared = prepare(options)
    art = dict(charts.art(prepared.deck.charts, prepared.plan.forms, cache=True))
    renderer = registry.get(args.output)
    args.out.mkdir(parents=True, exist_ok=True)
    times, count = [], 0
    for _ in range(args.repeat):
        started = time.perf_counter()
        plans = dict(plan_all(prepared, art, options).plans)     # the layout stage included
        plan = plans[renderer]
        count = renderer.emit(plan, args.out / renderer.filename)
        times.append(time.perf_counter() - started)
    print(f"{args.output}: {count} {renderer.unit} in {statistics.median(times):.2f} s "
          f"(median of {args.repeat}; {min(times):.2f} s best)")


if __name__ == "__main__":
    main()

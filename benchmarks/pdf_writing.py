"""Time the writing (emit) of every PDF output of one note, in this process.

    python benchmarks/pdf_writing.py [NOTE_DIR] [--repeat 9] [--audience NAME]

The note is read, composed, its charts drawn and every output planned first,
untimed; then each PDF output's emit runs REPEAT times into a temporary folder
and the median of its CPU seconds (this process's, so other work on a shared
machine does not count) is printed per output, as JSON. To compare two versions of
notedeck side by side, run it alternately under each (PYTHONPATH=OTHER/src),
as docs/benchmarks.md does for the tagged PDFs.
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path

OUTPUTS = ("handout", "slides", "guide", "worksheet", "print1", "print3", "print6")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("note", type=Path, nargs="?")
    parser.add_argument("--repeat", type=int, default=9)
    parser.add_argument("--audience")
    args = parser.parse_args()

    from notedeck.build.stages import prepare
    from notedeck.infra.chart_helper import Charts
    from notedeck.options import Options
    from notedeck.render import registry

    note = args.note or Path(__import__("notedeck").__file__).parent / "bundled"
    with tempfile.TemporaryDirectory() as folder:
        options = Options(note, Path(folder), args.audience, outputs=OUTPUTS)
        prepared = prepare(options)
        with Charts(cache=False, workers=False) as charts:
            art = dict(charts.art(prepared.deck.charts))
        medians = {}
        for name in OUTPUTS:
            renderer = registry.get(name)
            plan = renderer.plan(prepared.deck, art, renderer.settings(options),
                                 prepared.assets)
            times = []
            for _ in range(args.repeat):
                started = time.process_time()
                renderer.emit(plan, Path(folder) / renderer.filename)
                times.append(time.process_time() - started)
            medians[name] = round(statistics.median(times), 4)
            medians[name + "_min"] = round(min(times), 4)
    print(json.dumps(medians))


if __name__ == "__main__":
    main()

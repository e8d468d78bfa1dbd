"""Time the writing (emit) of every PDF output of one note, against another version of notedeck.

    python benchmarks/pdf_writing.py [NOTE_DIR] [--audience NAME] [--repeat 7] [--rounds 4]
                                     [--against REF] [--callgrind] [--only handout,slides]
    python benchmarks/pdf_writing.py --on-off [--repeat 21]

In one child process per version, the note is read, composed, its charts drawn and
every output planned first, untimed; then each PDF output's emit runs REPEAT times into
a temporary folder and the median of its CPU seconds (the child's own, so other work on
a shared machine counts as little as it can) is kept. With --against (a git ref of this
repository, or a folder holding a `notedeck` package), the same runs under that version
too (PYTHONPATH), the two alternating ROUNDS times so a change in the machine's load
falls on both; the median over the rounds is printed per output with the ratio
this/against. Against the commit before tagged PDFs (`--against 793db93`), the ratio is
what tagging costs (docs/benchmarks.md). Without --against, this version alone, as JSON.

With --callgrind, each version runs once under valgrind's callgrind instead, and what is
printed is the instructions of one emit (of REPEAT): a count the machine's load does not
change, where CPU seconds on a shared machine move by a fifth from run to run. The child
calls getloadavg() before and after each output's timed emits, and callgrind dumps its
counts there. Counts are the same from run to run: --repeat 1 is enough.

With --on-off, one process emits each output REPEAT times with tagging on and as many
with it off, interleaved (on, off, off, on, ...), and prints the medians and their
ratio: the nearest the code allows to tagging's own cost. Off is this benchmark's doing,
not a switch of notedeck's: no tree is built while the story is (Tags.building does
nothing), the canvas has no Tags, and a slide gets no SlideTags; the printed slides and
the guide's thumbnails still draw each slide in place, as tagging needs, not as a form.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path

OUTPUTS = ("handout", "slides", "guide", "worksheet", "print1", "print3", "print6")
REPOSITORY = Path(__file__).resolve().parents[1]


def measure(note: Path | None, audience: str | None, repeat: int, marks: bool = False,
            outputs: tuple[str, ...] = OUTPUTS) -> dict[str, float]:
    """{output: median CPU seconds of its emit} for this process's notedeck; with `marks`,
    getloadavg() is called before and after each output's timed emits (callgrind)."""
    import notedeck
    from notedeck.stages import charts
    from notedeck.stages.stages import plan_all, prepare
    from notedeck.options import Options

    note = note or Path(notedeck.__file__).parent / "notes" / "million-tokens"
    medians = {}
    with tempfile.TemporaryDirectory() as folder:
        options = Options(note, Path(folder), audience, outputs=outputs, cache=False)
        prepared = prepare(options)
        art = dict(charts.art(prepared.deck.charts, prepared.plan.forms, cache=False))
        for renderer, plan in plan_all(prepared, art, options).plans:
            renderer.emit(plan, Path(folder) / renderer.filename)    # fonts, imports: untimed
            if marks:
                os.getloadavg()
            times = []
            for _ in range(repeat):
                started = time.process_time()
                renderer.emit(plan, Path(folder) / renderer.filename)
                times.append(time.process_time() - started)
            if marks:
                os.getloadavg()
            medians[renderer.name] = statistics.median(times)
    return medians


def on_off(note: Path | None, audience: str | None, repeat: int) -> None:
    """Each output's emits with tagging on and off, interleaved, in this process."""
    import contextlib

    import notedeck
    from notedeck.stages import charts
    from notedeck.stages.stages import plan_all, prepare
    from notedeck.options import Options
    from notedeck.render.pdfkit import slidetags, tagging

    tagged = (tagging.Tags.building, tagging.MarkedCanvas.__dict__["tags"],
              slidetags.SlideTags)
    untagged = (lambda self: contextlib.nullcontext(self),
                property(lambda self: None, lambda self, value: None),
                lambda tags, *args, **kwargs: slidetags.NO_TAGS)

    def tagging_on(on: bool) -> None:
        building, tags, slide_tags = tagged if on else untagged
        tagging.Tags.building, tagging.MarkedCanvas.tags = building, tags
        slidetags.SlideTags = slide_tags

    note = note or Path(notedeck.__file__).parent / "notes" / "million-tokens"
    print(f"{'output':<10} {'on s':>8} {'off s':>8} {'ratio':>7}   "
          f"(median CPU s of {repeat} emits each, interleaved)")
    with tempfile.TemporaryDirectory() as folder:
        options = Options(note, Path(folder), audience, outputs=OUTPUTS, cache=False)
        prepared = prepare(options)
        art = dict(charts.art(prepared.deck.charts, prepared.plan.forms, cache=False))
        try:
            for renderer, plan in plan_all(prepared, art, options).plans:
                renderer.emit(plan, Path(folder) / renderer.filename)   # fonts, imports
                times: dict[bool, list[float]] = {True: [], False: []}
                for n in range(repeat):
                    for on in ((True, False) if n % 2 else (False, True)):
                        tagging_on(on)
                        started = time.process_time()
                        renderer.emit(plan, Path(folder) / renderer.filename)
                        times[on].append(time.process_time() - started)
                mine, theirs = statistics.median(times[True]), statistics.median(times[False])
                print(f"{renderer.name:<10} {mine:>8.4f} {theirs:>8.4f} {mine / theirs:>7.3f}",
                      flush=True)
        finally:
            tagging_on(True)


def source_of(ref: str, into: Path) -> Path:
    """A folder to put on PYTHONPATH for `ref`: a folder holding notedeck/, or a git ref of
    this repository, its src/ unpacked into `into`."""
    if (Path(ref) / "notedeck").is_dir():
        return Path(ref).resolve()
    archive = subprocess.run(["git", "-C", str(REPOSITORY), "archive", ref, "src"],
                             check=True, capture_output=True).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into / "src"


def child(src: Path, args, valgrind: list[str] = ()) -> dict[str, float]:
    """`measure` in a new process importing notedeck from `src` (under `valgrind`, if any)."""
    command = [*valgrind, sys.executable, __file__, "--child", "--repeat", str(args.repeat)]
    command += [str(args.note)] if args.note else []
    command += ["--audience", args.audience] if args.audience else []
    command += ["--marks"] if valgrind else []
    command += ["--only", ",".join(args.only)]
    found = subprocess.run(command, check=True, capture_output=True, text=True,
                           env={**os.environ, "PYTHONPATH": str(src), "PYTHONHASHSEED": "0"})
    return json.loads(found.stdout.splitlines()[-1])


def instructions(src: Path, args, folder: Path) -> dict[str, float]:
    """{output: instructions of one emit} for `src`, counted by callgrind."""
    out = folder / f"callgrind.{len(list(folder.iterdir()))}"
    names = list(child(src, args, ["valgrind", "--tool=callgrind", "--dump-before=getloadavg",
                                   f"--callgrind-out-file={out}"]))
    dumps = sorted(folder.glob(f"{out.name}.*"), key=lambda p: int(p.suffix[1:]))
    totals = [_total(dump) for dump in dumps]   # setup and warm-up, timed emits, warm-up, ...
    return {name: total / args.repeat for name, total in zip(names, totals[1::2])}


def _total(dump: Path) -> int:
    for line in dump.read_text().splitlines():
        if line.startswith(("summary:", "totals:")):
            return int(line.split()[1])
    raise ValueError(f"{dump}: no total")


def compare_instructions(this: Path, other: Path, args, folder: Path) -> None:
    mine, theirs = instructions(this, args, folder), instructions(other, args, folder)
    print(f"{'output':<10} {'this Mi':>9} {'against Mi':>11} {'ratio':>7}   "
          f"(instructions of one emit, callgrind, {args.repeat} emits)")
    for name in mine:
        print(f"{name:<10} {mine[name] / 1e6:>9.1f} {theirs[name] / 1e6:>11.1f} "
              f"{mine[name] / theirs[name]:>7.3f}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("note", type=Path, nargs="?")
    parser.add_argument("--audience")
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--against")
    parser.add_argument("--callgrind", action="store_true")
    parser.add_argument("--on-off", action="store_true")
    parser.add_argument("--only", type=lambda names: tuple(names.split(",")), default=OUTPUTS)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--marks", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.on_off:
        on_off(args.note, args.audience, args.repeat)
        return
    if args.child or not args.against:
        print(json.dumps({k: round(v, 4) for k, v in
                          measure(args.note, args.audience, args.repeat, args.marks,
                                  args.only).items()}))
        return
    with tempfile.TemporaryDirectory() as folder:
        this, other = REPOSITORY / "src", source_of(args.against, Path(folder))
        if args.callgrind:
            counts = Path(folder) / "counts"
            counts.mkdir()
            compare_instructions(this, other, args, counts)
            return
        runs: dict[str, list[dict]] = {"this": [], "against": []}
        for _ in range(args.rounds):
            runs["this"].append(child(this, args))
            runs["against"].append(child(other, args))
    print(f"{'output':<10} {'this s':>8} {'against s':>10} {'ratio':>7}   "
          f"(median CPU s of {args.repeat} emits, median of {args.rounds} rounds)")
    for name in runs["this"][0]:
        mine = statistics.median(run[name] for run in runs["this"])
        theirs = statistics.median(run[name] for run in runs["against"])
        print(f"{name:<10} {mine:>8.4f} {theirs:>10.4f} {mine / theirs:>7.3f}")


if __name__ == "__main__":
    main()

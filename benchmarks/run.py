"""notedeck's benchmark suite: median wall and CPU time (user + system) and peak memory of
every case, as ratios to the import floor measured in the same run; targets are read on CPU.

    python benchmarks/run.py                 # every case (about five minutes on 2 cores)
    python benchmarks/run.py --quick         # fewer runs, no 1,000-slide or 100-audience case
    python benchmarks/run.py --only cold,warm --repeat 9
    python benchmarks/run.py --markdown results.md

Each case runs in a new process, as a user runs it; the floor is
`python -c "import matplotlib.pyplot, pptx, reportlab.platypus"`. Runs go in
rounds (the floor, then each case once), so drift on a shared machine moves the
floor and every case alike. Peak memory is the largest
sum of resident memory over the process and its children (helpers, pool
workers), sampled every 5 ms. Everything is written in a temporary folder;
Python's bytecode goes to a private cache there, warmed before timing, so a
run from a fresh clone measures what an installed notedeck does. Nothing here
is a test: no case fails for being slow. See docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from synthetic import BUNDLED, note_with_audiences, note_with_slides  # noqa: E402

FLOOR = [sys.executable, "-c", "import matplotlib.pyplot, pptx, reportlab.platypus"]
NOTEDECK = [sys.executable, "-c", "import sys; from notedeck.commands.cli import main; "
            "sys.argv[0] = 'notedeck'; main()"]
# Every library a default cold build imports, and none of notedeck: the part of a cold build's
# CPU no change inside notedeck can remove (docs/benchmarks.md, "What a cold build cannot shed").
LIBRARIES = [sys.executable, "-c", "import matplotlib.figure, matplotlib.backends.backend_agg, "
             "matplotlib.backends.backend_svg, pptx, pptx.chart.data, reportlab.platypus, "
             "reportlab.pdfbase.ttfonts, yaml, markdown_it, lark, babel.numbers, babel.units, "
             "babel.dates, babel.lists, jinja2.sandbox, fontTools.ttLib, filelock, num2words, click, "
             "xml.etree.ElementTree; from pydantic import BaseModel, ConfigDict, Field, PlainValidator"]
ALL_OUTPUTS = "slides,guide,worksheet,print1,print2,print3,print4,print6"
PROSE = ("Read the scene aloud", "Read the scene slowly")
UNBOUNDED = NOTEDECK   # the synthetic notes stay inside gather's limits (1,000 slides, 99 sections)


@dataclass
class Case:
    name: str
    what: str
    command: list[str]
    prepare: object = None            # called before each run (not timed): fresh cache, edits
    repeat: int | None = None
    target: str = ""
    samples: list[tuple[float, float, float]] = field(default_factory=list)  # (s, MiB, cpu s)


class Bench:
    def __init__(self, root: Path, repeat: int, quick: bool):
        self.root, self.repeat, self.quick = root, repeat, quick
        self.env = {**os.environ, "PYTHONPYCACHEPREFIX": str(root / "pycache")}
        self.env.pop("PYTHONDONTWRITEBYTECODE", None)
        self.floor: list[tuple[float, float]] = []
        self.note = self._copy(BUNDLED, "note")

    # --- running -------------------------------------------------------------------

    def run(self, command: list[str], cache: str = "cache") -> tuple[float, float, float]:
        """Wall seconds, peak MiB and CPU seconds (user + system, the process and the children
        it waited for) of one command in a new process; it must succeed.
        `cache` names the notedeck cache folder it uses (each case has its own)."""
        env = {**self.env, "NOTEDECK_CACHE_DIR": str(self.root / cache)}
        used = _children_cpu()
        started = time.perf_counter()
        process = subprocess.Popen(command, env=env, stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE)
        peak = _Sampler(process.pid)
        peak.start()
        out, err = process.communicate()
        seconds = time.perf_counter() - started
        peak.stop()
        if process.returncode:
            raise SystemExit(f"{' '.join(command[-6:])} failed ({process.returncode}):\n"
                             f"{err.decode()[-2000:]}")
        return seconds, peak.mib, _children_cpu() - used

    def measure(self, cases: list[Case]) -> None:
        """Round after round, the floor and then one run of every case: drift on a shared
        machine then touches every case, and the floor, alike."""
        rounds = max([self.repeat, *(c.repeat or 0 for c in cases)])
        for number in range(rounds):
            self.floor.append(self.run(FLOOR))
            for case in cases:
                if number < (case.repeat or self.repeat):
                    if case.prepare:
                        case.prepare()
                    case.samples.append(self.run(case.command, f"cache-{case.name}"))
            print(f"  round {number + 1} of {rounds}: floor {self.floor[-1][0]:.3f} s, "
                  + ", ".join(f"{c.name} {c.samples[-1][0]:.2f}" for c in cases), flush=True)

    # --- cases -----------------------------------------------------------------------

    def cases(self) -> list[Case]:
        fresh = lambda case, out: self._fresh_cache(f"cache-{case}", out)  # noqa: E731
        build = lambda note, out, *more: [*NOTEDECK, "build", "--content", str(note),  # noqa: E731
                                          "--out", str(self.root / out), *more]
        cases = [
            Case("help", "notedeck --help", [*NOTEDECK, "--help"], target="<= 0.2x floor"),
            Case("libraries", "import every library a default build imports (no notedeck code)",
                 LIBRARIES),
            Case("cold", "build the bundled note: empty cache, new output folder",
                 build(self.note, "cold"), prepare=lambda: fresh("cold", "cold"),
                 target="<= 2.5x floor, <= 200 MiB"),
            Case("cold-all", "build the bundled note with every output, cold",
                 build(self.note, "cold-all", "--with", ALL_OUTPUTS),
                 prepare=lambda: fresh("cold-all", "cold-all")),
            Case("warm", "rebuild, nothing changed", build(self.note, "warm"),
                 prepare=None, target="<= 0.2x floor"),
            Case("prose", "rebuild after a prose edit (three words of a section's notes)",
                 build(self.prosed, "prosed"), prepare=self._next_words),
            Case("one-number", "rebuild after the featured check changed (60 s, 61 s, ...)",
                 build(self.edited, "edited"), prepare=self._next_number),
            Case("all-audiences", "build --all-audiences: the note and its 2 audiences, cold",
                 build(self.note, "all", "--all-audiences"),
                 prepare=lambda: fresh("all-audiences", "all")),
        ]
        for n in (10, 100, 1000):
            if self.quick and n == 1000:
                continue
            note = note_with_slides(self.root / f"slides-{n}", n)
            if n == 1000:
                cases.append(Case("slides-pdf-1000", "slides.pdf alone for the 1,000-slide note",
                                  [sys.executable, str(Path(__file__).with_name("render_one.py")),
                                   "slides", str(note), str(self.root / "slides-pdf-1000"),
                                   "--repeat", "1"], repeat=3, target="< 10 s"))
            cases.append(Case(f"slides-{n}", f"{n}-slide synthetic note, cold",
                              [*UNBOUNDED, "build", "--content", str(note), "--out",
                               str(self.root / f"out-{n}")],
                              prepare=lambda n=n: fresh(f"slides-{n}", f"out-{n}"),
                              repeat=3 if n == 1000 else None,
                              target="< 15 s, < 400 MiB" if n == 1000 else ""))
        for n in (1, 10, 20, 100):
            if self.quick and n == 100:
                continue
            note = note_with_audiences(self.root / f"audiences-{n}", n)
            cases.append(Case(f"audiences-{n}", f"--all-audiences, note + {n} audiences, cold",
                              build(note, f"aud-{n}", "--all-audiences"),
                              prepare=lambda n=n: fresh(f"audiences-{n}", f"aud-{n}"),
                              repeat=3 if n == 100 else None,
                              target="<= 8x cold" if n == 20 else ""))
        return cases

    def prime(self) -> None:
        """Bytecode compiled, the warm case's first build done, the edited note built once."""
        for command in (FLOOR, [*NOTEDECK, "--help"]):
            self.run(command)
        self.edited = self._copy(BUNDLED, "edited-note")
        self.prosed = self._copy(BUNDLED, "prosed-note")
        self.number = 60
        self.run([*NOTEDECK, "build", "--content", str(self.note), "--out",
                  str(self.root / "warm")], "cache-warm")
        self.run([*NOTEDECK, "build", "--content", str(self.edited), "--out",
                  str(self.root / "edited")], "cache-one-number")
        self.run([*NOTEDECK, "build", "--content", str(self.prosed), "--out",
                  str(self.root / "prosed")], "cache-prose")

    def _fresh_cache(self, cache: str, out: str) -> None:
        shutil.rmtree(self.root / cache, ignore_errors=True)
        shutil.rmtree(self.root / out, ignore_errors=True)

    def _next_number(self) -> None:
        self.number += 1
        path = self.edited / "scenarios.yaml"
        text = path.read_text(encoding="utf-8")
        path.write_text(text.replace(f"  check: {self.number - 1} s ", f"  check: {self.number} s ",
                                     1), encoding="utf-8")

    def _next_words(self) -> None:
        """Three words of a section's speaker notes, changed back and forth: the deck and the
        handout change; the model, the charts and the template do not."""
        path = self.prosed / "sections" / "02-thought-experiments.md"
        text = path.read_text(encoding="utf-8")
        old, new = PROSE if PROSE[0] in text else PROSE[::-1]
        path.write_text(text.replace(old, new, 1), encoding="utf-8")

    def _copy(self, source: Path, name: str) -> Path:
        target = self.root / name
        shutil.copytree(source, target, ignore=shutil.ignore_patterns("__pycache__"))
        return target


class _Sampler(threading.Thread):
    """The peak, over time, of the summed RSS of a process and all its descendants."""

    def __init__(self, pid: int):
        super().__init__(daemon=True)
        self.pid, self.mib, self._done = pid, 0.0, threading.Event()

    def run(self) -> None:
        while not self._done.is_set():
            self.mib = max(self.mib, sum(_rss_mib(p) for p in _tree(self.pid)))
            self._done.wait(0.005)

    def stop(self) -> None:
        self._done.set()
        self.join()


def _tree(pid: int) -> list[int]:
    found, todo = [], [pid]
    while todo:
        current = todo.pop()
        found.append(current)
        try:
            for task in os.listdir(f"/proc/{current}/task"):
                with open(f"/proc/{current}/task/{task}/children") as handle:
                    todo.extend(int(c) for c in handle.read().split())
        except OSError:
            continue
    return found


_OURS = open("/proc/self/cmdline", "rb").read() if os.path.exists("/proc/self/cmdline") else b""


def _rss_mib(pid: int) -> float:
    """Resident MiB; 0 for a child not yet past exec (it still shows this process's memory)."""
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as handle:
            if handle.read() == _OURS:
                return 0.0
        with open(f"/proc/{pid}/statm") as handle:
            return int(handle.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, IndexError, ValueError):
        return 0.0


def _children_cpu() -> float:
    import resource

    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def _median(samples, index: int = 0) -> float:
    return statistics.median(sample[index] for sample in samples)


# --- report ------------------------------------------------------------------------------

def report(bench: Bench, cases: list[Case], markdown: bool) -> str:
    floor = _median(bench.floor)
    cold = next((c for c in cases if c.name == "cold" and c.samples), None)
    cpu_floor = _median(bench.floor, 2)
    rows = [("case", "median s", "min s", "x floor", "cpu s", "cpu x floor", "peak MiB",
             "target", "met")]
    for case in [Case("floor", "the import floor", FLOOR, samples=bench.floor), *cases]:
        if not case.samples:
            continue
        median = _median(case.samples)
        peak = max(sample[1] for sample in case.samples)
        cpu = _median(case.samples, 2)
        rows.append((case.name, f"{median:.3f}", f"{min(s[0] for s in case.samples):.3f}",
                     f"{median / floor:.2f}", f"{cpu:.3f}", f"{cpu / cpu_floor:.2f}",
                     f"{peak:.0f}", case.target,
                     _met(case, cpu / cpu_floor, cpu, peak, cold)))
    extra = _per_slide(cases)
    if markdown:
        lines = ["| " + " | ".join(rows[0]) + " |", "|" + "---|" * len(rows[0])]
        lines += ["| " + " | ".join(row) + " |" for row in rows[1:]]
    else:
        widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
        lines = ["  ".join(c.ljust(w) for c, w in zip(row, widths)).rstrip() for row in rows]
    return "\n".join([*lines, "", *extra, "", *machine(), *_pandoc(bench)])


def _met(case: Case, ratio: float, median: float, peak: float, cold: Case | None) -> str:
    if case.name == "help":
        return _yes(ratio <= 0.2)
    if case.name == "cold":                     # issue 32's fresh-process targets
        return _yes(ratio <= 2.5 and peak <= 200)
    if case.name == "warm":
        return _yes(ratio <= 0.2)
    if case.name == "slides-1000":
        return _yes(median < 15 and peak < 400)
    if case.name == "audiences-20" and cold:
        cold_cpu = _median(cold.samples, 2)
        return _yes(median <= 8 * cold_cpu) + f" ({median / cold_cpu:.1f}x cold)"
    return ""


def _yes(flag: bool) -> str:
    return "yes" if flag else "NO"


def _per_slide(cases: list[Case]) -> list[str]:
    by = {c.name: c for c in cases if c.samples}
    if "slides-100" not in by or "slides-1000" not in by:
        return []
    a, b = _median(by["slides-100"].samples) / 100, _median(by["slides-1000"].samples) / 1000
    return [f"time per slide: {a * 1000:.1f} ms at 100 slides, {b * 1000:.1f} ms at 1,000 "
            f"({b / a:.2f}x; target <= 1.3x: {_yes(b / a <= 1.3)})"]


def machine() -> list[str]:
    model = "unknown CPU"
    try:
        model = next(line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo")
                     if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    memory = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30
    versions = []
    for name in ("matplotlib", "python-pptx", "reportlab", "notedeck"):
        try:
            from importlib.metadata import version
            versions.append(f"{name} {version(name)}")
        except Exception:
            pass
    return [f"machine: {model}, {os.cpu_count()} cores, {memory:.0f} GiB, "
            f"{platform.system()} {platform.release()}",
            f"python {platform.python_version()}; {', '.join(versions)}",
            f"load average at the end: {' '.join(open('/proc/loadavg').read().split()[:3])}"]


def _pandoc(bench: Bench) -> list[str]:
    pandoc = shutil.which("pandoc")
    if not pandoc:
        return ["pandoc: not installed, so not timed (context only)"]
    text = "\n\n".join(p.read_text(encoding="utf-8").split("---\n", 2)[-1]
                       for p in sorted((bench.note / "sections").glob("*.md")))
    source = bench.root / "pandoc.md"
    source.write_text(text, encoding="utf-8")
    times = [bench.run([pandoc, str(source), "-o", str(bench.root / "pandoc.pptx")])[0]
             for _ in range(bench.repeat)]
    return [f"pandoc (context, the note's sections as one Markdown file -> .pptx): "
            f"{statistics.median(times):.3f} s"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs per case (default 5)")
    parser.add_argument("--quick", action="store_true",
                        help="3 runs per case; skip the 1,000-slide and 100-audience cases")
    parser.add_argument("--only", help="comma-separated case names")
    parser.add_argument("--markdown", type=Path, help="also write the table here as Markdown")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="notedeck-bench-") as folder:
        bench = Bench(Path(folder), 3 if args.quick else args.repeat, args.quick)
        bench.prime()
        cases = bench.cases()
        if args.only:
            wanted = set(args.only.split(","))
            cases = [c for c in cases if c.name in wanted or (c.name == "cold" and
                                                              "audiences-20" in wanted)]
        print(f"{len(cases)} cases in rounds, the floor timed in each; in {folder}; load "
              f"average {' '.join(open('/proc/loadavg').read().split()[:3])}", flush=True)
        bench.measure(cases)
        print()
        print(report(bench, cases, markdown=False))
        if args.markdown:
            args.markdown.write_text(report(bench, cases, markdown=True) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()

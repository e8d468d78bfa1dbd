"""Hostile templates under GNU time: wall time and peak memory of `notedeck check` and `build` on each.

    python benchmarks/hostile_templates.py                  # every case
    python benchmarks/hostile_templates.py --only zip,pipe  # cases whose id contains a word
    python benchmarks/hostile_templates.py --markdown out.md

Each case is the bundled note with one hostile template.pptx, made by
tests/bad_input/hostile.py from the bundled default template (the bad-input cases'
template cases, then the templates a build accepts after leaving things out).
Every command runs in a new process under `/usr/bin/time -v`, with a 60 s
timeout (a hang shows as "timeout"); the chart cache and a private bytecode
folder are warmed once beforehand, so an accepted template's build measures
the template and the deck, not the drawing of charts or compiling. The limits in view: under 2 s and 300 MB per command. This is
a benchmark, not a test: nothing fails for being slow. See docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
from bad_input import hostile  # noqa: E402
from bad_input.cases import SCALE, TEMPLATES  # noqa: E402

BUNDLED = ROOT / "src" / "notedeck" / "notes" / "million-tokens"
NOTEDECK = [sys.executable, "-c", "import sys; from notedeck.commands.cli import main; "
            "sys.argv[0] = 'notedeck'; main()"]
TIMEOUT = 60


def cases() -> list[tuple[str, object, list[str]]]:
    """(id, edit of a note folder, extra options): the bundled note as it is (for scale), the
    refused cases, then the accepted ones."""
    found = [("no-template (the bundled note, for scale)", lambda note: None, [])]
    found += [(case.id, case.edit, ["--strict"] if case.strict else [])
              for case in (*TEMPLATES, *SCALE)]
    for key, (name, make, _said) in {**hostile.ACCEPTED, "at-the-limits": hostile.AT_THE_LIMITS,
                                     "at-the-shape-limits": hostile.AT_THE_SHAPE_LIMITS}.items():
        found.append((f"accepted-{key}", lambda note, name=name, make=make:
                      (note / name).write_bytes(make()), []))
    return found


def timed(command: list[str], env: dict[str, str]) -> tuple[str, float, float, float, str]:
    """(outcome, wall s, CPU s, max RSS MB, first problem line) under GNU time -v. CPU time
    (user + system, helpers included) shows what a case costs when the machine is shared."""
    try:
        done = subprocess.run(["/usr/bin/time", "-v", *command], env=env, capture_output=True,
                              text=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return "timeout", float(TIMEOUT), 0.0, 0.0, ""
    wall = re.search(r"Elapsed \(wall clock\) time.*: (?:(\d+):)?(\d+):([\d.]+)", done.stderr)
    rss = re.search(r"Maximum resident set size \(kbytes\): (\d+)", done.stderr)
    hours, minutes, seconds = (float(g or 0) for g in wall.groups())
    said = next((line for line in done.stderr.splitlines() if line.startswith(("error:", "warning:"))), "")
    status = int(re.search(r"Exit status: (\d+)", done.stderr).group(1))
    cpu = sum(float(re.search(rf"{kind} time \(seconds\): ([\d.]+)", done.stderr).group(1))
              for kind in ("User", "System"))
    return ("ok" if status == 0 else f"exit {status}", hours * 3600 + minutes * 60 + seconds,
            cpu, int(rss.group(1)) / 1000, said)


def run(only: list[str]) -> list[tuple]:
    rows = []
    with tempfile.TemporaryDirectory(prefix="notedeck-hostile-") as tmp:
        root = Path(tmp)
        env = {**os.environ, "NOTEDECK_CACHE_DIR": str(root / "cache"),
               "PYTHONPYCACHEPREFIX": str(root / "pycache")}   # as an installed package has
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        subprocess.run([*NOTEDECK, "build", "--content", str(BUNDLED), "--out",
                        str(root / "warm")], env=env, check=True, capture_output=True)
        for number, (case_id, edit, options) in enumerate(cases()):
            if only and not any(word in case_id for word in only):
                continue
            note = root / f"note-{number}"
            shutil.copytree(BUNDLED, note)
            edit(note)
            for verb, more in (("check", options),
                               ("build", [*options, "--out", str(root / f"out-{number}")])):
                row = (case_id, verb, *timed([*NOTEDECK, verb, "--content", str(note), *more], env))
                rows.append(row)
                print(_line(row), flush=True)
            _unblock(note)
    return rows


def _unblock(note: Path) -> None:
    """A FIFO left in the note must not stop the temporary folder's removal."""
    for path in note.iterdir():
        if path.is_fifo():
            path.unlink()


def _line(row: tuple) -> str:
    case_id, verb, outcome, wall, cpu, mb, said = row
    return (f"{case_id:40} {verb:5} {outcome:7} {wall:6.2f} s {cpu:6.2f} s CPU {mb:6.1f} MB  "
            f"{said.split(': ', 2)[-1][:70]}")


def markdown(rows: list[tuple]) -> str:
    lines = ["| case | command | outcome | wall s | CPU s | max RSS MB | under 2 s, 300 MB |",
             "|---|---|---|---|---|---|---|"]
    for case_id, verb, outcome, wall, cpu, mb, _said in rows:
        within = "yes" if outcome != "timeout" and wall < 2 and mb < 300 else "**no**"
        lines.append(f"| {case_id} | {verb} | {outcome} | {wall:.2f} | {cpu:.2f} | {mb:.0f} | "
                     f"{within} |")
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="", help="comma-separated words in case ids")
    parser.add_argument("--markdown", type=Path, help="also write the table as Markdown")
    args = parser.parse_args()
    rows = run([w for w in args.only.split(",") if w])
    worst = max(rows, key=lambda r: r[3])
    print(f"\n{len(rows)} commands; slowest {worst[0]} {worst[1]} {worst[3]:.2f} s "
          f"({worst[4]:.2f} s CPU); largest {max(r[5] for r in rows):.0f} MB; load average "
          f"{os.getloadavg()[0]:.1f}")
    if args.markdown:
        args.markdown.write_text(markdown(rows), encoding="utf-8")


if __name__ == "__main__":
    main()

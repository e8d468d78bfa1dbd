"""Hostile inputs under GNU time: each case of issue 21 and its variants run from the command line.

    python benchmarks/hostile_inputs.py                     # every case (a few minutes)
    python benchmarks/hostile_inputs.py --only paragraph    # cases whose id contains a word
    python benchmarks/hostile_inputs.py --markdown out.md

Every command runs in a new process under `/usr/bin/time -v`, with a 120 s timeout, after
one warm build (the chart cache and bytecode in place). What must hold of each: it ends
within 10 s and 1 GiB, with exit 0 (a whole set of outputs) or 2 (a located message), no
traceback; the last column says whether it did. The long paragraphs come in four lengths,
up to one as long as a section file may hold (just under 1,000,000 bytes), so the table
shows the layout's cost growing with the length, not with its square. This is a
benchmark, not a test: nothing fails for being slow (tests/bad_input holds the behaviour,
with work counters and resource limits). See docs/benchmarks.md.
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
from bad_input import cases, hostile  # noqa: E402
from bad_input.test_scale import long_text  # noqa: E402

BUNDLED = ROOT / "src" / "notedeck" / "notes" / "million-tokens"
NOTEDECK = [sys.executable, "-c", "import sys; from notedeck.commands.cli import main; "
            "sys.argv[0] = 'notedeck'; main()"]
TIMEOUT = 120
S1 = "sections/01-what-the-number-means.md"


def _paragraph(place: str, size: int):
    marks = {"handout": ("# Handout\n", "# Handout\n\n{}\n"),
             "notes": ("### Notes (3 min)\n", "### Notes (3 min)\n\n{}\n")}

    def edit(note: Path) -> None:
        path = note / S1
        room = min(size, 1_000_000 - len(path.read_bytes()) - 200)
        old, new = marks[place]
        path.write_text(path.read_text(encoding="utf-8").replace(
            old, new.format(long_text(room)), 1), encoding="utf-8")
    return edit


def _bullets(count: int):
    def edit(note: Path) -> None:
        path = note / S1
        items = "".join(f"- item {n} of many\n" for n in range(count))
        path.write_text(path.read_text(encoding="utf-8").replace(
            "## Turn the dial\n", f"## Many bullets\n\n{items}\n### Notes\n\nSaid.\n\n"
                                  "## Turn the dial\n", 1), encoding="utf-8")
    return edit


def _handout_items(count: int):
    def edit(note: Path) -> None:
        path = note / S1
        items = "".join(f"- item {n} of many, with a few more words to wrap\n"
                        for n in range(count))
        path.write_text(path.read_text(encoding="utf-8").replace(
            "# Handout\n", f"# Handout\n\n{items}\n", 1), encoding="utf-8")
    return edit


def _audience(name: bytes):
    def edit(note: Path) -> None:
        folder = os.fsencode(note / "audiences")
        shutil.copyfile(note / "audiences" / "research-lab.yaml", os.path.join(folder, name))
    return edit


def _case(case_id: str):
    return next(case for case in cases.CASES if case.id == case_id)


def cases() -> list[tuple[str, object, list[str]]]:
    """(id, edit of a copy of the bundled note, the command after `--content NOTE`)."""
    build = ["build", "--out", "{out}"]
    found = [("bundled note, for scale", lambda note: None, [*build, "--with", "guide"])]
    for name in (b"...yaml", b"web.yaml", b".notedeck.yaml", b"\x1b[2J.yaml", b"caf\xe9.yaml"):
        found.append((f"audience file {name!r}", _audience(name), [*build, "--all-audiences"]))
    for case_id in ("template-5000-placeholders-in-one-layout",
                    "template-20000-placeholders-in-two-layouts",
                    "template-shapes-read-with-every-layout"):
        found.append((case_id, _case(case_id).edit, build))
    found.append(("template at the shape limits (accepted)", lambda note: (
        note / hostile.T).write_bytes(hostile.AT_THE_SHAPE_LIMITS[1]()),
        [*build, "--with", "slides,guide"]))
    for place in ("handout", "notes"):
        for size in (125_000, 250_000, 500_000, 1_000_000):
            found.append((f"paragraph of {size // 1000} KB in {place}", _paragraph(place, size),
                          [*build, "--with", "guide"]))
    for count in (150, 20_000):
        found.append((f"{count:,} bullets on one slide", _bullets(count), build))
    for count in (4_500, 18_000):
        found.append((f"{count:,} list items in the handout", _handout_items(count),
                      [*build, "--with", "guide"]))
    for case_id in ("placeholder-loops-in-twenty-files", "placeholder-steps-in-fifteen-files"):
        found.append((case_id, _case(case_id).edit, [*build, "--with", "guide"]))
    return found


def timed(command: list[str], env: dict[str, str]) -> tuple[str, float, float, float, str]:
    """(outcome, wall s, CPU s, max RSS MB, first problem line) under GNU time -v."""
    try:
        done = subprocess.run(["/usr/bin/time", "-v", *command], env=env, capture_output=True,
                              text=True, errors="replace", timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return "timeout", float(TIMEOUT), 0.0, 0.0, ""
    wall = re.search(r"Elapsed \(wall clock\) time.*: (?:(\d+):)?(\d+):([\d.]+)", done.stderr)
    rss = re.search(r"Maximum resident set size \(kbytes\): (\d+)", done.stderr)
    hours, minutes, seconds = (float(g or 0) for g in wall.groups())
    said = next((line for line in done.stderr.splitlines() if line.startswith("error:")), "")
    status = int(re.search(r"Exit status: (\d+)", done.stderr).group(1))
    if "Traceback" in done.stderr or "internal error" in done.stderr:
        status = -1
    cpu = sum(float(re.search(rf"{kind} time \(seconds\): ([\d.]+)", done.stderr).group(1))
              for kind in ("User", "System"))
    outcome = {0: "ok", 2: "exit 2", -1: "CRASH"}.get(status, f"exit {status}")
    return outcome, hours * 3600 + minutes * 60 + seconds, cpu, int(rss.group(1)) / 1000, said


def run(only: list[str]) -> list[tuple]:
    rows = []
    with tempfile.TemporaryDirectory(prefix="notedeck-hostile-") as tmp:
        root = Path(tmp)
        env = {**os.environ, "NOTEDECK_CACHE_DIR": str(root / "cache"),
               "PYTHONPYCACHEPREFIX": str(root / "pycache")}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        subprocess.run([*NOTEDECK, "build", "--content", str(BUNDLED), "--out",
                        str(root / "warm")], env=env, check=True, capture_output=True)
        for number, (case_id, edit, command) in enumerate(cases()):
            if only and not any(word in case_id for word in only):
                continue
            note = root / f"note-{number}"
            shutil.copytree(BUNDLED, note)
            edit(note)
            args = [part.format(out=root / f"out-{number}") for part in command]
            row = (case_id, " ".join(args[:1] + [a for a in args[1:] if a.startswith("--")]),
                   *timed([*NOTEDECK, args[0], "--content", str(note), *args[1:]], env))
            rows.append(row)
            print(_line(row), flush=True)
    return rows


def _within(row: tuple) -> bool:
    _case_id, _command, outcome, wall, _cpu, mb, _said = row
    return outcome in ("ok", "exit 2") and wall <= 10 and mb <= 1024


def _line(row: tuple) -> str:
    case_id, command, outcome, wall, cpu, mb, said = row
    return (f"{case_id:46} {outcome:7} {wall:6.2f} s {cpu:6.2f} s CPU {mb:6.1f} MB "
            f"{'' if _within(row) else 'OVER '}{said.split(': ', 2)[-1][:60]}")


def markdown(rows: list[tuple]) -> str:
    lines = ["| case | command | outcome | wall s | CPU s | max RSS MB | within 10 s, 1 GiB |",
             "|---|---|---|---|---|---|---|"]
    for row in rows:
        case_id, command, outcome, wall, cpu, mb, _said = row
        lines.append(f"| {case_id} | `{command}` | {outcome} | {wall:.2f} | {cpu:.2f} | "
                     f"{mb:.0f} | {'yes' if _within(row) else '**no**'} |")
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="", help="comma-separated words in case ids")
    parser.add_argument("--markdown", type=Path, help="also write the table as Markdown")
    args = parser.parse_args()
    rows = run([w for w in args.only.split(",") if w])
    print(f"\n{len(rows)} commands; {sum(map(_within, rows))} within 10 s and 1 GiB; load "
          f"average {os.getloadavg()[0]:.1f}")
    if args.markdown:
        args.markdown.write_text(markdown(rows), encoding="utf-8")


if __name__ == "__main__":
    main()

"""The writing loop: a one-word edit's time from the save to the preview and to the files.

    npm install playwright-core              # once, here or anywhere on NODE_PATH
    python benchmarks/preview_loop.py        # 10 edits under serve, 10 under watch

`notedeck serve` runs on a copy of the bundled note; preview_loop.js (Chromium
driven by Playwright) saves a one-word edit of a slide's heading ten times and
times, from the save, the edited slide's new picture loaded in the page (no
reload) and deck.pptx and handout.pdf republished. Then `notedeck watch` gets the
same ten edits, timed to the republished files. The import floor (run.py's FLOOR,
wall time, new process) is timed before and after, in the same run. Nothing here
is a test. See docs/benchmarks.md, "The writing loop".
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from run import FLOOR  # noqa: E402
from synthetic import BUNDLED  # noqa: E402

CLI = [sys.executable, "-c", "import sys; from notedeck.commands.cli import main; "
       "sys.argv[0] = 'notedeck'; main()"]
SECTION = "sections/04-what-gets-precious.md"
# preview_loop.js's words: each edit's heading new to the run (a picture the browser never saw)
WORDS = ("hats", "caps", "wigs", "coats", "boots", "gloves", "scarves", "socks", "belts",
         "rings", "masks", "capes", "cloaks", "veils", "crowns", "helmets", "badges")
GIVE_UP = 30.0            # seconds an edit may take before the run is called broken


def floor(runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run(FLOOR, check=True)
        times.append(time.perf_counter() - started)
    return times


def started(command: str, folder: Path) -> tuple[subprocess.Popen, str]:
    """`notedeck COMMAND` on the copy, once its first build is done; and its page's address."""
    process = subprocess.Popen([*CLI, command, "--content", "note", "--out", "out",
                                *(["--port", "0"] if command == "serve" else [])],
                               cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    url = ""
    for line in process.stdout:
        if line.startswith("serving "):
            url = line.split()[1]
        if line.startswith("watching "):
            return process, url
    raise RuntimeError(f"notedeck {command} stopped")


def under_serve(folder: Path, edits: int) -> list[dict]:
    process, url = started("serve", folder)
    try:
        env = {**os.environ, "NODE_PATH": os.environ.get("NODE_PATH", str(HERE / "node_modules"))}
        result = subprocess.run(["node", str(HERE / "preview_loop.js"), url,
                                 str(folder / "note" / SECTION), str(folder / "out"),
                                 str(edits)], env=env, capture_output=True, text=True,
                                check=True)
        return [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]
    finally:
        stop(process)


def under_watch(folder: Path, edits: int) -> list[float]:
    shutil.copy2(BUNDLED / SECTION, folder / "note" / SECTION)      # the heading as shipped
    process, _ = started("watch", folder)
    section, out, times = folder / "note" / SECTION, folder / "out", []
    try:
        for i in range(edits):
            old, new = (f"## Six {WORDS[n % len(WORDS)]} of judgement" for n in (i, i + 1))
            time.sleep(0.6)
            before = [_inode(out / name) for name in ("deck.pptx", "handout.pdf")]
            draft = section.with_name("." + section.name + ".edit")
            draft.write_text(section.read_text(encoding="utf-8").replace(old, new),
                             encoding="utf-8")
            saved = time.perf_counter()
            os.replace(draft, section)
            while any(_inode(out / n) == b for n, b in zip(("deck.pptx", "handout.pdf"), before)):
                if time.perf_counter() - saved > GIVE_UP:
                    raise RuntimeError("watch did not republish the files")
                time.sleep(0.002)
            times.append(time.perf_counter() - saved)
    finally:
        stop(process)
    return times


def stop(process: subprocess.Popen) -> None:
    """Ctrl-C, as an author stops serve and watch."""
    process.send_signal(signal.SIGINT)
    try:
        process.wait(timeout=GIVE_UP)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def _inode(path: Path) -> int:
    try:
        return path.stat().st_ino
    except OSError:
        return -1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edits", type=int, default=10)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="notedeck-loop-") as temp:
        folder = Path(temp)
        os.environ["NOTEDECK_CACHE_DIR"] = str(folder / "cache")
        shutil.copytree(BUNDLED, folder / "note")
        floors = floor(5)
        served = under_serve(folder, args.edits)
        watched = under_watch(folder, args.edits)
        floors += floor(5)
    base = statistics.median(floors)
    preview = statistics.median(e["preview_ms"] for e in served) / 1000
    files_serve = statistics.median(e["files_ms"] for e in served) / 1000
    files_watch = statistics.median(watched)
    print(f"load average {os.getloadavg()[0]:.1f}; {args.edits} edits each")
    print("| what | median s | min s | max s | × floor | target (issue 32) | met |")
    print("|---|---|---|---|---|---|---|")
    shown = [e["preview_ms"] / 1000 for e in served]
    rows = (("import floor (new process)", floors, "", None),
            ("serve: save → edited slide shown", shown, "≤ 0.300 s",
             statistics.median(shown) <= 0.3),
            ("serve: save → deck + handout republished", [e["files_ms"] / 1000 for e in served],
             "", None),
            ("watch: save → deck + handout republished", watched, "≤ 0.3× floor",
             files_watch <= 0.3 * base))
    for name, values, target, met in rows:
        print(f"| {name} | {statistics.median(values):.3f} | {min(values):.3f} | "
              f"{max(values):.3f} | {statistics.median(values) / base:.2f} | {target} | "
              f"{'' if met is None else ('yes' if met else 'no')} |")
    print(f"reloads: {sum(e['reloaded'] for e in served)}; preview {preview:.3f} s, files "
          f"{files_serve:.3f} s (serve), {files_watch:.3f} s (watch)")


if __name__ == "__main__":
    main()

"""Where a cold build's time goes: pyinstrument over one build of the bundled note.

    python benchmarks/profile_build.py            # in one process, charts drawn in it
    python benchmarks/profile_build.py --html out.html

The build runs in this process with the chart helper off (NOTEDECK_WORKERS=0),
so the profile shows every stage; an empty cache folder makes it cold. Needs
pyinstrument (pip install pyinstrument). See docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

BUNDLED = Path(__file__).resolve().parents[1] / "src" / "notedeck" / "notes" / "million-tokens"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--html", type=Path, help="write pyinstrument's HTML view here")
    parser.add_argument("--content", type=Path, default=BUNDLED)
    args = parser.parse_args()
    from pyinstrument import Profiler

    with tempfile.TemporaryDirectory(prefix="notedeck-profile-") as folder:
        os.environ["NOTEDECK_CACHE_DIR"] = str(Path(folder) / "cache")
        os.environ["NOTEDECK_WORKERS"] = "0"
        profiler = Profiler(interval=0.0005)
        profiler.start()
        from notedeck.options import Options
        from notedeck.stages.run import build

        result = build(Options(args.content, Path(folder) / "out"))
        profiler.stop()
    print(profiler.output_text(unicode=True, color=False))
    print("built " + ", ".join(f"{w.count} {w.unit}" for w in result.files), file=sys.stderr)
    if args.html:
        args.html.write_text(profiler.output_html(), encoding="utf-8")


if __name__ == "__main__":
    main()

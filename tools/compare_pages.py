"""Compare two folders of PDFs page by page as pictures: the largest difference of any pixel.

    python tools/compare_pages.py BEFORE_DIR AFTER_DIR [--dpi 60] [--keep DIR]

Each PDF present in both folders is rendered with poppler's pdftoppm (-png -r DPI)
and every page compared channel by channel (Pillow). Prints one line per file:
pages, pages that differ, the largest difference of one channel (0-255) and how
many pixels differ; exits 1 if any page count or pixel differs. With --keep, the
PNGs stay in DIR to be looked at.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

from PIL import Image, ImageChops


def render(pdf: Path, folder: Path, dpi: int) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    subprocess.run(["pdftoppm", "-png", "-r", str(dpi), str(pdf), str(folder / "p")],
                   check=True, capture_output=True)
    return sorted(folder.glob("p*.png"))


def compare(before: Path, after: Path) -> tuple[int, int]:
    """(largest channel difference, pixels that differ) of two PNGs of one page."""
    a, b = Image.open(before).convert("RGB"), Image.open(after).convert("RGB")
    if a.size != b.size:
        return 255, a.size[0] * a.size[1]
    diff = ImageChops.difference(a, b)
    largest = max(high for _, high in diff.getextrema())
    changed = sum(1 for pixel in diff.getdata() if pixel != (0, 0, 0)) if largest else 0
    return largest, changed


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    parser.add_argument("--dpi", type=int, default=60)
    parser.add_argument("--keep", type=Path)
    args = parser.parse_args()
    work = args.keep or Path(tempfile.mkdtemp(prefix="pages-"))
    failed = False
    for pdf in sorted(args.before.glob("*.pdf")):
        other = args.after / pdf.name
        if not other.exists():
            print(f"{pdf.name}: missing in {args.after}")
            failed = True
            continue
        old = render(pdf, work / "before" / pdf.stem, args.dpi)
        new = render(other, work / "after" / pdf.stem, args.dpi)
        results = [compare(a, b) for a, b in zip(old, new)]
        differ = sum(1 for largest, _ in results if largest)
        largest = max((r[0] for r in results), default=0)
        pixels = sum(r[1] for r in results)
        same_count = len(old) == len(new)
        failed |= bool(differ) or not same_count
        print(f"{pdf.name}: {len(old)} pages before, {len(new)} after; {differ} differ; "
              f"largest difference {largest}/255 over {pixels} pixels")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

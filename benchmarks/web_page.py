"""The web page's size and speed: bytes (and gzipped), the cost of its figures and plan, and
first paint in headless Chromium, for the bundled note and each bundled audience.

    python benchmarks/web_page.py              # 15 loads per variant
    python benchmarks/web_page.py --loads 30 --markdown out.md

Chromium is Debian's (or $NOTEDECK_CHROMIUM), driven over the DevTools pipe by the
tests' client (tests/cdp.py); each load is a fresh navigation of the
file:// page in one browser, with the page's own paint timings read back. Nothing
here is a test. See docs/benchmarks.md, "The web page".
"""

from __future__ import annotations

import argparse
import gzip
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from cdp import Browser, find_chromium  # noqa: E402

from notedeck.stages.compose import compose  # noqa: E402
from support import gather  # noqa: E402  (the stages before compose, from Options)
from notedeck.render.web.emit import emit  # noqa: E402
from notedeck.render.web.plan import plan  # noqa: E402

BUNDLED = ROOT / "src" / "notedeck" / "notes" / "million-tokens"
VARIANTS = (None, "support-team", "research-lab")
# The page's paint timings, once the first contentful paint has happened (it may come after load).
PAINT = """new Promise((resolve) => {
  const report = () => JSON.stringify(Object.fromEntries(performance.getEntriesByType('paint')
    .map(p => [p.name, p.startTime])
    .concat([['load', performance.getEntriesByType('navigation')[0].loadEventEnd]])));
  new PerformanceObserver((list) => {
    if (performance.getEntriesByName('first-contentful-paint').length) resolve(report());
  }).observe({type: 'paint', buffered: true});
})"""


def timed(step, *args):
    started = time.perf_counter()
    value = step(*args)
    return value, time.perf_counter() - started


def measure(browser: Browser, audience: str | None, loads: int, folder: Path) -> dict:
    import json

    source = gather(BUNDLED, audience)
    (plain, _), composed = timed(compose, source)
    (live, _), with_live = timed(compose, source, True)
    page, planned = timed(plan, live)
    path = folder / (audience or "note") / "index.html"
    emit(page, path)
    paints = []
    for _ in range(loads):
        browser.open(path.as_uri())
        paints.append(json.loads(browser.js(PAINT)))
    data = page.html.split('id="notedeck-figures">', 1)[1].split("</script>", 1)[0]
    return {
        "variant": audience or "(note)", "bytes": page.size,
        "gzip": len(gzip.compress(page.html.encode("utf-8"), 9)),
        "data": len(data.encode("utf-8")),
        "live_ms": 1000 * (with_live - composed), "plan_ms": 1000 * planned,
        "first_paint_ms": statistics.median(p["first-paint"] for p in paints),
        "fcp_ms": statistics.median(p["first-contentful-paint"] for p in paints),
        "load_ms": statistics.median(p["load"] for p in paints),
        "worst_fcp_ms": max(p["first-contentful-paint"] for p in paints),
    }


def table(rows: list[dict]) -> str:
    lines = ["| variant | page KB | gzip KB | figures JSON KB | Live ms | plan ms | "
             "first paint ms | first contentful paint ms (worst) | load ms |",
             "|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        lines.append(f"| {r['variant']} | {r['bytes'] / 1000:.0f} | {r['gzip'] / 1000:.0f} | "
                     f"{r['data'] / 1000:.0f} | {r['live_ms']:.0f} | {r['plan_ms']:.0f} | "
                     f"{r['first_paint_ms']:.0f} | {r['fcp_ms']:.0f} ({r['worst_fcp_ms']:.0f}) | "
                     f"{r['load_ms']:.0f} |")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=15)
    parser.add_argument("--markdown", type=Path)
    args = parser.parse_args()
    chromium = find_chromium()
    if chromium is None:
        print("no Chromium found (install chromium or set NOTEDECK_CHROMIUM)", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as folder, Browser(chromium) as browser:
        browser.open("about:blank")
        rows = [measure(browser, audience, args.loads, Path(folder)) for audience in VARIANTS]
    text = table(rows)
    print(text)
    if args.markdown:
        args.markdown.write_text(text + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())

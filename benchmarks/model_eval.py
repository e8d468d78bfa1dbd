"""The model language's speed on the bundled note's model: reading model.yaml, checking a
scenario, a full evaluation, and a re-evaluation with one input changed (a web page's slider
moves one input: every position is a re-evaluation).

    python benchmarks/model_eval.py            # 30 rounds each
    python benchmarks/model_eval.py --rounds 100

Each case is timed over many rounds in this process (the parser built once, as in a build);
the median and the fastest round are printed. Nothing here is a test. See docs/benchmarks.md,
"The model language".
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from notedeck.model import Budget
from notedeck.readers import model as reader, yamlfile

ROOT = Path(__file__).resolve().parents[1]
MODEL = ROOT / "src" / "notedeck" / "notes" / "million-tokens" / "model.yaml"
SCENARIO = ROOT / "src" / "notedeck" / "notes" / "million-tokens" / "scenarios.yaml"


def timed(work, rounds: int) -> tuple[float, float, float]:
    """(median, fastest, median CPU) milliseconds of `work()` over `rounds` rounds; CPU time
    moves less than wall time on a shared machine."""
    times, cpu = [], []
    for _ in range(rounds):
        start, start_cpu = time.perf_counter(), time.process_time()
        work()
        times.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
    return statistics.median(times), min(times), statistics.median(cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=30)
    rounds = parser.parse_args().rounds
    start = time.process_time()
    model = reader.read(MODEL)
    first_read = (time.process_time() - start) * 1000
    source = yamlfile.load(SCENARIO)
    inputs = model.validate(source)
    evaluation = model.evaluate(inputs)
    budget = Budget(10**9)
    model.evaluate(inputs, budget)
    positions = evaluation.value("bottleneck.positions.check")

    def every_position():                       # as the check slider reads each position
        for check in positions:
            moved = evaluation.replace({"bottleneck.check": check})
            moved.value("bottleneck.featured.end_to_end_speedup")
            moved.value("bottleneck.featured.checking_share_imagined")

    cases = [
        ("read and check model.yaml (parser built)", lambda: reader.read(MODEL)),
        ("check the scenario", lambda: model.validate(source)),
        ("evaluate every figure", lambda: model.evaluate(inputs)),
        ("re-evaluate, bottleneck.check moved", lambda: evaluation.replace(
            {"bottleneck.check": "15 min"})),
        ("re-evaluate, speeds.imagined moved", lambda: evaluation.replace(
            {"speeds.imagined": 2_000_000})),
        (f"every slider position ({len(positions)} re-evaluations)", every_position),
    ]
    print(f"first read of model.yaml (lark and its saved tables loaded): {first_read:.1f} ms CPU")
    print(f"steps of one evaluation: {budget.used:,} (limit {model.limits.steps:,})")
    print(f"{'case':<56} {'median ms':>10} {'fastest':>8} {'CPU ms':>8}")
    for name, work in cases:
        median, fastest, cpu = timed(work, rounds if "every slider" not in name
                                     else max(rounds // 10, 3))
        print(f"{name:<56} {median:>10.2f} {fastest:>8.2f} {cpu:>8.2f}")


if __name__ == "__main__":
    main()

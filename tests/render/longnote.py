"""A note with forty workloads' worth of long prose: eight long experiments in every section."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from .editions import BUNDLED

SCENE = ("The {n} batch of drafts lands while the kettle is still warm, and every one of "
         "them reads smoothly, cites the brief and promises to be the last word on the "
         "matter. Someone has to sit with the pile, sort the plausible from the merely "
         "fluent, and notice which assumptions all of them quietly share. The writing took "
         "no time at all; the reading, the arguing and the deciding take the rest of the "
         "afternoon, and nobody in the room can hand that part to a faster machine. ")
SCARCE = ("Judgement about which draft deserves a real test, and the patience to run that "
          "test properly before anyone acts on the answer it gives.")
WORDS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")


def long_note(dest: Path) -> Path:
    """A copy of the bundled note with eight workloads of long scenes, each section's
    handout holding all eight experiments: forty in the handout."""
    shutil.copytree(BUNDLED, dest, ignore=shutil.ignore_patterns("__pycache__", "audiences"))
    scenarios = (dest / "scenarios.yaml").read_text(encoding="utf-8")
    head, _, tail = scenarios.partition("workloads:\n")
    rest = tail[tail.index("\nbottleneck:"):]
    workloads = "".join(
        f"  - id: w{i}\n    label: drafts of kind {WORDS[i]}\n    count: {40 + i}\n"
        f"    tokens_each: {1000 * (i + 1)}\n    title: The {WORDS[i]} long experiment\n"
        f"    scene: \"{SCENE.format(n=WORDS[i]).strip()[:690]}\"\n"
        f"    still_scarce: \"{SCARCE}\"\n" for i in range(8))
    rest = re.sub(r"workload: \w+", "workload: w1", rest, count=1)
    (dest / "scenarios.yaml").write_text(head + "workloads:\n" + workloads + rest,
                                         encoding="utf-8")
    for path in sorted((dest / "sections").glob("*.md")):
        text = path.read_text(encoding="utf-8")
        if "```items" not in text.split("# Handout", 1)[1]:
            text = text.rstrip("\n") + "\n\n```items\nexperiments\n```\n"
        path.write_text(text, encoding="utf-8")
    return dest

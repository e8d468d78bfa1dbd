"""deck.json and the build id's text: the fast indented writer is json.dumps(indent=1), exactly."""

from __future__ import annotations

import json
import random

import pytest

from notedeck.stages.compose import compose
from notedeck.deck import Stamp
from notedeck.render.dump import dumps, json_text, to_data
from support import BUNDLED, gather


def _stdlib(data) -> str:
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def test_the_bundled_deck_dumps_as_the_standard_library_does():
    deck, _ = compose(gather(BUNDLED))
    text = dumps(deck, Stamp("0123456789", "someone", (("a.b", "1 item"),)))
    assert text == _stdlib(json.loads(text))
    assert json_text(to_data(deck)) == _stdlib(to_data(deck))


def test_the_stamp_stands_in_the_meta_after_its_keywords():
    """deck.json keeps the build id, audience and figures in its meta, where tools and
    `verify` read them, though the Deck carries them beside it."""
    deck, _ = compose(gather(BUNDLED))
    meta = json.loads(dumps(deck, Stamp("0123456789", "someone", (("a.b", "1 item"),))))["meta"]
    keys = list(meta)
    assert keys[keys.index("keywords") + 1:keys.index("keywords") + 4] == \
        ["build", "variant", "figures"]
    assert (meta["build"], meta["variant"], meta["figures"]) == \
        ("0123456789", "someone", [["a.b", "1 item"]])


def _value(rnd: random.Random, depth: int = 0):
    if depth > 4 or rnd.random() < 0.3:
        return rnd.choice([None, True, False, 0, -5, 10**20, 1.5, -0.0, 1e300, float("inf"),
                           float("-inf"), float("nan"), "", 'é"\\\n\u2028\x01', "ü😀"])
    if rnd.random() < 0.5:
        return [_value(rnd, depth + 1) for _ in range(rnd.randint(0, 4))]
    return {rnd.choice(["a", "ключ", '"q']) + str(i): _value(rnd, depth + 1)
            for i in range(rnd.randint(0, 4))}


@pytest.mark.parametrize("seed", range(5))
def test_any_json_value_is_written_as_the_standard_library_writes_it(seed):
    rnd = random.Random(seed)
    for _ in range(200):
        value = _value(rnd)
        assert json_text(value) == _stdlib(value)


def test_what_the_fast_writer_does_not_expect_goes_to_the_standard_library():
    odd = {"keys": {1: "one"}, "tuple": (1, 2)}           # json.dumps turns both into JSON
    assert json_text(odd) == _stdlib(odd)

"""Values one long-running process keeps in memory by content key, bounded in count and weight."""

from __future__ import annotations

from collections import OrderedDict
from typing import Any


class Shelf:
    """At most `count` values weighing at most `weight` together (a value's weight is what its
    putter says: the length of the text it was made from, say); the least recently used go
    first. A value heavier than the whole shelf is not kept."""

    def __init__(self, count: int, weight: int = 1 << 62):
        self.count, self.weight = count, weight
        self.held: OrderedDict[str, tuple[Any, int]] = OrderedDict()
        self.weighs = 0

    def get(self, key: str) -> Any:
        """The value kept under `key`, or None."""
        found = self.held.get(key)
        if found is None:
            return None
        self.held.move_to_end(key)
        return found[0]

    def put(self, key: str, value: Any, weight: int = 1) -> None:
        self.drop(key)
        if weight > self.weight:
            return
        self.held[key] = (value, weight)
        self.weighs += weight
        while len(self.held) > self.count or self.weighs > self.weight:
            _, (_, gone) = self.held.popitem(last=False)
            self.weighs -= gone

    def drop(self, key: str) -> None:
        found = self.held.pop(key, None)
        if found is not None:
            self.weighs -= found[1]

    def __len__(self) -> int:
        return len(self.held)

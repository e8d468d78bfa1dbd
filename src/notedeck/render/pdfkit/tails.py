"""What a long chain leaves after a page: a few items of its own, then a list shared, not copied.

A Chain breaks one page off at a time. Copying what is left at every break
made a long section cost its length once per page (18,000 list items in a
handout: 469 pages, 15 s). A Tail holds the few items a break made (the parts
of a split paragraph) and the rest of the chain's list from an index, so a
break costs what its page holds.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Generic, TypeVar

T = TypeVar("T")


class Tail(Sequence, Generic[T]):
    """`own` followed by `shared[start:]`, read in place."""

    __slots__ = ("own", "shared", "start")

    def __init__(self, own: Sequence[T] = (), shared: Sequence[T] = (), start: int = 0):
        self.own, self.shared, self.start = list(own), shared, start

    def __len__(self) -> int:
        return len(self.own) + len(self.shared) - self.start

    def __getitem__(self, index):
        if isinstance(index, slice):
            start, stop, step = index.indices(len(self))
            return [self[i] for i in range(start, stop, step)]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        if index < len(self.own):
            return self.own[index]
        return self.shared[self.start + index - len(self.own)]

    def __iter__(self) -> Iterator[T]:
        yield from self.own
        for index in range(self.start, len(self.shared)):
            yield self.shared[index]

    def after(self, index: int, first: Sequence[T] = ()) -> "Tail[T]":
        """`first`, then the items from `index` on: the shared list is not copied."""
        if index < len(self.own):
            return Tail([*first, *self.own[index:]], self.shared, self.start)
        return Tail(first, self.shared, self.start + index - len(self.own))


def tail(items: Sequence[T]) -> Tail[T]:
    """`items` as a Tail (a Tail as it is; anything else shared whole, as a list)."""
    return items if isinstance(items, Tail) else Tail((), list(items), 0)

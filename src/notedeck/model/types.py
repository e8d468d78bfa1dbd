"""The static types of values: quantities with units, flags, text, lists and records."""

from __future__ import annotations

from dataclasses import dataclass

from notedeck.model.units import PLAIN, Unit


class Type:
    """A value's type, known when the model is read."""

    def described(self) -> str:
        raise NotImplementedError


@dataclass(frozen=True)
class Num(Type):
    """A number in `unit`. `zero`: a written 0 with no unit, which fits any unit."""

    unit: Unit = PLAIN
    zero: bool = False

    def described(self) -> str:
        return self.unit.described()


@dataclass(frozen=True)
class Flag(Type):
    def described(self) -> str:
        return "a flag (true or false)"


@dataclass(frozen=True)
class Text(Type):
    kind: str = "text"                     # text, prose, id

    def described(self) -> str:
        return "text"


@dataclass(frozen=True)
class ListOf(Type):
    """A list; of records it may have a key field (its items are found by key)."""

    item: Type
    key: str | None = None

    def described(self) -> str:
        return f"a list of {self.item.described()}"


@dataclass(frozen=True)
class Record(Type):
    fields: tuple[tuple[str, Type], ...]

    def field(self, name: str) -> Type | None:
        return next((t for n, t in self.fields if n == name), None)

    @property
    def names(self) -> list[str]:
        return [n for n, _ in self.fields]

    def described(self) -> str:
        more = ", ..." if len(self.fields) > 6 else ""
        return "a record (" + ", ".join(self.names[:6]) + more + ")"


FLAG = Flag()
TEXT = Text()
PLAIN_NUMBER = Num()


def same(a: Type, b: Type) -> bool:
    """Whether values of the two types may meet (in a comparison, or two branches)."""
    if isinstance(a, Num) and isinstance(b, Num):
        return a.unit == b.unit or a.zero or b.zero
    if isinstance(a, Text) and isinstance(b, Text):
        return True
    if isinstance(a, ListOf) and isinstance(b, ListOf):
        return same(a.item, b.item)
    return a == b


def joined(a: Type, b: Type) -> Type:
    """The type of two that meet: a unit-less 0 takes the other's unit."""
    if isinstance(a, Num) and a.zero:
        return b
    return a


def scalars(t: Type) -> Type:
    """The type inside any depth of lists: min, max and sum flatten lists of lists."""
    while isinstance(t, ListOf):
        t = t.item
    return t

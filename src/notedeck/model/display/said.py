"""What a kind writes with: the figures' Writer (figures/texts.py), seen from the model."""

from __future__ import annotations

from typing import Any, Protocol


class Said(Protocol):
    """One evaluation in one language: every number it gives as text has gone through the
    formatter, so a kind that writes with it shows figures as the rest of the note does."""

    evaluation: Any
    model: Any
    forms: Any                 # figures/forms.Forms: its `fmt` holds notedeck's own words

    def text(self, text: Any, row: int | None = None, bound: dict | None = None,
             prose: bool = False) -> str: ...

    def value(self, expression: Any, row: int | None = None,
              bound: dict | None = None) -> Any: ...

    def number_format(self, kind: Any, show: Any, values=()) -> Any:
        """A spreadsheet's number format for values of `kind` shown so (deck.NumberFormat)."""

"""The model language a note declares in model.yaml: inputs, formulas, units, evaluation.

Reading and checking (no I/O here: readers/model.py reads the file)::

    model = notedeck.model.read(document)            # a frozen Model, or NotedeckError
    inputs = model.validate(scenario_document)       # checked values, or NotedeckError
    evaluation = model.evaluate(inputs)              # every figure, exact
    evaluation.value("delay_multiple")            # Fraction(9, 1)
    evaluation.quantity("load.at_featured.delay")  # Quantity(32400, s)
    moved = evaluation.replace({"load.featured": "0.8"})  # only what depends on it
    column = model.expression("delay / step_time", within="crews")
    column.unit                                      # 1 (a plain number), known now
    column.evaluate(evaluation, row=1)
    model.figure("delay_multiple").show           # Show('times')

A `document` is plain data and where each part was written (readers/yamlfile.Located, or
document.Plain for data made in code). Every author error is a NotedeckError whose
problems name the file, line, key path and formula. docs/models.md describes the language.
"""

from __future__ import annotations

from notedeck.model.document import Document, Plain
from notedeck.model.limits import DEFAULT, Budget, Limits
from notedeck.model.model import Evaluation, Expression, Figure, Inputs, Model
from notedeck.model.show import FORMS, Show
from notedeck.model.types import Flag, ListOf, Num, Record, Text, Type
from notedeck.model.units import Unit
from notedeck.model.values import Quantity


def read(document: Document, limits: Limits = DEFAULT) -> Model:
    """The Model a document declares, checked: names, units, show forms, cycles, limits."""
    from notedeck.model.model import read as checked

    return checked(document, limits)


__all__ = ["read", "Model", "Inputs", "Evaluation", "Expression", "Figure", "Document",
           "Plain", "Limits", "DEFAULT", "Budget", "Show", "FORMS", "Unit", "Quantity", "Type",
           "Num", "Flag", "Text", "ListOf", "Record"]

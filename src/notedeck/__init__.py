"""notedeck: a field note in, an editable deck and a printable handout out."""

__version__ = "1.0.0"

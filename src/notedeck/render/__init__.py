"""Renderers: each turns a Deck (and drawn chart art) into one file.

Every renderer module offers ``render(deck, art, out) -> Path``. Nothing
heavy is imported here: python-pptx, reportlab and matplotlib load only
when their renderer module is imported.
"""

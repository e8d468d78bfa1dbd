"""slides.pdf: the deck drawn from its plan with reportlab (no LibreOffice)."""

"""Printed slides: 1, 2, 3 (with ruled lines for notes), 4 or 6 slides to a page, on A4 or Letter."""

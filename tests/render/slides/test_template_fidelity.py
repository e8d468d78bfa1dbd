"""slides.pdf draws what LibreOffice draws: on each of LibreOffice's Impress templates, page by
page, notedeck's slides.pdf against LibreOffice's rendering of the same deck.pptx.

Per slide, the mean difference of grey level at 30 dpi (percent of full scale); for each
template the median must be at most 3% and the 90th percentile at most 6%. What differs is
what cannot be the same: the native charts as LibreOffice lays them out against the chart
pictures, text set by two engines, antialiasing.
"""

from __future__ import annotations

import statistics

import pytest

from ..libreoffice import grey_differences, impress_templates

MEDIAN, P90 = 3.0, 6.0


@pytest.mark.parametrize("name", [p.stem for p in impress_templates()] + ["roundtrip"])
def test_slides_pdf_looks_like_libreoffices_rendering(name, note_on_every_template, tmp_path):
    built = note_on_every_template[name]
    diffs = grey_differences(built.out / "slides.pdf", built.drawn, tmp_path)
    median = statistics.median(diffs)
    p90 = sorted(diffs)[min(len(diffs) - 1, round(0.9 * (len(diffs) - 1)))]
    worst = sorted(range(len(diffs)), key=diffs.__getitem__)[-3:]
    detail = ", ".join(f"slide {i + 1}: {diffs[i]:.1f}%" for i in reversed(worst))
    assert median <= MEDIAN and p90 <= P90, (
        f"{name}: median {median:.2f}%, 90th percentile {p90:.2f}% ({detail})")

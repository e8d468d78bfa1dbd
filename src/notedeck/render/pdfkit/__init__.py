"""Drawing toolkit shared by the PDF renderers: fonts, styles, paper, flowables, footer, slides on a canvas."""

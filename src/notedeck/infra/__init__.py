"""Infrastructure that knows no note: the chart cache, build records, publishing, scratch folders."""

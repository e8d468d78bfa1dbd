"""Native charts written with python-pptx's chart API, and its XML where the API stops.

The data goes into the chart's embedded workbook (python-pptx writes it with
XlsxWriter), so "Edit Data" opens it; the workbook is rewritten with fixed
dates so the same deck gives the same bytes. Series, text and gridlines are
theme slots. python-pptx has no setting for logarithmic axes, error bars
(drawn here as gridlines at the spec's ticks), manual layouts or hidden legend
entries: those are written as DrawingML chart XML.
"""

from __future__ import annotations

import io
import zipfile

from lxml import etree

from notedeck.render.pptx.chart_plan import Label, PChart, Series, title_size
from notedeck.template.styles import Ink
from notedeck.render.pptx.write import A, colour, emu_box, solid

C = "http://schemas.openxmlformats.org/drawingml/2006/chart"
_POSITION = {"r": "RIGHT", "l": "LEFT", "t": "ABOVE", "b": "BELOW", "ctr": "CENTER",
             "out": "OUTSIDE_END"}
_MARKER = {"circle": "CIRCLE", "square": "SQUARE", "diamond": "DIAMOND",
           "triangle": "TRIANGLE", "x": "X", "star": "STAR", "plus": "PLUS", "dash": "DASH",
           "none": "NONE"}


def emit_chart(slide, planned: PChart, fixed_time):
    """The chart as a native graphic frame, with its name and alt text; returns the frame."""
    frame = _xy(slide, planned) if planned.kind == "xy" else _bars(slide, planned)
    chart = frame.chart
    _chart_text(chart, planned)
    _backing(chart, planned)
    _title(chart, planned)
    _plot_layout(chart, planned.plot)
    _axis_ids(chart)
    named(frame._element, planned)
    _fixed_workbook(chart, fixed_time)
    return frame


def named(graphic_frame, planned: PChart) -> None:
    """A chart's graphic frame named after the chart, its alt text the chart's."""
    c_nv_pr = graphic_frame.nvGraphicFramePr.cNvPr
    c_nv_pr.set("name", f"Chart: {planned.name}")
    c_nv_pr.set("descr", planned.alt_text)


def _axis_ids(chart) -> None:
    """Axis ids as the schema wants them (python-pptx writes negative ones), small enough for
    readers that keep them in 32 signed bits (LibreOffice)."""
    renumbered: dict[str, str] = {}
    for element in chart._chartSpace.iter(f"{{{C}}}axId", f"{{{C}}}crossAx"):
        value = element.get("val")
        renumbered.setdefault(value, str(500000 + len(renumbered)))
        element.set("val", renumbered[value])


# --- XY charts --------------------------------------------------------------------------

def _xy(slide, planned: PChart):
    from pptx.chart.data import XyChartData
    from pptx.enum.chart import XL_CHART_TYPE

    data = XyChartData(number_format=planned.x.code)        # x values, in the workbook
    for series in planned.series:
        target = data.add_series(series.name, number_format=planned.y.code)
        for x, y in series.points:
            target.add_data_point(x, y)
    frame = slide.shapes.add_chart(XL_CHART_TYPE.XY_SCATTER_LINES, *emu_box(planned.box), data)
    chart = frame.chart
    for series, drawn in zip(planned.series, chart.plots[0].series):
        _xy_series(drawn, series, planned)
        drawn._element.find(f"{{{C}}}xVal").find(f".//{{{C}}}formatCode").text = planned.x.code
        _label_format(drawn._element, planned.y.code)
    for axis, spec, at in ((chart.category_axis, planned.x, planned.axis_titles[0]),
                           (chart.value_axis, planned.y, planned.axis_titles[1])):
        _value_axis(axis, spec, planned, at)
        _axis_format(axis, spec.code)
    _legend(chart, planned)
    return frame


def _xy_series(drawn, series: Series, planned: PChart) -> None:
    from pptx.enum.chart import XL_MARKER_STYLE
    from pptx.util import Pt

    drawn.smooth = False
    if series.colour is None or series.line == "none":
        drawn.format.line.fill.background()
    else:
        _line(drawn.format.line, series.colour, 3.2 if series.line == "solid" else 2.0,
              series.line == "dash")
    drawn.marker.style = getattr(XL_MARKER_STYLE, _MARKER[series.marker])
    if series.marker != "none" and series.colour is not None:
        drawn.marker.size = series.marker_size
        _fill(drawn.marker.format.fill, series.colour)
        _line(drawn.marker.format.line, planned.look.background, 1.0)
    for index in series.featured:
        point = drawn.points[index].marker
        point.style, point.size = XL_MARKER_STYLE.CIRCLE, series.marker_size + 5
        _fill(point.format.fill, series.featured_colour or series.colour)
        _line(point.format.line, planned.look.text, 1.25)
    for label in series.labels:
        _label(drawn.points[label.index].data_label, label, planned, Pt(planned.sizes[2]),
               bold=label.index in series.featured, ink=series.label_colour)
    if series.gridlines:
        _gridlines(drawn, series, planned)


def _value_axis(axis, spec, planned: PChart, at: tuple[float, float]) -> None:
    from pptx.enum.chart import XL_TICK_LABEL_POSITION, XL_TICK_MARK

    from pptx.enum.chart import XL_AXIS_CROSSES

    axis.minimum_scale, axis.maximum_scale = spec.minimum, spec.maximum
    # At the plot's edge, as slides.pdf draws them: crossing at 0 an axis would hide a
    # reference line at 0 and cut through the data below it.
    axis.crosses = XL_AXIS_CROSSES.MINIMUM
    if spec.log:
        scaling = axis._element.find(f"{{{C}}}scaling")
        scaling.insert(0, etree.Element(f"{{{C}}}logBase", val="10"))
    axis.tick_label_position = XL_TICK_LABEL_POSITION.NONE      # the spec's ticks label it
    axis.major_tick_mark = axis.minor_tick_mark = XL_TICK_MARK.NONE
    axis.has_major_gridlines = axis.has_minor_gridlines = False
    _line(axis.format.line, planned.look.muted, 1.2)
    axis.has_title = True
    axis.axis_title.text_frame.text = spec.title
    _rich(axis.axis_title.text_frame, planned.sizes[1], False, planned)
    _place_title(axis._element.find(f"{{{C}}}title"), *at)


def _gridlines(drawn, series: Series, planned: PChart) -> None:
    """One gridline per tick, as an error bar from the tick's label point across the plot."""
    span = (planned.x.maximum - planned.x.minimum if series.gridlines == "x"
            else planned.y.maximum - planned.y.minimum)
    bars = etree.Element(f"{{{C}}}errBars")
    for tag, value in (("errDir", series.gridlines), ("errBarType", "plus"),
                       ("errValType", "fixedVal"), ("noEndCap", "1"), ("val", repr(span))):
        etree.SubElement(bars, f"{{{C}}}{tag}", val=value)
    props = etree.SubElement(bars, f"{{{C}}}spPr")
    line = etree.SubElement(props, f"{{{A}}}ln", w="9525")
    solid(line, planned.look.grid)
    drawn._element.find(f"{{{C}}}xVal").addprevious(bars)


# --- bars ------------------------------------------------------------------------------------

def _bars(slide, planned: PChart):
    from pptx.chart.data import CategoryChartData
    from pptx.enum.chart import XL_CHART_TYPE, XL_TICK_MARK
    from pptx.util import Pt

    data = CategoryChartData()
    data.categories = planned.categories
    for series in planned.series:
        data.add_series(series.name, [value for _, value in series.points], series.code)
    frame = slide.shapes.add_chart(getattr(XL_CHART_TYPE, planned.kind), *emu_box(planned.box),
                                   data)
    chart = frame.chart
    plot = chart.plots[0]
    plot.gap_width, plot.overlap = 45, 100 if "STACKED" in planned.kind else 0
    for series, drawn in zip(planned.series, plot.series):
        _fill(drawn.format.fill, series.colour)
        _line(drawn.format.line, planned.look.background, 1.0)
        for label in series.labels:
            _label(drawn.points[label.index].data_label, label, planned, Pt(planned.sizes[1]),
                   bold=True, ink=series.label_colour)
        _label_format(drawn._element, series.code)
    if planned.series:
        _axis_format(chart.value_axis, planned.series[0].code)
    if "100" not in planned.kind:         # from 0 to the longest bar, where the plan left
        _value_range(chart.value_axis, planned)      # room for its label
    chart.value_axis.visible = False
    chart.value_axis.has_major_gridlines = False
    categories = chart.category_axis
    categories.reverse_order = planned.kind.startswith("BAR")   # the first bar on top
    categories.major_tick_mark = XL_TICK_MARK.NONE
    categories.format.line.fill.background()
    categories.tick_labels.font.size = Pt(planned.sizes[2])
    _legend(chart, planned)
    return frame


def _value_range(axis, planned: PChart) -> None:
    """The value axis from 0 (or the lowest value) to the longest bar: the sum of its
    segments when they stack."""
    rows = list(zip(*(tuple(v for _, v in s.points) for s in planned.series)))
    if "STACKED" in planned.kind:
        longest = max((sum(max(v, 0.0) for v in row) for row in rows), default=0.0)
    else:
        longest = max((max(row) for row in rows), default=0.0)
    axis.minimum_scale = min(0.0, *(v for row in rows for v in row))
    if longest > 0:
        axis.maximum_scale = longest


# --- number formats ------------------------------------------------------------------------

def _axis_format(axis, code: str) -> None:
    """The axis's numbers in the figures' form, whatever the workbook's cells say."""
    axis.tick_labels.number_format = code
    axis.tick_labels.number_format_is_linked = False


def _label_format(ser, code: str) -> None:
    """The series' data labels in the figures' form (a label's own text still wins)."""
    for labels in ser.iter(f"{{{C}}}dLbls", f"{{{C}}}dLbl"):
        _number_format_in(labels, code)


_BEFORE_NUMFMT = ("idx", "delete", "layout", "tx")   # what precedes numFmt in a label


def _number_format_in(element, code: str) -> None:
    old = element.find(f"{{{C}}}numFmt")
    if old is not None:
        element.remove(old)
    made = etree.Element(f"{{{C}}}numFmt", formatCode=code, sourceLinked="0")
    before = [child for child in element
              if etree.QName(child).localname in (*_BEFORE_NUMFMT, "dLbl")]
    if before:
        before[-1].addnext(made)
    else:
        element.insert(0, made)


# --- shared --------------------------------------------------------------------------------

def _fill(fill, ink: Ink) -> None:
    fill.solid()
    element = fill._xPr.find(f"{{{A}}}solidFill")
    for child in list(element):
        element.remove(child)
    colour(element, ink)


def _line(line, ink: Ink, width_pt: float, dashed: bool = False) -> None:
    from pptx.enum.dml import MSO_LINE_DASH_STYLE
    from pptx.util import Pt

    line.width = Pt(width_pt)
    _fill(line.fill, ink)
    if dashed:
        line.dash_style = MSO_LINE_DASH_STYLE.DASH


def _label(data_label, label: Label, planned: PChart, size, bold: bool = False,
           ink: Ink | None = None) -> None:
    from pptx.enum.chart import XL_LABEL_POSITION

    text_frame = data_label.text_frame      # found once: each lookup searches the series
    text_frame.text = label.text
    data_label.position = getattr(XL_LABEL_POSITION, _POSITION[label.position])
    _rich(text_frame, size.pt, bold, planned, ink)
    text_frame._txBody.bodyPr.set("wrap", "none")      # one line, as written


def _rich(text_frame, size: float, bold: bool, planned: PChart, ink: Ink | None = None) -> None:
    """Every run of a chart text in the theme's text colour and font, at `size`."""
    for paragraph in text_frame.paragraphs:
        for run in paragraph.runs:
            rpr = run._r.get_or_add_rPr()
            rpr.set("sz", str(round(size * 100)))
            rpr.set("b", "1" if bold else "0")
            for child in list(rpr):
                rpr.remove(child)
            solid(rpr, ink or planned.look.text)
            etree.SubElement(rpr, f"{{{A}}}latin", typeface=planned.look.typeface)


def _backing(chart, planned: PChart) -> None:
    """The chart's area filled where the ground behind its box is split (colours.Look)."""
    backing = getattr(planned.look, "backing", None)
    if backing is None:
        return
    props = chart._chartSpace.find(f"{{{C}}}spPr")
    if props is None:
        props = etree.Element(f"{{{C}}}spPr")
        chart._chartSpace.find(f"{{{C}}}chart").addnext(props)
    for child in list(props):
        props.remove(child)
    solid(props, backing)


def _chart_text(chart, planned: PChart) -> None:
    """The chart's default text: the theme font in the theme's text colour."""
    from pptx.util import Pt

    chart.font.size = Pt(planned.sizes[2])
    rpr = chart._chartSpace.find(f"{{{C}}}txPr/{{{A}}}p/{{{A}}}pPr/{{{A}}}defRPr")
    solid(rpr, planned.look.text)
    etree.SubElement(rpr, f"{{{A}}}latin", typeface=planned.look.typeface)


def _title(chart, planned: PChart) -> None:
    chart.has_title = True
    chart.chart_title.text_frame.text = planned.title
    _rich(chart.chart_title.text_frame, title_size(planned.title, planned.box, planned.face),
          True, planned)
    _place_title(chart._chartSpace.find(f"{{{C}}}chart/{{{C}}}title"), 0.01, 0.01)


def _place_title(title, x: float, y: float) -> None:
    """A title at a fixed place (top-left corner, fractions of the chart), its lines
    aligned left."""
    for paragraph in title.iter(f"{{{A}}}p"):
        props = paragraph.find(f"{{{A}}}pPr")
        if props is None:
            props = etree.Element(f"{{{A}}}pPr")
            paragraph.insert(0, props)
        props.set("algn", "l")
    old = title.find(f"{{{C}}}layout")
    if old is not None:
        title.remove(old)
    title.find(f"{{{C}}}tx").addnext(_manual(x, y))


def _manual(x: float, y: float, w: float | None = None, h: float | None = None,
            inner: bool = False):
    layout = etree.Element(f"{{{C}}}layout")
    manual = etree.SubElement(layout, f"{{{C}}}manualLayout")
    if inner:
        etree.SubElement(manual, f"{{{C}}}layoutTarget", val="inner")
    etree.SubElement(manual, f"{{{C}}}xMode", val="edge")
    etree.SubElement(manual, f"{{{C}}}yMode", val="edge")
    for tag, value in (("x", x), ("y", y), ("w", w), ("h", h)):
        if value is not None:
            etree.SubElement(manual, f"{{{C}}}{tag}", val=f"{value:.4f}")
    return layout


def _plot_layout(chart, plot: tuple[float, float, float, float]) -> None:
    area = chart._chartSpace.find(f"{{{C}}}chart/{{{C}}}plotArea")
    old = area.find(f"{{{C}}}layout")
    if old is not None:
        area.remove(old)
    area.insert(0, _manual(*plot, inner=True))


def _legend(chart, planned: PChart) -> None:
    from pptx.enum.chart import XL_LEGEND_POSITION

    chart.has_legend = bool(planned.legend)
    if not planned.legend:
        return
    chart.legend.position = (XL_LEGEND_POSITION.RIGHT if planned.legend == "r"
                             else XL_LEGEND_POSITION.TOP)
    chart.legend.include_in_layout = False
    position = chart.legend._element.find(f"{{{C}}}legendPos")
    for index, series in reversed(list(enumerate(planned.series))):
        if not series.legend:
            entry = etree.Element(f"{{{C}}}legendEntry")
            etree.SubElement(entry, f"{{{C}}}idx", val=str(index))
            etree.SubElement(entry, f"{{{C}}}delete", val="1")
            position.addnext(entry)
    if planned.legend_at is not None:       # where the plan left room: never over the plot
        old = chart.legend._element.find(f"{{{C}}}layout")
        if old is not None:
            old.getparent().remove(old)
        entries = chart.legend._element.findall(f"{{{C}}}legendEntry")
        (entries[-1] if entries else position).addnext(_manual(*planned.legend_at))


def _fixed_workbook(chart, fixed_time) -> None:
    """The embedded workbook with fixed dates in its properties and its zip entries."""
    part = chart.part.chart_workbook.xlsx_part
    if part is None:
        return
    when = fixed_time()
    moment = when.strftime("%Y-%m-%dT%H:%M:%SZ")
    date_time = (max(when.year, 1980), when.month, when.day, when.hour, when.minute,
                 when.second)
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(part.blob)) as zin, \
            zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zout:
        for item in zin.infolist():
            data = zin.read(item.filename)
            if item.filename == "docProps/core.xml":
                data = _fixed_core(data, moment)
            info = zipfile.ZipInfo(item.filename, date_time=date_time)
            info.compress_type = zipfile.ZIP_DEFLATED
            zout.writestr(info, data)
    chart.part.chart_workbook.update_from_xlsx_blob(out.getvalue())


def _fixed_core(data: bytes, moment: str) -> bytes:
    import re

    return re.sub(rb"(<dcterms:(created|modified)[^>]*>)[^<]*(</dcterms:)",
                  lambda m: m.group(1) + moment.encode() + m.group(3), data)

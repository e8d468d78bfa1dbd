"""notedeck/options.py: the one Options object, the output-folder rule, what renderers may read."""

from __future__ import annotations

from pathlib import Path

import pytest

from notedeck.options import Options, Settings


def test_the_output_folder_rule():
    assert Options.make(Path("c")).out == Path("output")
    assert Options.make(Path("c"), audience="lab").out == Path("output/lab")
    assert Options.make(Path("c"), Path("mine"), audience="lab").out == Path("mine")
    every = Options.make(Path("c"), Path("all"))
    assert every.variant("lab").out == Path("all/lab") and every.variant(None).out == Path("all")
    assert every.variant("lab").audience == "lab"


def test_options_are_frozen():
    with pytest.raises(AttributeError):
        Options(Path("c")).paper = "letter"


def test_a_renderer_sees_only_the_options_it_declares():
    settings = Settings(Options(Path("c"), paper="letter"), ("paper",))
    assert settings.paper == "letter"
    with pytest.raises(AttributeError, match="does not declare the option 'audience'"):
        settings.audience


def test_a_chart_form_the_cli_does_not_offer_is_refused_when_the_options_are_made():
    assert Options(Path("c"), charts="picture").charts == "picture"
    with pytest.raises(ValueError, match="charts is one of native, picture, not 'bogus'"):
        Options(Path("c"), charts="bogus")


def test_an_audience_name_that_cannot_name_a_folder_is_refused_with_out_given_too():
    from notedeck.errors import NotedeckError

    for out in (None, Path("mine")):
        with pytest.raises(NotedeckError, match="the audience name '..' cannot name its output"):
            Options.make(Path("c"), out, audience="..")

"""Every bad-input case ends in its message, and yesterday's outputs stay byte-for-byte."""

from __future__ import annotations

import os

import pytest

from support import build
from notedeck.errors import NotedeckError

from .cases import ADAPTED, CASES
from .helpers import snapshot


def test_there_are_at_least_forty_cases():
    assert len(CASES) >= 40
    assert len({case.id for case in CASES}) == len(CASES)


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_bad_input_is_refused_with_its_message_and_outputs_are_untouched(case, note, output):
    case.edit(note)
    out = case.out(note, output) if case.out else output
    before = snapshot(output), snapshot(note), os.path.lexists(out)
    with pytest.raises(NotedeckError) as info:
        build(note, out, audience=case.audience, strict=case.strict,
              scenarios_file=note / case.scenarios if case.scenarios else None)
    reported = "\n".join(problem.report() for problem in info.value.problems)
    for expected in case.expected:
        assert expected in reported
    if case.count is not None:
        assert len(info.value.problems) == case.count, reported
    assert (snapshot(output), snapshot(note), os.path.lexists(out)) == before
    assert not (note / "PWNED").exists() and not (output / "PWNED").exists()


@pytest.mark.parametrize("case", ADAPTED, ids=[case.id for case in ADAPTED])
def test_a_template_notedeck_adapts_builds_with_a_warning_that_says_what_it_did(case, note,
                                                                                output):
    case.edit(note)
    result = build(note, output)
    warned = "\n".join(f"{w.where.file}: {w.message}" for w in result.warnings)
    for expected in case.expected:
        assert expected in warned, warned
    assert (output / "deck.pptx").is_file()


def test_every_finding_of_the_second_red_team_is_held_by_a_case_or_a_test():
    import importlib
    from .cases import FINDINGS

    assert sorted(FINDINGS) == list(range(1, 15))
    ids = {case.id for case in CASES}
    for finding, held in FINDINGS.items():
        for name in held:
            if "::" not in name:
                assert name in ids, (finding, name)
                continue
            module, test = name.split("::")
            found = importlib.import_module(f"{__package__}.{module.removesuffix('.py')}")
            assert callable(getattr(found, test, None)), (finding, name)

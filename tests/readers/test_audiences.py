import pytest

from notedeck.errors import NotedeckError
from support import gather


def test_audience_replaces_workloads_and_merges_bottleneck(note):
    source = gather(note, "support-team")
    assert source.evaluation.value("workloads.id") == ("replies", "articles", "calls")
    assert source.evaluation.value("speeds.imagined") == 1_000_000   # kept from scenarios.yaml
    assert source.names["audience"]["name"] == "Customer support team"


def test_unknown_audience_lists_the_known_ones(note):
    with pytest.raises(NotedeckError) as info:
        gather(note, "suport-team")
    text = str(info.value)
    assert "Did you mean 'support-team'?" in text and "research-lab, support-team" in text


def test_error_in_an_audience_names_the_audience_file(note):
    path = note / "audiences" / "research-lab.yaml"
    path.write_text(path.read_text().replace("count:", "count: many #", 1))
    with pytest.raises(NotedeckError) as info:
        gather(note, "research-lab")
    assert "research-lab.yaml:" in str(info.value)


def test_placeholder_errors_in_audience_prose_name_the_audience_file_all_at_once(note):
    path = note / "audiences" / "support-team.yaml"
    text = path.read_text()
    text = text.replace("{{ workloads['replies'].count.words }}", "{{ workloads['replies'].cont.words }}")
    path.write_text(text.replace("{{ workloads['articles'].count.words }}", "{{ workloads['artcles'].count.words }}"))
    with pytest.raises(NotedeckError) as info:
        gather(note, "support-team")
    problems = [str(p) for p in info.value.problems]
    assert len(problems) == 2 and all("support-team.yaml:" in p for p in problems)
    assert "did you mean 'count'?" in problems[0] and "did you mean 'articles'?" in problems[1]

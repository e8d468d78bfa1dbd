"""The in-memory shelf a loaded process keeps values on: bounded in count and in weight."""

from notedeck.infra.shelf import Shelf


def test_the_least_recently_used_go_first_past_the_count():
    shelf = Shelf(2)
    shelf.put("a", 1)
    shelf.put("b", 2)
    assert shelf.get("a") == 1                      # a is now the more recent
    shelf.put("c", 3)
    assert (shelf.get("a"), shelf.get("b"), shelf.get("c")) == (1, None, 3)
    assert len(shelf) == 2


def test_weight_is_bounded_and_a_value_heavier_than_the_shelf_is_not_kept():
    shelf = Shelf(10, weight=100)
    shelf.put("a", "x", weight=60)
    shelf.put("b", "y", weight=50)                  # 110: a goes
    assert shelf.get("a") is None and shelf.get("b") == "y"
    shelf.put("huge", "z", weight=101)
    assert shelf.get("huge") is None and shelf.get("b") == "y"
    shelf.put("b", "w", weight=10)                  # put again: weighed again
    assert shelf.weighs == 10 and shelf.get("b") == "w"

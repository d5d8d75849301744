"""Graphs: winnings lines, all-in adjusted equity, position bars, hostile names."""

from __future__ import annotations

from fractions import Fraction

import duckdb
import pytest

from pipeline.ingest.run import import_paths
from reports.equity import card_id, equity_shares
from reports.filters import Filters
from reports.graph import (
    GraphError,
    figure_bytes,
    position_figure,
    position_frame,
    winnings_figure,
    winnings_series,
)
from tests.support.paths import SAMPLES


@pytest.fixture(scope="module")
def con(tmp_path_factory):
    db = tmp_path_factory.mktemp("graph") / "g.duckdb"
    import_paths([SAMPLES / "cash_nl10_ankaa.txt"], db)
    c = duckdb.connect(str(db), read_only=True)
    yield c
    c.close()


def ids(text):
    return tuple(card_id(c) for c in text.split())


def test_equity_on_the_turn_by_hand():
    # AhAs vs KdKc on 7c 2d 9s 3h: only the two remaining kings win for KK -> 2/44
    shares = equity_shares({1: ids("Ah As"), 2: ids("Kd Kc")}, ids("7c 2d 9s 3h"),
                           [(Fraction(100), (1, 2))])
    assert shares == {1: Fraction(100 * 42, 44), 2: Fraction(100 * 2, 44)}


def test_equity_splits_ties_and_side_pots():
    # the board plays (a royal flush): everyone ties, each pot is split among its eligible
    shares = equity_shares({1: ids("2c 3d"), 2: ids("4c 5d"), 3: ids("6c 7d")},
                           ids("Ah Kh Qh Jh Th"), [(Fraction(90), (1, 2, 3)),
                                                        (Fraction(40), (2, 3))])
    assert shares == {1: Fraction(30), 2: Fraction(50), 3: Fraction(50)}


def test_winnings_lines_add_up(con):
    s = winnings_series(con, Filters(player="sidepot_hero"), unit="money", adjusted=False)
    assert s.hands == 11 and s.unit == "USD"
    assert s.net[-1] == pytest.approx(s.showdown[-1] + s.non_showdown[-1])
    assert s.allin_adjusted is None


def test_allin_adjusted_line(con):
    # hand 247100000108: lowball_lu's aces lose a preflop all-in to Grunfeld's kings
    s = winnings_series(con, Filters(player="lowball_lu"), unit="money", adjusted=True)
    assert s.adjusted_hands == 1
    assert s.allin_adjusted[-1] > s.net[-1] + 5  # about 82% of an $11 pot instead of nothing


def test_money_graph_refuses_mixed_currencies(tmp_path):
    db = tmp_path / "m.duckdb"
    import_paths([SAMPLES], db)
    with duckdb.connect(str(db), read_only=True) as c:
        with pytest.raises(GraphError):
            winnings_series(c, Filters(player="sidepot_hero"), unit="money", adjusted=False)
        s = winnings_series(c, Filters(player="sidepot_hero"), unit="bb", adjusted=False)
        assert s.hands == 21


@pytest.mark.parametrize("name", ["$$Bob", "a$\\frac{1}{$", "x\x1b[31m\x07y", "\"'<b>", "$"])
def test_hostile_names_draw(con, name):
    s = winnings_series(con, Filters(player="sidepot_hero"), unit="bb", adjusted=False)
    png = figure_bytes(winnings_figure(s, name))
    assert png.startswith(b"\x89PNG")
    svg = figure_bytes(position_figure(position_frame(con, Filters(player="sidepot_hero")),
                                       name), "svg")
    assert b"<svg" in svg


def test_position_frame(con):
    frame = position_frame(con, Filters(player="sidepot_hero"))
    assert frame["hands"].sum() == 11
    assert frame["position"].tolist()[-2:] == ["SB", "BB"]

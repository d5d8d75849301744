"""Reports on tiny hand-built store rows, every figure computed by hand."""

from __future__ import annotations

import ast
from pathlib import Path

import duckdb
import pytest

from reports.audit import findings_by_code
from reports.stats import player_stats
from tests.support.store_rows import insert, new_store

SEATS = {"a": 1, "b": 2, "c": 3}


@pytest.fixture
def con():
    c = duckdb.connect()
    new_store(c)
    # three $0.05/$0.10 hands, players a, b, c
    for hid in ("1", "2", "3"):
        insert(c, "INSERT INTO hands (site, hand_id, currency, big_blind) "
                  "VALUES ('s', ?, 'USD', 0.10)", [hid])

    def seat(hid, player, net):
        insert(c, "INSERT INTO seats (site, hand_id, seat, player, net, sitting_out) "
                  "VALUES ('s', ?, ?, ?, ?, false)", [hid, SEATS[player], player, net])

    def act(hid, seq, player, kind):
        insert(c, "INSERT INTO actions (site, hand_id, seq, street, seat, player, kind) "
                  "VALUES ('s', ?, ?, 'preflop', ?, ?, ?)", [hid, seq, SEATS[player], player, kind])

    # hand 1: a raises, b calls, c folds (a wins 0.25)
    for p, n in (("a", "0.25"), ("b", "-0.20"), ("c", "-0.05")):
        seat("1", p, n)
    for i, (p, k) in enumerate([("b", "post_sb"), ("c", "post_bb"), ("a", "raise"),
                                ("b", "call"), ("c", "fold")]):
        act("1", i, p, k)
    # hand 2: a and b fold to c: a walk for c (no decision), c wins 0.05
    for p, n in (("a", "0"), ("b", "-0.05"), ("c", "0.05")):
        seat("2", p, n)
    for i, (p, k) in enumerate([("b", "post_sb"), ("c", "post_bb"), ("a", "fold"),
                                ("b", "fold")]):
        act("2", i, p, k)
    # hand 3: a limps, b raises, c folds, a calls; b wins 0.60
    for p, n in (("a", "-0.30"), ("b", "0.60"), ("c", "-0.10")):
        seat("3", p, n)
    for i, (p, k) in enumerate([("b", "post_sb"), ("c", "post_bb"), ("a", "call"),
                                ("b", "raise"), ("c", "fold"), ("a", "call")]):
        act("3", i, p, k)
    insert(c, "INSERT INTO findings (site, hand_id, code, severity, message, line) "
              "VALUES ('s','1','pot_mismatch','error','m',3),"
              "('s','1','payout_unverified','info','m',0),('s','2','pot_mismatch','error','m',4)")
    yield c
    c.close()


def test_vpip_pfr_by_hand(con):
    df = player_stats(con).set_index("player")
    # a: 3 hands, 3 decisions, VPIP in 1 and 3 -> 66.7, PFR in 1 -> 33.3
    assert df.loc["a", ["hands", "vpip_opps", "vpip_hands", "pfr_hands"]].tolist() == [3, 3, 2, 1]
    assert df.loc["a", "vpip"] == pytest.approx(66.7)
    assert df.loc["a", "pfr"] == pytest.approx(33.3)
    # b: calls in 1, raises in 3, folds in 2 -> VPIP 2/3, PFR 1/3
    assert df.loc["b", ["vpip_hands", "pfr_hands"]].tolist() == [2, 1]
    # c: hand 2 is a walk (no decision): 2 opportunities, no VPIP
    assert df.loc["c", ["hands", "vpip_opps", "vpip_hands"]].tolist() == [3, 2, 0]
    assert df.loc["c", "vpip"] == 0
    # net won exact; bb/100: a (2.5 + 0 - 3) bb over 3 hands -> -16.67
    assert str(df.loc["a", "net_won"]) == "-0.05"
    assert df.loc["a", "bb_per_100"] == pytest.approx(-16.67)
    assert df.loc["b", "bb_per_100"] == pytest.approx(116.67)


def test_player_filter(con):
    df = player_stats(con, player="c")
    assert df["player"].tolist() == ["c"]
    assert player_stats(con, player="nobody").empty


def test_findings_by_code(con):
    df = findings_by_code(con)
    assert df["code"].tolist() == ["pot_mismatch", "payout_unverified"]
    assert df.iloc[0]["findings"] == 2 and df.iloc[0]["hands"] == 2
    assert list(df.iloc[0]["examples"]) == ["s:1", "s:2"]
    assert findings_by_code(con, severity="info")["code"].tolist() == ["payout_unverified"]


def test_reports_import_neither_parsers_nor_pipeline():
    root = Path(__file__).resolve().parents[2] / "reports"
    for path in root.rglob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                assert not name.startswith(("parsers", "pipeline")), (path, name)

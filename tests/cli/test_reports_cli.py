"""The reporting commands end to end: stats formats, audit export, graph and report files."""

from __future__ import annotations

import json
import re

import pandas as pd
import pytest
from typer.testing import CliRunner

from pipeline.cli.app import app
from tests.support.paths import SAMPLES

runner = CliRunner()


@pytest.fixture(scope="module")
def db(tmp_path_factory) -> str:
    path = str(tmp_path_factory.mktemp("rcli") / "r.duckdb")
    assert runner.invoke(app, ["import", str(SAMPLES), "--db", path]).exit_code == 0
    return path


def test_stats_formats(db, tmp_path):
    out = runner.invoke(app, ["stats", "--db", db, "--cash", "--format", "json"])
    rows = json.loads(out.stdout)
    assert {r["currency"] for r in rows} == {"USD"}
    assert all("vpip_opps" in r and "three_bet_hands" in r for r in rows)
    csv = runner.invoke(app, ["stats", "--db", db, "--player", "Olek", "--format", "csv"])
    assert csv.stdout.splitlines()[0].startswith("site,player,currency,hands")
    pq = tmp_path / "s.parquet"
    assert runner.invoke(app, ["stats", "--db", db, "--format", "parquet", "-o",
                               str(pq)]).exit_code == 0
    assert len(pd.read_parquet(pq)) == len(json.loads(
        runner.invoke(app, ["stats", "--db", db, "--json"]).stdout))


def test_bad_filters_are_usage_errors(db):
    bad = runner.invoke(app, ["stats", "--db", db, "--stakes", "x/y"])
    assert bad.exit_code == 2 and "stakes" in bad.stderr
    both = runner.invoke(app, ["stats", "--db", db, "--cash", "--tournament"])
    assert both.exit_code == 2


def test_audit_export(tmp_path):
    # A sample hand whose printed total pot was tampered with: the audit must list it.
    hand = (SAMPLES / "cash_nl10_ankaa.txt").read_text("utf-8").strip().split("\n\n\n")[0]
    total = re.search(r"^Total pot \$(\d+)\.(\d\d)", hand, re.M)
    cents = int(total[1]) * 100 + int(total[2]) + 1
    bad = hand[: total.start(1) - 1] + f"${cents // 100}.{cents % 100:02d}" + hand[total.end(2) :]
    (tmp_path / "tampered.txt").write_text(bad + "\n", "utf-8")
    path = str(tmp_path / "a.duckdb")
    imported = runner.invoke(app, ["import", str(tmp_path / "tampered.txt"), "--db", path])
    assert imported.exit_code == 0
    out = runner.invoke(app, ["audit", "--db", path, "--format", "json"])
    rows = json.loads(out.stdout)
    assert rows and {"site", "hand_id", "code", "severity", "source_file"} <= set(rows[0])
    assert any(r["code"] == "total_pot_mismatch" and r["severity"] == "error" for r in rows)


def test_graph_and_report(db, tmp_path):
    png, svg, page = tmp_path / "g.png", tmp_path / "p.svg", tmp_path / "r.html"
    res = runner.invoke(app, ["graph", "--db", db, "--player", "Olek", "--unit", "bb",
                              "-o", str(png), "--positions", str(svg), "--no-adjusted"])
    assert res.exit_code == 0, res.output
    assert png.read_bytes().startswith(b"\x89PNG") and b"<svg" in svg.read_bytes()
    assert runner.invoke(app, ["graph", "--db", db]).exit_code == 2  # whose graph?
    res = runner.invoke(app, ["report", "--db", db, "-o", str(page), "--cash", "--no-adjusted",
                              "--min-hands", "10", "--max-hands", "3"])
    assert res.exit_code == 0, res.output
    text = page.read_text("utf-8")
    data = json.loads(re.search(r'id="page-data">(.*?)</script>', text, re.S).group(1))
    assert len(data["hands"]) == 3 and data["hands_cap"] == 3
    assert data["filters"] == ["cash"] and data["summary"]["tournament_hands"] == 0
    assert min(r[data["stats"]["cols"].index("hands")] for r in data["stats"]["rows"]) >= 10
    assert "--max-hands" in runner.invoke(app, ["report", "--help"]).stdout


def test_stats_sort_and_top(db):
    def rows(*args: str) -> list[dict]:
        res = runner.invoke(app, ["stats", "--db", db, "--json", *args])
        assert res.exit_code == 0, res.output
        return json.loads(res.stdout)

    every = rows()
    best = rows("--sort", "bb_per_100", "--top", "3")
    assert len(best) == 3
    ranked = sorted((r["bb_per_100"] for r in every if r["bb_per_100"] is not None),
                    reverse=True)
    assert [r["bb_per_100"] for r in best] == ranked[:3]
    worst = rows("--sort", "BB_PER_100", "--ascending", "--top", "1")  # any case
    assert worst[0]["bb_per_100"] == ranked[-1]
    names = [r["player"] for r in rows("--sort", "player")]
    assert names == sorted(names)
    assert len(rows("--top", "2")) == 2 and rows("--top", "2") == every[:2]
    bad = runner.invoke(app, ["stats", "--db", db, "--sort", "nope"])
    assert bad.exit_code == 2 and "vpip" in bad.output

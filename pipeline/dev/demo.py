"""`make demo`: import data/samples into a fresh demo.duckdb and print what sidepot found.

It prints the import summary, then ends with the player statistics, the audit summary and the
paths of the winnings graph and the HTML report it wrote, using the same library calls and
renderers as the CLI, so the demo shows exactly what users get.
"""

from __future__ import annotations

from pathlib import Path

import duckdb

from pipeline.cli.importing import render_summary
from pipeline.cli.reports import _stats_table, render_audit
from pipeline.ingest.run import import_paths
from reports.audit import findings_by_code, overview
from reports.filters import Filters
from reports.graph import figure_bytes, winnings_figure, winnings_series
from reports.html import build_report
from reports.stats import player_stats

REPO = Path(__file__).resolve().parents[2]
SAMPLES = REPO / "data" / "samples"
DB = Path("demo.duckdb")
GRAPH = Path("demo-winnings.png")
REPORT = Path("demo-report.html")
HERO = "sidepot_hero"


def main() -> None:
    for stale in (DB, Path(f"{DB}.wal")):
        stale.unlink(missing_ok=True)
    summary = import_paths([SAMPLES], DB)
    print(f"== sidepot import {SAMPLES.relative_to(REPO)} --db {DB}")
    print(render_summary(summary))
    hero = Filters(player=HERO, tournament=False)
    with duckdb.connect(str(DB), read_only=True) as con:
        totals = overview(con)
        audit = findings_by_code(con)
        stats = player_stats(con)
        series = winnings_series(con, hero, unit="money")
        GRAPH.write_bytes(figure_bytes(winnings_figure(series, f"{HERO}: cash games")))
        REPORT.write_text(build_report(con, graph_player=HERO), encoding="utf-8")
    print(f"\nTry: sidepot show pokerstars:247300000405 --db {DB}")
    print("\n== sidepot stats")
    print(_stats_table(stats).plain())
    print("\n== sidepot audit")
    print(render_audit(totals, audit))
    print(f"\n== sidepot graph --player {HERO} --cash -o {GRAPH}")
    print(GRAPH.resolve())
    print(f"\n== sidepot report -o {REPORT}")
    print(REPORT.resolve())

if __name__ == "__main__":
    main()

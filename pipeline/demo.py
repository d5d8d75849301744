"""`make demo`: import data/samples into a fresh demo.duckdb and print what sidepot found.

It prints the import summary, the audit (findings by code) and the player statistics, using
the same library calls and renderers as the CLI, so the demo shows exactly what users get.
"""

from __future__ import annotations

from pathlib import Path

import duckdb

from pipeline.cli import render_summary
from pipeline.ingest import import_paths
from pipeline.render import money, table
from reports.audit import findings_by_code, overview
from reports.stats import player_stats

REPO = Path(__file__).resolve().parent.parent
SAMPLES = REPO / "data" / "samples"
DB = Path("demo.duckdb")


def main() -> None:
    for stale in (DB, Path(f"{DB}.wal")):
        stale.unlink(missing_ok=True)
    summary = import_paths([SAMPLES], DB)
    print(f"== sidepot import {SAMPLES.relative_to(REPO)} --db {DB}")
    print(render_summary(summary))
    with duckdb.connect(str(DB), read_only=True) as con:
        totals = overview(con)
        audit = findings_by_code(con)
        stats = player_stats(con)
    print("\n== sidepot audit")
    print(f"{totals['hands']} hands, {totals['hands_with_errors']} with errors, "
          f"{totals['findings']} findings, {totals['rejects']} rejects")
    print(table(audit, ["severity", "code", "findings", "hands", "examples"]))
    print("\n== sidepot stats")
    stats = stats.assign(net_won=[money(v, c, 0 if c == "CHIPS" else 2)
                                  for v, c in zip(stats["net_won"], stats["currency"],
                                                  strict=True)])
    print(table(stats, ["player", "currency", "hands", "vpip", "pfr", "net_won", "bb_per_100"]))
    print(f"\nTry: sidepot show pokerstars:247300000405 --db {DB}")


if __name__ == "__main__":
    main()

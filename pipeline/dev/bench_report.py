"""Benchmark of the report commands over the real corpus: ``sidepot report`` (the whole page)
and ``sidepot graph --player P --site ignition --cash`` (winnings with the all-in adjusted
line), each timed end to end as a user runs it (a fresh ``sidepot`` process).

Targets (issue 16): the report under 15 s, the graph under 3 s. Both read the all-in adjusted
results the import stored (``allin_equity``), so neither enumerates boards.

The corpus (``$SIDEPOT_CORPUS`` or ../shared/corpus) is imported once into a store under
``/tmp`` (``--db`` to choose; kept for the next run, and its import time is recorded when it
was made). Each command runs ``--repeat`` times; the best and the median are kept. The figures
are printed and merged into ``bench/results.json`` under ``report``. Without the corpus the
benchmark says so and exits 0 (``make bench`` runs elsewhere too).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

import duckdb

REPO = Path(__file__).resolve().parents[2]
BENCH = REPO / "bench"
DEFAULT_DB = Path(tempfile.gettempdir()) / "sidepot-bench-report" / "corpus.duckdb"
REPORT_TARGET, GRAPH_TARGET = 15.0, 3.0


def _corpus() -> Path | None:
    path = Path(os.environ.get("SIDEPOT_CORPUS", REPO.parent / "shared" / "corpus"))
    return path if path.is_dir() else None


def _sidepot(*args: str) -> float:
    """Seconds one ``sidepot`` command takes, start to exit (it must succeed)."""
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "pipeline.cli", *args], cwd=REPO, check=True,
                   stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def _ensure_store(db: Path, corpus: Path) -> float | None:
    """Import the corpus into ``db`` unless done, with the default settings a user gets (the
    all-in results stored where the native core counts them); the import's seconds."""
    if db.exists():
        return None
    db.parent.mkdir(parents=True, exist_ok=True)
    print(f"importing {corpus} into {db} (once)", file=sys.stderr)
    return _sidepot("import", str(corpus), "--db", str(db))


def _graph_player(db: Path) -> str:
    """The player with most Ignition cash hands (the corpus's hero there; the seat labels of
    Ignition's anonymous tables are no players)."""
    with duckdb.connect(str(db), read_only=True) as con:
        row = con.execute(
            "SELECT s.player FROM seats s JOIN hands h USING (site, hand_id) "
            "WHERE h.site = 'ignition' AND NOT h.is_tournament AND NOT s.anonymous "
            "GROUP BY s.player ORDER BY count(*) DESC, s.player LIMIT 1").fetchall()
        hands = con.execute("SELECT count(*) FROM hands").fetchall()[0][0]
    if not row:
        raise SystemExit(f"{db}: no Ignition cash hands to graph")
    player = str(row[0][0])  # the first row's only column: fetchall() gives tuples
    print(f"{db}: {hands:,} hands; graph player {player!r}", file=sys.stderr)
    return player


def _timed(label: str, repeat: int, args: Sequence[str]) -> dict[str, float]:
    runs = [_sidepot(*args) for _ in range(repeat)]
    figures = {"best_seconds": round(min(runs), 2),
               "median_seconds": round(statistics.median(runs), 2), "runs": len(runs)}
    print(f"{label:<8} best {figures['best_seconds']:6.2f} s  median "
          f"{figures['median_seconds']:6.2f} s  ({repeat} runs)", file=sys.stderr)
    return figures


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, default=DEFAULT_DB, help="store of the corpus")
    parser.add_argument("--repeat", type=int, default=3, help="runs per command")
    args = parser.parse_args(argv)
    corpus = _corpus()
    if corpus is None:
        print("bench_report: no corpus (../shared/corpus or $SIDEPOT_CORPUS): skipped",
              file=sys.stderr)
        return 0
    imported = _ensure_store(args.db, corpus)
    player = _graph_player(args.db)
    with tempfile.TemporaryDirectory() as tmp:
        page, png = Path(tmp) / "report.html", Path(tmp) / "winnings.png"
        report = _timed("report", args.repeat, ["report", "--db", str(args.db), "-o", str(page)])
        report["page_bytes"] = page.stat().st_size
        graph = _timed("graph", args.repeat, ["graph", "--db", str(args.db), "--player", player,
                                              "--site", "ignition", "--cash", "-o", str(png)])
    section = {
        "store": str(args.db), "cpus": os.cpu_count(), "graph_player": player,
        "report": {**report, "target_seconds": REPORT_TARGET},
        "graph": {**graph, "target_seconds": GRAPH_TARGET},
    }
    if imported is not None:
        section["import_seconds"] = round(imported, 1)
    results = BENCH / "results.json"
    data = json.loads(results.read_text()) if results.exists() else {}
    data["report"] = {**data.get("report", {}), **section}
    results.parent.mkdir(exist_ok=True)
    results.write_text(json.dumps(data, indent=2))
    print(f"written: {results} (report)", file=sys.stderr)
    late = [name for name, fig, target in (("report", report, REPORT_TARGET),
                                           ("graph", graph, GRAPH_TARGET))
            if fig["best_seconds"] > target]
    if late:
        print(f"over target: {', '.join(late)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""`make bench` (stats part): how long `sidepot stats` takes for every player of a big store.

The target (issues 5 and 7): player statistics for all players of one million hands, and of ten
million, in under two seconds, from DuckDB and from the Parquet export.

Why the data is built this way: dealing, writing and importing ten million hands through the
real pipeline would take hours, and the query only cares about row counts and shapes. So a
*base* of simulated hands (``pipeline.sim.dealer``, written as PokerStars text, imported with
``import_paths``: exactly what users store) is replicated in SQL: copy ``k`` of every row gets
the hand id ``<id>-<k>``, a start time shifted past the previous copy, and its player names
rotated through a pool (``pool_name``), so each player's hand count grows the way it would with
more tables, and a hand never has the same player twice. Stores are cached under ``bench/``
(git-ignored) and rebuilt only when missing.

Figures: hands, players, seconds (cold = first query of a fresh process, warm = best of three
in the same process), the CLI as a user runs it (``sidepot stats --format csv -o /dev/null``,
best of three, wall clock including start-up) with its peak memory, and the load average, since
the machine is shared. They are printed and merged into ``bench/results.json`` under ``stats``.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

import duckdb

from pipeline.export.pokerstars import write_hands
from pipeline.ingest.run import import_paths
from pipeline.sim.dealer import simulate
from pipeline.store import layout
from pipeline.store.db import Store

REPO = Path(__file__).resolve().parents[2]
BENCH = REPO / "bench"
BASE_HANDS = 20_000
POOL = 2_400
SIZES = (1_000_000, 10_000_000)
TARGET_SECONDS = 2.0
#: Tables keyed by (site, hand_id) that a copy repeats; rejects and files are per import.
HAND_TABLES = ("hands", "seats", "actions", "pots", "findings", "seat_flags")
COPIES_PER_STATEMENT = 10
#: The per-seat facts reports.stats keeps that a copy repeats (seat_stats_meta is copied
#: once; the seat_stats view decodes the copied seat_flags; the rollup is made again).
FACT_TABLES = ("seat_stats_computed", "seat_stats_hands")
#: Every table reports.stats keeps (reports.stats_tables.TABLES), exported beside the
#: store's own Parquet files.
STATS_TABLES = ("seat_stats", "seat_stats_computed", "seat_stats_rollup", "seat_stats_hands",
                "seat_stats_meta")
#: Stores up to this size get their seat_stats from a real (timed) refresh.
REFRESH_LIMIT = 1_000_000


@dataclass(frozen=True, slots=True)
class Timing:
    """One measurement of the statistics of every player in one store."""

    source: str  # "duckdb" or "parquet"
    path: str  # "library" (reports.stats.player_stats) or "cli" (sidepot stats)
    hands: int
    players: int
    cold_s: float
    warm_s: float
    peak_rss_mb: float
    load_avg: float
    #: for the CLI: the best ``sidepot --help`` time (imports, no query), part of every run
    startup_s: float = 0.0


def build_base(db: Path, n_hands: int, seed: int = 7) -> None:
    """Deal ``n_hands`` and import them through the real pipeline into ``db``."""
    hands = [d.hand for d in simulate(n_hands, seed)]
    with tempfile.TemporaryDirectory() as tmp:
        text_file = Path(tmp) / "simulated.txt"
        text_file.write_text(write_hands(hands), encoding="utf-8")
        import_paths([text_file], db)


def pool_size(n_names: int, pool: int) -> int:
    """The pool rounded up to a multiple of the base names, so a copy never repeats a name."""
    return max(n_names, -(-pool // n_names) * n_names)


def replicate(base: Path, target: Path, copies: int, pool: int = POOL, *,
              facts: bool = False) -> None:
    """Fill ``target`` with ``copies`` copies of every hand of ``base`` (see the module doc).

    Player ``i`` (in name order) of copy ``k`` becomes ``pool_name((k * n + i) mod P)``, with
    ``n`` base names and ``P`` the pool rounded to a multiple of ``n``: within one copy the
    names stay distinct, across copies they cycle through the pool. With ``facts``, the
    per-seat facts of ``reports.stats`` (which the base must hold, fresh) are copied the same
    way into the existing ``target`` instead: the same rows a refresh of ``target`` computes,
    without spending an hour on it.
    """
    if not facts:
        target.unlink(missing_ok=True)
        # a base cached by an earlier layout is upgraded: it is read in its stored form
        Store(base).close()
    with Store(target) as store:  # the store's own schema, keys and types
        con = store.con
        con.execute("SET enable_progress_bar = false")
        con.execute(f"ATTACH '{_sql_path(base)}' AS base (READ_ONLY)")
        con.execute(
            "CREATE TEMP TABLE names AS SELECT player, CAST(row_number() OVER (ORDER BY player)"
            " - 1 AS BIGINT) AS i FROM (SELECT DISTINCT player FROM base.seats"
            " WHERE player IS NOT NULL)"
        )
        n = con.execute("SELECT count(*) FROM names").fetchone()[0]
        span = con.execute(
            "SELECT coalesce(epoch(max(started_at)) - epoch(min(started_at)), 0) + 3600"
            " FROM base.hands"
        ).fetchone()[0]
        keys = con.execute("SELECT coalesce(max(hand_key), 0) FROM base.stored.hands").fetchone()[0]
        selects = _copy_selects(n, pool_size(n, pool), int(span), keys)
        tables = FACT_TABLES if facts else HAND_TABLES
        if not facts:  # the codes of the coded columns are the base's: its labels, its views
            con.execute("INSERT INTO stored.labels FROM base.stored.labels")
            con.execute(layout.view_ddl(layout.Labels.load(con)))
        if facts:
            for table in (*FACT_TABLES, "seat_stats_meta"):
                con.execute(f"CREATE OR REPLACE TABLE {table} AS FROM base.{table} LIMIT 0")
            con.execute("INSERT INTO seat_stats_meta FROM base.seat_stats_meta")
        # a few copies per statement: rows land roughly in copy (and time) order, as successive
        # imports would put them, without sorting the whole store
        for first in range(0, copies, COPIES_PER_STATEMENT):
            last = min(copies, first + COPIES_PER_STATEMENT)
            batch = f"(SELECT CAST(range AS BIGINT) AS k FROM range({first}, {last})) c"
            for table in tables:
                con.execute(f"INSERT INTO {layout.stored(table)} BY NAME "
                            f"{selects[table].format(copies=batch)}")
        if facts:  # the rollup is by month, and copies move in time: roll up the copies,
            # as one chunk (the copied hands are all in chunk 0)
            from reports.stats_chunks import rollup_of  # noqa: PLC0415
            from reports.stats_tables import define_view  # noqa: PLC0415

            define_view(con)
            con.execute("CREATE OR REPLACE TABLE seat_stats_rollup AS SELECT CAST(0 AS "
                        f"INTEGER) AS chunk, * FROM ({rollup_of('seat_stats')})")
            # every copy is done: the meta's note of the largest key done is the target's
            con.execute("ALTER TABLE seat_stats_meta ADD COLUMN IF NOT EXISTS done_through "
                        "BIGINT")
            con.execute("UPDATE seat_stats_meta SET done_through = "
                        "(SELECT max(hand_key) FROM stored.hands)")
        con.execute("DETACH base")
        con.execute("CHECKPOINT")


def _copy_selects(n: int, size: int, span: int, keys: int) -> dict[str, str]:
    """Per table, the SELECT of the copies ``{copies}`` (a relation ``c`` of copy numbers).

    The hand tables are copied in their stored form (:mod:`pipeline.store.layout`): copy
    ``k`` of a hand gets the key ``hand_key + k * keys`` (``keys``: the base's largest), so
    its child rows follow it without a join; an action's player stored as its seat's (NULL)
    stays NULL and takes the renamed seat's name through the view.
    """

    def renamed(col: str) -> str:
        return (f"CASE WHEN nm.i IS NULL THEN t.{col} ELSE "
                f"'p' || lpad(CAST((c.k * {n} + nm.i) % {size} AS VARCHAR), 5, '0') END")

    new_id = "t.hand_id || '-' || CAST(c.k AS VARCHAR)"
    key = f"t.hand_key + c.k * {keys}"
    moved = f"t.started_at + to_seconds(CAST(c.k * {span} AS BIGINT))"
    lists = ("list_transform({col}, lambda x: CASE WHEN m[x] IS NULL THEN x ELSE 'p' || "
             f"lpad(CAST((c.k * {n} + m[x]) % {size} AS VARCHAR), 5, '0') END)")
    by_name = " LEFT JOIN names nm ON nm.player = t.player"
    return {
        "hands": f"SELECT t.* REPLACE ({key} AS hand_key, {new_id} AS hand_id, "
                 f"{moved} AS started_at) FROM " "{copies}, base.stored.hands t",
        "seats": f"SELECT t.* REPLACE ({key} AS hand_key, {renamed('player')} AS player)"
                 " FROM {copies}, base.stored.seats t" + by_name,
        "actions": f"SELECT t.* REPLACE ({key} AS hand_key, {renamed('player')} AS player)"
                   " FROM {copies}, base.stored.actions t" + by_name,
        "pots": f"SELECT t.* REPLACE ({key} AS hand_key,"
                f" {lists.format(col='t.eligible')} AS eligible,"
                f" {lists.format(col='t.winners')} AS winners)"
                " FROM {copies}, base.stored.pots t,"
                " (SELECT map(list(player), list(i)) AS m FROM names) mp",
        "findings": f"SELECT t.* REPLACE ({key} AS hand_key) FROM "
                    "{copies}, base.stored.findings t",
        "seat_flags": f"SELECT t.* REPLACE ({key} AS hand_key) FROM "
                      "{copies}, base.stored.seat_flags t",
        "seat_stats_computed": f"SELECT t.* REPLACE ({new_id} AS hand_id, {renamed('player')}"
                               f" AS player, {moved} AS started_at) FROM "
                               "{copies}, base.seat_stats_computed t" + by_name,
        "seat_stats_hands": f"SELECT t.* REPLACE ({new_id} AS hand_id, 0 AS chunk) FROM "
                            "{copies}, base.seat_stats_hands t",
    }


def ensure_store(hands: int, base_hands: int = BASE_HANDS) -> Path:
    """The cached store of ``hands`` hands (a multiple of ``base_hands``), built if missing."""
    BENCH.mkdir(exist_ok=True)
    base = BENCH / f"stats_base_{base_hands}.duckdb"
    if not base.exists():
        _log(f"dealing and importing {base_hands} base hands ...")
        partial = base.with_suffix(".building")
        build_base(partial, base_hands)
        partial.rename(base)
    if hands == base_hands:
        return base
    target = BENCH / f"stats_{hands}.duckdb"
    if not target.exists():
        copies = max(1, hands // base_hands)
        _log(f"replicating {copies} copies into {target.name} ...")
        partial = target.with_suffix(".building")
        replicate(base, partial, copies)
        partial.rename(target)
    return target


def ensure_facts(db: Path, base: Path, copies: int) -> float | None:
    """Fill the store's ``seat_stats`` (reports.stats) if it is not fresh.

    Up to ``REFRESH_LIMIT`` hands this is the real ``refresh`` (what an import pays once), and
    its seconds are kept beside the store; bigger stores get the base's facts replicated.
    Returns the refresh seconds measured for this store, if any.
    """
    from reports.stats import TABLES, needs_rebuild, refresh  # noqa: PLC0415

    timing = db.with_suffix(".refresh.json")
    with duckdb.connect(str(db)) as con:
        con.execute("SET enable_progress_bar = false")
        n = con.execute("SELECT count(*) FROM hands").fetchone()[0]
        has = not needs_rebuild(con)
        if not has:  # new facts: the Parquet export of the old ones goes too
            shutil.rmtree(db.with_suffix(".parquet.d"), ignore_errors=True)
        if n > REFRESH_LIMIT and not has:  # a changed definition: replicate, don't recompute
            con.execute("DROP VIEW IF EXISTS seat_stats")
            for table in TABLES[1:]:
                con.execute(f"DROP TABLE IF EXISTS {table}")
        if n <= REFRESH_LIMIT or has:
            start = time.perf_counter()
            done = refresh(con)
            if done.hands_added:
                seconds = round(time.perf_counter() - start, 1)
                timing.write_text(json.dumps({"hands": done.hands_added, "seconds": seconds,
                                              "load_avg": _load()}))
    if n > REFRESH_LIMIT and not has:
        with duckdb.connect(str(base)) as con:
            refresh(con)
        _log(f"replicating the base's seat_stats into {db.name} ...")
        replicate(base, db, copies, facts=True)
    return json.loads(timing.read_text())["seconds"] if timing.exists() else None


def ensure_parquet(db: Path) -> Path:
    """The Parquet export of ``db`` (``Store.export_parquet``) plus the seat_stats tables."""
    out = db.with_suffix(".parquet.d")
    if not (out / "seat_stats_meta.parquet").exists():
        _log(f"exporting {db.name} to Parquet ...")
        with Store(db) as store:
            store.export_parquet(out)
            for table in STATS_TABLES:
                store.con.execute(f"COPY {table} TO '{_sql_path(out / table)}.parquet' "
                                  "(FORMAT PARQUET)")
    return out


def parquet_connection(out: Path) -> duckdb.DuckDBPyConnection:
    """An in-memory connection whose tables are views over a Parquet export."""
    con = duckdb.connect()
    for table in ("hands", "seats", "actions"):  # what the statistics read
        pattern = _sql_path(out / table) + "/**/*.parquet"
        con.execute(f"CREATE VIEW {table} AS SELECT * FROM "
                    f"read_parquet('{pattern}', hive_partitioning = true)")
    for table in STATS_TABLES:
        con.execute(f"CREATE VIEW {table} AS SELECT * FROM "
                    f"read_parquet('{_sql_path(out / table)}.parquet')")
    return con


def measure_library(source: str, location: Path) -> dict[str, float]:
    """Run in a fresh process: cold, then best-of-three warm ``player_stats`` for everyone."""
    from reports.stats import player_stats  # pipeline.dev.bench_stats -> reports, like the CLI

    con = (duckdb.connect(str(location), read_only=True) if source == "duckdb"
           else parquet_connection(location))
    con.execute("SET enable_progress_bar = false")
    start = time.perf_counter()
    frame = player_stats(con)
    cold = time.perf_counter() - start
    warm = []
    for _ in range(3):
        start = time.perf_counter()
        player_stats(con)
        warm.append(time.perf_counter() - start)
    peak = _peak_mb()
    hands = con.execute("SELECT count(*) FROM hands").fetchone()[0]
    return {"hands": hands, "players": len(frame), "seats": int(frame["hands"].sum()),
            "cold_s": cold, "warm_s": min(warm), "peak_rss_mb": peak}


def time_library(source: str, location: Path) -> Timing:
    out = subprocess.run(
        [sys.executable, "-m", "pipeline.dev.bench_stats", "--measure", source, str(location)],
        check=True, capture_output=True, text=True, cwd=REPO,
    )
    r = json.loads(out.stdout)
    return Timing(source, "library", r["hands"], r["players"], round(r["cold_s"], 3),
                  round(r["warm_s"], 3), round(r["peak_rss_mb"], 1), _load())


def time_cli(db: Path, hands: int, players: int, extra: Sequence[str] = ()) -> Timing:
    """``sidepot stats --db DB --format csv -o /dev/null [extra]``, as a user runs it, best of
    three; ``extra`` is a filter such as ``--position BTN`` (named in the row's path)."""
    command = [str(Path(sys.executable).parent / "sidepot"), "stats", "--db", str(db),
               "--format", "csv", "-o", os.devnull, *extra]
    seconds, peaks = [], []
    for _ in range(3):
        start = time.perf_counter()
        with tempfile.TemporaryFile() as err:
            proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=err)
            _, status, usage = os.wait4(proc.pid, 0)
            seconds.append(time.perf_counter() - start)
            peaks.append(usage.ru_maxrss / 1024)
            if os.waitstatus_to_exitcode(status) != 0:
                err.seek(0)
                raise RuntimeError(f"sidepot stats failed: {err.read().decode()[-2000:]}")
    startup = []
    for _ in range(3):
        start = time.perf_counter()
        subprocess.run([command[0], "--help"], check=True, stdout=subprocess.DEVNULL)
        startup.append(time.perf_counter() - start)
    path = " ".join(("cli", *extra))
    return Timing("duckdb", path, hands, players, round(seconds[0], 3), round(min(seconds), 3),
                  round(max(peaks), 1), _load(), round(min(startup), 3))


def prepare(sizes: Sequence[int], base_hands: int, parquet: bool) -> dict[str, float]:
    """Build every store (and export) the figures need; the refresh seconds measured."""
    refreshes = {}
    base = BENCH / f"stats_base_{base_hands}.duckdb"
    for hands in sizes:
        db = ensure_store(hands, base_hands)
        refreshed = ensure_facts(db, base, max(1, hands // base_hands))
        if refreshed is not None:
            refreshes[str(hands)] = refreshed
        if parquet:
            ensure_parquet(db)
    return refreshes


def run(sizes: Sequence[int], base_hands: int, parquet: bool) -> tuple[list[Timing], dict]:
    """Every figure for every size; also the seconds each store's one-off refresh took.

    The stores are built in a child process first: Linux carries a parent's peak memory into
    the children it starts, so the process that times (and starts) the queries stays small.
    """
    argv = [sys.executable, "-m", "pipeline.dev.bench_stats", "--prepare",
            "--base", str(base_hands), "--sizes", ",".join(map(str, sizes))]
    argv += [] if parquet else ["--no-parquet"]
    out = subprocess.run(argv, check=True, stdout=subprocess.PIPE, text=True, cwd=REPO)
    # the JSON is the last line (DuckDB may draw progress bars on stdout before it)
    refreshes = json.loads(out.stdout.replace("\r", "\n").strip().splitlines()[-1])
    timings = []
    for hands in sizes:
        db = BENCH / (f"stats_{hands}.duckdb" if hands != base_hands
                      else f"stats_base_{base_hands}.duckdb")
        rows = [time_library("duckdb", db)]
        rows.append(time_cli(db, rows[0].hands, rows[0].players))
        rows.append(time_cli(db, rows[0].hands, rows[0].players, ("--position", "BTN")))
        if parquet:
            rows.append(time_library("parquet", db.with_suffix(".parquet.d")))
        for t in rows:
            _log(_row(t))
        timings += rows
    return timings, refreshes


def merge_results(timings: Sequence[Timing], results: Path,
                  refreshes: dict[str, float] | None = None) -> None:
    """Write the figures under ``stats`` in ``results``, keeping whatever else is there
    (and this section's figures for other sizes or sources than the ones just measured)."""
    data = json.loads(results.read_text()) if results.exists() else {}
    old = data.get("stats", {})
    fresh = {(t.source, t.path, t.hands) for t in timings}
    kept = [t for t in old.get("timings", []) if (t["source"], t["path"], t["hands"]) not in fresh]
    data["stats"] = {
        "target_seconds": TARGET_SECONDS,
        "cpus": os.cpu_count(),
        "timings": kept + [asdict(t) for t in timings],  # a run of other sizes keeps these
        "refresh_seconds_by_hands": {**old.get("refresh_seconds_by_hands", {}),
                                     **(refreshes or {})},
    }
    results.parent.mkdir(exist_ok=True)
    results.write_text(json.dumps(data, indent=2))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)),
                        help="comma-separated hand counts (multiples of --base)")
    parser.add_argument("--base", type=int, default=BASE_HANDS, help="simulated base hands")
    parser.add_argument("--no-parquet", action="store_true", help="skip the Parquet figures")
    parser.add_argument("--measure", nargs=2, metavar=("SOURCE", "PATH"), help=argparse.SUPPRESS)
    parser.add_argument("--prepare", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.measure:
        print(json.dumps(measure_library(args.measure[0], Path(args.measure[1]))))
        return 0
    sizes = [int(s) for s in args.sizes.split(",") if s.strip()]
    if args.prepare:
        print(json.dumps(prepare(sizes, args.base, not args.no_parquet)))
        return 0
    print(f"{'source':<9}{'path':<20}{'hands':>11}{'players':>9}{'cold s':>9}{'warm s':>9}"
          f"{'peak MB':>9}{'load':>6}{'startup s':>10}")
    timings, refreshes = run(sizes, args.base, not args.no_parquet)
    for t in timings:
        print(_row(t))
    for hands, seconds in refreshes.items():
        print(f"seat_stats refresh (once per import) of {hands} hands: {seconds} s")
    merge_results(timings, BENCH / "results.json", refreshes)
    _log(f"written: {BENCH / 'results.json'} (stats)")
    return 0


def _row(t: Timing) -> str:
    return (f"{t.source:<9}{t.path:<20}{t.hands:>11}{t.players:>9}{t.cold_s:>9.3f}"
            f"{t.warm_s:>9.3f}{t.peak_rss_mb:>9.0f}{t.load_avg:>6.1f}{t.startup_s:>10.3f}")


def _peak_mb() -> float:
    """This process's peak resident memory (VmHWM: unlike ru_maxrss, not the parent's)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _load() -> float:
    return round(os.getloadavg()[0], 2)


def _sql_path(path: Path) -> str:
    return str(path).replace("'", "''")


def _log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


if __name__ == "__main__":
    raise SystemExit(main())

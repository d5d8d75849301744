"""Import beyond one machine: parse and replay on a Dask cluster, write Parquet shards.

Why this shape:
- One task per input file (a *shard*). The task is :func:`write_shard`: read, parse, replay,
  flatten (the same code as the DuckDB import, so the columns are the same) and write that
  file's rows as Parquet. Nothing but a small :class:`ShardResult` goes back to the client, so
  the client's memory does not grow with the input.
- The layout is the one ``sidepot export --parquet`` writes and :mod:`pipeline.store.attach` reads:
  ``<table>/site=<site>/month=<YYYY-MM>/<shard>.parquet`` for the hand-keyed tables,
  ``rejects/<shard>.parquet`` and ``files/<shard>.parquet``. ``<shard>`` is a hash of the
  input path, and a task first removes that shard's files everywhere: a rerun (or a retried
  task) replaces a shard's rows instead of adding a second copy.
- The dedup rule is the DuckDB import's: the first copy of each (site, hand_id) wins, in file
  order then byte order. Within a file a shard writes only the first copy (with the store's
  own :func:`pipeline.store.db._first_copies`); across files there is no shared store, so a
  hand that two files both hold is written by both shards, and the attach views keep the
  copy of the first file in the order an import walks a folder. Every Parquet row carries
  its ``shard`` for that. The summary counts as the DuckDB import does: ``hands_imported``
  (distinct hands of this run's shards) and ``duplicates``.
- A last hand cut short is judged as a DuckDB import judges it: while its file may still be
  growing (changed less than ``settle`` seconds before the task reads it) it is not written,
  and the files row says ``partial`` and where its reading stopped; in an older file it is
  the reject it is, with the reader's reason, and the file is ``complete``.
- Hands get their time zone as in a DuckDB import (:func:`pipeline.ingest.zones.resolve_hands`,
  with the same settings), before the month partition is taken from ``started_at``.
- Dask is optional (``pip install sidepot[dask]``); it is imported only when asked for.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path

import duckdb
import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from pipeline.config import MAX_FILE_BYTES, may_still_grow, settle_seconds
from pipeline.errors import SidepotError
from pipeline.ingest.anonymous import mark_seats
from pipeline.ingest.files import iter_files
from pipeline.ingest.pack import pack, with_tail
from pipeline.ingest.parse import parse_bytes
from pipeline.ingest.zones import ZoneSettings, resolve_hands
from pipeline.store.db import _first_copies
from pipeline.store.rows import Rows
from pipeline.store.schema import HAND_TABLES
from pipeline.store.seat_flags import ensure_current_parquet


@dataclass(frozen=True)
class ShardResult:
    """What one task did with one input file (small: it travels back to the client)."""

    path: str
    shard: str
    format: str | None
    skip: str | None
    hands: int
    rejected: int
    rejected_by_reason: dict[str, int]
    findings_by_code: dict[str, int]
    partitions: tuple[str, ...]
    written: int = 0  # hand rows written: the hands less the rejects and in-file repeats
    incomplete: bool = False  # the last hand is left for a later import


@dataclass(frozen=True)
class DaskSummary:
    """The outcome of one Dask import; ``to_json()`` is the CLI's ``--json`` output.

    ``hands_written`` counts every hand row written: one per (site, hand_id) per file, so a
    hand two files hold is written twice (the attach views keep one copy). ``hands_imported``
    and ``duplicates`` count as a DuckDB import of the same files into a new store does.
    """

    files: int
    hands_seen: int
    hands_written: int
    rejected: int
    rejected_by_reason: dict[str, int]
    findings_by_code: dict[str, int]
    skipped_files: int
    skipped_by_reason: dict[str, int]
    seconds: float
    out_dir: str
    partitions: int
    scheduler: str = ""
    shards: list[str] = field(default_factory=list)
    hands_imported: int = 0
    duplicates: int = 0
    incomplete_tail: int = 0
    #: Files whose hands no format claims (rejected ``unknown_format``), as a DuckDB import
    #: names them in its summary.
    unknown_format_files: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        return asdict(self)

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=2)


def shard_id(path: str) -> str:
    """A stable file name for the rows of one input path."""
    return hashlib.blake2b(path.encode("utf-8", "surrogatepass"), digest_size=10).hexdigest()


def write_shard(path: str, out_dir: str, zones: ZoneSettings | None = None,
                settle: float | None = None, allin: bool = False) -> ShardResult:
    """The task: one input file -> its Parquet files under ``out_dir`` (replacing earlier ones).

    ``settle``: seconds since its last change during which the file's last hand cut short is
    held back as still being written (None: :func:`pipeline.config.settle_seconds`).
    ``allin``: the hands' all-in equity rows too (``allin_equity/...``, counted here as the
    DuckDB import's workers count them: :mod:`pipeline.ingest.equity_rows`).
    """
    out, shard = Path(out_dir), shard_id(path)
    _remove_shard(out, shard)
    stat = Path(path).stat()
    if stat.st_size > MAX_FILE_BYTES:  # as the DuckDB import: skipped, unread
        return _too_large(out, path, shard)
    data = Path(path).read_bytes()
    packed = pack(parse_bytes(data, path))
    settle = settle_seconds() if settle is None else settle
    if not may_still_grow(time.time() - stat.st_mtime, settle):
        packed = with_tail(packed, len(data))  # an old file's cut last hand: a reject
    reasons = Counter(r.reason for r in packed.rejects.values())
    codes = Counter(code for hand_codes in packed.codes for code in hand_codes)
    partitions: list[str] = []
    rows = _first_copies_only(packed.rows)
    if allin:
        from pipeline.ingest.equity_rows import with_equity  # the counter: on demand

        rows = with_equity(rows)
    rows = replace(rows, tables={**rows.tables, "hands": resolve_hands(
        rows.tables["hands"], zones or ZoneSettings()),
        "seats": mark_seats(rows.tables["seats"])})
    if packed.skip is None and rows.n_hands:
        partitions = _write_partitions(out, shard, rows)
    if packed.rejects:
        _write(out / "rejects" / f"{shard}.parquet", _rejects_table(packed, shard))
    files_row = pa.table({
        "path": [path], "size": pa.array([len(data)], pa.int64()),
        "content_hash": [hashlib.blake2b(data, digest_size=16).hexdigest()],
        "format": pa.array([packed.format], pa.string()),
        "bytes_consumed": pa.array([packed.consumed], pa.int64()),
        "hands": pa.array([packed.n_outcomes], pa.int32()),
        "rejected": pa.array([len(packed.rejects)], pa.int32()),
        "status": [_status(packed, len(data))],
        "shard": [shard],
    })
    _write(out / "files" / f"{shard}.parquet", files_row)
    return ShardResult(path, shard, packed.format, packed.skip, packed.n_outcomes,
                       len(packed.rejects), dict(reasons), dict(codes), tuple(partitions),
                       rows.n_hands, packed.incomplete)


def _too_large(out: Path, path: str, shard: str) -> ShardResult:
    files_row = pa.table({
        "path": [path], "size": pa.array([Path(path).stat().st_size], pa.int64()),
        "content_hash": [""], "format": pa.array([None], pa.string()),
        "bytes_consumed": pa.array([0], pa.int64()), "hands": pa.array([0], pa.int32()),
        "rejected": pa.array([0], pa.int32()), "status": ["skipped: too_large"],
        "shard": [shard],
    })
    _write(out / "files" / f"{shard}.parquet", files_row)
    return ShardResult(path, shard, None, "too_large", 0, 0, {}, {}, ())


def _status(packed, size: int) -> str:  # noqa: ANN001 - PackedFile
    """The files row's status, as the DuckDB import writes it."""
    if packed.skip is not None:
        return f"skipped: {packed.skip}"
    return "complete" if packed.consumed >= size else "partial"


def _first_copies_only(rows: Rows) -> Rows:
    """``rows`` with the later copies of a (site, hand_id) the file holds twice left out."""
    keep = _first_copies(rows.tables["hands"])
    if keep.all():
        return rows
    tables, starts = {}, {}
    for name, table in rows.tables.items():
        counts = rows.counts(name)
        tables[name] = table.filter(pa.array(np.repeat(keep, counts)))
        starts[name] = (0, *np.cumsum(counts[keep]).tolist())
    sources = tuple(s for s, k in zip(rows.sources, keep.tolist(), strict=True) if k)
    return Rows(tables, starts, sources)


def _write_partitions(out: Path, shard: str, rows) -> list[str]:  # noqa: ANN001 - Rows
    hands = rows.tables["hands"]
    started = hands.column("started_at").to_pylist()
    months = [s.strftime("%Y-%m") if s is not None else "unknown" for s in started]
    sites = hands.column("site").to_pylist()
    keys = np.array([f"{s}\x00{m}" for s, m in zip(sites, months, strict=True)], dtype=object)
    written = []
    for key in sorted(set(keys.tolist())):
        site, month = key.split("\x00")
        mine = keys == key
        part = f"site={site}/month={month}"
        for name in (*HAND_TABLES, *(t for t in _SHARDED_EXTRA if t in rows.tables)):
            table = rows.tables[name]
            if not mine.all():
                table = table.filter(pa.array(np.repeat(mine, rows.counts(name))))
            table = table.drop_columns(["site"]).append_column(
                "shard", pa.array([shard] * table.num_rows, pa.string()))
            _write(out / name / part / f"{shard}.parquet", table)
        written.append(part)
    return written


#: Per-hand rows a worker may add that go in the shards too: the all-in equity (its
#: ``allin_equity_hands`` marks are the hands themselves there).
_SHARDED_EXTRA = ("allin_equity",)


def _rejects_table(packed, shard: str) -> pa.Table:  # noqa: ANN001 - PackedFile
    rejects = list(packed.rejects.values())
    return pa.table({
        "source_file": [r.source_file for r in rejects],
        "source_offset": pa.array([r.source_offset for r in rejects], pa.int64()),
        "line": pa.array([r.line for r in rejects], pa.int32()),
        "site": pa.array([r.site for r in rejects], pa.string()),
        "reason": [r.reason for r in rejects],
        "detail": [r.detail for r in rejects],
        "raw_text": [r.raw_text for r in rejects],
        "shard": [shard] * len(rejects),
    })


def _write(target: Path, table: pa.Table) -> None:
    """Write to a temporary name, then rename: a killed task never leaves half a file."""
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name(f".{target.name}.tmp")
    pq.write_table(table, tmp)
    tmp.replace(target)


def _remove_shard(out: Path, shard: str) -> None:
    if not out.exists():
        return
    for old in out.glob(f"*/*/*/{shard}.parquet"):
        old.unlink()
    for name in ("rejects", "files"):
        (out / name / f"{shard}.parquet").unlink(missing_ok=True)


def import_dask(
    paths: Sequence[str | Path],
    out_dir: str | Path,
    scheduler: str = "local",
    *,
    workers: int = 2,
    zones: ZoneSettings | None = None,
    settle: float | None = None,
    allin: bool = False,
) -> DaskSummary:
    """Parse and replay every file under ``paths`` on a Dask cluster, writing Parquet shards.

    ``scheduler`` is a scheduler address (``tcp://host:8786``) or ``"local"`` for a
    :class:`distributed.LocalCluster` of ``workers`` single-threaded processes. ``zones``:
    the user's time zones for hands whose log prints none. ``settle``: as for
    :func:`pipeline.ingest.run.import_paths` (None: :func:`pipeline.config.settle_seconds`).
    """
    try:
        from distributed import Client, LocalCluster, as_completed
    except ImportError as exc:
        raise SidepotError("--dask needs Dask: pip install 'sidepot[dask]'") from exc
    started = time.perf_counter()
    files = [str(p) for p in iter_files(paths)]
    out = Path(out_dir).resolve()
    out.mkdir(parents=True, exist_ok=True)
    ensure_current_parquet(out)  # the stat facts the shards carry (seat_flags) are today's
    cluster = None
    if scheduler == "local":
        cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                               dashboard_address=None)
        client = Client(cluster)
    else:
        client = Client(scheduler)
    results: list[ShardResult] = []
    try:
        futures = client.map(write_shard, files, out_dir=str(out), zones=zones,
                             settle=settle_seconds() if settle is None else settle,
                             allin=allin, pure=False)
        for future in as_completed(futures):
            results.append(future.result())
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    results.sort(key=lambda r: r.path)
    return _summarise(results, out, scheduler, time.perf_counter() - started,
                      _distinct_hands(out, results))


def _distinct_hands(out: Path, results: Sequence[ShardResult]) -> int:
    """How many different (site, hand_id) this run's shards hold (read back from Parquet:
    the tasks send no keys to the client, whose memory stays flat)."""
    files = [str(out / "hands" / part / f"{r.shard}.parquet")
             for r in results for part in r.partitions]
    if not files:
        return 0
    con = duckdb.connect()
    try:
        return con.execute(
            "SELECT count(*) FROM (SELECT DISTINCT site, hand_id FROM read_parquet(?, "
            "hive_partitioning = true))", [files]).fetchone()[0]
    finally:
        con.close()


def _summarise(
    results: list[ShardResult], out: Path, scheduler: str, seconds: float, distinct: int = 0,
) -> DaskSummary:
    reasons: Counter = Counter()
    codes: Counter = Counter()
    skipped: Counter = Counter()
    partitions: set[str] = set()
    for r in results:
        reasons.update(r.rejected_by_reason)
        codes.update(r.findings_by_code)
        if r.skip is not None:
            skipped[r.skip] += 1
        partitions.update(r.partitions)
    recognised = [r for r in results if r.skip is None]
    if not recognised:
        raise SidepotError(f"no hand histories found ({sum(skipped.values())} files skipped)")
    seen = sum(r.hands for r in results)
    rejected = sum(r.rejected for r in results)
    return DaskSummary(
        files=len(results), hands_seen=seen, hands_written=sum(r.written for r in results),
        rejected=rejected, hands_imported=distinct, duplicates=seen - rejected - distinct,
        incomplete_tail=sum(r.incomplete for r in results),
        rejected_by_reason=dict(reasons.most_common()), findings_by_code=dict(codes.most_common()),
        skipped_files=sum(skipped.values()), skipped_by_reason=dict(skipped.most_common()),
        seconds=round(seconds, 3), out_dir=str(out), partitions=len(partitions),
        scheduler=scheduler, shards=[r.shard for r in results],
        unknown_format_files=[r.path for r in results if "unknown_format" in r.rejected_by_reason],
    )

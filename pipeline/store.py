"""The DuckDB store: schema, Arrow bulk load, dedup on (site, hand_id), Parquet export.

Why this shape:
- Rows never go in one by one. A batch of hands is flattened into Python column lists, turned
  into Arrow tables, and loaded with ``INSERT ... BY NAME SELECT`` from the registered table:
  DuckDB ingests Arrow without a per-row round trip.
- One batch is one transaction, and it carries the file's row in ``files`` (bytes consumed so
  far). A crash therefore loses at most the batch in flight, and what was committed says how far
  each file got.
- Money is exact. The event model holds integers in the hand's minor unit; here each amount
  becomes a ``Decimal`` scaled by ``10 ** -decimals`` (no float is ever involved) and lands in a
  ``DECIMAL(18, 2)`` column. A hand finer than cents cannot be stored exactly, so the caller
  rejects it (see :func:`unsupported_precision`) instead of rounding it.
- The key is (site, hand_id). New hands are found with one anti-join per batch (the primary key
  is the safety net), so importing a hand twice stores it once and the duplicate is counted.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from decimal import Decimal
from operator import attrgetter
from pathlib import Path

import duckdb
import pyarrow as pa

from parsers.model import ActionKind, Hand, Street
from pipeline.engine.result import Replay

#: Decimal places of every money column. Cents cover every cash site and all tournament chips.
MONEY_SCALE = 2
MONEY = f"DECIMAL(18, {MONEY_SCALE})"
_MONEY_ARROW = pa.decimal128(18, MONEY_SCALE)

SCHEMA = f"""
CREATE TABLE IF NOT EXISTS hands (
    site VARCHAR NOT NULL,
    hand_id VARCHAR NOT NULL,
    source_file VARCHAR,
    source_offset BIGINT,
    source_line INTEGER,
    game VARCHAR,
    limit_type VARCHAR,
    currency VARCHAR,
    decimals INTEGER,
    small_blind {MONEY},
    big_blind {MONEY},
    ante {MONEY},
    small_bet {MONEY},
    big_bet {MONEY},
    started_at TIMESTAMP,
    local_time VARCHAR,
    time_zone VARCHAR,
    table_name VARCHAR,
    button_seat INTEGER,
    max_seats INTEGER,
    n_players INTEGER,
    board VARCHAR,
    boards VARCHAR[],
    total_pot {MONEY},
    engine_total_pot {MONEY},
    rake {MONEY},
    fees {MONEY},
    tournament_id VARCHAR,
    level VARCHAR,
    is_tournament BOOLEAN,
    fast_fold BOOLEAN,
    payouts_verified BOOLEAN,
    has_error BOOLEAN,
    n_findings INTEGER,
    imported_at TIMESTAMP,
    PRIMARY KEY (site, hand_id)
);
CREATE TABLE IF NOT EXISTS seats (
    site VARCHAR NOT NULL,
    hand_id VARCHAR NOT NULL,
    seat INTEGER,
    player VARCHAR,
    position VARCHAR,
    starting_stack {MONEY},
    hole_cards VARCHAR,
    invested {MONEY},
    collected {MONEY},
    won {MONEY},
    net {MONEY},
    final_stack {MONEY},
    went_to_showdown BOOLEAN,
    is_hero BOOLEAN,
    sitting_out BOOLEAN
);
CREATE TABLE IF NOT EXISTS actions (
    site VARCHAR NOT NULL,
    hand_id VARCHAR NOT NULL,
    seq INTEGER,
    street VARCHAR,
    seat INTEGER,
    player VARCHAR,
    kind VARCHAR,
    amount {MONEY},
    to_amount {MONEY},
    all_in BOOLEAN,
    cards VARCHAR,
    pot_after {MONEY},
    line INTEGER
);
CREATE TABLE IF NOT EXISTS pots (
    site VARCHAR NOT NULL,
    hand_id VARCHAR NOT NULL,
    pot_index INTEGER,
    amount {MONEY},
    printed_amount {MONEY},
    eligible VARCHAR[],
    winners VARCHAR[],
    eligible_seats INTEGER[],
    winner_seats INTEGER[]
);
CREATE TABLE IF NOT EXISTS findings (
    site VARCHAR NOT NULL,
    hand_id VARCHAR NOT NULL,
    code VARCHAR,
    severity VARCHAR,
    message VARCHAR,
    line INTEGER
);
CREATE TABLE IF NOT EXISTS rejects (
    source_file VARCHAR,
    source_offset BIGINT,
    line INTEGER,
    site VARCHAR,
    reason VARCHAR,
    detail VARCHAR,
    raw_text VARCHAR,
    text_hash VARCHAR,
    imported_at TIMESTAMP
);
CREATE TABLE IF NOT EXISTS files (
    path VARCHAR PRIMARY KEY,
    size BIGINT,
    mtime TIMESTAMP,
    content_hash VARCHAR,
    format VARCHAR,
    bytes_consumed BIGINT,
    hands INTEGER,
    imported INTEGER,
    duplicates INTEGER,
    rejected INTEGER,
    status VARCHAR,
    imported_at TIMESTAMP,
    consumed_hash VARCHAR
);
"""

#: Columns added after a store could already exist on disk; applied on every open (idempotent).
MIGRATIONS = ("ALTER TABLE files ADD COLUMN IF NOT EXISTS consumed_hash VARCHAR",)

_FILE_COLS = (
    "path", "size", "mtime", "content_hash", "format", "bytes_consumed", "hands", "imported",
    "duplicates", "rejected", "status", "imported_at", "consumed_hash",
)

#: Largest magnitude a DECIMAL(18, 2) column holds, in cents.
_MONEY_LIMIT = 10**18  # 18 digits of cents
_INT32_LIMIT = 2**31

_STREET_NAMES = {s: s.name.lower() for s in Street}


class SidepotError(Exception):
    """Base of the errors sidepot reports to a user: the CLI prints the message, no traceback."""


@dataclass(frozen=True, slots=True)
class Reject:
    """A hand that could not be stored, with everything needed to find and retry it."""

    source_file: str
    source_offset: int
    line: int
    site: str | None
    reason: str
    detail: str
    raw_text: str


@dataclass(frozen=True, slots=True)
class FileRecord:
    """Progress of one input file; written in the same transaction as its batch."""

    path: str
    size: int
    mtime: datetime | None
    content_hash: str
    format: str | None
    bytes_consumed: int
    hands: int
    imported: int
    duplicates: int
    rejected: int
    status: str  # "partial" while batches are still coming, then "complete" or "skipped"
    #: Hash of the first ``bytes_consumed`` bytes: an appended file resumes only if it matches.
    consumed_hash: str = ""


@dataclass(frozen=True, slots=True)
class BatchResult:
    imported: int
    duplicates: int
    rejected: int
    files: tuple[FileRecord, ...] = ()


def unsupported_precision(hand: Hand) -> bool:
    """True when the hand's minor unit is finer than the store's money columns."""
    return hand.decimals > MONEY_SCALE or hand.decimals < 0


def unstorable(hand: Hand, replay: Replay) -> str | None:
    """Why the hand cannot go into the store's columns, or None when it fits.

    Hostile or garbled files can hold amounts beyond DECIMAL(18, 2) or seat numbers beyond
    INTEGER; Arrow would refuse the whole batch, so such a hand is rejected on its own first.
    Bounds instead of a walk over every value (this runs for every hand): a running pot is
    at most the number of actions times the largest action.
    """
    scale = 10 ** (MONEY_SCALE - hand.decimals) if 0 <= hand.decimals <= MONEY_SCALE else 1
    stakes, report, acts = hand.stakes, hand.report, hand.actions
    fees = [v for _, v in report.fees]
    biggest = max(
        max(map(_AMOUNT, acts), default=0) * max(len(acts), 1),
        max(map(_TO, acts), default=0),
        max(map(_STACK, hand.seats), default=0),
        max(map(_AMOUNT, report.collections), default=0),
        max(map(_AMOUNT, report.cash_outs), default=0),
        max(map(_AMOUNT, report.pots), default=0),
        max(map(_AMOUNT, replay.pots), default=0),
        max((max(abs(r.invested), abs(r.won), abs(r.net), abs(r.final_stack))
             for r in replay.seats), default=0),
        abs(sum(fees)), max(map(abs, fees), default=0),
        abs(stakes.small_blind), abs(stakes.big_blind), abs(stakes.ante),
        abs(stakes.small_bet), abs(stakes.big_bet), abs(report.total_pot or 0),
        abs(report.rake or 0), abs(replay.total_pot),
    )
    if biggest * scale >= _MONEY_LIMIT:
        return f"an amount near {biggest} does not fit the store's DECIMAL(18, {MONEY_SCALE})"
    largest = max(
        abs(hand.button_seat or 0), abs(hand.max_seats or 0), abs(hand.source.line),
        max(map(abs, map(_SEAT, hand.seats)), default=0),
        max(map(abs, map(_SEAT, acts)), default=0),
        max(map(abs, map(_LINE, acts)), default=0),
        max((abs(f.line or 0) for f in replay.findings), default=0),
    )
    if largest >= _INT32_LIMIT:
        return f"number {largest} does not fit an INTEGER column"
    return None


_AMOUNT = attrgetter("amount")
_TO = attrgetter("to")
_STACK = attrgetter("stack")
_SEAT = attrgetter("seat")
_LINE = attrgetter("line")


def storable_problem(hand: Hand, replay: Replay) -> str | None:
    """The error converting this one hand to Arrow columns, or None (the writer's fallback)."""
    try:
        _flatten([(hand, replay)], datetime.now(UTC).replace(tzinfo=None))
    except Exception as exc:  # noqa: BLE001 - any conversion failure makes the hand a reject
        return f"{type(exc).__name__}: {exc}"
    return None


def _rollback(con: duckdb.DuckDBPyConnection) -> None:
    try:
        con.rollback()
    except duckdb.Error:  # the transaction may already be gone (e.g. after an IO error)
        pass


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


_DISK_FULL = ("no space left", "disk full", "disk quota", "file too large")


def _open_error(path: str, exc: BaseException) -> SidepotError:
    """A DuckDB open failure as one actionable line (a lock names the process holding it)."""
    text = str(exc)
    if "lock" in text.lower():
        holder = ""
        pid = re.search(r"PID (\d+)", text)
        if pid:
            holder = f" (PID {pid.group(1)})"
        return SidepotError(
            f"database {path} is in use by another process{holder}: "
            "wait for it to finish or use another --db"
        )
    if any(word in text.lower() for word in _DISK_FULL):
        return SidepotError(f"disk full: cannot open database {path}")
    return SidepotError(f"cannot open database {path}: {_first_line(exc)}")


def _write_error(path: str, exc: BaseException) -> BaseException:
    """Disk-full and IO failures while writing become SidepotError; anything else is kept."""
    text = str(exc).lower()
    if isinstance(exc, OSError | duckdb.Error) and any(w in text for w in _DISK_FULL):
        return SidepotError(f"disk full while writing {path}: nothing of this batch was stored")
    if isinstance(exc, duckdb.IOException | OSError):
        return SidepotError(f"cannot write database {path}: {_first_line(exc)}")
    return exc


#: First characters that make a spreadsheet read a cell as a formula (CSV injection).
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def csv_safe(value: str | None) -> str | None:
    """A text cell a spreadsheet will show as text: formula starters get a leading quote."""
    if value and value.startswith(_FORMULA_START):
        return "'" + value
    return value


def money(value: int | None, decimals: int) -> Decimal | None:
    """Minor units -> exact Decimal (e.g. 105 with 2 decimals -> Decimal('1.05'))."""
    if value is None:
        return None
    return Decimal(value).scaleb(-decimals)


def positions(hand: Hand) -> dict[int, str]:
    """Seat -> position name, from the button and the seats actually dealt in.

    The order starts left of the button; the button is last. Heads-up the button is "BTN"
    (it posts the small blind) and the other player "BB". With a dead button (the button seat
    empty or sitting out) there is no BTN and the first two seats after it are still SB/BB.
    """
    active = sorted(s.seat for s in hand.seats if not s.sitting_out)
    if not active or hand.button_seat is None:
        return {}
    button = hand.button_seat
    after = [s for s in active if s > button] + [s for s in active if s < button]
    has_button = button in active
    n = len(active)
    if has_button and n == 2:
        return {button: "BTN", after[0]: "BB"}
    result: dict[int, str] = {}
    if has_button:
        result[button] = "BTN"
    names = ["SB", "BB"]
    middle = len(after) - 2
    names += _middle_names(max(middle, 0))
    for seat, name in zip(after, names, strict=False):
        result[seat] = name
    return result


_MIDDLE = {
    0: [],
    1: ["CO"],
    2: ["UTG", "CO"],
    3: ["UTG", "HJ", "CO"],
    4: ["UTG", "MP", "HJ", "CO"],
    5: ["UTG", "UTG+1", "MP", "HJ", "CO"],
    6: ["UTG", "UTG+1", "MP", "LJ", "HJ", "CO"],
}


def _middle_names(k: int) -> list[str]:
    """Names for the k seats between the big blind and the button, first to act first."""
    if k in _MIDDLE:
        return _MIDDLE[k]
    return ["UTG"] + [f"UTG+{i}" for i in range(1, k - 4)] + ["MP", "LJ", "HJ", "CO"]


class Store:
    """A DuckDB file holding every imported hand. Use as a context manager."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        try:
            self.con = duckdb.connect(self.path)
        except duckdb.Error as exc:
            raise _open_error(self.path, exc) from exc
        self.con.execute(SCHEMA)
        for statement in MIGRATIONS:
            self.con.execute(statement)

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self.con.close()

    # -- loading -------------------------------------------------------------------------

    def write_batch(
        self,
        hands: Sequence[tuple[Hand, Replay]],
        rejects: Sequence[Reject] = (),
        files: Sequence[FileRecord] = (),
    ) -> BatchResult:
        """Store a batch and its files' progress in one transaction.

        Hands already stored, or repeated within the batch, are counted as duplicates:
        ``imported + duplicates == len(hands)``. Each FileRecord comes with the counts of the
        previous batches; this batch's per-file imported/duplicate counts (matched on
        ``hand.source.file == record.path``) are added before the row is written, and the
        records as written are returned so the caller can carry them to the next batch.
        """
        con = self.con
        now = datetime.now(UTC).replace(tzinfo=None)
        unique: dict[tuple[str, str], tuple[Hand, Replay]] = {}
        for hand, replay in hands:
            unique.setdefault((hand.site, hand.hand_id), (hand, replay))
        con.begin()
        try:
            existing = self._existing_keys(list(unique))
            fresh_keys = set(unique) - existing
            fresh = [unique[key] for key in unique if key in fresh_keys]
            if fresh:
                for name, table in _flatten(fresh, now).items():
                    self._load(name, table)
            stored_rejects = self._load_rejects(rejects, now)
            written = _count_per_file(hands, fresh_keys, files)
            self._upsert_files(written, now)
            con.commit()
        except BaseException as exc:
            _rollback(con)
            raise _write_error(self.path, exc) from exc
        return BatchResult(
            imported=len(fresh),
            duplicates=len(hands) - len(fresh),
            rejected=stored_rejects,
            files=tuple(written),
        )

    def record_file(self, record: FileRecord) -> None:
        """Write a file's row on its own (a file with no hands, or its final counts)."""
        self.con.begin()
        try:
            self._upsert_file(record, datetime.now(UTC).replace(tzinfo=None))
            self.con.commit()
        except BaseException:
            self.con.rollback()
            raise

    def file_state(self, path: str) -> FileRecord | None:
        """The committed progress row of ``path``, or None if it was never imported."""
        row = self.con.execute(
            f"SELECT {', '.join(c for c in _FILE_COLS if c != 'imported_at')} "
            "FROM files WHERE path = ?",
            [path],
        ).fetchone()
        if row is None:
            return None
        values = list(row)
        values[-1] = values[-1] or ""
        return FileRecord(*values)

    def _existing_keys(self, keys: list[tuple[str, str]]) -> set[tuple[str, str]]:
        if not keys:
            return set()
        probe = pa.table({"site": [k[0] for k in keys], "hand_id": [k[1] for k in keys]})
        self.con.register("_probe", probe)
        try:
            rows = self.con.execute(
                "SELECT p.site, p.hand_id FROM _probe p JOIN hands h USING (site, hand_id)"
            ).fetchall()
        finally:
            self.con.unregister("_probe")
        return {(r[0], r[1]) for r in rows}

    def _load(self, table_name: str, table: pa.Table) -> None:
        if table.num_rows == 0:
            return
        view = f"_load_{table_name}"
        self.con.register(view, table)
        try:
            self.con.execute(f"INSERT INTO {table_name} BY NAME SELECT * FROM {view}")
        finally:
            self.con.unregister(view)

    def _load_rejects(self, rejects: Sequence[Reject], now: datetime) -> int:
        """Append rejects not already stored (same file, offset and text): reruns add nothing."""
        if not rejects:
            return 0
        table = pa.table(
            {
                "source_file": [r.source_file for r in rejects],
                "source_offset": pa.array([r.source_offset for r in rejects], pa.int64()),
                "line": pa.array([r.line for r in rejects], pa.int32()),
                "site": pa.array([r.site for r in rejects], pa.string()),
                "reason": [r.reason for r in rejects],
                "detail": [r.detail for r in rejects],
                "raw_text": [r.raw_text for r in rejects],
                "text_hash": [_text_hash(r.raw_text) for r in rejects],
                "imported_at": pa.array([now] * len(rejects), pa.timestamp("us")),
            }
        )
        self.con.register("_load_rejects", table)
        try:
            self.con.execute(
                """
                INSERT INTO rejects BY NAME
                SELECT DISTINCT ON (source_file, source_offset, text_hash) n.* FROM _load_rejects n
                WHERE NOT EXISTS (
                    SELECT 1 FROM rejects r
                    WHERE r.source_file = n.source_file AND r.source_offset = n.source_offset
                      AND r.text_hash = n.text_hash)
                """
            )
        finally:
            self.con.unregister("_load_rejects")
        return len(rejects)

    def _upsert_files(self, records: Sequence[FileRecord], now: datetime) -> None:
        """All progress rows of a batch in one statement (one row per statement costs ms)."""
        if len(records) <= 1:
            for record in records:
                self._upsert_file(record, now)
            return
        table = pa.table({
            "path": [r.path for r in records],
            "size": pa.array([r.size for r in records], pa.int64()),
            "mtime": pa.array([r.mtime for r in records], pa.timestamp("us")),
            "content_hash": [r.content_hash for r in records],
            "format": pa.array([r.format for r in records], pa.string()),
            "bytes_consumed": pa.array([r.bytes_consumed for r in records], pa.int64()),
            "hands": pa.array([r.hands for r in records], pa.int32()),
            "imported": pa.array([r.imported for r in records], pa.int32()),
            "duplicates": pa.array([r.duplicates for r in records], pa.int32()),
            "rejected": pa.array([r.rejected for r in records], pa.int32()),
            "status": [r.status for r in records],
            "imported_at": pa.array([now] * len(records), pa.timestamp("us")),
            "consumed_hash": [r.consumed_hash for r in records],
        })
        self.con.register("_load_files", table)
        try:
            self.con.execute("INSERT OR REPLACE INTO files BY NAME SELECT * FROM _load_files")
        finally:
            self.con.unregister("_load_files")

    def file_states(self) -> dict[str, FileRecord]:
        """Every committed progress row by path: one query for a whole import run."""
        cols = ", ".join(c for c in _FILE_COLS if c != "imported_at")
        rows = self.con.execute(f"SELECT {cols} FROM files").fetchall()
        return {row[0]: FileRecord(*row[:-1], row[-1] or "") for row in rows}

    def _upsert_file(self, r: FileRecord, now: datetime) -> None:
        self.con.execute(
            f"INSERT OR REPLACE INTO files ({', '.join(_FILE_COLS)}) "
            f"VALUES ({', '.join('?' * len(_FILE_COLS))})",
            [
                r.path, r.size, r.mtime, r.content_hash, r.format, r.bytes_consumed,
                r.hands, r.imported, r.duplicates, r.rejected, r.status, now, r.consumed_hash,
            ],
        )

    # -- export --------------------------------------------------------------------------

    def export_parquet(self, out_dir: str | Path) -> list[str]:
        """Write every table as Parquet; hand-keyed tables partitioned by site and month."""
        out = Path(out_dir)
        out.mkdir(parents=True, exist_ok=True)
        written = []
        month = "coalesce(strftime(h.started_at, '%Y-%m'), 'unknown') AS month"
        for table in ("hands", "seats", "actions", "pots", "findings"):
            target = out / table
            src = (
                f"SELECT h.*, {month} FROM hands h"
                if table == "hands"
                else f"SELECT t.*, {month} FROM {table} t JOIN hands h USING (site, hand_id)"
            )
            self.con.execute(
                f"COPY ({src}) TO '{_sql_path(target)}' "
                "(FORMAT PARQUET, PARTITION_BY (site, month), OVERWRITE_OR_IGNORE)"
            )
            written.append(str(target))
        for table in ("rejects", "files"):
            target = out / f"{table}.parquet"
            self.con.execute(f"COPY {table} TO '{_sql_path(target)}' (FORMAT PARQUET)")
            written.append(str(target))
        return written

    def export_csv(self, out_dir: str | Path) -> list[str]:
        """Write every table as one CSV file, safe to open in a spreadsheet.

        Names come from files anyone can write: a player called ``=HYPERLINK(...)`` must not
        become a live formula, so every text cell starting with ``= + - @`` (or a tab or CR)
        gets a leading apostrophe. Numbers are written as numbers and are never touched.
        """
        import pyarrow.csv as pacsv  # only this export needs it

        out = Path(out_dir)
        out.mkdir(parents=True, exist_ok=True)
        written = []
        for name in ("hands", "seats", "actions", "pots", "findings", "rejects", "files"):
            table = self.con.sql(f"SELECT * FROM {name}").to_arrow_table()
            columns = []
            for col, field in zip(table.columns, table.schema, strict=True):
                if pa.types.is_string(field.type) or pa.types.is_large_string(field.type):
                    col = pa.array([csv_safe(v) for v in col.to_pylist()], field.type)
                elif pa.types.is_list(field.type):
                    col = pa.array(
                        [None if v is None else ", ".join(csv_safe(str(x)) or "" for x in v)
                         for v in col.to_pylist()],
                        pa.string(),
                    )
                columns.append(col)
            safe_table = pa.table(columns, names=table.column_names)
            target = out / f"{name}.csv"
            pacsv.write_csv(safe_table, target)
            written.append(str(target))
        return written


def _count_per_file(
    hands: Sequence[tuple[Hand, Replay]],
    fresh_keys: set[tuple[str, str]],
    files: Sequence[FileRecord],
) -> list[FileRecord]:
    """Add this batch's imported/duplicate counts to each file's record (first copy wins)."""
    imported: dict[str, int] = {}
    duplicates: dict[str, int] = {}
    taken: set[tuple[str, str]] = set()
    for hand, _ in hands:
        key = (hand.site, hand.hand_id)
        path = hand.source.file
        if key in fresh_keys and key not in taken:
            taken.add(key)
            imported[path] = imported.get(path, 0) + 1
        else:
            duplicates[path] = duplicates.get(path, 0) + 1
    return [
        replace(
            r,
            imported=r.imported + imported.get(r.path, 0),
            duplicates=r.duplicates + duplicates.get(r.path, 0),
        )
        for r in files
    ]


def _sql_path(path: Path) -> str:
    """COPY targets cannot be bound as parameters; quote the one character that matters."""
    return str(path).replace("'", "''")


def _text_hash(text: str) -> str:
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()


def _utc_naive(value: datetime | None) -> datetime | None:
    if value is None or value.tzinfo is None:
        return value
    return value.astimezone(UTC).replace(tzinfo=None)


def _money_array(values: Iterable[int | None], decimals: Iterable[int]) -> pa.Array:
    return pa.array([money(v, d) for v, d in zip(values, decimals, strict=True)], _MONEY_ARROW)


def _flatten(batch: Sequence[tuple[Hand, Replay]], now: datetime) -> dict[str, pa.Table]:
    """Column lists for every hand-keyed table, built in one pass over the batch."""
    h: dict[str, list] = {k: [] for k in _HAND_COLS}
    s: dict[str, list] = {k: [] for k in _SEAT_COLS}
    a: dict[str, list] = {k: [] for k in _ACTION_COLS}
    p: dict[str, list] = {k: [] for k in _POT_COLS}
    f: dict[str, list] = {k: [] for k in _FINDING_COLS}
    for hand, replay in batch:
        _flatten_hand(hand, replay, now, h, s, a, p, f)
    money_cols = {
        "hands": ("small_blind", "big_blind", "ante", "small_bet", "big_bet", "total_pot",
                  "engine_total_pot", "rake", "fees"),
        "seats": ("starting_stack", "invested", "collected", "won", "net", "final_stack"),
        "actions": ("amount", "to_amount", "pot_after"),
        "pots": ("amount", "printed_amount"),
        "findings": (),
    }
    out = {}
    for name, cols in (("hands", h), ("seats", s), ("actions", a), ("pots", p), ("findings", f)):
        decimals = cols.pop("_decimals")
        arrays = {}
        for col, values in cols.items():
            if col in money_cols[name]:
                arrays[col] = _money_array(values, decimals)
            else:
                arrays[col] = pa.array(values, _ARROW_TYPES.get(col))
        out[name] = pa.table(arrays)
    return out


_HAND_COLS = (
    "_decimals", "site", "hand_id", "source_file", "source_offset", "source_line", "game",
    "limit_type", "currency", "decimals", "small_blind", "big_blind", "ante", "small_bet",
    "big_bet", "started_at", "local_time", "time_zone", "table_name", "button_seat",
    "max_seats", "n_players", "board", "boards", "total_pot", "engine_total_pot", "rake",
    "fees", "tournament_id", "level", "is_tournament", "fast_fold", "payouts_verified",
    "has_error", "n_findings", "imported_at",
)
_SEAT_COLS = (
    "_decimals", "site", "hand_id", "seat", "player", "position", "starting_stack",
    "hole_cards", "invested", "collected", "won", "net", "final_stack", "went_to_showdown",
    "is_hero", "sitting_out",
)
_ACTION_COLS = (
    "_decimals", "site", "hand_id", "seq", "street", "seat", "player", "kind", "amount",
    "to_amount", "all_in", "cards", "pot_after", "line",
)
_POT_COLS = (
    "_decimals", "site", "hand_id", "pot_index", "amount", "printed_amount", "eligible",
    "winners", "eligible_seats", "winner_seats",
)
_FINDING_COLS = ("_decimals", "site", "hand_id", "code", "severity", "message", "line")

_ARROW_TYPES: dict[str, pa.DataType] = {
    "source_offset": pa.int64(),
    "source_line": pa.int32(),
    "decimals": pa.int32(),
    "started_at": pa.timestamp("us"),
    "imported_at": pa.timestamp("us"),
    "button_seat": pa.int32(),
    "max_seats": pa.int32(),
    "n_players": pa.int32(),
    "n_findings": pa.int32(),
    "seat": pa.int32(),
    "seq": pa.int32(),
    "line": pa.int32(),
    "pot_index": pa.int32(),
    "boards": pa.list_(pa.string()),
    "eligible": pa.list_(pa.string()),
    "winners": pa.list_(pa.string()),
    "eligible_seats": pa.list_(pa.int32()),
    "winner_seats": pa.list_(pa.int32()),
    "tournament_id": pa.string(),
    "level": pa.string(),
    "hole_cards": pa.string(),
    "cards": pa.string(),
    "position": pa.string(),
    "player": pa.string(),
    "board": pa.string(),
    "site": pa.string(),
    "hand_id": pa.string(),
    "local_time": pa.string(),
    "time_zone": pa.string(),
    "table_name": pa.string(),
    "source_file": pa.string(),
}


def _flatten_hand(hand, replay, now, h, s, a, p, f) -> None:  # noqa: PLR0913 - column sinks
    d = hand.decimals
    site, hid = hand.site, hand.hand_id
    report = hand.report
    names = {seat.seat: seat.player for seat in hand.seats}
    pos = positions(hand)
    dealt = [seat for seat in hand.seats if not seat.sitting_out]
    h["_decimals"].append(d)
    for col, value in (
        ("site", site), ("hand_id", hid), ("source_file", hand.source.file),
        ("source_offset", hand.source.offset), ("source_line", hand.source.line),
        ("game", hand.game.value), ("limit_type", hand.limit.value),
        ("currency", hand.currency), ("decimals", d),
        ("small_blind", hand.stakes.small_blind), ("big_blind", hand.stakes.big_blind),
        ("ante", hand.stakes.ante), ("small_bet", hand.stakes.small_bet),
        ("big_bet", hand.stakes.big_bet), ("started_at", _utc_naive(hand.started_at)),
        ("local_time", hand.local_time), ("time_zone", hand.time_zone),
        ("table_name", hand.table_name), ("button_seat", hand.button_seat),
        ("max_seats", hand.max_seats), ("n_players", len(dealt)),
        ("board", " ".join(hand.board)), ("boards", [" ".join(b) for b in hand.boards]),
        ("total_pot", report.total_pot), ("engine_total_pot", replay.total_pot),
        ("rake", report.rake), ("fees", sum(v for _, v in report.fees) if report.fees else 0),
        ("tournament_id", hand.tournament_id), ("level", hand.level),
        ("is_tournament", hand.is_tournament), ("fast_fold", hand.fast_fold),
        ("payouts_verified", replay.payouts_verified), ("has_error", replay.has_errors),
        ("n_findings", len(replay.findings)), ("imported_at", now),
    ):
        h[col].append(value)

    results = {r.seat: r for r in replay.seats}
    site_collected: dict[int, int] = {}
    for c in report.collections:
        site_collected[c.seat] = site_collected.get(c.seat, 0) + c.amount
    for c in report.cash_outs:
        site_collected[c.seat] = site_collected.get(c.seat, 0) + c.amount
    use_site = bool(report.collections or report.cash_outs)
    for seat in hand.seats:
        r = results.get(seat.seat)
        invested = r.invested if r else 0
        won = r.won if r else 0
        collected = site_collected.get(seat.seat, 0) if use_site else won
        s["_decimals"].append(d)
        s["site"].append(site)
        s["hand_id"].append(hid)
        s["seat"].append(seat.seat)
        s["player"].append(seat.player)
        s["position"].append(pos.get(seat.seat))
        s["starting_stack"].append(seat.stack)
        s["hole_cards"].append(" ".join(seat.hole_cards) if seat.hole_cards else None)
        s["invested"].append(invested)
        s["collected"].append(collected)
        s["won"].append(won)
        s["net"].append(collected - invested)
        s["final_stack"].append(r.final_stack if r else seat.stack)
        s["went_to_showdown"].append(bool(r and r.went_to_showdown))
        s["is_hero"].append(seat.is_hero)
        s["sitting_out"].append(seat.sitting_out)

    pot = 0
    for seq, act in enumerate(hand.actions):
        if act.kind is ActionKind.UNCALLED_RETURN:
            pot -= act.amount
        else:
            pot += act.amount
        a["_decimals"].append(d)
        a["site"].append(site)
        a["hand_id"].append(hid)
        a["seq"].append(seq)
        a["street"].append(_STREET_NAMES[act.street])
        a["seat"].append(act.seat)
        a["player"].append(names.get(act.seat))
        a["kind"].append(act.kind.value)
        a["amount"].append(act.amount)
        a["to_amount"].append(act.to)
        a["all_in"].append(act.all_in)
        a["cards"].append(" ".join(act.cards) if act.cards else None)
        a["pot_after"].append(pot)
        a["line"].append(act.line)

    printed = {pp.index: pp.amount for pp in report.pots}
    for pt in replay.pots:
        p["_decimals"].append(d)
        p["site"].append(site)
        p["hand_id"].append(hid)
        p["pot_index"].append(pt.index)
        p["amount"].append(pt.amount)
        p["printed_amount"].append(printed.get(pt.index))
        p["eligible"].append([names.get(x, str(x)) for x in pt.eligible])
        p["winners"].append([names.get(x, str(x)) for x in pt.winners])
        p["eligible_seats"].append(list(pt.eligible))
        p["winner_seats"].append(list(pt.winners))

    for finding in replay.findings:
        f["_decimals"].append(d)
        f["site"].append(site)
        f["hand_id"].append(hid)
        f["code"].append(finding.code)
        f["severity"].append(finding.severity.value)
        f["message"].append(finding.message)
        f["line"].append(finding.line)


def file_digest(path: str | Path) -> str:
    """Content hash of a file (blake2b), read in blocks so big files do not fill memory."""
    digest = hashlib.blake2b(digest_size=16)
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()

"""The store's contract: one column spec for every table, and the records the import writes.

Why one spec: the DuckDB tables, the Arrow tables that :mod:`pipeline.store.flatten` builds,
the Parquet shards of the Dask import and the views of :mod:`pipeline.store.attach` must agree
column by column. Each table is declared once here (:class:`Table` of :class:`Column`), and
the DuckDB DDL (:data:`SCHEMA`, :data:`MIGRATIONS`), the Arrow schemas (:func:`arrow_schema`)
and the column names are all derived from it, so they cannot drift apart.

Why apart from :mod:`pipeline.store.db`: the spec and the records are used by every writer of
sidepot's tables and by the ingest workers, which never open a database. pyarrow is imported
only when an Arrow type is asked for, so the parse step that reads :class:`Reject` from here
does not load it.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from functools import cache
from typing import TYPE_CHECKING

from parsers.model import Hand

if TYPE_CHECKING:
    import pyarrow as pa

__all__ = [
    "ALLIN_EQUITY", "ALLIN_EQUITY_HANDS", "DERIVED_TABLES",
    "HAND_TABLES", "MIGRATIONS", "MONEY", "MONEY_SCALE", "NOT_EXPORTED", "OTHER_TABLES",
    "SCHEMA", "TABLES",
    "BatchResult", "Column", "FileRecord", "Kind", "Reject", "Table", "arrow_schema",
    "arrow_type", "csv_safe", "money", "names_after_button", "positions",
]

#: Decimal places of every money column. Cents cover every cash site and all tournament chips.
MONEY_SCALE = 2


class Kind(enum.Enum):
    """The type of a column; the value is its DuckDB spelling, :func:`arrow_type` its Arrow one."""

    VARCHAR = "VARCHAR"
    INTEGER = "INTEGER"
    BIGINT = "BIGINT"
    #: Exact money in cents (see :mod:`pipeline.store.columns` for how it is written).
    MONEY = f"DECIMAL(18, {MONEY_SCALE})"
    TIMESTAMP = "TIMESTAMP"
    BOOLEAN = "BOOLEAN"
    VARCHAR_LIST = "VARCHAR[]"
    INTEGER_LIST = "INTEGER[]"
    #: A list of exact money amounts, each as :attr:`MONEY` is.
    MONEY_LIST = f"DECIMAL(18, {MONEY_SCALE})[]"
    #: A small integer standing for a text label (the lean layout's coded columns,
    #: :mod:`pipeline.store.layout`); never a column users read.
    CODE = "USMALLINT"


MONEY = Kind.MONEY.value


@dataclass(frozen=True, slots=True)
class Column:
    """One column: its name, its type, and whether DuckDB refuses a NULL in it.

    ``added_later`` marks a column that stores created before it existed lack: besides being
    in the table's DDL it is added by an ``ALTER TABLE`` on every open (:data:`MIGRATIONS`).
    ``on_store`` marks a column the import's writer sets when rows are stored (from the other
    columns and the user's settings, :mod:`pipeline.ingest.zones`), not a core: the Arrow
    schema the cores produce (:func:`arrow_schema`) leaves it out.
    """

    name: str
    kind: Kind
    not_null: bool = False
    added_later: bool = False
    on_store: bool = False

    def ddl(self) -> str:
        return f"{self.name} {self.kind.value}" + (" NOT NULL" if self.not_null else "")


@dataclass(frozen=True, slots=True)
class Table:
    """One table of the store: its columns in order, and its primary key (if any)."""

    name: str
    columns: tuple[Column, ...]
    primary_key: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        names = self.names
        if len(set(names)) != len(names):
            raise ValueError(f"table {self.name} names a column twice")
        if not set(self.primary_key) <= set(names):
            raise ValueError(f"table {self.name}: primary key {self.primary_key} not a column")
        if any(c.added_later and (c.not_null or c.name in self.primary_key)
               for c in self.columns):
            raise ValueError(f"table {self.name}: a column added later must allow NULL")

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(c.name for c in self.columns)

    def ddl(self) -> str:
        """``CREATE TABLE IF NOT EXISTS`` for this table (an existing table is left as is).

        A one-column key is written on its column, a longer one after the columns, as DuckDB
        itself writes them back (``duckdb_tables().sql``).
        """
        single = self.primary_key[0] if len(self.primary_key) == 1 else None
        lines = [c.ddl() + (" PRIMARY KEY" if c.name == single else "") for c in self.columns]
        if len(self.primary_key) > 1:
            lines.append(f"PRIMARY KEY ({', '.join(self.primary_key)})")
        body = ",\n".join(f"    {line}" for line in lines)
        return f"CREATE TABLE IF NOT EXISTS {self.name} (\n{body}\n);"

    def migrations(self) -> tuple[str, ...]:
        return tuple(f"ALTER TABLE {self.name} ADD COLUMN IF NOT EXISTS {c.name} {c.kind.value}"
                     for c in self.columns if c.added_later)



_SITE = Column("site", Kind.VARCHAR, not_null=True)
_HAND_ID = Column("hand_id", Kind.VARCHAR, not_null=True)

HANDS = Table("hands", (
    _SITE,
    _HAND_ID,
    Column("source_file", Kind.VARCHAR),
    Column("source_offset", Kind.BIGINT),
    Column("source_line", Kind.INTEGER),
    Column("game", Kind.VARCHAR),
    Column("limit_type", Kind.VARCHAR),
    Column("currency", Kind.VARCHAR),
    Column("decimals", Kind.INTEGER),
    Column("small_blind", Kind.MONEY),
    Column("big_blind", Kind.MONEY),
    Column("ante", Kind.MONEY),
    Column("small_bet", Kind.MONEY),
    Column("big_bet", Kind.MONEY),
    Column("started_at", Kind.TIMESTAMP),  # UTC when the hand's zone is known
    Column("local_time", Kind.VARCHAR),  # as printed
    Column("time_zone", Kind.VARCHAR),  # the zone used: as printed, or the IANA name assumed
    Column("table_name", Kind.VARCHAR),
    Column("button_seat", Kind.INTEGER),
    Column("max_seats", Kind.INTEGER),
    Column("n_players", Kind.INTEGER),
    Column("board", Kind.VARCHAR),
    Column("boards", Kind.VARCHAR_LIST),
    Column("total_pot", Kind.MONEY),
    Column("engine_total_pot", Kind.MONEY),
    Column("rake", Kind.MONEY),
    Column("fees", Kind.MONEY),
    Column("tournament_id", Kind.VARCHAR),
    Column("level", Kind.VARCHAR),
    Column("is_tournament", Kind.BOOLEAN),
    Column("fast_fold", Kind.BOOLEAN),
    Column("payouts_verified", Kind.BOOLEAN),
    Column("has_error", Kind.BOOLEAN),
    Column("n_findings", Kind.INTEGER),
    Column("imported_at", Kind.TIMESTAMP),
    # Where time_zone came from: printed, site_default or user_setting; NULL: no zone known
    # (started_at is then NULL too). Set by pipeline.ingest.zones when the rows are stored.
    Column("zone_source", Kind.VARCHAR, added_later=True, on_store=True),
), primary_key=("site", "hand_id"))

SEATS = Table("seats", (
    _SITE,
    _HAND_ID,
    Column("seat", Kind.INTEGER),
    Column("player", Kind.VARCHAR),
    Column("position", Kind.VARCHAR),
    Column("starting_stack", Kind.MONEY),
    Column("hole_cards", Kind.VARCHAR),
    Column("invested", Kind.MONEY),
    Column("collected", Kind.MONEY),
    Column("won", Kind.MONEY),
    Column("net", Kind.MONEY),
    Column("final_stack", Kind.MONEY),
    Column("went_to_showdown", Kind.BOOLEAN),
    Column("is_hero", Kind.BOOLEAN),
    Column("sitting_out", Kind.BOOLEAN),
    # A seat of a site that hides names (Ignition's "Big Blind", "UTG+1"), not a player: set
    # by pipeline.ingest.anonymous when the rows are stored; the reports leave it out.
    Column("anonymous", Kind.BOOLEAN, added_later=True, on_store=True),
))

ACTIONS = Table("actions", (
    _SITE,
    _HAND_ID,
    Column("seq", Kind.INTEGER),
    Column("street", Kind.VARCHAR),
    Column("seat", Kind.INTEGER),
    Column("player", Kind.VARCHAR),
    Column("kind", Kind.VARCHAR),
    Column("amount", Kind.MONEY),
    Column("to_amount", Kind.MONEY),
    Column("all_in", Kind.BOOLEAN),
    Column("cards", Kind.VARCHAR),
    Column("pot_after", Kind.MONEY),
    Column("line", Kind.INTEGER),
))

POTS = Table("pots", (
    _SITE,
    _HAND_ID,
    Column("pot_index", Kind.INTEGER),
    Column("amount", Kind.MONEY),
    Column("printed_amount", Kind.MONEY),
    Column("eligible", Kind.VARCHAR_LIST),
    Column("winners", Kind.VARCHAR_LIST),
    Column("eligible_seats", Kind.INTEGER_LIST),
    Column("winner_seats", Kind.INTEGER_LIST),
))

FINDINGS = Table("findings", (
    _SITE,
    _HAND_ID,
    Column("code", Kind.VARCHAR),
    Column("severity", Kind.VARCHAR),
    Column("message", Kind.VARCHAR),
    Column("line", Kind.INTEGER),
    #: The amounts the message names, in its order, as every money column holds money (the
    #: message renders them in the hand's units: ``pipeline.engine.amounts``).
    Column("amounts", Kind.MONEY_LIST, added_later=True),
))

#: The per-seat stat facts (``reports.facts``), computed by the core that parsed the hand and
#: stored with its other rows: a row per seat dealt in, the 0/1 facts packed as bits of
#: ``flags`` (bit i is ``reports.facts.FLAGS[i]``). ``reports.stats_tables`` decodes them
#: instead of computing the facts with its SQL; ``seat_flags_meta`` names the definition they
#: were made by (:mod:`pipeline.store.seat_flags`). Internal: not exported (:data:`NOT_EXPORTED`).
SEAT_FLAGS = Table("seat_flags", (
    _SITE,
    _HAND_ID,
    Column("seat", Kind.INTEGER),
    Column("flags", Kind.INTEGER),
    Column("post_aggr", Kind.INTEGER),
    Column("post_calls", Kind.INTEGER),
    Column("post_folds", Kind.INTEGER),
))

REJECTS = Table("rejects", (
    Column("source_file", Kind.VARCHAR),
    Column("source_offset", Kind.BIGINT),
    Column("line", Kind.INTEGER),
    Column("site", Kind.VARCHAR),
    Column("reason", Kind.VARCHAR),
    Column("detail", Kind.VARCHAR),
    Column("raw_text", Kind.VARCHAR),
    Column("text_hash", Kind.VARCHAR),
    Column("imported_at", Kind.TIMESTAMP),
))

FILES = Table("files", (
    Column("path", Kind.VARCHAR),
    Column("size", Kind.BIGINT),
    Column("mtime", Kind.TIMESTAMP),
    Column("content_hash", Kind.VARCHAR),
    Column("format", Kind.VARCHAR),
    Column("bytes_consumed", Kind.BIGINT),
    Column("hands", Kind.INTEGER),
    Column("imported", Kind.INTEGER),
    Column("duplicates", Kind.INTEGER),
    Column("rejected", Kind.INTEGER),
    Column("status", Kind.VARCHAR),
    Column("imported_at", Kind.TIMESTAMP),
    Column("consumed_hash", Kind.VARCHAR, added_later=True),
), primary_key=("path",))

#: All-in adjusted results, derived from the stored rows after each import commit by
#: ``reports.allin.fill_allin_equity`` (never by a core, so both cores give the same rows): a
#: row per contender of each adjustable hand, and every hand looked at with the
#: ``imported_at`` of the rows it was computed from. Not in :data:`TABLES`: they are no hand's
#: own rows (no export, no Parquet shard); :data:`SCHEMA` creates them (DERIVED_TABLES).
ALLIN_EQUITY = Table("allin_equity", (
    _SITE,
    _HAND_ID,
    Column("seat", Kind.INTEGER, not_null=True),
    Column("adjusted_net", Kind.MONEY),
), primary_key=("site", "hand_id", "seat"))

ALLIN_EQUITY_HANDS = Table("allin_equity_hands", (
    _SITE,
    _HAND_ID,
    Column("imported_at", Kind.TIMESTAMP),
), primary_key=("site", "hand_id"))

#: The keys of stored hands an import took back to store them again (a hand cut short, then
#: read whole: :mod:`pipeline.ingest.reread`), written in the same transaction as the drop: a
#: cache of per-hand results (``reports.stats``'s seat facts) forgets them, then empties it.
#: Not in :data:`TABLES` (no hand's own rows); created by the first drop.
HANDS_DROPPED = Table("hands_dropped", (_SITE, _HAND_ID))

#: Every table of the store by name, in the order they are created.
TABLES: dict[str, Table] = {t.name: t for t in (
    HANDS, SEATS, ACTIONS, POTS, FINDINGS, SEAT_FLAGS, REJECTS, FILES)}
#: The tables whose rows belong to one hand, (site, hand_id) first: one Arrow table each per
#: flattened batch, deduplicated with their hand, partitioned by site and month in Parquet.
HAND_TABLES = ("hands", "seats", "actions", "pots", "findings", "seat_flags")
#: Hand tables that are the store's own cache, not data: the Parquet and CSV exports leave
#: them out (an attached export computes the stat facts from the other tables instead).
NOT_EXPORTED = ("seat_flags",)
#: The import's own bookkeeping: what could not be stored, and how far each file got.
OTHER_TABLES = ("rejects", "files")

#: Tables derived from the stored rows after each commit (see ALLIN_EQUITY): created with the
#: store, filled by reports.allin.
DERIVED_TABLES: dict[str, Table] = {t.name: t for t in (ALLIN_EQUITY, ALLIN_EQUITY_HANDS)}

#: Every table in its readable form, as plain tables in ``main``: the layout of stores made
#: before the lean one, which :mod:`pipeline.store.layout` upgrades (the DDL a store is made
#: with now is ``layout.create``'s: the hand tables stored leaner, these names as views).
SCHEMA = "\n".join(t.ddl() for t in (*TABLES.values(), *DERIVED_TABLES.values())) + "\n"
#: Columns added after a store could already exist on disk, on the readable tables (the lean
#: store applies them to the tables holding them: ``layout.MIGRATIONS``).
MIGRATIONS = tuple(m for t in TABLES.values() for m in t.migrations())


@cache
def arrow_type(kind: Kind) -> pa.DataType:
    """The Arrow type that DuckDB reads as ``kind`` (and writes back when it exports one)."""
    import pyarrow as pa

    return {
        Kind.VARCHAR: pa.string(),
        Kind.INTEGER: pa.int32(),
        Kind.BIGINT: pa.int64(),
        Kind.MONEY: pa.decimal128(18, MONEY_SCALE),
        Kind.TIMESTAMP: pa.timestamp("us"),
        Kind.BOOLEAN: pa.bool_(),
        Kind.VARCHAR_LIST: pa.list_(pa.string()),
        Kind.INTEGER_LIST: pa.list_(pa.int32()),
        Kind.MONEY_LIST: pa.list_(pa.decimal128(18, MONEY_SCALE)),
        Kind.CODE: pa.uint16(),
    }[kind]


@cache
def arrow_schema(table: str, *, stored: bool = False) -> pa.Schema:
    """The Arrow schema of one table as a core produces it, column for column as in its DDL
    less the ``on_store`` columns (``stored=True``: with them, as the store holds it).

    Every field is nullable, as the Arrow tables built from arrays are; a NOT NULL column is
    DuckDB's to enforce when the rows are loaded.
    """
    import pyarrow as pa

    return pa.schema([(c.name, arrow_type(c.kind)) for c in TABLES[table].columns
                      if stored or not c.on_store])


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
    for seat, name in zip(after, names_after_button(len(after)), strict=True):
        result[seat] = name
    return result


def names_after_button(count: int) -> list[str]:
    """Position names of ``count`` seats dealt in, in order from the button's left (the
    button itself not counted): SB, BB, then the middle seats up to CO."""
    return (["SB", "BB"] + _middle_names(max(count - 2, 0)))[:count]


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

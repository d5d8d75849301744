"""The store's contract: DuckDB schema, the value objects that cross into it, and the checks
that decide whether a hand fits its columns.

Why apart from :mod:`pipeline.store.db`: the schema and these checks are used by every writer of
sidepot's tables (the DuckDB store, the Dask Parquet writer, the attach views) and by the
ingest workers, which never open a database.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from parsers.model import Hand

#: Decimal places of every money column. Cents cover every cash site and all tournament chips.
MONEY_SCALE = 2
MONEY = f"DECIMAL(18, {MONEY_SCALE})"

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

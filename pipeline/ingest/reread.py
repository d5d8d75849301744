"""Reading part of a file again: what its earlier reading left in the store goes first.

Why it exists: a file is normally read once, and a file that grew is resumed at its committed
``bytes_consumed`` (only the new bytes are parsed). Three cases read bytes that an earlier
import already read, and each must leave the store as if the file had been read once, whole:

- **A last hand that grew.** A file whose last hand had no blank line after it may have been
  cut by a client still writing it, in a way that still parses (a summary cut short, say).
  When such a file grows, its reading restarts at that last hand (:func:`last_position`): the
  copy stored from there is dropped and the whole hand stored in its place, a reject there
  gives way to the hand, and the file's counts are taken back by what is read again
  (:func:`taken_back`).
- **A resumed file** (an interrupted import, a last hand left as incomplete): nothing of the
  file is stored at or after ``bytes_consumed``, but a reading restarted as above and killed
  half-way may have left some, and an older store may hold a reject there: they are dropped.
- **A file read again from its start** (``--force``, or its already-read bytes changed): its
  rejects are dropped and come back as the new reading finds them, so a hand that now parses
  replaces its old reject; its stored hands stay (the new reading counts them as duplicates).

Invariant kept: every hand and reject stored from a file starts before its ``bytes_consumed``,
so a rerun after a crash at any point resumes where the committed progress row says.
The statements run on the writer's connection, each drop in one transaction; a restart
first commits the file's lowered progress row, then drops (a crash in between is a resume).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import duckdb

from parsers.text import decode
from pipeline.ingest.pack import PackedFile
from pipeline.store.db import FileRecord, Store
from pipeline.store.layout import LEAN, stored
from pipeline.store.schema import ALLIN_EQUITY, ALLIN_EQUITY_HANDS, HAND_TABLES, HANDS_DROPPED

#: A hand's all-in equity rows go with it (the import's workers store them with its rows).
ALLIN_TABLES = (ALLIN_EQUITY.name, ALLIN_EQUITY_HANDS.name)


@dataclass(frozen=True, slots=True)
class Position:
    """The last hand or reject stored from a file: where it starts, and which it is."""

    offset: int
    kind: str  # "hand" or "reject"


def last_position(store: Store, path: str, before: int) -> Position | None:
    """The last hand or reject stored from ``path`` that starts before byte ``before``."""
    row = store.con.execute(
        "SELECT max(o), arg_max(k, o) FROM ("
        "SELECT source_offset AS o, 'hand' AS k FROM hands WHERE source_file = ? "
        "AND source_offset < ? UNION ALL "
        "SELECT source_offset, 'reject' FROM rejects WHERE source_file = ? "
        "AND source_offset < ?)",
        [path, before, path, before],
    ).fetchone()
    if row is None or row[0] is None:
        return None
    return Position(int(row[0]), str(row[1]))


def ends_open(data: bytes, start: int, end: int) -> bool:
    """Whether ``data[start:end]`` (the end of what was read before) stops without the blank
    line that follows a finished hand: its last hand may still have been growing."""
    return not decode(data[start:end])[0].endswith("\n\n")


def taken_back(prev: FileRecord, at: Position, read_again: int, consumed_hash: str,
               ) -> FileRecord:
    """``prev`` lowered to restart at ``at``: the ``read_again`` hands from there (the one at
    ``at``, stored, then duplicates) leave its counts, to be counted again as they are read."""
    hand, reject = at.kind == "hand", at.kind == "reject"
    return replace(
        prev,
        bytes_consumed=at.offset,
        consumed_hash=consumed_hash,
        hands=max(0, prev.hands - read_again),
        imported=max(0, prev.imported - hand),
        rejected=max(0, prev.rejected - reject),
        duplicates=max(0, prev.duplicates - max(0, read_again - 1)),
        status="partial",
    )


@dataclass(frozen=True, slots=True)
class Dropped:
    """What :func:`drop_from` removed."""

    hands: int
    rejects: int


def drop_from(store: Store, path: str, offset: int, *, hands: bool) -> Dropped:
    """Remove the rejects (and with ``hands``, the hands with all their rows) stored from
    ``path`` at byte ``offset`` or later, in one transaction. Two counts when there is none.
    The keys of the hands removed go to ``hands_dropped`` in the same transaction, so the
    stats tables drop what they derived from the old rows (the hand may come back changed)."""
    con = store.con
    n_hands = 0
    if hands:
        n_hands = con.execute(
            "SELECT count(*) FROM hands WHERE source_file = ? AND source_offset >= ?",
            [path, offset]).fetchone()[0]
    n_rejects = con.execute(
        "SELECT count(*) FROM rejects WHERE source_file = ? AND source_offset >= ?",
        [path, offset]).fetchone()[0]
    if not (n_hands or n_rejects):
        return Dropped(0, 0)
    if n_hands:
        con.execute(HANDS_DROPPED.ddl())
    con.begin()
    try:
        if n_hands:
            hands = stored("hands")
            keys = (f"SELECT site, hand_id FROM {hands} WHERE source_file = ? "
                    "AND source_offset >= ?")
            con.execute(f"INSERT INTO {HANDS_DROPPED.name} {keys}", [path, offset])
            for table in (*HAND_TABLES, *ALLIN_TABLES):
                if table == "hands":
                    continue
                if table in LEAN:  # the stored child rows carry the hand's integer key
                    con.execute(f"DELETE FROM {stored(table)} WHERE hand_key IN (SELECT "
                                f"hand_key FROM {hands} WHERE source_file = ? "
                                "AND source_offset >= ?)", [path, offset])
                else:
                    con.execute(f"DELETE FROM {table} t USING ({keys}) k "
                                "WHERE t.site = k.site AND t.hand_id = k.hand_id",
                                [path, offset])
            con.execute(f"DELETE FROM {hands} WHERE source_file = ? AND source_offset >= ?",
                        [path, offset])
        con.execute("DELETE FROM rejects WHERE source_file = ? AND source_offset >= ?",
                    [path, offset])
        con.commit()
    except BaseException:
        try:
            con.rollback()
        except duckdb.Error:  # the transaction may already be gone (an interrupted query)
            pass
        raise
    return Dropped(n_hands, n_rejects)


def read_again(parsed: PackedFile, start: int, old_end: int, data: bytes | None) -> int:
    """How many of a new reading's hands begin before ``old_end`` (read before, counted
    before): those it has in full, and the one it leaves incomplete if that one is old.

    The incomplete one is old when it is the hand read again itself (at ``start``) or when
    the old bytes held its first line whole. A hand-start line cut before its number (888's
    "#Game No :") was not a hand start then: its bytes were the end of the hand before, so
    counting it again would leave the files row one hand short of its stored hands. Without
    the file's bytes (``data`` None: a streamed file) the incomplete hand counts as old."""
    n = parsed.n_outcomes
    again = (1 if n and start < old_end else 0) + sum(1 for e in parsed.ends[: n - 1]
                                                      if e < old_end)
    if parsed.incomplete and parsed.consumed < old_end:
        line_end = data.find(b"\n", parsed.consumed) if data is not None else 0
        if data is None or parsed.consumed == start or 0 <= line_end < old_end:
            again += 1
    return again

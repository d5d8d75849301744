"""Anonymous seats: the seats of sites that hide their players' names, marked when stored.

Ignition (and its brands Bovada and Bodog, stored as site ``ignition``) never prints a
screen name: every seat is called by its position in that hand (``Dealer``, ``Small Blind``,
``Big Blind``, ``UTG``, ``UTG+1``...), and only the hero's own seat is marked (``[ME]``, stored
as the player ``Hero``). A "player" called ``Big Blind`` is whoever sat in the big blind that
hand: thousands of different people under one label, whose statistics mean nothing. So such a
seat is stored with ``seats.anonymous`` true, and the reports leave anonymous seats out of
every player list (stats, graphs, the page's grid, ``hands --player``) unless asked for. They
stay in the hands: their actions still shape the other seats' statistics (a steal they faced,
the raise they made) and the hand's replay.

Why stored, and set here rather than derived in the reports' SQL: the knowledge of which site
hides names belongs with the import, not the reports (``reports`` imports neither ``parsers``
nor ``pipeline``); a stored column says it once for every reader (the statistics, the page,
a user's own SQL on the store, a Parquet export), and it is set on the Arrow rows in the
writer, after whichever core parsed the hand, as :mod:`pipeline.ingest.zones` sets time
zones, so the Python and the native core store the same rows without either knowing of it.

The rule: the seat is not the hero's, its name is a seat label (:data:`SEAT_LABEL`), and either
the site hides names (:data:`ANONYMOUS_SITES`) or every other seat of the hand is labelled so
too: a hand converted from Ignition into another site's format (the PokerStars-style files
converters write) keeps the labels as names, and is as anonymous. A real name, should a log
print one, stays a player; one player called "Dealer" at a table of named players stays one.
Stores made before the column existed get it on their next import (:func:`mark_stored`).
"""

from __future__ import annotations

import re

import duckdb
import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from pipeline.store.layout import stored
from pipeline.store.schema import HANDS_DROPPED

__all__ = ["ANONYMOUS_SITES", "SEAT_LABEL", "is_anonymous", "mark_seats", "mark_stored"]

#: The sites whose logs never print a player's name (Ignition, Bovada and Bodog: ``ignition``).
ANONYMOUS_SITES = frozenset({"ignition"})
#: The names such a log gives seats (a whole-name pattern, read alike by Python's ``re``,
#: Arrow's and DuckDB's RE2): Ignition's, and the ``UTGplus1`` spelling of converters.
SEAT_LABEL = r"(Dealer|Small Blind|Big Blind|UTG(\+[0-9]+|plus[0-9]+)?)"


def is_anonymous(site: str, player: str | None, is_hero: bool | None,
                 others_labelled: bool) -> bool:
    """The rule for one seat (``others_labelled``: every non-hero seat of its hand carries a
    seat label); the reference the Arrow and SQL forms are tested against."""
    if is_hero or player is None or re.fullmatch(SEAT_LABEL, player) is None:
        return False
    return site in ANONYMOUS_SITES or others_labelled


def mark_seats(seats: pa.Table) -> pa.Table:
    """``seats`` with the ``anonymous`` column appended (or replaced): the same rows in give
    the same rows out, whichever core made them."""
    hero = _flags(pc.fill_null(seats.column("is_hero"), False))
    label = _flags(pc.fill_null(
        pc.match_substring_regex(seats.column("player"), f"^(?:{SEAT_LABEL})$"), False))
    marked = label & ~hero
    if marked.any():  # (most batches hold no seat label at all: nothing more to look at)
        # one number per hand (its key, however many times the batch holds it)
        key = pc.binary_join_element_wise(pc.fill_null(seats.column("site"), ""),
                                          pc.fill_null(seats.column("hand_id"), ""), "\x1f")
        if isinstance(key, pa.ChunkedArray):
            key = key.combine_chunks()
        hand = _flags(pc.dictionary_encode(key).indices).astype(np.int64)
        unlabelled = np.bincount(hand, weights=~hero & ~label, minlength=hand.max() + 1) > 0
        site_hides = _flags(pc.fill_null(pc.is_in(
            seats.column("site"), value_set=pa.array(sorted(ANONYMOUS_SITES))), False))
        marked &= site_hides | ~unlabelled[hand]
    column = pa.array(marked, pa.bool_())
    index = seats.schema.get_field_index("anonymous")
    if index >= 0:
        return seats.set_column(index, "anonymous", column)
    return seats.append_column("anonymous", column)


def _flags(values: pa.ChunkedArray | pa.Array) -> np.ndarray:
    """A column without nulls as a numpy array."""
    return np.asarray(values.to_numpy(zero_copy_only=False))


#: The rule in SQL over ``seats``, for the stored rows (one window per hand).
_MARKED = f"""
    NOT coalesce(is_hero, false)
    AND coalesce(regexp_full_match(player, '{SEAT_LABEL}'), false)
    AND (list_contains({sorted(ANONYMOUS_SITES)!r}, site)
         OR bool_and(coalesce(is_hero, false)
                     OR coalesce(regexp_full_match(player, '{SEAT_LABEL}'), false))
            OVER (PARTITION BY site, hand_id))"""


def mark_stored(con: duckdb.DuckDBPyConnection) -> int:
    """Mark the seats a store holds from before the column existed (``anonymous`` NULL);
    the number of seats found anonymous. Their hands' keys go to ``hands_dropped`` so that the
    statistics forget the facts computed before and take them again from the marked rows."""
    # the stored table, not the seats view: the view joins every seat to its hand (1.5 s on
    # ten million hands at every import), the table answers from its row groups' statistics
    unmarked = f"SELECT count(*) FROM {stored('seats')} WHERE anonymous IS NULL"
    if not con.execute(unmarked).fetchall()[0][0]:
        return 0
    con.execute(HANDS_DROPPED.ddl())
    con.begin()
    try:
        con.execute("CREATE OR REPLACE TEMP TABLE _anonymous AS SELECT s.hand_key, h.site, "
                    f"h.hand_id, s.seat, {_MARKED} AS marked FROM {stored('seats')} s "
                    f"JOIN {stored('hands')} h USING (hand_key) WHERE s.anonymous IS NULL")
        found = con.execute("SELECT count(*) FROM _anonymous WHERE marked").fetchall()[0][0]
        con.execute(f"INSERT INTO {HANDS_DROPPED.name} SELECT DISTINCT site, hand_id "
                    "FROM _anonymous WHERE marked")
        con.execute(f"UPDATE {stored('seats')} s SET anonymous = a.marked FROM _anonymous a "
                    "WHERE s.hand_key = a.hand_key AND s.seat = a.seat AND s.anonymous IS NULL")
        con.execute("DROP TABLE _anonymous")
        con.commit()
    except BaseException:
        con.rollback()
        raise
    return found

"""The cores' stored stat facts (``seat_flags``) against the SQL reference, seat by seat.

Used by the parity tests on simulated hands and on the corpus: the reference is
``reports/sql/seat_stats_pending.sql`` (seat_flags.sql) over every stored hand, its 0/1
columns packed as :data:`reports.facts.FLAGS` says; every stored row must equal it, and
every hand with seats dealt in must have rows but those the cores leave to the SQL (two
dealt seats with one number).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import duckdb

from reports.facts import COUNTS, FLAGS
from reports.sql import load
from reports.stats import no_filters


@dataclass
class Parity:
    """What was compared, and every difference (a few of them, for the message)."""

    seats: int = 0
    hands: int = 0
    unflagged: int = 0  # hands with dealt seats but no flags (repeated seat numbers)
    mismatches: list[tuple] = field(default_factory=list)
    #: hands without flags whose dealt seats do not repeat a number (should be none)
    unexplained: list[tuple] = field(default_factory=list)


def compare(con: duckdb.DuckDBPyConnection) -> Parity:
    """Stored flags vs the reference for every hand of the store ``con`` holds."""
    con.execute("CREATE OR REPLACE TEMP TABLE seat_stats_chunk AS SELECT site, hand_id "
                "FROM hands")
    con.execute("CREATE OR REPLACE TEMP TABLE seat_stats_flagged AS SELECT DISTINCT site, "
                "hand_id FROM seat_flags WHERE false")
    packed = " | ".join(f"(CAST({name} AS INTEGER) << {i})" for i, name in enumerate(FLAGS))
    con.execute(f"CREATE OR REPLACE TEMP TABLE facts_reference AS SELECT site, hand_id, seat, "
                f"{packed} AS flags, {', '.join(COUNTS)} FROM ({load('seat_stats_pending')})",
                no_filters())
    out = Parity()
    out.seats, out.hands = con.execute(
        "SELECT count(*), count(DISTINCT (site, hand_id)) FROM seat_flags").fetchall()[0]
    counts = " OR ".join(f"r.{c} IS DISTINCT FROM f.{c}" for c in COUNTS)
    out.mismatches = con.execute(
        "SELECT coalesce(r.site, f.site), coalesce(r.hand_id, f.hand_id), "
        "coalesce(r.seat, f.seat), r.flags, f.flags, "
        f"{', '.join(f'r.{c}, f.{c}' for c in COUNTS)} "
        "FROM (SELECT * FROM facts_reference SEMI JOIN seat_flags USING (site, hand_id)) r "
        "FULL JOIN seat_flags f ON r.site = f.site AND r.hand_id = f.hand_id "
        "AND r.seat = f.seat "
        f"WHERE r.flags IS DISTINCT FROM f.flags OR {counts} ORDER BY ALL LIMIT 20").fetchall()
    missing = ("SELECT DISTINCT site, hand_id FROM facts_reference "
               "ANTI JOIN seat_flags USING (site, hand_id)")
    out.unflagged = con.execute(f"SELECT count(*) FROM ({missing})").fetchall()[0][0]
    out.unexplained = con.execute(
        f"SELECT m.site, m.hand_id FROM ({missing}) m JOIN seats s USING (site, hand_id) "
        "WHERE NOT coalesce(s.sitting_out, false) GROUP BY m.site, m.hand_id "
        "HAVING count(*) = count(DISTINCT s.seat) LIMIT 20").fetchall()
    return out


def describe(result: Parity) -> str:
    """One readable line per difference: the hand, the seat, the flags that differ."""
    lines = [f"{result.seats} seats of {result.hands} hands compared"]
    for site, hand_id, seat, want, got, *counts in result.mismatches:
        differ = [name for i, name in enumerate(FLAGS)
                  if want is None or got is None or (want >> i & 1) != (got >> i & 1)]
        lines.append(f"{site} {hand_id} seat {seat}: flags {differ} sql={want} core={got}, "
                     f"counts sql/core {counts}")
    lines.extend(f"no flags for {site} {hand_id}" for site, hand_id in result.unexplained)
    return "\n".join(lines)

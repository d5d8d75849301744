"""One stored hand, every table's rows for it, for ``sidepot show``."""

from __future__ import annotations

from dataclasses import dataclass

import duckdb
import pandas as pd


@dataclass(frozen=True)
class HandDetail:
    """The rows of one hand: ``hand`` is a one-row frame; the others are ordered for display."""

    hand: pd.DataFrame
    seats: pd.DataFrame
    actions: pd.DataFrame
    pots: pd.DataFrame
    findings: pd.DataFrame


def hand_detail(con: duckdb.DuckDBPyConnection, site: str, hand_id: str) -> HandDetail | None:
    """None when the store has no such hand."""
    key = [site, hand_id]
    hand = con.execute("SELECT * FROM hands WHERE site = ? AND hand_id = ?", key).df()
    if hand.empty:
        return None

    def rows(sql: str) -> pd.DataFrame:
        return con.execute(sql, key).df()

    return HandDetail(
        hand=hand,
        seats=rows("SELECT * FROM seats WHERE site = ? AND hand_id = ? ORDER BY seat"),
        actions=rows("SELECT * FROM actions WHERE site = ? AND hand_id = ? ORDER BY seq"),
        pots=rows("SELECT * FROM pots WHERE site = ? AND hand_id = ? ORDER BY pot_index"),
        findings=rows(
            "SELECT * FROM findings WHERE site = ? AND hand_id = ? ORDER BY line, code"
        ),
    )


def find_hands(con: duckdb.DuckDBPyConnection, hand_id: str) -> list[str]:
    """Sites holding a hand with this id (for ``show`` given an id without a site)."""
    rows = con.execute("SELECT site FROM hands WHERE hand_id = ? ORDER BY site", [hand_id])
    return [r[0] for r in rows.fetchall()]

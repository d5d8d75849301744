"""Stored hands back out as open formats: PHH (``.phhs`` file or a folder of ``.phh``) and
Open Hand History (JSON lines, one ``{"ohh": ...}`` object per line).

Where the hands come from, and why: they are rebuilt from the store's own tables (``hands``,
``seats``, ``actions``), not by re-reading ``source_file``. The source files may have moved,
changed or been deleted since the import (the store only keeps their path and offset), while the
tables are exactly what was audited; a rebuilt :class:`Hand` holds every action with its amount,
raise-to and all-in flag, the boards, the hole cards and the stakes, which is all a PHH or OHH
writer needs. What the tables do not keep: per-pot collections (``seats.collected`` is one
total per player, the site's when it reported one), cash-outs, fee names and printed side pots.

The library never prints: it returns an :class:`ExportSummary` the CLI renders.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass, field
from datetime import UTC
from decimal import Decimal
from pathlib import Path

import duckdb

from parsers.model import (
    Action,
    ActionKind,
    Collection,
    Game,
    Hand,
    LimitType,
    Seat,
    SiteReport,
    SourceRef,
    Stakes,
    Street,
)
from pipeline.errors import SidepotError
from pipeline.export import ohh, phh

_STREETS = {s.name.lower(): s for s in Street}
_KINDS = {k.value: k for k in ActionKind}


@dataclass(frozen=True)
class ExportSummary:
    """What one export wrote: hands written, hands left out (and why), lossy hands by reason."""

    out: str
    format: str
    hands: int
    files: int
    skipped: int
    skipped_by_reason: dict[str, int] = field(default_factory=dict)
    lossy_by_reason: dict[str, int] = field(default_factory=dict)

    def to_json(self) -> str:
        return json.dumps(asdict(self), indent=2)


def _units(value: Decimal | None, decimals: int) -> int:
    if value is None:
        return 0
    scaled = value.scaleb(decimals)
    if scaled != scaled.to_integral_value():
        raise SidepotError(f"stored amount {value} is finer than {decimals} decimals")
    return int(scaled)


def load_hands(
    db: str | Path, site: str | None = None, hand_ids: Sequence[str] = ()
) -> Iterator[Hand]:
    """Rebuild stored hands (optionally one site, some hand ids), ordered by site and id."""
    path = Path(db)
    if not path.exists():
        raise SidepotError(f"no database at {path}: run `sidepot import PATH` first")
    con = duckdb.connect(str(path), read_only=True)
    try:
        where, params = ["TRUE"], []
        if site:
            where.append("site = ?")
            params.append(site)
        if hand_ids:
            where.append(f"hand_id IN ({', '.join('?' for _ in hand_ids)})")
            params += list(hand_ids)
        cond = " AND ".join(where)
        hands = con.execute(f"SELECT * FROM hands WHERE {cond} ORDER BY site, hand_id",
                            params).fetchall()
        hcols = [d[0] for d in con.description]
        seats: dict[tuple[str, str], list[dict]] = {}
        for row in _rows(con, f"SELECT * FROM seats WHERE {cond} ORDER BY seat", params):
            seats.setdefault((row["site"], row["hand_id"]), []).append(row)
        actions: dict[tuple[str, str], list[dict]] = {}
        for row in _rows(con, f"SELECT * FROM actions WHERE {cond} ORDER BY seq", params):
            actions.setdefault((row["site"], row["hand_id"]), []).append(row)
    finally:
        con.close()
    for values in hands:
        h = dict(zip(hcols, values, strict=True))
        key = (h["site"], h["hand_id"])
        yield _hand(h, seats.get(key, []), actions.get(key, []))


def _rows(con: duckdb.DuckDBPyConnection, sql: str, params: list) -> Iterator[dict]:
    cur = con.execute(sql, params)
    cols = [d[0] for d in cur.description]
    for values in cur.fetchall():
        yield dict(zip(cols, values, strict=True))


def _hand(h: dict, seat_rows: list[dict], action_rows: list[dict]) -> Hand:
    dec = h["decimals"]

    def u(v: Decimal | None) -> int:
        return _units(v, dec)

    seats = tuple(
        Seat(seat=r["seat"], player=r["player"], stack=u(r["starting_stack"]),
             sitting_out=bool(r["sitting_out"]), is_hero=bool(r["is_hero"]),
             hole_cards=tuple(r["hole_cards"].split()) if r["hole_cards"] else None)
        for r in seat_rows
    )
    actions = tuple(
        Action(street=_STREETS[r["street"]], seat=r["seat"], kind=_KINDS[r["kind"]],
               amount=u(r["amount"]), to=u(r["to_amount"]), all_in=bool(r["all_in"]),
               cards=tuple(r["cards"].split()) if r["cards"] else (), line=r["line"] or 0)
        for r in action_rows
    )
    collections = tuple(Collection(r["seat"], u(r["collected"]))
                        for r in seat_rows if r["collected"])
    boards = tuple(tuple(b.split()) for b in (h["boards"] or [])) or ((),)
    started = h["started_at"].replace(tzinfo=UTC) if h["started_at"] else None
    return Hand(
        site=h["site"], hand_id=h["hand_id"], game=Game(h["game"]),
        limit=LimitType(h["limit_type"]), currency=h["currency"], decimals=dec,
        stakes=Stakes(u(h["small_blind"]), u(h["big_blind"]), u(h["ante"]),
                      u(h["small_bet"]), u(h["big_bet"])),
        seats=seats, actions=actions, button_seat=h["button_seat"], boards=boards,
        report=SiteReport(total_pot=u(h["total_pot"]) if h["total_pot"] is not None else None,
                          rake=u(h["rake"]) if h["rake"] is not None else None,
                          collections=collections),
        started_at=started, local_time=h["local_time"] or "", time_zone=h["time_zone"] or "",
        table_name=h["table_name"] or "", max_seats=h["max_seats"],
        is_tournament=bool(h["is_tournament"]), tournament_id=h["tournament_id"],
        level=h["level"], fast_fold=bool(h["fast_fold"]),
        source=SourceRef(h["source_file"] or "", h["source_offset"] or 0, h["source_line"] or 1),
    )


_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


def _file_name(hand: Hand) -> str:
    return _UNSAFE.sub("_", f"{hand.site}-{hand.hand_id}") + ".phh"


def export_phh(hands: Iterator[Hand] | Sequence[Hand], out: str | Path) -> ExportSummary:
    """Write PHH: one ``.phhs`` file when ``out`` ends in .phhs, else a folder of ``.phh``.

    Hands PHH cannot express (not hold'em) are skipped and counted; hands it can only express
    with a loss (dead blinds, run it twice...) are written and counted by what is lost.
    """
    target = Path(out)
    single = target.suffix == ".phhs"
    skipped: Counter[str] = Counter()
    lossy: Counter[str] = Counter()
    written: list[Hand] = []
    files = 0
    if not single:
        target.mkdir(parents=True, exist_ok=True)
    for hand in hands:
        lost = phh.limits(hand)
        try:
            text = phh.write_hand(hand)
        except phh.NotRepresentable:
            skipped[lost[0] if lost else "not representable"] += 1
            continue
        for reason in lost:
            lossy[reason] += 1
        if single:
            written.append(hand)
        else:
            (target / _file_name(hand)).write_text(text, encoding="utf-8")
            files += 1
    if single:
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(phh.write_hands(written), encoding="utf-8")
        files = 1
    count = len(written) if single else files
    return ExportSummary(str(target), "phh", count, files, sum(skipped.values()),
                         dict(skipped), dict(lossy))


def export_ohh(hands: Iterator[Hand] | Sequence[Hand], out: str | Path) -> ExportSummary:
    """Write Open Hand History as JSON lines: one ``{"ohh": ...}`` object per line."""
    target = Path(out)
    target.parent.mkdir(parents=True, exist_ok=True)
    n = 0
    with open(target, "w", encoding="utf-8") as fh:
        for hand in hands:
            fh.write(ohh.dumps(ohh.write_hand(hand)) + "\n")
            n += 1
    return ExportSummary(str(target), "ohh", n, 1, 0)

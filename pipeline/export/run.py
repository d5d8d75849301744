"""Stored hands back out as open formats: PHH (``.phhs`` file or a folder of ``.phh``) and
Open Hand History (JSON lines, one ``{"ohh": ...}`` object per line).

Where the hands come from, and why: they are rebuilt from the store's own tables (``hands``,
``seats``, ``actions``), not by re-reading ``source_file``. The source files may have moved,
changed or been deleted since the import (the store only keeps their path and offset), while the
tables are exactly what was audited; a rebuilt :class:`Hand` holds every action with its amount,
raise-to and all-in flag, the boards, the hole cards and the stakes, which is all a PHH or OHH
writer needs. What the tables do not keep: per-pot collections (``seats.collected`` is one
total per player, the site's when it reported one), cash-outs, fee names (the fees come back as
one total, so the engine explains a pot the same way) and printed side pots.

Choosing hands: ``site`` and ``hands`` (each ``SITE:HAND_ID``, or a bare ``HAND_ID`` in any
site, as ``sidepot show`` takes them). Where PHH goes: a path ending in ``.phh`` is one file
holding one hand, ``.phhs`` one file holding every hand, anything else a folder of ``.phh``.

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
from pipeline.errors import SidepotError, UsageError
from pipeline.export import ohh, phh
from pipeline.store.db import connect

_STREETS = {s.name.lower(): s for s in Street}
_KINDS = {k.value: k for k in ActionKind}


@dataclass(frozen=True)
class ExportSummary:
    """What one export wrote: hands written, hands left out because the format cannot express
    them validly (counted by reason, with a few ``site:hand_id`` examples of each), and hands
    written with a loss (counted by what is lost)."""

    out: str
    format: str
    hands: int
    files: int
    skipped: int
    skipped_by_reason: dict[str, int] = field(default_factory=dict)
    lossy_by_reason: dict[str, int] = field(default_factory=dict)
    skipped_examples: dict[str, list[str]] = field(default_factory=dict)

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
    """Rebuild stored hands, ordered by site and id: optionally one site, and some hands (each
    ``SITE:HAND_ID``, or a ``HAND_ID`` matched in every site)."""
    path = Path(db)
    if not path.exists():
        raise SidepotError(f"no database at {path}: run `sidepot import PATH` first")
    con = connect(path, read_only=True)
    try:
        where, params = ["TRUE"], []
        if site:
            where.append("site = ?")
            params.append(site)
        if hand_ids:
            cond, refs = _hand_refs(hand_ids)
            where.append(cond)
            params += refs
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


def _hand_refs(refs: Sequence[str]) -> tuple[str, list[str]]:
    """SQL matching hands named ``SITE:HAND_ID`` or ``HAND_ID`` (an id may hold a colon: the
    whole text is also tried as an id), and its parameters."""
    terms, params = [], []
    for ref in refs:
        site, sep, hand_id = ref.partition(":")
        terms.append("hand_id = ?")
        params.append(ref)
        if sep:
            terms.append("(site = ? AND hand_id = ?)")
            params += [site, hand_id]
    return "(" + " OR ".join(terms) + ")", params


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
                          fees=(("fees", u(h["fees"])),) if h["fees"] else (),
                          collections=collections),
        started_at=started, local_time=h["local_time"] or "", time_zone=_printed_zone(h),
        table_name=h["table_name"] or "", max_seats=h["max_seats"],
        is_tournament=bool(h["is_tournament"]), tournament_id=h["tournament_id"],
        level=h["level"], fast_fold=bool(h["fast_fold"]),
        source=SourceRef(h["source_file"] or "", h["source_offset"] or 0, h["source_line"] or 1),
    )


def _printed_zone(h: dict) -> str:
    """The zone the log printed ("" when sidepot assumed it): the event model's
    ``time_zone``; an assumed zone is in ``started_at`` already."""
    if h.get("zone_source") in ("site_default", "user_setting"):
        return ""
    return h["time_zone"] or ""


_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")
#: ``site:hand_id`` examples kept per reason a hand was left out
_EXAMPLES = 3


def _file_name(hand: Hand) -> str:
    return _UNSAFE.sub("_", f"{hand.site}-{hand.hand_id}") + ".phh"


def export_phh(hands: Iterator[Hand] | Sequence[Hand], out: str | Path) -> ExportSummary:
    """Write PHH: ``out`` ending in .phh is one file of one hand, .phhs one file of every hand
    (tables ``[1]``, ``[2]``...), anything else a folder of ``.phh`` files (created).

    Hands PHH cannot express validly are left out and counted by the reason
    :class:`phh.NotRepresentable` gives; hands it can only express with a loss (dead blinds,
    run it twice...) are written and counted by what is lost. More than one hand for a .phh
    file is a usage error, raised before anything is written.
    """
    target = Path(out)
    kind = target.suffix.lower()
    skipped: Counter[str] = Counter()
    examples: dict[str, list[str]] = {}
    lossy: Counter[str] = Counter()
    texts = _phh_texts(hands, skipped, examples, lossy)
    if kind == ".phh":
        written = _write_one(texts, target)
    elif kind == ".phhs":
        target.parent.mkdir(parents=True, exist_ok=True)
        written = 0
        with open(target, "w", encoding="utf-8") as fh:
            for _hand, text in texts:
                written += 1
                fh.write(("\n" if written > 1 else "") + phh.table(written, text))
    else:
        target.mkdir(parents=True, exist_ok=True)
        written = 0
        for hand, text in texts:
            (target / _file_name(hand)).write_text(text, encoding="utf-8")
            written += 1
    files = 1 if kind == ".phhs" or (kind == ".phh" and written) else written
    return ExportSummary(str(target), "phh", written, files, sum(skipped.values()),
                         dict(skipped.most_common()), dict(lossy.most_common()), examples)


def _phh_texts(hands: Iterator[Hand] | Sequence[Hand], skipped: Counter[str],
               examples: dict[str, list[str]], lossy: Counter[str]) -> Iterator[tuple[Hand, str]]:
    """(hand, PHH text) for each hand PHH can express, counting the others and the losses."""
    for hand in hands:
        try:
            text = phh.write_hand(hand)
        except phh.NotRepresentable as err:
            skipped[err.reason] += 1
            seen = examples.setdefault(err.reason, [])
            if len(seen) < _EXAMPLES:
                seen.append(f"{hand.site}:{hand.hand_id}")
            continue
        for reason in phh.limits(hand):
            lossy[reason] += 1
        yield hand, text


def _write_one(texts: Iterator[tuple[Hand, str]], target: Path) -> int:
    """The one hand of a .phh file (nothing written when no hand is left)."""
    first = next(texts, None)
    if first is None:
        return 0
    second = next(texts, None)
    if second is not None:
        raise UsageError(f"{target}: a .phh file holds one hand and several match "
                         f"({first[0].site}:{first[0].hand_id}, {second[0].site}:"
                         f"{second[0].hand_id}...): choose one with --hand SITE:ID, or write "
                         "a .phhs file or a folder")
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(first[1], encoding="utf-8")
    return 1


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

"""Terminal rendering: safe text, aligned tables, money, and one hand street by street.

Player and table names come from files anyone can write. Printed raw, a name holding an ANSI
escape could recolour or rewrite the user's terminal, so every value that reaches the terminal
goes through :func:`safe`, which turns control and format characters into visible escapes.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Sequence
from decimal import Decimal
from typing import Any

import pandas as pd

_SYMBOLS = {"USD": "$", "EUR": "€", "GBP": "£"}


def safe(value: Any) -> str:
    """``str(value)`` with control/format characters (ESC, CR, BEL, bidi overrides) escaped."""
    text = "" if value is None else str(value)
    if text.isprintable():
        return text
    out = []
    for ch in text:
        if ch.isprintable() or ch == " ":
            out.append(ch)
        elif unicodedata.category(ch)[0] in "CZ" and ord(ch) < 0x10000:
            out.append(f"\\x{ord(ch):02x}" if ord(ch) < 0x100 else f"\\u{ord(ch):04x}")
        else:
            out.append(f"\\U{ord(ch):08x}")
    return "".join(out)


def money(value: Any, currency: str = "", decimals: int = 2) -> str:
    """Decimal -> "$1.05" / "€0.50" / "1050" (chips), at the hand's own precision."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "-"
    amount = Decimal(str(value)) if not isinstance(value, Decimal) else value
    if decimals is not None and decimals >= 0:
        amount = amount.quantize(Decimal(1).scaleb(-decimals))
    sign = "-" if amount < 0 else ""
    symbol = _SYMBOLS.get(currency, "")
    suffix = "" if symbol or currency in ("", "CHIPS", "PLAY") else f" {currency}"
    return f"{sign}{symbol}{abs(amount)}{suffix}"


def table(rows: pd.DataFrame | Sequence[dict], columns: Sequence[str] | None = None) -> str:
    """A plain aligned text table (numbers right-aligned), every cell passed through safe()."""
    frame = rows if isinstance(rows, pd.DataFrame) else pd.DataFrame(list(rows))
    cols = list(columns) if columns is not None else list(frame.columns)
    if frame.empty:
        return "(none)"
    cells = [[_cell(v) for v in frame[c].tolist()] for c in cols]
    numeric = [frame[c].map(_is_number).all() for c in cols]
    widths = [max([len(c)] + [len(v) for v in col]) for c, col in zip(cols, cells, strict=True)]
    head = "  ".join(c.ljust(w) if not n else c.rjust(w)
                     for c, w, n in zip(cols, widths, numeric, strict=True))
    lines = [head.rstrip(), "  ".join("-" * w for w in widths)]
    for i in range(len(frame)):
        parts = [
            col[i].rjust(w) if n else col[i].ljust(w)
            for col, w, n in zip(cells, widths, numeric, strict=True)
        ]
        lines.append("  ".join(parts).rstrip())
    return "\n".join(lines)


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float | Decimal) and not isinstance(value, bool)


def _cell(value: Any) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return ""
    if isinstance(value, list | tuple) or hasattr(value, "tolist"):
        seq = value.tolist() if hasattr(value, "tolist") else value
        return ", ".join(safe(v) for v in seq)
    if isinstance(value, float):
        return f"{value:.2f}".rstrip("0").rstrip(".") if value != int(value) else f"{value:.0f}"
    return safe(value)


_VERBS = {
    "post_sb": "posts small blind",
    "post_bb": "posts big blind",
    "post_ante": "posts ante",
    "post_straddle": "posts straddle",
    "post_dead": "posts dead",
    "call": "calls",
    "bet": "bets",
    "fold": "folds",
    "check": "checks",
    "muck": "mucks",
}
_STREET_CARDS = {"flop": (0, 3), "turn": (3, 4), "river": (4, 5)}


def render_hand(detail: Any) -> str:
    """A stored hand, street by street (``detail`` is a reports.hand.HandDetail)."""
    h = detail.hand.iloc[0]
    cur, dec = h["currency"], int(h["decimals"])

    def m(v: Any) -> str:
        return money(v, cur, dec)

    stakes = f"{m(h['small_blind'])}/{m(h['big_blind'])}"
    if h["ante"]:
        stakes += f" ante {m(h['ante'])}"
    kind = f"tournament {safe(h['tournament_id'])}" if h["is_tournament"] else "cash"
    when = f"{h['started_at']} UTC" if pd.notna(h["started_at"]) else "time unknown"
    out = [
        f"{safe(h['site'])}:{safe(h['hand_id'])}  {safe(h['game'])} {safe(h['limit_type'])} "
        f"{stakes} {safe(cur)} ({kind})  {when}",
        f"table '{safe(h['table_name'])}' {safe(h['max_seats'])}-max, button seat "
        f"{safe(h['button_seat'])}; from {safe(h['source_file'])} at byte "
        f"{safe(h['source_offset'])}",
        "",
        "Seats:",
    ]
    for _, s in detail.seats.iterrows():
        cards = f"[{s['hole_cards']}]" if _present(s["hole_cards"]) else ""
        flags = " (sitting out)" if s["sitting_out"] else (" (hero)" if s["is_hero"] else "")
        out.append(
            f"  {int(s['seat']):>2} {safe(s['position'] or ''):<6} {safe(s['player']):<20} "
            f"{m(s['starting_stack']):>12} {safe(cards)}{flags}"
        )
    board = (h["board"] or "").split()
    by_street: dict[str, list[Any]] = {}
    for _, a in detail.actions.iterrows():
        by_street.setdefault(a["street"], []).append(a)
    for street in ("preflop", "flop", "turn", "river", "showdown"):
        lo_hi = _STREET_CARDS.get(street)
        dealt = lo_hi is not None and len(board) >= lo_hi[1]
        if street not in by_street and not dealt:
            continue
        cards = f" [{safe(' '.join(board[lo_hi[0]:lo_hi[1]]))}]" if dealt and lo_hi else ""
        out += ["", f"{street.upper()}{cards}"]
        if street not in by_street:
            out.append("  (no action: players all in)")
        for a in by_street.get(street, []):
            out.append(
                f"  {safe(a['player']):<20} {_action_text(a, m):<34} pot {m(a['pot_after'])}"
            )
    boards = list(h["boards"]) if h["boards"] is not None else []
    out += ["", f"Board: [{safe(h['board'])}]" + (
        "  runs: " + " | ".join(safe(b) for b in boards) if len(boards) > 1 else "")]
    out += ["", "Pots (recomputed):"]
    for _, p in detail.pots.iterrows():
        label = "main pot" if p["pot_index"] == 0 else f"side pot {int(p['pot_index'])}"
        printed = (
            "" if pd.isna(p["printed_amount"]) else f" (site printed {m(p['printed_amount'])})"
        )
        out.append(
            f"  {label}: {m(p['amount'])}{printed}  eligible: {_names(p['eligible'])}"
            f"  winners: {_names(p['winners'])}"
        )
    out.append(f"  total pot {m(h['total_pot'])} (engine {m(h['engine_total_pot'])}), "
               f"rake {m(h['rake'])}, fees {m(h['fees'])}")
    out += ["", "Results:"]
    for _, s in detail.seats.iterrows():
        if s["sitting_out"]:
            continue
        sd = " showdown" if s["went_to_showdown"] else ""
        out.append(
            f"  {safe(s['player']):<20} invested {m(s['invested']):>10}  collected "
            f"{m(s['collected']):>10}  net {m(s['net']):>10}{sd}"
        )
    out += ["", "Findings:"]
    if detail.findings.empty:
        out.append("  none")
    for _, f in detail.findings.iterrows():
        where = f" line {int(f['line'])}" if f["line"] else ""
        out.append(f"  {safe(f['severity'])} {safe(f['code'])}{where}: {safe(f['message'])}")
    return "\n".join(out)


def _present(value: Any) -> bool:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return False
    return value != ""


def _names(values: Any) -> str:
    seq = values.tolist() if hasattr(values, "tolist") else list(values or [])
    return ", ".join(safe(v) for v in seq) or "-"


def _action_text(a: Any, m: Any) -> str:
    kind = a["kind"]
    allin = " and is all-in" if a["all_in"] else ""
    if kind == "raise":
        return f"raises to {m(a['to_amount'])}{allin}"
    if kind == "uncalled_return":
        return f"uncalled {m(a['amount'])} returned"
    if kind == "show":
        return f"shows [{safe(a['cards'])}]"
    verb = _VERBS.get(kind, kind)
    if kind in ("fold", "check", "muck"):
        return verb
    return f"{verb} {m(a['amount'])}{allin}"

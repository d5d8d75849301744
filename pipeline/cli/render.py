"""Rendering for the terminal and for ``--json``: safe text, tables, money, hands, JSON.

Player and table names come from files anyone can write. Printed raw, a name holding an ANSI
escape could recolour or rewrite the user's terminal, so every value that reaches the terminal
goes through :func:`safe`, which turns control and format characters into visible escapes.

Every ``--json`` output goes through :func:`to_json`, one encoder for the values the library
hands back (dataclasses, frames, numpy arrays and scalars, pandas NA and times, Decimals):
lists stay lists, never the ``repr`` of an array inside a string.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import math
import sys
import unicodedata
from collections.abc import Mapping, Sequence
from datetime import date, datetime, time, timedelta
from decimal import Decimal
from pathlib import PurePath
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np
    import pandas as pd

__all__ = ["cell", "is_number", "money", "plain", "render_hand", "safe", "table", "to_json"]

_SYMBOLS = {"USD": "$", "EUR": "€", "GBP": "£"}


def _loaded(name: str) -> Any:
    """The module ``name`` if something imported it, else None. A value can be a pandas or
    numpy object only once they are loaded, so asking costs nothing when they are not: a
    command that prints no frame starts without them (pandas alone takes ~0.4 s to load)."""
    return sys.modules.get(name)


def safe(value: Any) -> str:
    """``str(value)`` with control/format characters (ESC, CR, BEL, bidi overrides) escaped;
    a missing value (None, NA, NaN, NaT) is empty text, never ``<NA>`` or ``nan``."""
    text = "" if missing(value) else str(value)
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


def missing(value: Any) -> bool:
    """None, pandas' NA and NaT, or a float NaN: a value the store does not have."""
    if value is None:
        return True
    if isinstance(value, float):
        return math.isnan(value)
    pd = _loaded("pandas")
    return pd is not None and (value is pd.NA or value is pd.NaT)


def to_json(value: Any, indent: int | None = 2) -> str:
    """``value`` as JSON text: real lists, exact decimals as strings, times in ISO form.

    Non-ASCII text stays readable (``"Grünfeld"``) and ``/`` is not escaped; characters a
    terminal would act on (C0/C1 controls, bidi overrides) are written as ``\\uXXXX``
    escapes, which decode to the same string. ``indent=None`` gives one line (JSON lines).
    """
    text = json.dumps(plain(value), indent=indent, ensure_ascii=False, allow_nan=False)
    if text.replace("\n", "").isprintable():
        return text
    return "".join(ch if ch.isprintable() or ch == "\n" else _json_escape(ch) for ch in text)


def _json_escape(ch: str) -> str:
    """``\\uXXXX`` for one character (a surrogate pair outside the BMP), as JSON spells it."""
    code = ord(ch)
    if code > 0xFFFF:
        high, low = divmod(code - 0x10000, 0x400)
        return f"\\u{0xD800 + high:04x}\\u{0xDC00 + low:04x}"
    return f"\\u{code:04x}"


def plain(value: Any) -> Any:
    """``value`` made of JSON's own types (dict, list, str, int, float, bool, None).

    NaN, NA and NaT become null; a Decimal becomes its exact text (money is never rounded
    through a float); a set becomes a sorted list; a frame becomes its rows. Anything else
    raises TypeError: an honest bug report instead of a ``str()`` that looks like data.
    """
    if value is None or isinstance(value, bool | str | int):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, Decimal):
        return str(value) if value.is_finite() else None
    pd, np = _loaded("pandas"), _loaded("numpy")
    if pd is not None:
        if value is pd.NA or value is pd.NaT:
            return None
        if isinstance(value, pd.DataFrame):
            return [plain(row) for row in value.to_dict(orient="records")]
        if isinstance(value, pd.Series | pd.Index):
            return [plain(v) for v in value.tolist()]
    if np is not None:
        if isinstance(value, np.generic):
            return _numpy_scalar(value)
        if isinstance(value, np.ndarray):
            return [plain(v) for v in value.tolist()]
    return _structured(value)


def _numpy_scalar(value: np.generic) -> Any:
    import numpy as np
    import pandas as pd

    if isinstance(value, np.datetime64 | np.timedelta64):
        if np.isnat(value):
            return None
        stamp = pd.Timestamp(value) if isinstance(value, np.datetime64) else pd.Timedelta(value)
        return plain(stamp)
    return plain(value.item())


def _structured(value: Any) -> Any:
    if isinstance(value, datetime | date | time):
        return value.isoformat()
    if isinstance(value, timedelta):
        return value.total_seconds()
    if isinstance(value, enum.Enum):
        return plain(value.value)
    if isinstance(value, PurePath):
        return str(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Mapping):
        return {_json_key(k): plain(v) for k, v in value.items()}
    if isinstance(value, set | frozenset):
        return sorted((plain(v) for v in value), key=lambda v: (type(v).__name__, str(v)))
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    raise TypeError(f"no JSON form for a {type(value).__name__}")


def _json_key(key: Any) -> str:
    if isinstance(key, str):
        return key
    converted = plain(key)
    return converted if isinstance(converted, str) else json.dumps(converted)


def money(value: Any, currency: str = "", decimals: int = 2) -> str:
    """Decimal -> "$1.05" / "€0.50" / "1050" (chips), at the hand's own precision."""
    if missing(value):
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
    import pandas as pd

    frame = rows if isinstance(rows, pd.DataFrame) else pd.DataFrame(list(rows))
    cols = list(columns) if columns is not None else list(frame.columns)
    if frame.empty:
        return "(none)"
    cells = [[cell(v) for v in frame[c].tolist()] for c in cols]
    numeric = [frame[c].map(is_number).all() for c in cols]
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


def is_number(value: Any) -> bool:
    return isinstance(value, int | float | Decimal) and not isinstance(value, bool)


def cell(value: Any) -> str:
    if missing(value):
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
    "protected": "is protected on disconnection",
}
_STREET_CARDS = {"flop": (0, 3), "turn": (3, 4), "river": (4, 5)}


def render_hand(detail: Any) -> str:
    """A stored hand, street by street (``detail`` is a reports.hand.HandDetail)."""
    h = detail.hand.iloc[0]
    cur, dec = h["currency"], int(h["decimals"])

    def m(v: Any) -> str:
        return money(v, cur, dec)

    stakes = f"{m(h['small_blind'])}/{m(h['big_blind'])}"
    if _flag(h["ante"]):
        stakes += f" ante {m(h['ante'])}"
    kind = (f"tournament {safe(h['tournament_id'])}".rstrip() if _flag(h["is_tournament"])
            else "cash")
    when = time_line(h)
    out = [
        f"{safe(h['site'])}:{safe(h['hand_id'])}  {safe(h['game'])} {safe(h['limit_type'])} "
        f"{stakes} {safe(cur)} ({kind})  {when}",
        _table_line(h),
        "",
        "Seats:",
    ]
    for _, s in detail.seats.iterrows():
        cards = f"[{s['hole_cards']}]" if _present(s["hole_cards"]) else ""
        flags = (" (sitting out)" if _flag(s["sitting_out"])
                 else " (hero)" if _flag(s["is_hero"]) else "")
        out.append(
            f"  {int(s['seat']):>2} {safe(s['position']):<6} {safe(s['player']):<20} "
            f"{m(s['starting_stack']):>12} {safe(cards)}{flags}"
        )
    board = safe(h["board"]).split()
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
    boards = [] if missing(h["boards"]) else list(h["boards"])
    out += ["", (f"Board: [{safe(h['board'])}]" if board else "Board: none") + (
        "  runs: " + " | ".join(safe(b) for b in boards) if len(boards) > 1 else "")]
    out += ["", "Pots (recomputed):"]
    for _, p in detail.pots.iterrows():
        label = "main pot" if p["pot_index"] == 0 else f"side pot {int(p['pot_index'])}"
        printed = (
            "" if missing(p["printed_amount"]) else f" (site printed {m(p['printed_amount'])})"
        )
        out.append(
            f"  {label}: {m(p['amount'])}{printed}  eligible: {_names(p['eligible'])}"
            f"  winners: {_names(p['winners'])}"
        )
    out.append(f"  total pot {m(h['total_pot'])} (engine {m(h['engine_total_pot'])}), "
               f"rake {m(h['rake'])}, fees {m(h['fees'])}")
    out += ["", "Results:"]
    for _, s in detail.seats.iterrows():
        if _flag(s["sitting_out"]):
            continue
        sd = " showdown" if _flag(s["went_to_showdown"]) else ""
        out.append(
            f"  {safe(s['player']):<20} invested {m(s['invested']):>10}  collected "
            f"{m(s['collected']):>10}  net {m(s['net']):>10}{sd}"
        )
    out += ["", "Findings:"]
    if detail.findings.empty:
        out.append("  none")
    for _, f in detail.findings.iterrows():
        where = f" line {int(f['line'])}" if _flag(f["line"]) else ""
        out.append(f"  {safe(f['severity'])} {safe(f['code'])}{where}: {safe(f['message'])}")
    return "\n".join(out)


def _flag(value: Any) -> bool:
    return not missing(value) and bool(value)


def _table_line(h: Any) -> str:
    """Where the hand was played and read from, each part only when the store knows it."""
    parts = [f"table '{safe(h['table_name'])}'" if not missing(h["table_name"]) else "table ?"]
    if not missing(h["max_seats"]):
        parts.append(f" {safe(h['max_seats'])}-max")
    button = (f", button seat {safe(h['button_seat'])}" if not missing(h["button_seat"])
              else ", button unknown")
    where = f"; from {safe(h['source_file'])}" if not missing(h["source_file"]) else ""
    if where and not missing(h["source_offset"]):
        where += f" at byte {safe(h['source_offset'])}"
    return "".join(parts) + button + where


def _present(value: Any) -> bool:
    if missing(value):
        return False
    return value != ""


def _names(values: Any) -> str:
    if missing(values):
        return "-"
    seq = values.tolist() if hasattr(values, "tolist") else list(values)
    return ", ".join(safe(v) for v in seq) or "-"


def _action_text(a: Any, m: Any) -> str:
    kind = a["kind"]
    allin = " and is all-in" if _flag(a["all_in"]) else ""
    if kind == "raise":
        return f"raises to {m(a['to_amount'])}{allin}"
    if kind == "uncalled_return":
        return f"uncalled {m(a['amount'])} returned"
    if kind == "show":
        return f"shows [{safe(a['cards'])}]"
    verb = _VERBS.get(kind, kind)
    if kind in ("fold", "check", "muck"):
        return verb
    if kind == "protected":
        return f"{verb}{allin}"
    return f"{verb} {m(a['amount'])}{allin}"


#: Why a file was skipped, in words (the reasons of ImportSummary.skipped_by_reason).
_SKIPPED = {
    "too_large": "too large to read in one piece",
    "binary": "not text",
    "unknown_format": "not in a hand-history format sidepot reads (`sidepot formats`)",
    "ambiguous_format": "in a layout that more than one format claims",
    "empty": "empty",
    "no_hands": "in a known format but without a single hand",
    "unreadable": "unreadable (permissions, or it vanished)",
    "bad_archive": "a broken zip archive",
    "archive_too_many_members": "a zip archive with too many members",
    "archive_encrypted": "encrypted inside its zip archive",
    "archive_ratio": "compressed suspiciously well (a zip bomb?)",
    "archive_total_size": "beyond the total size a zip archive may unpack to",
    "archive_member_size": "too large inside its zip archive",
}
#: Rejects given before any parsing, explained (the others are the parsers' own words).
_REJECTED = {
    "oversized_hand": "a hand too long to be one: kept cut short, not read",
    "oversized_line": "a line too long to be a hand history's: kept cut short, not read",
}
_NAMED = 5  # files named per note before "and N more"


def _files(paths: Sequence[str]) -> str:
    shown = ", ".join(safe(p) for p in paths[:_NAMED])
    more = len(paths) - _NAMED
    return shown + (f" and {more} more" if more > 0 else "")


def import_notes(s: Any) -> list[str]:
    """What an import summary (an ImportSummary) says beyond its counts, in words: each line
    only when it has something to say."""
    notes = []
    incomplete = list(getattr(s, "incomplete_files", []) or [])
    if s.incomplete_tail:
        where = _files(incomplete) if incomplete else f"{s.incomplete_tail} files"
        notes.append(f"the last hand of {where} is not finished and its file may still "
                     "grow (changed within the settle window, or followed live): pending, "
                     "read again on the next import, rejected with its reason once the file "
                     "is older (`sidepot rejects` lists it)")
    if s.replaced:
        notes.append(f"{s.replaced} {_plural(s.replaced, 'hand')} stored before from a "
                     "shorter reading of a file were stored again whole")
    for reason, n in s.rejected_by_reason.items():
        if reason in _REJECTED:
            notes.append(f"{n} rejected as {reason}: {_REJECTED[reason]} "
                         "(`sidepot rejects --reason " + reason + "`)")
    paths = getattr(s, "skipped_paths", {}) or {}
    for reason, n in s.skipped_by_reason.items():
        named = paths.get(reason) or []
        what = _files(named) if named else f"{n} {_plural(n, 'file')}"
        notes.append(f"skipped {what}: {_SKIPPED.get(reason, safe(reason))}")
    rezoned = getattr(s, "rezoned", 0)
    if rezoned:
        notes.append(f"{rezoned} {_plural(rezoned, 'hand')} stored before got a new UTC time "
                     "from the time zone settings (their logs print none)")
    for site, n in (getattr(s, "no_time_zone_by_site", {}) or {}).items():
        notes.append(f"{n} {safe(site)} {_plural(n, 'hand')} print no time zone and {safe(site)}"
                     f" has no default one: no UTC time (set one: --tz {safe(site)}=ZONE)")
    return notes


def _plural(n: int, word: str) -> str:
    return word if n == 1 else word + "s"


def time_line(h: Any) -> str:
    """A stored hand's time for ``show``: UTC, and how it was known (a printed zone, an
    assumed one, or none)."""
    local = h.get("local_time") or ""
    zone = h.get("time_zone") or ""
    source = h.get("zone_source")
    source = source if isinstance(source, str) else None
    if missing(h.get("started_at")):
        if local and zone:
            return f"{safe(local)} {safe(zone)} (a zone sidepot does not know: no UTC time)"
        if local:
            return (f"{safe(local)} local, zone unknown (set one: sidepot import --tz "
                    f"{safe(h['site'])}=ZONE)")
        return "time unknown"
    when = f"{h['started_at']} UTC"
    if source == "site_default":
        return f"{when} ({safe(local)} read as {safe(zone or 'UTC')}: the site's usual zone)"
    if source == "user_setting":
        return f"{when} ({safe(local)} read as {safe(zone)}: your --tz or config setting)"
    return when

"""The head of an Ignition / Bovada / Bodog hand: the header line, the MVS ``Table Info`` line
and the seat list, up to the first line of play.

Kept apart from the action reader in ``ignition.py`` because the head alone decides whether a
hand is read at all (Omaha and stud raise UnsupportedGame here), which unit every amount is in
(tournament chips or cents), and which table seat each position label sits in: the body then
only looks labels up.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

from parsers.errors import ParseError, UnsupportedGame
from parsers.model import TOURNAMENT_CHIPS, Game, LimitType
from parsers.sites._kit.tables import ZONES
from parsers.text import parse_money

_HEAD = re.compile(
    r"(?:Ignition|Bovada|Bodog(?:\.com|\.eu|\.net| UK| Canada|88)?) Hand #(?P<id>\d+):?\s+"
    r"(?P<rest>.*?)\s+-\s+"
    r"(?P<date>\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2})(?:\s+(?P<tz>[A-Z]{2,5}))?$"
)
_LEVEL = re.compile(r"Level (?P<level>\w+) \((?P<sb>[\d,]+)/(?P<bb>[\d,]+)\)")
_SEAT = re.compile(r"Seat (?P<seat>\d+): (?P<label>.+?) \((?P<stack>[^()]*) in chips\)")
_MVS_STAKES = re.compile(r"Stakes: (\S+)-(\S+?),")
# The zones Ignition prints (only these of ZONES are read).
_ZONES = {z: ZoneInfo(ZONES[z]) for z in ("UTC", "GMT", "ET", "EST", "EDT")}


def label_of(text: str) -> tuple[str, bool]:
    """("Big Blind", True) from "Big Blind  [ME]": the position label and the hero marker."""
    if "[ME]" in text:
        return " ".join(text.replace("[ME]", " ").split()), True
    return text.strip(), False


def started_at(date: str, zone: str | None) -> datetime | None:
    """The header's time in UTC; a zoneless time is US Eastern (see ``ignition.py``)."""
    try:
        naive = datetime.strptime(date, "%Y-%m-%d %H:%M:%S")
    except ValueError:
        return None
    tz = _ZONES.get(zone or "ET")
    if tz is None:
        return None
    return naive.replace(tzinfo=tz).astimezone(UTC)


def _game(rest: str, line: str) -> tuple[Game, LimitType]:
    words = rest.upper()
    if "HOLDEM" not in words:
        game = Game.OMAHA if "OMAHA" in words else Game.STUD if "CARD" in words else Game.OTHER
        if "HILO" in words.replace(" ", "") and game is Game.OMAHA:
            game = Game.OMAHA_HI_LO
        raise UnsupportedGame(f"{game.value}: {rest}", line=1, text=line)
    if "FIXED LIMIT" in words:
        return Game.HOLDEM, LimitType.FIXED_LIMIT
    if "POT LIMIT" in words:
        return Game.HOLDEM, LimitType.POT_LIMIT
    return Game.HOLDEM, LimitType.NO_LIMIT  # "No Limit", or tournaments that print none


class Seats:
    """The seat list: labels -> seat numbers (renumbered when the site's are not table seats)."""

    def __init__(self, rows: list[tuple[int, str, int, bool]]) -> None:
        printed = [r[0] for r in rows]
        increasing = all(a < b for a, b in zip(printed, printed[1:], strict=False))
        renumber = not increasing or printed[-1] > 10 or printed[0] < 1
        self.by_printed: dict[int, int] = {}
        self.by_label: dict[str, int] = {}
        self.rows: list[tuple[int, str, int, bool]] = []
        self.hero: int | None = None
        for i, (num, label, stack, me) in enumerate(rows, 1):
            seat = i if renumber else num
            self.by_printed[num] = seat
            if label in self.by_label:
                raise ParseError("bad_seat", f"label {label!r} seated twice")
            self.by_label[label] = seat
            self.rows.append((seat, label, stack, me))
            if me:
                self.hero = seat
        self.renumbered = renumber


@dataclass(frozen=True)
class Head:
    """What the lines before the first line of play say."""

    text: str  #: the header line, as read (for errors about it)
    hand_id: str
    date: str  #: the time as printed
    zone: str | None  #: the time zone as printed, if any
    game: Game
    limit: LimitType
    tournament_id: str | None
    level: str | None
    #: the printed tournament blinds ("Level n (sb/bb)") as text: cash games print none
    level_blinds: tuple[str, str] | None
    table_name: str
    fast_fold: bool
    decimals: int
    currency: str
    #: the blinds of an MVS ``Table Info: ... Stakes: $a-$b,`` line
    mvs_stakes: tuple[int, int] | None
    seats: Seats
    body_start: int  #: index in the chunk's lines of the first line after the seats


def read_head(lines: list[str]) -> Head:
    """The head of a chunk split into lines. Raises ParseError (UnsupportedGame for others)."""
    head = lines[0].lstrip(" \t\ufeff")
    m = _HEAD.match(head)
    if not m:
        raise ParseError("bad_header", "not an Ignition/Bovada hand header", line=1, text=head)
    rest = m["rest"]
    game, limit = _game(rest, head)
    tournament_id = level = None
    table_name = ""
    fast_fold = "Zone Poker" in rest or "ZonePoker" in rest
    lv = None
    if "Tournament #" in rest:
        tournament_id = rest.partition("Tournament #")[2].split()[0].rstrip(",")
        lv = _LEVEL.search(rest)
        level = lv["level"] if lv else None
    if "TBL#" in rest:
        table_name = rest.partition("TBL#")[2].split()[0].rstrip(",")
    elif "ID#" in rest:
        table_name = "Zone " + rest.partition("ID#")[2].split()[0]
    is_tourney = tournament_id is not None
    dec = 0 if is_tourney else 2

    # Seats, and the MVS "Table Info" line that may sit before them.
    rows: list[tuple[int, str, int, bool]] = []
    mvs_stakes: tuple[int, int] | None = None
    i, n = 1, len(lines)
    while i < n:
        line = lines[i]
        if line.startswith("Seat ") and line.endswith(" in chips)"):
            s = _SEAT.match(line)
            if not s:
                raise ParseError("bad_seat", "cannot read seat line", line=i + 1, text=line)
            label, me = label_of(s["label"])
            try:
                stack = parse_money(s["stack"], dec)
            except ParseError as err:
                raise err.with_context(line=i + 1, text=line) from None
            rows.append((int(s["seat"]), label, stack, me))
        elif line.startswith("Table Info:"):
            ms = _MVS_STAKES.search(line)
            if ms:
                try:
                    mvs_stakes = (parse_money(ms[1], dec), parse_money(ms[2], dec))
                except ParseError as err:
                    raise err.with_context(line=i + 1, text=line) from None
        else:
            break
        i += 1
    if not rows:
        raise ParseError("no_seats", "no seat lines after the header", line=i + 1,
                         text=lines[i] if i < n else "")
    return Head(
        text=head,
        hand_id=m["id"],
        date=m["date"],
        zone=m["tz"],
        game=game,
        limit=limit,
        tournament_id=tournament_id,
        level=level,
        level_blinds=(lv["sb"], lv["bb"]) if lv is not None else None,
        table_name=table_name,
        fast_fold=fast_fold,
        decimals=dec,
        currency=TOURNAMENT_CHIPS if is_tourney else "USD",
        mvs_stakes=mvs_stakes,
        seats=Seats(rows),
        body_start=i,
    )

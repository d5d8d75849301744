"""BetOnline (and its Gear Poker / ActionPoker.com skins) hold'em hand histories.

The layout reads like PokerStars' with its own habits, handled here:
- header ``BetOnline Poker Game #N: [Tournament #T: ]Hold'em No Limit ($0.25/0.50) - date zone``
  with long zone names ("Eastern Daylight Time", "GMT Standard Time") or "EDT"; the skins
  print ``Gear Poker Game #N: Hold'em - 2012-04-09 12:14:36`` with no zone and no stakes;
- seats numbered from 0, listed in any order, with ``- Small Blind`` / ``- Big Blind`` /
  ``- The button`` / ``- Sitting out`` suffixes;
- ``ante processed X``, ``post dead X`` (dead), ``post now X`` (a new player's live big blind);
- the skins capitalise verbs and end lines with a dot ("Player7: Posts small blind 10.00.");
- "Unknown player: raises ..." lines: an action by someone not in the seat list. It cannot be
  attributed, so the hand is rejected (reason ``unknown_player``) rather than guessed.
Pot-limit "Hold'em" tables that deal four hole cards (Omaha mislabelled) are rejected as
unsupported_game.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

from parsers.errors import ParseError, UnsupportedGame
from parsers.model import (
    PLAY_MONEY,
    TOURNAMENT_CHIPS,
    ActionKind,
    Game,
    Hand,
    LimitType,
    Stakes,
    Street,
)
from parsers.sites._starlike import Builder, Names, cards_in, to_utc, unknown
from parsers.text import Chunk, parse_money

SITE = "betonline"
HEADER = re.compile(r"(?:BetOnline Poker|Gear Poker|ActionPoker\.com) Game #\d")
DETECTION = "first line 'BetOnline Poker Game #N:' (or the Gear Poker / ActionPoker.com skins)"
SUPPORTS = "hold'em NL/PL cash and tournaments, play money"

_HEAD = re.compile(
    r"(?P<room>.+?) Game #(?P<id>\d+): (?:Tournament #(?P<tid>\d+): )?(?P<game>[^(]+?)"
    r"(?: \(?(?P<sb>\$?[\d.,]+)/(?P<bb>\$?[\d.,]+)\)?)? - (?P<date>\d{4}[/-]\d\d[/-]\d\d) "
    r"(?P<time>\d\d:\d\d(?::\d\d)?)(?: (?P<zone>.+))?$"
)
_TABLE = re.compile(r"Table '?(?P<name>.+?)'?,? (?:(?P<max>\d+)-Max,? )?(?:\(.*\) )?"
                    r"Seat #(?P<btn>\d+) is the button")
_SEAT = re.compile(r"Seat (\d+): (.+) \(([\d.,]+) in [Cc]hips\)(?: - (.*))?$")
_LONG_ZONES = {"Eastern Daylight Time": "ET", "Eastern Standard Time": "ET",
               "GMT Standard Time": "Europe/London", "GMT Daylight Time": "Europe/London"}
_STREETS = {"FLOP": Street.FLOP, "TURN": Street.TURN, "RIVER": Street.RIVER}
_IGNORED = (" has left the table", " is sitting out", " joins the table at seat #", " said \"")


def sniff(text: str) -> bool:
    """True when the text starts (after blanks/BOM) with one of the rooms' hand headers."""
    try:
        head = text[:8192].lstrip("\ufeff \r\n")
        return HEADER.match(head) is not None
    except Exception:
        return False


def _utc(naive: datetime, zone: str) -> datetime | None:
    name = _LONG_ZONES.get(zone, zone)
    if "/" in name:
        return naive.replace(tzinfo=ZoneInfo(name)).astimezone(UTC)
    return to_utc(naive, name)


def parse(chunk: Chunk, file: str = "") -> Hand:
    """Parse one hand. Raises ParseError (UnsupportedGame for other games)."""
    try:
        return _parse(chunk, file)
    except ParseError as err:
        raise err.with_context(site=SITE) from None


def _parse(chunk: Chunk, file: str) -> Hand:
    lines = [ln.strip() for ln in chunk.text.split("\n")]
    m = _HEAD.match(lines[0])
    if not m:
        raise ParseError("bad_header", "cannot read the hand header", line=1, text=lines[0])
    game_words = m["game"].lower()
    if "hold'em" not in game_words and "holdem" not in game_words:
        raise UnsupportedGame(m["game"], line=1, text=lines[0])
    limit = LimitType.POT_LIMIT if "pot limit" in game_words else (
        LimitType.FIXED_LIMIT if "fixed" in game_words or "limit" in game_words
        and "no limit" not in game_words else LimitType.NO_LIMIT)
    t = _TABLE.match(lines[1]) if len(lines) > 1 else None
    if not t:
        raise ParseError("bad_header", "cannot read the table line", line=2,
                         text=lines[1] if len(lines) > 1 else "")
    tourney = m["tid"] is not None
    play = "(Play Money)" in lines[1]
    currency, dec = (TOURNAMENT_CHIPS, 2) if tourney else (PLAY_MONEY, 2) if play else ("USD", 2)

    def money(text: str) -> int:
        return parse_money(text.strip().rstrip(".").replace("$", ""), dec)

    sb = money(m["sb"]) if m["sb"] else 0
    bb = money(m["bb"]) if m["bb"] else 0
    seats: dict[int, list] = {}
    i = 2
    while i < len(lines) and lines[i].startswith("Seat "):
        s = _SEAT.match(lines[i])
        if not s:
            raise ParseError("bad_seat", "cannot read seat line", line=i + 1, text=lines[i])
        suffix = (s[4] or "").lower()
        seats[int(s[1])] = [s[2], money(s[3]), "sitting out" in suffix, None]
        i += 1
    if not seats:
        raise ParseError("no_seats", "no seat lines", line=i + 1)
    names = Names(seats)
    b = Builder()
    total_pot = rake = None
    summary = False
    for idx in range(i, len(lines)):
        line, lineno = lines[idx], idx + 1
        if not line:
            continue
        try:
            if line.startswith("***"):
                word = line.strip("* ").split(" ")[0].upper()
                if word == "SUMMARY":
                    summary = True
                elif word in _STREETS:
                    b.new_street(_STREETS[word], cards_in(line))
                elif word == "SHOW":
                    b.in_showdown = True
                elif word != "HOLE":
                    raise unknown("unknown section marker")
                continue
            if line.lower().startswith("total pot "):
                # "Total pot 14.83 | Rake 0.78": the printed pot is what was paid out, net of
                # the rake (the winner "collected (14.83)"); the model's total is before rake.
                head, _, tail = line.partition("|")
                rake = money(tail.split()[-1]) if tail else None
                total_pot = money(head.split()[-1]) + (rake or 0)
                continue
            if summary:
                _summary_line(line, lineno, b, names, money)
                continue
            if line.lower().startswith("dealt to "):
                who = names.prefix(line[9:])
                if who is None:
                    raise unknown("dealt to an unknown player")
                b.dealt(who[0], _norm_cards(who[1]))
                continue
            if line.startswith("Uncalled bet ("):
                amt = money(line[14:line.index(")")])
                who = names.exact(line.rpartition(" returned to ")[2])
                if who is None:
                    raise unknown("uncalled bet returned to an unknown player")
                b.uncalled(who, amt, lineno)
                continue
            if line.startswith("Unknown player:"):
                raise ParseError("unknown_player", "an action by a player not in the seat list")
            if any(tag in line for tag in _IGNORED):
                continue
            who = names.prefix(line, ": ")
            if who is None and " shows " in line:  # "Player0 shows Qd Ac" (no colon)
                who = names.prefix(line)
            if who is None:
                if names.prefix(line) and line.endswith(("is sitting out", "Is Sitting Out")):
                    continue
                raise unknown()
            seat, rest = who
            _action(b, seat, rest.rstrip("."), lineno, money, sb, bb)
        except ParseError as err:
            raise err.with_context(line=lineno, text=line) from None
    if not summary:
        raise ParseError("truncated_hand", "no *** SUMMARY *** section", line=len(lines),
                         text=lines[-1])
    if any(len(c) > 2 for c in b.hole.values()):
        raise UnsupportedGame("four hole cards: Omaha on a 'Hold'em' table", line=1,
                              text=lines[0])
    naive = datetime.strptime(f"{m['date'].replace('-', '/')} {m['time']}",
                              "%Y/%m/%d %H:%M:%S" if m["time"].count(":") == 2
                              else "%Y/%m/%d %H:%M")
    zone = m["zone"] or ""
    ante = max((a.amount for a in b.actions if a.kind is ActionKind.POST_ANTE), default=0)
    if not bb:
        sb = next((a.amount for a in b.actions if a.kind is ActionKind.POST_SMALL_BLIND), 0)
        bb = next((a.amount for a in b.actions if a.kind is ActionKind.POST_BIG_BLIND), 0)
    return b.hand(
        site=SITE, chunk=chunk, file=file, hand_id=m["id"], game=Game.HOLDEM, limit=limit,
        currency=currency, decimals=dec, stakes=Stakes(sb, bb, ante), seats=seats,
        button=int(t["btn"]), total_pot=total_pot, rake=rake,
        started_at=_utc(naive, zone) if zone else None,
        local_time=naive.strftime("%Y-%m-%d %H:%M:%S"), time_zone=zone,
        table_name=t["name"], max_seats=int(t["max"]) if t["max"] else None,
        tournament_id=m["tid"],
    )


def _norm_cards(text: str) -> tuple[str, ...]:
    """Cards as printed ("[7S 7H]" by the skins, "[10c 3h]"): rank upper, suit lower."""
    inner = text[text.find("[") + 1 : text.rfind("]")]
    fixed = " ".join(tok[:-1] + tok[-1:].lower() for tok in inner.split())
    return cards_in(f"[{fixed}]") if fixed else ()


def _action(b: Builder, seat: int, rest: str, line: int, money, sb: int, bb: int) -> None:
    verb, _, arg = rest.partition(" ")
    verb = verb.lower()
    all_in = arg.endswith("and is all in")
    arg = arg.removesuffix(" and is all in")
    if verb == "folds":
        b.fold(seat, line)
    elif verb == "checks":
        b.check(seat, line)
    elif verb == "calls":
        b.call(seat, money(arg), all_in, line)
    elif verb == "bets":
        b.bet(seat, money(arg), all_in, line)
    elif verb == "raises":
        by, _, to = arg.partition(" to ")
        b.raise_to(seat, money(to), all_in, line)
    elif verb in ("posts", "post", "ante"):
        what, _, amt = arg.rpartition(" ")
        what = what.lower()
        value = money(amt)
        if what == "small blind":
            b.post(ActionKind.POST_SMALL_BLIND, seat, value, all_in, line)
        elif what in ("big blind", "now"):
            b.post(ActionKind.POST_BIG_BLIND, seat, value, all_in, line)
        elif what == "dead" and value >= bb:
            # "post dead 0.50" at 0.25/0.50: the returning player's big blind, live (he then
            # checks); above the big blind the rest is the dead small blind.
            b.post_both(seat, value, bb, all_in, line)
        elif what == "dead":
            b.post(ActionKind.POST_DEAD, seat, value, all_in, line)
        elif what == "processed":
            b.post(ActionKind.POST_ANTE, seat, value, all_in, line)
        else:
            raise unknown("unknown post")
    elif verb == "shows":
        b.show(seat, _norm_cards(f"[{arg}]"), line)
    elif verb == "mucks":
        b.show(seat, _norm_cards(f"[{arg}]"), line, muck=True)
    else:
        raise unknown("unknown action")


def _summary_line(line: str, lineno: int, b: Builder, names: Names, money) -> None:
    if not line.startswith("Seat "):
        return
    who = names.prefix(line[line.index(": ") + 2 :])
    if who is None:
        return
    seat, rest = who
    if "showed [" in rest:
        b.summary_cards(seat, _norm_cards(rest))
    if "collected (" in rest:
        k = rest.index("collected (") + 11
        amt = money(rest[k : rest.index(")", k)])
        if amt:
            b.collect(seat, amt, lineno)
    elif " and won (" in rest:
        k = rest.index(" and won (") + 10
        b.collect(seat, money(rest[k : rest.index(")", k)]), lineno)

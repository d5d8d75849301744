"""888poker / Pacific / Cassava hold'em hand histories -> :class:`parsers.model.Hand`.

A hand starts ``#Game No : N`` then ``***** 888poker Hand History for Game N *****`` (or the
Cassava/Pacific skins). What is particular, and how it is read:
- Amounts are bracketed and printed in the player's locale: ``[0,01 $]`` (comma decimals,
  symbol after, then ``.`` groups thousands) or ``[$1,074.50]`` (comma groups thousands). The
  stakes line fixes the style for the whole hand, so ``3,10 $`` and ``$1,074`` are never
  confused.
- Every betting amount is the chips *added* (``raises [3]`` adds 3); ``to`` is computed.
- Cards are ``[ Ah, 10d ]`` or localised (``3Karo, KKreuz, QHerz, JPik``: German suits).
- No uncalled-bet line, no total pot and no rake are printed: the report holds the
  collections only.
- Times carry no zone; they are read as UTC (``time_zone`` is left empty: nothing printed).
"""

from __future__ import annotations

import re
from datetime import UTC, datetime

from parsers.cards import parse_cards
from parsers.errors import ParseError, UnsupportedGame
from parsers.model import (
    PLAY_MONEY,
    TOURNAMENT_CHIPS,
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
from parsers.text import Chunk, parse_money

SITE = "pacific888"
HEADER = re.compile(r"#Game No : \d")
DETECTION = "a line '#Game No : N' followed by '***** ... Hand History for Game N *****'"
SUPPORTS = "hold'em NL/PL/FL: cash, play money, tournaments; localised cards and amounts"

_STAKES = re.compile(
    r"(?P<sb>[^/]+)/(?P<bb>.+?) Blinds (?P<limit>No Limit|Pot Limit|Fix Limit|Fixed Limit)?\s*"
    r"(?P<game>.*?) - \*\*\* (?P<d>\d\d) (?P<m>\d\d) (?P<y>\d{4}) (?P<t>\d\d:\d\d:\d\d)$"
)
_SNIFF_STAKES = re.compile(r"^\S.* Blinds .* - \*\*\* \d\d \d\d \d{4} ", re.MULTILINE)
_SEAT = re.compile(r"Seat (\d+): (.+) \( (.+) \)$")
_SUITS = {"Karo": "d", "Kreuz": "c", "Herz": "h", "Pik": "s"}
_STREETS = {"flop": Street.FLOP, "turn": Street.TURN, "river": Street.RIVER}


def sniff(text: str) -> bool:
    """True for '#Game No :' plus 888's stakes line ("... Blinds ... - *** dd mm yyyy").

    PartyPoker prints the same '#Game No :' and banner lines, so the banner alone is not
    enough; its stakes line ("USD NL Texas Hold'em - Tuesday, ...") differs. Never raises.
    """
    try:
        head = text[:8192]
        return "#Game No : " in head and _SNIFF_STAKES.search(head) is not None
    except Exception:
        return False


def _cards(text: str) -> tuple[str, ...]:
    out = []
    for tok in text.strip(" []").split(","):
        tok = tok.strip()
        if not tok:
            continue
        for word, suit in _SUITS.items():
            if tok.endswith(word):
                tok = tok[: -len(word)] + suit
                break
        out.extend(parse_cards(tok))
    return tuple(out)


def _return_uncalled(actions: list[Action], street: Street, totals: dict[int, int],
                     line: int) -> None:
    """888 never prints "uncalled bet returned": its collections show the return happened, so
    the format's convention is made explicit when a street closes (the engine's collected and
    conservation checks then verify it against the printed collections)."""
    if len(totals) < 1:
        return
    if street is Street.PREFLOP and all(
        a.kind.is_post or a.kind is ActionKind.FOLD for a in actions
    ):
        return  # a walk: 888 pays the unmatched blind as part of the pot, like Ignition
    ranked = sorted(totals.items(), key=lambda kv: kv[1], reverse=True)
    top_seat, top = ranked[0]
    second = ranked[1][1] if len(ranked) > 1 else 0
    if top > second:
        totals[top_seat] = second
        actions.append(Action(street, top_seat, ActionKind.UNCALLED_RETURN, top - second,
                              second, line=line))


def parse(chunk: Chunk, file: str = "") -> Hand:
    """Parse one 888 hand chunk. Raises ParseError (UnsupportedGame for other games)."""
    try:
        return _parse(chunk, file)
    except ParseError as err:
        raise err.with_context(site=SITE) from None


def _parse(chunk: Chunk, file: str) -> Hand:
    lines = [ln.strip() for ln in chunk.text.split("\n")]
    hand_id = lines[0].partition(":")[2].strip()
    if len(lines) < 5 or "Hand History for Game" not in lines[1]:
        raise ParseError("bad_header", "no hand-history banner", line=2,
                         text=lines[1] if len(lines) > 1 else "")
    m = _STAKES.match(lines[2])
    if not m:
        raise ParseError("bad_header", "cannot read stakes line", line=3, text=lines[2])
    game_words = m["game"].lower()
    if "holdem" not in game_words and "hold'em" not in game_words:
        raise UnsupportedGame(m["game"], line=3, text=lines[2])
    limit = {"No Limit": LimitType.NO_LIMIT, "Pot Limit": LimitType.POT_LIMIT}.get(
        m["limit"] or "No Limit", LimitType.FIXED_LIMIT)
    comma_decimal = "," in m["sb"] and "." not in m["sb"]
    table_line = lines[3]
    is_tourney = table_line.startswith("Tournament #")
    play = "Practice Play" in table_line or "Play Money" in table_line
    has_symbol = "$" in m["sb"] or "€" in m["sb"] or "£" in m["sb"]
    if is_tourney:
        currency, dec = TOURNAMENT_CHIPS, 0
    elif play or not has_symbol:
        currency, dec = PLAY_MONEY, 2
    else:
        currency = "EUR" if "€" in m["sb"] else "GBP" if "£" in m["sb"] else "USD"
        dec = 2

    def money(text: str) -> int:
        t = text.strip(" []").replace("$", "").replace("€", "").replace("£", "").strip()
        t = t.replace(".", "").replace(",", ".") if comma_decimal else t.replace(",", "")
        return parse_money(t, dec)

    try:
        sb_amt, bb_amt = money(m["sb"]), money(m["bb"])
    except ParseError as err:
        raise err.with_context(line=3, text=lines[2]) from None
    naive = datetime.strptime(f"{m['y']}-{m['m']}-{m['d']} {m['t']}", "%Y-%m-%d %H:%M:%S")
    tournament_id = table_line.split()[0][1:] if is_tourney else None
    table_name = table_line.removeprefix("Table ").split(" (")[0]
    button = None
    seats: dict[int, list] = {}
    i = 4
    n = len(lines)
    while i < n and not (lines[i].startswith("Seat ") and ": " in lines[i]):
        if lines[i].endswith(" is the button"):
            button = int(lines[i].split()[1])
        i += 1
    while i < n and lines[i].startswith("Seat ") and ": " in lines[i]:
        s = _SEAT.match(lines[i])
        if not s:
            raise ParseError("bad_seat", "cannot read seat line", line=i + 1, text=lines[i])
        try:
            seats[int(s[1])] = [s[2], money(s[3])]
        except ParseError as err:
            raise err.with_context(line=i + 1, text=lines[i]) from None
        i += 1
    if not seats:
        raise ParseError("no_seats", "no seat lines", line=i + 1)
    seat_of = {v[0]: k for k, v in seats.items()}
    names = sorted(seat_of, key=len, reverse=True)

    actions: list[Action] = []
    add = actions.append
    street = Street.PREFLOP
    totals: dict[int, int] = {}
    hole: dict[int, tuple[str, ...]] = {}
    hero = None
    board: list[str] = []
    collections: list[Collection] = []
    sb_seen = False
    ante = 0
    for idx in range(i, n):
        line = lines[idx]
        lineno = idx + 1
        if not line:
            continue
        try:
            if line.startswith("** "):
                if line.startswith("** Dealing down cards"):
                    continue
                if line.startswith("** Summary"):
                    _return_uncalled(actions, street, totals, lineno)
                    street = Street.SHOWDOWN
                    continue
                word = line[11:].split(" ")[0] if line.startswith("** Dealing ") else ""
                new = _STREETS.get(word)
                if new is None:
                    raise ParseError("unknown_line", "unknown section marker")
                _return_uncalled(actions, street, totals, lineno)
                board.extend(_cards(line[line.index("[") :]))
                street, totals = new, {}
                continue
            if line.startswith("Dealt to "):
                who = next((nm for nm in names if line.startswith(nm + " ", 9)), None)
                if who is None:
                    raise ParseError("unknown_line", "dealt to an unknown player")
                hero = seat_of[who]
                hole[hero] = _cards(line[9 + len(who) :])
                continue
            who = next((nm for nm in names if line.startswith(nm + " ")), None)
            if who is None:
                raise ParseError("unknown_line", "unrecognised line")
            seat = seat_of[who]
            rest = line[len(who) + 1 :]
            verb, _, arg = rest.partition(" [")
            if verb == "folds":
                add(Action(street, seat, ActionKind.FOLD, 0, totals.get(seat, 0), line=lineno))
            elif verb == "checks":
                add(Action(street, seat, ActionKind.CHECK, 0, totals.get(seat, 0), line=lineno))
            elif verb in ("calls", "bets", "raises"):
                amt = money(arg)
                to = totals.get(seat, 0) + amt
                totals[seat] = to
                kind = {"calls": ActionKind.CALL, "bets": ActionKind.BET,
                        "raises": ActionKind.RAISE}[verb]
                add(Action(street, seat, kind, amt, to, False, (), lineno))
            elif verb in ("posts small blind", "posts big blind", "posts ante",
                          "posts dead blind"):
                amt = money(arg)
                if verb == "posts ante":
                    ante = max(ante, amt)
                    add(Action(street, seat, ActionKind.POST_ANTE, amt, totals.get(seat, 0),
                               line=lineno))
                    continue
                live = amt
                kind = ActionKind.POST_BIG_BLIND
                if verb == "posts small blind":
                    kind = ActionKind.POST_SMALL_BLIND
                    if sb_seen:
                        kind, live = ActionKind.POST_DEAD, 0
                    sb_seen = True
                elif verb == "posts dead blind":
                    live = bb_amt if amt >= bb_amt else 0
                if live:
                    to = totals.get(seat, 0) + live
                    totals[seat] = to
                    add(Action(street, seat, kind, live, to, line=lineno))
                if amt > live:
                    add(Action(street, seat, ActionKind.POST_DEAD, amt - live,
                               totals.get(seat, 0), line=lineno))
            elif verb in ("shows", "mucks"):
                cards = _cards(arg)
                hole[seat] = cards
                kind = ActionKind.SHOW if verb == "shows" else ActionKind.MUCK
                add(Action(Street.SHOWDOWN, seat, kind, 0, totals.get(seat, 0), cards=cards,
                           line=lineno))
            elif verb == "collected":
                collections.append(Collection(seat, money(arg), None, None, lineno))
            elif rest in ("did not show his hand", "did not show her hand"):
                pass
            else:
                raise ParseError("unknown_line", "unknown action")
        except ParseError as err:
            raise err.with_context(line=lineno, text=line) from None
    if street is not Street.SHOWDOWN:
        raise ParseError("truncated_hand", "no ** Summary ** section", line=n, text=lines[-1])

    small_bet = big_bet = 0
    if limit is LimitType.FIXED_LIMIT:
        small_bet, big_bet = bb_amt, 2 * bb_amt
    acted = {a.seat for a in actions}
    return Hand(
        site=SITE,
        hand_id=hand_id,
        game=Game.HOLDEM,
        limit=limit,
        currency=currency,
        decimals=dec,
        stakes=Stakes(sb_amt, bb_amt, ante, small_bet, big_bet),
        seats=tuple(
            Seat(k, v[0], v[1], sitting_out=k not in acted, is_hero=k == hero,
                 hole_cards=hole.get(k))
            for k, v in sorted(seats.items())
        ),
        actions=tuple(actions),
        button_seat=button,
        boards=(tuple(board),),
        report=SiteReport(collections=tuple(collections)),
        started_at=naive.replace(tzinfo=UTC),
        local_time=naive.strftime("%Y-%m-%d %H:%M:%S"),
        time_zone="",
        table_name=table_name,
        max_seats=None,
        is_tournament=is_tourney,
        tournament_id=tournament_id,
        fast_fold="Snap" in lines[1],
        source=SourceRef(file, chunk.offset, chunk.line),
        raw_text=chunk.text,
    )

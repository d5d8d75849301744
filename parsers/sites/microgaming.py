"""Microgaming (MPN) XML hand histories -> :class:`parsers.model.Hand`.

One ``<Game hhversion=V id=N date=... tablename=... stakes="sb|bb" betlimit="NL|PL|FL"
gametype="Hold'em" currencysymbol=B64 istournament=0|1 rake=CENTS ...>`` element per hand, with
``<Seats>`` (``balance`` before and ``endbalance`` after the hand) and ``<Gameplay>`` (actions
in ``seq`` order). Every hand is self-contained, so the line-header split on ``<Game`` works;
files may carry a ``----NAME.DAT----`` banner or an ``ExtendedTableName:`` trailer, outside the
element and ignored. Read with ``xml.etree.ElementTree`` (no external entities resolved).

What is particular:
- ``value`` is always the chips the action adds (a Raise of 35 adds 35); ``to`` is computed.
- ``currencysymbol`` and the ``unicode*`` attributes are base64 of UTF-16-LE text ("rCA=" is
  "€"); names are taken from ``alias`` (what other tools and the expected outputs use).
- ``rake`` is printed in cents; no total pot. ``Win`` lists each pot's winner (pot index).
- Uncalled bets: hhversion 4+ logs ``MoneyReturned``; older versions return silently, so the
  parser adds the UNCALLED_RETURN (checked against ``endbalance``).
- ``BadBeatContribution`` takes a jackpot stake from the player: recorded as dead money into
  the pot plus a fee of the same amount (``bad beat jackpot``), so nets stay right.
- ``PostedToPlay`` is a new player's live big blind; one of a small blind's size (not all in)
  is a returning player's small blind, which the engine applies by the site's posting rule.
  ``Disconnect`` moves no chips.
- Times carry no zone; taken as UTC and kept as printed.
"""

from __future__ import annotations

import base64
import re
import xml.etree.ElementTree as ET
from datetime import UTC, datetime

from parsers.cards import normalize_card
from parsers.errors import ParseError, UnsupportedGame
from parsers.format import Format
from parsers.model import (
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
from parsers.sites._kit.common import with_site
from parsers.sites._kit.tables import CURRENCY_SYMBOLS
from parsers.text import Chunk, parse_money

SITE = "microgaming"
HEADER = re.compile(r"<Game\b")
DETECTION = "an XML '<Game ... id=... stakes=... betlimit=...>' element with '<Gameplay>'"
SUPPORTS = "hold'em NL/PL/FL: cash and tournaments (hhversion 1-5)"

_LIMITS = {"NL": LimitType.NO_LIMIT, "PL": LimitType.POT_LIMIT, "FL": LimitType.FIXED_LIMIT}
_DEALS = {"DealFlop": Street.FLOP, "DealTurn": Street.TURN, "DealRiver": Street.RIVER}
_SEQ = re.compile(r'<Action\b[^>]*?\bseq="(\d+)"')
_IGNORED = frozenset({"Disconnect", "Reconnect", "SitOut", "SitIn"})


def sniff(text: str) -> bool:
    """True for a Microgaming ``<Game hhversion=...`` / ``<Game id=...`` hand. Never raises."""
    try:
        head = text[:8192]
        return "<Game " in head and "betlimit=" in head and ("<Gameplay>" in head
                                                            or "<Seats>" in head)
    except Exception:
        return False


def _b64(text: str | None) -> str:
    if not text:
        return ""
    try:
        return base64.b64decode(text).decode("utf-16-le", errors="replace")
    except ValueError:
        return ""


def _card(el: ET.Element) -> str:
    return normalize_card(el.get("value", "") + el.get("suit", ""))


def _element(text: str) -> ET.Element:
    end = text.find("</Game>")
    if end == -1:
        raise ParseError("truncated_hand", "the <Game> element is not closed",
                         line=text.count("\n") + 1)
    try:
        return ET.fromstring(text[: end + len("</Game>")])
    except ET.ParseError as err:
        raise ParseError("bad_xml", str(err), line=err.position[0] if err.position else 0
                         ) from None


def _parse(chunk: Chunk, file: str) -> Hand:
    text = chunk.text
    g = _element(text)
    gametype = g.get("gametype", "")
    low = gametype.lower()
    if "omaha" in low:
        game = Game.OMAHA_HI_LO if "h/l" in low or "hi" in low else Game.OMAHA
        raise UnsupportedGame(f"{gametype} ({game.value})", line=1, text=gametype)
    if "hold" not in low:
        raise UnsupportedGame(f"{gametype or 'unknown game'}", line=1, text=gametype)
    limit = _LIMITS.get(g.get("betlimit", ""))
    if limit is None:
        raise ParseError("bad_header", f"unknown betlimit {g.get('betlimit')!r}", line=1)
    tournament = g.get("istournament") == "1"
    currency, dec = (TOURNAMENT_CHIPS, 0) if tournament else ("USD", 2)
    if not tournament:
        sym = _b64(g.get("currencysymbol")).strip()
        currency = CURRENCY_SYMBOLS.get(sym, sym.upper() if len(sym) == 3 else "USD")
    if tournament and re.search(r'(?:value|balance|amount)="\d+\.\d*[1-9]', text):
        dec = 2

    def money(v: str | None, line: int = 0) -> int:
        try:
            return parse_money(v or "0", dec)
        except ParseError as err:
            raise err.with_context(line=line) from None

    lines: dict[int, int] = {}
    ln, last = 1, 0
    for m in _SEQ.finditer(text):
        ln += text.count("\n", last, m.start())
        last = m.start()
        lines[int(m.group(1))] = ln

    seats_el = g.find("Seats")
    if seats_el is None or not len(seats_el):
        raise ParseError("no_seats", "no <Seat> elements", line=1)
    seats: dict[int, list] = {}
    button = None
    for el in seats_el:
        n = int(el.get("num", "0"))
        seats[n] = [el.get("alias", ""), money(el.get("balance")), el.get("sittingout") == "true"]
        if el.get("dealer") == "true":
            button = n
    hero_seat = int(g.get("playerseat", "0") or 0)

    sb_text, _, bb_text = g.get("stakes", "").partition("|")
    small_blind, big_blind = money(sb_text), money(bb_text)
    actions: list[Action] = []
    add = actions.append
    street = Street.PREFLOP
    totals: dict[int, int] = {}
    left = {n: v[1] for n, v in seats.items()}
    hole: dict[int, tuple[str, ...]] = {}
    board: list[str] = []
    collections: list[Collection] = []
    fees = 0
    returned_logged = False
    sb_posted = bb_posted = False
    versionless = g.get("hhversion") is None
    ends = {int(el.get("num", "0")): money(el.get("endbalance")) for el in seats_el}
    gameplay = g.find("Gameplay")
    for el in gameplay if gameplay is not None else ():
        kind = el.get("type", "")
        line = lines.get(int(el.get("seq", "0") or 0), 0)
        if kind == "Win":
            for w in el:
                pot = w.get("pot", "")
                collections.append(Collection(int(w.get("num", "0")), money(w.get("amount")),
                                              int(pot) if pot.isdigit() else None))
            continue
        if kind in _DEALS:
            street, totals = _DEALS[kind], {}
            board.extend(_card(c) for c in el)
            continue
        seat = int(el.get("seat", "-1"))
        if seat not in seats:
            raise ParseError("unknown_line", f"{kind} by unseated seat {seat}", line=line)
        amt = money(el.get("value"), line)
        had = totals.get(seat, 0)
        current = max(totals.values(), default=0)
        left[seat] -= amt if kind != "MoneyReturned" else -amt
        all_in = left[seat] <= 0 and amt > 0
        if kind == "Fold":
            add(Action(street, seat, ActionKind.FOLD, 0, had, line=line))
        elif kind == "Check":
            add(Action(street, seat, ActionKind.CHECK, 0, had, line=line))
        elif kind == "AllIn" and street is Street.PREFLOP and not bb_posted:
            # A short stack's blind: all-in for less than the post (seen as the small blind).
            ak = ActionKind.POST_BIG_BLIND if sb_posted else ActionKind.POST_SMALL_BLIND
            sb_posted = True
            totals[seat] = had + amt
            add(Action(street, seat, ak, amt, had + amt, True, line=line))
        elif kind in ("Call", "Bet", "Raise", "AllIn"):
            if versionless and kind != "AllIn":  # hhversion-less files print street totals
                left[seat] += amt - (amt - had)
                amt -= had
                all_in = left[seat] <= 0
            to = had + amt
            totals[seat] = to
            if kind == "AllIn":
                all_in = True
                kind = ("Call" if to <= current else "Raise" if current > 0 else "Bet")
            ak = {"Call": ActionKind.CALL, "Bet": ActionKind.BET, "Raise": ActionKind.RAISE}[kind]
            add(Action(street, seat, ak, amt, to, all_in, line=line))
        elif kind == "SmallBlind":
            sb_posted = True
            totals[seat] = had + amt
            add(Action(street, seat, ActionKind.POST_SMALL_BLIND, amt, had + amt, all_in,
                       line=line))
        elif kind == "PostedToPlay" and not all_in and _small_blind_sized(
                amt, actions, small_blind if limit is not LimitType.FIXED_LIMIT else None):
            # a returning player's small blind: live or dead by the site's rule, which the
            # engine reads (a short big blind it is not: he then calls the whole big blind)
            totals[seat] = had + amt
            add(Action(street, seat, ActionKind.POST_SMALL_BLIND, amt, had + amt, False,
                       line=line))
        elif kind in ("BigBlind", "PostedToPlay"):
            bb_posted = True
            totals[seat] = had + amt
            add(Action(street, seat, ActionKind.POST_BIG_BLIND, amt, had + amt, all_in,
                       line=line))
        elif kind == "BadBeatContribution":
            fees += amt
            add(Action(street, seat, ActionKind.POST_DEAD, amt, had, False, line=line))
        elif kind == "MoneyReturned":
            returned_logged = True
            totals[seat] = had - amt
            add(Action(street, seat, ActionKind.UNCALLED_RETURN, amt, had - amt, line=line))
        elif kind == "DealCards":
            hole[seat] = tuple(_card(c) for c in el)
        elif kind in ("ShowCards", "MuckCards"):
            cards = tuple(_card(c) for c in el)
            if cards:
                hole[seat] = cards
            ak = ActionKind.SHOW if kind == "ShowCards" else ActionKind.MUCK
            add(Action(Street.SHOWDOWN if street is Street.RIVER else street, seat, ak,
                       cards=cards, line=line))
        elif kind in _IGNORED:
            continue
        else:
            raise ParseError("unknown_line", f"unknown action type {kind!r}", line=line,
                             text=ET.tostring(el, encoding="unicode").strip())
    if not returned_logged:
        implied = _add_implied_return(actions)
        if implied is not None:
            collections = _net_of_return(collections, actions, implied, seats, ends)

    if limit is LimitType.FIXED_LIMIT:
        bb_post = next((a.amount for a in actions if a.kind is ActionKind.POST_BIG_BLIND), 0)
        big_blind = bb_post or big_blind
        small_blind = next((a.amount for a in actions
                            if a.kind is ActionKind.POST_SMALL_BLIND), big_blind // 2)
        stakes = Stakes(small_blind, big_blind, 0, big_blind, 2 * big_blind)
    else:
        stakes = Stakes(small_blind, big_blind)
    rake_text = g.get("rake")
    rake = int(rake_text) if rake_text and rake_text.isdigit() and dec == 2 else None
    report = SiteReport(rake=rake, fees=(("bad beat jackpot", fees),) if fees else (),
                        collections=tuple(collections))
    date = g.get("date", "")
    try:
        started = datetime.strptime(date, "%Y-%m-%d %H:%M:%S").replace(tzinfo=UTC)
    except ValueError:
        started = None
    table = g.get("tablename", "")
    return Hand(
        site=SITE,
        hand_id=g.get("id", ""),
        game=Game.HOLDEM,
        limit=limit,
        currency=currency,
        decimals=dec,
        stakes=stakes,
        seats=tuple(Seat(n, v[0], v[1], v[2], n == hero_seat and n in hole, hole.get(n))
                    for n, v in sorted(seats.items())),
        actions=tuple(actions),
        button_seat=button,
        boards=(tuple(board),),
        report=report,
        started_at=started,
        local_time=date,
        table_name=table,
        max_seats=int(g.get("tablesize", "0")) or None if g.get("tablesize", "").isdigit()
        else None,
        is_tournament=tournament,
        tournament_id=table.partition("[")[2].partition("]")[0] or None if tournament else None,
        source=SourceRef(file, chunk.offset, chunk.line),
        raw_text=text,
    )


# Parse one ``<Game>`` chunk. Raises ParseError (UnsupportedGame for Omaha and others).
parse = with_site(SITE, _parse)


def _small_blind_sized(amount: int, actions: list[Action], header_small: int | None) -> bool:
    """Whether a post of ``amount`` is the small blind's size: that of the hand's own small
    blind post, or else the header's (a fixed-limit header names the bets, not the blinds)."""
    posted = next((a.amount for a in actions if a.kind is ActionKind.POST_SMALL_BLIND), None)
    small = posted if posted is not None else header_small
    return small is not None and 0 < amount == small


def _net_of_return(
    collections: list[Collection],
    actions: list[Action],
    implied: Action,
    seats: dict[int, list],
    ends: dict[int, int],
) -> list[Collection]:
    """Collections without the silently returned bet, where the site's ``win`` included it.

    Whether ``win`` includes the return differs by version and by case (a walk's big blind
    excess is in it; a folded-to bet is not): the ``endbalance`` the site printed decides.
    """
    seat, back = implied.seat, implied.amount
    put_in = sum(a.amount for a in actions if a.seat == seat and a.kind.is_post
                 or a.seat == seat and a.kind in (ActionKind.CALL, ActionKind.BET,
                                                  ActionKind.RAISE))
    won = sum(c.amount for c in collections if c.seat == seat)
    if seat not in ends or won - put_in != ends[seat] - seats[seat][1]:
        return collections
    out, left = [], back
    for c in collections:
        if c.seat == seat and left:
            take = min(left, c.amount)
            left -= take
            if c.amount - take:
                out.append(Collection(c.seat, c.amount - take, c.pot_index, c.board_index))
            continue
        out.append(c)
    return out


def _add_implied_return(actions: list[Action]) -> Action | None:
    """Old versions log no MoneyReturned: the last street's top bet over the next one returns."""
    by_street: dict[Street, dict[int, int]] = {}
    for a in actions:
        if a.kind.is_live_post or a.kind in (ActionKind.CALL, ActionKind.BET, ActionKind.RAISE):
            by_street.setdefault(a.street, {})[a.seat] = a.to
    if not by_street:
        return None
    street = max(by_street)
    ranked = sorted(by_street[street].items(), key=lambda kv: kv[1], reverse=True)
    top_seat, top = ranked[0]
    second = ranked[1][1] if len(ranked) > 1 else 0
    if top > second:
        at = next((i for i, a in enumerate(actions) if a.kind in (ActionKind.SHOW,
                                                                   ActionKind.MUCK)), len(actions))
        back = Action(street, top_seat, ActionKind.UNCALLED_RETURN, top - second, second)
        actions.insert(at, back)
        return back
    return None


#: What the registry lists: this module's format, found by name or by content.
FORMAT = Format(
    name="microgaming",
    site=SITE,
    description="Microgaming (MPN) XML hand histories (cash, tournaments)",
    detection=DETECTION,
    supports=SUPPORTS,
    sniff=sniff,
    parse=parse,
    header=HEADER,
)

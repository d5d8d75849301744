"""Ignition / Bovada / Bodog hold'em hand histories -> :class:`parsers.model.Hand`.

One software, three brands: the header starts ``Ignition Hand #``, ``Bovada Hand #`` or
``Bodog Hand #``. Covers cash tables, Zone Poker (fast fold), sit-and-gos and MTTs, no and
fixed limit, the 2012 layout (``Raises $16`` without "to", boards as ``Card dealt to table``)
and the 2021 ``[MVS]`` layout. Omaha and stud hands raise UnsupportedGame.

What is particular to this site, and how it is read:
- Players are anonymous: every line names a *position label* (``Dealer``, ``Small Blind``,
  ``Big Blind``, ``UTG``, ``UTG+1``...), the hero's carries ``[ME]`` (spaced irregularly:
  ``Big Blind  [ME] :``). A label is unique within a hand, so lines are attributed by exact
  lookup of the text before ``" : "`` with the marker removed. Player names are the labels;
  the hero is always called :data:`HERO` so that one player's hands can be followed across
  hands whose labels rotate.
- Tournament seat lines use player ids (``Seat 1243:``) and some sit-and-go files list seats
  out of numeric order; the list itself is always in table order (the labels rotate with it).
  When the printed numbers are not increasing table seats (1..10), seats are renumbered 1..n
  in listed order so the engine's "seat order is table order" holds; the summary's
  ``Seat+1243:`` lines are mapped through the same table.
- The button is the seat labelled ``Dealer`` (``Set dealer [n]`` counts seats in one version
  and list positions in another, so it is only a fallback).
- Amounts: ``Calls``/``Bets``/``All-in`` print the chips *added*; ``Raises $a to $b`` prints
  the street total ``b``; the 2012 ``Raises $b`` prints only the total. ``All-in`` is a call,
  bet or raise depending on the bet it faces. ``Hand result`` lines are the collections.
- Cash stakes are not printed in the header: they are the posted blinds (tournaments print
  ``Level n (sb/bb)``; MVS tables print ``Stakes: $a-$b``).
- Times carry no zone except ``UTC`` on MVS tables; Ignition's servers (and every tracker)
  use US Eastern time, so a zoneless time is read as America/New_York. ``time_zone`` keeps
  what was printed (empty when nothing was).
- ``Showdown [five cards]`` prints the best hand, not the hole cards; a SHOW carries the hole
  cards from the deal or the summary (``[Qh Kc-Kc Qh 9c 8d 7c]``: hole cards before the dash).
- Lines about the table (``Enter(Auto)``, ``Leave(Auto)``, ``Seat sit out``, ``Table deposit``,
  ``Ranking``, ``Prize Cash``...) move no chips in the hand and are skipped by exact verb; any
  other unknown line raises ``unknown_line``.

The head (header line, MVS ``Table Info``, seat list) is read by ``ignition_header.py``; this
module reads the play and the summary.
"""

from __future__ import annotations

import re

from parsers.cards import bracketed_cards, parse_cards
from parsers.errors import ParseError
from parsers.format import Format
from parsers.model import (
    Action,
    ActionKind,
    Collection,
    Hand,
    LimitType,
    Seat,
    SiteReport,
    SourceRef,
    Stakes,
    Street,
)
from parsers.sites._kit.common import line_sniffer, with_site
from parsers.sites.ignition.header import Seats, label_of, read_head, started_at
from parsers.text import Chunk, parse_money

SITE = "ignition"
HERO = "Hero"
HEADER = re.compile(r"(?:Ignition|Bovada|Bodog) Hand #\d")
DETECTION = "a line starting 'Ignition Hand #', 'Bovada Hand #' or 'Bodog Hand #' in the first 8 KB"
SUPPORTS = "hold'em NL/FL: cash, Zone Poker, sit-and-go, MTT; 2012 and MVS layouts"

_RAISE_TO = re.compile(r"(\S+) to (\S+)$")
_SUMMARY_HOLE = re.compile(r"\[([2-9TJQKA][cdhs](?: [2-9TJQKA][cdhs])+)-")
_SUMMARY_SEAT = re.compile(r"Seat\+?(\d+):")
_BRACKETS = re.compile(r"\[([^\]]*)\]")
_STREETS = {"*** FLOP ***": Street.FLOP, "*** TURN ***": Street.TURN,
            "*** RIVER ***": Street.RIVER}

# Verbs (text after "label : ") that move no chips in this hand: table events, tournament news.
_IGNORED_VERBS = frozenset({
    "Leave(Auto)", "Enter(Auto)", "Seat sit out", "Sit out", "Seat stand", "Stand",
    "Table leave user", "Table enter user", "Re-join", "Seat re-join", "Seat sit down",
    "Sitout (wait for bb)", "Rebuyin", "Addon", "Double rebuys", "Prize Tournament Ticket",
})
_IGNORED_PREFIXES = ("Table deposit", "Ranking ", "Prize Cash", "Prize Tournament Ticket",
                     "Draw for dealer", "Rebuyin",
                     "Addon", "Double rebuys", "Seat stand", "Seat sit")
# Lines without a label: table events.
_IGNORED_LINES = frozenset({
    "Enter(Auto)", "Leave(Auto)", "Table enter user", "Table leave user", "Seat sit out",
    "Seat re-join", "Seat stand", "Seat sit down", "Sit out", "Re-join",
})
# Verbs that move chips or take a turn: the same player cannot print one twice in a row.
_BETTING_VERBS = ("Calls", "Call", "Bets", "Raises", "All-in", "Checks", "Folds", "Hand result",
                  "Hand Result", "Ante", "Small", "Big", "Posts", "Return uncalled")
_FOLD_VERBS = frozenset({"Folds", "Folds (timeout)", "Folds(timeout)", "Folds (auth)",
                         "Folds (disconnect)", "Fold(Blind Disconnected)",
                         "Folds(auth-disconnect)", "Fold"})
_CHECK_VERBS = frozenset({"Checks", "Checks (timeout)", "Checks(timeout)",
                          "Checks (disconnect)", "Check"})


# True when an Ignition/Bovada/Bodog hand header starts one of the first lines. Never raises.
sniff = line_sniffer(HEADER.match)


def _parse(chunk: Chunk, file: str) -> Hand:
    lines = chunk.text.split("\n")
    head = read_head(lines)
    dec, seats, n = head.decimals, head.seats, len(lines)
    by_label = seats.by_label

    actions: list[Action] = []
    add = actions.append
    street = Street.PREFLOP
    totals: dict[int, int] = {}
    level_bet = 0  # the highest street total so far (what a caller must match)
    hole: dict[int, tuple[str, ...]] = {}
    dealt: set[int] = set()
    board: list[str] = []
    collections: list[Collection] = []
    pending_show: list[int] = []  # indexes of SHOW/MUCK actions whose hole cards come later
    set_dealer: int | None = None
    sb_post: int | None = None
    bb_post: int | None = None
    ante = 0
    summary_at = -1
    before_cards = True
    anted: set[int] = set()
    previous = ""

    for idx in range(head.body_start, n):
        line = lines[idx]
        lineno = idx + 1
        if not line:
            continue
        try:
            cut = line.find(" : ")
            if cut == -1:
                if line.startswith("*** "):
                    if line.startswith("*** SUMMARY ***"):
                        summary_at = idx
                        break
                    if line.startswith("*** HOLE CARDS ***"):
                        before_cards = False
                        continue
                    key = line[:13].rstrip()
                    new = _STREETS.get(key)
                    if new is None:
                        raise ParseError("unknown_line", "unknown section marker")
                    groups = _BRACKETS.findall(line)
                    if not groups:
                        raise ParseError("unknown_line", "street without cards")
                    board[:] = [c for g in groups for c in parse_cards(g)]
                    street, totals, level_bet, previous = new, {}, 0, ""
                    continue
                if line.startswith("Card dealt to table "):  # 2012 layout: one street a line
                    board.extend(parse_cards(line[20:]))
                    street = Street(min(street + 1, Street.RIVER))
                    totals, level_bet, previous = {}, 0, ""
                    continue
                if line in _IGNORED_LINES or line.startswith(
                    ("Table deposit", "Set dealer", "Player Info:")
                ):
                    continue
                raise ParseError("unknown_line", "unrecognised line")

            label, _ = label_of(line[:cut])
            seat = by_label.get(label)
            verb = line[cut + 3 :].strip()
            if seat is None:
                if verb.startswith("Set dealer"):  # the dealer's seat is empty (MVS tables)
                    b = _BRACKETS.search(verb)
                    set_dealer = int(b[1]) if b and b[1].isdigit() else None
                    continue
                raise ParseError("unknown_line", f"unknown player {label!r}")
            if line == previous and verb.startswith(_BETTING_VERBS):
                # Nobody acts (or posts, or is paid) twice in a row with the same line: it is a
                # corrupted log (some 2014-2015 files repeat lines four times). Loud, never
                # deduplicated, since which copy is real cannot be known.
                raise ParseError("corrupt_hand", "the same chip-moving line twice in a row")
            previous = line

            if verb in _FOLD_VERBS:
                add(Action(street, seat, ActionKind.FOLD, 0, totals.get(seat, 0), line=lineno))
            elif verb.startswith(("Folds & shows [", "Folds & Shows [")):
                cards = parse_cards(verb[13:])
                hole[seat] = cards
                add(Action(street, seat, ActionKind.FOLD, 0, totals.get(seat, 0), line=lineno))
                add(Action(street, seat, ActionKind.SHOW, 0, totals.get(seat, 0), cards=cards,
                           line=lineno))
            elif verb in _CHECK_VERBS:
                add(Action(street, seat, ActionKind.CHECK, 0, totals.get(seat, 0), line=lineno))
            elif verb.startswith("Card dealt to a spot"):
                cards = parse_cards(verb[20:])
                if cards:
                    hole[seat] = cards
                    dealt.add(seat)
            elif verb.startswith(("Calls ", "Call ", "Call(timeout) ")):
                amt = parse_money(verb.rpartition(" ")[2], dec)
                to = totals.get(seat, 0) + amt
                totals[seat] = to
                add(Action(street, seat, ActionKind.CALL, amt, to, False, (), lineno))
            elif verb.startswith(("Bets ", "Bets chip info(timeout) ")):
                amt = parse_money(verb.rpartition(" ")[2], dec)
                to = totals.get(seat, 0) + amt
                totals[seat] = to
                kind = ActionKind.BET if level_bet == 0 else ActionKind.RAISE
                level_bet = max(level_bet, to)
                add(Action(street, seat, kind, amt, to, False, (), lineno))
            elif verb.startswith(("Raises ", "Raises(timeout) ", "All-in(raise")):
                all_in = verb.startswith("All-in")
                args = verb.partition(" ")[2]
                r = _RAISE_TO.search(args)
                # 2012 prints only the street total: "Raises $16", "All-in(raise) $32".
                to = parse_money(r[2] if r else args, dec)
                amt = to - totals.get(seat, 0)
                if amt <= 0:
                    raise ParseError("bad_amount", "raise to no more than the seat has in")
                totals[seat] = to
                kind = ActionKind.RAISE if level_bet else ActionKind.BET
                level_bet = max(level_bet, to)
                add(Action(street, seat, kind, amt, to, all_in, (), lineno))
            elif verb.startswith(("All-in ", "All-in(timeout) ")):
                amt = parse_money(verb.rpartition(" ")[2], dec)
                to = totals.get(seat, 0) + amt
                totals[seat] = to
                if before_cards:  # a post all-in: "Big Blind : All-in $0.05", "UTG : All-in 60"
                    antes_open = ante > 0 and sb_post is None and bb_post is None
                    if antes_open and seat not in anted:
                        anted.add(seat)
                        add(Action(street, seat, ActionKind.POST_ANTE, amt, totals.get(seat, 0)
                                   - amt, True, (), lineno))
                        totals[seat] -= amt
                        continue
                    if label == "Small Blind" and sb_post is None:
                        kind, sb_post = ActionKind.POST_SMALL_BLIND, amt
                    elif label == "Big Blind":
                        kind = ActionKind.POST_BIG_BLIND
                        bb_post = amt if bb_post is None else bb_post
                    else:
                        raise ParseError("unknown_line", "all-in before the cards, not a blind")
                    level_bet = max(level_bet, to)
                    add(Action(street, seat, kind, amt, to, True, (), lineno))
                    continue
                if to <= level_bet:
                    kind = ActionKind.CALL
                elif level_bet == 0:
                    kind = ActionKind.BET
                else:
                    kind = ActionKind.RAISE
                level_bet = max(level_bet, to)
                add(Action(street, seat, kind, amt, to, True, (), lineno))
            elif verb.startswith("Return uncalled portion of bet "):
                amt = parse_money(verb[31:], dec)
                to = totals.get(seat, 0) - amt
                totals[seat] = to
                level_bet = max(totals.values()) if totals else 0
                add(Action(street, seat, ActionKind.UNCALLED_RETURN, amt, to, False, (), lineno))
            elif verb.startswith("Hand result") or verb.startswith("Hand Result"):
                head_part, _, amount = verb.rpartition(" ")
                pot = 1 if "side pot" in head_part.lower() else None
                collections.append(Collection(seat, parse_money(amount, dec), pot, None, lineno))
            elif verb.startswith(("Showdown", "Does not show", "Mucks")):
                kind = ActionKind.MUCK if verb[0] in "DM" else ActionKind.SHOW
                shown = verb.startswith(("Does not show", "Mucks")) and "[" in verb
                cards = hole.get(seat, ())
                if shown:
                    cards = bracketed_cards(verb)
                    hole[seat] = cards
                st = Street.SHOWDOWN if street is Street.RIVER else street
                if not cards:
                    pending_show.append(len(actions))
                add(Action(st, seat, kind, 0, totals.get(seat, 0), cards=cards, line=lineno))
            elif verb.startswith("Ante chip "):
                amt = parse_money(verb[10:], dec)
                ante = max(ante, amt)
                anted.add(seat)
                add(Action(street, seat, ActionKind.POST_ANTE, amt, totals.get(seat, 0),
                           line=lineno))
            elif verb.startswith(("Small Blind ", "Small blind ", "Ante/Small Blind ",
                                  "Ante/Small blind ")):
                amt = parse_money(verb.rpartition(" ")[2], dec)
                if sb_post is None and bb_post is None:
                    sb_post = amt
                    to = totals.get(seat, 0) + amt
                    totals[seat] = to
                    level_bet = max(level_bet, to)
                    add(Action(street, seat, ActionKind.POST_SMALL_BLIND, amt, to, line=lineno))
                else:
                    add(Action(street, seat, ActionKind.POST_DEAD, amt, totals.get(seat, 0),
                               line=lineno))
            elif verb.startswith(("Big blind ", "Big Blind ", "Big blind/Bring in ",
                                  "Posts chip ")):
                amt = parse_money(verb.rpartition(" ")[2], dec)
                if verb[0] == "P" and bb_post is not None and amt < bb_post:
                    # A returning player's missed small blind: dead money.
                    add(Action(street, seat, ActionKind.POST_DEAD, amt, totals.get(seat, 0),
                               line=lineno))
                    continue
                if verb[0] == "B" and bb_post is None:
                    bb_post = amt
                to = totals.get(seat, 0) + amt
                totals[seat] = to
                level_bet = max(level_bet, to)
                add(Action(street, seat, ActionKind.POST_BIG_BLIND, amt, to, line=lineno))
            elif verb.startswith("Posts dead chip "):
                # Small and big blind together (0.07 at 0.02/0.05): the big blind part is
                # live, the rest dead; a post no larger than a small blind is all dead.
                amt = parse_money(verb[16:], dec)
                live = min(amt, bb_post) if bb_post is not None and amt >= bb_post else 0
                if live:
                    to = totals.get(seat, 0) + live
                    totals[seat] = to
                    level_bet = max(level_bet, to)
                    add(Action(street, seat, ActionKind.POST_BIG_BLIND, live, to, line=lineno))
                if amt > live:
                    add(Action(street, seat, ActionKind.POST_DEAD, amt - live,
                               totals.get(seat, 0), line=lineno))
            elif verb.startswith(("Set dealer", "Set deale")):
                b = _BRACKETS.search(verb)
                set_dealer = int(b[1]) if b and b[1].isdigit() else None
            elif verb in _IGNORED_VERBS or verb.startswith(_IGNORED_PREFIXES):
                pass
            else:
                raise ParseError("unknown_line", "unknown action")
        except ParseError as err:
            raise err.with_context(line=lineno, text=line) from None

    if summary_at < 0:
        raise ParseError("truncated_hand", "no *** SUMMARY *** section", line=n, text=lines[-1])
    total_pot, rake, summary_board = _read_summary(lines, summary_at, dec, seats, hole)
    if not board and summary_board:
        board = summary_board

    for k in pending_show:
        a = actions[k]
        if a.seat in hole:
            actions[k] = Action(a.street, a.seat, a.kind, a.amount, a.to, a.all_in,
                                hole[a.seat], a.line)

    # Stakes: tournaments print them; cash games only post them.
    if head.level_blinds is not None:
        sb_text, bb_text = head.level_blinds
        small_blind, big_blind = int(sb_text.replace(",", "")), int(bb_text.replace(",", ""))
    elif head.mvs_stakes is not None:
        small_blind, big_blind = head.mvs_stakes
    elif bb_post is not None:
        big_blind = bb_post
        small_blind = sb_post if sb_post is not None else bb_post // 2
    else:
        raise ParseError("bad_header", "no stakes: neither printed nor posted", line=1,
                         text=head.text)
    small_bet = big_bet = 0
    if head.limit is LimitType.FIXED_LIMIT:
        small_bet, big_bet = big_blind, 2 * big_blind

    button = next((s for s, label, _, _ in seats.rows if label == "Dealer"), None)
    if button is None and set_dealer is not None:
        if seats.renumbered:
            button = set_dealer if 1 <= set_dealer <= len(seats.rows) else None
        else:
            button = set_dealer
    acted = {a.seat for a in actions}
    seat_objs = tuple(
        Seat(
            seat=seat,
            player=HERO if me else label,
            stack=stack,
            sitting_out=seat not in acted and seat not in dealt,
            is_hero=me,
            hole_cards=hole.get(seat),
        )
        for seat, label, stack, me in seats.rows
    )
    return Hand(
        site=SITE,
        hand_id=head.hand_id,
        game=head.game,
        limit=head.limit,
        currency=head.currency,
        decimals=dec,
        stakes=Stakes(small_blind, big_blind, ante, small_bet, big_bet),
        seats=tuple(sorted(seat_objs, key=lambda s: s.seat)),
        actions=tuple(actions),
        button_seat=button,
        boards=(tuple(board),),
        report=SiteReport(total_pot=total_pot, rake=rake, collections=tuple(collections)),
        started_at=started_at(head.date, head.zone),
        local_time=head.date,
        time_zone=head.zone or "",
        table_name=head.table_name,
        max_seats=None,
        is_tournament=head.tournament_id is not None,
        tournament_id=head.tournament_id,
        level=head.level,
        fast_fold=head.fast_fold,
        source=SourceRef(file, chunk.offset, chunk.line),
        raw_text=chunk.text,
    )


#: ``parse(chunk, file="")``: one hand chunk to a Hand, or ParseError naming the site
#: (UnsupportedGame for other games); a glued file is told apart from an unknown line.
parse = with_site(SITE, _parse, header=HEADER)


def _read_summary(
    lines: list[str], start: int, dec: int, seats: Seats, hole: dict[int, tuple[str, ...]]
) -> tuple[int | None, int | None, list[str]]:
    """Total pot, rake, board and the hole cards revealed in the summary."""
    total = rake = None
    board: list[str] = []
    for idx in range(start + 1, len(lines)):
        line = lines[idx]
        if not line:
            if idx > start + 1:
                break
            continue
        try:
            if line.startswith("Total Pot("):
                total = parse_money(line[10 : line.index(")")], dec)
                r = line.find("Rake (")
                if r != -1:
                    rake = parse_money(line[r + 6 : line.index(")", r)], dec)
            elif line.startswith("Board ["):
                board = [c for g in _BRACKETS.findall(line) for c in parse_cards(g)]
            elif line.startswith("Seat"):
                sm = _SUMMARY_SEAT.match(line)
                cards = _SUMMARY_HOLE.search(line)
                if sm and cards:
                    seat = seats.by_printed.get(int(sm[1]))
                    if seat is not None:
                        hole.setdefault(seat, parse_cards(cards[1]))
        except (ParseError, ValueError) as err:
            if isinstance(err, ParseError):
                raise err.with_context(line=idx + 1, text=line) from None
            raise ParseError("unknown_line", "cannot read summary line", line=idx + 1,
                             text=line) from None
    return total, rake, board


#: What the registry lists: this module's format, found by name or by content.
FORMAT = Format(
    name="ignition",
    site=SITE,
    description="Ignition / Bovada / Bodog hand histories (cash, Zone Poker, tournaments)",
    detection=DETECTION,
    supports=SUPPORTS,
    sniff=sniff,
    parse=parse,
    header=HEADER,
)

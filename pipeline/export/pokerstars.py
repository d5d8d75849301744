"""Hand -> PokerStars hand-history text, in the site's own format.

Why: simulated hands are checked by going through the same door as real ones (text, parser,
engine), and ``data/samples`` is made of hands sidepot writes itself. The layout follows real
PokerStars files line for line: header, table, seats, posts, ``*** HOLE CARDS ***``, actions
("raises $0.75 to $1.25", "and is all-in"), ``Uncalled bet ($X) returned to P``, street markers
with the board so far, shows, ``collected $X from side pot-1``, run-it-twice sections
(``*** FIRST FLOP ***``, ``*** SECOND SHOW DOWN ***``) and the summary.

Limits: hold'em only; amounts in USD/EUR/GBP (cash) or chips (tournaments). The hand must
carry what the site prints: the report's total pot, rake, printed side pots and collections;
SHOW actions for the cards tabled (for run it twice, one group of shows per board).
"""

from __future__ import annotations

from collections.abc import Iterable

from parsers.model import ActionKind, Hand, LimitType, Street
from pipeline.sim.money import describe

_SYMBOL = {"USD": "$", "EUR": "€", "GBP": "£"}
_LIMIT_WORDS = {
    LimitType.NO_LIMIT: "Hold'em No Limit",
    LimitType.POT_LIMIT: "Hold'em Pot Limit",
    LimitType.FIXED_LIMIT: "Hold'em Limit",
}
_STREET_WORD = {Street.FLOP: "FLOP", Street.TURN: "TURN", Street.RIVER: "RIVER"}
_STREET_CARDS = {Street.FLOP: 3, Street.TURN: 4, Street.RIVER: 5}
_RUN_WORD = ("FIRST", "SECOND", "THIRD")
_FOLDED_ON = {
    Street.PREFLOP: "folded before Flop",
    Street.FLOP: "folded on the Flop",
    Street.TURN: "folded on the Turn",
    Street.RIVER: "folded on the River",
}


def money(hand: Hand, amount: int) -> str:
    """"$1.25", "$50" (whole amounts print without cents, as the site does), "1500" for chips."""
    if hand.decimals == 0:
        return str(amount)
    symbol = _SYMBOL.get(hand.currency, "$")
    whole, cents = divmod(amount, 10**hand.decimals)
    return f"{symbol}{whole}" if cents == 0 else f"{symbol}{whole}.{cents:0{hand.decimals}d}"


def _header(hand: Hand) -> list[str]:
    st = hand.stakes
    words = _LIMIT_WORDS[hand.limit]
    if hand.limit is LimitType.FIXED_LIMIT:
        first, second = st.small_bet, st.big_bet
    else:
        first, second = st.small_blind, st.big_blind
    when = f"{hand.local_time} {hand.time_zone}".strip()
    if hand.is_tournament:
        head = (
            f"PokerStars Hand #{hand.hand_id}: Tournament #{hand.tournament_id}, "
            f"$1.00+$0.10 USD {words} - Level {hand.level} ({first}/{second}) - {when}"
        )
    else:
        head = (
            f"PokerStars Hand #{hand.hand_id}:  {words} "
            f"({money(hand, first)}/{money(hand, second)} {hand.currency}) - {when}"
        )
    table = f"Table '{hand.table_name}' {hand.max_seats or 9}-max"
    if hand.button_seat is not None:
        table += f" Seat #{hand.button_seat} is the button"
    lines = [head, table]
    lines += [f"Seat {s.seat}: {s.player} ({money(hand, s.stack)} in chips)" for s in hand.seats]
    return lines


def _board_line(word: str, board: tuple[str, ...], street: Street) -> str:
    n = _STREET_CARDS[street]
    if street is Street.FLOP:
        return f"*** {word} *** [{' '.join(board[:3])}]"
    return f"*** {word} *** [{' '.join(board[: n - 1])}] [{board[n - 1]}]"


def _street_of_cards(n: int) -> Street:
    return {0: Street.PREFLOP, 3: Street.FLOP, 4: Street.TURN, 5: Street.RIVER}[n]


def write_hand(hand: Hand) -> str:
    """The hand as PokerStars prints it (no trailing newline)."""
    names = {s.seat: s.player for s in hand.seats}
    out = _header(hand)
    boards = [b for b in hand.boards if b] or [()]
    runs = len(boards)
    shared = len(boards[0])
    for b in boards[1:]:
        shared = min(shared, next((i for i in range(len(b)) if b[i] != boards[0][i]), len(b)))
    shared = max(n for n in (0, 3, 4, 5) if n <= shared)
    hero = next((s for s in hand.seats if s.is_hero and s.hole_cards), None)
    m = money

    actions = list(hand.actions)
    posts = [a for a in actions if a.kind.is_post]
    body = [a for a in actions if not a.kind.is_post]
    ante_posts = [a for a in posts if a.kind is ActionKind.POST_ANTE]
    for a in ante_posts + [a for a in posts if a.kind is not ActionKind.POST_ANTE]:
        text = {
            ActionKind.POST_ANTE: "posts the ante",
            ActionKind.POST_SMALL_BLIND: "posts small blind",
            ActionKind.POST_BIG_BLIND: "posts big blind",
            ActionKind.POST_STRADDLE: "posts straddle",
            ActionKind.POST_DEAD: "posts small blind",
        }[a.kind]
        out.append(f"{names[a.seat]}: {text} {m(hand, a.amount)}"
                   + (" and is all-in" if a.all_in else ""))
    out.append("*** HOLE CARDS ***")
    if hero is not None:
        out.append(f"Dealt to {hero.player} [{' '.join(hero.hole_cards or ())}]")

    level = max((a.to for a in posts if a.kind.is_live_post), default=0)
    street = Street.PREFLOP
    showdown_acts = [a for a in body if a.street is Street.SHOWDOWN]
    betting = [a for a in body if a.street is not Street.SHOWDOWN]
    last_street = _street_of_cards(len(boards[0]))

    def open_street(target: Street) -> None:
        nonlocal street, level
        while street < target:
            street = Street(street + 1)
            level = 0
            if street <= _street_of_cards(shared) or runs == 1:
                out.append(_board_line(_STREET_WORD[street], boards[0], street))

    for a in betting:
        if a.street > street:
            open_street(a.street)
        who = names[a.seat]
        tail = " and is all-in" if a.all_in else ""
        k = a.kind
        if k is ActionKind.FOLD:
            out.append(f"{who}: folds")
        elif k is ActionKind.CHECK:
            out.append(f"{who}: checks")
        elif k is ActionKind.CALL:
            out.append(f"{who}: calls {m(hand, a.amount)}{tail}")
        elif k is ActionKind.BET:
            out.append(f"{who}: bets {m(hand, a.amount)}{tail}")
            level = a.to
        elif k is ActionKind.RAISE:
            by = a.raise_by if a.raise_by is not None else a.to - level
            out.append(f"{who}: raises {m(hand, by)} to {m(hand, a.to)}{tail}")
            level = a.to
        elif k is ActionKind.UNCALLED_RETURN:
            out.append(f"Uncalled bet ({m(hand, a.amount)}) returned to {who}")
        elif k is ActionKind.SHOW:
            out.append(f"{who}: shows [{' '.join(a.cards)}]")
        elif k is ActionKind.MUCK:
            out.append(f"{who}: mucks hand")

    showdown = bool(showdown_acts) or any(a.kind is ActionKind.SHOW for a in betting)
    if showdown:
        open_street(last_street if runs == 1 else _street_of_cards(shared))
        if runs > 1:
            for r, board in enumerate(boards):
                st = _street_of_cards(shared)
                while st < Street.RIVER:
                    st = Street(st + 1)
                    out.append(_board_line(f"{_RUN_WORD[r]} {_STREET_WORD[st]}", board, st))
    collections = list(hand.report.collections)
    if showdown:
        per_run = len(showdown_acts) // runs if runs > 1 else len(showdown_acts)
        for r in range(runs):
            out.append(f"*** {_RUN_WORD[r]} SHOW DOWN ***" if runs > 1 else "*** SHOW DOWN ***")
            for a in showdown_acts[r * per_run : (r + 1) * per_run]:
                if a.kind is ActionKind.SHOW:
                    words = describe(a.cards, boards[r])
                    out.append(f"{names[a.seat]}: shows [{' '.join(a.cards)}] ({words})")
                else:
                    out.append(f"{names[a.seat]}: mucks hand")
            for c in collections:
                if (c.board_index or 0) == r:
                    out.append(_collected(hand, names, c))
    else:
        for c in collections:
            out.append(_collected(hand, names, c))
        for seat in dict.fromkeys(c.seat for c in collections):
            out.append(f"{names[seat]}: doesn't show hand")
    out += _summary(hand, names, boards, showdown)
    return "\n".join(out)


def _collected(hand: Hand, names: dict[int, str], c) -> str:  # noqa: ANN001 - Collection
    where = ("pot" if c.pot_index is None else "main pot" if c.pot_index == 0
             else f"side pot-{c.pot_index}")
    return f"{names[c.seat]} collected {money(hand, c.amount)} from {where}"


def _summary(hand: Hand, names: dict[int, str], boards: list[tuple[str, ...]],
             showdown: bool) -> list[str]:
    rep = hand.report
    m = money
    total = f"Total pot {m(hand, rep.total_pot or 0)}"
    if rep.pots:
        parts = [
            f"{'Main pot' if p.index == 0 else f'Side pot-{p.index}'} {m(hand, p.amount)}."
            for p in rep.pots
        ]
        total += " " + " ".join(parts)
    total += f" | Rake {m(hand, rep.rake or 0)}"
    lines = ["*** SUMMARY ***", total]
    if len(boards) > 1:
        lines.append("Hand was run twice" if len(boards) == 2 else "Hand was run three times")
        lines += [f"{_RUN_WORD[r]} Board [{' '.join(b)}]" for r, b in enumerate(boards)]
    elif boards[0]:
        lines.append(f"Board [{' '.join(boards[0])}]")
    won: dict[int, int] = {}
    for c in rep.collections:
        won[c.seat] = won.get(c.seat, 0) + c.amount
    folded_on = {a.seat: a.street for a in hand.actions if a.kind is ActionKind.FOLD}
    shown = {a.seat: a.cards for a in hand.actions if a.kind is ActionKind.SHOW}
    voluntary = {a.seat for a in hand.actions if a.kind in (
        ActionKind.CALL, ActionKind.BET, ActionKind.RAISE) or a.kind.is_live_post}
    role = _roles(hand)
    for s in hand.seats:
        head = f"Seat {s.seat}: {s.player}{role.get(s.seat, '')}"
        if s.seat in folded_on:
            tail = _FOLDED_ON[Street(min(folded_on[s.seat], Street.RIVER))]
            if folded_on[s.seat] is Street.PREFLOP and s.seat not in voluntary:
                tail += " (didn't bet)"
        elif s.seat in shown:
            cards = " ".join(shown[s.seat])
            words = describe(shown[s.seat], boards[0])
            tail = (f"showed [{cards}] and won ({m(hand, won[s.seat])}) with {words}"
                    if s.seat in won else f"showed [{cards}] and lost with {words}")
        elif s.seat in won:
            tail = f"collected ({m(hand, won[s.seat])})"
        else:
            tail = "mucked" if showdown else "didn't bet"
        lines.append(f"{head} {tail}")
    return lines


def _roles(hand: Hand) -> dict[int, str]:
    role: dict[int, str] = {}
    if hand.button_seat is not None:
        role[hand.button_seat] = " (button)"
    for a in hand.actions:
        if a.kind is ActionKind.POST_SMALL_BLIND:
            role[a.seat] = role.get(a.seat, "") + " (small blind)"
        elif a.kind is ActionKind.POST_BIG_BLIND:
            role[a.seat] = role.get(a.seat, "") + " (big blind)"
    return role


def write_hands(hands: Iterable[Hand]) -> str:
    """Several hands as one file: three blank-line separators, as the site writes them."""
    return "\n\n\n".join(write_hand(h) for h in hands) + "\n"

"""The rules: ``check_*`` functions that judge an action before its unchecked ``apply_*``
transition in ``state.py`` runs (the street rules are in ``streets.py``, the card rules in
``cards.py``).

Each rule's wording lives in exactly one function here. Every check appends to ``out`` rather
than returning a list: most actions break no rule, and then nothing is built.

Leniency is deliberate where real sites legitimately differ (blind positions around a dead
button, new players posting, straddle sizes, heads-up fixed-limit caps): those are warnings.
"""

from __future__ import annotations

from bisect import bisect_right

from parsers.model import Action, ActionKind, LimitType, Street
from pipeline.engine.amounts import Amounts
from pipeline.engine.codes import finding
from pipeline.engine.result import Finding, Severity
from pipeline.engine.state import TableState

_VERB = {
    ActionKind.FOLD: "folds",
    ActionKind.CHECK: "checks",
    ActionKind.CALL: "calls",
    ActionKind.BET: "bets",
    ActionKind.RAISE: "raises",
    ActionKind.POST_SMALL_BLIND: "posts the small blind",
    ActionKind.POST_BIG_BLIND: "posts the big blind",
    ActionKind.POST_STRADDLE: "posts a straddle",
    ActionKind.POST_ANTE: "posts an ante",
    ActionKind.POST_DEAD: "posts a dead blind",
    ActionKind.PROTECTED: "is all-in by disconnect protection",
}
# Enum members bound to module names, as in walk.py (an enum lookup costs ~0.3 µs on 3.11).
_SB, _BB = ActionKind.POST_SMALL_BLIND, ActionKind.POST_BIG_BLIND
_ANTE, _DEAD = ActionKind.POST_ANTE, ActionKind.POST_DEAD
_BET, _RAISE = ActionKind.BET, ActionKind.RAISE
_FIXED_LIMIT, _POT_LIMIT = LimitType.FIXED_LIMIT, LimitType.POT_LIMIT
#: Most FL sites cap a multi-way round at a bet and three raises.
FIXED_LIMIT_CAP = 4


def describe(state: TableState, action: Action, money: Amounts) -> str:
    """'seat 3 (Alice) raises to $0.60 on the flop' — the start of most messages (the amount
    named through ``money``, the message's recorder)."""
    verb = _VERB.get(action.kind, action.kind.value)
    if action.kind is _RAISE:
        what = f"{verb} to {money(action.to or state.commit.get(action.seat, 0) + action.amount)}"
    elif action.amount:
        what = f"{verb} {money(action.amount)}"
    else:
        what = verb
    return f"{state.who(action.seat)} {what} on {state.street_name(action.street)}"


# ---- posts ---------------------------------------------------------------------------------


def check_post_amount(
    state: TableState,
    action: Action,
    out: list[Finding],
    expected: tuple[int, ...] | None = None,
) -> None:
    """A post is the stake's amount, or less when it puts the player all-in. ``expected``: the
    amounts the site's posting rule allows, where it is not the post kind's (``posting``)."""
    stakes = state.hand.stakes
    kind, amount, seat = action.kind, action.amount, action.seat
    all_in = action.all_in or amount >= state.stack.get(seat, 0)
    if state.voluntary_seen and action.street is Street.PREFLOP:
        money = state.money()
        out.append(
            money.finding(
                "post_after_action",
                f"{describe(state, action, money)} after the betting started",
                action.line,
            )
        )
    if amount > state.stack.get(seat, 0):
        money = state.money()
        out.append(
            money.finding(
                "bet_exceeds_stack",
                f"{describe(state, action, money)}: only {money(state.stack.get(seat, 0))} behind",
                action.line,
            )
        )
    if expected is not None:
        pass
    elif kind is _SB:
        expected = (stakes.small_blind,)
    elif kind is _BB:
        expected = (stakes.big_blind,)
    elif kind is _DEAD:
        expected = (stakes.small_blind, stakes.big_blind)
    elif kind is _ANTE:
        expected = (stakes.ante,)
    else:  # straddle: at least double the bet it raises
        need = 2 * max(state.current_bet, stakes.big_blind)
        if amount + state.commit.get(seat, 0) < need and not all_in:
            money = state.money()
            out.append(
                money.finding(
                    "post_wrong_amount",
                    f"{describe(state, action, money)}: a straddle is at least {money(need)}",
                    action.line,
                    Severity.WARNING,
                )
            )
        return
    if not any(expected) or amount in expected:
        return
    if all_in and amount < max(expected):
        return
    # Antes and dead blinds vary by site (big-blind antes, dead big blinds): warn, not fail.
    lenient = kind is _ANTE or kind is _DEAD
    severity = Severity.WARNING if lenient else None
    money = state.money()
    said = describe(state, action, money)
    shown = " or ".join(money(e) for e in expected if e)
    out.append(
        money.finding(
            "post_wrong_amount",
            f"{said}: the stakes say {shown}",
            action.line,
            severity,
        )
    )


def blind_seats(state: TableState, posts: list[Action]) -> tuple[int | None, int | None]:
    """The seats that posted the positional small and big blind.

    A new player may also post a big blind out of position, so the positional big blind is the
    first big-blind poster clockwise after the small blind (or after the button without one).
    """
    sb: int | None = None
    bbs: list[int] = []
    for a in posts:
        kind = a.kind
        if kind is _BB:
            bbs.append(a.seat)
        elif kind is _SB and sb is None:
            sb = a.seat
    if not bbs:
        return sb, None
    if len(bbs) == 1:
        return sb, bbs[0]
    start = sb if sb is not None else state.hand.button_seat
    if start is None:
        return sb, bbs[0]
    return sb, min(bbs, key=lambda s: (s - start - 1) % 100)


def check_blind_positions(
    state: TableState, sb: int | None, bb: int | None, posts: list[Action], out: list[Finding]
) -> None:
    """Blinds relative to the button; only an unmistakable heads-up mix-up is an error.

    Dead-button rules, missing small blinds and players sitting out make the exact positions
    site-dependent, so elsewhere the finding is a warning that says what was expected.
    """
    button = state.hand.button_seat
    order = state.order
    if button is None or len(order) < 2:
        return
    if len(order) == 2:
        other = order[0] if order[1] == button else order[1]
        if state.hand.button_posts_big_blind_heads_up and button in state.in_hand:
            # Ring-game blinds kept heads-up (Entraction): the button posts the big blind.
            if sb is not None and sb != other:
                out.append(
                    finding(
                        "post_wrong_seat",
                        f"{state.who(sb)} posts the small blind heads-up on preflop: on this "
                        f"table the button posts the big blind and {state.who(other)} the small",
                        {a.seat: a.line for a in posts}.get(sb, 0),
                        Severity.WARNING,
                    )
                )
            return
        if button in state.in_hand and sb is not None and sb != button:
            # The swap itself (button on the big blind) is what a table's move to heads-up
            # looks like on sites that keep the blinds where they were: the log cannot say.
            swap = sb == other and bb == button and state.rules.heads_up_swap_is_error
            sev = Severity.ERROR if swap else Severity.WARNING
            out.append(
                finding(
                    "post_wrong_seat",
                    f"{state.who(sb)} posts the small blind heads-up on preflop: "
                    f"the button {state.who(button)} posts it",
                    {a.seat: a.line for a in posts}.get(sb, 0),
                    sev,
                )
            )
        return
    i = bisect_right(order, button)
    after = state.ring[i : i + 2]  # the two seats after it
    if (sb is None or sb == after[0]) and (bb is None or bb in after):
        return
    line_of = {a.seat: a.line for a in posts}
    if sb is not None and sb not in after[:1]:
        out.append(
            finding(
                "post_wrong_seat",
                f"{state.who(sb)} posts the small blind on preflop: the first seat left of "
                f"the button (seat {button}) is seat {after[0]}",
                line_of.get(sb, 0),
            )
        )
    if bb is not None and bb not in after[:2]:
        expected = after[1] if sb is not None else after[0]
        out.append(
            finding(
                "post_wrong_seat",
                f"{state.who(bb)} posts the big blind on preflop: expected seat {expected} "
                f"(button seat {button})",
                line_of.get(bb, 0),
            )
        )


# ---- betting -------------------------------------------------------------------------------


def check_check(state: TableState, action: Action, out: list[Finding]) -> None:
    owed = state.current_bet - state.commit[action.seat]
    if owed > 0:
        money = state.money()
        out.append(
            money.finding(
                "illegal_check",
                f"{describe(state, action, money)} facing a bet of {money(state.current_bet)} "
                f"({money(owed)} to call)",
                action.line,
            )
        )


def _beyond_stack(state: TableState, action: Action, stack: int, out: list[Finding]) -> None:
    """A call, bet or raise putting in more than the ``stack`` the seat has behind."""
    money = state.money()
    out.append(
        money.finding(
            "bet_exceeds_stack",
            f"{describe(state, action, money)}: only {money(stack)} behind",
            action.line,
        )
    )


def check_call(state: TableState, action: Action, out: list[Finding]) -> None:
    seat = action.seat
    commit, stack = state.commit[seat], state.stack[seat]
    owed = state.current_bet - commit
    expected = min(owed, stack)
    if action.amount > stack:
        _beyond_stack(state, action, stack, out)
        return
    if owed <= 0:
        money = state.money()
        out.append(
            money.finding(
                "wrong_call_amount",
                f"{describe(state, action, money)}: there is nothing to call",
                action.line,
            )
        )
        return
    if action.amount == expected:
        return
    if action.street is Street.PREFLOP:
        # A big blind all-in for less: some sites let the others call only what it posted.
        posted = max(state.commit.values())
        if action.amount == posted - commit:
            return
    money = state.money()
    out.append(
        money.finding(
            "wrong_call_amount",
            f"{describe(state, action, money)}: the call is {money(expected)} "
            f"({money(state.current_bet)} to match, {money(commit)} already in)",
            action.line,
        )
    )


def raise_target(state: TableState, action: Action, out: list[Finding]) -> int:
    """The street total a bet or raise makes, checking raise-to against chips added."""
    commit = state.commit[action.seat]
    if action.kind is _BET:
        to = commit + action.amount
        if action.to and action.to != to:
            money = state.money()
            out.append(
                money.finding(
                    "raise_to_mismatch",
                    f"{describe(state, action, money)}: the bet brings the total to "
                    f"{money(to)}, not {money(action.to)}",
                    action.line,
                )
            )
        return to
    if not action.to:
        return commit + action.amount
    if action.amount and action.to - commit != action.amount:
        money = state.money()
        out.append(
            money.finding(
                "raise_to_mismatch",
                f"{describe(state, action, money)}: raising to {money(action.to)} adds "
                f"{money(action.to - commit)} with {money(commit)} already in, "
                f"the log says {money(action.amount)}",
                action.line,
            )
        )
    by = action.raise_by
    # With a blind all-in short, sites measure the increment from a bet actually in (PokerStars:
    # the largest; Winamax: the short big blind) rather than the nominal level: any other
    # player's street bet is accepted as the base. Converters and exporters writing the
    # PokerStars layout print the chips the raiser adds instead ("raises $0.10 to $0.10" with
    # nothing in against a $0.05 big blind): that dialect is accepted too; the total is replayed.
    seat = action.seat
    if (
        by is not None
        and by != action.to - state.current_bet
        and by != action.to - commit
        and all(action.to - c != by for s, c in state.commit.items() if s != seat and c > 0)
    ):
        money = state.money()
        out.append(
            money.finding(
                "raise_to_mismatch",
                f"{describe(state, action, money)}: that raises the bet of "
                f"{money(state.current_bet)} by {money(action.to - state.current_bet)}, "
                f"the log says by {money(by)}",
                action.line,
            )
        )
    return action.to


def check_bet_or_raise(state: TableState, action: Action, to: int, out: list[Finding]) -> None:
    """Everything a bet or raise to ``to`` must satisfy: the word, the stack, the size for the
    limit, the fixed-limit cap, and that the betting was reopened to this player."""
    seat, kind = action.seat, action.kind
    added = to - state.commit[seat]
    stack = state.stack[seat]
    all_in = action.all_in or added >= stack
    facing = state.current_bet > 0
    if kind is _BET and facing:
        money = state.money()
        out.append(
            money.finding(
                "bet_when_facing_bet",
                f"{describe(state, action, money)}: there is already a bet of "
                f"{money(state.current_bet)}, this is a raise",
                action.line,
            )
        )
    elif kind is _RAISE and not facing:
        money = state.money()
        out.append(
            money.finding(
                "raise_without_bet",
                f"{describe(state, action, money)}: there is no bet to raise",
                action.line,
            )
        )
    if added > stack:
        _beyond_stack(state, action, stack, out)
    increment = to - state.current_bet
    if increment <= 0:
        if not all_in:
            money = state.money()
            out.append(
                money.finding(
                    "raise_too_small",
                    f"{describe(state, action, money)}: that does not exceed the current bet of "
                    f"{money(state.current_bet)}",
                    action.line,
                )
            )
        return
    if state.limit is _FIXED_LIMIT:
        _check_fixed_limit(state, action, to, all_in, out)
    elif increment < state.min_raise and not all_in:
        _report_below_minimum(state, action, to, out)
    if state.limit is _POT_LIMIT:
        _check_pot_limit(state, action, to, out)
    if facing and seat in state.acted:
        _check_reopened(state, action, out)


def _check_fixed_limit(
    state: TableState, action: Action, to: int, all_in: bool, out: list[Finding]
) -> None:
    """A fixed-limit wager is one bet unit (or completes the structure), within the cap."""
    unit = state.unit()
    increment = to - state.current_bet
    # After a short all-in bet or raise, completing the bet structure is also legal: the
    # raise goes to one full unit above the nominal level (bets counted so far, a short
    # all-in of at least half a unit counting as one; see apply_bet_or_raise).
    nominal = (state.bets + 1) * unit
    if (
        increment != unit
        and not (to == nominal and state.current_bet < nominal)
        and not (all_in and increment < unit)
    ):
        money = state.money()
        out.append(
            money.finding(
                "fixed_limit_wrong_size",
                f"{describe(state, action, money)}: the {state.street_name()} bet size is "
                f"{money(unit)}, {'raise' if state.current_bet > 0 else 'bet'} by "
                f"{money(increment)}",
                action.line,
            )
        )
    if state.bets >= FIXED_LIMIT_CAP:
        heads_up = len(state.live()) <= 2
        money = state.money()
        out.append(
            money.finding(
                "fixed_limit_cap",
                f"{describe(state, action, money)}: the betting is capped at {FIXED_LIMIT_CAP} bets"
                + (" (heads-up: many sites lift the cap)" if heads_up else ""),
                action.line,
                Severity.WARNING if heads_up else None,
            )
        )


def _report_below_minimum(state: TableState, action: Action, to: int, out: list[Finding]) -> None:
    """A no-limit or pot-limit wager below the minimum bet or raise, not all-in."""
    if state.current_bet <= 0:
        money = state.money()
        out.append(
            money.finding(
                "bet_too_small",
                f"{describe(state, action, money)}: minimum bet is {money(state.min_raise)}",
                action.line,
            )
        )
        return
    minimum = state.current_bet + state.min_raise
    # After a short all-in raise, some sites (PokerStars) measure the minimum from the last
    # full bet instead of adding the all-in's extra chips: a warning, not a failure.
    lenient = state.full_raise_level + state.min_raise
    site_rule = state.current_bet > state.full_raise_level and to >= lenient
    money = state.money()
    out.append(
        money.finding(
            "raise_too_small",
            f"{describe(state, action, money)}: minimum raise is to {money(minimum)}"
            + (
                f" (the site measured it from the last full bet: at least {money(lenient)})"
                if site_rule
                else ""
            ),
            action.line,
            Severity.WARNING if site_rule else None,
        )
    )


def _check_pot_limit(state: TableState, action: Action, to: int, out: list[Finding]) -> None:
    """A pot-limit wager is at most the pot after the player's call."""
    owed = state.current_bet - state.commit[action.seat]
    maximum = state.current_bet + state.pot_total() + owed
    if to > maximum:
        money = state.money()
        out.append(
            money.finding(
                "pot_limit_exceeded",
                f"{describe(state, action, money)}: the pot-limit maximum is "
                f"{'to ' if state.current_bet > 0 else ''}{money(maximum)}",
                action.line,
            )
        )


def _check_reopened(state: TableState, action: Action, out: list[Finding]) -> None:
    """A player who already acted on the street may raise only if a full raise came since."""
    level = state.acted[action.seat]
    if state.limit is _FIXED_LIMIT:
        reopened = state.full_raise_level > level or 2 * (state.current_bet - level) >= (
            state.unit()
        )
    else:
        reopened = state.full_raise_level > level or state.current_bet - level >= state.min_raise
    if not reopened:
        money = state.money()
        out.append(
            money.finding(
                "reopen_violation",
                f"{describe(state, action, money)}: the raise to {money(state.current_bet)} "
                f"since this player acted at {money(level)} was a short all-in and did not "
                "reopen the betting",
                action.line,
            )
        )

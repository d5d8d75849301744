"""Who may act, and whose turn it is: the rules judged before each action's money
(``checks.py`` judges the amounts, ``streets.py`` the streets).

Apart from ``checks.py`` because the turn is where the sites differ most in what their logs
print: a leaver's fold (``streets.fold_leavers``), a fast-fold pool's early folds, and an
advance fold that a client logs when its box is ticked (``SiteRules.advance_fold``).
"""

from __future__ import annotations

from parsers.model import Action, ActionKind, Street
from pipeline.engine import streets
from pipeline.engine.checks import describe
from pipeline.engine.result import Finding, Severity
from pipeline.engine.state import TableState, fold

__all__ = ["check_can_act", "check_turn"]


def check_can_act(state: TableState, action: Action, out: list[Finding]) -> bool:
    """Folded and all-in players make no more decisions. Returns False if either applies."""
    seat = action.seat
    if seat in state.folded:
        money = state.money()
        out.append(
            money.finding(
                "acted_after_fold", f"{describe(state, action, money)} after folding", action.line
            )
        )
        return False
    if state.stack[seat] <= 0 and state.contrib[seat] > 0:
        if action.kind is ActionKind.FOLD:
            # A player all-in on a post who is sitting out gets folded by the site (PokerStars
            # tournaments): odd, and it forfeits the pot, so it is applied and only warned.
            money = state.money()
            out.append(
                money.finding(
                    "acted_after_all_in",
                    f"{describe(state, action, money)} after going all-in: the chips are forfeited",
                    action.line,
                    Severity.WARNING,
                )
            )
            fold(state, seat)
            return False
        if (
            action.kind is ActionKind.CHECK
            and state.rules.forced_all_in_may_check
            and action.street is Street.PREFLOP
            and seat not in state.acted
        ):
            # All in on a forced post, printed checking (Full Tilt's all-in antes): a check
            # moves nothing and decides nothing.
            money = state.money()
            out.append(
                money.finding(
                    "acted_after_all_in",
                    f"{describe(state, action, money)} after going all-in: a check moves nothing",
                    action.line,
                    Severity.WARNING,
                )
            )
            return False
        money = state.money()
        out.append(
            money.finding(
                "acted_after_all_in",
                f"{describe(state, action, money)} after going all-in",
                action.line,
            )
        )
        return False
    if seat in state.protected:  # all-in by disconnect protection, chips behind
        money = state.money()
        said = f"{describe(state, action, money)} after disconnect protection made it all-in"
        out.append(money.finding("acted_after_all_in", said, action.line))
        return False
    return True


def check_turn(state: TableState, action: Action, out: list[Finding]) -> bool:
    """Action goes clockwise from the anchor, skipping players with no decision to make.

    True for an advance fold (``SiteRules.advance_fold``): the fold is the player's, taken
    when his turn comes, so the caller leaves the turn where it was."""
    after = state.last_actor if state.last_actor is not None else state.anchor
    if after is None:  # no button and no blinds: the first actor cannot be judged
        return False
    expected = state.next_to_act(after)
    if expected == action.seat:
        return False
    if expected is not None and state.rules.leaver_after_post_folds:
        expected = streets.fold_leavers(state, after, action.line, out)
        if expected == action.seat:
            return False
    severity = None
    advance = (expected is not None and action.kind is ActionKind.FOLD
               and state.rules.advance_fold and _owes_a_decision(state, action.seat))
    if advance or (state.hand.fast_fold and action.kind is ActionKind.FOLD):
        severity = Severity.WARNING  # fast-fold pools let players fold before their turn
    if expected is None:
        why = "the betting round was already closed"
    else:
        why = f"it was {state.who(expected)}'s turn"
    if advance:
        why += " (an advance fold: taken when the turn comes)"
    money = state.money()
    out.append(
        money.finding(
            "out_of_turn", f"{describe(state, action, money)}: {why}", action.line, severity
        )
    )
    return advance


def _owes_a_decision(state: TableState, seat: int) -> bool:
    """Whether the round will still come to ``seat``: it can bet and is below the bet or
    has not acted on the street."""
    return seat in state.active and (state.commit[seat] < state.current_bet
                                     or seat not in state.acted)

"""The street rules: a betting round closes properly, a skipped street is right, and the
uncalled bet goes back (``check_*`` functions, like ``checks.py``: each rule's wording lives in
exactly one function, and every check appends to ``out``).

They run when the walk leaves a street (and once more at the end of the hand), not per action.
"""

from __future__ import annotations

from parsers.model import Street
from pipeline.engine.codes import finding
from pipeline.engine.result import Finding, Severity
from pipeline.engine.state import STREET_NAMES, TableState, fold


def check_round_closed(
    state: TableState, next_street: Street, line: int, out: list[Finding]
) -> None:
    """Before leaving a street, nobody who can still act may owe a decision."""
    if len(state.folded) >= len(state.order) - 1 or state.next_to_act(None) is None:
        return
    if state.rules.leaver_after_post_folds and (
        next_street is not Street.SHOWDOWN or state.hand.report.collections
    ):
        # (a log that simply stops, with no result, is a truncated log, not a player leaving)
        fold_leavers(state, None, line, out)
        if len(state.folded) >= len(state.order) - 1 or state.next_to_act(None) is None:
            return
    money = state.money()
    names = ", ".join(
        f"{state.who(s)} ({money(state.commit[s])} in against {money(state.current_bet)})"
        for s in state.owing()
    )
    out.append(
        money.finding(
            "round_not_closed",
            f"{state.street_name()} ended before {state.street_name(next_street)} with "
            f"{names} still to act",
            line,
        )
    )


def posted_only(state: TableState) -> set[int]:
    """Seats that post and then do nothing else in the whole hand (no fold, no check, no
    bet): players who left the table after posting."""
    acting = {a.seat for a in state.hand.actions if not a.kind.is_post}
    return {s for s in state.order if s not in acting}


def fold_leavers(state: TableState, after: int | None, line: int, out: list[Finding]) -> int | None:
    """Fold every seat owed a turn after ``after`` that posted and then left (``posted_only``),
    with a warning each (the site folds a player who leaves); returns who is to act then."""
    gone = posted_only(state)
    expected = state.next_to_act(after)
    while expected is not None and expected in gone and expected not in state.folded:
        out.append(
            finding(
                "out_of_turn",
                f"{state.who(expected)} posted and then never acted: the player left the "
                f"table and is folded",
                line,
                Severity.WARNING,
            )
        )
        fold(state, expected)
        expected = state.next_to_act(after)
    return expected


def check_skipped_street(state: TableState, street: Street, line: int, out: list[Finding]) -> None:
    """A street with no action is only right when fewer than two players can still bet."""
    able = len(state.active)  # (players able to bet are live players)
    if able >= 2:
        out.append(
            finding(
                "round_not_closed",
                f"no betting on {state.street_name(street)} although "
                f"{able} players could still act",
                line,
            )
        )


def check_uncalled(
    state: TableState, line: int, out: list[Finding]
) -> tuple[int, int, int, str, int] | None:
    """The excess of the largest street bet over the second largest goes back to its owner.

    Returns a return that was due but not logged (seat, due, bet, street, line) for the walk
    to judge once the site's totals are known (see ``report_missing_return``).
    """
    returned = state.returned
    # Each seat's street bet before any return: the bets as they stand when nothing came back.
    bets = (
        {s: c + returned.get(s, 0) for s, c in state.commit.items()} if returned else state.commit
    )
    best_seat, best, second = None, 0, 0
    for s, c in bets.items():
        if c > best:
            best_seat, best, second = s, c, best
        elif c > second:
            second = c
    due = best - second
    street = STREET_NAMES[state.street]
    for s, chips in returned.items():
        if s != best_seat or chips != due:
            money = state.money()
            head = f"uncalled bet of {money(chips)} returned to {state.who(s)} on {street}"
            if s != best_seat:
                why = (
                    f"it was not the largest bet (largest: {state.who(best_seat)})"
                    if (best_seat is not None)
                    else "there was no bet"
                )
            else:
                why = f"the uncalled amount is {money(due)}"
            out.append(money.finding("uncalled_bet_wrong", f"{head}: {why}", line))
    for s, chips in state.returned_dead.items():
        # The unmatched part of a dead post (everyone all-in on the antes, no blind, no bet)
        # goes back like an uncalled bet: what is left must be what the next player put in.
        others = max((c for o, c in state.contrib.items() if o != s), default=0)
        # With a bet on the street, the dead part rides on a live return of the whole
        # unmatched bet (a short all-in's unmatched ante, see ``state._live_part``).
        with_bet = best > 0 and not (s == best_seat and returned.get(s) == due)
        if with_bet or state.contrib[s] != others:
            money = state.money()
            back = chips + returned.get(s, 0)
            head = f"uncalled bet of {money(back)} returned to {state.who(s)} on {street}"
            why = (
                f"{money(chips)} more than the bet of "
                f"{money(state.commit[s] + returned.get(s, 0))} it made"
                if with_bet
                else f"that leaves {money(state.contrib[s])} in against at most "
                f"{money(others)} from the others"
            )
            out.append(money.finding("uncalled_bet_wrong", f"{head}: {why}", line))
    if due > 0 and best_seat not in returned:
        return (best_seat, due, best, street, line)
    return None


def report_missing_return(
    state: TableState, missing: tuple[int, int, int, str, int], how: str, out: list[Finding]
) -> None:
    """A due return the log never printed: an error, unless the site's totals show the chips
    went back to their owner anyway.

    ``how`` is what the site's totals say: ``"returned"`` (older PokerStars logs and some rebuy
    tournaments omit the "Uncalled bet returned" line but print totals without the uncalled
    chips: the return is applied), ``"kept"`` (Ignition walks: the unmatched chips stay in the
    printed total and the owner collects them with the pot; the money went back all the same),
    or ``"missing"``.
    """
    seat, due, best, street, line = missing
    money = state.money()
    head = f"{state.who(seat)} bet {money(best)} on {street}, {money(due)} more than anyone matched"
    if how == "returned":
        # The rule held (the chips went back); only the log line is missing: a note.
        out.append(
            money.finding(
                "uncalled_bet_wrong",
                f"{head}: the log prints no return but the site's total pot shows {money(due)} "
                "was given back",
                line,
                Severity.INFO,
            )
        )
        return
    if how == "kept":
        out.append(
            money.finding(
                "uncalled_bet_wrong",
                f"{head}: the site left the {money(due)} in the pot and paid it back to its owner "
                "with the pot",
                line,
                Severity.INFO,
            )
        )
        return
    out.append(
        money.finding(
            "uncalled_bet_wrong",
            f"{head}, but no uncalled bet was returned",
            line,
        )
    )

"""The nominal big blind of an iPoker tournament hand whose big blind is posted all-in short.

iPoker's tournament exports print no stakes: the blinds are read from the posts. When the big
blind's player has less than the blind, his post is short (``type="2" sum="30"`` at 25/50) and
the post no longer says the level. The rules still oblige every other player to the full big
blind, and iPoker prints the call that way: the first limper "calls 50" against the short 30,
and the site returns his excess silently (the export's ``win`` shows it). Read with the short
post as the level, that call looks like a wrong amount and the small blind's completion like a
call of nothing.

The level shows in the betting: the first preflop call made from nothing (a limp, before any
bet or raise) that is not itself all-in is a call of the full big blind. It is taken as the
level only where it fits the blind structure: above the short post and at most twice the
small blind (when one is posted live). Nothing is inferred otherwise (the short post stays the
level, as before): a raise's size, for one, says nothing certain about the blind.
"""

from __future__ import annotations

from parsers.model import Action, ActionKind, Street

__all__ = ["full_big_blind"]


def full_big_blind(actions: list[Action], big_blind: int, small_blind: int) -> int:
    """The big blind's level: ``big_blind`` (the post) unless that post is all-in short and a
    limp shows the full blind (see the module's docstring)."""
    short = next((a for a in actions if a.street is Street.PREFLOP
                  and a.kind is ActionKind.POST_BIG_BLIND), None)
    if short is None or not short.all_in or short.amount != big_blind:
        return big_blind
    sb_live = next((a for a in actions if a.street is Street.PREFLOP
                    and a.kind is ActionKind.POST_SMALL_BLIND and not a.all_in), None)
    for a in actions:
        if a.street is not Street.PREFLOP:
            break
        if a.kind in (ActionKind.BET, ActionKind.RAISE):
            return big_blind
        if a.kind is ActionKind.CALL and a.amount == a.to:
            if a.all_in or a.to <= big_blind:
                return big_blind
            if sb_live is not None and a.to > 2 * small_blind:
                return big_blind
            return a.to
    return big_blind

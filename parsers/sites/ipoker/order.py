"""A fold numbered before the bet it answers, in histories converted into iPoker's XML.

Converters that write other sites' hands (Ignition's fast-fold Zone tables, DriveHud's
"P1_873286XT" exports) as iPoker XML number a player's check and his fold to the bet that
follows it one after the other::

    <action no="14" player="ann" type="4" .../>   ann checks
    <action no="15" player="ann" type="0" .../>   ann folds      (to bob's bet, below)
    <action no="16" player="bob" type="5" .../>   bob bets

A player never folds right after his own check with nothing to face (the site's own exports
never print it): the fold answers the bet or raise that follows, and is put after it. Read in
the printed order, the hand was two out-of-turn errors and a bet after the round closed.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

__all__ = ["answer_folds"]

_CHECK, _FOLD = "4", "0"
#: bet, raise to, raise by, all-in: what a fold can answer
_AGGRESSION = frozenset({"5", "23", "6", "7"})


def answer_folds(raw: list[tuple[int, int, ET.Element]]) -> None:
    """Move, in place, each fold that directly follows its player's own check in the same
    round to just after the bet or raise by another player that comes next."""
    k = 0
    while k + 2 < len(raw):
        (r0, _, check), (r1, n1, fold), (r2, n2, bet) = raw[k], raw[k + 1], raw[k + 2]
        who = check.get("player")
        if (r0 == r1 == r2 and check.get("type") == _CHECK and fold.get("type") == _FOLD
                and fold.get("player") == who and bet.get("player") != who
                and bet.get("type") in _AGGRESSION):
            raw[k + 1], raw[k + 2] = (r2, n2, bet), (r1, n1, fold)
            k += 2
        else:
            k += 1

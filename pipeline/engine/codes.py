"""The catalogue of finding codes: one stable code, one default severity, one line of meaning.

Codes are an interface: users filter on them, audits count them, the CLI lists them. Adding a
code is fine; renaming one is a breaking change. Each rule's *message* is written where the rule
is checked (``checks.py``, ``reconcile.py``); this module only says what the code means.

Severity policy: ERROR for a broken rule or a money disagreement, WARNING for something real sites
do that is odd but moves no money (or where the site's own rule may legitimately differ), INFO for
"could not verify".
"""

from __future__ import annotations

from dataclasses import dataclass

from pipeline.engine.result import Finding, Severity

ERR, WARN, INFO = Severity.ERROR, Severity.WARNING, Severity.INFO


@dataclass(frozen=True, slots=True)
class Code:
    code: str
    severity: Severity
    description: str


_CATALOGUE: tuple[Code, ...] = (
    # hand setup
    Code("unknown_seat", ERR, "an action names a seat that is not at the table"),
    Code("duplicate_seat", ERR, "two seats share a seat number"),
    Code("negative_amount", ERR, "an action's amount is negative (a broken log or parser)"),
    Code(
        "game_not_replayed",
        INFO,
        "the variant is not hold'em: betting is checked, showdowns are not",
    ),
    # posts
    Code("post_wrong_seat", WARN, "a blind is posted by a seat that is not in that position"),
    Code("post_wrong_amount", ERR, "a post differs from the stakes and is not a short all-in"),
    Code("post_after_action", WARN, "a post appears after voluntary betting has started"),
    # turn order
    Code("out_of_turn", ERR, "a player acts when it is not their turn or after the round closed"),
    Code("acted_after_fold", ERR, "a player acts after folding"),
    Code("acted_after_all_in", ERR, "a player acts after being all-in"),
    # legality
    Code("illegal_check", ERR, "a check while facing a bet"),
    Code("wrong_call_amount", ERR, "a call for other than the amount owed (or the stack, all-in)"),
    Code("bet_too_small", ERR, "a bet below the minimum (big blind / small bet) and not all-in"),
    Code("raise_too_small", ERR, "a raise below the last full raise increment and not all-in"),
    Code("reopen_violation", ERR, "a raise by a player the betting was not reopened to"),
    Code("pot_limit_exceeded", ERR, "a pot-limit bet or raise above the size of the pot"),
    Code("fixed_limit_wrong_size", ERR, "a fixed-limit bet or raise that is not one bet unit"),
    Code("fixed_limit_cap", ERR, "a fixed-limit raise beyond the cap (warning when heads-up)"),
    Code("bet_exceeds_stack", ERR, "chips put in beyond the player's remaining stack"),
    Code(
        "bet_when_facing_bet", WARN, "a BET while a bet is already open: the site should say raise"
    ),
    Code("raise_without_bet", WARN, "a RAISE with no bet to raise: the site should say bet"),
    Code("raise_to_mismatch", ERR, "a raise's chips added and raise-to total disagree"),
    # streets and cards
    Code("round_not_closed", ERR, "a street ended with bets unmatched or players yet to act"),
    Code("wrong_board_size", ERR, "a board has the wrong number of cards for where the hand ended"),
    Code("duplicate_card", ERR, "the same card is seen twice in the hand"),
    Code("invalid_card", WARN, "a card that cannot be read (left out of the showdown)"),
    # money
    Code("uncalled_bet_wrong", ERR, "an uncalled bet returned wrongly, or not returned when due"),
    Code("total_pot_mismatch", ERR, "the printed total pot differs from the recomputed one"),
    Code("side_pot_mismatch", ERR, "a printed main/side pot differs from the recomputed one"),
    Code(
        "rake_mismatch", ERR, "the printed rake and fees cannot be right (negative, above the pot)"
    ),
    Code("pot_not_distributed", ERR, "collected + rake + fees differs from the total pot"),
    Code("collected_mismatch", ERR, "a player's collected amount differs from the engine's payout"),
    Code(
        "no_collections",
        WARN,
        "the site printed no winner for a pot (a truncated log); info for formats without results",
    ),
    Code("chip_conservation", ERR, "the sum of nets plus rake and fees is not zero"),
    Code("payout_unverified", INFO, "a pot's winner cannot be checked: cards not shown"),
    Code("cash_out", INFO, "a player cashed out: the site paid the cash-out instead of the pot"),
    Code("ignored_line", INFO, "a line naming no seated player and moving no chips, read past"),
)

CODES: dict[str, Code] = {c.code: c for c in _CATALOGUE}


def catalogue() -> tuple[Code, ...]:
    """Every code in a stable order, for ``sidepot codes`` and audits."""
    return _CATALOGUE


def finding(
    code: str,
    message: str,
    line: int = 0,
    severity: Severity | None = None,
    amounts: tuple[int, ...] = (),
) -> Finding:
    """Make a Finding with the catalogue's severity unless the rule says otherwise (a message
    that names amounts is made by ``pipeline.engine.amounts.Amounts.finding``)."""
    return Finding(code, severity or CODES[code].severity, message, line, amounts)

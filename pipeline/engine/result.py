"""What a replay returns: recomputed pots and payouts, and every finding.

These value objects are the contract between the engine and the store/CLI.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from parsers.model import Stakes


class Severity(enum.Enum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


@dataclass(frozen=True, slots=True)
class Finding:
    """One broken rule or one disagreement with the site.

    ``code`` is stable (tests, audits and users filter on it); ``message`` names the action and
    the amounts involved, in the hand's units (``$20.00``, ``2000`` chips:
    :mod:`pipeline.engine.amounts`); ``line`` is the line in the hand's text (0 when not tied
    to a line); ``amounts`` are the amounts the message names, in minor units and in its order.
    """

    code: str
    severity: Severity
    message: str
    line: int = 0
    amounts: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Pot:
    """A main or side pot recomputed from contributions.

    ``eligible`` are the seats that can win it (reached its level and did not fold);
    ``winners`` the seats the engine awarded it to (per board for run-it-twice, merged here);
    ``amount`` includes dead money from folded players at that level.
    """

    index: int
    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class SeatResult:
    """Per seat money flow: invested excludes uncalled chips returned; net = won - invested."""

    seat: int
    invested: int
    won: int
    net: int
    went_to_showdown: bool
    final_stack: int


@dataclass(frozen=True, slots=True)
class Replay:
    """The engine's account of a hand.

    ``payouts_verified`` is False when the winners could not be determined from the log
    (mucked cards), in which case the site's collections are taken as the payout and an info
    finding says what could not be checked.
    """

    pots: tuple[Pot, ...]
    seats: tuple[SeatResult, ...]
    total_pot: int
    findings: tuple[Finding, ...]
    payouts_verified: bool = True
    #: The stakes the hand was judged at where they are not its header's: the blinds posted
    #: under a stale header (``cascade.py``). The store keeps these; None: the header's.
    stakes: Stakes | None = None

    @property
    def has_errors(self) -> bool:
        return any(f.severity is Severity.ERROR for f in self.findings)

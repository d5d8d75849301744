"""Money in people's units: how a finding's message names an amount, and the amounts it keeps.

A finding's message names amounts the way the hand's players read them: a cash game in its
currency (``$20.00``, ``€1.50``, ``£0.05``; another code after the number, ``1.50 CAD``),
tournament chips and play money as plain counts (``2000``, or ``20.00`` where the hand counts
chips in hundredths). The finding keeps the same amounts, in minor units and in the order its
message names them (``Finding.amounts``), so nothing has to be read back out of the text.

No thousands separators: messages list amounts with ", " (``the site printed 2 pots (1400,
200)``), and a separator would make such a list ambiguous.

The native core renders with ``sidepot-core``'s ``money.rs``, written to the same rules; both
run the table ``tests/native/money_text.tsv`` so they cannot drift apart.
"""

from __future__ import annotations

from parsers.model import Hand
from pipeline.engine.codes import finding
from pipeline.engine.result import Finding, Severity

__all__ = ["PLAIN", "SYMBOLS", "Amounts", "amount_text"]

#: Currencies written with their symbol in front (the inverse of the parsers' symbol table,
#: ``parsers.sites._kit.tables.CURRENCY_SYMBOLS``; a test keeps them equal).
SYMBOLS: dict[str, str] = {"USD": "$", "EUR": "€", "GBP": "£"}
#: Units that are counted, not money: tournament chips and play money (``parsers.model``).
PLAIN: frozenset[str] = frozenset({"CHIPS", "PLAY", ""})


def amount_text(amount: int, currency: str, decimals: int) -> str:
    """``amount`` minor units as the hand's players read it: ``-$0.50``, ``2000``, ``1.50 CAD``.

    ``decimals`` digits after the point (none when 0); the sign before the symbol.
    """
    digits = str(abs(amount))
    if decimals > 0:
        digits = digits.rjust(decimals + 1, "0")
        digits = f"{digits[:-decimals]}.{digits[-decimals:]}"
    sign = "-" if amount < 0 else ""
    symbol = SYMBOLS.get(currency)
    if symbol is not None:
        return f"{sign}{symbol}{digits}"
    if currency in PLAIN:
        return f"{sign}{digits}"
    return f"{sign}{digits} {currency}"


class Amounts:
    """The amounts one message names: each call renders one (:func:`amount_text`) and keeps
    it, so the finding's ``amounts`` are the message's, in its order, by construction.

    One per message: ``money = state.money()``, then ``money(x)`` inside the f-string and
    ``money.finding(code, message, line)`` to make the finding.
    """

    __slots__ = ("currency", "decimals", "named")

    def __init__(self, currency: str, decimals: int) -> None:
        self.currency = currency
        self.decimals = decimals
        self.named: list[int] = []

    @classmethod
    def of(cls, hand: Hand) -> Amounts:
        """A fresh recorder in ``hand``'s currency and minor unit."""
        return cls(hand.currency, hand.decimals)

    def __call__(self, amount: int) -> str:
        self.named.append(amount)
        return amount_text(amount, self.currency, self.decimals)

    def finding(
        self, code: str, message: str, line: int = 0, severity: Severity | None = None
    ) -> Finding:
        """A finding whose ``amounts`` are the ones this message named."""
        return finding(code, message, line, severity, tuple(self.named))

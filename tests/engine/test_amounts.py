"""Money in people's units (pipeline/engine/amounts.py): the shared table both cores run, the
recorder that keeps a finding's amounts in its message's order, and findings in each unit."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from parsers.sites._kit.tables import CURRENCY_SYMBOLS
from pipeline.engine import replay
from pipeline.engine.amounts import PLAIN, SYMBOLS, Amounts, amount_text
from tests.support.replaykit import table

#: The table sidepot-core's money.rs runs too (cargo test), so the two cannot drift apart.
TABLE = Path(__file__).parents[1] / "native" / "money_text.tsv"


def _rows() -> list[tuple[int, str, int, str]]:
    rows = []
    for line in TABLE.read_text("utf-8").splitlines():
        if line.startswith("#") or not line.strip():
            continue
        amount, currency, decimals, text = line.split("\t")
        rows.append((int(amount), currency, int(decimals), text))
    return rows


@pytest.mark.parametrize(("amount", "currency", "decimals", "text"), _rows())
def test_the_shared_table(amount: int, currency: str, decimals: int, text: str) -> None:
    assert amount_text(amount, currency, decimals) == text


def test_the_table_covers_every_kind_of_unit() -> None:
    rows = _rows()
    currencies = {c for _, c, _, _ in rows}
    assert set(SYMBOLS) | PLAIN <= currencies
    assert currencies - set(SYMBOLS) - PLAIN  # a code written after the number
    assert any(a < 0 for a, *_ in rows) and {0, 1, 2} <= {d for _, _, d, _ in rows}


def test_symbols_are_the_parsers_symbols() -> None:
    assert {code: symbol for symbol, code in CURRENCY_SYMBOLS.items()} == SYMBOLS


def test_the_recorder_keeps_what_it_named_in_order() -> None:
    money = Amounts("GBP", 2)
    message = f"{money(150)} then {money(-5)} then {money(150)}"
    f = money.finding("illegal_check", message, 4)
    assert (f.message, f.amounts, f.line) == ("£1.50 then -£0.05 then £1.50", (150, -5, 150), 4)


def _illegal_check(**unit: object):  # noqa: ANN202 - a Finding
    hand = table(3).post_sb(2, 50).post_bb(3, 100).check(1).build()
    found = replay(replace(hand, **unit)).findings
    return next(f for f in found if f.code == "illegal_check")


def test_a_cash_finding_names_dollars_and_keeps_minor_units() -> None:
    f = _illegal_check()
    assert f.message == "seat 1 (AAA) checks on preflop facing a bet of $1.00 ($1.00 to call)"
    assert f.amounts == (100, 100)
    _named_in_order(f, "USD", 2)


@pytest.mark.parametrize(
    ("unit", "text"),
    [
        ({"currency": "EUR", "decimals": 2}, "€1.00"),
        ({"currency": "CHIPS", "decimals": 0, "is_tournament": True}, "100"),
        ({"currency": "PLAY", "decimals": 0}, "100"),
    ],
)
def test_a_finding_names_the_hands_unit(unit: dict, text: str) -> None:
    f = _illegal_check(**unit)
    assert f"facing a bet of {text} " in f.message
    assert "$" not in f.message
    _named_in_order(f, str(unit["currency"]), int(unit["decimals"]))  # type: ignore[call-overload]


def _named_in_order(f, currency: str, decimals: int) -> None:  # noqa: ANN001 - a Finding
    """Every amount the finding keeps is written in its message, in the same order."""
    at = 0
    for a in f.amounts:
        text = amount_text(a, currency, decimals)
        found = f.message.find(text, at)
        assert found >= 0, (f.message, f.amounts, text)
        at = found + len(text)

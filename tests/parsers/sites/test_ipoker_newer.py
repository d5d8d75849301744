"""iPoker's 2021-on clients (versions 21-23): hand-written sessions in their layout.

What they changed: dates as DD.MM.YYYY, amounts with the currency after them and a decimal
comma on the French skins ("0,02€"), the French limit code "SL" (sans limite), the blinds
repeated as <smallblind>/<bigblind> tags, spaces as thousands separators, and tournament tables
named "Hyper Turbo (500 Chips) (#16727999)" with no <tournamentcode>.
"""

from pathlib import Path

import pytest

from parsers.errors import UnsupportedGame
from parsers.model import TOURNAMENT_CHIPS, LimitType
from parsers.read import split_file
from parsers.sites.ipoker.reader import _game_of, _money
from pipeline.engine import replay
from pipeline.engine.result import Severity

FIXTURES = Path(__file__).parent / "fixtures" / "ipoker"


def only_hand(name: str, data: bytes | None = None):
    split = split_file(data if data is not None else (FIXTURES / name).read_bytes())
    assert split.format.name == "ipoker"
    (outcome,) = list(split.hands(name))
    assert outcome.hand is not None, outcome.error
    return outcome.hand


def no_errors(hand) -> bool:
    return not [f for f in replay(hand).findings if f.severity is Severity.ERROR]


def test_french_skin_cash_hand_of_a_newer_client():
    h = only_hand("newer_cash_fr.xml")
    assert (h.hand_id, h.currency, h.limit, h.max_seats) == (
        "11900000001", "EUR", LimitType.NO_LIMIT, 6)
    assert (h.stakes.small_blind, h.stakes.big_blind) == (2, 5)
    assert (h.started_at.year, h.started_at.month, h.started_at.day) == (2023, 3, 14)
    # uncalled_bet_enabled: the win of 0,30€ leaves the returned 0,20€ out already
    assert [(c.seat, c.amount) for c in h.report.collections] == [(1, 30)]
    assert no_errors(h)


def test_blinds_come_from_the_tags_when_the_gametype_prints_none():
    text = (FIXTURES / "newer_cash_fr.xml").read_text("utf-8")
    text = text.replace("Holdem SL 0,02€/0,05€", "Holdem SL")
    h = only_hand("tags.xml", text.encode())
    assert (h.stakes.small_blind, h.stakes.big_blind) == (2, 5)


def test_tournament_number_from_the_table_name_and_spaced_thousands():
    h = only_hand("newer_tourney.xml")
    assert (h.currency, h.is_tournament, h.tournament_id) == (TOURNAMENT_CHIPS, True, "16727999")
    assert {s.seat: s.stack for s in h.seats} == {1: 1020, 2: 500, 3: 480}
    assert no_errors(h)
    assert {s.seat: s.net for s in replay(h).seats} == {1: -40, 2: 0, 3: 40}


@pytest.mark.parametrize(("gametype", "limit"), [
    ("Holdem SL €0.01/€0.02", LimitType.NO_LIMIT),
    ("Holdem БЛ 1/2", LimitType.NO_LIMIT),
    ("Holdem LZ €1/€2", LimitType.NO_LIMIT),
    ("Holdem LP €1/€2", LimitType.POT_LIMIT),
    ("Holdem L $1/$2", LimitType.FIXED_LIMIT),
])
def test_limit_codes_in_each_language(gametype, limit):
    assert _game_of(gametype)[1] is limit


def test_a_buy_in_with_a_six_before_the_plus_is_not_short_deck():
    assert _game_of("Holdem NL $7.36+$0.64")[1] is LimitType.NO_LIMIT
    with pytest.raises(UnsupportedGame):
        _game_of("6+ Holdem NL €0.25/€0.50")


def test_amounts_in_the_newer_spellings():
    assert _money("1 500", 0) == 1500
    assert _money("12 000,50€", 2) == 1200050
    assert _money("0,02€", 2) == 2
    assert _money("1,790kr", 2) == 179000

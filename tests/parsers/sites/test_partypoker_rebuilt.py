"""PartyPoker's rebuilt client (2019 on): hand-written hands in its layout (fixtures/partypoker/).

What differs from the 2009-2016 client: the hand id mixes digits and letters, the game line
prints bare blinds ("0.10/0.25 Texas Holdem Game Table (NL)") with the currency only on the
stacks, no "wins" line is printed (the summary's balance lines carry "collected", which holds
the winner's own unmatched chips), side pots are announced as "Creating Side Pot 1", and an
all-in player may take the site's cash-out ("Cashout Amount is 15.10", then "Cashed out
balance" in the summary).
"""

from pathlib import Path

from parsers.model import TOURNAMENT_CHIPS, ActionKind
from parsers.read import split_file
from pipeline.engine import replay
from pipeline.engine.result import Severity

FIXTURES = Path(__file__).parent / "fixtures" / "partypoker"


def hands(name: str):
    split = split_file((FIXTURES / name).read_bytes())
    assert split.format.name == "partypoker"
    out = list(split.hands(name))
    assert all(o.hand is not None for o in out), [o.error for o in out]
    return [o.hand for o in out]


def errors(hand) -> list[str]:
    return [f.code for f in replay(hand).findings if f.severity is Severity.ERROR]


def test_cash_hand_of_the_rebuilt_client_reads_collections_from_the_balance_lines():
    h = hands("rebuilt_cash.txt")[0]
    assert (h.hand_id, h.currency, h.table_name, h.button_seat, h.max_seats) == (
        "1642283000123kq7zxw2mbd", "USD", "7400123", 1, 6)
    assert (h.stakes.small_blind, h.stakes.big_blind) == (10, 25)
    # "raises 1.75 to 2.00" from the big blind: 1.75 added, 2.00 the raise-to
    raise_ = [a for a in h.actions if a.kind is ActionKind.RAISE][1]
    assert (raise_.seat, raise_.amount, raise_.to) == (3, 175, 200)
    # Alice's 6.00 nobody matched is returned, and taken out of her "collected $15.60"
    assert [(a.seat, a.amount) for a in h.actions if a.kind is ActionKind.UNCALLED_RETURN] == [
        (1, 600)]
    assert [(c.seat, c.amount) for c in h.report.collections] == [(1, 960)]
    assert h.report.rake == 50
    r = replay(h)
    assert errors(h) == []
    assert {s.seat: s.net for s in r.seats} == {1: 460, 2: -10, 3: -500}


def test_cash_out_is_paid_by_the_site_not_from_the_pot():
    h = hands("rebuilt_cash.txt")[1]
    assert [(c.seat, c.amount) for c in h.report.collections] == [(1, 1900)]
    assert [(c.seat, c.amount) for c in h.report.cash_outs] == [(2, 1510)]
    # the summary shows both hands: the winner's payout can be verified
    assert {s.seat: s.hole_cards for s in h.seats} == {1: ("Kc", "Kd"), 2: ("Ac", "Ad")}
    codes = [f.code for f in replay(h).findings]
    assert errors(h) == [] and "cash_out" in codes


def test_tournament_hand_side_pot_and_table_number():
    h = hands("rebuilt_tournament.txt")[0]
    assert (h.hand_id, h.currency, h.tournament_id, h.table_name) == (
        "1642283555789ab12cd34ef", TOURNAMENT_CHIPS, "305000001", "305000001 Table #7")
    assert (h.stakes.small_blind, h.stakes.big_blind, h.stakes.ante) == (150, 300, 25)
    assert sorted((c.seat, c.amount) for c in h.report.collections) == [(3, 2400), (5, 2400)]
    r = replay(h)
    assert errors(h) == []
    assert {s.seat: s.net for s in r.seats} == {1: -2000, 3: 400, 5: 1600}


def test_a_euro_table_takes_its_currency_from_the_stacks():
    text = (FIXTURES / "rebuilt_cash.txt").read_text().split("\n\n\n")[0].replace("$", "€")
    split = split_file(text.encode())
    h = next(iter(split.hands("eur.txt"))).hand
    assert h.currency == "EUR" and [(c.seat, c.amount) for c in h.report.collections] == [(1, 960)]


def test_brand_after_the_header_still_starts_a_hand():
    text = (FIXTURES / "rebuilt_cash.txt").read_text()
    text = text.replace("kq7zxw2mbd *****", "kq7zxw2mbd ***** (Party)")
    got = [o.hand.hand_id for o in split_file(text.encode()).hands("x.txt")]
    assert got == ["1642283000123kq7zxw2mbd", "1642283111456pz3hy8ncul"]


def test_no_small_blind_notice_is_read_past_and_the_hand_has_no_small_blind():
    text = (FIXTURES / "rebuilt_cash.txt").read_text().split("\n\n\n")[0]
    text = text.replace("Bob posts small blind (0.10)\n", "There is no Small Blind in this hand "
                        "as the Big Blind of the previous hand left the table\n")
    text = text.replace("Main Pot: $9.60", "Main Pot: $9.50").replace("$15.60", "$15.50")
    text = text.replace("Bob balance $9.90, lost $0.10 (folded)",
                        "Bob balance $10, didn't bet (folded)")
    h = next(iter(split_file(text.encode()).hands("x"))).hand
    assert not [a for a in h.actions if a.kind is ActionKind.POST_SMALL_BLIND]
    assert [(c.seat, c.amount) for c in h.report.collections] == [(1, 950)]
    assert errors(h) == []


def test_an_all_in_printed_one_chip_short_of_the_stack_is_the_stack():
    # The site keeps fractions of a chip: Player3's 1501 behind (1526 less the 25 ante) prints
    # as "raises 1350 to 1500" then "is all-In."; the callers' "calls" print the same rounded
    # level. Read as printed, Player3 keeps one chip and the pot is 3 short of the site's 4578.
    h = hands("rebuilt_rounded_all_in.txt")[0]
    shove = next(a for a in h.actions if a.seat == 3 and a.kind is ActionKind.RAISE)
    assert (shove.amount, shove.to, shove.all_in) == (1351, 1501, True)
    calls = [(a.seat, a.amount, a.to) for a in h.actions if a.kind is ActionKind.CALL]
    assert calls == [(5, 1201, 1501), (1, 901, 1501)]
    r = replay(h)
    assert errors(h) == []
    assert {s.seat: s.net for s in r.seats} == {1: -1526, 3: 3052, 5: -1526}


def test_an_all_in_two_chips_short_is_not_rounding_and_stays_as_printed():
    text = (FIXTURES / "rebuilt_rounded_all_in.txt").read_text()
    text = text.replace("Seat 3: Player3 (1526)", "Seat 3: Player3 (1527)")
    h = next(iter(split_file(text.encode()).hands("short.txt"))).hand
    shove = next(a for a in h.actions if a.seat == 3 and a.kind is ActionKind.RAISE)
    assert (shove.to, shove.all_in) == (1500, False)
    assert [a.to for a in h.actions if a.kind is ActionKind.CALL] == [1500, 1500]
    assert errors(h)  # two chips are no rounding: the engine reports the gap


def test_only_a_line_that_says_all_in_is_rounded():
    text = (FIXTURES / "rebuilt_rounded_all_in.txt").read_text().replace(
        "Player3 is all-In.\n", "")
    h = next(iter(split_file(text.encode()).hands("no_all_in.txt"))).hand
    shove = next(a for a in h.actions if a.seat == 3 and a.kind is ActionKind.RAISE)
    assert (shove.to, shove.all_in) == (1500, False)

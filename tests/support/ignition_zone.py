"""One Bovada Zone Poker cash hand in the site's own layout, shared by the parser's tests and
the anonymous-seat tests: seat labels for names ("Dealer", "UTG"...), the hero marked [ME], a
player leaving and one sitting down mid-hand, rake in the summary."""

from __future__ import annotations

ZONE_TEMPLATE = """\
Bovada Hand #{number}  Zone Poker ID#1366 HOLDEMZonePoker No Limit - 2019-04-06 03:44:{second:02d}
Seat 1: Big Blind [ME] ($25 in chips)
Seat 2: UTG ($18.98 in chips)
Seat 3: Dealer ($28.82 in chips)
Seat 4: Small Blind ($14.33 in chips)
Dealer : Set dealer [3]
Small Blind : Small Blind $0.10
Big Blind  [ME] : Big blind $0.25
*** HOLE CARDS ***
Big Blind  [ME] : Card dealt to a spot [Kh 9s]
UTG : Card dealt to a spot [Jh 3d]
Dealer : Card dealt to a spot [Ah Jd]
Small Blind : Card dealt to a spot [7s 6s]
UTG : Folds
UTG : Leave(Auto)
Dealer : Raises $0.75 to $0.75
Small Blind : Calls $0.65
Big Blind  [ME] : Folds
*** FLOP *** [Js 7c 2h]
Small Blind : Checks
Dealer : Bets $1.25
Small Blind : Folds
Dealer : Return uncalled portion of bet $1.25
Dealer : Does not show [Ah Jd] (One pair)
Dealer : Hand result $1.67
Enter(Auto)
*** SUMMARY ***
Total Pot($1.75) | Rake ($0.08)
Board [Js 7c 2h]
Seat+1: Big Blind Folded before the FLOP
Seat+2: UTG Folded before the FLOP
Seat+3: Dealer $1.67 [Does not show]
Seat+4: Small Blind Folded on the FLOP
"""


def zone_hand(number: int = 4000000001, second: int = 15) -> str:
    """The hand under another hand number and start second (the seats and cards stay)."""
    return ZONE_TEMPLATE.format(number=number, second=second)

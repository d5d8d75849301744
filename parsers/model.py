"""The normalized event model: the contract every layer of sidepot shares.

Every site parser produces a :class:`Hand`; the rules engine replays it; the store flattens it.
Nothing here knows about any site's text.

Money is exact. Every amount is an ``int`` in the hand's *minor unit*: ``10 ** -hand.decimals``
of the hand's currency (cents for a dollar cash game, whole chips for a tournament). A parser
that meets an amount it cannot represent exactly raises ``ParseError`` rather than rounding.

Cards are two-character strings, rank then suit (``"Ah"``, ``"Td"``), normalized by
``parsers.cards``. Plain strings keep the hot path fast and the store trivial; ``parsers.cards``
owns their validation and their rank/suit helpers.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from datetime import datetime


class Game(enum.Enum):
    """The poker variant; only hold'em is replayed, the rest are recognised to be rejected."""

    HOLDEM = "holdem"
    OMAHA = "omaha"
    OMAHA_HI_LO = "omaha_hi_lo"
    STUD = "stud"
    RAZZ = "razz"
    DRAW = "draw"
    OTHER = "other"


class LimitType(enum.Enum):
    NO_LIMIT = "NL"
    POT_LIMIT = "PL"
    FIXED_LIMIT = "FL"


class Street(enum.IntEnum):
    """Betting rounds in order; SHOWDOWN holds the shows and mucks after the river."""

    PREFLOP = 0
    FLOP = 1
    TURN = 2
    RIVER = 3
    SHOWDOWN = 4


class ActionKind(enum.Enum):
    """Everything a player (or the dealer, for returns) does to chips or cards, in log order.

    Posts are split by what they do to the betting round: a *live* post (small blind, big blind,
    straddle, a new player's post) counts toward the player's bet on the street, a *dead* post
    (ante, dead small blind) goes straight into the pot. PokerStars' "posts small & big blinds"
    is therefore two actions: POST_BIG_BLIND (live) and POST_DEAD (the small blind part).

    PROTECTED is disconnect (all-in) protection: a player who lost his connection is treated
    as all-in for the chips he has in, with chips left behind. He makes no more decisions and
    contests only the pots he has matched; his stack stays his. It adds nothing (amount 0).
    """

    POST_ANTE = "post_ante"
    POST_SMALL_BLIND = "post_sb"
    POST_BIG_BLIND = "post_bb"
    POST_STRADDLE = "post_straddle"
    POST_DEAD = "post_dead"
    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    UNCALLED_RETURN = "uncalled_return"
    PROTECTED = "protected"
    SHOW = "show"
    MUCK = "muck"

    @property
    def is_post(self) -> bool:
        return self in _POSTS

    @property
    def is_live_post(self) -> bool:
        return self in _LIVE_POSTS


_POSTS = frozenset(
    {
        ActionKind.POST_ANTE,
        ActionKind.POST_SMALL_BLIND,
        ActionKind.POST_BIG_BLIND,
        ActionKind.POST_STRADDLE,
        ActionKind.POST_DEAD,
    }
)
_LIVE_POSTS = frozenset(
    {ActionKind.POST_SMALL_BLIND, ActionKind.POST_BIG_BLIND, ActionKind.POST_STRADDLE}
)


@dataclass(frozen=True, slots=True)
class Action:
    """One line of the log that moves chips or shows cards.

    ``amount`` is the chips this action adds to the pot (for UNCALLED_RETURN: the chips given
    back). ``to`` is the player's total bet on the street after the action: the "raise-to" of a
    raise, kept beside ``amount`` because logs print both and either can be checked.
    ``line`` is the 1-based line number inside the hand's text, so findings can point at it.
    ``raise_by`` is the raise increment where the site prints one ("raises $0.75 to $1.25"):
    a third number the engine can hold against the state, None where the site prints none.
    """

    street: Street
    seat: int
    kind: ActionKind
    amount: int = 0
    to: int = 0
    all_in: bool = False
    cards: tuple[str, ...] = ()
    line: int = 0
    raise_by: int | None = None


@dataclass(frozen=True, slots=True)
class Seat:
    """A player dealt into (or sitting at) the table at the start of the hand."""

    seat: int
    player: str
    stack: int
    sitting_out: bool = False
    is_hero: bool = False
    hole_cards: tuple[str, ...] | None = None
    bounty: int | None = None
    #: False when the log never prints this player's stack (PartyPoker's players who join and
    #: post before they are listed): ``stack`` is then only a lower bound (the chips the log
    #: shows them putting in) and no stack rule (bet beyond the stack, all-in) can be judged.
    stack_known: bool = True


@dataclass(frozen=True, slots=True)
class PrintedPot:
    """A pot as the site printed it in the summary: index 0 is the main pot, then side pots."""

    index: int
    amount: int


@dataclass(frozen=True, slots=True)
class Collection:
    """Chips the site says a player collected.

    ``pot_index`` is None when the site did not say which pot (plain "collected X from pot");
    ``board_index`` is the run (0 or 1...) for run-it-twice hands, None otherwise.
    """

    seat: int
    amount: int
    pot_index: int | None = None
    board_index: int | None = None
    line: int = 0


@dataclass(frozen=True, slots=True)
class CashOut:
    """An all-in cash-out or insurance payment the site made instead of the pot."""

    seat: int
    amount: int
    fee: int = 0


@dataclass(frozen=True, slots=True)
class SiteReport:
    """What the site printed about the money, kept apart so the engine can reconcile it.

    ``fees`` holds everything besides rake taken from the pot (jackpot, bingo, fortune, tax...),
    by the site's own name for it.
    """

    total_pot: int | None = None
    rake: int | None = None
    fees: tuple[tuple[str, int], ...] = ()
    pots: tuple[PrintedPot, ...] = ()
    collections: tuple[Collection, ...] = ()
    cash_outs: tuple[CashOut, ...] = ()
    #: Money the site itself put into the pot that no player paid (GGPoker "Cash Drop to Pot"),
    #: by the site's name for it: the printed total pot and the collections include it.
    site_added: tuple[tuple[str, int], ...] = ()
    #: The unit, in minor units, the site rounds its printed total pot and collections to:
    #: 1 (exact) but where the hand is read finer than the site prints its results (Winamax's
    #: half-chip tournaments, read in hundredths, print a collection of 3367.50 as "3368": one
    #: chip, 100). A difference of less than this unit is the site's display rounding.
    printed_unit: int = 1


@dataclass(frozen=True, slots=True)
class IgnoredLine:
    """A line of the hand's text the parser read past: it names no seated player and moves no
    chips into or out of the pot (a tournament notice, a rebuy by someone not in the hand...).
    ``line`` is 1-based in the hand's text; ``text`` is the line, cleaned of control characters
    and cut to a bounded length (it is untrusted). The engine reports each as ``ignored_line``."""

    line: int
    text: str


@dataclass(frozen=True, slots=True)
class Stakes:
    """Blinds and antes in minor units; small/big bet for fixed limit (0 where not used)."""

    small_blind: int
    big_blind: int
    ante: int = 0
    small_bet: int = 0
    big_bet: int = 0


@dataclass(frozen=True, slots=True)
class SourceRef:
    """Where the hand's text came from: file path, byte offset of its first byte, first line."""

    file: str = ""
    offset: int = 0
    line: int = 1


@dataclass(frozen=True, slots=True)
class Hand:
    """One hand of poker as the site recorded it, in site-independent form.

    ``boards`` holds one full board per run: a normal hand has one entry (0 to 5 cards), a
    run-it-twice hand two or three, each repeating the shared cards so that every entry is a
    complete board on its own.
    """

    site: str
    hand_id: str
    game: Game
    limit: LimitType
    currency: str
    decimals: int
    stakes: Stakes
    seats: tuple[Seat, ...]
    actions: tuple[Action, ...]
    button_seat: int | None
    boards: tuple[tuple[str, ...], ...] = ((),)
    report: SiteReport = field(default_factory=SiteReport)
    started_at: datetime | None = None
    local_time: str = ""
    time_zone: str = ""
    table_name: str = ""
    max_seats: int | None = None
    is_tournament: bool = False
    tournament_id: str | None = None
    level: str | None = None
    fast_fold: bool = False
    #: True where the site keeps ring-game blinds when a multi-seat table is down to two
    #: players (Entraction): the button posts the big blind and the other player the small
    #: blind, acting first on every street, instead of the heads-up rule (button = small blind).
    button_posts_big_blind_heads_up: bool = False
    source: SourceRef = field(default_factory=SourceRef)
    raw_text: str = ""
    #: The harmless lines the parser read past (``parsers.sites._kit.ignorable``). Left out of
    #: the repr, as ``raw_text`` holds them already and hands without any keep their old repr.
    ignored_lines: tuple[IgnoredLine, ...] = field(default=(), repr=False)

    def seat_of(self, player: str) -> Seat | None:
        for s in self.seats:
            if s.player == player:
                return s
        return None

    @property
    def board(self) -> tuple[str, ...]:
        """The first (usually only) board."""
        return self.boards[0] if self.boards else ()


#: Currency code for tournament chips and play money, beside ISO 4217 codes.
TOURNAMENT_CHIPS = "CHIPS"
PLAY_MONEY = "PLAY"

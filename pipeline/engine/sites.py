"""Each site's conventions where the rules of hold'em leave the site a choice: one table, read
once per replay (``rules_for(hand.site)``), so that no rule elsewhere in the engine asks which
site it is looking at.

The questions, and why the answer is per site:

- **posts** (read by ``posting.py``): a returning player's small-blind-sized post, or a second
  small blind from outside the small-blind seat, is live money on some sites and dead on others
  (``extra_small_blind``); a single post of small plus big blind ("posted to play", "posts big
  blind + dead") is the big blind live and the small blind dead (Robert's Rules of Poker, the
  missed-blinds rule every online room follows); a zero post printed beside a dead blind moves
  nothing; a player all in on a forced post before the deal may be printed "checks".
- **seats and turn order** (``walk.py``, ``checks.py``): whether the log says enough to judge
  the order (no blind lines, a player who leaves after posting, the button posting the big blind
  heads-up at a tournament's transition) or the engine must say ``warning`` and move on.
- **cascades** (``replay.py``): a header whose stakes are not the posted blinds (the previous
  level, other units) is one root finding; the findings that only measured against those stakes
  are folded into it.
- **awards** (``replay.py``, ``reconcile.py``): a hand the summary prints as "mucks [cards]"
  that the site paid; which winner gets the odd chip of a split; a fee rounded half a chip for
  display.

The native core (``pipeline/native/core/src/engine/sites.rs``) holds the same table, and a
test holds the two equal: both cores replay a hand by the same conventions. PokerStars, GGPoker
and Ignition (the sites the native core reads) have their own entries (``_BIG_THREE``): the
generic rules, with each question their logs settle answered by the site. ``LEGACY`` (the
engine's rules before the table, strict on every question) is no site's entry: it stays for
the tests that hold both cores alike under every rule set.

Where a site's own rule for an extra small blind is not published, the table says
``Liveness.FROM_LOG``: the post is applied as the parser read it, and the player's own next
action (a call of the big blind less the post, or of the whole big blind) decides, since only
one of the two can fit a correct log.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace


class Liveness(enum.Enum):
    """Whether a post counts toward the player's bet on the street."""

    LIVE = "live"
    DEAD = "dead"
    #: the site's rule is not published or varies: the player's next action decides
    FROM_LOG = "from_log"


class OddChip(enum.Enum):
    """Who receives the chips of a split pot that do not divide evenly."""

    #: one each, clockwise from the first seat left of the button (PokerStars, most sites)
    LEFT_OF_BUTTON = "left_of_button"
    #: the site's order is not the button's (or not published): any winner may hold them, so a
    #: collection within the odd chips of an even share is the site's rule, not a mismatch
    ANY_WINNER = "any_winner"


@dataclass(frozen=True, slots=True)
class SiteRules:
    """One site's answers; the defaults are the generic rules for a site with no entry."""

    # ---- posts (posting.py) ----
    #: a small-blind-sized post from a seat other than the small blind's
    extra_small_blind: Liveness = Liveness.FROM_LOG
    #: one post of small + big blind is the big blind live and the small blind dead
    split_combined_post: bool = True
    #: a post of nothing (printed beside a dead blind) is no post at all
    zero_post_is_nothing: bool = True
    #: a player all in on a forced post may be printed "checks": a warning, not an error
    forced_all_in_may_check: bool = True
    # ---- seats, turn order, cascades ----
    #: no blind and no straddle posted (tournament logs without blind lines): the first
    #: preflop actor cannot be judged, only the order after him
    judge_first_actor_without_blinds: bool = False
    #: a seat that only posts and then never acts again left the table: folded, with a warning
    leaver_after_post_folds: bool = True
    #: heads-up with the button on the big blind and the other seat on the small (a table's
    #: transition to heads-up): a warning, since the log cannot say which hand the site used
    heads_up_swap_is_error: bool = False
    #: header stakes that are not the posted blinds: one root finding, echoes folded into it
    fold_stakes_echoes: bool = True
    #: a log that names no button: infer it from the blinds, the deal and the action order
    #: (``button.py``), so who opens each street can be judged
    infer_button: bool = True
    #: a fold printed before the player's turn, while the round still owes him a decision, is
    #: an advance fold (888's and PartyPoker's clients log the fold box when it is ticked): it
    #: takes effect when his turn comes, so the turn stays where it was (a warning)
    advance_fold: bool = True
    # ---- awards ----
    #: a seat the summary prints as "mucks [cards]" that the site paid still holds its hand
    paid_muck_contends: bool = True
    #: where the site's odd-chip order is not published, an odd chip to any winner is no
    #: mismatch (one site gives a three-way split's odd chips to other seats than the button's
    #: order); PokerStars documents the button's order
    odd_chip: OddChip = OddChip.ANY_WINNER
    #: a fee rounded half a chip for display leaves one minor unit over or short: one warning
    one_chip_rounding: bool = True

    @property
    def plain_posts(self) -> bool:
        """Every small blind, big blind and straddle live as printed, nothing reinterpreted."""
        return (
            self.extra_small_blind is Liveness.LIVE
            and not self.split_combined_post
            and not self.zero_post_is_nothing
        )


#: The engine's rules before the table, strict on every question: no site's entry any more;
#: kept for the parity tests that give a site each rule set in turn (both cores alike).
LEGACY = SiteRules(
    extra_small_blind=Liveness.LIVE,
    split_combined_post=False,
    zero_post_is_nothing=False,
    forced_all_in_may_check=False,
    judge_first_actor_without_blinds=True,
    leaver_after_post_folds=False,
    heads_up_swap_is_error=True,
    fold_stakes_echoes=False,
    infer_button=False,
    advance_fold=False,
    paid_muck_contends=False,
    odd_chip=OddChip.LEFT_OF_BUTTON,
    one_chip_rounding=False,
)

GENERIC = SiteRules()

_DEAD = replace(GENERIC, extra_small_blind=Liveness.DEAD)

#: PokerStars, GGPoker and Ignition: the generic rules (posts, one root error for a wrong
#: header, paid mucks ranked by their cards, a button inferred where none is printed) and, field
#: by field, what these sites' own logs settle beyond them.
#: Posts: the missed-blinds rule they document (a missed small blind is posted dead; "small &
#: big blinds" / "posted to play" is the big blind live and the rest dead; a second small blind
#: is dead). Turn order: their logs print every blind, a fold for a player who leaves, the
#: small blind on the button heads-up, never a zero post or an all-in player checking, so
#: each of those is judged (a line that breaks them is a misread or a log defect, which the
#: generic leniency would hide); their folds are printed in turn. Awards: the odd chip of a
#: split goes left of the button (PokerStars documents it; every uneven split of the three in
#: the corpus does), and a collection one chip off is an error (exact amounts; GGPoker's fees
#: aside, below).
_BIG_THREE = replace(
    GENERIC,
    extra_small_blind=Liveness.DEAD,
    zero_post_is_nothing=False,
    forced_all_in_may_check=False,
    judge_first_actor_without_blinds=True,
    leaver_after_post_folds=False,
    heads_up_swap_is_error=True,
    advance_fold=False,
    odd_chip=OddChip.LEFT_OF_BUTTON,
    one_chip_rounding=False,
)

#: The per-site entries. A site with no entry gets ``GENERIC``.
_RULES: dict[str, SiteRules] = {
    "pokerstars": _BIG_THREE,
    # "posts missed blind" is the dead small blind, and a second "posts small blind", a
    # returning player's, is dead money too; the live big blind is printed on its own line.
    # GGPoker prints fees ("Tax") beside the rake: a collection one cent off the printed pot is
    # one finding (the fee, or a display rounding), not a second one for the collection.
    "ggpoker": replace(_BIG_THREE, one_chip_rounding=True),
    # Ignition's own word decides: "Posts chip $x" (a returning player's post) is live, even
    # below the big blind (the player then owes the rest of it), "Posts dead chip $x" and a
    # second "Small blind" are dead; the parser names each as printed, and the player's next
    # action confirms it.
    "ignition": replace(_BIG_THREE, extra_small_blind=Liveness.FROM_LOG),
    # "posts dead blind [$sb + $bb]" is the small blind dead and the big blind live; a second
    # "posts small blind" is a returning player's missed small blind, dead.
    "pacific888": _DEAD,
}


def rules_for(site: str) -> SiteRules:
    """The site's rules (``GENERIC`` for a site with no entry)."""
    return _RULES.get(site, GENERIC)

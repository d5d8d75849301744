//! Each site's conventions where the rules of hold'em leave the site a choice (sites.py): one
//! table, read once per replay (`rules_for(hand.site)`), so that no rule elsewhere in the
//! engine asks which site it is looking at.
//!
//! The entries mirror `pipeline/engine/sites.py` field for field; `site_rules_table` gives the
//! table to the binding so that a test holds the two tables equal (they cannot drift).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

/// Whether a post counts toward the player's bet on the street.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Liveness {
    Live,
    Dead,
    /// the site's rule is not published or varies: the player's next action decides
    FromLog,
}

impl Liveness {
    pub fn value(self) -> &'static str {
        match self {
            Liveness::Live => "live",
            Liveness::Dead => "dead",
            Liveness::FromLog => "from_log",
        }
    }
}

/// Who receives the chips of a split pot that do not divide evenly.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum OddChip {
    /// one each, clockwise from the first seat left of the button
    LeftOfButton,
    /// the site's order is not the button's (or not published): any winner may hold them
    AnyWinner,
}

impl OddChip {
    pub fn value(self) -> &'static str {
        match self {
            OddChip::LeftOfButton => "left_of_button",
            OddChip::AnyWinner => "any_winner",
        }
    }
}

/// One site's answers (the meaning of each field: `sites.SiteRules`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SiteRules {
    pub extra_small_blind: Liveness,
    pub split_combined_post: bool,
    pub zero_post_is_nothing: bool,
    pub forced_all_in_may_check: bool,
    pub judge_first_actor_without_blinds: bool,
    pub leaver_after_post_folds: bool,
    pub heads_up_swap_is_error: bool,
    pub fold_stakes_echoes: bool,
    pub infer_button: bool,
    pub advance_fold: bool,
    pub paid_muck_contends: bool,
    pub odd_chip: OddChip,
    pub one_chip_rounding: bool,
}

impl SiteRules {
    /// Every small blind, big blind and straddle live as printed, nothing reinterpreted.
    pub fn plain_posts(&self) -> bool {
        self.extra_small_blind == Liveness::Live
            && !self.split_combined_post
            && !self.zero_post_is_nothing
    }

    /// The fields by their Python names, each value as Python's `str()` of a bool or the
    /// enum's value (the binding's table for the drift test).
    pub fn fields(&self) -> Vec<(&'static str, String)> {
        let b = |x: bool| if x { "True" } else { "False" }.to_string();
        vec![
            ("extra_small_blind", self.extra_small_blind.value().into()),
            ("split_combined_post", b(self.split_combined_post)),
            ("zero_post_is_nothing", b(self.zero_post_is_nothing)),
            ("forced_all_in_may_check", b(self.forced_all_in_may_check)),
            (
                "judge_first_actor_without_blinds",
                b(self.judge_first_actor_without_blinds),
            ),
            ("leaver_after_post_folds", b(self.leaver_after_post_folds)),
            ("heads_up_swap_is_error", b(self.heads_up_swap_is_error)),
            ("fold_stakes_echoes", b(self.fold_stakes_echoes)),
            ("infer_button", b(self.infer_button)),
            ("advance_fold", b(self.advance_fold)),
            ("paid_muck_contends", b(self.paid_muck_contends)),
            ("odd_chip", self.odd_chip.value().into()),
            ("one_chip_rounding", b(self.one_chip_rounding)),
        ]
    }
}

/// The generic rules, for a site with no entry (`sites.GENERIC`).
pub const GENERIC: SiteRules = SiteRules {
    extra_small_blind: Liveness::FromLog,
    split_combined_post: true,
    zero_post_is_nothing: true,
    forced_all_in_may_check: true,
    judge_first_actor_without_blinds: false,
    leaver_after_post_folds: true,
    heads_up_swap_is_error: false,
    fold_stakes_echoes: true,
    infer_button: true,
    advance_fold: true,
    paid_muck_contends: true,
    odd_chip: OddChip::AnyWinner,
    one_chip_rounding: true,
};

/// The engine's rules before the table, strict on every question (`sites.LEGACY`): no
/// site's entry; kept for the parity tests that give a site each rule set in turn.
pub const LEGACY: SiteRules = SiteRules {
    extra_small_blind: Liveness::Live,
    split_combined_post: false,
    zero_post_is_nothing: false,
    forced_all_in_may_check: false,
    judge_first_actor_without_blinds: true,
    leaver_after_post_folds: false,
    heads_up_swap_is_error: true,
    fold_stakes_echoes: false,
    infer_button: false,
    advance_fold: false,
    paid_muck_contends: false,
    odd_chip: OddChip::LeftOfButton,
    one_chip_rounding: false,
};

/// The generic rules with an extra small blind dead (`sites._DEAD`).
const DEAD: SiteRules = SiteRules {
    extra_small_blind: Liveness::Dead,
    ..GENERIC
};

/// PokerStars, GGPoker and Ignition (`sites._BIG_THREE`): the generic rules and, field by
/// field, what these sites' logs settle: the missed-blind rule (a missed small blind dead,
/// small plus big blind the big blind live and the rest dead); every blind, a leaver's fold
/// and the heads-up small blind on the button printed, never a zero post or an all-in check
/// (each judged); folds printed in turn; the odd chip left of the button; a collection one
/// chip off an error.
const BIG_THREE: SiteRules = SiteRules {
    extra_small_blind: Liveness::Dead,
    zero_post_is_nothing: false,
    forced_all_in_may_check: false,
    judge_first_actor_without_blinds: true,
    leaver_after_post_folds: false,
    heads_up_swap_is_error: true,
    advance_fold: false,
    odd_chip: OddChip::LeftOfButton,
    one_chip_rounding: false,
    ..GENERIC
};

/// The per-site entries (`sites._RULES`); a site with no entry gets `GENERIC`.
const RULES: [(&str, SiteRules); 4] = [
    ("pokerstars", BIG_THREE),
    // GGPoker prints fees ("Tax") beside the rake: one cent off the printed pot is one finding
    (
        "ggpoker",
        SiteRules {
            one_chip_rounding: true,
            ..BIG_THREE
        },
    ),
    // Ignition's own word decides: "Posts chip" live (even below the big blind), "Posts dead
    // chip" and a second small blind dead; the parser names each as printed
    (
        "ignition",
        SiteRules {
            extra_small_blind: Liveness::FromLog,
            ..BIG_THREE
        },
    ),
    ("pacific888", DEAD),
];

/// The site's rules (`GENERIC` for a site with no entry; a test's override first).
pub fn rules_for(site: &str) -> SiteRules {
    if OVERRIDDEN.load(Ordering::Relaxed) {
        let o = OVERRIDE.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((_, r)) = o.iter().find(|(s, _)| s == site) {
            return *r;
        }
    }
    RULES
        .iter()
        .find(|(s, _)| *s == site)
        .map_or(GENERIC, |(_, r)| *r)
}

static OVERRIDDEN: AtomicBool = AtomicBool::new(false);
static OVERRIDE: Mutex<Vec<(String, SiteRules)>> = Mutex::new(Vec::new());

/// The rule sets a test may give a site by name (the names of `sites.py`).
pub fn preset(name: &str) -> Option<SiteRules> {
    match name {
        "GENERIC" => Some(GENERIC),
        "LEGACY" => Some(LEGACY),
        "_DEAD" => Some(DEAD),
        "_BIG_THREE" => Some(BIG_THREE),
        _ => None,
    }
}

/// Test hook: replay `site`'s hands by `rules` (None: the table's entry again), so the parity
/// tests can hold both cores to every rule set on any site's hands. Returns false for a name
/// `preset` does not know.
pub fn set_site_rules(site: &str, rules: Option<&str>) -> bool {
    let mut o = OVERRIDE.lock().unwrap_or_else(|e| e.into_inner());
    o.retain(|(s, _)| s != site);
    if let Some(name) = rules {
        let Some(r) = preset(name) else {
            return false;
        };
        o.push((site.to_string(), r));
    }
    OVERRIDDEN.store(!o.is_empty(), Ordering::Relaxed);
    true
}

/// `site` as the table's own key when it has an entry, else "phh" (whose rules are the
/// generic ones, like every site without an entry): how a PHH hand names its venue's rules.
pub fn rules_key(site: &str) -> &'static str {
    RULES
        .iter()
        .find(|(s, _)| *s == site)
        .map_or("phh", |(s, _)| s)
}

/// Every entry, then `("", GENERIC)`: the table the binding hands to the drift test.
pub fn site_rules_table() -> Vec<(&'static str, SiteRules)> {
    let mut t: Vec<(&'static str, SiteRules)> = RULES.to_vec();
    t.push(("", GENERIC));
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_sites_get_the_generic_rules() {
        assert_eq!(rules_for("partypoker"), GENERIC);
        assert_eq!(rules_key("partypoker"), "phh");
        assert_eq!(rules_key("pacific888"), "pacific888");
        assert!(LEGACY.plain_posts() && !GENERIC.plain_posts());
        assert!(!rules_for("pokerstars").plain_posts());
        assert_eq!(rules_for("pokerstars").extra_small_blind, Liveness::Dead);
        assert_eq!(rules_for("ignition").extra_small_blind, Liveness::FromLog);
        assert!(RULES.iter().all(|(_, r)| *r != LEGACY));
    }
}

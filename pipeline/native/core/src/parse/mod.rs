//! Hand text -> [`Hand`](crate::model::Hand), one reader per site, each line for line as its
//! Python reader (`parsers/sites/`) reads it. Anything the Python reader would reject, and
//! anything a port does not read exactly, is a deferral (`Err(reason)`): the Python path then
//! decides the hand.
//!
//! - `cards`, `clock`, `starlike`: what the readers share (card text, civil time and zones,
//!   the PokerStars-like seat lines, name lookups and run-it-twice boards).
//! - `pokerstars`, `ggpoker`, `ignition`: what each site adds.
//!
//! [`Site`] bundles a site's hand-header test (for the splitter) and its hand reader.

pub mod cards;
pub mod clock;
pub mod ggpoker;
pub mod ignition;
pub mod pokerstars;
pub mod starlike;

use crate::model::Hand;
use crate::text::HeaderTest;

/// Why a hand goes to the Python path (a reason string for the deferral counts).
pub type Defer = &'static str;

/// The PokerStars reader at its old path (`parse::parse_hand`).
pub use pokerstars::parse_hand;

/// One chunk's lines (as `chunk.text.split("\n")`), its byte offset and first line -> a hand.
pub type HandReader = fn(&[&str], i64, i64) -> Result<Hand, Defer>;

/// A site the native core reads: its format name (as the registry names it), the test of a
/// line that starts a hand, and the reader of one hand.
pub struct Site {
    pub format: &'static str,
    pub is_header: HeaderTest,
    pub parse_hand: HandReader,
}

pub const POKERSTARS: Site = Site {
    format: "pokerstars",
    is_header: pokerstars::is_header,
    parse_hand: pokerstars::parse_hand,
};

pub const GGPOKER: Site = Site {
    format: "ggpoker",
    is_header: ggpoker::is_header,
    parse_hand: ggpoker::parse_hand,
};

pub const IGNITION: Site = Site {
    format: "ignition",
    is_header: ignition::is_header,
    parse_hand: ignition::parse_hand,
};

/// Every site read natively.
pub const SITES: &[&Site] = &[&POKERSTARS, &GGPOKER, &IGNITION];

/// The native reader of a format name, if there is one.
pub fn site(format: &str) -> Option<&'static Site> {
    SITES.iter().copied().find(|s| s.format == format)
}

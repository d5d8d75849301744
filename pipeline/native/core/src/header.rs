//! The PokerStars hand header, kept at its old path: it lives in `parse::pokerstars::header`.

pub use crate::parse::pokerstars::header::{parse_header, Header};
pub use crate::parse::Defer;

//! PokerStars hold'em text: the header (`header`), the lines of the play (`lines`), the
//! summary (`summary`) and the hand they make (`body`), as `parsers/sites/pokerstars/` reads
//! them.

mod body;
pub mod header;
mod lines;
mod summary;

pub use body::parse_hand;

/// `PokerStars (?:Zoom |Home Game |Rush )?(?:Hand|Game) #\d` at the start of a line (after
/// blanks): the splitter's hand header.
pub use crate::text::is_header;

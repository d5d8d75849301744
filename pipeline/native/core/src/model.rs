//! The event model of `parsers/model.py`, for the hands the native parser reads.
//!
//! Money is i64 in the hand's minor unit; a card is `rank * 4 + suit` (ranks `23456789TJQKA`,
//! suits `cdhs`): phevaluator's card ids, so the showdown needs no conversion.

pub type Card = u8;
pub use crate::cards::Cards;

const RANKS: &[u8; 13] = b"23456789TJQKA";
const SUITS: &[u8; 4] = b"cdhs";

/// A canonical two-character card ("Ah"), or None.
pub fn card(text: &str) -> Option<Card> {
    card_of_bytes(text.as_bytes())
}

/// [`card`] of a card's bytes (a rank and a suit character, nothing else).
pub fn card_of_bytes(b: &[u8]) -> Option<Card> {
    if b.len() != 2 {
        return None;
    }
    let r = RANKS.iter().position(|&c| c == b[0])?;
    let s = SUITS.iter().position(|&c| c == b[1])?;
    Some((r * 4 + s) as Card)
}

pub fn card_text(c: Card) -> [u8; 2] {
    [RANKS[(c / 4) as usize], SUITS[(c % 4) as usize]]
}

/// Cards joined by spaces, as the store writes them.
pub fn join_cards(cards: &[Card]) -> String {
    let mut s = String::with_capacity(cards.len() * 3);
    push_cards(&mut s, cards);
    s
}

/// [`join_cards`] appended to `s` (a buffer reused across cells: no String per cell).
pub fn push_cards(s: &mut String, cards: &[Card]) {
    for (i, &c) in cards.iter().enumerate() {
        if i > 0 {
            s.push(' ');
        }
        let t = card_text(c);
        s.push(t[0] as char);
        s.push(t[1] as char);
    }
}

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum Street {
    Preflop = 0,
    Flop = 1,
    Turn = 2,
    River = 3,
    Showdown = 4,
}

pub const STREETS: [Street; 5] = [
    Street::Preflop,
    Street::Flop,
    Street::Turn,
    Street::River,
    Street::Showdown,
];

impl Street {
    pub fn name(self) -> &'static str {
        ["preflop", "flop", "turn", "river", "showdown"][self as usize]
    }
    /// `Street(a.street).name.lower()` and `STREET_NAMES` agree.
    pub fn index(self) -> usize {
        self as usize
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    PostAnte,
    PostSmallBlind,
    PostBigBlind,
    PostStraddle,
    PostDead,
    Fold,
    Check,
    Call,
    Bet,
    Raise,
    UncalledReturn,
    Show,
    Muck,
}

impl Kind {
    pub fn value(self) -> &'static str {
        match self {
            Kind::PostAnte => "post_ante",
            Kind::PostSmallBlind => "post_sb",
            Kind::PostBigBlind => "post_bb",
            Kind::PostStraddle => "post_straddle",
            Kind::PostDead => "post_dead",
            Kind::Fold => "fold",
            Kind::Check => "check",
            Kind::Call => "call",
            Kind::Bet => "bet",
            Kind::Raise => "raise",
            Kind::UncalledReturn => "uncalled_return",
            Kind::Show => "show",
            Kind::Muck => "muck",
        }
    }
    pub fn is_post(self) -> bool {
        matches!(
            self,
            Kind::PostAnte
                | Kind::PostSmallBlind
                | Kind::PostBigBlind
                | Kind::PostStraddle
                | Kind::PostDead
        )
    }
}

#[derive(Clone, Debug)]
pub struct Action {
    pub street: Street,
    pub seat: i64,
    pub kind: Kind,
    pub amount: i64,
    pub to: i64,
    pub all_in: bool,
    pub cards: Cards,
    pub line: i64,
    pub raise_by: Option<i64>,
}

#[cfg(test)]
impl Action {
    /// An action of no amount, cards or line: what the engine's and the facts' tests build
    /// their hands from.
    pub(crate) fn bare(street: Street, seat: i64, kind: Kind) -> Self {
        Action {
            street,
            seat,
            kind,
            amount: 0,
            to: 0,
            all_in: false,
            cards: Cards::new(),
            line: 0,
            raise_by: None,
        }
    }
}

#[derive(Clone, Debug)]
pub struct Seat {
    pub seat: i64,
    pub player: String,
    pub stack: i64,
    pub sitting_out: bool,
    pub is_hero: bool,
    /// `None`: no cards known; `Some(empty)`: the log printed an empty group.
    pub hole: Option<Cards>,
}

#[derive(Clone, Debug)]
pub struct Collection {
    pub seat: i64,
    pub amount: i64,
    pub pot_index: Option<i64>,
}

#[derive(Clone, Debug)]
pub struct CashOut {
    pub seat: i64,
    pub amount: i64,
    pub fee: i64,
}

#[derive(Clone, Debug, Default)]
pub struct Report {
    pub total_pot: Option<i64>,
    pub rake: Option<i64>,
    pub fees: Vec<(String, i64)>,
    /// (index, amount) of each printed pot.
    pub pots: Vec<(i64, i64)>,
    pub collections: Vec<Collection>,
    pub cash_outs: Vec<CashOut>,
    /// Money the site itself put in the pot (GGPoker's cash drops): `SiteReport.site_added`,
    /// summed; it goes to the main pot.
    pub site_added: i64,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Limit {
    No,
    Pot,
    Fixed,
}

impl Limit {
    pub fn value(self) -> &'static str {
        match self {
            Limit::No => "NL",
            Limit::Pot => "PL",
            Limit::Fixed => "FL",
        }
    }
}

#[derive(Clone, Debug, Default)]
pub struct Stakes {
    pub small_blind: i64,
    pub big_blind: i64,
    pub ante: i64,
    pub small_bet: i64,
    pub big_bet: i64,
}

/// One hold'em hand (game "holdem") of a site read natively.
#[derive(Clone, Debug)]
pub struct Hand {
    /// The site's name in the store ("pokerstars", "ggpoker", "ignition").
    pub site: &'static str,
    pub hand_id: String,
    pub limit: Limit,
    pub currency: String,
    pub decimals: u32,
    pub stakes: Stakes,
    pub seats: Vec<Seat>,
    pub actions: Vec<Action>,
    pub button_seat: Option<i64>,
    pub boards: Vec<Cards>,
    pub report: Report,
    /// Microseconds since the epoch, UTC.
    pub started_at: Option<i64>,
    pub local_time: String,
    pub time_zone: String,
    pub table_name: String,
    pub max_seats: Option<i64>,
    pub tournament_id: Option<String>,
    pub level: Option<String>,
    pub fast_fold: bool,
    pub offset: i64,
    pub line: i64,
}

impl Hand {
    pub fn is_tournament(&self) -> bool {
        self.tournament_id.is_some()
    }
}

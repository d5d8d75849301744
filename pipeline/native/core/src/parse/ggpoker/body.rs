//! The play and summary of a GGPoker hand (`parsers/sites/ggpoker/reader.py`, `_Body` and
//! `_read_summary`), line for line. A hand with a cash drop (money the site adds to the pot)
//! is deferred: the native engine does not reconcile site money.

use crate::model::*;
use crate::parse::cards::{cards_in_brackets, kept_hole, parse_cards, shown_cards, shown_group};
use crate::parse::starlike::{get, money, put, street_word, summary_cards, Names};
use crate::parse::Defer;
use crate::text::py_strip;

/// The state of one hand's action section.
pub(super) struct Body {
    pub names: Names,
    /// Names holding ": ", longest first: a "name: verb" line is theirs before any split.
    colon_names: Vec<(String, i64)>,
    dec: u32,
    pub actions: Vec<Action>,
    street: Street,
    totals: Vec<(i64, i64)>,
    pub hole: Vec<(i64, Cards)>,
    pub dealt_to: Vec<i64>,
    pub board: Cards,
    pub run_boards: Vec<(usize, Cards)>,
    pub collections: Vec<Collection>,
    pub cash_outs: Vec<CashOut>,
    in_showdown: bool,
    pub ante: i64,
    sb_posted: bool,
    bb_posted: bool,
    pub cash_drop: i64,
}

const NO_CHIPS: [&str; 8] = [
    "Chooses to EV Cashout",
    "get an all-in insurance",
    "sits out",
    "is sitting out",
    "has timed out",
    "is disconnected",
    "is connected",
    "has returned",
];

/// `_PAREN_AMOUNT` (`\(([^()]*)\)$`): the amount in a trailing "($4.5)".
fn paren_amount(rest: &str, dec: u32) -> Result<i64, Defer> {
    let inner = rest.strip_suffix(')').ok_or("unknown_line")?;
    let open = inner.rfind(['(', ')']).ok_or("unknown_line")?;
    if inner.as_bytes()[open] != b'(' {
        return Err("unknown_line");
    }
    money(&inner[open + 1..], dec)
}

/// `_RAISE` (`raises (.+?) to (.+)$`): the raise-to text after "raises ".
fn raise_to(args: &str) -> Option<&str> {
    let mut at = 1;
    while at <= args.len() {
        let p = at + args.get(at..)?.find(" to ")?;
        if args.len() > p + 4 {
            return Some(&args[p + 4..]);
        }
        at = p + 1;
    }
    None
}

impl Body {
    pub fn new(seats: &[(i64, String)], dec: u32) -> Body {
        let names = Names::new(seats.iter().map(|(s, n)| (n.as_str(), *s)));
        let colon_names = names
            .by_length
            .iter()
            .filter(|(n, _)| n.contains(": "))
            .cloned()
            .collect();
        Body {
            names,
            colon_names,
            dec,
            actions: Vec::new(),
            street: Street::Preflop,
            totals: Vec::new(),
            hole: Vec::new(),
            dealt_to: Vec::new(),
            board: Cards::new(),
            run_boards: Vec::new(),
            collections: Vec::new(),
            cash_outs: Vec::new(),
            in_showdown: false,
            ante: 0,
            sb_posted: false,
            bb_posted: false,
            cash_drop: 0,
        }
    }

    /// (seat, verb text) of a "name: verb ..." line.
    pub fn colon_split<'a>(&self, line: &'a str) -> Option<(i64, &'a str)> {
        for (nm, seat) in &self.colon_names {
            if line.starts_with(nm.as_str()) && line[nm.len()..].starts_with(": ") {
                return Some((*seat, &line[nm.len() + 2..]));
            }
        }
        let cut = line.find(": ")?;
        if cut == 0 {
            return None;
        }
        let seat = self.names.seat_of(&line[..cut])?;
        Some((seat, &line[cut + 2..]))
    }

    fn add(&mut self, seat: i64, kind: Kind, amount: i64, to: i64, all_in: bool, line: i64) {
        self.push(
            self.street,
            seat,
            kind,
            amount,
            to,
            all_in,
            Cards::new(),
            line,
        );
    }

    #[allow(clippy::too_many_arguments)]
    fn push(
        &mut self,
        street: Street,
        seat: i64,
        kind: Kind,
        amount: i64,
        to: i64,
        all_in: bool,
        cards: Cards,
        line: i64,
    ) {
        self.actions.push(Action {
            street,
            seat,
            kind,
            amount,
            to,
            all_in,
            cards,
            line,
            raise_by: None,
        });
    }

    /// A "*** ... ***" line; true when it is the summary.
    pub fn marker(&mut self, line: &str) -> Result<bool, Defer> {
        let marker = match line.get(3..).and_then(|t| t.find(" ***")).map(|e| e + 3) {
            Some(e) if e >= 4 => &line[4..e],
            Some(_) => "",
            None => &line[4..],
        };
        if matches!(marker, "HOLE CARDS" | "PRE-FLOP") {
            return Ok(false);
        }
        if marker == "SUMMARY" {
            return Ok(true);
        }
        let showdown = |w: &str| matches!(w, "SHOWDOWN" | "SHOW DOWN");
        if showdown(marker) {
            self.in_showdown = true;
            return Ok(false);
        }
        let (w0, w1) = marker.split_once(' ').unwrap_or((marker, ""));
        let run = match w0 {
            "FIRST" => Some(0usize),
            "SECOND" => Some(1),
            "THIRD" => Some(2),
            _ => None,
        };
        if run.is_some() && showdown(w1) {
            // (the run of a showdown section is kept by the Python reader on its collections,
            // which nothing downstream reads)
            self.in_showdown = true;
            return Ok(false);
        }
        let word = if run.is_some() { w1 } else { marker };
        let street = street_word(word).ok_or("unknown_line")?;
        let cards = cards_in_brackets(line)?;
        match run {
            None => self.board = cards,
            Some(r) => match self.run_boards.iter_mut().find(|x| x.0 == r) {
                Some(x) => x.1 = cards,
                None => self.run_boards.push((r, cards)),
            },
        }
        if street > self.street {
            self.street = street;
            self.totals.clear();
        }
        Ok(false)
    }

    /// A "name: verb" line of the seat `seat`.
    pub fn player_action(&mut self, seat: i64, rest: &str, line: i64) -> Result<(), Defer> {
        let dec = self.dec;
        let before = get(&self.totals, seat);
        let all_in = rest.ends_with(" and is all-in");
        let rest = if all_in {
            &rest[..rest.len() - 14]
        } else {
            rest
        };
        if rest == "folds" {
            self.add(seat, Kind::Fold, 0, before, false, line);
        } else if rest == "checks" {
            self.add(seat, Kind::Check, 0, before, false, line);
        } else if let Some(t) = rest.strip_prefix("calls ") {
            let amt = money(t, dec)?;
            put(&mut self.totals, seat, before + amt);
            self.add(seat, Kind::Call, amt, before + amt, all_in, line);
        } else if let Some(t) = rest.strip_prefix("bets ") {
            let amt = money(t, dec)?;
            put(&mut self.totals, seat, before + amt);
            self.add(seat, Kind::Bet, amt, before + amt, all_in, line);
        } else if let Some(t) = rest.strip_prefix("raises ") {
            let to = money(raise_to(t).ok_or("unknown_line")?, dec)?;
            put(&mut self.totals, seat, to);
            self.add(seat, Kind::Raise, to - before, to, all_in, line);
        } else if rest.starts_with("posts ") || rest.starts_with("straddle ") {
            self.post(seat, rest, all_in, line)?;
        } else if rest.starts_with("shows ") || rest.starts_with("mucks") {
            let cards = match rest.find('[') {
                Some(b) => shown_cards(rest, b)?,
                None if matches!(rest, "mucks" | "mucks hand") => Cards::new(),
                None => return Err("unknown_line"),
            };
            let known = self.hole.iter().find(|x| x.0 == seat).map(|x| &x.1);
            if let Some(kept) = kept_hole(known, &cards) {
                put(&mut self.hole, seat, kept);
            }
            let kind = if rest.starts_with('s') {
                Kind::Show
            } else {
                Kind::Muck
            };
            let st = if self.in_showdown || self.street == Street::River {
                Street::Showdown
            } else {
                self.street
            };
            self.push(st, seat, kind, 0, before, false, cards, line);
        } else if rest.starts_with("Receives Cashout ") {
            let amount = paren_amount(rest, dec)?;
            self.cash_outs.push(CashOut {
                seat,
                amount,
                fee: 0,
            });
        } else if rest.starts_with("Pays Cashout Risk ")
            || rest.starts_with("pay premium of all-in insurance ")
        {
            let fee = paren_amount(rest, dec)?;
            self.cash_outs.push(CashOut {
                seat,
                amount: 0,
                fee,
            });
        } else if !(NO_CHIPS.iter().any(|p| rest.starts_with(p)) || rest == "doesn't show hand") {
            return Err("unknown_line");
        }
        Ok(())
    }

    fn post(&mut self, seat: i64, rest: &str, all_in: bool, line: i64) -> Result<(), Defer> {
        let dec = self.dec;
        let before = get(&self.totals, seat);
        let what = rest.strip_prefix("posts ").unwrap_or(rest);
        if let Some(t) = what.strip_prefix("the ante ") {
            let amt = money(t, dec)?;
            if !all_in && amt > self.ante {
                self.ante = amt;
            }
            self.add(seat, Kind::PostAnte, amt, before, all_in, line);
            return Ok(());
        }
        if let Some(t) = what.strip_prefix("missed blind ") {
            // a missed small blind, paid dead; GG prints the live big blind on its own line
            let amt = money(t, dec)?;
            self.add(seat, Kind::PostDead, amt, before, all_in, line);
            return Ok(());
        }
        let (kind, text) = if let Some(t) = what.strip_prefix("small blind ") {
            if self.sb_posted || self.bb_posted {
                let amt = money(t, dec)?; // a second small blind is dead money
                self.add(seat, Kind::PostDead, amt, before, all_in, line);
                return Ok(());
            }
            self.sb_posted = true;
            (Kind::PostSmallBlind, t)
        } else if let Some(t) = what.strip_prefix("big blind ") {
            self.bb_posted = true;
            (Kind::PostBigBlind, t)
        } else if let Some(t) = what.strip_prefix("straddle ") {
            (Kind::PostStraddle, t)
        } else {
            return Err("unknown_line");
        };
        let amt = money(text, dec)?;
        put(&mut self.totals, seat, before + amt);
        self.add(seat, kind, amt, before + amt, all_in, line);
        Ok(())
    }

    /// A line that does not start with "name: ".
    pub fn other_line(&mut self, line: &str, lineno: i64) -> Result<(), Defer> {
        let dec = self.dec;
        if let Some(who) = line.strip_prefix("Dealt to ") {
            if self.names.seat_of(who).is_some() {
                return Ok(());
            }
            let (seat, len) = self.names.prefix(who).ok_or("unknown_line")?;
            let cards = parse_cards(&who[len + 1..])?;
            if !cards.is_empty() {
                put(&mut self.hole, seat, cards);
                self.dealt_to.push(seat);
            }
            return Ok(());
        }
        if line.starts_with("Uncalled bet (") {
            let close = line.find(") returned to ").ok_or("unknown_line")?;
            let seat = self
                .names
                .seat_of(&line[close + 14..])
                .ok_or("unknown_line")?;
            let amt = money(line.get(14..close).ok_or("unknown_line")?, dec)?;
            let to = get(&self.totals, seat) - amt;
            put(&mut self.totals, seat, to);
            self.add(seat, Kind::UncalledReturn, amt, to, false, lineno);
            return Ok(());
        }
        if let Some(t) = line.strip_prefix("Cash Drop to Pot : total ") {
            self.cash_drop += money(t, dec)?;
            return Ok(());
        }
        if let Some((seat, len)) = self.names.prefix(line) {
            let rest = &line[len + 1..];
            if let Some(t) = rest
                .strip_prefix("collected ")
                .and_then(|t| t.strip_suffix(" from pot"))
            {
                let amount = money(t, dec)?;
                self.collections.push(Collection {
                    seat,
                    amount,
                    pot_index: None,
                });
                return Ok(());
            }
        }
        Err("unknown_line")
    }
}

/// What the summary says: (total pot, rake, fees); cards shown there join `hole`.
pub(super) type Summary = (Option<i64>, Option<i64>, Vec<(String, i64)>);

/// `_read_summary`: "Total pot $9.44 | Rake $0.24 | Jackpot $0.07 | ...": every part after
/// the total is "Label amount", everything but Rake a fee by its name.
pub(super) fn read_summary(
    lines: &[&str],
    start: usize,
    dec: u32,
    hole: &mut Vec<(i64, Cards)>,
) -> Result<Summary, Defer> {
    let (mut total, mut rake, mut fees) = (None, None, Vec::new());
    for &line in &lines[start + 1..] {
        if line.is_empty() {
            break;
        }
        if line.starts_with("Total pot ") {
            for part in line.split(" | ") {
                let part = py_strip(part);
                let (label, amount) = part.rsplit_once(' ').unwrap_or(("", part));
                let value = money(amount, dec)?;
                match label {
                    "Total pot" => total = Some(value),
                    "Rake" => rake = Some(value),
                    "" => return Err("unknown_line"),
                    _ => fees.push((label.to_string(), value)),
                }
            }
        } else if line.starts_with("Seat ") && line.contains("showed [") {
            if let Some((seat, text)) = summary_cards(line, &["showed ["])? {
                let cards = shown_group(text)?;
                if !cards.is_empty() && !hole.iter().any(|x| x.0 == seat) {
                    hole.push((seat, cards));
                }
            }
        }
    }
    Ok((total, rake, fees))
}

//! The play of an Ignition hand, line by line to the summary (`_Play` of
//! `parsers/sites/ignition/reader.py`): every line is "label : verb" or a table line; the
//! amounts of calls, bets and all-ins are the chips added, of raises the street total.

use super::head::{label_of, Seats};
use crate::model::*;
use crate::parse::cards::{bracketed_cards, cards_in_brackets, parse_cards};
use crate::parse::starlike::{get, money, put};
use crate::parse::Defer;
use crate::text::py_strip;
use regex::Regex;
use std::sync::OnceLock;

fn raise_re() -> &'static Regex {
    static R: OnceLock<Regex> = OnceLock::new();
    R.get_or_init(|| Regex::new(r"(\S+) to (\S+)$").unwrap())
}

const IGNORED_VERBS: [&str; 16] = [
    "Leave(Auto)",
    "Enter(Auto)",
    "Seat sit out",
    "Sit out",
    "Seat stand",
    "Stand",
    "Table leave user",
    "Table enter user",
    "Re-join",
    "Seat re-join",
    "Seat sit down",
    "Sitout (wait for bb)",
    "Rebuyin",
    "Addon",
    "Double rebuys",
    "Prize Tournament Ticket",
];
const IGNORED_PREFIXES: [&str; 10] = [
    "Table deposit",
    "Ranking ",
    "Prize Cash",
    "Prize Tournament Ticket",
    "Draw for dealer",
    "Rebuyin",
    "Addon",
    "Double rebuys",
    "Seat stand",
    "Seat sit",
];
const IGNORED_LINES: [&str; 10] = [
    "Enter(Auto)",
    "Leave(Auto)",
    "Table enter user",
    "Table leave user",
    "Seat sit out",
    "Seat re-join",
    "Seat stand",
    "Seat sit down",
    "Sit out",
    "Re-join",
];
const BETTING_VERBS: [&str; 14] = [
    "Calls",
    "Call",
    "Bets",
    "Raises",
    "All-in",
    "Checks",
    "Folds",
    "Hand result",
    "Hand Result",
    "Ante",
    "Small",
    "Big",
    "Posts",
    "Return uncalled",
];
const FOLD_VERBS: [&str; 8] = [
    "Folds",
    "Folds (timeout)",
    "Folds(timeout)",
    "Folds (auth)",
    "Folds (disconnect)",
    "Fold(Blind Disconnected)",
    "Folds(auth-disconnect)",
    "Fold",
];
const CHECK_VERBS: [&str; 5] = [
    "Checks",
    "Checks (timeout)",
    "Checks(timeout)",
    "Checks (disconnect)",
    "Check",
];

fn starts(s: &str, prefixes: &[&str]) -> bool {
    prefixes.iter().any(|p| s.starts_with(p))
}

/// `verb.rpartition(" ")[2]`: the last blank-separated word.
fn last_word(verb: &str) -> &str {
    verb.rsplit_once(' ').map_or(verb, |x| x.1)
}

/// The play of one hand.
pub(super) struct Play<'s> {
    seats: &'s Seats,
    dec: u32,
    pub actions: Vec<Action>,
    pub street: Street,
    totals: Vec<(i64, i64)>,
    /// the highest street total so far (what a caller must match)
    level_bet: i64,
    pub hole: Vec<(i64, Cards)>,
    pub dealt: Vec<i64>,
    pub board: Cards,
    pub collections: Vec<Collection>,
    /// indexes of SHOW/MUCK actions whose cards come later
    pub pending_show: Vec<usize>,
    pub set_dealer: Option<i64>,
    pub sb_post: Option<i64>,
    pub bb_post: Option<i64>,
    /// the big blind was posted all-in, short: its post is not the stake (`stakes`)
    pub bb_short: bool,
    /// the first preflop call by a seat with nothing in, before any bet or raise: the big
    /// blind, printed whole even against a short all-in blind
    pub limp: Option<i64>,
    pub ante: i64,
    anted: Vec<i64>,
    before_cards: bool,
    previous: String,
    /// a street line ("*** FLOP ***", "Card dealt to table") was read
    marked: bool,
    /// a street was started from a closed betting round (the 2012 layout)
    pub inferred: bool,
    /// chips each seat has put in, every street
    spent: Vec<(i64, i64)>,
    folded: Vec<i64>,
    /// seats that acted since the street's last bet or raise
    acted: Vec<i64>,
}

/// Verbs of a turn in the betting (after the cards are dealt): what closes or opens a round.
const TURN_VERBS: [&str; 6] = ["Fold", "Check", "Call", "Bets", "Raises", "All-in"];

impl<'s> Play<'s> {
    pub fn new(seats: &'s Seats, dec: u32) -> Play<'s> {
        Play {
            seats,
            dec,
            actions: Vec::new(),
            street: Street::Preflop,
            totals: Vec::new(),
            level_bet: 0,
            hole: Vec::new(),
            dealt: Vec::new(),
            board: Cards::new(),
            collections: Vec::new(),
            pending_show: Vec::new(),
            set_dealer: None,
            sb_post: None,
            bb_post: None,
            bb_short: false,
            limp: None,
            ante: 0,
            anted: Vec::new(),
            before_cards: true,
            previous: String::new(),
            marked: false,
            inferred: false,
            spent: Vec::new(),
            folded: Vec::new(),
            acted: Vec::new(),
        }
    }

    /// Read `lines` from `start` to the `*** SUMMARY ***` marker; its index.
    pub fn read(&mut self, lines: &[&str], start: usize) -> Result<usize, Defer> {
        for (idx, &line) in lines.iter().enumerate().skip(start) {
            if line.is_empty() {
                continue;
            }
            match line.find(" : ") {
                None => {
                    if self.unlabelled(line)? {
                        return Ok(idx);
                    }
                }
                Some(cut) => self.labelled(line, cut, idx as i64 + 1)?,
            }
        }
        Err("truncated_hand")
    }

    fn new_street(&mut self, street: Street) {
        self.street = street;
        self.totals.clear();
        self.level_bet = 0;
        self.previous.clear();
        self.acted.clear();
    }

    fn add(&mut self, seat: i64, kind: Kind, amount: i64, to: i64, line: i64, all_in: bool) {
        let delta = match kind {
            Kind::PostSmallBlind
            | Kind::PostBigBlind
            | Kind::PostDead
            | Kind::PostAnte
            | Kind::PostStraddle
            | Kind::Call
            | Kind::Bet
            | Kind::Raise => Some(amount),
            Kind::UncalledReturn => Some(-amount),
            _ => None,
        };
        if let Some(delta) = delta {
            let now = get(&self.spent, seat) + delta;
            put(&mut self.spent, seat, now);
        }
        self.actions.push(Action {
            street: self.street,
            seat,
            kind,
            amount,
            to,
            all_in,
            cards: Cards::new(),
            line,
            raise_by: None,
        });
    }

    fn put_in(&mut self, seat: i64, amount: i64) -> i64 {
        let to = get(&self.totals, seat) + amount;
        put(&mut self.totals, seat, to);
        to
    }

    fn live(&mut self, seat: i64, kind: Kind, amount: i64, line: i64) {
        let to = self.put_in(seat, amount);
        self.level_bet = self.level_bet.max(to);
        self.add(seat, kind, amount, to, line, false);
    }

    /// A line without "label : "; true for the summary's marker.
    fn unlabelled(&mut self, line: &str) -> Result<bool, Defer> {
        if line.starts_with("*** ") {
            if line.starts_with("*** SUMMARY ***") {
                return Ok(true);
            }
            if line.starts_with("*** HOLE CARDS ***") {
                self.before_cards = false;
                return Ok(false);
            }
            self.marked = true;
            let head: String = line.chars().take(13).collect();
            let street = match head.trim_end_matches(crate::text::is_py_space) {
                "*** FLOP ***" => Street::Flop,
                "*** TURN ***" => Street::Turn,
                "*** RIVER ***" => Street::River,
                _ => return Err("unknown_line"),
            };
            if !line.contains('[') || !line[line.find('[').unwrap()..].contains(']') {
                return Err("unknown_line"); // a street without cards
            }
            self.board = cards_in_brackets(line)?;
            self.new_street(street);
            return Ok(false);
        }
        if let Some(t) = line.strip_prefix("Card dealt to table ") {
            // the 2012 layout: one street a line
            self.marked = true;
            self.board.extend(parse_cards(t)?);
            let next = STREETS[(self.street as usize + 1).min(Street::River as usize)];
            self.new_street(next);
            return Ok(false);
        }
        if IGNORED_LINES.contains(&line)
            || starts(line, &["Table deposit", "Set dealer", "Player Info:"])
        {
            return Ok(false);
        }
        Err("unknown_line")
    }

    /// A "label : verb" line (`cut` is where " : " starts).
    fn labelled(&mut self, line: &str, cut: usize, lineno: i64) -> Result<(), Defer> {
        let (label, _) = label_of(&line[..cut]);
        let verb = py_strip(&line[cut + 3..]);
        let Some(seat) = self.seats.by_label(&label) else {
            if verb.starts_with("Set dealer") {
                return self.set_dealer(verb); // the dealer's seat is empty (MVS tables)
            }
            return Err("unknown_line");
        };
        if line == self.previous && starts(verb, &BETTING_VERBS) {
            return Err("corrupt_hand"); // the same chip-moving line twice in a row
        }
        self.previous = line.to_string();
        let turn = !self.before_cards && starts(verb, &TURN_VERBS);
        if turn && !self.marked && self.round_closed() {
            // `_next_street_if_closed`: the 2012 Bodog layout prints no street lines, so a
            // turn taken after the betting round closed opens the next street; past the
            // river nothing can open (the hand is not read rather than guessed)
            if self.street >= Street::River {
                return Err("streets_unknown");
            }
            self.inferred = true;
            self.new_street(STREETS[self.street as usize + 1]);
        }
        let (level, count) = (self.level_bet, self.actions.len());
        self.act(seat, &label, verb, lineno)?;
        if turn {
            if self.actions[count..].iter().any(|a| a.kind == Kind::Fold)
                && !self.folded.contains(&seat)
            {
                self.folded.push(seat);
            }
            if self.level_bet > level {
                self.acted = vec![seat];
            } else if !self.acted.contains(&seat) {
                self.acted.push(seat);
            }
        }
        Ok(())
    }

    /// `_round_closed`: every player still in with chips behind has acted since the last
    /// bet or raise and matched it (the big blind's post is no action).
    fn round_closed(&self) -> bool {
        let stack = |s: i64| self.seats.rows.iter().find(|r| r.0 == s).map_or(0, |r| r.2);
        let mut in_hand: Vec<i64> = self.dealt.clone();
        for &(s, _) in &self.spent {
            if !in_hand.contains(&s) {
                in_hand.push(s);
            }
        }
        let live: Vec<i64> = in_hand
            .into_iter()
            .filter(|s| !self.folded.contains(s) && get(&self.spent, *s) < stack(*s))
            .collect();
        !live.is_empty()
            && live
                .iter()
                .all(|s| self.acted.contains(s) && get(&self.totals, *s) == self.level_bet)
    }
}

impl Play<'_> {
    /// What the player at `seat` (position `label`) did.
    fn act(&mut self, seat: i64, label: &str, verb: &str, line: i64) -> Result<(), Defer> {
        let dec = self.dec;
        let before = get(&self.totals, seat);
        if FOLD_VERBS.contains(&verb) {
            self.add(seat, Kind::Fold, 0, before, line, false);
        } else if starts(verb, &["Folds & shows [", "Folds & Shows ["]) {
            let cards = parse_cards(&verb[13..])?;
            put(&mut self.hole, seat, cards.clone());
            self.add(seat, Kind::Fold, 0, before, line, false);
            self.add(seat, Kind::Show, 0, before, line, false);
            self.actions.last_mut().expect("just added").cards = cards;
        } else if CHECK_VERBS.contains(&verb) {
            self.add(seat, Kind::Check, 0, before, line, false);
        } else if let Some(t) = verb.strip_prefix("Card dealt to a spot") {
            let cards = parse_cards(t)?;
            if !cards.is_empty() {
                put(&mut self.hole, seat, cards);
                if !self.dealt.contains(&seat) {
                    self.dealt.push(seat);
                }
            }
        } else if starts(verb, &["Calls ", "Call ", "Call(timeout) "]) {
            let amount = money(last_word(verb), dec)?;
            if self.bb_short
                && self.limp.is_none()
                && before == 0
                && self.street == Street::Preflop
                && !self
                    .actions
                    .iter()
                    .any(|a| matches!(a.kind, Kind::Bet | Kind::Raise))
            {
                self.limp = Some(amount);
            }
            let to = self.put_in(seat, amount);
            self.add(seat, Kind::Call, amount, to, line, false);
        } else if starts(verb, &["Bets ", "Bets chip info(timeout) "]) {
            let kind = if self.level_bet == 0 {
                Kind::Bet
            } else {
                Kind::Raise
            };
            let amount = money(last_word(verb), dec)?;
            self.live(seat, kind, amount, line);
        } else if starts(verb, &["Raises ", "Raises(timeout) ", "All-in(raise"]) {
            self.raise(seat, verb, line)?;
        } else if starts(verb, &["All-in ", "All-in(timeout) "]) {
            let amount = money(last_word(verb), dec)?;
            self.all_in(seat, label, amount, line)?;
        } else if let Some(t) = verb.strip_prefix("Return uncalled portion of bet ") {
            let amount = money(t, dec)?;
            let to = self.put_in(seat, -amount);
            self.level_bet = self.totals.iter().map(|x| x.1).max().unwrap_or(0);
            self.add(seat, Kind::UncalledReturn, amount, to, line, false);
        } else if starts(verb, &["Hand result", "Hand Result"]) {
            let (head, amount) = verb.rsplit_once(' ').unwrap_or(("", verb));
            let pot_index = head.to_lowercase().contains("side pot").then_some(1);
            let amount = money(amount, dec)?;
            self.collections.push(Collection {
                seat,
                amount,
                pot_index,
            });
        } else if starts(verb, &["Showdown", "Does not show", "Mucks"]) {
            self.show(seat, verb, line)?;
        } else if let Some(t) = verb.strip_prefix("Ante chip ") {
            let amount = money(t, dec)?;
            self.ante = self.ante.max(amount);
            if !self.anted.contains(&seat) {
                self.anted.push(seat);
            }
            self.add(seat, Kind::PostAnte, amount, before, line, false);
        } else if starts(
            verb,
            &[
                "Small Blind ",
                "Small blind ",
                "Ante/Small Blind ",
                "Ante/Small blind ",
            ],
        ) {
            let amount = money(last_word(verb), dec)?;
            self.small_blind(seat, amount, line);
        } else if starts(
            verb,
            &[
                "Big blind ",
                "Big Blind ",
                "Big blind/Bring in ",
                "Posts chip ",
            ],
        ) {
            let amount = money(last_word(verb), dec)?;
            self.big_blind(seat, verb, amount, line);
        } else if let Some(t) = verb.strip_prefix("Posts dead chip ") {
            let amount = money(t, dec)?;
            self.dead_post(seat, amount, line);
        } else if starts(verb, &["Set dealer", "Set deale"]) {
            self.set_dealer(verb)?;
        } else if !(IGNORED_VERBS.contains(&verb) || starts(verb, &IGNORED_PREFIXES)) {
            return Err("unknown_line");
        }
        Ok(())
    }

    /// "Set dealer [3]": a fallback for the button.
    fn set_dealer(&mut self, verb: &str) -> Result<(), Defer> {
        let group = verb.find('[').and_then(|b| {
            let e = verb[b + 1..].find(']')?;
            Some(&verb[b + 1..b + 1 + e])
        });
        self.set_dealer = match group {
            Some(g) if !g.is_empty() && g.bytes().all(|c| c.is_ascii_digit()) => {
                Some(g.parse().map_err(|_| "odd_number")?)
            }
            Some(g) if g.chars().any(|c| c.is_numeric() && !c.is_ascii()) => {
                return Err("odd_number")
            }
            _ => None,
        };
        Ok(())
    }

    /// "Raises $a to $b" (`b` the street total); 2012: "Raises $16", "All-in(raise) $32".
    fn raise(&mut self, seat: i64, verb: &str, line: i64) -> Result<(), Defer> {
        let all_in = verb.starts_with("All-in");
        let args = verb.split_once(' ').map_or("", |x| x.1);
        let text = match raise_re().captures(args) {
            Some(r) => r.get(2).map_or("", |m| m.as_str()),
            None => args,
        };
        let to = money(text, self.dec)?;
        let amount = to - get(&self.totals, seat);
        if amount <= 0 {
            return Err("bad_amount");
        }
        put(&mut self.totals, seat, to);
        let kind = if self.level_bet != 0 {
            Kind::Raise
        } else {
            Kind::Bet
        };
        self.level_bet = self.level_bet.max(to);
        self.add(seat, kind, amount, to, line, all_in);
        Ok(())
    }

    /// "All-in $x" (the chips added): a call, bet or raise by the bet it faces; before the
    /// cards, an ante (while antes are posted) or a blind.
    fn all_in(&mut self, seat: i64, label: &str, amount: i64, line: i64) -> Result<(), Defer> {
        let before = get(&self.totals, seat);
        let to = self.put_in(seat, amount);
        if !self.before_cards {
            let kind = if to <= self.level_bet {
                Kind::Call
            } else if self.level_bet == 0 {
                Kind::Bet
            } else {
                Kind::Raise
            };
            self.level_bet = self.level_bet.max(to);
            self.add(seat, kind, amount, to, line, true);
            return Ok(());
        }
        let antes_open = self.ante > 0 && self.sb_post.is_none() && self.bb_post.is_none();
        if antes_open && !self.anted.contains(&seat) {
            self.anted.push(seat);
            put(&mut self.totals, seat, before); // an ante is dead: no part of the street total
            self.add(seat, Kind::PostAnte, amount, before, line, true);
            return Ok(());
        }
        let kind = if label == "Small Blind" && self.sb_post.is_none() {
            self.sb_post = Some(amount);
            Kind::PostSmallBlind
        } else if label == "Big Blind" {
            if self.bb_post.is_none() {
                self.bb_post = Some(amount);
                self.bb_short = true;
            }
            Kind::PostBigBlind
        } else {
            return Err("unknown_line");
        };
        self.level_bet = self.level_bet.max(to);
        self.add(seat, kind, amount, to, line, true);
        Ok(())
    }

    /// "Showdown [best five]" (not the hole cards), "Mucks [..]", "Does not show [..]".
    fn show(&mut self, seat: i64, verb: &str, line: i64) -> Result<(), Defer> {
        let kind = if verb.starts_with(['D', 'M']) {
            Kind::Muck
        } else {
            Kind::Show
        };
        let mut cards = self
            .hole
            .iter()
            .find(|x| x.0 == seat)
            .map(|x| x.1.clone())
            .unwrap_or_default();
        if starts(verb, &["Does not show", "Mucks"]) && verb.contains('[') {
            cards = bracketed_cards(verb, 0)?;
            put(&mut self.hole, seat, cards.clone());
        }
        if cards.is_empty() {
            self.pending_show.push(self.actions.len());
        }
        let street = if self.street == Street::River {
            Street::Showdown
        } else {
            self.street
        };
        self.actions.push(Action {
            street,
            seat,
            kind,
            amount: 0,
            to: get(&self.totals, seat),
            all_in: false,
            cards,
            line,
            raise_by: None,
        });
        Ok(())
    }

    /// The first blind posted is the small blind; a later one is dead money.
    fn small_blind(&mut self, seat: i64, amount: i64, line: i64) {
        if self.sb_post.is_none() && self.bb_post.is_none() {
            self.sb_post = Some(amount);
            self.live(seat, Kind::PostSmallBlind, amount, line);
        } else {
            let to = get(&self.totals, seat);
            self.add(seat, Kind::PostDead, amount, to, line, false);
        }
    }

    /// "Big blind $x", or "Posts chip $x" (a returning player's post: live, since the site
    /// says "Posts dead chip" for a dead one; below the big blind it is a small blind the
    /// player then calls up from).
    fn big_blind(&mut self, seat: i64, verb: &str, amount: i64, line: i64) {
        if verb.starts_with('P') && self.bb_post.is_some_and(|bb| amount < bb) {
            self.live(seat, Kind::PostSmallBlind, amount, line);
            return;
        }
        if verb.starts_with('B') && self.bb_post.is_none() {
            self.bb_post = Some(amount);
        }
        self.live(seat, Kind::PostBigBlind, amount, line);
    }

    /// Small and big blind together: the big blind part live, the rest dead.
    fn dead_post(&mut self, seat: i64, amount: i64, line: i64) {
        let live = match self.bb_post {
            Some(bb) if amount >= bb => amount.min(bb),
            _ => 0,
        };
        if live != 0 {
            self.live(seat, Kind::PostBigBlind, live, line);
        }
        if amount > live {
            let to = get(&self.totals, seat);
            self.add(seat, Kind::PostDead, amount - live, to, line, false);
        }
    }
}

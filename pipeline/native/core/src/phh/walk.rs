//! The PHH action strings -> the model's actions, as `parsers/sites/phh/walk.py` reads them:
//! street totals and stacks kept while reading, enough to give every action its amount, `to`
//! and all-in flag and to return the uncalled bets PHH never writes. It judges nothing (the
//! engine does). `Err` wherever the Python reader raises: the hand is then the Python path's.

use crate::model::{Action, Card, Cards, Kind, Street};
use std::collections::HashMap;

pub type Fail = &'static str;

pub struct Walk<'a> {
    pub n: usize,
    seats: &'a [i64],
    pub stack: Vec<i64>,
    big_blind: i64,
    /// The bet to match when it is above every commit (a short or missing big blind).
    floor: i64,
    commit: Vec<i64>,
    pub invested: Vec<i64>,
    folded: Vec<bool>,
    street: Street,
    pub board: Cards,
    pub hole: HashMap<usize, Cards>,
    pub actions: Vec<Action>,
    pub last_line: i64,
}

impl<'a> Walk<'a> {
    pub fn new(seats: &'a [i64], stacks: &[i64], big_blind: i64) -> Self {
        let n = seats.len();
        Walk {
            n,
            seats,
            stack: stacks.to_vec(),
            big_blind,
            floor: 0,
            commit: vec![0; n],
            invested: vec![0; n],
            folded: vec![false; n],
            street: Street::Preflop,
            board: Cards::new(),
            hole: HashMap::new(),
            actions: Vec::new(),
            last_line: 0,
        }
    }

    fn put(&mut self, i: usize, chips: i64, live: bool) {
        self.stack[i] -= chips;
        self.invested[i] += chips;
        if live {
            self.commit[i] += chips;
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn add(&mut self, street: Street, i: usize, kind: Kind, amount: i64, all_in: bool, line: i64) {
        self.add_cards(street, i, kind, amount, all_in, line, Cards::new());
    }

    #[allow(clippy::too_many_arguments)]
    fn add_cards(
        &mut self,
        street: Street,
        i: usize,
        kind: Kind,
        amount: i64,
        all_in: bool,
        line: i64,
        cards: Cards,
    ) {
        self.actions.push(Action {
            street,
            seat: self.seats[i],
            kind,
            amount,
            to: self.commit[i],
            all_in,
            cards,
            line,
            raise_by: None,
        });
    }

    /// Antes first (dead), then the blinds and straddles (live), each capped at the stack.
    pub fn posts(&mut self, antes: &[i64], blinds: &[i64]) {
        for (i, &amount) in antes.iter().enumerate() {
            if amount != 0 {
                let chips = amount.min(self.stack[i]);
                self.put(i, chips, false);
                let all_in = self.stack[i] <= 0;
                self.add(Street::Preflop, i, Kind::PostAnte, chips, all_in, 0);
            }
        }
        if blinds.iter().any(|&b| b != 0) {
            self.floor = self.big_blind;
        }
        let order: Vec<usize> = if self.n == 2 {
            vec![1, 0]
        } else {
            (0..self.n).collect()
        };
        for i in order {
            let amount = blinds[i];
            if amount == 0 {
                continue;
            }
            let kind = if self.n == 2 {
                if i == 1 {
                    Kind::PostSmallBlind
                } else {
                    Kind::PostBigBlind
                }
            } else {
                match i {
                    0 => Kind::PostSmallBlind,
                    1 => Kind::PostBigBlind,
                    _ => Kind::PostStraddle,
                }
            };
            let chips = amount.min(self.stack[i]);
            self.put(i, chips, true);
            let all_in = self.stack[i] <= 0;
            self.add(Street::Preflop, i, kind, chips, all_in, 0);
        }
    }

    /// `p1`, `p2`... (`p01` too) -> the player's index.
    fn player(&self, token: &str) -> Result<usize, Fail> {
        let digits = token.strip_prefix('p').ok_or("unknown actor")?;
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err("unknown actor");
        }
        let k: usize = digits.parse().map_err(|_| "unknown actor")?;
        if k == 0 || k > self.n {
            return Err("no player");
        }
        Ok(k - 1)
    }

    /// Return the part of the top bet that nobody matched (PHH never writes it).
    pub fn close_round(&mut self, line: i64) {
        let top = self.commit.iter().copied().max().unwrap_or(0);
        if top == 0 {
            return;
        }
        let second = if self.n > 1 {
            let mut sorted = self.commit.clone();
            sorted.sort();
            sorted[self.n - 2]
        } else {
            0
        };
        if top > second {
            let i = self.commit.iter().position(|&c| c == top).unwrap_or(0);
            let back = top - second;
            self.stack[i] += back;
            self.invested[i] -= back;
            self.commit[i] -= back;
            self.add(self.street, i, Kind::UncalledReturn, back, false, line);
        }
    }

    /// One action string, without its comment, split into words; `bet` reads a cbr amount.
    pub fn act(
        &mut self,
        parts: &[&str],
        line: i64,
        bet: &dyn Fn(&str) -> Option<i64>,
    ) -> Result<(), Fail> {
        if parts.is_empty() {
            return Ok(());
        }
        self.last_line = line;
        let (actor, args) = (parts[0], &parts[1..]);
        let verb = args.first().copied().unwrap_or("");
        if actor == "d" {
            return self.deal(verb, &args[1.min(args.len())..], line);
        }
        let i = self.player(actor)?;
        match (verb, args.len()) {
            ("cc", 1) => self.check_or_call(i, line),
            ("f", 1) => {
                self.folded[i] = true;
                self.add(self.street, i, Kind::Fold, 0, false, line);
            }
            ("cbr", 2) => {
                let to = bet(args[1]).ok_or("bad_amount")?;
                let chips = to - self.commit[i];
                let raised = self.floor != 0 || self.commit.iter().copied().max().unwrap_or(0) != 0;
                let kind = if raised { Kind::Raise } else { Kind::Bet };
                self.put(i, chips, true);
                let all_in = self.stack[i] <= 0;
                self.add(self.street, i, kind, chips, all_in, line);
            }
            ("sm", k) if k <= 2 => self.show(i, &args[1..], line)?,
            _ => return Err("unknown player action"),
        }
        Ok(())
    }

    /// `cc`: a check when nothing is owed, else a call of what is owed (capped at the stack).
    fn check_or_call(&mut self, i: usize, line: i64) {
        let top = self.commit.iter().copied().max().unwrap_or(0);
        let mut target = if top >= self.floor { top } else { self.floor };
        if target > top && !(0..self.n).any(|j| j != i && !self.folded[j] && self.stack[j] > 0) {
            target = top; // nobody left to bet against: match what is in
        }
        let owed = (target - self.commit[i]).min(self.stack[i]);
        if owed <= 0 {
            self.add(self.street, i, Kind::Check, 0, false, line);
        } else {
            self.put(i, owed, true);
            let all_in = self.stack[i] <= 0;
            self.add(self.street, i, Kind::Call, owed, all_in, line);
        }
    }

    /// Hole cards (`d dh p1 AsKd`) or a board card (`d db Jc3d5c`).
    fn deal(&mut self, verb: &str, args: &[&str], line: i64) -> Result<(), Fail> {
        if verb == "dh" && args.len() == 2 {
            let i = self.player(args[0])?;
            if let Some(cards) = cards(args[1])? {
                if !cards.is_empty() {
                    self.hole.insert(i, cards);
                }
            }
            return Ok(());
        }
        if verb == "db" && args.len() == 1 {
            self.close_round(line);
            let got = cards(args[0])?.ok_or("unknown board card")?;
            self.board.extend(got);
            self.street = match self.street {
                Street::Preflop => Street::Flop,
                Street::Flop => Street::Turn,
                Street::Turn => Street::River,
                _ => return Err("a board card after the river"),
            };
            self.commit = vec![0; self.n];
            self.floor = 0;
            return Ok(());
        }
        Err("unknown dealer action")
    }

    /// `sm AsKd` shows, `sm` alone mucks, `sm -` shows the cards dealt, `sm ????` is a show
    /// without cards; on the showdown street once the river is reached.
    fn show(&mut self, i: usize, args: &[&str], line: i64) -> Result<(), Fail> {
        self.close_round(line);
        let on = if self.street == Street::River {
            Street::Showdown
        } else {
            self.street
        };
        let Some(first) = args.first() else {
            self.add(on, i, Kind::Muck, 0, false, line);
            return Ok(());
        };
        let shown = if *first == "-" {
            Some(self.hole.get(&i).cloned().unwrap_or_default())
        } else {
            cards(first)?
        };
        let shown = shown.unwrap_or_default();
        if !shown.is_empty() {
            self.hole.insert(i, shown.clone());
        }
        self.add_cards(on, i, Kind::Show, 0, false, line, shown);
        Ok(())
    }
}

/// Concatenated PHH cards (`AsKd`): None when any is unknown (`??`), `Err` where the Python
/// reader raises or reads a spelling this port does not (non-ASCII text).
pub fn cards(text: &str) -> Result<Option<Cards>, Fail> {
    if text.contains('?') {
        return Ok(None);
    }
    let b = text.as_bytes();
    if !text.is_ascii() || b.len() % 2 == 1 {
        return Err("bad_card");
    }
    let mut out = Cards::new();
    for pair in b.chunks(2) {
        // normalize_card: rank upper-cased, suit lower-cased (brackets would split tokens)
        if !pair.iter().all(u8::is_ascii_alphanumeric) {
            return Err("bad_card");
        }
        let t = [pair[0].to_ascii_uppercase(), pair[1].to_ascii_lowercase()];
        let card: Card =
            crate::model::card(std::str::from_utf8(&t).unwrap_or("")).ok_or("bad_card")?;
        out.push(card);
    }
    Ok(Some(out))
}

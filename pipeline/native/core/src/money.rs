//! Money in people's units (`pipeline/engine/amounts.py`, to the same rules): how a finding's
//! message names an amount, and the amounts the finding keeps.
//!
//! A cash game in its currency (`$20.00`, `€1.50`, `£0.05`; another code after the number,
//! `1.50 CAD`), tournament chips and play money as plain counts (`2000`, `20.00` where the
//! hand counts hundredths); the sign before the symbol; no thousands separators (messages
//! list amounts with ", "). Both cores run `tests/native/money_text.tsv`.

use crate::codes::{finding, Finding, Severity};
use crate::model::Hand;
use std::cell::RefCell;

/// Currencies written with their symbol in front (`amounts.SYMBOLS`).
pub const SYMBOLS: [(&str, &str); 3] = [("USD", "$"), ("EUR", "€"), ("GBP", "£")];
/// Units that are counted, not money (`amounts.PLAIN`).
pub const PLAIN: [&str; 3] = ["CHIPS", "PLAY", ""];

/// `amount` minor units as the hand's players read it: `-$0.50`, `2000`, `1.50 CAD`.
pub fn amount_text(amount: i64, currency: &str, decimals: u32) -> String {
    let mut digits = amount.unsigned_abs().to_string();
    let d = decimals as usize;
    if d > 0 {
        if digits.len() <= d {
            digits = format!("{digits:0>width$}", width = d + 1);
        }
        digits.insert(digits.len() - d, '.');
    }
    let sign = if amount < 0 { "-" } else { "" };
    if let Some((_, symbol)) = SYMBOLS.iter().find(|(c, _)| *c == currency) {
        return format!("{sign}{symbol}{digits}");
    }
    if PLAIN.contains(&currency) {
        return format!("{sign}{digits}");
    }
    format!("{sign}{digits} {currency}")
}

/// The amounts one message names: each `say` renders one and keeps it, so the finding's
/// `amounts` are the message's, in its order (the arguments of `format!` are evaluated in
/// order). One per message: `let money = Amounts::of(hand);`, `money.say(x)` among the
/// arguments, `money.finding(...)` to make the finding.
pub struct Amounts<'h> {
    currency: &'h str,
    decimals: u32,
    named: RefCell<Vec<i64>>,
}

impl<'h> Amounts<'h> {
    pub fn of(hand: &'h Hand) -> Self {
        Self::new(&hand.currency, hand.decimals)
    }

    pub fn new(currency: &'h str, decimals: u32) -> Self {
        Amounts {
            currency,
            decimals,
            named: RefCell::new(Vec::new()),
        }
    }

    /// `amount` in the hand's units, kept for the finding.
    pub fn say(&self, amount: i64) -> String {
        self.named.borrow_mut().push(amount);
        amount_text(amount, self.currency, self.decimals)
    }

    /// A finding whose `amounts` are the ones this message named.
    /// (By reference: the receiver is evaluated before the message that names the amounts.)
    pub fn finding(
        &self,
        code: &'static str,
        message: String,
        line: i64,
        severity: Option<Severity>,
    ) -> Finding {
        let mut f = finding(code, message, line, severity);
        f.amounts = self.named.take();
        f
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table both cores run (`tests/engine/test_amounts.py` runs it on the Python side).
    const TABLE: &str = include_str!("../../../../tests/native/money_text.tsv");

    #[test]
    fn the_shared_table() {
        let mut n = 0;
        for line in TABLE.lines() {
            if line.starts_with('#') || line.trim().is_empty() {
                continue;
            }
            let f: Vec<&str> = line.split('\t').collect();
            assert_eq!(f.len(), 4, "money_text.tsv: {line:?}");
            let amount: i64 = f[0].parse().unwrap();
            let decimals: u32 = f[2].parse().unwrap();
            assert_eq!(amount_text(amount, f[1], decimals), f[3], "{line:?}");
            n += 1;
        }
        assert!(n >= 20, "the table has {n} rows");
    }

    #[test]
    fn a_recorder_keeps_what_it_said_in_order() {
        let money = Amounts::new("EUR", 2);
        let m = format!("{} then {}", money.say(150), money.say(-5));
        let f = money.finding("illegal_check", m, 3, None);
        assert_eq!(f.message, "€1.50 then -€0.05");
        assert_eq!(f.amounts, vec![150, -5]);
    }
}

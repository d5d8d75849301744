//! Reconciliation against the printed summary (reconcile.py): totals, rake deduction, side
//! pots, distribution and collections.

use super::*;

pub(crate) fn pot_name(i: usize) -> String {
    if i == 0 {
        "main pot".to_string()
    } else {
        format!("side pot {i}")
    }
}

pub(crate) fn deduction(hand: &Hand, total: i64, paid: i64) -> i64 {
    let rep = &hand.report;
    let fees: i64 = rep.fees.iter().map(|f| f.1).sum();
    if let Some(rake) = rep.rake {
        return rake + fees;
    }
    if !rep.collections.is_empty() {
        let paid = paid + rep.cash_outs.iter().map(|c| c.amount).sum::<i64>();
        return 0.max(total.min(rep.total_pot.unwrap_or(total) - paid));
    }
    fees
}

pub(crate) fn check_totals(hand: &Hand, total: i64, ded: i64, out: &mut Out) {
    let rep = &hand.report;
    if let Some(tp) = rep.total_pot {
        if tp != total {
            let money = Amounts::of(hand);
            out.push(money.finding(
                "total_pot_mismatch",
                format!(
                    "the site's total pot is {}, the chips put in (less uncalled bets) come to {}",
                    money.say(tp),
                    money.say(total)
                ),
                0,
                None,
            ));
        }
    }
    if let Some(rake) = rep.rake {
        if rake < 0 || ded > total.max(rep.total_pot.unwrap_or(0)) {
            let money = Amounts::of(hand);
            out.push(money.finding(
                "rake_mismatch",
                format!(
                    "rake {} plus fees {} cannot come out of a pot of {}",
                    money.say(rake),
                    money.say(ded - rake),
                    money.say(total)
                ),
                0,
                None,
            ));
        }
    }
}

pub(crate) fn split_at_levels(
    printed: &[i64],
    amounts: &[i64],
    contrib: &Map,
    cut: &[i64],
    ded: i64,
) -> bool {
    let s: i64 = amounts.iter().sum();
    let p: i64 = printed.iter().sum();
    if p != s && p != s - ded {
        return false;
    }
    let mut levels: Vec<i64> = cut.to_vec();
    levels.push(contrib.iter().map(|x| x.1).max().unwrap_or(0));
    levels.sort();
    levels.dedup();
    let mut ours = Vec::new();
    let mut low = 0;
    for &high in &levels {
        ours.push(
            contrib
                .iter()
                .filter(|x| x.1 > low)
                .map(|x| x.1.min(high) - low)
                .sum::<i64>(),
        );
        low = high;
    }
    ours.retain(|&a| a > 0);
    if ours.len() != printed.len() {
        return false;
    }
    let diffs: Vec<i64> = ours.iter().zip(printed).map(|(a, p)| a - p).collect();
    let sum: i64 = diffs.iter().sum();
    diffs.iter().all(|&d| 0 <= d && d <= ded) && (sum == 0 || sum == ded)
}

pub(crate) fn check_side_pots(
    st: &State,
    gross: &[i64],
    eligibles: &[Vec<i64>],
    net: &[i64],
    ded: i64,
    out: &mut Out,
) {
    let mut sorted = st.hand.report.pots.clone();
    sorted.sort_by_key(|p| p.0);
    let printed: Vec<i64> = sorted.iter().map(|p| p.1).collect();
    if printed.is_empty() || printed == gross || printed == net {
        return;
    }
    if st
        .folded
        .iter()
        .any(|&s| st.stack(s) <= 0 && st.contrib(s) > 0)
    {
        let mut cut: Vec<i64> = st
            .contrib
            .iter()
            .filter(|&&(s, c)| st.stack(s) <= 0 && c > 0)
            .map(|x| x.1)
            .collect();
        cut.sort();
        cut.dedup();
        if split_at_levels(&printed, gross, &st.contrib, &cut, ded) {
            return;
        }
    }
    if printed.len() == gross.len() {
        let diffs: Vec<i64> = gross.iter().zip(&printed).map(|(g, p)| g - p).collect();
        let sum: i64 = diffs.iter().sum();
        if diffs.iter().all(|&d| 0 <= d && d <= ded) && (sum == 0 || sum == ded) {
            return;
        }
        for (i, (&g, &p)) in gross.iter().zip(&printed).enumerate() {
            if g != p && net[i] != p {
                let el: Vec<String> = eligibles[i].iter().map(|s| s.to_string()).collect();
                let money = Amounts::of(st.hand);
                out.push(money.finding(
                    "side_pot_mismatch",
                    format!(
                        "the site's {} is {}, recomputed {} ({} after rake) for seats {}",
                        pot_name(i),
                        money.say(p),
                        money.say(g),
                        money.say(net[i]),
                        el.join(", ")
                    ),
                    0,
                    None,
                ));
            }
        }
        return;
    }
    let total: i64 = gross.iter().sum();
    let ps: i64 = printed.iter().sum();
    let same = ps == total || ps == total - ded;
    let money = Amounts::of(st.hand);
    let j = |v: &[i64]| {
        v.iter()
            .map(|&x| money.say(x))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let message = format!(
        "the site printed {} pots ({}), the engine computed {} ({})",
        printed.len(),
        j(&printed),
        gross.len(),
        j(gross)
    );
    out.push(money.finding(
        "side_pot_mismatch",
        message,
        0,
        if same { Some(Severity::Warning) } else { None },
    ));
}

pub(crate) fn check_distribution(
    hand: &Hand,
    total: i64,
    ded: i64,
    out: &mut Out,
    withheld: (i64, i64),
    paid: i64,
    one_chip_rounding: bool,
) -> bool {
    let rep = &hand.report;
    if rep.collections.is_empty() && rep.total_pot.is_none() {
        return true;
    }
    let target = rep.total_pot.unwrap_or(total);
    if paid + ded == target {
        return true;
    }
    let sev = if !rep.cash_outs.is_empty() {
        let cashed: i64 = rep.cash_outs.iter().map(|c| c.amount).sum();
        let cash_fees: i64 = rep.cash_outs.iter().map(|c| c.fee).sum();
        if target == paid + ded + cashed || target == paid + ded + cash_fees {
            return true;
        }
        let kept = target - paid - ded;
        let (net, full) = withheld;
        if full != 0 && (kept == net || (full - ded <= kept && kept <= full)) {
            return true;
        }
        Some(Severity::Warning)
    } else if one_chip_rounding && rounding(hand, ded, paid) != 0 {
        report_rounding(hand, paid, ded, target, out);
        return false;
    } else {
        None
    };
    let money = Amounts::of(hand);
    out.push(money.finding(
        "pot_not_distributed",
        format!(
            "collected {} + rake and fees {} = {}, the total pot is {}",
            money.say(paid),
            money.say(ded),
            money.say(paid + ded),
            money.say(target)
        ),
        0,
        sev,
    ));
    false
}

/// What the collections and fees exceed the printed total pot by, when it is one minor unit
/// either way (a fee or a share rounded half a chip for display); else 0.
pub(crate) fn rounding(hand: &Hand, ded: i64, paid: i64) -> i64 {
    let rep = &hand.report;
    let Some(total) = rep.total_pot else {
        return 0;
    };
    let rounded = ded > 0 || hand.actions.iter().any(|a| a.kind == Kind::UncalledReturn);
    if rep.collections.is_empty() || !rounded {
        return 0;
    }
    let gap = paid + ded - total;
    if gap == 1 || gap == -1 {
        gap
    } else {
        0
    }
}

/// One minor unit: one finding for the one chip, and the collection that carries it is not a
/// second one (`Slack::rounding`). A printed fee of exactly that chip explains it (the site
/// printed a fee it did not take: its own error); otherwise it is a share or fee the site
/// rounded half a chip for display, a warning.
fn report_rounding(hand: &Hand, paid: i64, ded: i64, target: i64, out: &mut Out) {
    let gap = (paid + ded - target).abs();
    let fee = hand
        .report
        .fees
        .iter()
        .find(|f| f.1 == gap)
        .map(|f| f.0.as_str())
        .filter(|n| !n.is_empty());
    let site_error = fee.is_some() && paid + ded > target;
    let why = match fee {
        Some(name) if site_error => format!("the site printed a fee ({name}) it did not take"),
        _ => "a fee or share the site rounded half a chip for display".to_string(),
    };
    let money = Amounts::of(hand);
    out.push(money.finding(
        "pot_not_distributed",
        format!(
            "collected {} + rake and fees {} = {}, the total pot is {}: one minor unit, {}",
            money.say(paid),
            money.say(ded),
            money.say(paid + ded),
            money.say(target),
            why
        ),
        0,
        if site_error {
            None
        } else {
            Some(Severity::Warning)
        },
    ));
}

/// What a site's conventions let a collection differ by from the engine's payout
/// (`reconcile.Slack`): `odd_chips`, seat -> the split pots it shares where the site's odd-chip
/// order is not the button's; `rounding`, the one minor unit a display rounding left over.
#[derive(Default)]
pub(crate) struct Slack {
    pub(crate) odd_chips: Map,
    pub(crate) rounding: i64,
}

/// Whether a collection `diff` away from the engine's payout is the site's convention.
fn within_slack(seat: i64, diff: i64, slack: &Slack) -> bool {
    (diff != 0 && diff == slack.rounding) || diff.abs() <= mget(&slack.odd_chips, seat).unwrap_or(0)
}

#[allow(clippy::too_many_arguments)]
pub(crate) fn check_collections(
    st: &State,
    payout: &Map,
    gross: &Map,
    ded: i64,
    skip: &[i64],
    site: &Map,
    out: &mut Out,
    mut slack: Slack,
) -> Map {
    let same = site.len() == payout.len() && site.iter().all(|&(s, v)| mget(payout, s) == Some(v));
    if skip.is_empty() && same {
        return site.clone();
    }
    let mut won: Map = Vec::new();
    let lone = gross.iter().filter(|x| x.1 > 0).count() <= 1;
    let mut seats: Vec<i64> = payout
        .iter()
        .chain(site.iter())
        .chain(gross.iter())
        .map(|x| x.0)
        .collect();
    seats.sort();
    seats.dedup();
    for seat in seats {
        let got = mget(site, seat).unwrap_or(0);
        if skip.contains(&seat) {
            mset(&mut won, seat, got);
            continue;
        }
        let (net, full) = (
            mget(payout, seat).unwrap_or(0),
            mget(gross, seat).unwrap_or(0),
        );
        if got == net || (!lone && full - ded <= got && got <= full) {
            mset(&mut won, seat, got);
            continue;
        }
        if within_slack(seat, got - net, &slack) {
            if got - net == slack.rounding {
                slack.rounding = 0; // one seat carries the rounded chip
            }
            mset(&mut won, seat, got);
            continue;
        }
        mset(&mut won, seat, net);
        let money = Amounts::of(st.hand);
        let head = format!(
            "seat {} ({}) collected {}, the engine pays {}",
            seat,
            st.name_or_q(seat),
            money.say(got),
            money.say(net)
        );
        let extra = if ded != 0 && full != net {
            format!(
                " ({} before rake and fees of {})",
                money.say(full),
                money.say(ded)
            )
        } else {
            String::new()
        };
        out.push(money.finding("collected_mismatch", format!("{head}{extra}"), 0, None));
    }
    won
}

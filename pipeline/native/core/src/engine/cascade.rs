//! One root cause, one error (cascade.py): a header whose stakes are not the blinds the
//! players posted.
//!
//! When the positional blinds (neither all-in) both disagree with the header in the same way,
//! the hand is judged a second time at the posted blinds (the fixed-limit bets and the ante
//! scaled with them); if that second judgement has at least two errors fewer, it is the account
//! kept, with one error in front that names the header's fault and how many findings it
//! explains. The money does not depend on the stakes: only the findings change. With no error
//! left at the posted blinds the hand is right under a stale header: the root is a warning.
//! The posted blinds are the stakes stored (`Replay::stakes`).

use super::*;

/// The stakes the posts imply, and the line of the big blind post; `None` when the posts do
/// not contradict the header or do not say enough (`Err` where the amounts overflow).
fn posted_stakes(hand: &Hand) -> Result<Option<(Stakes, i64)>, &'static str> {
    let header = &hand.stakes;
    let (mut sb, mut bb, mut line) = (None, None, 0);
    let mut antes: Vec<i64> = Vec::new();
    for a in &hand.actions {
        if !a.kind.is_post() {
            break; // the blinds of the hand are posted before anyone acts
        }
        if a.all_in {
            continue;
        }
        if a.kind == Kind::PostSmallBlind && sb.is_none() {
            sb = Some(a.amount);
        } else if a.kind == Kind::PostBigBlind
            && bb.is_none()
            && a.amount != header.small_blind + header.big_blind
        {
            bb = Some(a.amount);
            line = a.line;
        } else if a.kind == Kind::PostAnte && !antes.contains(&a.amount) {
            antes.push(a.amount);
        }
    }
    let Some(bb) = bb else {
        return Ok(None);
    };
    if bb <= 0 || header.big_blind <= 0 {
        return Ok(None);
    }
    if bb == header.big_blind || sb == Some(header.small_blind) {
        return Ok(None); // one post wrong on its own: its own finding, not a header's fault
    }
    let Some(mut scaled) = scale(header, bb)? else {
        return Ok(None);
    };
    if let Some(sb) = sb {
        scaled.small_blind = sb;
    }
    if antes.len() == 1 {
        scaled.ante = antes[0];
    }
    Ok(Some((scaled, line)))
}

/// The header's stakes with the big blind `bb` and every other amount in proportion.
fn scale(header: &Stakes, bb: i64) -> Result<Option<Stakes>, &'static str> {
    let hbb = header.big_blind as i128;
    let one = |x: i64| -> Result<Option<i64>, &'static str> {
        let p = x as i128 * bb as i128;
        if p.rem_euclid(hbb) != 0 {
            return Ok(None);
        }
        i64::try_from(p.div_euclid(hbb))
            .map(Some)
            .map_err(|_| "large_numbers")
    };
    let small = one(header.small_blind)?;
    let (Some(small_bet), Some(big_bet)) = (one(header.small_bet)?, one(header.big_bet)?) else {
        return Ok(None);
    };
    Ok(Some(Stakes {
        small_blind: small.unwrap_or(header.small_blind),
        big_blind: bb,
        ante: header.ante,
        small_bet,
        big_bet,
    }))
}

/// The error findings per code, sorted by code.
fn errors(r: &Replay) -> Vec<(&'static str, i64)> {
    let mut n: Vec<(&'static str, i64)> = Vec::new();
    for f in r.findings.iter().filter(|f| f.severity == Severity::Error) {
        match n.iter_mut().find(|x| x.0 == f.code) {
            Some(x) => x.1 += 1,
            None => n.push((f.code, 1)),
        }
    }
    n.sort();
    n
}

/// `first` judged at the header's stakes; the account at the posted blinds with one root error
/// instead, when that explains at least two of `first`'s errors.
pub(crate) fn fold_stakes_echoes(
    hand: &Hand,
    first: Replay,
    rerun: fn(&Hand) -> Result<Replay, &'static str>,
) -> Result<Replay, &'static str> {
    let Some((stakes, line)) = posted_stakes(hand)? else {
        return Ok(first);
    };
    let mut at_posted = hand.clone();
    at_posted.stakes = stakes.clone();
    let mut second = rerun(&at_posted)?;
    let (before, after) = (errors(&first), errors(&second));
    let count = |v: &[(&str, i64)]| v.iter().map(|x| x.1).sum::<i64>();
    if count(&before) - count(&after) < 2 {
        return Ok(first);
    }
    // the errors per code that only the header's stakes produced (Counter subtraction)
    let echoes: Vec<(&str, i64)> = before
        .iter()
        .map(|&(c, n)| (c, n - after.iter().find(|x| x.0 == c).map_or(0, |x| x.1)))
        .filter(|x| x.1 > 0)
        .collect();
    let codes: Vec<String> = echoes.iter().map(|(c, n)| format!("{c} x{n}")).collect();
    let explained = count(&echoes);
    let h = &hand.stakes;
    let money = Amounts::of(hand);
    let root = money.finding(
        "post_wrong_amount",
        format!(
            "the blinds posted ({}/{}) are not the header's stakes ({}/{}): the header is wrong \
             (a previous level or other units) and the hand is judged at the posted blinds; this \
             explains {} findings against the header ({})",
            money.say(stakes.small_blind),
            money.say(stakes.big_blind),
            money.say(h.small_blind),
            money.say(h.big_blind),
            explained,
            codes.join(", ")
        ),
        line,
        // no error left at the posted blinds: a correct hand under a stale header
        if after.is_empty() {
            Some(Severity::Warning)
        } else {
            None
        },
    );
    second.findings.insert(0, root);
    second.stakes = Some(stakes);
    Ok(second)
}

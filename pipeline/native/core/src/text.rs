//! From file bytes to hand chunks, as `parsers/text.py` does it, and exact money parsing.
//!
//! The decoding rules are the Python reference's (`decode`, `split_hands`): UTF-8 with or
//! without BOM, each `\n`-separated segment that is not valid UTF-8 read as cp1252 (its five
//! undefined bytes as Latin-1), CR / CRLF / LF each ending one line, trailing blanks and tabs
//! of every line dropped. What this module does not reproduce exactly (UTF-16, BOMs in the
//! middle of a file) defers the whole file to the Python path.

use std::borrow::Cow;

/// One normalized line of the file: its text and the byte offset of its first byte.
pub struct Line<'a> {
    pub text: Cow<'a, str>,
    pub start: usize,
}

/// Why a whole file goes to the Python path.
pub type FileDefer = &'static str;

/// A hand chunk: its lines `first..=last` of the split (the first without its leading
/// blanks), where its first byte is in the file, its first line (1-based), and where the next
/// chunk starts (the byte up to which it is settled).
pub struct Chunk {
    pub first: usize,
    pub last: usize,
    pub lead: usize,
    pub offset: usize,
    pub line: usize,
    pub end: usize,
}

const BOM: &[u8] = b"\xef\xbb\xbf";

/// cp1252 bytes 0x80..=0x9F; the five undefined ones map to the same Latin-1 code point.
const CP1252_HIGH: [u32; 32] = [
    0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039,
    0x0152, 0x8D, 0x017D, 0x8F, 0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
    0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
];

fn cp1252(bytes: &[u8]) -> String {
    bytes
        .iter()
        .map(|&b| {
            if (0x80..0xA0).contains(&b) {
                char::from_u32(CP1252_HIGH[(b - 0x80) as usize]).unwrap_or('\u{fffd}')
            } else {
                b as char
            }
        })
        .collect()
}

/// `parsers.text._sniff_bomless_utf16`: NUL bytes on one side of the pairs.
fn looks_bomless_utf16(data: &[u8]) -> bool {
    let head = &data[..data.len().min(4096)];
    if head.len() < 4 {
        return false;
    }
    let even: Vec<u8> = head.iter().step_by(2).copied().collect();
    let odd: Vec<u8> = head.iter().skip(1).step_by(2).copied().collect();
    let zeros = |v: &[u8]| v.iter().filter(|&&b| b == 0).count() as f64;
    let (ne, no) = (even.len() as f64, odd.len() as f64);
    (zeros(&odd) > no * 0.4 && zeros(&even) < ne * 0.1)
        || (zeros(&even) > ne * 0.4 && zeros(&odd) < no * 0.1)
}

/// `hay.find(needle)` for the short needles of the line readers: the first byte found by a
/// plain scan, the rest compared (no searcher to build per call, as `str::find` does).
pub fn find_str(hay: &str, needle: &str) -> Option<usize> {
    find(hay.as_bytes(), needle.as_bytes())
}

/// `hay.split_once(needle)` by [`find_str`].
pub fn split_once_str<'a>(hay: &'a str, needle: &str) -> Option<(&'a str, &'a str)> {
    // a match of a whole (valid UTF-8) needle starts and ends on character boundaries
    find_str(hay, needle).map(|i| (&hay[..i], &hay[i + needle.len()..]))
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    // the first byte by memchr, then the rest compared
    let (first, rest) = needle.split_first()?;
    let mut at = 0;
    while let Some(i) = memchr::memchr(*first, &hay[at..]) {
        let p = at + i;
        if hay[p + 1..].starts_with(rest) {
            return Some(p);
        }
        at = p + 1;
    }
    None
}

/// Python's `str.isspace` for one character.
pub fn is_py_space(c: char) -> bool {
    matches!(
        c,
        '\t' | '\n' | '\x0b' | '\x0c' | '\r' | '\x1c'..='\x1f' | ' ' | '\u{85}' | '\u{a0}'
            | '\u{1680}' | '\u{2000}'..='\u{200a}' | '\u{2028}' | '\u{2029}' | '\u{202f}'
            | '\u{205f}' | '\u{3000}'
    )
}

/// Whether a line holds one of the separator characters `\x1c`-`\x1f` (such a hand is
/// deferred): a byte scan, as they are ASCII, never part of a longer UTF-8 character.
pub fn has_separator(lines: &[&str]) -> bool {
    lines
        .iter()
        .any(|l| l.bytes().any(|b| (0x1c..=0x1f).contains(&b)))
}

/// Python's `str.strip()`.
pub fn py_strip(s: &str) -> &str {
    s.trim_matches(is_py_space)
}

/// Python's `str.split()` (no argument).
pub fn py_split(s: &str) -> impl Iterator<Item = &str> {
    s.split(is_py_space).filter(|t| !t.is_empty())
}

/// The file's lines, decoded and normalized (`decode` + `split("\n")`), from byte `base`.
/// `Err` when only the Python path reads this file exactly.
pub fn lines(data: &[u8], base: usize) -> Result<Vec<Line<'_>>, FileDefer> {
    let mut out = Vec::with_capacity(data.len() / 32);
    // Nearly every file: valid UTF-8 without CR. Its lines are the '\n' splits.
    if let Ok(s) = std::str::from_utf8(data) {
        if memchr::memchr(b'\r', data).is_none() {
            let mut at = 0;
            for end in memchr::memchr_iter(b'\n', data) {
                // '\n' is ASCII: both ends are character boundaries
                push(&mut out, Cow::Borrowed(&s[at..end]), base + at);
                at = end + 1;
            }
            push(&mut out, Cow::Borrowed(&s[at..]), base + at);
            return Ok(out);
        }
    }
    let mut pos = 0;
    let n = data.len();
    while pos <= n {
        let seg_end = data[pos..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(n, |i| pos + i);
        let seg = &data[pos..seg_end];
        match std::str::from_utf8(seg) {
            Ok(s) => {
                // CR and CRLF end lines too (a CR at the segment's end is the CR of a CRLF).
                let mut at = 0;
                let bytes = s.as_bytes();
                loop {
                    match bytes[at..].iter().position(|&b| b == b'\r') {
                        Some(i) if at + i + 1 < bytes.len() => {
                            push(&mut out, Cow::Borrowed(&s[at..at + i]), base + pos + at);
                            at += i + 1;
                        }
                        Some(i) => {
                            push(&mut out, Cow::Borrowed(&s[at..at + i]), base + pos + at);
                            break;
                        }
                        None => {
                            push(&mut out, Cow::Borrowed(&s[at..]), base + pos + at);
                            break;
                        }
                    }
                }
            }
            Err(_) => {
                let mut at = 0;
                loop {
                    match seg[at..].iter().position(|&b| b == b'\r') {
                        Some(i) if at + i + 1 < seg.len() => {
                            push(
                                &mut out,
                                Cow::Owned(cp1252(&seg[at..at + i])),
                                base + pos + at,
                            );
                            at += i + 1;
                        }
                        Some(i) => {
                            push(
                                &mut out,
                                Cow::Owned(cp1252(&seg[at..at + i])),
                                base + pos + at,
                            );
                            break;
                        }
                        None => {
                            push(&mut out, Cow::Owned(cp1252(&seg[at..])), base + pos + at);
                            break;
                        }
                    }
                }
            }
        }
        pos = seg_end + 1;
    }
    Ok(out)
}

fn push<'a>(out: &mut Vec<Line<'a>>, text: Cow<'a, str>, start: usize) {
    let text = match text {
        Cow::Borrowed(s) => Cow::Borrowed(s.trim_end_matches([' ', '\t'])),
        Cow::Owned(s) => {
            let t = s.trim_end_matches([' ', '\t']);
            if t.len() == s.len() {
                Cow::Owned(s)
            } else {
                Cow::Owned(t.to_string())
            }
        }
    };
    out.push(Line { text, start });
}

/// The PokerStars hand header at the start of a line (after blanks):
/// `PokerStars (?:Zoom |Home Game |Rush )?(?:Hand|Game) #\d`. `Err` when the digit test
/// would need Python's Unicode digits.
pub fn is_header(line: &str) -> Result<bool, FileDefer> {
    let s = line.trim_start_matches([' ', '\t']);
    let Some(s) = s.strip_prefix("PokerStars ") else {
        return Ok(false);
    };
    let s = s
        .strip_prefix("Zoom ")
        .or_else(|| s.strip_prefix("Home Game "))
        .or_else(|| s.strip_prefix("Rush "))
        .unwrap_or(s);
    let Some(s) = s
        .strip_prefix("Hand #")
        .or_else(|| s.strip_prefix("Game #"))
    else {
        return Ok(false);
    };
    match s.chars().next() {
        Some(c) if c.is_ascii_digit() => Ok(true),
        Some(c) if !c.is_ascii() && c.is_numeric() => Err("unicode_digit_header"),
        _ => Ok(false),
    }
}

/// A file split into hand chunks, or why the Python path must read it.
pub struct Split<'a> {
    pub lines: Vec<Line<'a>>,
    pub chunks: Vec<Chunk>,
    /// The byte up to which the file is settled (`FileParse.consumed`).
    pub consumed: usize,
}

/// `parse_bytes`' decode and split of `data[start..]`: chunks with the file's byte offsets
/// and line numbers. `final_` as in `parse_bytes(final=...)`.
pub fn split(data: &[u8], start: usize, final_: bool) -> Result<Split<'_>, FileDefer> {
    split_with(data, start, final_, is_header)
}

/// A hand-header test of one line (`Err`: only the Python path splits this file exactly).
pub type HeaderTest = fn(&str) -> Result<bool, FileDefer>;

/// [`split`] with another site's hand header: `parsers.text.split_hands(header=...)`.
pub fn split_with(
    data: &[u8],
    start: usize,
    final_: bool,
    is_header: HeaderTest,
) -> Result<Split<'_>, FileDefer> {
    if start > data.len() {
        return Err("start_beyond_end");
    }
    let head = &data[..start];
    let tail = &data[start..];
    if tail.starts_with(b"\xff\xfe") || tail.starts_with(b"\xfe\xff") || looks_bomless_utf16(tail) {
        return Err("utf16");
    }
    let bom = if tail.starts_with(BOM) { 3 } else { 0 };
    if find(&tail[bom..], BOM).is_some()
        || (start > 0 && find(&head[3.min(head.len())..], BOM).is_some())
    {
        return Err("mid_file_bom");
    }
    if start > 0 && head.ends_with(b"\r") && tail.starts_with(b"\n") {
        return Err("start_inside_crlf");
    }
    // Lines before `start` (its decoded text's newline count).
    let line_base = if start > 0 {
        let crlf = find_count(head, b"\r\n");
        head.iter().filter(|&&b| b == b'\n' || b == b'\r').count() - crlf
    } else {
        0
    };
    let lines = lines(&tail[bom..], start + bom)?;
    let mut heads = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        if is_header(&l.text)? {
            heads.push(i);
        }
    }
    if glued_header(&tail[bom..], &lines, heads.len(), is_header)? {
        return Err("glued_header");
    }
    let settled_all = if final_ { data.len() } else { start };
    if heads.is_empty() {
        return Ok(Split {
            lines,
            chunks: Vec::new(),
            consumed: settled_all,
        });
    }
    let mut bounds = Vec::with_capacity(heads.len());
    for (k, &h) in heads.iter().enumerate() {
        let stop = heads.get(k + 1).copied().unwrap_or(lines.len());
        // The body ends with the line holding the region's last non-blank character.
        let mut last = h;
        for j in (h..stop).rev() {
            if lines[j].text.chars().any(|c| !is_py_space(c)) {
                last = j;
                break;
            }
        }
        let lead = lines[h].text.len() - lines[h].text.trim_start_matches([' ', '\t']).len();
        bounds.push((h, last, lines[h].start + lead, lead));
    }
    let mut limit = data.len();
    if !final_ {
        // A file still being written: its last hand counts once a blank line follows it.
        let n = lines.len();
        let blank_end = n >= 2 && lines[n - 1].text.is_empty() && lines[n - 2].text.is_empty();
        if !blank_end {
            let (_, _, offset, _) = bounds.pop().expect("one header at least");
            limit = offset;
        }
    }
    let chunks = bounds
        .iter()
        .enumerate()
        .map(|(k, &(h, last, offset, lead))| Chunk {
            first: h,
            last,
            lead,
            offset,
            line: h + 1 + line_base,
            end: bounds.get(k + 1).map_or(limit, |b| b.2),
        })
        .collect();
    Ok(Split {
        lines,
        chunks,
        consumed: limit,
    })
}

/// Whether a hand header starts inside a line, after text that is not only blanks: a hand
/// cut mid-line with the next hand glued to it, which the Python split cuts there
/// (`split_hands(glued=True)`). Such a file is read by the Python path (rare: no line split
/// here). Every header of the native sites holds `Hand #` or `Game #` once, so a file holding
/// no more of those than it has header lines has none glued: one search of its bytes.
fn glued_header(
    bytes: &[u8],
    lines: &[Line<'_>],
    heads: usize,
    is_header: HeaderTest,
) -> Result<bool, FileDefer> {
    let needles = [
        memchr::memmem::Finder::new(b"Hand #"),
        memchr::memmem::Finder::new(b"Game #"),
    ];
    if needles
        .iter()
        .map(|f| f.find_iter(bytes).count())
        .sum::<usize>()
        <= heads
    {
        return Ok(false);
    }
    for line in lines {
        let t: &str = &line.text;
        for finder in &needles {
            for p in finder.find_iter(t.as_bytes()) {
                // a header's text before `Hand #` is at most "PokerStars Home Game " long
                for i in p.saturating_sub(32)..=p {
                    if t.is_char_boundary(i)
                        && !t[..i].trim_matches([' ', '\t']).is_empty()
                        && is_header(&t[i..])?
                    {
                        return Ok(true);
                    }
                }
            }
        }
    }
    Ok(false)
}

impl<'a> Split<'a> {
    /// The text lines of chunk `c`, as `chunk.text.split("\n")` gives them.
    pub fn chunk_lines(&self, c: &Chunk) -> Vec<&str> {
        let mut out: Vec<&str> = self.lines[c.first..=c.last]
            .iter()
            .map(|l| l.text.as_ref())
            .collect();
        out[0] = &out[0][c.lead..];
        out
    }
}

fn find_count(hay: &[u8], needle: &[u8]) -> usize {
    hay.windows(needle.len()).filter(|w| *w == needle).count()
}

// --- money ----------------------------------------------------------------------------------

/// `parse_money(text, decimals)`: exact minor units, `None` where Python raises (or where the
/// amount would not fit an i64: such a hand is deferred either way).
pub fn parse_money(text: &str, decimals: u32) -> Option<i64> {
    let body = text
        .strip_prefix('$')
        .or_else(|| text.strip_prefix('€'))
        .or_else(|| text.strip_prefix('£'))
        .unwrap_or(text);
    // the usual forms, by bytes: digits, or digits '.' exactly `decimals` digits
    let b = body.as_bytes();
    let (whole, frac) = match memchr::memchr(b'.', b) {
        None => (b, None),
        Some(dot) => (&b[..dot], Some(&b[dot + 1..])),
    };
    if all_digits(whole) {
        match frac {
            None => return digits_value(whole)?.checked_mul(10i64.pow(decimals)),
            Some(frac) if frac.len() == decimals as usize && all_digits(frac) => {
                return digits_value(whole)?
                    .checked_mul(10i64.pow(decimals))?
                    .checked_add(digits_value(frac)?);
            }
            Some(_) => {}
        }
    }
    parse_money_general(text, decimals)
}

/// Whether `b` is one or more ASCII digits.
fn all_digits(b: &[u8]) -> bool {
    !b.is_empty() && b.iter().all(u8::is_ascii_digit)
}

/// The value of ASCII digits (as `str::parse::<i64>` reads them: None past `i64::MAX`).
fn digits_value(b: &[u8]) -> Option<i64> {
    b.iter().try_fold(0i64, |n, &d| {
        n.checked_mul(10)?.checked_add(i64::from(d - b'0'))
    })
}

fn digits(s: &str) -> Option<i64> {
    s.parse::<i64>().ok()
}

fn parse_money_general(text: &str, decimals: u32) -> Option<i64> {
    let mut s: &str = py_strip(text);
    const CUR: [char; 5] = ['$', '€', '£', '¥', '₹'];
    if let Some(c) = s.chars().next().filter(|c| CUR.contains(c)) {
        s = &s[c.len_utf8()..];
    } else if let Some(rest) = s.strip_prefix("Rs.") {
        s = rest.trim_start_matches(is_py_space);
    }
    let chars: Vec<char> = s.chars().collect();
    let n = chars.len();
    if n >= 4 && chars[n - 4] == ' ' && chars[n - 3..].iter().all(|c| c.is_alphabetic()) {
        let cut: usize = chars[n - 4..].iter().map(|c| c.len_utf8()).sum();
        s = &s[..s.len() - cut];
    }
    if let Some(c) = s.chars().last().filter(|c| CUR.contains(c)) {
        s = &s[..s.len() - c.len_utf8()];
    }
    let s = s.replace(',', "");
    let (whole, dot, frac) = match s.split_once('.') {
        Some((w, f)) => (w, true, f),
        None => (s.as_str(), false, ""),
    };
    let whole = if whole.is_empty() {
        if dot && !frac.is_empty() {
            "0"
        } else {
            ""
        }
    } else {
        whole
    };
    let ascii_digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    if !ascii_digits(whole) || (dot && !ascii_digits(frac)) {
        // Python's isdigit also takes other digits (superscripts...): they fail isascii there.
        return None;
    }
    let mut frac = frac.to_string();
    if frac.len() > decimals as usize {
        if frac[decimals as usize..].bytes().any(|b| b != b'0') {
            return None;
        }
        frac.truncate(decimals as usize);
    }
    let scale = 10i64.pow(decimals);
    let mut value = digits(whole)?.checked_mul(scale)?;
    if decimals > 0 {
        while frac.len() < decimals as usize {
            frac.push('0');
        }
        value = value.checked_add(digits(&frac)?)?;
    }
    Some(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn money_like_python() {
        assert_eq!(parse_money("$1,234.56", 2), Some(123456));
        assert_eq!(parse_money("€0.05", 2), Some(5));
        assert_eq!(parse_money("1503", 0), Some(1503));
        assert_eq!(parse_money("$1.5", 2), Some(150));
        assert_eq!(parse_money("1.50 USD", 2), Some(150));
        assert_eq!(parse_money("$.5", 2), Some(50));
        assert_eq!(parse_money("$1.505", 2), None);
        assert_eq!(parse_money("$1.500", 2), Some(150));
        assert_eq!(parse_money("5.", 2), None);
        assert_eq!(parse_money("abc", 2), None);
        assert_eq!(parse_money("Rs. 10", 2), Some(1000));
    }

    #[test]
    fn a_header_glued_inside_a_line_defers_the_file() {
        let whole = "PokerStars Hand #1: x\nSeat 1: a\n\n\nPokerStars Hand #2: y\n";
        assert!(split(whole.as_bytes(), 0, true).is_ok());
        let glued = "PokerStars Hand #1: x\nSeat 1: aPokerStars Hand #2: y\n";
        assert_eq!(split(glued.as_bytes(), 0, true).err(), Some("glued_header"));
        let quoted = "PokerStars Hand #1: x\nSeat 1: a said PokerStars Hand #x\n";
        assert!(split(quoted.as_bytes(), 0, true).is_ok()); // not a header: no digit
    }

    #[test]
    fn lines_split_on_cr_lf_crlf() {
        let l = lines(b"a  \r\nb\rc\n\xe9t\xe9\n", 0).unwrap();
        let t: Vec<&str> = l.iter().map(|l| l.text.as_ref()).collect();
        assert_eq!(t, vec!["a", "b", "c", "été", ""]);
        assert_eq!(
            l.iter().map(|l| l.start).collect::<Vec<_>>(),
            vec![0, 5, 7, 9, 13]
        );
    }
}

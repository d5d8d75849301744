//! PHH (`.phh`, one hand) and PHHS (`.phhs`, many) -> the store's Arrow rows, as the Python
//! reader `parsers/sites/phh/` gives them: the same split (`reader.HEADER`: a chunk at every
//! `[table]` header line, and at the start of a file whose first key comes before any table),
//! the TOML subset (`toml.rs`), the hand (`hand.rs`, `walk.rs`, `time.rs`), then the engine
//! and the rows every core shares. A chunk this port cannot read exactly is deferred, and a
//! file it cannot split exactly (not UTF-8, a BOM, CRs, a tail of a file) is deferred whole.

pub mod digest;
pub mod hand;
pub mod time;
pub mod toml;
pub mod walk;

use crate::{engine, rows, text, ChunkOut, FileOut, Status};
use std::panic::{catch_unwind, AssertUnwindSafe};

/// `_TABLE_HEADER` after optional blanks: `[name]`, `["name"]` or `['name']`, then blanks
/// and an optional comment.
fn table_header(line: &str) -> bool {
    let t = line.trim_start_matches([' ', '\t']);
    let Some(rest) = t.strip_prefix('[') else {
        return false;
    };
    let rest = rest.trim_start_matches([' ', '\t']);
    let after = match rest.as_bytes().first() {
        Some(&q @ (b'"' | b'\'')) => match rest[1..].find(q as char) {
            Some(k) => &rest[k + 2..],
            None => return false,
        },
        _ => {
            let k = rest
                .bytes()
                .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_' || *b == b'-')
                .count();
            if k == 0 {
                return false;
            }
            &rest[k..]
        }
    };
    let Some(after) = after.trim_start_matches([' ', '\t']).strip_prefix(']') else {
        return false;
    };
    let after = after.trim_start_matches([' ', '\t']);
    after.is_empty() || after.starts_with('#')
}

/// The start-of-file header: blank or comment lines, then a line whose first character
/// after blanks starts a key.
fn starts_with_key(lines: &[text::Line]) -> bool {
    for l in lines {
        let t = l.text.trim_start_matches([' ', '\t']);
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        return t.starts_with(|c: char| c.is_ascii_alphabetic() || "_\"'".contains(c));
    }
    false
}

/// One chunk: its lines `first..=last`, first byte, first line (1-based) and end.
struct Piece {
    first: usize,
    last: usize,
    lead: usize,
    offset: usize,
    line: usize,
    end: usize,
}

/// `split_hands(text, header=HEADER)` over a plain UTF-8 file (no CR, no BOM).
fn split(lines: &[text::Line], size: usize) -> Vec<Piece> {
    let mut heads: Vec<usize> = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        if table_header(&l.text) || (i == 0 && starts_with_key(lines)) {
            heads.push(i);
        }
    }
    let mut out: Vec<Piece> = Vec::with_capacity(heads.len());
    for (k, &h) in heads.iter().enumerate() {
        let stop = heads.get(k + 1).copied().unwrap_or(lines.len());
        let last = (h..stop)
            .rev()
            .find(|&j| lines[j].text.chars().any(|c| !text::is_py_space(c)))
            .unwrap_or(h);
        let first = &lines[h].text;
        let lead = first.len() - first.trim_start_matches(text::is_py_space).len();
        out.push(Piece {
            first: h,
            last,
            lead,
            offset: lines[h].start + lead,
            line: h + 1,
            end: size,
        });
    }
    for k in 1..out.len() {
        out[k - 1].end = out[k].offset;
    }
    out
}

/// Why a whole file is for the Python path, or None.
fn file_deferral(data: &[u8], start: usize, final_: bool) -> Option<&'static str> {
    if start != 0 || !final_ {
        return Some("phh_tail"); // live files and resumed tails: the Python path
    }
    if data.starts_with(b"\xef\xbb\xbf") || data.windows(3).any(|w| w == b"\xef\xbb\xbf") {
        return Some("bom");
    }
    if data.contains(&b'\r') || data.contains(&0) {
        return Some("cr_or_nul");
    }
    if std::str::from_utf8(data).is_err() {
        return Some("not_utf8");
    }
    None
}

/// The largest chunk the Python path parses (`config.MAX_HAND_CHARS`, counted in bytes here,
/// which defers a little more, never less).
const MAX_HAND_BYTES: usize = 1024 * 1024;

/// Parse, replay and judge one chunk of `site`s.
fn one_hand(
    chunk: &str,
    offset: usize,
    line: usize,
    sites: &[String],
) -> Result<(String, crate::model::Hand, engine::Replay), &'static str> {
    if chunk.len() > MAX_HAND_BYTES {
        return Err("oversized_hand");
    }
    let doc = toml::loads(chunk).ok_or("toml_outside_subset")?;
    let table = hand::hand_table(&doc)?;
    let site = hand::site(table, sites)?;
    let mut h = hand::build(table, chunk, offset as i64, line as i64)?;
    if crate::rabbit_board(&h) {
        return Err("rabbit_hunt");
    }
    // the venue's conventions (engine/sites.rs); a venue with no entry has the generic ones
    h.site = engine::sites::rules_key(&site);
    if crate::panic_hook_hits(&h.hand_id) {
        panic!("test hook: panic on hand {}", h.hand_id);
    }
    let mut rep = engine::replay(&h)?;
    if site == "phh" {
        // reconcile.RESULTS_OPTIONAL: PHH may carry no results, so that is a note
        for f in rep
            .findings
            .iter_mut()
            .filter(|f| f.code == "no_collections")
        {
            f.severity = crate::codes::Severity::Info;
        }
    }
    if let Some(f) = rep.findings.iter().find(|f| !crate::exact(f.code)) {
        return Err(crate::deferral_code(f.code));
    }
    if !crate::bounded(&h, &rep) {
        return Err("large_numbers");
    }
    Ok((site, h, rep))
}

/// What one file of a batch became: `deferred` (the whole file is the Python path's) or its
/// chunks, the next `n_chunks` of the batch's chunk list.
pub struct FileMeta {
    pub deferred: Option<&'static str>,
    pub consumed: usize,
    pub n_chunks: usize,
}

/// One file's chunks into `tables` and `chunks`; never panics.
fn parse_into(
    data: &[u8],
    start: usize,
    final_: bool,
    sites: &[String],
    tables: &mut rows::Tables,
    chunks: &mut Vec<ChunkOut>,
) -> FileMeta {
    let deferred = |why| FileMeta {
        deferred: Some(why),
        consumed: start,
        n_chunks: 0,
    };
    if let Some(why) = file_deferral(data, start, final_) {
        return deferred(why);
    }
    let lines = match catch_unwind(|| text::lines(data, 0)) {
        Ok(Ok(lines)) => lines,
        Ok(Err(why)) => return deferred(why),
        Err(_) => return deferred("internal_error"),
    };
    let pieces = split(&lines, data.len());
    for p in &pieces {
        let mut body: Vec<&str> = lines[p.first..=p.last]
            .iter()
            .map(|l| l.text.as_ref())
            .collect();
        body[0] = &body[0][p.lead..];
        let chunk = body.join("\n");
        let got = catch_unwind(AssertUnwindSafe(|| {
            one_hand(&chunk, p.offset, p.line, sites)
        }));
        let mut counts = [0; 5];
        let status = match got {
            Ok(Ok((site, h, rep))) => {
                tables.set_site(&site);
                counts = tables.add(&h, &rep);
                Status::Rows(tables.n_hands - 1)
            }
            Ok(Err(why)) => Status::Deferred(why),
            Err(panic) => {
                let msg = panic
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default();
                tables.set_site("phh");
                tables.add_reject(
                    p.offset as i64,
                    p.line as i64,
                    "internal_error",
                    &format!("panic: {msg}"),
                    &chunk,
                );
                Status::Rejected(tables.n_rejects - 1)
            }
        };
        chunks.push(ChunkOut {
            offset: p.offset,
            end: p.end,
            line: p.line,
            status,
            counts,
            text: None,
        });
    }
    FileMeta {
        deferred: None,
        consumed: data.len(),
        n_chunks: pieces.len(),
    }
}

/// One PHH/PHHS file's bytes -> rows for the hands read natively, deferrals for the rest
/// (`sites`: the site names sidepot reads, which a `venue` may name). Never panics.
pub fn parse_file(
    data: &[u8],
    path: &str,
    start: usize,
    final_: bool,
    imported_at: i64,
    sites: &[String],
) -> FileOut {
    let mut tables = rows::Tables::new(path, imported_at);
    let mut chunks = Vec::new();
    let meta = parse_into(data, start, final_, sites, &mut tables, &mut chunks);
    FileOut {
        deferred: meta.deferred,
        consumed: meta.consumed,
        chunks,
        tables: tables.finish(),
    }
}

/// Many whole files (`(bytes, path)`) in one batch of tables: a folder of one-hand files
/// costs one call and one set of Arrow tables, not one per file. The chunks of file `k`
/// follow those of the files before it; a chunk's `Rows(i)` indexes the batch's hands.
pub fn parse_many(
    files: &[(&[u8], &str)],
    imported_at: i64,
    sites: &[String],
) -> (Vec<FileMeta>, FileOut) {
    let mut tables = rows::Tables::new("", imported_at);
    let mut chunks = Vec::new();
    let mut metas = Vec::with_capacity(files.len());
    for (data, path) in files {
        tables.set_path(path);
        metas.push(parse_into(data, 0, true, sites, &mut tables, &mut chunks));
    }
    let out = FileOut {
        deferred: None,
        consumed: 0,
        chunks,
        tables: tables.finish(),
    };
    (metas, out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_like_the_reader() {
        assert!(table_header("[1]"));
        assert!(table_header("  [ \"a b\" ]  # x"));
        assert!(!table_header("[1, 2]"));
        assert!(!table_header("[]"));
        let lines = text::lines(b"# c\n\nvariant = 'NT'\n", 0).unwrap();
        assert!(starts_with_key(&lines));
        let lines = text::lines(b"# c\n[1]\nvariant = 'NT'\n", 0).unwrap();
        assert!(!starts_with_key(&lines));
        assert_eq!(split(&lines, 22).len(), 1);
    }
}

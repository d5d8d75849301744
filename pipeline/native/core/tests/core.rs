//! End-to-end tests of the core on hands the project's simulator wrote (fixtures/), plus the
//! properties the binding relies on: exact offsets, no panic escaping, one code table.

use arrow_array::Array;
use sidepot_core::{engine, parse, parse_file, text, Status};

const SIM: &str = include_str!("fixtures/simulated.txt");

fn hand_ids(out: &sidepot_core::FileOut) -> Vec<String> {
    let hands = &out.tables[0].1;
    let col = hands
        .column(1)
        .as_any()
        .downcast_ref::<arrow_array::StringArray>()
        .unwrap();
    (0..col.len()).map(|i| col.value(i).to_string()).collect()
}

#[test]
fn every_simulated_hand_is_claimed() {
    let out = parse_file(SIM.as_bytes(), "sim.txt", 0, true, 0);
    assert_eq!(out.deferred, None);
    assert_eq!(out.chunks.len(), 9);
    assert!(
        out.chunks
            .iter()
            .all(|c| matches!(c.status, Status::Rows(_))),
        "{:?}",
        out.chunks
    );
    assert_eq!(out.consumed, SIM.len());
    // chunks tile the file: each ends where the next begins
    for w in out.chunks.windows(2) {
        assert_eq!(w[0].end, w[1].offset);
    }
    assert_eq!(hand_ids(&out)[0], "200420000000");
}

#[test]
fn the_first_hand_replays_like_the_site_says() {
    let split = text::split(SIM.as_bytes(), 0, true).unwrap();
    let c = &split.chunks[0];
    let hand = parse::parse_hand(&split.chunk_lines(c), c.offset as i64, c.line as i64).unwrap();
    assert_eq!(hand.seats.len(), 3);
    assert_eq!(hand.report.total_pot, Some(1862));
    let rep = engine::replay(&hand).unwrap();
    assert!(rep.findings.is_empty(), "{:?}", rep.findings);
    assert_eq!(rep.total_pot, 1862);
    // main pot of three 62-cent stacks' worth, side pot between the two others
    assert_eq!(
        rep.pots.iter().map(|p| p.amount).collect::<Vec<_>>(),
        vec![186, 1676]
    );
    let won: i64 = rep.seats.iter().map(|s| s.won).sum();
    assert_eq!(won, 1862 - 55);
}

#[test]
fn offsets_are_bytes_of_the_file_with_crlf_bom_and_cp1252() {
    let mut data = b"\xef\xbb\xbfjunk line\r\n".to_vec();
    let first = data.len();
    let crlf = SIM.replace('\n', "\r\n");
    data.extend(crlf.as_bytes());
    let out = parse_file(&data, "x", 0, true, 0);
    assert_eq!(out.chunks[0].offset, first);
    let second = first + crlf.find("\r\nPokerStars Hand #200420000001").unwrap() + 2;
    assert_eq!(out.chunks[1].offset, second);
    assert!(out
        .chunks
        .iter()
        .all(|c| matches!(c.status, Status::Rows(_))));
    // a cp1252 byte in a name: that line is read as cp1252, the hand still parses
    let latin = SIM
        .replacen("Hanne", "Hann\u{e9}", 99)
        .replace('\u{e9}', "\u{fffd}");
    let bytes = latin.replace('\u{fffd}', "\u{1}").into_bytes();
    let bytes: Vec<u8> = bytes
        .into_iter()
        .map(|b| if b == 1 { 0xe9 } else { b })
        .collect();
    let out = parse_file(&bytes, "x", 0, true, 0);
    assert!(matches!(out.chunks[0].status, Status::Rows(_)));
}

#[test]
fn a_panic_becomes_an_internal_error_reject_and_the_file_goes_on() {
    // The hook holds for every thread (a file's runs may be read on several): a hand id no
    // other test reads, so the tests running beside this one are not hit.
    let sim = SIM.replace("#200420000001:", "#999420000001:");
    sidepot_core::set_panic_hand(Some("999420000001".into()));
    let out = parse_file(sim.as_bytes(), "sim.txt", 0, true, 0);
    sidepot_core::set_panic_hand(None);
    assert_eq!(out.chunks[1].status, Status::Rejected(0));
    assert!(out
        .chunks
        .iter()
        .enumerate()
        .all(|(i, c)| i == 1 || matches!(c.status, Status::Rows(_))));
    let rejects = &out.tables.iter().find(|t| t.0 == "rejects").unwrap().1;
    assert_eq!(rejects.num_rows(), 1);
    let reason = rejects
        .column(4)
        .as_any()
        .downcast_ref::<arrow_array::StringArray>()
        .unwrap();
    assert_eq!(reason.value(0), "internal_error");
}

#[test]
fn utf16_and_unfinished_files() {
    let mut wide = vec![0xff, 0xfe];
    for u in SIM.encode_utf16() {
        wide.extend(u.to_le_bytes());
    }
    assert_eq!(parse_file(&wide, "x", 0, true, 0).deferred, Some("utf16"));
    // a file still being written: its last hand waits for a blank line
    let out = parse_file(SIM.trim_end().as_bytes(), "x", 0, false, 0);
    assert_eq!(out.chunks.len(), 8);
    assert_eq!(out.consumed, out.chunks[7].end);
}

#[test]
fn every_code_the_engine_writes_is_in_the_table() {
    let src = [
        include_str!("../src/engine/mod.rs"),
        include_str!("../src/engine/cards.rs"),
        include_str!("../src/engine/checks.rs"),
        include_str!("../src/engine/pots.rs"),
        include_str!("../src/engine/reconcile.rs"),
        include_str!("../src/engine/state.rs"),
        include_str!("../src/engine/streets.rs"),
    ]
    .concat();
    let codes: Vec<&str> = sidepot_core::codes::catalogue()
        .iter()
        .map(|c| c.0.as_str())
        .collect();
    let mut n = 0;
    for piece in src
        .split("finding(\n")
        .skip(1)
        .chain(src.split("finding(").skip(1))
    {
        let piece = piece.trim_start();
        if let Some(rest) = piece.strip_prefix('"') {
            let code = &rest[..rest.find('"').unwrap()];
            assert!(codes.contains(&code), "{code} is not in codes.tsv");
            n += 1;
        }
    }
    assert!(n > 30);
    for c in sidepot_core::EXACT_CODES {
        assert!(codes.contains(c));
    }
}

#[test]
fn the_evaluator_orders_the_classes() {
    use sidepot_core::eval::evaluate;
    use sidepot_core::model::card;
    let h = |s: &str| s.split(' ').map(|c| card(c).unwrap()).collect::<Vec<_>>();
    let royal = evaluate(&h("As Ks Qs Js Ts 2c 3d")).unwrap();
    let quads = evaluate(&h("Ac Ad Ah As Ks 2c 3d")).unwrap();
    let wheel = evaluate(&h("Ac 2d 3h 4s 5s Kc Kd")).unwrap();
    let six_high = evaluate(&h("2c 3d 4h 5s 6s Kc Kd")).unwrap();
    assert!(royal > quads && quads > six_high && six_high > wheel);
    assert_eq!(
        evaluate(&h("As Ks Qs Js Ts 2c 3d")),
        evaluate(&h("As Ks Qs Js Ts 4c 5d"))
    );
    assert!(evaluate(&h("As As Qs Js Ts")).is_none());
}

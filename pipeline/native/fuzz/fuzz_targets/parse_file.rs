//! Any bytes as a whole file: split, parse, replay and rows never panic (a panic would be
//! caught and become an `internal_error` reject: this target fails on one, so the fuzzer
//! reports it), and the chunks tile the bytes they cover, in order.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sidepot_core::{parse_file, Status};

fuzz_target!(|data: &[u8]| {
    for final_ in [true, false] {
        let out = parse_file(data, "fuzz.txt", 0, final_, 0);
        let mut at = 0;
        for c in &out.chunks {
            assert!(at <= c.offset && c.offset < c.end && c.end <= data.len());
            at = c.end;
            assert!(
                !matches!(c.status, Status::Rejected(_)),
                "a panic inside the core"
            );
        }
        assert!(out.consumed <= data.len());
    }
});

//! Any text after a real PokerStars header and seat lines: the parser and the engine on
//! hands that get far past the header (where bytes from scratch rarely reach) never panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

const HEAD: &str = "PokerStars Hand #200010000000:  Hold'em No Limit ($0.01/$0.02 USD) - \
2024/03/11 10:00:46 ET\nTable 'Vega I' 6-max Seat #3 is the button\nSeat 1: PeppeR ($0.56 in \
chips)\nSeat 3: 0tto ($0.08 in chips)\nSeat 5: Uma ($0.37 in chips)\n";

fuzz_target!(|body: &[u8]| {
    let Ok(body) = std::str::from_utf8(body) else {
        return;
    };
    let text = format!("{HEAD}{body}");
    let lines: Vec<&str> = text.split('\n').collect();
    let _ = sidepot_core::one_hand(&lines, 0, 1);
});

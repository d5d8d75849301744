//! `cargo run --release --example time_file -- FILE...`: the core's hands/s on files, without
//! Python (split + parse + replay + Arrow rows, one thread). `SITE=ggpoker` (or another of
//! `parse::SITES`) reads the files as that site.
fn main() {
    let name = std::env::var("SITE").unwrap_or_else(|_| "pokerstars".to_string());
    let site = sidepot_core::parse::site(&name).expect("a site of parse::SITES");
    let files: Vec<(String, Vec<u8>)> = std::env::args()
        .skip(1)
        .map(|p| (p.clone(), std::fs::read(&p).expect("readable file")))
        .collect();
    let mut best = f64::INFINITY;
    let mut chunks = 0;
    for _ in 0..std::env::var("REPEAT")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(3)
    {
        let t = std::time::Instant::now();
        chunks = 0;
        for (p, d) in &files {
            chunks += sidepot_core::parse_file_of(site, d, p, 0, true, 0)
                .chunks
                .len();
        }
        best = best.min(t.elapsed().as_secs_f64());
    }
    println!(
        "{chunks} chunks in {:.3} s: {:.0} chunks/s",
        best,
        chunks as f64 / best
    );
}

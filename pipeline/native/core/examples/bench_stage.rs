//! `cargo run --release --example bench_stage -- FILE_OR_FOLDER...`: the native stage (split +
//! parse + replay + Arrow rows) on one thread, as hands per CPU second of this thread, beside
//! issue 14's target of 100,000. Folders are walked for `.txt` files. `SITE=ggpoker` (or
//! another of `parse::SITES`) reads the files as that site; `REPEAT=n` (default 3) keeps the
//! best of n passes. On a shared machine CPU time, not wall time, is the figure to compare.
use std::path::{Path, PathBuf};
use std::time::Instant;

/// This thread's CPU time in seconds (Linux: /proc/thread-self/schedstat, nanoseconds);
/// None elsewhere, where wall time is reported instead.
fn thread_cpu() -> Option<f64> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = s.split_whitespace().next()?.parse().ok()?;
    Some(ns / 1e9)
}

fn walk(p: &Path, out: &mut Vec<PathBuf>) {
    if p.is_dir() {
        let mut kids: Vec<PathBuf> = std::fs::read_dir(p)
            .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
            .unwrap_or_default();
        kids.sort();
        for k in kids {
            walk(&k, out);
        }
    } else if p.extension().is_some_and(|e| e == "txt") {
        out.push(p.to_path_buf());
    }
}

fn main() {
    // one thread: the runs are read on this thread, so its CPU time is the stage's
    std::env::set_var("SIDEPOT_NATIVE_THREADS", "1");
    let name = std::env::var("SITE").unwrap_or_else(|_| "pokerstars".to_string());
    let Some(site) = sidepot_core::parse::site(&name) else {
        eprintln!("SITE must be one of parse::SITES");
        std::process::exit(2);
    };
    let mut paths = Vec::new();
    for a in std::env::args().skip(1) {
        walk(Path::new(&a), &mut paths);
    }
    let files: Vec<(String, Vec<u8>)> = paths
        .iter()
        .filter_map(|p| Some((p.display().to_string(), std::fs::read(p).ok()?)))
        .collect();
    let repeat: usize = std::env::var("REPEAT")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(3);
    let (mut best_cpu, mut best_wall) = (f64::INFINITY, f64::INFINITY);
    let (mut rows, mut deferred, mut chunks) = (0, 0, 0);
    for _ in 0..repeat.max(1) {
        let (wall, cpu) = (Instant::now(), thread_cpu());
        (rows, deferred, chunks) = (0, 0, 0);
        for (p, d) in &files {
            let out = sidepot_core::parse_file_of(site, d, p, 0, true, 0);
            rows += out.tables[0].1.num_rows();
            chunks += out.chunks.len();
            deferred += out
                .chunks
                .iter()
                .filter(|c| matches!(c.status, sidepot_core::Status::Deferred(_)))
                .count();
        }
        best_wall = best_wall.min(wall.elapsed().as_secs_f64());
        if let (Some(a), Some(b)) = (cpu, thread_cpu()) {
            best_cpu = best_cpu.min(b - a);
        }
    }
    let per = |n: usize, s: f64| if s > 0.0 { n as f64 / s } else { 0.0 };
    println!(
        "{name}: {} files, {chunks} chunks, {rows} hands with rows, {deferred} deferred",
        files.len()
    );
    if best_cpu.is_finite() {
        println!(
            "one thread: {:.0} chunks per CPU second ({:.0} hands with rows; target 100,000), {:.3} CPU s",
            per(chunks, best_cpu),
            per(rows, best_cpu),
            best_cpu
        );
    }
    println!(
        "wall: {:.0} chunks/s, {:.3} s",
        per(chunks, best_wall),
        best_wall
    );
    phases(site, &files, chunks);
}

/// Where one pass's time goes: the stage cut after each step (split; + parse; + replay;
/// + rows), each the best of three, shown as microseconds per chunk.
fn phases(site: &sidepot_core::parse::Site, files: &[(String, Vec<u8>)], chunks: usize) {
    use sidepot_core::{engine, rows, text};
    let time = |depth: u8| {
        let mut best = f64::INFINITY;
        for _ in 0..3 {
            let t = Instant::now();
            for (p, d) in files {
                let Ok(split) = text::split_with(d, 0, true, site.is_header) else {
                    continue;
                };
                let mut tables = rows::Tables::with_capacity(p, 0, split.chunks.len());
                for c in &split.chunks {
                    let lines = split.chunk_lines(c);
                    if depth < 1 {
                        continue;
                    }
                    let Ok(hand) = (site.parse_hand)(&lines, c.offset as i64, c.line as i64) else {
                        continue;
                    };
                    if depth < 2 {
                        continue;
                    }
                    let Ok(rep) = engine::replay(&hand) else {
                        continue;
                    };
                    if depth >= 3 {
                        tables.add(&hand, &rep);
                    }
                }
                if depth >= 4 {
                    std::hint::black_box(tables.finish());
                }
            }
            best = best.min(t.elapsed().as_secs_f64());
        }
        best
    };
    let cuts: Vec<f64> = (0..5).map(time).collect();
    let us = |s: f64| s * 1e6 / chunks.max(1) as f64;
    println!(
        "us per chunk: split {:.2}, parse {:.2}, replay {:.2}, rows {:.2}, finish {:.2}",
        us(cuts[0]),
        us(cuts[1] - cuts[0]),
        us(cuts[2] - cuts[1]),
        us(cuts[3] - cuts[2]),
        us(cuts[4] - cuts[3]),
    );
}

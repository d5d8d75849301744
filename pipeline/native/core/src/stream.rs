//! A split file's chunks -> their outcomes and rows, on every core.
//!
//! The chunks are read in runs of [`RUN`] hands; a large file's runs are shared out among
//! up to [`threads`] scoped threads (each run builds its own tables, so nothing is shared
//! but a counter), and the runs' tables are joined in file order. On one thread every run
//! goes into one set of tables: nothing to join. Scoped threads, made per
//! call, rather than a global pool: the import forks worker processes, and a pool's
//! threads would not survive a fork made after its first use.

use crate::parse::Site;
use crate::rows::{Counts, Tables};
use crate::text::{Chunk, Split};
use crate::{one_hand_of, ChunkOut, Status};
use arrow_array::RecordBatch;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// One run's outcomes and tables.
type Part = (Vec<ChunkOut>, Tables);

/// Hands per run: big enough that a run's tables cost little to join, small enough that
/// the threads finish together (a streamed piece of a big file, ~6,000 hands, makes six).
pub const RUN: usize = 1024;

/// Threads for one file: what this process may use (its CPU affinity), at most 8; one for a
/// file of one run. `SIDEPOT_NATIVE_THREADS` overrides it (1: no thread is started).
pub fn threads(runs: usize) -> usize {
    let wanted = std::env::var("SIDEPOT_NATIVE_THREADS")
        .ok()
        .and_then(|v| v.trim().parse::<usize>().ok())
        .filter(|&n| n > 0)
        .unwrap_or_else(|| {
            std::thread::available_parallelism()
                .map(|n| n.get())
                .unwrap_or(1)
                .min(8)
        });
    wanted.min(runs).max(1)
}

/// Every chunk of `split`: its outcome (rows, deferred with its text, or a panic's
/// `internal_error` reject) and the tables of the claimed hands and rejects, in file order.
pub fn read_chunks(
    site: &Site,
    split: &Split<'_>,
    path: &str,
    imported_at: i64,
    defer_above: usize,
) -> (Vec<ChunkOut>, Vec<(&'static str, RecordBatch)>) {
    let runs: Vec<&[Chunk]> = split.chunks.chunks(RUN).collect();
    let n = threads(runs.len());
    if n <= 1 {
        // one thread: one set of tables for every run, so nothing is joined (or copied) after
        let mut tables = Tables::with_capacity(path, imported_at, split.chunks.len());
        tables.set_site(site.format);
        let outs: Vec<ChunkOut> = split
            .chunks
            .iter()
            .map(|c| read_chunk(site, split, c, &mut tables, defer_above))
            .collect();
        return (outs, tables.finish());
    }
    let read = |run: &[Chunk]| {
        let mut tables = Tables::with_capacity(path, imported_at, run.len());
        tables.set_site(site.format);
        let outs: Vec<ChunkOut> = run
            .iter()
            .map(|c| read_chunk(site, split, c, &mut tables, defer_above))
            .collect();
        (outs, tables)
    };
    let parts: Vec<Part> = {
        let next = AtomicUsize::new(0);
        let slots: Vec<Mutex<Option<Part>>> = runs.iter().map(|_| Mutex::new(None)).collect();
        std::thread::scope(|scope| {
            for _ in 0..n {
                scope.spawn(|| loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    let Some(run) = runs.get(k) else { break };
                    let got = read(run);
                    *slots[k].lock().unwrap_or_else(|e| e.into_inner()) = Some(got);
                });
            }
        });
        slots
            .into_iter()
            .map(|s| {
                s.into_inner()
                    .unwrap_or_else(|e| e.into_inner())
                    .expect("every run read")
            })
            .collect()
    };
    join(parts, path, imported_at)
}

/// The runs' outcomes with their row indices made file-wide, and their tables joined.
fn join(
    parts: Vec<Part>,
    path: &str,
    imported_at: i64,
) -> (Vec<ChunkOut>, Vec<(&'static str, RecordBatch)>) {
    if parts.is_empty() {
        return (vec![], Tables::new(path, imported_at).finish());
    }
    let (mut hands, mut rejects) = (0, 0);
    let mut chunks = Vec::new();
    let mut batches: Vec<Vec<(&'static str, RecordBatch)>> = Vec::with_capacity(parts.len());
    for (outs, tables) in parts {
        let (h, r) = (tables.n_hands, tables.n_rejects);
        chunks.extend(outs.into_iter().map(|mut c| {
            c.status = match c.status {
                Status::Rows(i) => Status::Rows(i + hands),
                Status::Rejected(i) => Status::Rejected(i + rejects),
                other => other,
            };
            c
        }));
        hands += h;
        rejects += r;
        batches.push(tables.finish());
    }
    if batches.len() == 1 {
        return (chunks, batches.pop().expect("one run"));
    }
    // Table by table, each run's piece dropped once joined: the peak is the runs' tables
    // plus one joined table, not two copies of everything.
    let names: Vec<&'static str> = batches[0].iter().map(|(name, _)| *name).collect();
    let mut columns: Vec<std::vec::IntoIter<(&'static str, RecordBatch)>> =
        batches.into_iter().map(|b| b.into_iter()).collect();
    let joined = names
        .iter()
        .map(|name| {
            let parts: Vec<RecordBatch> = columns
                .iter_mut()
                .map(|c| c.next().expect("every run has every table").1)
                .collect();
            let schema = parts[0].schema();
            let batch = arrow_select::concat::concat_batches(&schema, &parts)
                .expect("the runs' tables share one schema");
            (*name, batch)
        })
        .collect();
    (chunks, joined)
}

/// One chunk's outcome, its rows added to `tables`.
fn read_chunk(
    site: &Site,
    split: &Split<'_>,
    c: &Chunk,
    tables: &mut Tables,
    defer_above: usize,
) -> ChunkOut {
    let lines = split.chunk_lines(c);
    let mut counts: Counts = [0; 5];
    let mut text = None;
    let got = if c.end - c.offset > defer_above {
        Ok(Err("large_chunk"))
    } else {
        catch_unwind(AssertUnwindSafe(|| {
            one_hand_of(site, &lines, c.offset, c.line)
        }))
    };
    let status = match got {
        Ok(Ok((hand, rep))) => {
            counts = tables.add(&hand, &rep);
            Status::Rows(tables.n_hands - 1)
        }
        Ok(Err(why)) => {
            text = Some(lines.join("\n"));
            Status::Deferred(why)
        }
        Err(panic) => {
            let msg = panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            tables.add_reject(
                c.offset as i64,
                c.line as i64,
                "internal_error",
                &format!("panic: {msg}"),
                &lines.join("\n"),
            );
            Status::Rejected(tables.n_rejects - 1)
        }
    };
    ChunkOut {
        offset: c.offset,
        end: c.end,
        line: c.line,
        status,
        counts,
        text,
    }
}

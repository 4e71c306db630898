//! `perft_shard`: a part of a perft count, interruptible by Ctrl-C.

use betza::perft::{PerftOptions, Shard};
use betza::with_board;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::errors::fen_err;
use crate::interrupt::{self, PerftJob};
use crate::registry::variant_arg;

/// Perft of part ``k`` of ``n`` (numbered from 1) of the tree ``depth``
/// plies deep below ``fen`` (the variant's start when ``None``), as the
/// library's ``--shard K/N``: the parts are disjoint and add up to the whole
/// count. Counts with the GIL released; ``depth`` is at most 20, and Ctrl-C
/// interrupts a long count (``KeyboardInterrupt``).
#[pyfunction]
#[pyo3(signature = (variant, fen, depth, k, n, threads = 1))]
pub(crate) fn perft_shard(
    py: Python<'_>,
    variant: &Bound<'_, PyAny>,
    fen: Option<&str>,
    depth: u32,
    k: u32,
    n: u32,
    threads: usize,
) -> PyResult<u64> {
    interrupt::check_depth(depth)?;
    let v = variant_arg(variant)?;
    let shard = Shard::new(k, n).ok_or_else(|| {
        PyValueError::new_err(format!(
            "shard {k} of {n}: the parts are numbered 1 to n (n at least 1)"
        ))
    })?;
    let options = PerftOptions {
        threads,
        shard,
        ..PerftOptions::default()
    };
    let job: PerftJob = with_board!(&v, |v| {
        let pos = match fen {
            None => v.start_owned(),
            Some(fen) => v.owned_from_fen(fen).map_err(fen_err)?,
        };
        Box::new(move |stop| pos.position().perft_until(depth, options, stop))
    });
    interrupt::run(py, job)
}

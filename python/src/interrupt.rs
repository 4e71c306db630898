//! Long counts that Ctrl-C interrupts: perft runs on a worker thread with
//! the GIL released, while the calling thread wakes every 50 ms, takes the
//! GIL and runs Python's signal handlers (`KeyboardInterrupt` from Ctrl-C);
//! when one raises, the worker is told to stop (the library's
//! `perft_until` looks every few milliseconds) and the exception is raised.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// The deepest perft counted, as the C ABI's `betza_perft`: deeper counts
/// take years, and a wrong argument should not hang an interpreter.
pub(crate) const MAX_PERFT_DEPTH: u32 = 20;

/// A counting job: it owns what it counts, stops (giving `None`) once the
/// flag is set.
pub(crate) type PerftJob = Box<dyn FnOnce(&AtomicBool) -> Option<u64> + Send>;

/// `ValueError` for a depth past [`MAX_PERFT_DEPTH`].
pub(crate) fn check_depth(depth: u32) -> PyResult<()> {
    if depth > MAX_PERFT_DEPTH {
        return Err(PyValueError::new_err(format!(
            "depth {depth} is over {MAX_PERFT_DEPTH}"
        )));
    }
    Ok(())
}

/// Runs `job` with the GIL released, raising what a signal handler raises
/// (`KeyboardInterrupt`) within about 50 ms of the signal.
pub(crate) fn run(py: Python<'_>, job: PerftJob) -> PyResult<u64> {
    let stop = AtomicBool::new(false);
    std::thread::scope(|s| {
        let (tx, rx) = mpsc::channel();
        let stop = &stop;
        s.spawn(move || {
            // A send fails only when the caller gave up waiting.
            let _ = tx.send(job(stop));
        });
        let mut rx = rx;
        loop {
            let (got, back) = py.detach(move || (rx.recv_timeout(Duration::from_millis(50)), rx));
            rx = back;
            match got {
                Ok(Some(n)) => return Ok(n),
                // Stopped only by the flag, which only an error sets.
                Ok(None) => return Err(PyValueError::new_err("perft was stopped")),
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    return Err(PyValueError::new_err("perft failed"));
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
            }
            if let Err(e) = py.check_signals() {
                stop.store(true, Ordering::Relaxed);
                // The worker sees the flag within milliseconds; the scope
                // waits for it, with the GIL released.
                let _ = py.detach(move || rx.recv());
                return Err(e);
            }
        }
    })
}

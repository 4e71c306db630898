#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| betza_fuzz::pgn(data));

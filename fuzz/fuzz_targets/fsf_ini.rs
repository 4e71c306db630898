#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| betza_fuzz::fsf_ini(data));

//! As a new user would: a program that reads a variant from a file (as the
//! examples' `--variant-file` does), keeps only an `OwnedPosition` of it in
//! its own struct, sends that to another thread and plays a game there.
//! Only the public API is used.

use std::sync::Arc;

use betza::{Game, OwnedPosition, Variant};

/// A program's state: the position alone, no variant handle beside it.
struct Session {
    pos: OwnedPosition,
}

/// The variant of a definition file, as a program reads one at run time.
fn read_variant(path: &str) -> Arc<Variant> {
    let text = std::fs::read_to_string(path).expect("the definition file");
    Arc::new(Variant::from_definition(&text).expect("a valid definition"))
}

/// A small deterministic generator, so the game is the same every run.
fn next(seed: &mut u64) -> u64 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    *seed
}

#[test]
fn an_owned_position_of_a_variant_file_is_played_on_another_thread() {
    let session = Session {
        pos: OwnedPosition::start(read_variant("tests/data/variants/gardner.toml")),
    };
    // The only handle to the variant is now inside the session.
    let start_fen = session.pos.position().to_fen();

    let worker = std::thread::spawn(move || {
        let mut session = session;
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut texts = Vec::new();
        while session.pos.position().outcome().is_none() && texts.len() < 80 {
            let moves = session.pos.position().legal_moves();
            let m = moves[(next(&mut seed) % moves.len() as u64) as usize];
            texts.push(session.pos.position().move_text(&m));
            session.pos.play(&m).expect("a legal move");
        }
        (session, texts)
    });
    let (session, texts) = worker.join().expect("the worker thread");
    assert!(texts.len() >= 10, "a real game: {texts:?}");
    assert_eq!(session.pos.variant().name(), "gardner");

    // The same moves, replayed through FEN and text on a fresh copy of the
    // variant read again, reach the same position: equal as positions of the
    // same definition, though the two variants are different objects.
    let again = read_variant("tests/data/variants/gardner.toml");
    let mut game = Game::from_fen(Arc::clone(&again), &start_fen).expect("the start FEN");
    for t in &texts {
        game.play_text(t).expect("a legal move again");
    }
    assert_eq!(game.position().to_fen(), session.pos.position().to_fen());
    assert_eq!(*game.position(), session.pos.position());
    assert_eq!(game.owned_position(), session.pos);

    // The session's position starts a game of its own, also sent to a thread.
    let mut from_owned = Game::from_position(session.pos.clone());
    drop(again);
    let back = std::thread::spawn(move || {
        if let Some(&m) = from_owned.position().legal_moves().first() {
            from_owned.play(&m).expect("a legal move");
            assert_eq!(from_owned.undo(), Some(m));
        }
        from_owned
    })
    .join()
    .expect("the second thread");
    assert_eq!(back.position(), session.pos.as_position());
    assert_eq!(back.variant().name(), "gardner");
}

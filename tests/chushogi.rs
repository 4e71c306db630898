//! Chu Shogi as a definition file on the large board
//! type, against shogiops's published counts (read as SFEN, whose third
//! field is Lion-trading rule 4's square), and the rules and text beyond
//! them: rule 4, the game end, USI two-step moves.

use betza::LargeVariant;

const DEFINITION: &str = include_str!("data/variants/chushogi.toml");

fn chu() -> LargeVariant {
    LargeVariant::from_definition(DEFINITION).expect("chushogi.toml compiles")
}

#[test]
fn start_counts_are_shogiops_counts() {
    let v = chu();
    let pos = v.start();
    assert_eq!(pos.perft(1), 36);
    assert_eq!(pos.perft(2), 1_296);
}

#[test]
fn hand_written_positions() {
    let v = chu();
    let count = |sfen: &str| v.from_sfen(sfen).expect(sfen).perft(1);
    // A Lion was just taken on 8j (e3) by a non-Lion: Black's Rook may not
    // take White's Lion elsewhere (rule 4), so 7 moves, and 8 without it.
    assert_eq!(
        count("11k/12/12/12/12/4r7/12/12/9n2/4+o7/12/6B4K b 8j 1"),
        7
    );
    assert_eq!(
        count("11k/12/12/12/12/4r7/12/12/9n2/4+o7/12/6B4K b - 1"),
        8
    );
    // Published for the White pieces alone (88 and 98); a King each in the
    // far corners keeps the game going, and White's adds its 3 moves.
    assert_eq!(
        count("11k/12/12/12/7g4/6n5/5N6/12/12/12/12/11K b - 1"),
        88 + 3
    );
    assert_eq!(
        count("11k/12/12/12/4B2l4/4S7/5N6/7n4/12/12/12/11K b - 1"),
        98 + 3
    );
}

#[test]
fn published_random_positions() {
    let v = chu();
    let data = include_str!("data/chushogi-random.txt");
    let (mut checked, mut with_square) = (0, 0);
    for line in data
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let f: Vec<&str> = line.split('|').collect();
        let depth: u32 = f[1].parse().expect("depth");
        let want: u64 = f[2].parse().expect("count");
        let pos = v.from_sfen(f[0]).unwrap_or_else(|e| panic!("{}: {e}", f[0]));
        assert_eq!(pos.perft(depth), want, "{}", f[0]);
        // SFEN round trip, the Lion square included.
        assert_eq!(pos.to_sfen(), f[0]);
        with_square += usize::from(pos.lion_square().is_some());
        checked += 1;
    }
    assert_eq!((checked, with_square), (140, 1));
}

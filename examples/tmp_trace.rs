use betza::{Position, Variant};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let v = Variant::by_name(&args[1]).unwrap();
    let games: u64 = args[2].parse().unwrap();
    let want = &args[4];
    let mut seed: u64 = 0x9e3779b97f4a7c15 ^ args[3].parse::<u64>().unwrap();
    let mut rnd = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for _ in 0..games {
        let mut p = Position::start(v);
        let plies = 4 + rnd() % 60;
        let mut log = vec![];
        for _ in 0..plies {
            let ms = p.legal_moves();
            if ms.is_empty() || p.outcome().is_some() {
                break;
            }
            let m = ms.as_slice()[(rnd() % ms.len() as u64) as usize];
            log.push((p.move_text(&m), p.play(&m).unwrap().to_fen()));
            p = p.play(&m).unwrap();
        }
        if p.legal_moves().is_empty() {
            continue;
        }
        if p.to_fen() == *want {
            for (m, f) in log {
                println!("{m}\t{f}");
            }
        }
    }
}

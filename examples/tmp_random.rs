use betza::{Position, Variant};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let v = Variant::by_name(&args[1]).unwrap();
    let games: u64 = args[2].parse().unwrap();
    let mut seed: u64 = 0x9e3779b97f4a7c15 ^ args[3].parse::<u64>().unwrap();
    let mut rnd = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for _ in 0..games {
        let mut p = Position::start(v);
        let mut texts: Vec<String> = vec![];
        let maxp: u64 = args.get(4).map_or(60, |a| a.parse().unwrap());
        let plies = 4 + rnd() % maxp;
        for _ in 0..plies {
            let ms = p.legal_moves();
            if ms.is_empty() || p.outcome().is_some() {
                break;
            }
            let m = ms.as_slice()[(rnd() % ms.len() as u64) as usize];
            texts.push(p.move_text(&m));
            p = p.play(&m).unwrap();
        }
        if p.legal_moves().is_empty() {
            continue;
        }
        println!(
            "{}\t{}\t{}\t{}",
            p.to_fen(),
            p.perft(2),
            p.perft(3),
            texts.join(" ")
        );
    }
}

//! serde (the `serde` feature): every plain data type goes out and comes
//! back equal, through TOML, and bad values are refused with a message.

use betza::{
    CastlingRights, Color, Game, PieceToken, Position, San, Setup, SquareName, UciMove, Variant,
    VariantDef,
};
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Wrap<T> {
    value: T,
}

fn round_trip<T>(value: T) -> T
where
    T: Serialize + for<'de> Deserialize<'de> + std::fmt::Debug + PartialEq + Clone,
{
    let text = toml::to_string(&Wrap {
        value: value.clone(),
    })
    .expect("serializes");
    let back: Wrap<T> = toml::from_str(&text).expect("deserializes");
    assert_eq!(back.value, value, "{text}");
    back.value
}

fn refused<T: for<'de> Deserialize<'de> + std::fmt::Debug>(toml_value: &str) -> String {
    let err = toml::from_str::<Wrap<T>>(&format!("value = {toml_value}")).unwrap_err();
    err.to_string()
}

#[test]
fn text_values_travel_as_their_text() {
    let sq: SquareName = "j10".parse().unwrap();
    assert_eq!(
        toml::to_string(&Wrap { value: sq }).unwrap().trim(),
        "value = \"j10\""
    );
    round_trip(sq);
    round_trip("c9c10+".parse::<UciMove>().unwrap());
    round_trip("Lxe5=+P".parse::<San>().unwrap());
    round_trip("+F".parse::<PieceToken>().unwrap());
    round_trip(Color::Black);
    round_trip(CastlingRights::WHITE_KING_SIDE | CastlingRights::BLACK_QUEEN_SIDE);
    round_trip(CastlingRights::empty());
    assert!(refused::<SquareName>("\"z99\"").contains("z99"));
    assert!(refused::<Color>("\"red\"").contains("red"));
    assert!(refused::<CastlingRights>("\"KX\"").contains("KX"));
    // Squares reach 675 (z26 of 26x26); past it, refused.
    round_trip(betza::Square(675));
    assert!(refused::<betza::Square>("676").contains("676"));
    assert!(refused::<betza::Square>("70000").contains("70000"));
}

#[test]
fn every_builtin_definition_round_trips() {
    for name in Variant::builtin_names() {
        let def: VariantDef = Variant::by_name(name).unwrap().definition().clone();
        round_trip(def);
    }
    assert!(refused::<VariantDef>("\"files = \"").contains("line"));
}

#[test]
fn setups_round_trip_along_games() {
    for name in Variant::builtin_names() {
        let v = Variant::by_name(name).unwrap();
        let mut pos = Position::start(v);
        for i in 0..20 {
            let setup = round_trip(pos.setup());
            assert_eq!(Position::from_setup(v, &setup).unwrap(), pos);
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos = pos.play_unchecked(&moves[(i * 5 + 1) % moves.len()]);
        }
    }
    // A setup is unchecked: a board with no Kings comes back as it went.
    round_trip(Setup::empty());
}

#[test]
fn games_travel_as_pgn() {
    let mut game = Game::new(Variant::by_name("decimaka").unwrap());
    game.play_san("e5").unwrap();
    game.play_text("f8f6").unwrap();
    let text = toml::to_string(&Wrap {
        value: game.clone(),
    })
    .unwrap();
    assert!(text.contains("[Variant"), "{text}");
    let back: Wrap<Game> = toml::from_str(&text).unwrap();
    assert_eq!(back.value.position(), game.position());
    assert_eq!(back.value.san_moves(), game.san_moves());
    // Text that is no game is refused with the PGN reader's message.
    assert!(!refused::<Game>("\"1. zz9\"").is_empty());
    // A game of a large board: its board type reads the built-in back.
    let mut chu = betza::LargeVariant::by_name("chushogi").unwrap().new_game();
    chu.play_text("f4f5").unwrap();
    let text = toml::to_string(&Wrap { value: chu.clone() }).unwrap();
    assert!(text.contains("chushogi"), "{text}");
    let back: Wrap<Game<betza::Large>> = toml::from_str(&text).unwrap();
    assert_eq!(back.value.position(), chu.position());
    // Not as a game of a small board, which has no such built-in.
    assert!(toml::from_str::<Wrap<Game>>(&text).is_err());
}

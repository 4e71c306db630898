// Tests the C++ wrapper betza.hpp: values, copies and moves of every class,
// errors as exceptions with their status. Prints "N passed, M failed".
#include "betza.hpp"

#include <cstdio>
#include <string>
#include <utility>
#include <vector>

static int passed = 0, failed = 0;

#define CHECK(cond)                                                             \
    do {                                                                        \
        if (cond) {                                                             \
            passed++;                                                           \
        } else {                                                                \
            failed++;                                                           \
            std::fprintf(stderr, "%s:%d: FAILED: %s\n", __FILE__, __LINE__, #cond); \
        }                                                                       \
    } while (0)

// Runs f, which must throw betza::Error with the status; returns its message.
template <class F> static std::string throws(BetzaStatus status, F f) {
    try {
        f();
    } catch (const betza::Error &e) {
        CHECK(e.status() == status);
        return e.what();
    }
    CHECK(!"no exception");
    return std::string();
}

static void test_variant() {
    std::vector<std::string> names = betza::Variant::builtin_names();
    CHECK(names.size() >= 4);
    for (const std::string &n : names) CHECK(betza::Variant(n).name() == n);
    betza::Variant v("meiriqi");
    CHECK(v.files() == 10 && v.ranks() == 10);
    CHECK(v.piece_count() == 17);
    CHECK(v.piece_name(0) == "King" && v.piece_info(0).royal);
    CHECK(v.piece_token(3) == "Y" && v.piece_token(3, betza::Color::black) == "y");
    CHECK(v.piece_betza(3) == "FyafsF");
    CHECK(v.piece_description(7).find("leap") != std::string::npos);
    CHECK(v.piece_promotions(7) == std::vector<uint32_t>{12});
    CHECK(v.piece_region(0, betza::Color::white).size() == 9);
    CHECK(v.promotion_zone(betza::Color::black).size() == 30);
    CHECK(v.start_fen().rfind("1fyehw1mkm/", 0) == 0);
    std::string msg = throws(BETZA_UNKNOWN_VARIANT, [] { betza::Variant("no-such-chess"); });
    CHECK(msg.find("no-such-chess") != std::string::npos);
    throws(BETZA_INVALID_ARGUMENT, [&] { v.piece_name(99); });

    betza::Variant copy = v; // copies share the variant
    CHECK(copy.get() == v.get());
    betza::Variant moved = std::move(copy);
    CHECK(moved.name() == "meiriqi");
    throws(BETZA_NULL_ARGUMENT, [&] { (void)copy.name(); }); // moved from
    copy = moved;
    CHECK(copy.name() == "meiriqi");
}

static void test_position() {
    betza::Position pos("decimaka");
    CHECK(pos.legal_moves().size() == 50);
    CHECK(pos.side_to_move() == betza::Color::white);
    betza::Position copy = pos;
    pos.play_text("e3e5");
    CHECK(pos.side_to_move() == betza::Color::black);
    CHECK(copy.side_to_move() == betza::Color::white); // independent
    CHECK(copy.fen() != pos.fen());
    betza::Position moved = std::move(copy);
    throws(BETZA_NULL_ARGUMENT, [&] { (void)copy.fen(); });
    copy = pos;
    CHECK(copy.fen() == pos.fen() && copy.hash() == pos.hash());
    copy = std::move(moved);
    CHECK(copy.side_to_move() == betza::Color::white);
    betza::Position &self = copy;
    copy = self; // self-assignment keeps it
    CHECK(copy.legal_moves().size() == 50);

    betza::Move m = copy.parse_move("e3e5");
    CHECK(copy.move_text(m) == "e3e5" && copy.san(m) == "e5");
    CHECK(copy.parse_san("e5").to == m.to);
    copy.play(m);
    CHECK(copy.fen() == pos.fen());
    throws(BETZA_ILLEGAL_MOVE, [&] { copy.play(m); });
    throws(BETZA_INVALID_MOVE, [&] { copy.play_text("zz"); });
    std::string msg = throws(BETZA_INVALID_SQUARE, [&] { copy.parse_square("k1"); });
    CHECK(msg.find("k1") != std::string::npos);
    CHECK(copy.parse_square("e5") == 44 && copy.square_name(44) == "e5");
    CHECK(copy.piece_at(44).has_value() && copy.piece_at(44)->color == BETZA_WHITE);
    CHECK(!copy.piece_at(24).has_value());
    CHECK(copy.variant().name() == "decimaka");
    CHECK(copy.files() == 10 && copy.ranks() == 10);

    betza::Position promo("decimaka", "4k5/10/10/10/3p6/10/4N5/10/10/5K4 w - - 0 1");
    CHECK(promo.moves_between(promo.parse_square("e4"), promo.parse_square("d6")).size() == 2);
    CHECK(promo.legal_targets(promo.parse_square("e4")).size() == 8);

    betza::Position chess("chess", "r3k2r/8/8/3pP3/8/8/8/R3K1R1 w Qkq d6 0 12");
    CHECK(chess.can_castle(betza::Color::white, false) && !chess.can_castle(betza::Color::white, true));
    CHECK(chess.ep_square() == std::optional<uint32_t>(43));
    CHECK(chess.halfmove_clock() == 0 && chess.fullmove_number() == 12);
    CHECK(betza::Position("chess").perft(3) == 8902);
    betza::Position house("crazyhouse", "4k3/8/8/8/8/8/8/4K3[NNq] w - - 0 1");
    CHECK(house.hand_count(betza::Color::white, 4) == 2);
    CHECK(house.hand_count(betza::Color::black, 1) == 1);
    CHECK(house.hand_count(betza::Color::black, 4) == 0);
    CHECK(betza::Position("shogi").perft(2) == 900);
    CHECK(!betza::Position("chess").is_check());
    betza::Position mate("chess", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    CHECK(mate.outcome().result == BETZA_RESULT_BLACK_WINS && mate.is_check());
    throws(BETZA_INVALID_FEN, [] { betza::Position("chess", "not a fen"); });
    throws(BETZA_INVALID_ARGUMENT, [] { (void)betza::Position("chess").perft(21); });

    betza::Variant capablanca("capablanca");
    betza::Position in(capablanca);
    CHECK(in.files() == 10 && in.ranks() == 8);
}

static void test_game() {
    betza::Game game("chess");
    for (const char *san : {"e4", "e5", "Nf3"}) game.play_san(san);
    CHECK(game.ply_count() == 3);
    CHECK((game.san_moves() == std::vector<std::string>{"e4", "e5", "Nf3"}));
    CHECK(game.moves().size() == 3);
    CHECK(game.position_at(0).fen() == betza::Position("chess").fen());
    CHECK(game.start_fen() == betza::Position("chess").fen());
    game.set_tag("White", "Ann");
    CHECK(game.tag("White") == "Ann" && game.tag("Black").empty());
    throws(BETZA_INVALID_TAG, [&] { game.set_tag("Result", "1-0"); });

    betza::Game copy = game;
    copy.undo();
    CHECK(copy.ply_count() == 2 && game.ply_count() == 3);
    copy.declare_result(BETZA_RESULT_DRAW);
    CHECK(copy.result() == BETZA_RESULT_DRAW && game.result() == BETZA_RESULT_ONGOING);
    CHECK(copy.status().outcome.result == BETZA_RESULT_ONGOING);

    game.set_comment(0, "a  game");
    game.set_nags(1, {1, 14});
    CHECK(game.comment(0) == "a game");
    CHECK(game.comment(1).empty());
    CHECK((game.nags(1) == std::vector<uint8_t>{1, 14}));
    betza::Game back = betza::Game::from_pgn(game.pgn());
    CHECK(back.comment(0) == "a game");
    CHECK((back.nags(1) == std::vector<uint8_t>{1, 14}));
    CHECK(back.san_moves() == game.san_moves() && back.tag("White") == "Ann");
    betza::Game in = betza::Game::from_pgn(betza::Variant("decimaka"), "1. e5 f6 *");
    CHECK(in.position().variant().name() == "decimaka");
    throws(BETZA_INVALID_PGN, [] { betza::Game::from_pgn(""); });
    throws(BETZA_INVALID_STATE, [] { betza::Game("chess").undo(); });
    betza::Game moved = std::move(back);
    throws(BETZA_NULL_ARGUMENT, [&] { back.play_san("e4"); });
    CHECK(moved.ply_count() == 3);
    betza::Game of_variant(betza::Variant("meiriqi"));
    CHECK(of_variant.position().legal_moves().size() == 44);

    betza::PgnReader reader("[White \"A\"]\n\n1. e4 *\n\n1. e4 Ke7 2. Qxe7 *\n\n1. d4 *\n");
    std::optional<betza::Game> first = reader.next();
    CHECK(first && first->tag("White") == "A");
    throws(BETZA_INVALID_PGN, [&] { reader.next(); });
    std::optional<betza::Game> third = reader.next();
    CHECK(third && third->san_moves() == std::vector<std::string>{"d4"});
    CHECK(!reader.next());
    betza::PgnReader other = std::move(reader);
    CHECK(!other.next());
    betza::PgnReader in_variant(betza::Variant("meiriqi"), "1. a5 *\n");
    CHECK(in_variant.next().has_value());
}

static const char *MINI = R"(name = "mini"
files = 5
ranks = 5
start = "rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1"

[[piece]]
name = "King"
token = "K"
betza = "K"
royal = true

[[piece]]
name = "Knight"
token = "N"
betza = "N"

[[piece]]
name = "Queen"
token = "Q"
betza = "Q"

[[piece]]
name = "Rook"
token = "R"
betza = "R"

[[piece]]
name = "Bishop"
token = "B"
betza = "B"

[[piece]]
name = "Pawn"
token = "P"
betza = "fmWfcF"
pawn = true
)";

static void test_custom_variant() {
    std::optional<betza::Position> pos;
    std::optional<betza::Game> game;
    {
        betza::Variant v = betza::Variant::from_definition(MINI);
        CHECK(v.name() == "mini" && v.files() == 5 && v.piece_count() == 6);
        pos.emplace(v);
        game.emplace(v, "4k/5/5/P4/4K w - - 0 1");
        betza::Variant copy = v;
        CHECK(copy.get() == v.get());
    } // every Variant object gone: the position and game keep the variant
    CHECK(pos->perft(1) == 7);
    CHECK(pos->variant().name() == "mini");
    game->play_san("a3");
    CHECK(game->position().variant().piece_name(1) == "Knight");
    betza::Game back = betza::Game::from_pgn(game->position().variant(), game->pgn());
    CHECK(back.ply_count() == 1);
    std::string msg = throws(BETZA_INVALID_DEFINITION, [] { betza::Variant::from_definition("files = 5"); });
    CHECK(!msg.empty());
}

// Xiangqi: White's Chariot checks with every move of the cycle and loses.
static void test_game_end() {
    betza::Game game("xiangqi", "5k3/R8/9/9/9/9/9/9/9/3K5 w - - 0 1");
    for (int i = 0; i < 2; i++)
        for (const char *m : {"a9a10", "f10f9", "a10a9", "f9f10"}) game.play_text(m);
    betza::GameStatus s = game.status();
    CHECK(s.outcome.result == BETZA_RESULT_BLACK_WINS && s.outcome.reason == BETZA_REASON_PERPETUAL_CHECK);
    CHECK(betza::reason_text(s.outcome.reason) == "perpetual check");
    throws(BETZA_INVALID_STATE, [&] { game.play_text("a9a10"); });
    betza::Position bare("shatranj", "4q3/2n5/8/2r1p3/kp2n3/8/8/1K6 w - - 0 41");
    CHECK(bare.outcome().reason == BETZA_REASON_BARE_KING && bare.perft(3) == 0);
    CHECK(!bare.is_checkmate() && !bare.is_stalemate() && !bare.is_insufficient_material());
    betza::Position dead("chess", "8/8/4k3/8/8/3NK3/8/8 w - - 0 1");
    CHECK(dead.is_insufficient_material() && dead.perft(1) > 0);
    CHECK(betza::Position("chess", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").is_stalemate());
}

int main() {
    CHECK(betza::version() == betza_version());
    test_variant();
    test_position();
    test_game();
    test_game_end();
    test_custom_variant();
    std::printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}

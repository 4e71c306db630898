// Tests betza.hpp's calls of issue 27: Move ==, hash and text through a
// position, the queries, notations and lines. Prints "N passed, M failed".
#include "betza.hpp"

#include <cstdio>
#include <string>
#include <unordered_set>
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

int main() {
    betza::Position pos("chess");
    std::vector<betza::Move> moves = pos.legal_moves();
    CHECK(moves.size() == 20);
    // == and hash: a parsed move equals the listed one; a set holds each once.
    betza::Move e4 = pos.parse_move("e2e4");
    bool found = false;
    for (const betza::Move &m : moves) found = found || m == e4;
    CHECK(found);
    std::unordered_set<betza::Move> set(moves.begin(), moves.end());
    set.insert(e4);
    CHECK(set.size() == 20);
    CHECK(pos.parse_move("g1f3") != e4);
    // Text through a position.
    CHECK(pos.text(e4) == "e4");
    CHECK(pos.text(e4, BETZA_NOTATION_LAN) == "e2-e4");
    CHECK(pos.text(e4, BETZA_NOTATION_MOVE_TEXT) == "e2e4");
    CHECK(pos.is_legal(e4) && !pos.gives_check(e4) && !pos.is_capture(e4));
    CHECK(pos.checkers().empty());
    CHECK(pos.legal_moves_from(6).size() == 2); /* g1: the Knight */
    // Strings and arrays still come whole with size queries that succeed.
    CHECK(pos.fen() == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    betza::Position after = pos;
    after.play_line("e4 e5 Nf3");
    CHECK(after.fen() == "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
    std::vector<betza::Move> line = {e4};
    CHECK(pos.san_line(line) == "e4");
    CHECK(betza_version_number() == BETZA_VERSION_NUMBER);

    // Chu Shogi, a large board: the Lion's two-step moves.
    betza::Variant chu("chushogi");
    CHECK(chu.files() == 12 && chu.ranks() == 12);
    CHECK(betza::Position(chu).perft(2) == 1296);
    betza::Position lion(chu, "k10g/12/12/12/12/4p7/4p7/4N7/12/12/12/11K w - - 0 1");
    betza::Move twice = lion.parse_move("e5e6e7");
    CHECK((twice.flags & BETZA_MOVE_VIA) && twice.via == int32_t(lion.parse_square("e6")));
    CHECK(lion.text(twice) == "Nxe6xe7" && lion.move_text(twice) == "e5e6e7");
    betza::Move jump = lion.parse_move("e5e7");
    CHECK(jump != twice); // the same squares, but not through e6
    betza::Move igui = twice;
    igui.to = igui.from;
    CHECK(lion.is_legal(igui) && lion.san(igui) == "Nxe6-e5");
    std::vector<betza::Move> all = lion.legal_moves();
    std::unordered_set<betza::Move> distinct(all.begin(), all.end());
    CHECK(distinct.size() == all.size() && distinct.count(twice) == 1 && distinct.count(jump) == 1);
    lion.play(twice);
    CHECK(!lion.piece_at(lion.parse_square("e6")) && lion.piece_at(lion.parse_square("e7")));
    // A game to the capture of the King.
    betza::Game game(chu, "k11/12/12/12/12/12/12/12/11P/1n10/12/K11 b - - 0 1");
    game.play_text("b3a1");
    CHECK(game.status().outcome.reason == BETZA_REASON_ROYAL_CAPTURED);
    CHECK(betza::Game::from_pgn(game.pgn()).pgn() == game.pgn());
    bool refused = false;
    try {
        game.play_text("a12b12");
    } catch (const betza::Error &e) {
        refused = e.status() == BETZA_INVALID_STATE;
    }
    CHECK(refused);
    std::printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}

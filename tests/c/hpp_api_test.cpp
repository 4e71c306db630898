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
    std::printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}

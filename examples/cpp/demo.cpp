// A tour of the C++ wrapper (include/betza.hpp): open a variant, list the
// legal moves, play a seeded random game to its end, write it as PGN, read
// it back, and catch an error.
//
// Build and run, with the library installed by cargo-c (see the README):
//   c++ -std=c++17 -Wall examples/cpp/demo.cpp $(pkg-config --cflags --libs betza) -o demo-cpp
//   ./demo-cpp meiriqi 42
#include "betza.hpp"

#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <string>

int main(int argc, char **argv) {
    std::string name = argc > 1 ? argv[1] : "meiriqi";
    uint64_t state = argc > 2 ? std::strtoull(argv[2], nullptr, 10) * 2654435761u + 1 : 42;
    auto random = [&state] {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        return static_cast<uint32_t>(state >> 11);
    };

    try {
        betza::Variant variant(name);
        std::cout << "betza " << betza::version() << ", " << variant.name() << ", "
                  << variant.files() << "x" << variant.ranks() << ", " << variant.piece_count()
                  << " piece types\n";

        betza::Game game(variant);
        game.set_tag("Event", "C++ demo");
        std::cout << "legal moves:";
        betza::Position start = game.position();
        for (const betza::Move &m : start.legal_moves()) std::cout << ' ' << start.move_text(m);
        std::cout << "\n";

        // Random moves until the rules end the game or a draw may be claimed.
        for (;;) {
            betza::GameStatus status = game.status();
            if (status.outcome.result != BETZA_RESULT_ONGOING || status.threefold_repetition ||
                status.fifty_moves)
                break;
            std::vector<betza::Move> moves = game.position().legal_moves();
            game.play(moves[random() % moves.size()]);
        }
        if (game.result() == BETZA_RESULT_ONGOING) game.declare_result(BETZA_RESULT_DRAW); // claimed
        std::cout << "after " << game.ply_count() << " plies, final position " << game.position().fen()
                  << "\n\n";

        std::string pgn = game.pgn();
        std::cout << pgn.substr(0, pgn.find("\n\n")) << "\n\n";
        betza::Game back = betza::Game::from_pgn(pgn);
        std::cout << "read back: " << (back.position().fen() == game.position().fen() ? "same" : "DIFFERENT")
                  << " position\n";

        try {
            game.position().parse_square("z99");
        } catch (const betza::Error &e) {
            std::cout << "error caught: " << betza_status_text(e.status()) << ": " << e.what() << "\n";
        }
    } catch (const betza::Error &e) {
        std::cerr << "betza: " << e.what() << "\n";
        return 1;
    }
    return 0;
}

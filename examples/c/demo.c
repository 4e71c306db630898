/* A five-minute tour of the betza C API: open a variant, print the board,
 * list moves, handle a promotion choice, play a seeded random game to the end.
 *
 * Build and run, with the library installed by cargo-c (see the README):
 *   cc -std=c99 -Wall examples/c/demo.c $(pkg-config --cflags --libs betza) -o demo
 *   ./demo meiriqi 42
 */
#include "betza.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Exits with the library's message when a call fails. */
static void check(BetzaStatus status, const char *what) {
    if (status != BETZA_OK) {
        char msg[512];
        betza_last_error(msg, sizeof msg);
        fprintf(stderr, "%s failed: %s (%s)\n", what, betza_status_text(status), msg);
        exit(1);
    }
}

static void print_board(const BetzaPosition *pos) {
    const BetzaVariant *v;
    uint32_t files, ranks;
    check(betza_position_variant(pos, &v), "variant");
    check(betza_position_board_size(pos, &files, &ranks), "board size");
    for (int r = (int)ranks - 1; r >= 0; r--) {
        printf("%2d ", r + 1);
        for (uint32_t f = 0; f < files; f++) {
            BetzaPiece p;
            check(betza_position_piece_at(pos, (uint32_t)r * files + f, &p), "piece at");
            char token[4] = ".";
            size_t len;
            if (p.piece != BETZA_NONE) {
                BetzaPieceText which = p.color == BETZA_WHITE ? BETZA_PIECE_TOKEN : BETZA_PIECE_TOKEN_BLACK;
                check(betza_variant_piece_text(v, (uint32_t)p.piece, which, token, sizeof token, &len), "token");
            }
            printf("%3s", token);
        }
        printf("\n");
    }
    printf("   ");
    for (uint32_t f = 0; f < files; f++) printf("  %c", 'a' + (int)f);
    printf("\n");
}

/* A small deterministic generator, so a seed replays the same game. */
static uint64_t rng_state;
static uint32_t next_random(void) {
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state >> 11);
}

int main(int argc, char **argv) {
    const char *variant = argc > 1 ? argv[1] : "meiriqi";
    rng_state = argc > 2 ? strtoull(argv[2], NULL, 10) * 2654435761u + 1 : 42;
    printf("betza %s, variant %s\n\n", betza_version(), variant);

    BetzaPosition *pos;
    check(betza_position_new(variant, NULL, &pos), "new position");
    print_board(pos);

    /* The legal moves: ask for the count, then fetch them. */
    size_t count;
    if (betza_position_legal_moves(pos, NULL, 0, &count) != BETZA_OK) count = 0;
    BetzaMove *moves = (BetzaMove *)malloc(count * sizeof *moves);
    check(betza_position_legal_moves(pos, moves, count, &count), "legal moves");
    printf("\n%zu legal moves:", count);
    for (size_t i = 0; i < count; i++) {
        char text[16];
        size_t len;
        check(betza_move_text(pos, &moves[i], text, sizeof text, &len), "move text");
        printf(" %s", text);
    }
    printf("\n");
    free(moves);

    /* A promotion choice: a GUI drops a piece on a square and asks which
     * moves match. Here a Decimaka Knight takes a Pawn: promote or not. */
    BetzaPosition *promo;
    check(betza_position_new("decimaka", "4k5/10/10/10/3p6/10/4N5/10/10/5K4 w - - 0 1", &promo), "promotion position");
    uint32_t from, to;
    check(betza_position_parse_square(promo, "e4", &from), "square");
    check(betza_position_parse_square(promo, "d6", &to), "square");
    BetzaMove choice[8];
    size_t n;
    check(betza_position_moves_between(promo, from, to, choice, 8, &n), "moves between");
    printf("\nKnight e4 takes d6: %zu choices:", n);
    for (size_t i = 0; i < n; i++) {
        char text[16];
        size_t len;
        check(betza_move_text(promo, &choice[i], text, sizeof text, &len), "move text");
        printf(" %s%s", text, choice[i].promotion != BETZA_NONE ? " (promotes)" : "");
    }
    printf("\n");
    betza_position_free(promo);

    /* A seeded random game in a BetzaGame (history, outcome, draw claims):
     * to the end by the rules, or until a draw could be claimed. */
    BetzaGame *game;
    check(betza_game_new(variant, NULL, &game), "new game");
    BetzaGameStatus status;
    int ply = 0;
    char line[2048] = "";
    for (;; ply++) {
        check(betza_game_status(game, &status), "status");
        if (status.outcome.result != BETZA_RESULT_ONGOING || status.threefold_repetition || status.fifty_moves)
            break;
        BetzaPosition *now;
        check(betza_game_position(game, &now), "position");
        /* A size query first: a large board may have many moves. */
        check(betza_position_legal_moves(now, NULL, 0, &count), "count moves");
        BetzaMove *list = (BetzaMove *)malloc(count * sizeof *list);
        if (!list) return 1;
        check(betza_position_legal_moves(now, list, count, &count), "legal moves");
        BetzaMove m = list[next_random() % count];
        free(list);
        if (ply < 24) {
            char san[24];
            size_t len;
            check(betza_move_san(now, &m, san, sizeof san, &len), "SAN");
            strcat(line, " ");
            strcat(line, san);
        }
        betza_position_free(now);
        check(betza_game_play(game, &m), "play");
    }
    printf("\nrandom game, first moves:%s ...\n\n", line);
    BetzaPosition *final;
    check(betza_game_position(game, &final), "position");
    print_board(final);
    betza_position_free(final);
    const char *result = status.outcome.result == BETZA_RESULT_WHITE_WINS   ? "White wins"
                         : status.outcome.result == BETZA_RESULT_BLACK_WINS ? "Black wins"
                         : status.outcome.result == BETZA_RESULT_DRAW       ? "draw"
                                                                            : "a draw may be claimed";
    /* The rule that ended it, else the claim that could end it. */
    const char *why = status.outcome.result != BETZA_RESULT_ONGOING ? betza_reason_text(status.outcome.reason)
                      : status.threefold_repetition                 ? "threefold repetition"
                                                                    : "fifty-move rule";
    printf("\nafter %d plies: %s (%s)\n", ply, result, why);
    betza_game_free(game);
    betza_position_free(pos);
    return 0;
}

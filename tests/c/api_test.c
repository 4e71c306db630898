/* Tests the C calls of issue 27 (queries, notations, size queries, error
 * details, the position editor). Prints "N passed, M failed" and exits
 * non-zero on any failure. */
#include "betza.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int passed = 0, failed = 0;

#define CHECK(cond)                                                          \
    do {                                                                     \
        if (cond) {                                                          \
            passed++;                                                        \
        } else {                                                             \
            failed++;                                                        \
            char msg_[256];                                                  \
            betza_last_error(msg_, sizeof msg_);                             \
            fprintf(stderr, "%s:%d: FAILED: %s (last error: %s)\n", __FILE__, \
                    __LINE__, #cond, msg_);                                  \
        }                                                                    \
    } while (0)

#define STATUS(call, expected) CHECK((call) == (expected))

static unsigned sq(const BetzaPosition *pos, const char *name) {
    uint32_t s = 0;
    if (betza_position_parse_square(pos, name, &s) != BETZA_OK) return 9999;
    return s;
}

static void test_queries(void) {
    BetzaPosition *pos = NULL;
    /* White in check from the Rook on a1 and the Knight on f3. */
    STATUS(betza_position_new("chess", "4k3/8/8/8/8/5n2/8/r3K3 w - - 0 1", &pos), BETZA_OK);
    uint32_t squares[8];
    size_t n = 0;
    STATUS(betza_position_checkers(pos, squares, 8, &n), BETZA_OK);
    CHECK(n == 2 && squares[0] == sq(pos, "a1") && squares[1] == sq(pos, "f3"));
    STATUS(betza_position_checkers(NULL, squares, 8, &n), BETZA_NULL_ARGUMENT);
    betza_position_free(pos);

    STATUS(betza_position_new("chess", "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", &pos), BETZA_OK);
    BetzaMove m;
    bool yes = false;
    STATUS(betza_position_parse_move(pos, "a1a8", &m), BETZA_OK);
    CHECK(m.flags & BETZA_MOVE_GIVES_CHECK);
    STATUS(betza_position_gives_check(pos, &m, &yes), BETZA_OK);
    CHECK(yes);
    STATUS(betza_position_is_legal(pos, &m, &yes), BETZA_OK);
    CHECK(yes);
    STATUS(betza_position_is_capture(pos, &m, &yes), BETZA_OK);
    CHECK(!yes);
    STATUS(betza_position_parse_move(pos, "a1a7", &m), BETZA_OK);
    CHECK(!(m.flags & BETZA_MOVE_GIVES_CHECK));
    STATUS(betza_position_gives_check(pos, &m, &yes), BETZA_OK);
    CHECK(!yes);

    /* A move that is not legal: is_legal says so, the others refuse it. */
    BetzaMove bad = m;
    bad.to = sq(pos, "b2");
    STATUS(betza_position_is_legal(pos, &bad, &yes), BETZA_OK);
    CHECK(!yes);
    bad.from = 5000;
    STATUS(betza_position_is_legal(pos, &bad, &yes), BETZA_OK);
    CHECK(!yes);
    STATUS(betza_position_gives_check(pos, &bad, &yes), BETZA_ILLEGAL_MOVE);
    STATUS(betza_position_is_capture(pos, &bad, &yes), BETZA_ILLEGAL_MOVE);
    STATUS(betza_position_gives_check(pos, &m, NULL), BETZA_NULL_ARGUMENT);

    /* The castling Rook's squares. */
    int32_t rf = 0, rt = 0;
    STATUS(betza_position_parse_move(pos, "e1g1", &m), BETZA_OK);
    CHECK(m.flags & BETZA_MOVE_CASTLE);
    STATUS(betza_position_castling_rook(pos, &m, &rf, &rt), BETZA_OK);
    CHECK(rf == (int32_t)sq(pos, "h1") && rt == (int32_t)sq(pos, "f1"));
    STATUS(betza_position_parse_move(pos, "e1c1", &m), BETZA_OK);
    STATUS(betza_position_castling_rook(pos, &m, &rf, &rt), BETZA_OK);
    CHECK(rf == (int32_t)sq(pos, "a1") && rt == (int32_t)sq(pos, "d1"));
    STATUS(betza_position_parse_move(pos, "e1e2", &m), BETZA_OK);
    STATUS(betza_position_castling_rook(pos, &m, &rf, &rt), BETZA_OK);
    CHECK(rf == BETZA_NONE && rt == BETZA_NONE);

    /* One piece's moves. */
    BetzaMove moves[64];
    STATUS(betza_position_legal_moves_from(pos, sq(pos, "e1"), moves, 64, &n), BETZA_OK);
    CHECK(n == 7); /* d1 d2 e2 f2 f1, and two castlings */
    STATUS(betza_position_legal_moves_from(pos, sq(pos, "e8"), moves, 64, &n), BETZA_OK);
    CHECK(n == 0); /* not the side to move's */
    STATUS(betza_position_legal_moves_from(pos, 64, moves, 64, &n), BETZA_INVALID_ARGUMENT);
    betza_position_free(pos);

    /* En passant is a capture. */
    STATUS(betza_position_new("chess", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", &pos), BETZA_OK);
    STATUS(betza_position_parse_move(pos, "e5d6", &m), BETZA_OK);
    STATUS(betza_position_is_capture(pos, &m, &yes), BETZA_OK);
    CHECK(yes);
    betza_position_free(pos);
}

static void test_notations(void) {
    BetzaPosition *pos = NULL;
    STATUS(betza_position_new("xiangqi", NULL, &pos), BETZA_OK);
    BetzaMove m;
    char buf[64];
    size_t len = 0;
    STATUS(betza_position_parse_move(pos, "h3e3", &m), BETZA_OK);
    STATUS(betza_position_move_notation(pos, &m, BETZA_NOTATION_WXF, buf, sizeof buf, &len), BETZA_OK);
    CHECK(strcmp(buf, "C2.5") == 0 && len == 4);
    STATUS(betza_position_move_notation(pos, &m, BETZA_NOTATION_LAN, buf, sizeof buf, &len), BETZA_OK);
    CHECK(strcmp(buf, "Ch3-e3") == 0);
    STATUS(betza_position_move_notation(pos, &m, BETZA_NOTATION_SAN, buf, sizeof buf, &len), BETZA_OK);
    CHECK(strcmp(buf, "Che3") == 0); /* the b3 Cannon reaches e3 too */
    STATUS(betza_position_move_notation(pos, &m, BETZA_NOTATION_MOVE_TEXT, buf, sizeof buf, &len), BETZA_OK);
    CHECK(strcmp(buf, "h3e3") == 0);
    STATUS(betza_position_parse_move(pos, "h1g3", &m), BETZA_OK);
    STATUS(betza_position_move_notation(pos, &m, BETZA_NOTATION_SAN_ALIAS, buf, sizeof buf, &len), BETZA_OK);
    CHECK(strcmp(buf, "Hg3") == 0); /* the Horse's alias, as Fairy-Stockfish writes SAN */
    STATUS(betza_position_move_notation(pos, &m, BETZA_NOTATION_LAN_ALIAS, buf, sizeof buf, &len), BETZA_OK);
    CHECK(strcmp(buf, "Hh1-g3") == 0);
    STATUS(betza_position_move_notation(pos, &m, BETZA_NOTATION_JANGGI, buf, sizeof buf, &len), BETZA_OK);
    CHECK(strcmp(buf, "H08-87") == 0);
    STATUS(betza_position_parse_move(pos, "h3e3", &m), BETZA_OK);
    STATUS(betza_position_move_notation(pos, &m, 17, buf, sizeof buf, &len), BETZA_INVALID_ARGUMENT);
    betza_position_free(pos);

    /* Western shogi notations: two Golds reach 5h, so the square left is written. */
    STATUS(betza_position_new("shogi", NULL, &pos), BETZA_OK);
    STATUS(betza_position_parse_move(pos, "f1e2", &m), BETZA_OK);
    STATUS(betza_position_move_notation(pos, &m, BETZA_NOTATION_SHOGI_HOSKING, buf, sizeof buf, &len), BETZA_OK);
    CHECK(strcmp(buf, "G49-58") == 0);
    STATUS(betza_position_move_notation(pos, &m, BETZA_NOTATION_SHOGI_HODGES, buf, sizeof buf, &len), BETZA_OK);
    CHECK(strcmp(buf, "G4i-5h") == 0);
    STATUS(betza_position_parse_move(pos, "i3i4", &m), BETZA_OK);
    STATUS(betza_position_move_notation(pos, &m, BETZA_NOTATION_SHOGI_HODGES_NUMBER, buf, sizeof buf, &len), BETZA_OK);
    CHECK(strcmp(buf, "P-16") == 0);
    betza_position_free(pos);

    /* A line to SAN, and a line played in one call. */
    STATUS(betza_position_new("chess", NULL, &pos), BETZA_OK);
    BetzaMove line[3];
    BetzaPosition *at = NULL;
    STATUS(betza_position_clone(pos, &at), BETZA_OK);
    const char *texts[3] = {"e2e4", "e7e5", "g1f3"};
    for (int i = 0; i < 3; i++) {
        STATUS(betza_position_parse_move(at, texts[i], &line[i]), BETZA_OK);
        STATUS(betza_position_play(at, &line[i]), BETZA_OK);
    }
    STATUS(betza_position_san_line(pos, line, 3, buf, sizeof buf, &len), BETZA_OK);
    CHECK(strcmp(buf, "e4 e5 Nf3") == 0);
    STATUS(betza_position_san_line(pos, line + 1, 2, buf, sizeof buf, &len), BETZA_ILLEGAL_MOVE);
    STATUS(betza_position_san_line(pos, NULL, 0, buf, sizeof buf, &len), BETZA_OK);
    CHECK(len == 0 && buf[0] == 0);
    STATUS(betza_position_san_line(pos, NULL, 2, buf, sizeof buf, &len), BETZA_NULL_ARGUMENT);

    BetzaPosition *played = NULL;
    STATUS(betza_position_clone(pos, &played), BETZA_OK);
    STATUS(betza_position_play_line(played, "1. e4 e7e5 2. Nf3"), BETZA_OK);
    char fen_a[128], fen_b[128];
    STATUS(betza_position_fen(played, fen_a, sizeof fen_a, &len), BETZA_OK);
    STATUS(betza_position_fen(at, fen_b, sizeof fen_b, &len), BETZA_OK);
    CHECK(strcmp(fen_a, fen_b) == 0);
    /* All or nothing. */
    STATUS(betza_position_play_line(played, "Nc6 Ke3"), BETZA_INVALID_MOVE);
    STATUS(betza_position_fen(played, fen_a, sizeof fen_a, &len), BETZA_OK);
    CHECK(strcmp(fen_a, fen_b) == 0);
    STATUS(betza_position_play_line(played, NULL), BETZA_NULL_ARGUMENT);
    betza_position_free(played);
    betza_position_free(at);
    betza_position_free(pos);
}

static void test_conventions(void) {
    /* A size query succeeds and leaves the last error alone. */
    BetzaPosition *pos = NULL;
    STATUS(betza_position_new("chess", "bad fen", &pos), BETZA_INVALID_FEN);
    char before[256], after[256];
    betza_last_error(before, sizeof before);
    STATUS(betza_position_new("chess", NULL, &pos), BETZA_OK);
    size_t len = 0;
    STATUS(betza_position_fen(pos, NULL, 0, &len), BETZA_OK);
    CHECK(len == strlen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"));
    BetzaMove moves[4];
    size_t n = 0;
    STATUS(betza_position_legal_moves(pos, NULL, 0, &n), BETZA_OK);
    CHECK(n == 20);
    betza_last_error(after, sizeof after);
    CHECK(strcmp(before, after) == 0);
    /* A buffer too small is still a failure. */
    STATUS(betza_position_legal_moves(pos, moves, 4, &n), BETZA_BUFFER_TOO_SMALL);

    /* Error details: the FEN field and rank, the definition line, the byte. */
    BetzaErrorDetail d;
    BetzaPosition *bad = NULL;
    STATUS(betza_position_new("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", &bad), BETZA_INVALID_FEN);
    STATUS(betza_last_error_detail(&d), BETZA_OK);
    CHECK(d.fen_field == 2 && d.fen_rank == BETZA_NONE && d.line == BETZA_NONE);
    STATUS(betza_position_new("chess", "rnbqkbnr/ppppXppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", &bad), BETZA_INVALID_FEN);
    STATUS(betza_last_error_detail(&d), BETZA_OK);
    CHECK(d.fen_field == 1 && d.fen_rank == 7);
    STATUS(betza_position_new("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", &bad), BETZA_INVALID_FEN);
    STATUS(betza_last_error_detail(&d), BETZA_OK);
    CHECK(d.fen_field == 6);
    BetzaVariant *v = NULL;
    STATUS(betza_variant_new("name = \"x\"\nfiles = 8\nranks = = 8\n", &v), BETZA_INVALID_DEFINITION);
    STATUS(betza_last_error_detail(&d), BETZA_OK);
    CHECK(d.line == 3 && d.fen_field == BETZA_NONE);
    STATUS(betza_position_new("che\xffss", NULL, &bad), BETZA_INVALID_UTF8);
    STATUS(betza_last_error_detail(&d), BETZA_OK);
    CHECK(d.byte_offset == 3);
    STATUS(betza_last_error_detail(NULL), BETZA_NULL_ARGUMENT);
    betza_position_free(pos);

    /* The version as one number. */
    CHECK(betza_version_number() == BETZA_VERSION_NUMBER);
    CHECK(BETZA_VERSION_NUMBER == BETZA_VERSION_MAJOR * 10000 + BETZA_VERSION_MINOR * 100 + BETZA_VERSION_PATCH);
}

static void test_setup(void) {
    const BetzaVariant *chess = NULL;
    STATUS(betza_variant_by_name("chess", &chess), BETZA_OK);
    BetzaSetup *s = NULL;
    STATUS(betza_setup_new(chess, &s), BETZA_OK);
    /* Piece types: find the King and the Rook by token. */
    uint32_t count = 0, king = 99, rook = 99;
    STATUS(betza_variant_piece_count(chess, &count), BETZA_OK);
    for (uint32_t i = 0; i < count; i++) {
        char tok[8];
        size_t len = 0;
        STATUS(betza_variant_piece_text(chess, i, BETZA_PIECE_TOKEN, tok, sizeof tok, &len), BETZA_OK);
        if (strcmp(tok, "K") == 0) king = i;
        if (strcmp(tok, "R") == 0) rook = i;
    }
    CHECK(king != 99 && rook != 99);
    STATUS(betza_setup_place(s, 4, king, BETZA_WHITE), BETZA_OK); /* e1 */
    STATUS(betza_setup_set_castling(s, BETZA_WHITE, true, true), BETZA_OK);
    /* No Black King and no Rook for the right: two problems. */
    BetzaPosition *pos = NULL;
    STATUS(betza_setup_position(s, &pos), BETZA_INVALID_SETUP);
    CHECK(pos == NULL);
    char buf[512];
    size_t len = 0, problems = 0;
    STATUS(betza_setup_problems(s, buf, sizeof buf, &len, &problems), BETZA_OK);
    CHECK(problems == 2 && strchr(buf, '\n') != NULL);
    STATUS(betza_setup_place(s, 7, rook, BETZA_WHITE), BETZA_OK); /* h1 */
    STATUS(betza_setup_place(s, 60, king, BETZA_BLACK), BETZA_OK); /* e8 */
    STATUS(betza_setup_set_side(s, BETZA_BLACK), BETZA_OK);
    STATUS(betza_setup_set_clocks(s, 3, 20), BETZA_OK);
    STATUS(betza_setup_position(s, &pos), BETZA_OK);
    STATUS(betza_setup_problems(s, NULL, 0, &len, &problems), BETZA_OK);
    CHECK(len == 0 && problems == 0);
    char fen[128];
    STATUS(betza_position_fen(pos, fen, sizeof fen, &len), BETZA_OK);
    CHECK(strcmp(fen, "4k3/8/8/8/8/8/8/4K2R b K - 3 20") == 0);
    BetzaPiece piece;
    STATUS(betza_setup_piece_at(s, 7, &piece), BETZA_OK);
    CHECK(piece.piece == (int32_t)rook && piece.color == BETZA_WHITE);
    STATUS(betza_setup_remove(s, 7), BETZA_OK);
    STATUS(betza_setup_piece_at(s, 7, &piece), BETZA_OK);
    CHECK(piece.piece == BETZA_NONE);
    /* Out-of-range values are refused. */
    STATUS(betza_setup_place(s, 64, king, BETZA_WHITE), BETZA_INVALID_ARGUMENT);
    STATUS(betza_setup_place(s, 0, count, BETZA_WHITE), BETZA_INVALID_ARGUMENT);
    STATUS(betza_setup_place(s, 0, king, 2), BETZA_INVALID_ARGUMENT);
    STATUS(betza_setup_set_ep_square(s, 64), BETZA_INVALID_ARGUMENT);
    STATUS(betza_setup_set_ep_square(s, BETZA_NONE), BETZA_OK);
    STATUS(betza_setup_set_clocks(s, 0, 0), BETZA_INVALID_ARGUMENT);
    STATUS(betza_setup_place(NULL, 0, king, BETZA_WHITE), BETZA_NULL_ARGUMENT);
    /* From a position and back. */
    BetzaSetup *copy = NULL;
    STATUS(betza_setup_from_position(pos, &copy), BETZA_OK);
    BetzaPosition *again = NULL;
    STATUS(betza_setup_position(copy, &again), BETZA_OK);
    char fen2[128];
    STATUS(betza_position_fen(again, fen2, sizeof fen2, &len), BETZA_OK);
    CHECK(strcmp(fen, fen2) == 0);
    betza_position_free(again);
    betza_setup_free(copy);
    betza_position_free(pos);
    betza_setup_free(s);
    betza_setup_free(NULL);
}

int main(void) {
    test_queries();
    test_conventions();
    test_setup();
    test_notations();
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}

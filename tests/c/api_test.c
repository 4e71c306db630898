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
    STATUS(betza_position_move_notation(pos, &m, 17, buf, sizeof buf, &len), BETZA_INVALID_ARGUMENT);
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

int main(void) {
    test_queries();
    test_notations();
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}

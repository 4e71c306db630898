/* Tests every function of the C API: results, status codes, NULL for every
 * pointer argument, short buffers, bad UTF-8, unknown variants, illegal moves.
 * Prints "N passed, M failed" and exits non-zero on any failure. */
#include "betza.h"

#include <pthread.h>
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

static const char *last_error(void) {
    static char buf[512];
    betza_last_error(buf, sizeof buf);
    return buf;
}

static void test_version(void) {
    char expected[32];
    snprintf(expected, sizeof expected, "%d.%d.%d", BETZA_VERSION_MAJOR, BETZA_VERSION_MINOR,
             BETZA_VERSION_PATCH);
    CHECK(strcmp(betza_version(), expected) == 0);
    CHECK(strcmp(betza_status_text(BETZA_OK), "ok") == 0);
    CHECK(strcmp(betza_status_text(12345), "unknown status code") == 0);
    CHECK(strlen(betza_status_text(BETZA_PANIC)) > 0);
    /* Every status has its own text. */
    const BetzaStatus all[] = {BETZA_OK, BETZA_NULL_ARGUMENT, BETZA_UNKNOWN_VARIANT, BETZA_INVALID_FEN,
                               BETZA_INVALID_MOVE, BETZA_ILLEGAL_MOVE, BETZA_BUFFER_TOO_SMALL,
                               BETZA_INVALID_UTF8, BETZA_INVALID_ARGUMENT, BETZA_INVALID_PGN,
                               BETZA_INVALID_STATE, BETZA_INVALID_SQUARE, BETZA_INVALID_TAG,
                               BETZA_INVALID_DEFINITION, BETZA_INVALID_SETUP, BETZA_PANIC};
    size_t n = sizeof all / sizeof all[0];
    for (size_t i = 0; i < n; i++) {
        CHECK(strcmp(betza_status_text(all[i]), "unknown status code") != 0);
        for (size_t j = 0; j < i; j++) CHECK(strcmp(betza_status_text(all[i]), betza_status_text(all[j])) != 0);
    }
    CHECK(strcmp(betza_status_text(-1), "unknown status code") == 0);
    CHECK(strcmp(betza_status_text(15), "unknown status code") == 0);
}

static void test_position_lifecycle(void) {
    BetzaPosition *pos = NULL;
    STATUS(betza_position_new("meiriqi", NULL, &pos), BETZA_OK);
    CHECK(pos != NULL);

    /* FEN, with the size query first. */
    size_t len = 0;
    STATUS(betza_position_fen(pos, NULL, 0, &len), BETZA_OK);
    CHECK(len == strlen("1fyehw1mkm/ngslsgn3/p1p1p1p1s1/7ppp/10/10/7PPP/P1P1P1P1S1/NGSLSGN3/1FYEHW1MKM w - - 0 1"));
    char *fen = (char *)malloc(len + 1);
    char small[8] = "xxxxxxx";
    STATUS(betza_position_fen(pos, small, sizeof small, &len), BETZA_BUFFER_TOO_SMALL);
    CHECK(strcmp(small, "xxxxxxx") == 0); /* nothing written on failure */
    STATUS(betza_position_fen(pos, fen, len, &len), BETZA_BUFFER_TOO_SMALL); /* no room for NUL */
    STATUS(betza_position_fen(pos, fen, len + 1, &len), BETZA_OK);
    CHECK(strcmp(fen, "1fyehw1mkm/ngslsgn3/p1p1p1p1s1/7ppp/10/10/7PPP/P1P1P1P1S1/NGSLSGN3/1FYEHW1MKM w - - 0 1") == 0);
    STATUS(betza_position_fen(pos, fen, len + 1, NULL), BETZA_NULL_ARGUMENT); /* len is required */
    STATUS(betza_position_fen(pos, NULL, 0, NULL), BETZA_NULL_ARGUMENT);
    STATUS(betza_position_fen(NULL, fen, len + 1, &len), BETZA_NULL_ARGUMENT);
    STATUS(betza_position_fen(pos, NULL, 10, &len), BETZA_NULL_ARGUMENT);
    CHECK(strstr(last_error(), "NULL") != NULL);

    BetzaPosition *copy = NULL;
    STATUS(betza_position_clone(pos, &copy), BETZA_OK);
    CHECK(copy != NULL && copy != pos);
    BetzaPosition *untouched = (BetzaPosition *)0x1;
    STATUS(betza_position_clone(NULL, &untouched), BETZA_NULL_ARGUMENT);
    CHECK(untouched == (BetzaPosition *)0x1);
    STATUS(betza_position_clone(pos, NULL), BETZA_NULL_ARGUMENT);

    /* From a FEN. */
    BetzaPosition *p2 = NULL;
    STATUS(betza_position_new("chess", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", &p2), BETZA_OK);
    betza_position_free(p2);

    /* Errors. */
    BetzaPosition *bad = (BetzaPosition *)0x1;
    STATUS(betza_position_new("no-such-chess", NULL, &bad), BETZA_UNKNOWN_VARIANT);
    CHECK(bad == (BetzaPosition *)0x1); /* out untouched on failure */
    CHECK(strstr(last_error(), "no-such-chess") != NULL);
    STATUS(betza_position_new("chess", "not a fen", &bad), BETZA_INVALID_FEN);
    CHECK(strstr(last_error(), "FEN") != NULL);
    STATUS(betza_position_new("chess", "8/8/8/8/8/8/8/8 w - - 0 1", &bad), BETZA_INVALID_FEN);
    STATUS(betza_position_new(NULL, NULL, &bad), BETZA_NULL_ARGUMENT);
    STATUS(betza_position_new("chess", NULL, NULL), BETZA_NULL_ARGUMENT);
    STATUS(betza_position_new("che\xff\xfess", NULL, &bad), BETZA_INVALID_UTF8);
    STATUS(betza_position_new("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN\xc3 w - - 0 1", &bad),
           BETZA_INVALID_UTF8);
    CHECK(strstr(last_error(), "UTF-8") != NULL);

    /* last_error cuts to fit and reports the full length. */
    char tiny[4];
    size_t full = betza_last_error(tiny, sizeof tiny);
    CHECK(full > 3 && strlen(tiny) == 3);
    CHECK(betza_last_error(NULL, 0) == full);
    CHECK(betza_last_error(tiny, 0) == full); /* cap 0: nothing written */

    /* ... at a UTF-8 character boundary: "unknown variant \"" is 17 bytes,
     * then a 2-byte character that a 19-byte buffer cannot hold whole. */
    STATUS(betza_position_new("\xc3\xa9t\xc3\xa9", NULL, &bad), BETZA_UNKNOWN_VARIANT);
    char cut[19];
    memset(cut, 'x', sizeof cut);
    betza_last_error(cut, sizeof cut);
    CHECK(strlen(cut) == 17 && strncmp(cut, "unknown variant \"", 17) == 0);
    char cut2[20];
    betza_last_error(cut2, sizeof cut2);
    CHECK(strlen(cut2) == 19 && strcmp(cut2 + 17, "\xc3\xa9") == 0);

    free(fen);
    betza_position_free(copy);
    betza_position_free(pos);
    betza_position_free(NULL); /* a no-op */
}

static void test_moves(void) {
    BetzaPosition *pos = NULL;
    STATUS(betza_position_new("decimaka", NULL, &pos), BETZA_OK);

    size_t count = 0;
    STATUS(betza_position_legal_moves(pos, NULL, 0, &count), BETZA_OK);
    CHECK(count == 50);
    BetzaMove moves[256];
    BetzaMove few[3];
    memset(few, 0, sizeof few);
    STATUS(betza_position_legal_moves(pos, few, 3, &count), BETZA_BUFFER_TOO_SMALL);
    CHECK(count == 50 && few[0].from == 0 && few[0].to == 0);
    STATUS(betza_position_legal_moves(pos, moves, 256, &count), BETZA_OK);
    CHECK(count == 50);
    STATUS(betza_position_legal_moves(NULL, moves, 256, &count), BETZA_NULL_ARGUMENT);
    STATUS(betza_position_legal_moves(pos, NULL, 256, &count), BETZA_NULL_ARGUMENT);
    STATUS(betza_position_legal_moves(pos, moves, 256, NULL), BETZA_NULL_ARGUMENT); /* count is required */
    STATUS(betza_position_legal_moves(pos, NULL, 0, NULL), BETZA_NULL_ARGUMENT);

    /* Move text of each move, and parse it back. */
    int round_trips = 1;
    for (size_t i = 0; i < count; i++) {
        char text[16];
        size_t len;
        if (betza_move_text(pos, &moves[i], text, sizeof text, &len) != BETZA_OK) round_trips = 0;
        BetzaMove back;
        if (betza_position_parse_move(pos, text, &back) != BETZA_OK) round_trips = 0;
        if (back.from != moves[i].from || back.to != moves[i].to || back.promotion != moves[i].promotion)
            round_trips = 0;
    }
    CHECK(round_trips);
    char text[16];
    size_t len;
    STATUS(betza_move_text(NULL, &moves[0], text, sizeof text, &len), BETZA_NULL_ARGUMENT);
    STATUS(betza_move_text(pos, NULL, text, sizeof text, &len), BETZA_NULL_ARGUMENT);
    STATUS(betza_move_text(pos, &moves[0], NULL, 16, &len), BETZA_NULL_ARGUMENT);
    STATUS(betza_move_text(pos, &moves[0], text, 2, &len), BETZA_BUFFER_TOO_SMALL);
    CHECK(len == 4);
    STATUS(betza_move_text(pos, &moves[0], text, sizeof text, NULL), BETZA_NULL_ARGUMENT);
    BetzaMove fake = {0, 99, 0, -1, -1, 0, -1, -1};
    STATUS(betza_move_text(pos, &fake, text, sizeof text, &len), BETZA_ILLEGAL_MOVE);

    BetzaMove parsed;
    STATUS(betza_position_parse_move(pos, "e3e5", &parsed), BETZA_OK);
    CHECK(parsed.from == 24 && parsed.to == 44 && (parsed.flags & BETZA_MOVE_DOUBLE_STEP));
    STATUS(betza_position_parse_move(pos, "e3e6", &parsed), BETZA_INVALID_MOVE);
    STATUS(betza_position_parse_move(pos, "zz", &parsed), BETZA_INVALID_MOVE);
    STATUS(betza_position_parse_move(NULL, "e3e5", &parsed), BETZA_NULL_ARGUMENT);
    STATUS(betza_position_parse_move(pos, NULL, &parsed), BETZA_NULL_ARGUMENT);
    STATUS(betza_position_parse_move(pos, "e3e5", NULL), BETZA_NULL_ARGUMENT);
    STATUS(betza_position_parse_move(pos, "e3\xff" "e5", &parsed), BETZA_INVALID_UTF8);

    /* Play by value and by text. */
    STATUS(betza_position_play(pos, &parsed), BETZA_OK);
    int32_t side = 9;
    STATUS(betza_position_side_to_move(pos, &side), BETZA_OK);
    CHECK(side == BETZA_BLACK);
    STATUS(betza_position_play(pos, &parsed), BETZA_ILLEGAL_MOVE); /* not Black's move */
    STATUS(betza_position_play(NULL, &parsed), BETZA_NULL_ARGUMENT);
    STATUS(betza_position_play(pos, NULL), BETZA_NULL_ARGUMENT);
    STATUS(betza_position_play_text(pos, "e8e6"), BETZA_OK);
    STATUS(betza_position_play_text(pos, "e5e6"), BETZA_INVALID_MOVE); /* blocked */
    STATUS(betza_position_play_text(pos, "a1a1"), BETZA_INVALID_MOVE);
    STATUS(betza_position_play_text(NULL, "e8e6"), BETZA_NULL_ARGUMENT);
    STATUS(betza_position_play_text(pos, NULL), BETZA_NULL_ARGUMENT);
    STATUS(betza_position_play_text(pos, "\xe2\x28\xa1"), BETZA_INVALID_UTF8);
    STATUS(betza_position_side_to_move(NULL, &side), BETZA_NULL_ARGUMENT);
    STATUS(betza_position_side_to_move(pos, NULL), BETZA_NULL_ARGUMENT);

    /* Illegal: a move that leaves the King attacked. */
    BetzaPosition *pin = NULL;
    STATUS(betza_position_new("chess", "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1", &pin), BETZA_OK);
    STATUS(betza_position_play_text(pin, "e2d3"), BETZA_ILLEGAL_MOVE);
    CHECK(strstr(last_error(), "King") != NULL);
    betza_position_free(pin);

    betza_position_free(pos);
}

static void test_promotion_choice(void) {
    /* A Decimaka Knight capturing a Pawn may promote (two moves); capturing
     * an Omni it must (one move, forced). */
    BetzaPosition *pos = NULL;
    STATUS(betza_position_new("decimaka", "4k5/10/10/10/3p1+p4/10/4N5/10/10/5K4 w - - 0 1", &pos), BETZA_OK);
    uint32_t from, to_pawn, to_omni;
    STATUS(betza_position_parse_square(pos, "e4", &from), BETZA_OK);
    STATUS(betza_position_parse_square(pos, "d6", &to_pawn), BETZA_OK);
    STATUS(betza_position_parse_square(pos, "f6", &to_omni), BETZA_OK);
    STATUS(betza_position_parse_square(pos, "k1", &to_omni), BETZA_INVALID_SQUARE); /* off the board */
    CHECK(strstr(last_error(), "\"k1\" is not a square of the 10x10 board") != NULL);
    STATUS(betza_position_parse_square(pos, "e", &to_omni), BETZA_INVALID_SQUARE);
    STATUS(betza_position_parse_square(pos, "e0", &to_omni), BETZA_INVALID_SQUARE);
    STATUS(betza_position_parse_square(pos, "\xff", &to_omni), BETZA_INVALID_UTF8);
    STATUS(betza_position_parse_square(NULL, "e4", &from), BETZA_NULL_ARGUMENT);
    STATUS(betza_position_parse_square(pos, NULL, &from), BETZA_NULL_ARGUMENT);
    STATUS(betza_position_parse_square(pos, "e4", NULL), BETZA_NULL_ARGUMENT);
    STATUS(betza_position_parse_square(pos, "f6", &to_omni), BETZA_OK);
    BetzaMove choice[8];
    size_t n = 0;
    STATUS(betza_position_moves_between(pos, from, to_pawn, choice, 8, &n), BETZA_OK);
    CHECK(n == 2);
    CHECK(n == 2 && ((choice[0].promotion == -1) != (choice[1].promotion == -1)));
    STATUS(betza_position_moves_between(pos, from, to_omni, choice, 8, &n), BETZA_OK);
    CHECK(n == 1 && choice[0].promotion >= 0 && (choice[0].flags & BETZA_MOVE_FORCED_PROMOTION));
    STATUS(betza_position_moves_between(pos, from, from, choice, 8, &n), BETZA_OK);
    CHECK(n == 0);
    STATUS(betza_position_moves_between(pos, from, 100, choice, 8, &n), BETZA_INVALID_ARGUMENT);
    STATUS(betza_position_moves_between(NULL, from, to_omni, choice, 8, &n), BETZA_NULL_ARGUMENT);
    STATUS(betza_position_moves_between(pos, from, to_omni, NULL, 8, &n), BETZA_NULL_ARGUMENT);
    STATUS(betza_position_moves_between(pos, from, to_omni, choice, 8, NULL), BETZA_NULL_ARGUMENT);
    STATUS(betza_position_moves_between(pos, from, to_pawn, choice, 1, &n), BETZA_BUFFER_TOO_SMALL);
    CHECK(n == 2);

    uint32_t targets[64];
    STATUS(betza_position_legal_targets(pos, from, targets, 64, &n), BETZA_OK);
    CHECK(n == 8); /* Knight on e4: all eight leaps are on the board and free or enemy */
    STATUS(betza_position_legal_targets(pos, 1000, targets, 64, &n), BETZA_INVALID_ARGUMENT);
    STATUS(betza_position_legal_targets(NULL, from, targets, 64, &n), BETZA_NULL_ARGUMENT);
    STATUS(betza_position_legal_targets(pos, from, NULL, 64, &n), BETZA_NULL_ARGUMENT);
    STATUS(betza_position_legal_targets(pos, from, targets, 64, NULL), BETZA_NULL_ARGUMENT);
    STATUS(betza_position_legal_targets(pos, from, targets, 7, &n), BETZA_BUFFER_TOO_SMALL);
    CHECK(n == 8);

    char text[16];
    size_t len;
    STATUS(betza_position_moves_between(pos, from, to_omni, choice, 8, &n), BETZA_OK);
    STATUS(betza_move_text(pos, &choice[0], text, sizeof text, &len), BETZA_OK);
    CHECK(strcmp(text, "e4f6+") == 0);
    STATUS(betza_position_play_text(pos, "e4f6"), BETZA_INVALID_MOVE); /* promotion is mandatory */
    CHECK(strstr(last_error(), "mandatory") != NULL);
    STATUS(betza_position_play(pos, &choice[0]), BETZA_OK);

    BetzaPiece piece;
    STATUS(betza_position_piece_at(pos, to_omni, &piece), BETZA_OK);
    CHECK(piece.color == BETZA_WHITE && piece.piece == 5); /* Nightrider is piece type 5 */
    STATUS(betza_position_piece_at(pos, from, &piece), BETZA_OK);
    CHECK(piece.piece == BETZA_NONE && piece.color == BETZA_NONE && BETZA_NONE == -1);
    STATUS(betza_position_piece_at(pos, 100, &piece), BETZA_INVALID_ARGUMENT);
    STATUS(betza_position_piece_at(NULL, 0, &piece), BETZA_NULL_ARGUMENT);
    STATUS(betza_position_piece_at(pos, 0, NULL), BETZA_NULL_ARGUMENT);
    betza_position_free(pos);
}

static void test_queries(void) {
    BetzaPosition *pos = NULL;
    STATUS(betza_position_new("chess", NULL, &pos), BETZA_OK);
    uint64_t nodes = 0;
    STATUS(betza_position_perft(pos, 3, &nodes), BETZA_OK);
    CHECK(nodes == 8902);
    STATUS(betza_position_perft(pos, 0, &nodes), BETZA_OK);
    CHECK(nodes == 1);
    STATUS(betza_position_perft(pos, 21, &nodes), BETZA_INVALID_ARGUMENT);
    STATUS(betza_position_perft(NULL, 1, &nodes), BETZA_NULL_ARGUMENT);
    STATUS(betza_position_perft(pos, 1, NULL), BETZA_NULL_ARGUMENT);

    BetzaOutcome out;
    STATUS(betza_position_outcome(pos, &out), BETZA_OK);
    CHECK(out.result == BETZA_RESULT_ONGOING && out.reason == BETZA_REASON_NONE);
    STATUS(betza_position_outcome(NULL, &out), BETZA_NULL_ARGUMENT);
    STATUS(betza_position_outcome(pos, NULL), BETZA_NULL_ARGUMENT);
    bool check = true;
    STATUS(betza_position_is_check(pos, &check), BETZA_OK);
    CHECK(!check);
    STATUS(betza_position_is_check(NULL, &check), BETZA_NULL_ARGUMENT);
    STATUS(betza_position_is_check(pos, NULL), BETZA_NULL_ARGUMENT);
    betza_position_free(pos);

    /* Fool's mate: checkmate. Meiriqi stalemate: a loss. */
    STATUS(betza_position_new("chess", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", &pos), BETZA_OK);
    STATUS(betza_position_outcome(pos, &out), BETZA_OK);
    CHECK(out.result == BETZA_RESULT_BLACK_WINS && out.reason == BETZA_REASON_CHECKMATE);
    STATUS(betza_position_is_check(pos, &check), BETZA_OK);
    CHECK(check);
    betza_position_free(pos);
    STATUS(betza_position_new("chess", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", &pos), BETZA_OK);
    STATUS(betza_position_outcome(pos, &out), BETZA_OK);
    CHECK(out.result == BETZA_RESULT_DRAW && out.reason == BETZA_REASON_STALEMATE);
    betza_position_free(pos);

    uint32_t files = 0, ranks = 0;
    STATUS(betza_position_new("capablanca", NULL, &pos), BETZA_OK);
    STATUS(betza_position_board_size(pos, &files, &ranks), BETZA_OK);
    CHECK(files == 10 && ranks == 8);
    STATUS(betza_position_board_size(NULL, &files, &ranks), BETZA_NULL_ARGUMENT);
    STATUS(betza_position_board_size(pos, NULL, &ranks), BETZA_NULL_ARGUMENT);
    STATUS(betza_position_board_size(pos, &files, NULL), BETZA_NULL_ARGUMENT);
    char name[8];
    size_t len;
    STATUS(betza_position_square_name(pos, 79, name, sizeof name, &len), BETZA_OK);
    CHECK(strcmp(name, "j8") == 0 && len == 2);
    STATUS(betza_position_square_name(pos, 80, name, sizeof name, &len), BETZA_INVALID_ARGUMENT);
    STATUS(betza_position_square_name(NULL, 0, name, sizeof name, &len), BETZA_NULL_ARGUMENT);
    STATUS(betza_position_square_name(pos, 0, NULL, 8, &len), BETZA_NULL_ARGUMENT);
    STATUS(betza_position_square_name(pos, 0, name, 2, &len), BETZA_BUFFER_TOO_SMALL);
    STATUS(betza_position_square_name(pos, 0, name, sizeof name, NULL), BETZA_NULL_ARGUMENT);
    betza_position_free(pos);
}

static void test_metadata(void) {
    const BetzaVariant *v = NULL;
    STATUS(betza_variant_by_name("meiriqi", &v), BETZA_OK);
    CHECK(v != NULL);
    STATUS(betza_variant_by_name("nope", &v), BETZA_UNKNOWN_VARIANT);
    STATUS(betza_variant_by_name(NULL, &v), BETZA_NULL_ARGUMENT);
    STATUS(betza_variant_by_name("meiriqi", NULL), BETZA_NULL_ARGUMENT);
    STATUS(betza_variant_by_name("\xff", &v), BETZA_INVALID_UTF8);

    BetzaPosition *pos = NULL;
    STATUS(betza_position_new("meiriqi", NULL, &pos), BETZA_OK);
    const BetzaVariant *pv = NULL;
    STATUS(betza_position_variant(pos, &pv), BETZA_OK);
    CHECK(pv == v);
    STATUS(betza_position_variant(NULL, &pv), BETZA_NULL_ARGUMENT);
    STATUS(betza_position_variant(pos, NULL), BETZA_NULL_ARGUMENT);
    betza_position_free(pos);

    char buf[256];
    size_t len;
    STATUS(betza_variant_name(v, buf, sizeof buf, &len), BETZA_OK);
    CHECK(strcmp(buf, "meiriqi") == 0);
    STATUS(betza_variant_name(NULL, buf, sizeof buf, &len), BETZA_NULL_ARGUMENT);
    STATUS(betza_variant_name(v, NULL, 5, &len), BETZA_NULL_ARGUMENT);
    STATUS(betza_variant_name(v, buf, sizeof buf, NULL), BETZA_NULL_ARGUMENT);
    STATUS(betza_variant_start_fen(v, buf, sizeof buf, &len), BETZA_OK);
    CHECK(strncmp(buf, "1fyehw1mkm/", 11) == 0);
    STATUS(betza_variant_start_fen(NULL, buf, sizeof buf, &len), BETZA_NULL_ARGUMENT);
    STATUS(betza_variant_start_fen(v, buf, 3, &len), BETZA_BUFFER_TOO_SMALL);
    STATUS(betza_variant_start_fen(v, buf, sizeof buf, NULL), BETZA_NULL_ARGUMENT);
    uint32_t files, ranks, count;
    STATUS(betza_variant_board_size(v, &files, &ranks), BETZA_OK);
    CHECK(files == 10 && ranks == 10);
    STATUS(betza_variant_board_size(NULL, &files, &ranks), BETZA_NULL_ARGUMENT);
    STATUS(betza_variant_board_size(v, NULL, &ranks), BETZA_NULL_ARGUMENT);
    STATUS(betza_variant_board_size(v, &files, NULL), BETZA_NULL_ARGUMENT);
    STATUS(betza_variant_piece_count(v, &count), BETZA_OK);
    CHECK(count == 17);
    STATUS(betza_variant_piece_count(NULL, &count), BETZA_NULL_ARGUMENT);
    STATUS(betza_variant_piece_count(v, NULL), BETZA_NULL_ARGUMENT);

    /* Piece 0 is the King: royal, confined to the fortress h1-j3. */
    BetzaPieceInfo info;
    STATUS(betza_variant_piece_info(v, 0, &info), BETZA_OK);
    CHECK(info.royal && info.confined && !info.promoted && info.promotion_count == 0);
    STATUS(betza_variant_piece_info(v, 17, &info), BETZA_INVALID_ARGUMENT);
    STATUS(betza_variant_piece_info(NULL, 0, &info), BETZA_NULL_ARGUMENT);
    STATUS(betza_variant_piece_info(v, 0, NULL), BETZA_NULL_ARGUMENT);
    STATUS(betza_variant_piece_text(v, 0, BETZA_PIECE_NAME, buf, sizeof buf, &len), BETZA_OK);
    CHECK(strcmp(buf, "King") == 0);
    STATUS(betza_variant_piece_text(v, 3, BETZA_PIECE_BETZA, buf, sizeof buf, &len), BETZA_OK);
    CHECK(strcmp(buf, "FyafsF") == 0);
    STATUS(betza_variant_piece_text(v, 3, BETZA_PIECE_TOKEN, buf, sizeof buf, &len), BETZA_OK);
    CHECK(strcmp(buf, "Y") == 0);
    STATUS(betza_variant_piece_text(v, 3, BETZA_PIECE_TOKEN_BLACK, buf, sizeof buf, &len), BETZA_OK);
    CHECK(strcmp(buf, "y") == 0);
    STATUS(betza_variant_piece_text(v, 0, BETZA_PIECE_NAME, buf, sizeof buf, NULL), BETZA_NULL_ARGUMENT);
    /* Plain words for a help screen: the Knight (piece 7) leaps. */
    STATUS(betza_variant_piece_description(v, 7, NULL, 0, &len), BETZA_OK);
    CHECK(len > 0 && len < sizeof buf);
    STATUS(betza_variant_piece_description(v, 7, buf, sizeof buf, &len), BETZA_OK);
    CHECK(strlen(buf) == len && strstr(buf, "leap") != NULL);
    STATUS(betza_variant_piece_description(v, 7, buf, 2, &len), BETZA_BUFFER_TOO_SMALL);
    STATUS(betza_variant_piece_description(v, 17, buf, sizeof buf, &len), BETZA_INVALID_ARGUMENT);
    STATUS(betza_variant_piece_description(NULL, 7, buf, sizeof buf, &len), BETZA_NULL_ARGUMENT);
    STATUS(betza_variant_piece_description(v, 7, NULL, 4, &len), BETZA_NULL_ARGUMENT);
    STATUS(betza_variant_piece_description(v, 7, buf, sizeof buf, NULL), BETZA_NULL_ARGUMENT);
    STATUS(betza_variant_piece_text(v, 3, 7, buf, sizeof buf, &len), BETZA_INVALID_ARGUMENT);
    STATUS(betza_variant_piece_text(v, 99, 0, buf, sizeof buf, &len), BETZA_INVALID_ARGUMENT);
    STATUS(betza_variant_piece_text(NULL, 0, 0, buf, sizeof buf, &len), BETZA_NULL_ARGUMENT);
    STATUS(betza_variant_piece_text(v, 0, 0, NULL, 4, &len), BETZA_NULL_ARGUMENT);
    STATUS(betza_variant_piece_text(v, 5, BETZA_PIECE_BETZA, NULL, 0, &len), BETZA_OK);
    CHECK(len > 60); /* the Rhino's long generated string */

    uint32_t squares[128];
    size_t n;
    STATUS(betza_variant_piece_region(v, 0, 0, squares, 128, &n), BETZA_OK);
    CHECK(n == 9 && squares[0] == 7 && squares[8] == 29); /* h1 .. j3 */
    STATUS(betza_variant_piece_region(v, 1, 1, squares, 128, &n), BETZA_OK);
    CHECK(n == 5); /* the Black Mandarin's X squares */
    STATUS(betza_variant_piece_region(v, 2, 0, squares, 128, &n), BETZA_OK);
    CHECK(n == 0); /* the Pegasus is not confined */
    STATUS(betza_variant_piece_region(v, 0, 2, squares, 128, &n), BETZA_INVALID_ARGUMENT);
    STATUS(betza_variant_piece_region(v, 0, 0, squares, 4, &n), BETZA_BUFFER_TOO_SMALL);
    STATUS(betza_variant_piece_region(NULL, 0, 0, squares, 128, &n), BETZA_NULL_ARGUMENT);
    STATUS(betza_variant_piece_region(v, 0, 0, NULL, 128, &n), BETZA_NULL_ARGUMENT);
    STATUS(betza_variant_piece_region(v, 0, 0, squares, 128, NULL), BETZA_NULL_ARGUMENT);
    STATUS(betza_variant_piece_region(v, 0, -1, squares, 128, &n), BETZA_INVALID_ARGUMENT);
    STATUS(betza_variant_promotion_zone(v, 0, squares, 128, &n), BETZA_OK);
    CHECK(n == 30 && squares[0] == 70);
    STATUS(betza_variant_promotion_zone(v, 1, squares, 128, &n), BETZA_OK);
    CHECK(n == 30 && squares[29] == 29);
    STATUS(betza_variant_promotion_zone(v, 5, squares, 128, &n), BETZA_INVALID_ARGUMENT);
    STATUS(betza_variant_promotion_zone(NULL, 0, squares, 128, &n), BETZA_NULL_ARGUMENT);
    STATUS(betza_variant_promotion_zone(v, 0, NULL, 128, &n), BETZA_NULL_ARGUMENT);
    STATUS(betza_variant_promotion_zone(v, 0, squares, 128, NULL), BETZA_NULL_ARGUMENT);
    STATUS(betza_variant_promotion_zone(v, 0, squares, 29, &n), BETZA_BUFFER_TOO_SMALL);
    CHECK(n == 30);

    uint32_t promos[8];
    STATUS(betza_variant_piece_promotions(v, 7, promos, 8, &n), BETZA_OK); /* Knight -> Janus */
    CHECK(n == 1 && promos[0] == 12);
    STATUS(betza_variant_piece_promotions(v, 7, promos, 0, &n), BETZA_BUFFER_TOO_SMALL);
    STATUS(betza_variant_piece_promotions(v, 70, promos, 8, &n), BETZA_INVALID_ARGUMENT);
    STATUS(betza_variant_piece_promotions(NULL, 7, promos, 8, &n), BETZA_NULL_ARGUMENT);
    STATUS(betza_variant_piece_promotions(v, 7, NULL, 8, &n), BETZA_NULL_ARGUMENT);
    STATUS(betza_variant_piece_promotions(v, 7, promos, 8, NULL), BETZA_NULL_ARGUMENT);
}


static void test_game(void) {
    BetzaGame *game = NULL;
    STATUS(betza_game_new("chess", NULL, &game), BETZA_OK);
    STATUS(betza_game_new("nope", NULL, &game), BETZA_UNKNOWN_VARIANT);
    STATUS(betza_game_new("chess", "bad fen", &game), BETZA_INVALID_FEN);
    STATUS(betza_game_new(NULL, NULL, &game), BETZA_NULL_ARGUMENT);
    STATUS(betza_game_new("chess", NULL, NULL), BETZA_NULL_ARGUMENT);
    STATUS(betza_game_new("\xc3\x28", NULL, &game), BETZA_INVALID_UTF8);

    /* A knight shuffle: threefold repetition becomes claimable, not an end. */
    const char *shuffle[] = {"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"};
    for (int i = 0; i < 8; i++) STATUS(betza_game_play_san(game, shuffle[i]), BETZA_OK);
    BetzaGameStatus st;
    STATUS(betza_game_status(game, &st), BETZA_OK);
    CHECK(st.threefold_repetition && !st.fifty_moves && st.repetitions == 3);
    CHECK(st.outcome.result == BETZA_RESULT_ONGOING);
    STATUS(betza_game_status(NULL, &st), BETZA_NULL_ARGUMENT);
    STATUS(betza_game_status(game, NULL), BETZA_NULL_ARGUMENT);

    size_t n = 0;
    BetzaMove history[16];
    STATUS(betza_game_moves(game, history, 16, &n), BETZA_OK);
    CHECK(n == 8);
    STATUS(betza_game_moves(game, history, 2, &n), BETZA_BUFFER_TOO_SMALL);
    STATUS(betza_game_moves(NULL, history, 16, &n), BETZA_NULL_ARGUMENT);
    STATUS(betza_game_moves(game, NULL, 16, &n), BETZA_NULL_ARGUMENT);
    STATUS(betza_game_moves(game, history, 16, NULL), BETZA_NULL_ARGUMENT);

    /* Undo restores the exact position and hash. */
    BetzaPosition *before = NULL, *after = NULL;
    STATUS(betza_game_position(game, &before), BETZA_OK);
    STATUS(betza_game_play_text(game, "e2e4"), BETZA_OK);
    BetzaMove undone;
    STATUS(betza_game_undo(game, &undone), BETZA_OK);
    CHECK(undone.from == 12 && undone.to == 28);
    STATUS(betza_game_position(game, &after), BETZA_OK);
    uint64_t h1 = 0, h2 = 1;
    STATUS(betza_position_hash(before, &h1), BETZA_OK);
    STATUS(betza_position_hash(after, &h2), BETZA_OK);
    CHECK(h1 == h2);
    STATUS(betza_position_hash(NULL, &h1), BETZA_NULL_ARGUMENT);
    STATUS(betza_position_hash(before, NULL), BETZA_NULL_ARGUMENT);
    STATUS(betza_game_position(NULL, &after), BETZA_NULL_ARGUMENT);
    STATUS(betza_game_position(game, NULL), BETZA_NULL_ARGUMENT);
    betza_position_free(before);
    betza_position_free(after);

    /* SAN on a position. */
    BetzaPosition *pos = NULL;
    STATUS(betza_game_position(game, &pos), BETZA_OK);
    BetzaMove m;
    STATUS(betza_position_parse_san(pos, "e4", &m), BETZA_OK);
    char san[16];
    size_t len;
    STATUS(betza_move_san(pos, &m, san, sizeof san, &len), BETZA_OK);
    CHECK(strcmp(san, "e4") == 0 && len == 2);
    STATUS(betza_move_san(pos, &m, san, 2, &len), BETZA_BUFFER_TOO_SMALL);
    STATUS(betza_move_san(NULL, &m, san, sizeof san, &len), BETZA_NULL_ARGUMENT);
    STATUS(betza_move_san(pos, NULL, san, sizeof san, &len), BETZA_NULL_ARGUMENT);
    STATUS(betza_move_san(pos, &m, NULL, 16, &len), BETZA_NULL_ARGUMENT);
    STATUS(betza_move_san(pos, &m, san, sizeof san, NULL), BETZA_NULL_ARGUMENT);
    STATUS(betza_position_parse_san(pos, "Ke2", &m), BETZA_INVALID_MOVE);
    STATUS(betza_position_parse_san(pos, "e5", &m), BETZA_INVALID_MOVE);
    STATUS(betza_position_parse_san(NULL, "e4", &m), BETZA_NULL_ARGUMENT);
    STATUS(betza_position_parse_san(pos, NULL, &m), BETZA_NULL_ARGUMENT);
    STATUS(betza_position_parse_san(pos, "e4", NULL), BETZA_NULL_ARGUMENT);
    STATUS(betza_position_parse_san(pos, "\xff", &m), BETZA_INVALID_UTF8);
    betza_position_free(pos);

    /* Playing: by value, text, SAN; illegal and malformed ones fail. */
    STATUS(betza_game_play(game, &m), BETZA_OK);
    STATUS(betza_game_play(game, &m), BETZA_ILLEGAL_MOVE);
    STATUS(betza_game_play(NULL, &m), BETZA_NULL_ARGUMENT);
    STATUS(betza_game_play(game, NULL), BETZA_NULL_ARGUMENT);
    STATUS(betza_game_play_text(game, "e7e4"), BETZA_INVALID_MOVE);
    STATUS(betza_game_play_text(NULL, "e7e5"), BETZA_NULL_ARGUMENT);
    STATUS(betza_game_play_text(game, NULL), BETZA_NULL_ARGUMENT);
    STATUS(betza_game_play_text(game, "\xff"), BETZA_INVALID_UTF8);
    STATUS(betza_game_play_san(game, "Qh4"), BETZA_INVALID_MOVE);
    STATUS(betza_game_play_san(NULL, "e5"), BETZA_NULL_ARGUMENT);
    STATUS(betza_game_play_san(game, NULL), BETZA_NULL_ARGUMENT);
    STATUS(betza_game_play_san(game, "e\xff"), BETZA_INVALID_UTF8);

    /* PGN out and back in. */
    STATUS(betza_game_pgn(game, NULL, 0, &len), BETZA_OK);
    char *pgn = (char *)malloc(len + 1);
    STATUS(betza_game_pgn(game, pgn, len + 1, &len), BETZA_OK);
    CHECK(strstr(pgn, "[Variant \"chess\"]") != NULL && strstr(pgn, "e4") != NULL);
    STATUS(betza_game_pgn(NULL, pgn, len + 1, &len), BETZA_NULL_ARGUMENT);
    STATUS(betza_game_pgn(game, NULL, 5, &len), BETZA_NULL_ARGUMENT);
    STATUS(betza_game_pgn(game, pgn, len + 1, NULL), BETZA_NULL_ARGUMENT);
    BetzaGame *back = NULL;
    STATUS(betza_game_from_pgn(pgn, &back), BETZA_OK);
    STATUS(betza_game_moves(back, history, 16, &n), BETZA_OK);
    CHECK(n == 9);
    betza_game_free(back);
    STATUS(betza_game_from_pgn("1. e4 e5 2. Ke3 *", &back), BETZA_INVALID_PGN);
    STATUS(betza_game_from_pgn(NULL, &back), BETZA_NULL_ARGUMENT);
    STATUS(betza_game_from_pgn(pgn, NULL), BETZA_NULL_ARGUMENT);
    STATUS(betza_game_from_pgn("\xff", &back), BETZA_INVALID_UTF8);
    STATUS(betza_game_from_pgn("", &back), BETZA_INVALID_PGN); /* no game at all */
    STATUS(betza_game_from_pgn(" \n{only a comment}\n", &back), BETZA_INVALID_PGN);
    CHECK(strstr(last_error(), "no PGN game") != NULL);
    free(pgn);

    /* Undo back to the start, then once more: nothing to undo. */
    while (betza_game_undo(game, NULL) == BETZA_OK) {
    }
    STATUS(betza_game_undo(game, NULL), BETZA_INVALID_STATE);
    STATUS(betza_game_undo(NULL, NULL), BETZA_NULL_ARGUMENT);
    betza_game_free(game);
    betza_game_free(NULL);

    /* Over by the rules: Meiriqi stalemate loses. */
    STATUS(betza_game_new("meiriqi", "7k2/10/8r1/10/10/10/10/10/r9/9K w - - 0 1", &game), BETZA_OK);
    STATUS(betza_game_status(game, &st), BETZA_OK);
    CHECK(st.outcome.result == BETZA_RESULT_BLACK_WINS && st.outcome.reason == BETZA_REASON_STALEMATE);
    STATUS(betza_game_play_text(game, "j1j2"), BETZA_INVALID_STATE); /* the game is over */
    STATUS(betza_game_play_san(game, "Kj2"), BETZA_INVALID_STATE);
    betza_game_free(game);
}

/* Game-end rules beyond mate: Xiangqi's perpetual check loses for the
 * checker; Shatranj's bare King leaves no legal move; chess's fifty moves
 * stay a claim; a dead position ends a game. */
static void test_game_end(void) {
    BetzaGame *game = NULL;
    BetzaGameStatus st;
    const char *cycle[] = {"a9a10", "f10f9", "a10a9", "f9f10"};
    STATUS(betza_game_new("xiangqi", "5k3/R8/9/9/9/9/9/9/9/3K5 w - - 0 1", &game), BETZA_OK);
    for (int i = 0; i < 8; i++) {
        STATUS(betza_game_status(game, &st), BETZA_OK);
        CHECK(st.outcome.result == BETZA_RESULT_ONGOING);
        STATUS(betza_game_play_text(game, cycle[i % 4]), BETZA_OK);
    }
    STATUS(betza_game_status(game, &st), BETZA_OK);
    CHECK(st.repetitions == 3);
    CHECK(st.outcome.result == BETZA_RESULT_BLACK_WINS);
    CHECK(st.outcome.reason == BETZA_REASON_PERPETUAL_CHECK);
    CHECK(strcmp(betza_reason_text(st.outcome.reason), "perpetual check") == 0);
    STATUS(betza_game_play_text(game, "a9a10"), BETZA_INVALID_STATE);
    BetzaResult r = BETZA_RESULT_ONGOING;
    STATUS(betza_game_result(game, &r), BETZA_OK);
    CHECK(r == BETZA_RESULT_BLACK_WINS);
    betza_game_free(game);

    /* The same cycle with a quiet retreat instead of the second check. */
    const char *quiet[] = {"a1a10", "f10f9", "a10a1", "f9f10"};
    STATUS(betza_game_new("xiangqi", "5k3/9/9/9/9/9/9/9/9/R2K5 w - - 0 1", &game), BETZA_OK);
    for (int i = 0; i < 8; i++) STATUS(betza_game_play_text(game, quiet[i % 4]), BETZA_OK);
    STATUS(betza_game_status(game, &st), BETZA_OK);
    CHECK(st.outcome.result == BETZA_RESULT_DRAW && st.outcome.reason == BETZA_REASON_REPETITION);
    betza_game_free(game);

    BetzaPosition *pos = NULL;
    BetzaOutcome out;
    size_t n = 99;
    STATUS(betza_position_new("shatranj", "4q3/2n5/8/2r1p3/kp2n3/8/8/1K6 w - - 0 41", &pos), BETZA_OK);
    STATUS(betza_position_outcome(pos, &out), BETZA_OK);
    CHECK(out.result == BETZA_RESULT_BLACK_WINS && out.reason == BETZA_REASON_BARE_KING);
    STATUS(betza_position_legal_moves(pos, NULL, 0, &n), BETZA_OK);
    CHECK(n == 0);
    betza_position_free(pos);

    STATUS(betza_game_new("chess", "8/8/3k4/8/8/3K4/8/R6r w - - 99 80", &game), BETZA_OK);
    STATUS(betza_game_play_text(game, "a1a2"), BETZA_OK);
    STATUS(betza_game_status(game, &st), BETZA_OK);
    CHECK(st.outcome.result == BETZA_RESULT_ONGOING && st.fifty_moves);
    betza_game_free(game);

    STATUS(betza_game_new("chess", "8/8/4k3/8/3q4/8/4N3/4K3 w - - 0 1", &game), BETZA_OK);
    STATUS(betza_game_play_text(game, "e2d4"), BETZA_OK);
    STATUS(betza_game_status(game, &st), BETZA_OK);
    CHECK(st.outcome.result == BETZA_RESULT_DRAW && st.outcome.reason == BETZA_REASON_INSUFFICIENT_MATERIAL);
    CHECK(strcmp(betza_reason_text(BETZA_REASON_NONE), "none") == 0);
    CHECK(strcmp(betza_reason_text(99), "unknown reason") == 0);
    betza_game_free(game);
}

/* The shogi family (docs/variants.md): the fourth occurrence of a shogi
 * position is a draw, unless one side checked with every move since the
 * first, who then loses; a crazyhouse position with Kings alone on the
 * board but a piece in hand is not dead. */
static void test_shogi_game_end(void) {
    BetzaGame *game = NULL;
    BetzaGameStatus st;
    const char *quiet[] = {"h2g2", "b8c8", "g2h2", "c8b8"};
    STATUS(betza_game_new("shogi", NULL, &game), BETZA_OK);
    for (int i = 0; i < 12; i++) {
        STATUS(betza_game_status(game, &st), BETZA_OK);
        CHECK(st.outcome.result == BETZA_RESULT_ONGOING);
        STATUS(betza_game_play_text(game, quiet[i % 4]), BETZA_OK);
    }
    STATUS(betza_game_status(game, &st), BETZA_OK);
    CHECK(st.repetitions == 4);
    CHECK(st.outcome.result == BETZA_RESULT_DRAW && st.outcome.reason == BETZA_REASON_REPETITION);
    STATUS(betza_game_play_text(game, "h2g2"), BETZA_INVALID_STATE);
    betza_game_free(game);

    const char *checks[] = {"a8a9", "e9e8", "a9a8", "e8e9"};
    STATUS(betza_game_new("shogi", "4k4/R8/9/9/9/9/9/9/4K4[] w - - 0 1", &game), BETZA_OK);
    for (int i = 0; i < 12; i++) {
        STATUS(betza_game_status(game, &st), BETZA_OK);
        CHECK(st.outcome.result == BETZA_RESULT_ONGOING);
        STATUS(betza_game_play_text(game, checks[i % 4]), BETZA_OK);
    }
    STATUS(betza_game_status(game, &st), BETZA_OK);
    CHECK(st.outcome.result == BETZA_RESULT_BLACK_WINS && st.outcome.reason == BETZA_REASON_PERPETUAL_CHECK);
    betza_game_free(game);

    BetzaPosition *pos = NULL;
    BetzaOutcome out;
    STATUS(betza_position_new("crazyhouse", "2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1", &pos), BETZA_OK);
    STATUS(betza_position_outcome(pos, &out), BETZA_OK);
    CHECK(out.result == BETZA_RESULT_ONGOING);
    betza_position_free(pos);
    STATUS(betza_position_new("crazyhouse", "2k5/8/8/8/8/8/8/4K3[] w - - 0 1", &pos), BETZA_OK);
    STATUS(betza_position_outcome(pos, &out), BETZA_OK);
    CHECK(out.result == BETZA_RESULT_DRAW && out.reason == BETZA_REASON_INSUFFICIENT_MATERIAL);
    betza_position_free(pos);
}

static void test_builtin_list(void) {
    size_t count = betza_builtin_variant_count();
    CHECK(count >= 4);
    int found = 0;
    for (size_t i = 0; i < count; i++) {
        char name[32];
        size_t len = 0;
        STATUS(betza_builtin_variant_name(i, name, sizeof name, &len), BETZA_OK);
        CHECK(len == strlen(name));
        const BetzaVariant *v = NULL;
        STATUS(betza_variant_by_name(name, &v), BETZA_OK); /* each name opens */
        found += strcmp(name, "meiriqi") == 0 || strcmp(name, "decimaka") == 0 || strcmp(name, "chess") == 0 ||
                 strcmp(name, "capablanca") == 0;
        char again[32];
        STATUS(betza_variant_name(v, again, sizeof again, &len), BETZA_OK);
        CHECK(strcmp(again, name) == 0);
    }
    CHECK(found == 4);
    const BetzaVariant *upper = NULL, *lower = NULL;
    STATUS(betza_variant_by_name("Meiriqi", &upper), BETZA_OK); /* ASCII case is ignored */
    STATUS(betza_variant_by_name("meiriqi", &lower), BETZA_OK);
    CHECK(upper == lower);
    char name[32];
    size_t len = 0;
    STATUS(betza_builtin_variant_name(count, name, sizeof name, &len), BETZA_INVALID_ARGUMENT);
    STATUS(betza_builtin_variant_name(0, NULL, 0, &len), BETZA_OK);
    CHECK(len > 0);
    STATUS(betza_builtin_variant_name(0, name, 1, &len), BETZA_BUFFER_TOO_SMALL);
    STATUS(betza_builtin_variant_name(0, NULL, 4, &len), BETZA_NULL_ARGUMENT);
    STATUS(betza_builtin_variant_name(0, name, sizeof name, NULL), BETZA_NULL_ARGUMENT);
}

static void test_position_state(void) {
    BetzaPosition *pos = NULL;
    STATUS(betza_position_new("chess", "r3k2r/8/8/3pP3/8/8/8/R3K1R1 w Qkq d6 0 12", &pos), BETZA_OK);
    bool can = false;
    STATUS(betza_position_can_castle(pos, BETZA_WHITE, false, &can), BETZA_OK);
    CHECK(can);
    STATUS(betza_position_can_castle(pos, BETZA_WHITE, true, &can), BETZA_OK);
    CHECK(!can);
    STATUS(betza_position_can_castle(pos, BETZA_BLACK, true, &can), BETZA_OK);
    CHECK(can);
    STATUS(betza_position_can_castle(pos, 2, true, &can), BETZA_INVALID_ARGUMENT);
    STATUS(betza_position_can_castle(pos, BETZA_NONE, true, &can), BETZA_INVALID_ARGUMENT);
    STATUS(betza_position_can_castle(NULL, BETZA_WHITE, true, &can), BETZA_NULL_ARGUMENT);
    STATUS(betza_position_can_castle(pos, BETZA_WHITE, true, NULL), BETZA_NULL_ARGUMENT);

    int32_t ep = 0;
    STATUS(betza_position_ep_square(pos, &ep), BETZA_OK);
    CHECK(ep == 43); /* d6: e5 can take en passant */
    STATUS(betza_position_ep_square(NULL, &ep), BETZA_NULL_ARGUMENT);
    STATUS(betza_position_ep_square(pos, NULL), BETZA_NULL_ARGUMENT);
    uint32_t half = 9, full = 9;
    STATUS(betza_position_clocks(pos, &half, &full), BETZA_OK);
    CHECK(half == 0 && full == 12);
    STATUS(betza_position_play_text(pos, "a1b1"), BETZA_OK);
    STATUS(betza_position_ep_square(pos, &ep), BETZA_OK);
    CHECK(ep == BETZA_NONE);
    STATUS(betza_position_clocks(pos, &half, &full), BETZA_OK);
    CHECK(half == 1 && full == 12);
    STATUS(betza_position_can_castle(pos, BETZA_WHITE, false, &can), BETZA_OK);
    CHECK(!can); /* the Rook moved */
    STATUS(betza_position_clocks(NULL, &half, &full), BETZA_NULL_ARGUMENT);
    STATUS(betza_position_clocks(pos, NULL, &full), BETZA_NULL_ARGUMENT);
    STATUS(betza_position_clocks(pos, &half, NULL), BETZA_NULL_ARGUMENT);
    betza_position_free(pos);

    /* No castling in Meiriqi; a double step there leaves no usable e.p.
     * square unless a Pawn can take. */
    STATUS(betza_position_new("meiriqi", NULL, &pos), BETZA_OK);
    STATUS(betza_position_can_castle(pos, BETZA_WHITE, true, &can), BETZA_OK);
    CHECK(!can);
    STATUS(betza_position_play_text(pos, "a3a5"), BETZA_OK);
    STATUS(betza_position_ep_square(pos, &ep), BETZA_OK);
    CHECK(ep == BETZA_NONE);
    betza_position_free(pos);
}

/* A long input never makes a long message. */
static void test_drops(void) {
    BetzaPosition *pos = NULL;
    /* White holds two Knights and a Pawn, Black a Queen. */
    STATUS(betza_position_new("crazyhouse", "4k3/8/8/8/8/8/8/4K3[NNPq] w - - 0 1", &pos), BETZA_OK);
    int32_t knight = 4, pawn = 5, queen = 1;
    uint32_t n = 9;
    STATUS(betza_position_hand_count(pos, BETZA_WHITE, knight, &n), BETZA_OK);
    CHECK(n == 2);
    STATUS(betza_position_hand_count(pos, BETZA_WHITE, pawn, &n), BETZA_OK);
    CHECK(n == 1);
    STATUS(betza_position_hand_count(pos, BETZA_BLACK, queen, &n), BETZA_OK);
    CHECK(n == 1);
    STATUS(betza_position_hand_count(pos, BETZA_WHITE, 99, &n), BETZA_INVALID_ARGUMENT);
    STATUS(betza_position_hand_count(pos, 2, knight, &n), BETZA_INVALID_ARGUMENT);
    STATUS(betza_position_hand_count(NULL, BETZA_WHITE, knight, &n), BETZA_NULL_ARGUMENT);
    STATUS(betza_position_hand_count(pos, BETZA_WHITE, knight, NULL), BETZA_NULL_ARGUMENT);
    /* 4 King moves, 62 Knight drops, 48 Pawn drops (not on ranks 1 and 8). */
    BetzaMove moves[256];
    size_t count = 0;
    STATUS(betza_position_legal_moves(pos, moves, 256, &count), BETZA_OK);
    CHECK(count == 5 + 62 + 48);
    size_t drops = 0;
    BetzaMove knight_drop;
    memset(&knight_drop, 0, sizeof knight_drop);
    for (size_t i = 0; i < count; i++) {
        if (moves[i].flags & BETZA_MOVE_DROP) {
            drops++;
            CHECK(moves[i].from == moves[i].to);
            CHECK(moves[i].captured == BETZA_NONE && moves[i].promotion == BETZA_NONE);
            if (moves[i].piece == knight && moves[i].to == 36) knight_drop = moves[i]; /* e5 */
        }
    }
    CHECK(drops == 62 + 48);
    CHECK(knight_drop.flags & BETZA_MOVE_DROP);
    char text[16];
    size_t len = 0;
    STATUS(betza_move_text(pos, &knight_drop, text, sizeof text, &len), BETZA_OK);
    CHECK(strcmp(text, "N@e5") == 0);
    STATUS(betza_position_play(pos, &knight_drop), BETZA_OK);
    STATUS(betza_position_hand_count(pos, BETZA_WHITE, knight, &n), BETZA_OK);
    CHECK(n == 1);
    STATUS(betza_position_play_text(pos, "Q@e2"), BETZA_OK);
    char fen[128];
    STATUS(betza_position_fen(pos, fen, sizeof fen, &len), BETZA_OK);
    CHECK(strcmp(fen, "4k3/8/8/4N3/8/8/4q3/4K3[NP] w - - 2 2") == 0);
    betza_position_free(pos);
}

static void test_bounded_errors(void) {
    size_t n = 1000000;
    char *big = (char *)malloc(n + 1);
    memset(big, 'q', n);
    big[n] = 0;
    BetzaPosition *pos = NULL;
    STATUS(betza_position_new(big, NULL, &pos), BETZA_UNKNOWN_VARIANT);
    CHECK(betza_last_error(NULL, 0) < 300);
    STATUS(betza_position_new("chess", NULL, &pos), BETZA_OK);
    STATUS(betza_position_play_text(pos, big), BETZA_INVALID_MOVE);
    CHECK(betza_last_error(NULL, 0) < 300);
    STATUS(betza_position_parse_square(pos, big, NULL), BETZA_NULL_ARGUMENT);
    uint32_t sq;
    STATUS(betza_position_parse_square(pos, big, &sq), BETZA_INVALID_SQUARE);
    CHECK(betza_last_error(NULL, 0) < 300);
    BetzaMove m;
    STATUS(betza_position_parse_san(pos, big, &m), BETZA_INVALID_MOVE);
    CHECK(betza_last_error(NULL, 0) < 300);
    BetzaPosition *bad = NULL;
    memcpy(big, "8/8/8/8/8/8/8/", 14);
    STATUS(betza_position_new("chess", big, &bad), BETZA_INVALID_FEN);
    CHECK(betza_last_error(NULL, 0) < 300);
    BetzaGame *game = NULL;
    STATUS(betza_game_from_pgn(big, &game), BETZA_INVALID_PGN);
    CHECK(betza_last_error(NULL, 0) < 300);
    STATUS(betza_game_new("chess", NULL, &game), BETZA_OK);
    memcpy(big, "White", 5);
    STATUS(betza_game_set_tag(game, big, "x"), BETZA_INVALID_TAG);
    CHECK(betza_last_error(NULL, 0) < 300);
    betza_game_free(game);
    betza_position_free(pos);
    free(big);

    /* Issue 30: a 100 KB move counter, a 10 MB bad SAN inside a PGN and a
     * 60 KB invalid Betza string are quoted in part, with their true length
     * in bytes, and the message still says what is wrong. */
    size_t k = 100000;
    const char *head = "4k3/8/8/8/8/8/8/4K3 w - - ";
    char *fen = (char *)malloc(strlen(head) + k + 3);
    strcpy(fen, head);
    memset(fen + strlen(head), '9', k);
    strcpy(fen + strlen(head) + k, " 1");
    STATUS(betza_position_new("chess", fen, &bad), BETZA_INVALID_FEN);
    CHECK(betza_last_error(NULL, 0) < 300);
    CHECK(strstr(last_error(), "half-move clock") != NULL);
    CHECK(strstr(last_error(), "too large") != NULL);
    CHECK(strstr(last_error(), "(100000 bytes)") != NULL);
    free(fen);

    size_t mb = 10000000;
    const char *start = "[Event \"hostile\"]\n\n1. e4 e5 2. ";
    char *pgn = (char *)malloc(strlen(start) + mb + 4);
    strcpy(pgn, start);
    memset(pgn + strlen(start), 'Q', mb);
    strcpy(pgn + strlen(start) + mb, " *\n");
    STATUS(betza_game_from_pgn(pgn, &game), BETZA_INVALID_PGN);
    CHECK(betza_last_error(NULL, 0) < 300);
    CHECK(strstr(last_error(), "move 2") != NULL);
    CHECK(strstr(last_error(), "SAN") != NULL);
    CHECK(strstr(last_error(), "(10000000 bytes)") != NULL);
    free(pgn);

    size_t b = 60000;
    const char *def_head =
        "name = \"hostile\"\nfiles = 8\nranks = 8\n"
        "start = \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"\n"
        "[[piece]]\nname = \"King\"\ntoken = \"K\"\nroyal = true\nbetza = \"";
    char *def = (char *)malloc(strlen(def_head) + b + 8);
    strcpy(def, def_head);
    memset(def + strlen(def_head), 'W', b);
    strcpy(def + strlen(def_head) + b, "!\"\n");
    BetzaVariant *v = NULL;
    STATUS(betza_variant_new(def, &v), BETZA_INVALID_DEFINITION);
    CHECK(v == NULL);
    CHECK(betza_last_error(NULL, 0) < 300);
    CHECK(strstr(last_error(), "Betza string") != NULL);
    CHECK(strstr(last_error(), "position 60000") != NULL);
    CHECK(strstr(last_error(), "(60001 bytes)") != NULL);
    free(def);
}

static char *game_text(const BetzaGame *game,
                       BetzaStatus (*f)(const BetzaGame *, char *, size_t, size_t *)) {
    size_t len = 0;
    if (f(game, NULL, 0, &len) != BETZA_OK) return NULL;
    char *s = (char *)malloc(len + 1);
    if (f(game, s, len + 1, &len) != BETZA_OK) {
        free(s);
        return NULL;
    }
    return s;
}

static void test_game_more(void) {
    BetzaGame *game = NULL;
    STATUS(betza_game_new("chess", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 30", &game), BETZA_OK);
    STATUS(betza_game_play_san(game, "e4"), BETZA_OK);
    STATUS(betza_game_play_san(game, "Kd7"), BETZA_OK);
    STATUS(betza_game_play_san(game, "e5"), BETZA_OK);

    size_t plies = 0;
    STATUS(betza_game_ply_count(game, &plies), BETZA_OK);
    CHECK(plies == 3);
    STATUS(betza_game_ply_count(NULL, &plies), BETZA_NULL_ARGUMENT);
    STATUS(betza_game_ply_count(game, NULL), BETZA_NULL_ARGUMENT);

    char *start = game_text(game, betza_game_start_fen);
    CHECK(start != NULL && strcmp(start, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 30") == 0);
    free(start);
    char *sans = game_text(game, betza_game_san_moves);
    CHECK(sans != NULL && strcmp(sans, "e4 Kd7 e5") == 0);
    free(sans);
    char buf[128];
    size_t len;
    STATUS(betza_game_start_fen(NULL, buf, sizeof buf, &len), BETZA_NULL_ARGUMENT);
    STATUS(betza_game_start_fen(game, NULL, 4, &len), BETZA_NULL_ARGUMENT);
    STATUS(betza_game_start_fen(game, buf, sizeof buf, NULL), BETZA_NULL_ARGUMENT);
    STATUS(betza_game_start_fen(game, buf, 5, &len), BETZA_BUFFER_TOO_SMALL);
    STATUS(betza_game_san_moves(NULL, buf, sizeof buf, &len), BETZA_NULL_ARGUMENT);
    STATUS(betza_game_san_moves(game, NULL, 4, &len), BETZA_NULL_ARGUMENT);
    STATUS(betza_game_san_moves(game, buf, sizeof buf, NULL), BETZA_NULL_ARGUMENT);
    STATUS(betza_game_san_moves(game, buf, 9, &len), BETZA_BUFFER_TOO_SMALL);
    CHECK(len == 9);

    /* The positions along the game. */
    BetzaPosition *at = NULL;
    STATUS(betza_game_position_at(game, 1, &at), BETZA_OK);
    STATUS(betza_position_fen(at, buf, sizeof buf, &len), BETZA_OK);
    CHECK(strcmp(buf, "4k3/8/8/8/4P3/8/8/4K3 b - - 0 30") == 0);
    betza_position_free(at);
    STATUS(betza_game_position_at(game, 3, &at), BETZA_OK); /* the current one */
    STATUS(betza_position_fen(at, buf, sizeof buf, &len), BETZA_OK);
    CHECK(strcmp(buf, "8/3k4/8/4P3/8/8/8/4K3 b - - 0 31") == 0);
    betza_position_free(at);
    at = (BetzaPosition *)0x1;
    STATUS(betza_game_position_at(game, 4, &at), BETZA_INVALID_ARGUMENT);
    CHECK(at == (BetzaPosition *)0x1);
    STATUS(betza_game_position_at(NULL, 0, &at), BETZA_NULL_ARGUMENT);
    STATUS(betza_game_position_at(game, 0, NULL), BETZA_NULL_ARGUMENT);

    /* Tags. */
    STATUS(betza_game_set_tag(game, "White", "Ann \"the Rook\" Lee"), BETZA_OK);
    STATUS(betza_game_set_tag(game, "Event", "Club"), BETZA_OK);
    STATUS(betza_game_set_tag(game, "Event", "Club final"), BETZA_OK); /* replaced */
    STATUS(betza_game_set_tag(game, "Result", "1-0"), BETZA_INVALID_TAG);
    STATUS(betza_game_set_tag(game, "FEN", "x"), BETZA_INVALID_TAG);
    STATUS(betza_game_set_tag(game, "Bad name", "x"), BETZA_INVALID_TAG);
    STATUS(betza_game_set_tag(game, "", "x"), BETZA_INVALID_TAG);
    STATUS(betza_game_set_tag(game, "Site", "two\nlines"), BETZA_INVALID_TAG);
    STATUS(betza_game_set_tag(NULL, "Site", "x"), BETZA_NULL_ARGUMENT);
    STATUS(betza_game_set_tag(game, NULL, "x"), BETZA_NULL_ARGUMENT);
    STATUS(betza_game_set_tag(game, "Site", NULL), BETZA_NULL_ARGUMENT);
    STATUS(betza_game_set_tag(game, "Site", "\xff"), BETZA_INVALID_UTF8);
    STATUS(betza_game_tag(game, "Event", buf, sizeof buf, &len), BETZA_OK);
    CHECK(strcmp(buf, "Club final") == 0 && len == 10);
    STATUS(betza_game_tag(game, "Round", buf, sizeof buf, &len), BETZA_OK);
    CHECK(strcmp(buf, "") == 0 && len == 0);
    STATUS(betza_game_tag(game, "Event", buf, 4, &len), BETZA_BUFFER_TOO_SMALL);
    STATUS(betza_game_tag(NULL, "Event", buf, sizeof buf, &len), BETZA_NULL_ARGUMENT);
    STATUS(betza_game_tag(game, NULL, buf, sizeof buf, &len), BETZA_NULL_ARGUMENT);
    STATUS(betza_game_tag(game, "Event", NULL, 4, &len), BETZA_NULL_ARGUMENT);
    STATUS(betza_game_tag(game, "Event", buf, sizeof buf, NULL), BETZA_NULL_ARGUMENT);

    /* A declared result: a GUI accepts a draw. */
    BetzaResult result = BETZA_RESULT_WHITE_WINS;
    STATUS(betza_game_result(game, &result), BETZA_OK);
    CHECK(result == BETZA_RESULT_ONGOING);
    STATUS(betza_game_declare_result(game, BETZA_RESULT_DRAW), BETZA_OK);
    STATUS(betza_game_result(game, &result), BETZA_OK);
    CHECK(result == BETZA_RESULT_DRAW);
    STATUS(betza_game_declare_result(game, 4), BETZA_INVALID_ARGUMENT);
    STATUS(betza_game_declare_result(game, -1), BETZA_INVALID_ARGUMENT);
    STATUS(betza_game_declare_result(NULL, BETZA_RESULT_DRAW), BETZA_NULL_ARGUMENT);
    STATUS(betza_game_result(NULL, &result), BETZA_NULL_ARGUMENT);
    STATUS(betza_game_result(game, NULL), BETZA_NULL_ARGUMENT);

    /* A copy is independent and keeps everything. */
    BetzaGame *copy = NULL;
    STATUS(betza_game_clone(game, &copy), BETZA_OK);
    STATUS(betza_game_clone(NULL, &copy), BETZA_NULL_ARGUMENT);
    STATUS(betza_game_clone(game, NULL), BETZA_NULL_ARGUMENT);
    char *pgn = game_text(game, betza_game_pgn);
    char *pgn_copy = game_text(copy, betza_game_pgn);
    CHECK(pgn != NULL && pgn_copy != NULL && strcmp(pgn, pgn_copy) == 0);
    CHECK(strstr(pgn, "[White \"Ann \\\"the Rook\\\" Lee\"]") != NULL);
    CHECK(strstr(pgn, "[Event \"Club final\"]") != NULL);
    CHECK(strstr(pgn, "[Result \"1/2-1/2\"]") != NULL);
    CHECK(strstr(pgn, "30. e4 Kd7 31. e5 1/2-1/2") != NULL);
    STATUS(betza_game_play_san(copy, "Kc7"), BETZA_OK); /* clears the copy's declared draw */
    STATUS(betza_game_result(copy, &result), BETZA_OK);
    CHECK(result == BETZA_RESULT_ONGOING);
    STATUS(betza_game_ply_count(game, &plies), BETZA_OK);
    CHECK(plies == 3);
    STATUS(betza_game_result(game, &result), BETZA_OK);
    CHECK(result == BETZA_RESULT_DRAW);

    /* Read back, also in a given variant. */
    BetzaGame *back = NULL;
    STATUS(betza_game_from_pgn(pgn, &back), BETZA_OK);
    STATUS(betza_game_tag(back, "White", buf, sizeof buf, &len), BETZA_OK);
    CHECK(strcmp(buf, "Ann \"the Rook\" Lee") == 0);
    STATUS(betza_game_result(back, &result), BETZA_OK);
    CHECK(result == BETZA_RESULT_DRAW);
    betza_game_free(back);
    const BetzaVariant *chess = NULL, *decimaka = NULL;
    STATUS(betza_variant_by_name("chess", &chess), BETZA_OK);
    STATUS(betza_variant_by_name("decimaka", &decimaka), BETZA_OK);
    STATUS(betza_game_from_pgn_in(chess, pgn, &back), BETZA_OK);
    betza_game_free(back);
    STATUS(betza_game_from_pgn_in(decimaka, pgn, &back), BETZA_INVALID_PGN); /* Variant "chess" */
    CHECK(strstr(last_error(), "Variant tag") != NULL);
    STATUS(betza_game_from_pgn_in(decimaka, "1. e5 f6 *", &back), BETZA_OK);
    char *dsans = game_text(back, betza_game_san_moves);
    CHECK(dsans != NULL && strcmp(dsans, "e5 f6") == 0);
    free(dsans);
    betza_game_free(back);
    STATUS(betza_game_from_pgn_in(decimaka, "", &back), BETZA_INVALID_PGN);
    STATUS(betza_game_from_pgn_in(NULL, "*", &back), BETZA_NULL_ARGUMENT);
    STATUS(betza_game_from_pgn_in(decimaka, NULL, &back), BETZA_NULL_ARGUMENT);
    STATUS(betza_game_from_pgn_in(decimaka, "*", NULL), BETZA_NULL_ARGUMENT);
    free(pgn);
    free(pgn_copy);
    betza_game_free(copy);
    betza_game_free(game);

    /* A result that contradicts the rules cannot be declared. */
    STATUS(betza_game_new("chess", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", &game),
           BETZA_OK);
    STATUS(betza_game_declare_result(game, BETZA_RESULT_DRAW), BETZA_INVALID_STATE);
    STATUS(betza_game_declare_result(game, BETZA_RESULT_BLACK_WINS), BETZA_OK);
    STATUS(betza_game_result(game, &result), BETZA_OK);
    CHECK(result == BETZA_RESULT_BLACK_WINS);
    betza_game_free(game);
}

static void test_game_annotations(void) {
    BetzaGame *game = NULL;
    STATUS(betza_game_from_pgn("{A game} 1. e4 $1 {best by test} e5?! 2. Nf3 *", &game), BETZA_OK);
    char buf[64];
    size_t len = 99;
    /* A failure, then a size query: the query leaves the message alone. */
    STATUS(betza_game_comment(game, 9, buf, sizeof buf, &len), BETZA_INVALID_ARGUMENT);
    CHECK(strstr(last_error(), "ply 9") != NULL);
    STATUS(betza_game_comment(game, 1, NULL, 0, &len), BETZA_OK);
    CHECK(len == strlen("best by test"));
    CHECK(strstr(last_error(), "ply 9") != NULL);
    STATUS(betza_game_comment(game, 1, buf, sizeof buf, &len), BETZA_OK);
    CHECK(strcmp(buf, "best by test") == 0);
    STATUS(betza_game_comment(game, 0, buf, sizeof buf, &len), BETZA_OK);
    CHECK(strcmp(buf, "A game") == 0);
    STATUS(betza_game_comment(game, 3, buf, sizeof buf, &len), BETZA_OK);
    CHECK(len == 0 && buf[0] == 0);
    STATUS(betza_game_comment(game, 1, buf, 5, &len), BETZA_BUFFER_TOO_SMALL);
    CHECK(len == strlen("best by test"));
    STATUS(betza_game_comment(NULL, 1, buf, sizeof buf, &len), BETZA_NULL_ARGUMENT);
    STATUS(betza_game_comment(game, 1, NULL, 4, &len), BETZA_NULL_ARGUMENT);
    STATUS(betza_game_comment(game, 1, buf, sizeof buf, NULL), BETZA_NULL_ARGUMENT);

    uint8_t nags[4];
    size_t count = 0;
    STATUS(betza_game_nags(game, 1, NULL, 0, &count), BETZA_OK);
    CHECK(count == 1);
    STATUS(betza_game_nags(game, 2, nags, 4, &count), BETZA_OK);
    CHECK(count == 1 && nags[0] == 6);
    STATUS(betza_game_nags(game, 3, nags, 4, &count), BETZA_OK);
    CHECK(count == 0);
    STATUS(betza_game_nags(game, 0, nags, 4, &count), BETZA_INVALID_ARGUMENT);
    STATUS(betza_game_nags(game, 4, nags, 4, &count), BETZA_INVALID_ARGUMENT);
    STATUS(betza_game_nags(game, 1, nags, 0, &count), BETZA_BUFFER_TOO_SMALL);

    const uint8_t two[2] = {3, 14};
    STATUS(betza_game_set_nags(game, 3, two, 2), BETZA_OK);
    STATUS(betza_game_set_nags(game, 3, NULL, 2), BETZA_NULL_ARGUMENT);
    STATUS(betza_game_set_nags(game, 0, two, 2), BETZA_INVALID_ARGUMENT);
    STATUS(betza_game_set_comment(game, 3, "after  Nf3\n"), BETZA_OK);
    STATUS(betza_game_set_comment(game, 4, "beyond"), BETZA_INVALID_ARGUMENT);
    STATUS(betza_game_set_comment(game, 3, NULL), BETZA_NULL_ARGUMENT);
    STATUS(betza_game_set_comment(game, 0, ""), BETZA_OK); /* removes it */
    char *pgn = game_text(game, betza_game_pgn);
    CHECK(pgn != NULL && strstr(pgn, "\n1. e4 $1 {best by test} 1... e5 $6 2. Nf3 $3 $14 {after Nf3} *\n") != NULL);
    BetzaGame *back = NULL;
    STATUS(betza_game_from_pgn(pgn, &back), BETZA_OK);
    STATUS(betza_game_comment(back, 3, buf, sizeof buf, &len), BETZA_OK);
    CHECK(strcmp(buf, "after Nf3") == 0);
    STATUS(betza_game_nags(back, 3, nags, 4, &count), BETZA_OK);
    CHECK(count == 2 && nags[0] == 3 && nags[1] == 14);
    free(pgn);
    betza_game_free(back);
    betza_game_free(game);
}

static void test_pgn_reader(void) {
    const char *file =
        "[Event \"one\"]\n\n1. e4 e5 1-0\n\n"
        "[Event \"two\"]\n\n1. e4 Ke7 2. Qxe7 *\n\n" /* the Queen cannot get there */
        "[Event \"three\"]\n[Variant \"decimaka\"]\n\n1. e5 f6 *\n";
    BetzaPgnReader *reader = NULL;
    STATUS(betza_pgn_reader_new(NULL, file, &reader), BETZA_OK);
    BetzaGame *game = NULL;
    char buf[64];
    size_t len;
    STATUS(betza_pgn_reader_next(reader, &game), BETZA_OK);
    CHECK(game != NULL);
    STATUS(betza_game_tag(game, "Event", buf, sizeof buf, &len), BETZA_OK);
    CHECK(strcmp(buf, "one") == 0);
    betza_game_free(game);
    game = (BetzaGame *)0x1;
    STATUS(betza_pgn_reader_next(reader, &game), BETZA_INVALID_PGN);
    CHECK(game == (BetzaGame *)0x1);
    CHECK(strstr(last_error(), "line 7") != NULL);
    STATUS(betza_pgn_reader_next(reader, &game), BETZA_OK);
    const BetzaVariant *v = NULL;
    BetzaPosition *pos = NULL;
    STATUS(betza_game_position(game, &pos), BETZA_OK);
    STATUS(betza_position_variant(pos, &v), BETZA_OK);
    STATUS(betza_variant_name(v, buf, sizeof buf, &len), BETZA_OK);
    CHECK(strcmp(buf, "decimaka") == 0);
    betza_position_free(pos);
    betza_game_free(game);
    STATUS(betza_pgn_reader_next(reader, &game), BETZA_OK);
    CHECK(game == NULL); /* the end */
    STATUS(betza_pgn_reader_next(reader, &game), BETZA_OK);
    CHECK(game == NULL);
    STATUS(betza_pgn_reader_next(NULL, &game), BETZA_NULL_ARGUMENT);
    STATUS(betza_pgn_reader_next(reader, NULL), BETZA_NULL_ARGUMENT);
    betza_pgn_reader_free(reader);
    betza_pgn_reader_free(NULL);

    /* In a given variant; an empty text has no game. */
    const BetzaVariant *meiriqi = NULL;
    STATUS(betza_variant_by_name("meiriqi", &meiriqi), BETZA_OK);
    STATUS(betza_pgn_reader_new(meiriqi, "1. a5 *\n\n1. a5 a6 *\n", &reader), BETZA_OK);
    int games = 0;
    while (betza_pgn_reader_next(reader, &game) == BETZA_OK && game != NULL) {
        games++;
        betza_game_free(game);
    }
    CHECK(games == 2);
    betza_pgn_reader_free(reader);
    STATUS(betza_pgn_reader_new(NULL, "", &reader), BETZA_OK);
    STATUS(betza_pgn_reader_next(reader, &game), BETZA_OK);
    CHECK(game == NULL);
    betza_pgn_reader_free(reader);
    reader = NULL;
    STATUS(betza_pgn_reader_new(NULL, NULL, &reader), BETZA_NULL_ARGUMENT);
    STATUS(betza_pgn_reader_new(NULL, "*", NULL), BETZA_NULL_ARGUMENT);
    STATUS(betza_pgn_reader_new(NULL, "\xff", &reader), BETZA_INVALID_UTF8);
    CHECK(reader == NULL);
}

/* A variant read from text: 5x5 "minichess" without castling or double
 * steps. White's 7 first moves: five Pawn steps and the Knight's two. */
static const char *MINI =
    "name = \"mini\"\n"
    "files = 5\n"
    "ranks = 5\n"
    "start = \"rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1\"\n"
    "\n"
    "[promotion]\n"
    "scheme = \"zone\"\n"
    "zone = { white = \"a5-e5\", black = \"a1-e1\" }\n"
    "forced = { white = \"a5-e5\", black = \"a1-e1\" }\n"
    "\n"
    "[[piece]]\nname = \"King\"\ntoken = \"K\"\nbetza = \"K\"\nroyal = true\n"
    "[[piece]]\nname = \"Queen\"\ntoken = \"Q\"\nbetza = \"Q\"\n"
    "[[piece]]\nname = \"Rook\"\ntoken = \"R\"\nbetza = \"R\"\n"
    "[[piece]]\nname = \"Bishop\"\ntoken = \"B\"\nbetza = \"B\"\n"
    "[[piece]]\nname = \"Knight\"\ntoken = \"N\"\nbetza = \"N\"\n"
    "[[piece]]\nname = \"Pawn\"\ntoken = \"P\"\nbetza = \"fmWfcF\"\npawn = true\n"
    "promotes = [\"Q\", \"R\", \"B\", \"N\"]\n";

struct perft_job {
    const BetzaVariant *variant;
    uint64_t nodes;
    BetzaStatus status;
};

static void *perft_thread(void *arg) {
    struct perft_job *job = (struct perft_job *)arg;
    BetzaPosition *pos = NULL;
    job->status = betza_position_new_in(job->variant, NULL, &pos);
    if (job->status == BETZA_OK) job->status = betza_position_perft(pos, 3, &job->nodes);
    betza_position_free(pos);
    return NULL;
}

static void test_custom_variant(void) {
    BetzaVariant *v = NULL;
    STATUS(betza_variant_new(MINI, &v), BETZA_OK);
    CHECK(v != NULL);
    char buf[128];
    size_t len;
    STATUS(betza_variant_name(v, buf, sizeof buf, &len), BETZA_OK);
    CHECK(strcmp(buf, "mini") == 0);
    uint32_t files = 0, ranks = 0, count = 0;
    STATUS(betza_variant_board_size(v, &files, &ranks), BETZA_OK);
    CHECK(files == 5 && ranks == 5);
    STATUS(betza_variant_piece_count(v, &count), BETZA_OK);
    CHECK(count == 6);
    STATUS(betza_variant_piece_text(v, 5, BETZA_PIECE_TOKEN_BLACK, buf, sizeof buf, &len), BETZA_OK);
    CHECK(strcmp(buf, "p") == 0);

    /* A position and a game keep the variant alive after its handle is freed. */
    BetzaPosition *pos = NULL;
    STATUS(betza_position_new_in(v, NULL, &pos), BETZA_OK);
    BetzaGame *game = NULL;
    STATUS(betza_game_new_in(v, "4k/5/5/P4/4K w - - 0 1", &game), BETZA_OK);
    BetzaVariant *again = NULL;
    STATUS(betza_variant_clone(v, &again), BETZA_OK);
    CHECK(again == v);
    STATUS(betza_variant_clone(NULL, &again), BETZA_NULL_ARGUMENT);
    STATUS(betza_variant_clone(v, NULL), BETZA_NULL_ARGUMENT);

    /* Threads share the variant handle, each with its own position. */
    struct perft_job jobs[3];
    pthread_t threads[3];
    for (int i = 0; i < 3; i++) {
        jobs[i].variant = v;
        jobs[i].nodes = 0;
        jobs[i].status = BETZA_PANIC;
        CHECK(pthread_create(&threads[i], NULL, perft_thread, &jobs[i]) == 0);
    }
    for (int i = 0; i < 3; i++) pthread_join(threads[i], NULL);
    uint64_t nodes = 0;
    STATUS(betza_position_perft(pos, 3, &nodes), BETZA_OK);
    for (int i = 0; i < 3; i++) CHECK(jobs[i].status == BETZA_OK && jobs[i].nodes == nodes);

    betza_variant_free(v);
    betza_variant_free(again);
    STATUS(betza_position_perft(pos, 1, &nodes), BETZA_OK);
    CHECK(nodes == 7);
    STATUS(betza_position_fen(pos, buf, sizeof buf, &len), BETZA_OK);
    CHECK(strcmp(buf, "rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1") == 0);
    const BetzaVariant *pv = NULL;
    STATUS(betza_position_variant(pos, &pv), BETZA_OK);
    STATUS(betza_variant_name(pv, buf, sizeof buf, &len), BETZA_OK);
    CHECK(strcmp(buf, "mini") == 0);
    BetzaPosition *copy = NULL;
    STATUS(betza_position_clone(pos, &copy), BETZA_OK);
    betza_position_free(pos);
    STATUS(betza_position_play_text(copy, "b1c3"), BETZA_OK);
    betza_position_free(copy);

    /* The game: promotion at the far rank, PGN out and back in the variant. */
    STATUS(betza_game_play_san(game, "a3"), BETZA_OK);
    STATUS(betza_game_play_san(game, "Kd5"), BETZA_OK);
    STATUS(betza_game_play_san(game, "a4"), BETZA_OK);
    STATUS(betza_game_play_san(game, "Kc5"), BETZA_OK);
    STATUS(betza_game_play_text(game, "a4a5"), BETZA_INVALID_MOVE); /* must promote */
    STATUS(betza_game_play_text(game, "a4a5q"), BETZA_OK);
    BetzaPosition *now = NULL;
    STATUS(betza_game_position(game, &now), BETZA_OK);
    BetzaPiece piece;
    STATUS(betza_position_piece_at(now, 20, &piece), BETZA_OK);
    CHECK(piece.piece == 1 && piece.color == BETZA_WHITE); /* a Queen on a5 */
    STATUS(betza_position_variant(now, &pv), BETZA_OK);
    size_t plen = 0;
    STATUS(betza_game_pgn(game, NULL, 0, &plen), BETZA_OK);
    char *pgn = (char *)malloc(plen + 1);
    STATUS(betza_game_pgn(game, pgn, plen + 1, &plen), BETZA_OK);
    CHECK(strstr(pgn, "[Variant \"mini\"]") != NULL);
    BetzaGame *back = NULL;
    STATUS(betza_game_from_pgn(pgn, &back), BETZA_INVALID_PGN); /* not a built-in name */
    STATUS(betza_game_from_pgn_in(pv, pgn, &back), BETZA_OK);
    size_t plies = 0;
    STATUS(betza_game_ply_count(back, &plies), BETZA_OK);
    CHECK(plies == 5);
    BetzaPgnReader *reader = NULL;
    STATUS(betza_pgn_reader_new(pv, pgn, &reader), BETZA_OK);
    BetzaGame *read = NULL;
    STATUS(betza_pgn_reader_next(reader, &read), BETZA_OK);
    CHECK(read != NULL);
    betza_game_free(read);
    betza_pgn_reader_free(reader);
    free(pgn);
    betza_game_free(back);
    betza_position_free(now);
    betza_game_free(game);

    /* Refused definitions say where and why. */
    BetzaVariant *bad = (BetzaVariant *)0x1;
    STATUS(betza_variant_new("name = \"x\"\nfiles = 99\n", &bad), BETZA_INVALID_DEFINITION);
    CHECK(bad == (BetzaVariant *)0x1);
    CHECK(strlen(last_error()) > 0);
    STATUS(betza_variant_new("not toml [", &bad), BETZA_INVALID_DEFINITION);
    CHECK(strstr(last_error(), "line 1") != NULL);
    STATUS(betza_variant_new("", &bad), BETZA_INVALID_DEFINITION);
    STATUS(betza_variant_new(NULL, &bad), BETZA_NULL_ARGUMENT);
    STATUS(betza_variant_new(MINI, NULL), BETZA_NULL_ARGUMENT);
    STATUS(betza_variant_new("name = \"\xff\"", &bad), BETZA_INVALID_UTF8);
    STATUS(betza_position_new_in(NULL, NULL, &pos), BETZA_NULL_ARGUMENT);
    STATUS(betza_game_new_in(NULL, NULL, &game), BETZA_NULL_ARGUMENT);

    /* Built-in handles are static: freeing one changes nothing. */
    const BetzaVariant *chess = NULL;
    STATUS(betza_variant_by_name("chess", &chess), BETZA_OK);
    betza_variant_free((BetzaVariant *)chess);
    betza_variant_free(NULL);
    STATUS(betza_position_new_in(chess, "4k3/8/8/8/8/8/8/4K3 w - - 0 1", &pos), BETZA_OK);
    STATUS(betza_position_perft(pos, 1, &nodes), BETZA_OK);
    CHECK(nodes == 5);
    STATUS(betza_position_new_in(chess, "bad", &copy), BETZA_INVALID_FEN);
    STATUS(betza_position_new_in(chess, NULL, NULL), BETZA_NULL_ARGUMENT);
    BetzaVariant *chess2 = NULL;
    STATUS(betza_variant_clone(chess, &chess2), BETZA_OK);
    CHECK(chess2 == chess);
    betza_variant_free(chess2);
    betza_position_free(pos);
    STATUS(betza_game_new_in(chess, "bad", &game), BETZA_INVALID_FEN);
}

int main(void) {
    test_version();
    test_position_lifecycle();
    test_moves();
    test_promotion_choice();
    test_queries();
    test_metadata();
    test_game();
    test_game_end();
    test_shogi_game_end();
    test_builtin_list();
    test_position_state();
    test_drops();
    test_bounded_errors();
    test_game_more();
    test_game_annotations();
    test_pgn_reader();
    test_custom_variant();
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}

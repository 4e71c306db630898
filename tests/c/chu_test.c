/* Tests the C ABI on large boards: Chu Shogi (12x12, 144 squares) and a
 * definition of 16x16, through every kind of handle (variant, position,
 * game, setup, PGN reader). Prints "N passed, M failed" and exits non-zero
 * on any failure. */
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

static uint32_t sq(const BetzaPosition *pos, const char *name) {
    uint32_t s = 0;
    if (betza_position_parse_square(pos, name, &s) != BETZA_OK) return 9999;
    return s;
}

/* A string from a call that reports its length; "" on failure. */
static char text_buf[4096];

static const char *move_text(const BetzaPosition *pos, const BetzaMove *m) {
    size_t len = 0;
    if (betza_move_text(pos, m, text_buf, sizeof text_buf, &len) != BETZA_OK) return "";
    return text_buf;
}

static const char *move_san(const BetzaPosition *pos, const BetzaMove *m) {
    size_t len = 0;
    if (betza_move_san(pos, m, text_buf, sizeof text_buf, &len) != BETZA_OK) return "";
    return text_buf;
}

static void test_variant(void) {
    const BetzaVariant *chu = NULL;
    STATUS(betza_variant_by_name("chushogi", &chu), BETZA_OK);
    STATUS(betza_variant_by_name("ChuShogi", &chu), BETZA_OK);
    char buf[256];
    size_t len = 0;
    STATUS(betza_variant_name(chu, buf, sizeof buf, &len), BETZA_OK);
    CHECK(strcmp(buf, "chushogi") == 0);
    uint32_t files = 0, ranks = 0, pieces = 0;
    STATUS(betza_variant_board_size(chu, &files, &ranks), BETZA_OK);
    CHECK(files == 12 && ranks == 12);
    STATUS(betza_variant_piece_count(chu, &pieces), BETZA_OK);
    CHECK(pieces > 20); /* more than a small board holds */

    /* The built-ins list it. */
    int listed = 0;
    for (size_t i = 0; i < betza_builtin_variant_count(); i++) {
        STATUS(betza_builtin_variant_name(i, buf, sizeof buf, &len), BETZA_OK);
        listed += strcmp(buf, "chushogi") == 0;
    }
    CHECK(listed == 1);

    /* Squares past 128: White's promotion zone is ranks 9 to 12. */
    uint32_t zone[256];
    size_t n = 0;
    STATUS(betza_variant_promotion_zone(chu, BETZA_WHITE, zone, 256, &n), BETZA_OK);
    CHECK(n == 48 && zone[0] == 96 && zone[47] == 143);
    STATUS(betza_variant_promotion_zone(chu, BETZA_BLACK, zone, 256, &n), BETZA_OK);
    CHECK(n == 48 && zone[0] == 0 && zone[47] == 47);

    /* The last piece type, past a small board's 20. */
    BetzaPieceInfo info;
    STATUS(betza_variant_piece_info(chu, pieces - 1, &info), BETZA_OK);
    STATUS(betza_variant_piece_info(chu, pieces, &info), BETZA_INVALID_ARGUMENT);
    STATUS(betza_variant_piece_text(chu, pieces - 1, BETZA_PIECE_NAME, buf, sizeof buf, &len), BETZA_OK);
    CHECK(len > 0);
    STATUS(betza_variant_piece_description(chu, 0, buf, sizeof buf, &len), BETZA_OK);
    STATUS(betza_variant_piece_region(chu, 0, BETZA_WHITE, zone, 256, &n), BETZA_OK);
    CHECK(n == 0); /* not confined */

    /* A clone of a built-in handle is the same handle. */
    BetzaVariant *copy = NULL;
    STATUS(betza_variant_clone(chu, &copy), BETZA_OK);
    CHECK(copy == chu);
    betza_variant_free(copy);
}

static void test_start(void) {
    BetzaPosition *pos = NULL;
    STATUS(betza_position_new("chushogi", NULL, &pos), BETZA_OK);
    uint64_t nodes = 0;
    STATUS(betza_position_perft(pos, 1, &nodes), BETZA_OK);
    CHECK(nodes == 36);
    STATUS(betza_position_perft(pos, 2, &nodes), BETZA_OK);
    CHECK(nodes == 1296);
    size_t n = 0;
    STATUS(betza_position_legal_moves(pos, NULL, 0, &n), BETZA_OK);
    CHECK(n == 36);

    char fen[512];
    size_t len = 0;
    STATUS(betza_position_fen(pos, fen, sizeof fen, &len), BETZA_OK);
    CHECK(strncmp(fen, "lfcsgekgscfl/", 13) == 0);

    /* The last square is 143, "l12"; 144 is off the board. */
    char name[16];
    STATUS(betza_position_square_name(pos, 143, name, sizeof name, &len), BETZA_OK);
    CHECK(strcmp(name, "l12") == 0);
    CHECK(sq(pos, "l12") == 143 && sq(pos, "a12") == 132);
    BetzaPiece p;
    STATUS(betza_position_piece_at(pos, 143, &p), BETZA_OK);
    CHECK(p.color == BETZA_BLACK && p.piece >= 0);
    STATUS(betza_position_piece_at(pos, 144, &p), BETZA_INVALID_ARGUMENT);
    uint32_t off = 0;
    STATUS(betza_position_parse_square(pos, "m1", &off), BETZA_INVALID_SQUARE);
    STATUS(betza_position_parse_square(pos, "a13", &off), BETZA_INVALID_SQUARE);

    /* A Black move, on squares past 128: the position copy, then a move. */
    STATUS(betza_position_play_text(pos, "e5e6"), BETZA_INVALID_MOVE);
    BetzaPosition *copy = NULL;
    STATUS(betza_position_clone(pos, &copy), BETZA_OK);
    BetzaMove moves[64];
    STATUS(betza_position_legal_moves(copy, moves, 64, &n), BETZA_OK);
    STATUS(betza_position_play(copy, &moves[0]), BETZA_OK);
    int32_t side = -1;
    STATUS(betza_position_side_to_move(copy, &side), BETZA_OK);
    CHECK(side == BETZA_BLACK);
    STATUS(betza_position_legal_moves(copy, moves, 64, &n), BETZA_OK);
    CHECK(n > 0 && moves[0].from >= 96);
    uint32_t targets[64];
    size_t t = 0;
    STATUS(betza_position_legal_targets(copy, moves[0].from, targets, 64, &t), BETZA_OK);
    CHECK(t > 0);
    STATUS(betza_position_legal_moves_from(copy, moves[0].from, moves, 64, &t), BETZA_OK);
    CHECK(t > 0 && moves[0].from >= 96);

    /* No hands in Chu Shogi; piece facts of a type past 20. */
    uint32_t in_hand = 99;
    STATUS(betza_position_hand_count(copy, BETZA_WHITE, 0, &in_hand), BETZA_OK);
    CHECK(in_hand == 0);
    STATUS(betza_position_hand_count(copy, BETZA_WHITE, 200, &in_hand), BETZA_INVALID_ARGUMENT);

    /* The variant of the position is the built-in handle. */
    const BetzaVariant *v = NULL, *chu = NULL;
    STATUS(betza_position_variant(copy, &v), BETZA_OK);
    STATUS(betza_variant_by_name("chushogi", &chu), BETZA_OK);
    CHECK(v == chu);
    betza_position_free(copy);
    betza_position_free(pos);
}

/* The Lion on e5 with Black Pawns on e6 and e7 (and a Gold on l12, so that
   Black is not left with a bare King after the double capture). */
static const char *LION = "k10g/12/12/12/12/4p7/4p7/4N7/12/12/12/11K w - - 0 1";

static void test_lion(void) {
    BetzaPosition *pos = NULL;
    STATUS(betza_position_new("chushogi", LION, &pos), BETZA_OK);
    uint32_t e5 = sq(pos, "e5"), e6 = sq(pos, "e6"), e7 = sq(pos, "e7");
    BetzaPiece pawn;
    STATUS(betza_position_piece_at(pos, e6, &pawn), BETZA_OK);

    /* A double capture as text: BETZA_MOVE_VIA, via e6. */
    BetzaMove m;
    STATUS(betza_position_parse_move(pos, "e5e6e7", &m), BETZA_OK);
    CHECK(m.from == e5 && m.to == e7 && (m.flags & BETZA_MOVE_VIA));
    CHECK(m.via == (int32_t)e6 && m.via_captured == pawn.piece && m.captured == pawn.piece);
    CHECK(strcmp(move_text(pos, &m), "e5e6e7") == 0);
    CHECK(strcmp(move_san(pos, &m), "Nxe6xe7") == 0);

    /* The same squares without the flag: the Lion's jump to e7. */
    BetzaMove jump;
    STATUS(betza_position_parse_move(pos, "e5e7", &jump), BETZA_OK);
    CHECK(!(jump.flags & BETZA_MOVE_VIA) && jump.via == BETZA_NONE);
    BetzaMove plain = m;
    plain.flags = 0;
    CHECK(strcmp(move_text(pos, &plain), "e5e7") == 0);

    /* Igui given as a BetzaMove by hand: take e6 and stay on e5. */
    BetzaMove igui;
    memset(&igui, 0, sizeof igui);
    igui.from = e5;
    igui.to = e5;
    igui.piece = BETZA_NONE;
    igui.captured = BETZA_NONE;
    igui.promotion = BETZA_NONE;
    igui.flags = BETZA_MOVE_VIA;
    igui.via = (int32_t)e6;
    igui.via_captured = BETZA_NONE;
    bool yes = false;
    STATUS(betza_position_is_legal(pos, &igui, &yes), BETZA_OK);
    CHECK(yes);
    STATUS(betza_position_is_capture(pos, &igui, &yes), BETZA_OK);
    CHECK(yes);
    CHECK(strcmp(move_text(pos, &igui), "e5e6e5") == 0);
    CHECK(strcmp(move_san(pos, &igui), "Nxe6-e5") == 0);
    char buf[64];
    size_t len = 0;
    STATUS(betza_position_move_notation(pos, &igui, BETZA_NOTATION_MOVE_TEXT, buf, sizeof buf, &len),
           BETZA_OK);
    CHECK(strcmp(buf, "e5e6e5") == 0);
    /* The move list holds it once, as the parsed text names it. */
    BetzaMove moves[128];
    size_t n = 0;
    STATUS(betza_position_legal_moves(pos, moves, 128, &n), BETZA_OK);
    int found = 0;
    for (size_t i = 0; i < n; i++)
        found += moves[i].from == e5 && moves[i].to == e5 && (moves[i].flags & BETZA_MOVE_VIA) &&
                 moves[i].via == (int32_t)e6;
    CHECK(found == 1);
    /* SAN reads back. */
    BetzaMove back;
    STATUS(betza_position_parse_san(pos, "Nxe6-e5", &back), BETZA_OK);
    CHECK(back.from == e5 && back.to == e5 && back.via == (int32_t)e6);
    STATUS(betza_position_san_line(pos, &igui, 1, buf, sizeof buf, &len), BETZA_OK);
    CHECK(strcmp(buf, "Nxe6-e5") == 0);

    /* Played: e6 is empty, the Lion is still on e5, e7 keeps its Pawn. */
    STATUS(betza_position_play(pos, &igui), BETZA_OK);
    BetzaPiece p;
    STATUS(betza_position_piece_at(pos, e6, &p), BETZA_OK);
    CHECK(p.piece == BETZA_NONE);
    STATUS(betza_position_piece_at(pos, e5, &p), BETZA_OK);
    CHECK(p.color == BETZA_WHITE);
    STATUS(betza_position_piece_at(pos, e7, &p), BETZA_OK);
    CHECK(p.piece == pawn.piece && p.color == BETZA_BLACK);
    betza_position_free(pos);

    /* The double capture as text, in a line. */
    STATUS(betza_position_new("chushogi", LION, &pos), BETZA_OK);
    STATUS(betza_position_play_line(pos, "e5e6e7 a12b12"), BETZA_OK);
    STATUS(betza_position_piece_at(pos, e7, &p), BETZA_OK);
    CHECK(p.color == BETZA_WHITE);
    STATUS(betza_position_piece_at(pos, e6, &p), BETZA_OK);
    CHECK(p.piece == BETZA_NONE);
    betza_position_free(pos);
}

static void test_game(void) {
    const BetzaVariant *chu = NULL;
    STATUS(betza_variant_by_name("chushogi", &chu), BETZA_OK);
    /* The Lion's double capture in a game, by BetzaMove, then undone. */
    BetzaGame *game = NULL;
    STATUS(betza_game_new_in(chu, LION, &game), BETZA_OK);
    BetzaPosition *pos = NULL;
    STATUS(betza_game_position(game, &pos), BETZA_OK);
    BetzaMove m;
    STATUS(betza_position_parse_move(pos, "e5e6e7", &m), BETZA_OK);
    STATUS(betza_game_play(game, &m), BETZA_OK);
    char buf[2048];
    size_t len = 0;
    STATUS(betza_game_san_moves(game, buf, sizeof buf, &len), BETZA_OK);
    CHECK(strcmp(buf, "Nxe6xe7") == 0);
    BetzaMove played[4];
    size_t n = 0;
    STATUS(betza_game_moves(game, played, 4, &n), BETZA_OK);
    CHECK(n == 1 && played[0].via == m.via && (played[0].flags & BETZA_MOVE_VIA));
    BetzaMove undone;
    STATUS(betza_game_undo(game, &undone), BETZA_OK);
    CHECK(undone.via == m.via && undone.to == m.to);
    STATUS(betza_game_play_san(game, "Nxe6xe7"), BETZA_OK);
    BetzaPosition *at = NULL;
    STATUS(betza_game_position_at(game, 0, &at), BETZA_OK);
    char fen[256];
    STATUS(betza_position_fen(at, fen, sizeof fen, &len), BETZA_OK);
    CHECK(strcmp(fen, LION) == 0);
    STATUS(betza_game_position_at(game, 2, &at), BETZA_INVALID_ARGUMENT); /* at is kept */
    betza_position_free(at);
    betza_position_free(pos);
    betza_game_free(game);

    /* To the capture of the King: Black's Lion takes it, reason 9. */
    STATUS(betza_game_new("chushogi", "k11/12/12/12/12/12/12/12/11P/1n10/12/K11 b - - 0 1", &game),
           BETZA_OK);
    STATUS(betza_game_play_text(game, "b3a1"), BETZA_OK);
    BetzaGameStatus st;
    STATUS(betza_game_status(game, &st), BETZA_OK);
    CHECK(st.outcome.result == BETZA_RESULT_BLACK_WINS);
    CHECK(st.outcome.reason == BETZA_REASON_ROYAL_CAPTURED && st.outcome.reason == 9);
    CHECK(strcmp(betza_reason_text(9), "royal captured") == 0);
    BetzaOutcome o;
    STATUS(betza_game_position(game, &pos), BETZA_OK);
    STATUS(betza_position_outcome(pos, &o), BETZA_OK);
    CHECK(o.reason == BETZA_REASON_ROYAL_CAPTURED && o.result == BETZA_RESULT_BLACK_WINS);
    betza_position_free(pos);
    STATUS(betza_game_play_text(game, "a12b12"), BETZA_INVALID_STATE);
    STATUS(betza_game_set_tag(game, "White", "Ann"), BETZA_OK);

    /* PGN out and back, with and without the variant. */
    char *pgn = NULL;
    STATUS(betza_game_pgn(game, NULL, 0, &len), BETZA_OK);
    pgn = (char *)malloc(len + 1);
    STATUS(betza_game_pgn(game, pgn, len + 1, &len), BETZA_OK);
    CHECK(strstr(pgn, "[Variant \"chushogi\"]") != NULL);
    CHECK(strstr(pgn, "[Termination \"royal captured\"]") != NULL);
    CHECK(strstr(pgn, "1... Nxa1 0-1") != NULL);
    BetzaGame *again = NULL;
    STATUS(betza_game_from_pgn(pgn, &again), BETZA_OK);
    STATUS(betza_game_pgn(again, buf, sizeof buf, &len), BETZA_OK);
    CHECK(strcmp(buf, pgn) == 0);
    STATUS(betza_game_status(again, &st), BETZA_OK);
    CHECK(st.outcome.reason == BETZA_REASON_ROYAL_CAPTURED);
    STATUS(betza_game_tag(again, "White", buf, sizeof buf, &len), BETZA_OK);
    CHECK(strcmp(buf, "Ann") == 0);
    betza_game_free(again);
    STATUS(betza_game_from_pgn_in(chu, pgn, &again), BETZA_OK);
    STATUS(betza_game_result(again, &st.outcome.result), BETZA_OK);
    CHECK(st.outcome.result == BETZA_RESULT_BLACK_WINS);
    betza_game_free(again);
    const BetzaVariant *chess = NULL;
    STATUS(betza_variant_by_name("chess", &chess), BETZA_OK);
    STATUS(betza_game_from_pgn_in(chess, pgn, &again), BETZA_INVALID_PGN);

    /* A reader of a file with a chess game, the Chu game and a bad one. */
    const char *chess_game = "[Event \"c\"]\n\n1. e4 e5 *\n\n";
    const char *bad = "\n\n[Variant \"chushogi\"]\n\n1. Zz9 *\n";
    char *file = (char *)malloc(strlen(chess_game) + strlen(pgn) + strlen(bad) + 1);
    strcpy(file, chess_game);
    strcat(file, pgn);
    strcat(file, bad);
    BetzaPgnReader *reader = NULL;
    STATUS(betza_pgn_reader_new(NULL, file, &reader), BETZA_OK);
    BetzaGame *g = NULL;
    STATUS(betza_pgn_reader_next(reader, &g), BETZA_OK);
    CHECK(g != NULL);
    if (g) {
        STATUS(betza_game_san_moves(g, buf, sizeof buf, &len), BETZA_OK);
        CHECK(strcmp(buf, "e4 e5") == 0);
        betza_game_free(g);
    }
    STATUS(betza_pgn_reader_next(reader, &g), BETZA_OK);
    CHECK(g != NULL);
    if (g) {
        STATUS(betza_game_status(g, &st), BETZA_OK);
        CHECK(st.outcome.reason == BETZA_REASON_ROYAL_CAPTURED);
        STATUS(betza_game_pgn(g, buf, sizeof buf, &len), BETZA_OK);
        CHECK(strcmp(buf, pgn) == 0);
        betza_game_free(g);
    }
    STATUS(betza_pgn_reader_next(reader, &g), BETZA_INVALID_PGN);
    BetzaErrorDetail d;
    STATUS(betza_last_error_detail(&d), BETZA_OK);
    {
        /* The line of the bad game's move, counted from the file's start. */
        int line = 1;
        const char *at = strstr(file, "1. Zz9");
        for (const char *c = file; c < at; c++) line += *c == '\n';
        CHECK(d.line == line);
    }
    STATUS(betza_pgn_reader_next(reader, &g), BETZA_OK);
    CHECK(g == NULL);
    betza_pgn_reader_free(reader);
    /* In the variant: the chess game is refused, the Chu game read. */
    STATUS(betza_pgn_reader_new(chu, pgn, &reader), BETZA_OK);
    STATUS(betza_pgn_reader_next(reader, &g), BETZA_OK);
    CHECK(g != NULL);
    betza_game_free(g);
    STATUS(betza_pgn_reader_next(reader, &g), BETZA_OK);
    CHECK(g == NULL);
    betza_pgn_reader_free(reader);
    free(file);
    free(pgn);
    betza_game_free(game);
}

static void test_setup(void) {
    const BetzaVariant *chu = NULL;
    STATUS(betza_variant_by_name("chushogi", &chu), BETZA_OK);
    BetzaSetup *s = NULL;
    STATUS(betza_setup_new(chu, &s), BETZA_OK);
    BetzaPosition *pos = NULL;
    /* Chu Shogi has no castling. */
    STATUS(betza_setup_set_castling(s, BETZA_WHITE, true, true), BETZA_OK);
    STATUS(betza_setup_position(s, &pos), BETZA_INVALID_SETUP);
    size_t problems = 0, plen = 0;
    STATUS(betza_setup_problems(s, NULL, 0, &plen, &problems), BETZA_OK);
    CHECK(problems == 1 && plen > 0);
    STATUS(betza_setup_set_castling(s, BETZA_WHITE, true, false), BETZA_OK);
    /* Kings: piece type 0 (the definition lists the King first). */
    STATUS(betza_setup_place(s, 0, 0, BETZA_WHITE), BETZA_OK);
    STATUS(betza_setup_place(s, 143, 0, BETZA_BLACK), BETZA_OK);
    STATUS(betza_setup_place(s, 144, 0, BETZA_BLACK), BETZA_INVALID_ARGUMENT);
    BetzaPiece p;
    STATUS(betza_setup_piece_at(s, 143, &p), BETZA_OK);
    CHECK(p.piece == 0 && p.color == BETZA_BLACK);
    STATUS(betza_setup_position(s, &pos), BETZA_OK);
    char fen[512];
    size_t len = 0;
    STATUS(betza_position_fen(pos, fen, sizeof fen, &len), BETZA_OK);
    CHECK(strcmp(fen, "11k/12/12/12/12/12/12/12/12/12/12/K11 w - - 0 1") == 0);
    betza_position_free(pos);
    betza_setup_free(s);

    /* The start position through a setup and back. */
    STATUS(betza_position_new("chushogi", NULL, &pos), BETZA_OK);
    STATUS(betza_setup_from_position(pos, &s), BETZA_OK);
    BetzaPosition *back = NULL;
    STATUS(betza_setup_position(s, &back), BETZA_OK);
    char fen2[512];
    STATUS(betza_position_fen(pos, fen, sizeof fen, &len), BETZA_OK);
    STATUS(betza_position_fen(back, fen2, sizeof fen2, &len), BETZA_OK);
    CHECK(strcmp(fen, fen2) == 0);
    betza_position_free(back);
    betza_position_free(pos);
    betza_setup_free(s);
}

/* A definition of 16x16 (256 squares): a Rook and two Kings. */
static const char *BIG =
    "name = \"big\"\nfiles = 16\nranks = 16\n"
    "start = \"15k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/R14K w - - 0 1\"\n"
    "[[piece]]\nname = \"King\"\ntoken = \"K\"\nbetza = \"K\"\nroyal = true\n"
    "[[piece]]\nname = \"Rook\"\ntoken = \"R\"\nbetza = \"R\"\n";

static void test_definition(void) {
    BetzaVariant *big = NULL;
    STATUS(betza_variant_new(BIG, &big), BETZA_OK);
    uint32_t files = 0, ranks = 0;
    STATUS(betza_variant_board_size(big, &files, &ranks), BETZA_OK);
    CHECK(files == 16 && ranks == 16);
    BetzaPosition *pos = NULL;
    STATUS(betza_position_new_in(big, NULL, &pos), BETZA_OK);
    betza_variant_free(big); /* the position keeps it alive */
    uint64_t nodes = 0;
    /* The Rook: 14 along rank 1 and 15 up file a; the King: 3. */
    STATUS(betza_position_perft(pos, 1, &nodes), BETZA_OK);
    CHECK(nodes == 32);
    uint32_t targets[64];
    size_t n = 0;
    STATUS(betza_position_legal_targets(pos, 0, targets, 64, &n), BETZA_OK);
    CHECK(n == 29 && targets[n - 1] == 240);
    CHECK(sq(pos, "p16") == 255);
    STATUS(betza_position_play_text(pos, "a1a16"), BETZA_OK);
    bool check = false;
    STATUS(betza_position_is_check(pos, &check), BETZA_OK);
    CHECK(check);
    uint32_t checkers[4];
    STATUS(betza_position_checkers(pos, checkers, 4, &n), BETZA_OK);
    CHECK(n == 1 && checkers[0] == 240);
    BetzaGame *game = NULL;
    const BetzaVariant *v = NULL;
    STATUS(betza_position_variant(pos, &v), BETZA_OK);
    STATUS(betza_game_new_in(v, NULL, &game), BETZA_OK);
    STATUS(betza_game_play_san(game, "Ra16+"), BETZA_OK);
    char buf[1024];
    size_t len = 0;
    STATUS(betza_game_pgn(game, buf, sizeof buf, &len), BETZA_OK);
    CHECK(strstr(buf, "1. Ra16+ *") != NULL);
    BetzaGame *again = NULL;
    STATUS(betza_game_from_pgn_in(v, buf, &again), BETZA_OK);
    size_t plies = 0;
    STATUS(betza_game_ply_count(again, &plies), BETZA_OK);
    CHECK(plies == 1);
    betza_game_free(again);
    betza_game_free(game);
    betza_position_free(pos);
}

int main(void) {
    test_variant();
    test_start();
    test_lion();
    test_game();
    test_setup();
    test_definition();
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}

/*
 * betza.hpp: a header-only C++17 wrapper of the betza C API (betza.h).
 *
 * - betza::Variant, betza::Position, betza::Game and betza::PgnReader own
 *   their C handles (RAII). Variant, Position and Game are copyable (the C
 *   API clones them) and movable; a moved-from object is empty, and using
 *   it throws betza::Error with BETZA_NULL_ARGUMENT. PgnReader is move-only.
 * - Results are std::string, std::vector and std::optional values.
 * - A failed call throws betza::Error, which carries the BetzaStatus and the
 *   library's message.
 * - Threads: as in C, use one Position, Game or PgnReader from one thread
 *   at a time; a Variant may be shared.
 *
 *   betza::Game game("decimaka");
 *   game.play_san("e5");
 *   for (const betza::Move &m : game.position().legal_moves()) ...
 *
 * Link with the betza library: pkg-config --cflags --libs betza.
 */
#ifndef BETZA_HPP
#define BETZA_HPP

#include "betza.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace betza {

/* A move, a piece on a square, an outcome: the C structs as they are. */
using Move = BetzaMove;
using Piece = BetzaPiece;
using Outcome = BetzaOutcome;
using GameStatus = BetzaGameStatus;
using PieceInfo = BetzaPieceInfo;
using Result = BetzaResult;
using Reason = BetzaReason;

/* A side. */
enum class Color : int32_t { white = BETZA_WHITE, black = BETZA_BLACK };

/* A failed call: status() is the BetzaStatus, what() the library's message. */
class Error : public std::runtime_error {
  public:
    Error(BetzaStatus status, const std::string &message)
        : std::runtime_error(message), status_(status) {}
    BetzaStatus status() const noexcept { return status_; }

  private:
    BetzaStatus status_;
};

namespace detail {

/* The calling thread's last error message. */
inline std::string last_error() {
    std::vector<char> buf(betza_last_error(nullptr, 0) + 1);
    size_t len = betza_last_error(buf.data(), buf.size());
    return std::string(buf.data(), len < buf.size() ? len : buf.size() - 1);
}

inline void check(BetzaStatus status) {
    if (status != BETZA_OK) throw Error(status, last_error());
}

/* A string from a buffer call f(buf, cap, &len): asks for the length first. */
template <class F> std::string text(F f) {
    size_t len = 0;
    /* A size query is BETZA_OK (BETZA_BUFFER_TOO_SMALL before 0.2). */
    BetzaStatus status = f(nullptr, 0, &len);
    if (status != BETZA_BUFFER_TOO_SMALL) check(status);
    if (len == 0) return std::string();
    std::vector<char> buf(len + 1);
    check(f(buf.data(), buf.size(), &len));
    return std::string(buf.data(), len);
}

/* An array from a buffer call f(buf, cap, &count). */
template <class T, class F> std::vector<T> array(F f) {
    size_t count = 0;
    BetzaStatus status = f(nullptr, 0, &count);
    if (status != BETZA_BUFFER_TOO_SMALL) check(status);
    if (count == 0) return std::vector<T>();
    std::vector<T> items(count);
    check(f(items.data(), items.size(), &count));
    items.resize(count);
    return items;
}

/* Owns one C handle: free_fn frees it, clone_fn copies it. */
template <class T, void (*free_fn)(T *), BetzaStatus (*clone_fn)(const T *, T **)> class Handle {
  public:
    Handle() noexcept = default;
    explicit Handle(T *p) noexcept : p_(p) {}
    Handle(const Handle &other) : p_(nullptr) {
        if (other.p_) check(clone_fn(other.p_, &p_));
    }
    Handle(Handle &&other) noexcept : p_(std::exchange(other.p_, nullptr)) {}
    Handle &operator=(const Handle &other) {
        if (this != &other) {
            Handle copy(other);
            std::swap(p_, copy.p_);
        }
        return *this;
    }
    Handle &operator=(Handle &&other) noexcept {
        if (this != &other) {
            free_fn(p_);
            p_ = std::exchange(other.p_, nullptr);
        }
        return *this;
    }
    ~Handle() { free_fn(p_); }
    T *get() const noexcept { return p_; }

  private:
    T *p_ = nullptr;
};

} // namespace detail

/* A variant: a built-in one or one read from a definition. Copies share it. */
class Variant {
  public:
    /* The built-in variant name ("decimaka", "meiriqi", "chess", ...). */
    explicit Variant(const std::string &name) {
        const BetzaVariant *v = nullptr;
        detail::check(betza_variant_by_name(name.c_str(), &v));
        handle_ = Handle(const_cast<BetzaVariant *>(v)); /* static: free ignores it */
    }

    /* A variant from a definition in the TOML format; throws on a refused
     * definition (status BETZA_INVALID_DEFINITION, the message says why). */
    static Variant from_definition(const std::string &definition) {
        BetzaVariant *v = nullptr;
        detail::check(betza_variant_new(definition.c_str(), &v));
        return Variant(v);
    }

    /* The names of the built-in variants. */
    static std::vector<std::string> builtin_names() {
        std::vector<std::string> names;
        for (size_t i = 0; i < betza_builtin_variant_count(); i++)
            names.push_back(detail::text([&](char *b, size_t c, size_t *l) {
                return betza_builtin_variant_name(i, b, c, l);
            }));
        return names;
    }

    std::string name() const {
        return detail::text([&](char *b, size_t c, size_t *l) { return betza_variant_name(get(), b, c, l); });
    }
    std::string start_fen() const {
        return detail::text([&](char *b, size_t c, size_t *l) { return betza_variant_start_fen(get(), b, c, l); });
    }
    uint32_t files() const { return size().first; }
    uint32_t ranks() const { return size().second; }
    uint32_t piece_count() const {
        uint32_t n = 0;
        detail::check(betza_variant_piece_count(get(), &n));
        return n;
    }
    PieceInfo piece_info(uint32_t piece) const {
        PieceInfo info{};
        detail::check(betza_variant_piece_info(get(), piece, &info));
        return info;
    }
    std::string piece_name(uint32_t piece) const { return piece_text(piece, BETZA_PIECE_NAME); }
    std::string piece_betza(uint32_t piece) const { return piece_text(piece, BETZA_PIECE_BETZA); }
    /* How a piece type moves, in plain words, for help screens. */
    std::string piece_description(uint32_t piece) const {
        return detail::text([&](char *b, size_t c, size_t *l) {
            return betza_variant_piece_description(get(), piece, b, c, l);
        });
    }
    /* The FEN token of a piece type for a side: "+F" for White, "+f" for Black. */
    std::string piece_token(uint32_t piece, Color color = Color::white) const {
        return piece_text(piece, color == Color::white ? BETZA_PIECE_TOKEN : BETZA_PIECE_TOKEN_BLACK);
    }
    std::vector<uint32_t> piece_promotions(uint32_t piece) const {
        return detail::array<uint32_t>(
            [&](uint32_t *b, size_t c, size_t *n) { return betza_variant_piece_promotions(get(), piece, b, c, n); });
    }
    std::vector<uint32_t> piece_region(uint32_t piece, Color color) const {
        return detail::array<uint32_t>([&](uint32_t *b, size_t c, size_t *n) {
            return betza_variant_piece_region(get(), piece, static_cast<int32_t>(color), b, c, n);
        });
    }
    std::vector<uint32_t> promotion_zone(Color color) const {
        return detail::array<uint32_t>([&](uint32_t *b, size_t c, size_t *n) {
            return betza_variant_promotion_zone(get(), static_cast<int32_t>(color), b, c, n);
        });
    }

    /* The C handle, for calls this wrapper does not cover. */
    const BetzaVariant *get() const {
        if (!handle_.get()) throw Error(BETZA_NULL_ARGUMENT, "betza::Variant: moved from");
        return handle_.get();
    }

  private:
    using Handle = detail::Handle<BetzaVariant, betza_variant_free, betza_variant_clone>;
    explicit Variant(BetzaVariant *owned) : handle_(owned) {}
    friend class Position;
    friend class Game;

    std::pair<uint32_t, uint32_t> size() const {
        uint32_t files = 0, ranks = 0;
        detail::check(betza_variant_board_size(get(), &files, &ranks));
        return {files, ranks};
    }
    std::string piece_text(uint32_t piece, BetzaPieceText which) const {
        return detail::text([&](char *b, size_t c, size_t *l) {
            return betza_variant_piece_text(get(), piece, static_cast<uint32_t>(which), b, c, l);
        });
    }

    Handle handle_;
};

/* A position: a value that plays moves. Copies are independent. */
class Position {
  public:
    /* The start position (fen empty) or a FEN of the built-in variant named
     * variant. */
    explicit Position(const std::string &variant, const std::string &fen = std::string()) {
        BetzaPosition *p = nullptr;
        detail::check(betza_position_new(variant.c_str(), fen.empty() ? nullptr : fen.c_str(), &p));
        handle_ = Handle(p);
    }
    /* The start position (fen empty) or a FEN of variant. */
    explicit Position(const Variant &variant, const std::string &fen = std::string()) {
        BetzaPosition *p = nullptr;
        detail::check(betza_position_new_in(variant.get(), fen.empty() ? nullptr : fen.c_str(), &p));
        handle_ = Handle(p);
    }

    /* The position's variant (kept alive by the position and by the copy). */
    Variant variant() const {
        const BetzaVariant *v = nullptr;
        detail::check(betza_position_variant(get(), &v));
        BetzaVariant *copy = nullptr;
        detail::check(betza_variant_clone(v, &copy));
        return Variant(copy);
    }
    std::string fen() const {
        return detail::text([&](char *b, size_t c, size_t *l) { return betza_position_fen(get(), b, c, l); });
    }
    std::vector<Move> legal_moves() const {
        return detail::array<Move>(
            [&](Move *b, size_t c, size_t *n) { return betza_position_legal_moves(get(), b, c, n); });
    }
    /* The legal moves from one square to another: none, one, or a promotion choice. */
    std::vector<Move> moves_between(uint32_t from, uint32_t to) const {
        return detail::array<Move>(
            [&](Move *b, size_t c, size_t *n) { return betza_position_moves_between(get(), from, to, b, c, n); });
    }
    std::vector<uint32_t> legal_targets(uint32_t from) const {
        return detail::array<uint32_t>(
            [&](uint32_t *b, size_t c, size_t *n) { return betza_position_legal_targets(get(), from, b, c, n); });
    }
    std::string move_text(const Move &m) const {
        return detail::text([&](char *b, size_t c, size_t *l) { return betza_move_text(get(), &m, b, c, l); });
    }
    std::string san(const Move &m) const {
        return detail::text([&](char *b, size_t c, size_t *l) { return betza_move_san(get(), &m, b, c, l); });
    }
    /* The move's text in a notation: BETZA_NOTATION_SAN, _LAN, _WXF, _MOVE_TEXT. */
    std::string text(const Move &m, BetzaNotation notation = BETZA_NOTATION_SAN) const {
        return detail::text([&](char *b, size_t c, size_t *l) {
            return betza_position_move_notation(get(), &m, static_cast<uint32_t>(notation), b, c, l);
        });
    }
    /* The SAN of a line of moves played from here, separated by spaces. */
    std::string san_line(const std::vector<Move> &moves) const {
        return detail::text([&](char *b, size_t c, size_t *l) {
            return betza_position_san_line(get(), moves.data(), moves.size(), b, c, l);
        });
    }
    /* Plays moves given as text ("e4 Nf3" or "e2e4 g1f3"); all or nothing. */
    void play_line(const std::string &line) { detail::check(betza_position_play_line(get(), line.c_str())); }
    bool is_legal(const Move &m) const {
        bool yes = false;
        detail::check(betza_position_is_legal(get(), &m, &yes));
        return yes;
    }
    bool gives_check(const Move &m) const {
        bool yes = false;
        detail::check(betza_position_gives_check(get(), &m, &yes));
        return yes;
    }
    bool is_capture(const Move &m) const {
        bool yes = false;
        detail::check(betza_position_is_capture(get(), &m, &yes));
        return yes;
    }
    /* The squares of the pieces giving check. */
    std::vector<uint32_t> checkers() const {
        return detail::array<uint32_t>(
            [&](uint32_t *b, size_t c, size_t *n) { return betza_position_checkers(get(), b, c, n); });
    }
    /* The legal moves of the piece on from. */
    std::vector<Move> legal_moves_from(uint32_t from) const {
        return detail::array<Move>(
            [&](Move *b, size_t c, size_t *n) { return betza_position_legal_moves_from(get(), from, b, c, n); });
    }
    Move parse_move(const std::string &text) const {
        Move m{};
        detail::check(betza_position_parse_move(get(), text.c_str(), &m));
        return m;
    }
    Move parse_san(const std::string &san) const {
        Move m{};
        detail::check(betza_position_parse_san(get(), san.c_str(), &m));
        return m;
    }
    void play(const Move &m) { detail::check(betza_position_play(get(), &m)); }
    void play_text(const std::string &text) { detail::check(betza_position_play_text(get(), text.c_str())); }
    uint64_t perft(uint32_t depth) const {
        uint64_t nodes = 0;
        detail::check(betza_position_perft(get(), depth, &nodes));
        return nodes;
    }
    Outcome outcome() const {
        Outcome o{};
        detail::check(betza_position_outcome(get(), &o));
        return o;
    }
    /* What outcome() says, one rule at a time. A dead position (insufficient
     * material) is a draw that keeps its legal moves. */
    bool is_checkmate() const { return outcome().reason == BETZA_REASON_CHECKMATE; }
    bool is_stalemate() const { return outcome().reason == BETZA_REASON_STALEMATE; }
    bool is_insufficient_material() const { return outcome().reason == BETZA_REASON_INSUFFICIENT_MATERIAL; }
    bool is_check() const {
        bool check = false;
        detail::check(betza_position_is_check(get(), &check));
        return check;
    }
    Color side_to_move() const {
        int32_t side = 0;
        detail::check(betza_position_side_to_move(get(), &side));
        return static_cast<Color>(side);
    }
    /* The piece on a square; std::nullopt if it is empty. */
    std::optional<Piece> piece_at(uint32_t square) const {
        Piece p{};
        detail::check(betza_position_piece_at(get(), square, &p));
        if (p.piece == BETZA_NONE) return std::nullopt;
        return p;
    }
    bool can_castle(Color color, bool kingside) const {
        bool can = false;
        detail::check(betza_position_can_castle(get(), static_cast<int32_t>(color), kingside, &can));
        return can;
    }
    /* How many pieces of type piece color holds in hand (0 without drops). */
    uint32_t hand_count(Color color, int32_t piece) const {
        uint32_t n = 0;
        detail::check(betza_position_hand_count(get(), static_cast<int32_t>(color), piece, &n));
        return n;
    }
    /* The en-passant square when an en-passant capture is legal. */
    std::optional<uint32_t> ep_square() const {
        int32_t ep = BETZA_NONE;
        detail::check(betza_position_ep_square(get(), &ep));
        if (ep == BETZA_NONE) return std::nullopt;
        return static_cast<uint32_t>(ep);
    }
    uint32_t halfmove_clock() const { return clocks().first; }
    uint32_t fullmove_number() const { return clocks().second; }
    uint32_t files() const { return size().first; }
    uint32_t ranks() const { return size().second; }
    std::string square_name(uint32_t square) const {
        return detail::text(
            [&](char *b, size_t c, size_t *l) { return betza_position_square_name(get(), square, b, c, l); });
    }
    uint32_t parse_square(const std::string &name) const {
        uint32_t sq = 0;
        detail::check(betza_position_parse_square(get(), name.c_str(), &sq));
        return sq;
    }
    uint64_t hash() const {
        uint64_t h = 0;
        detail::check(betza_position_hash(get(), &h));
        return h;
    }

    /* The C handle, for calls this wrapper does not cover. */
    BetzaPosition *get() const {
        if (!handle_.get()) throw Error(BETZA_NULL_ARGUMENT, "betza::Position: moved from");
        return handle_.get();
    }

  private:
    using Handle = detail::Handle<BetzaPosition, betza_position_free, betza_position_clone>;
    explicit Position(BetzaPosition *owned) : handle_(owned) {}
    friend class Game;

    std::pair<uint32_t, uint32_t> size() const {
        uint32_t files = 0, ranks = 0;
        detail::check(betza_position_board_size(get(), &files, &ranks));
        return {files, ranks};
    }
    std::pair<uint32_t, uint32_t> clocks() const {
        uint32_t half = 0, full = 0;
        detail::check(betza_position_clocks(get(), &half, &full));
        return {half, full};
    }

    Handle handle_;
};

/* A game: a start position, the moves played, undo, the result, PGN tags. */
class Game {
  public:
    /* A game of the built-in variant named variant from its start (fen
     * empty) or a FEN. */
    explicit Game(const std::string &variant, const std::string &fen = std::string()) {
        BetzaGame *g = nullptr;
        detail::check(betza_game_new(variant.c_str(), fen.empty() ? nullptr : fen.c_str(), &g));
        handle_ = Handle(g);
    }
    /* A game of variant from its start (fen empty) or a FEN. */
    explicit Game(const Variant &variant, const std::string &fen = std::string()) {
        BetzaGame *g = nullptr;
        detail::check(betza_game_new_in(variant.get(), fen.empty() ? nullptr : fen.c_str(), &g));
        handle_ = Handle(g);
    }
    /* One game of PGN, in the built-in variant its Variant tag names. */
    static Game from_pgn(const std::string &pgn) {
        BetzaGame *g = nullptr;
        detail::check(betza_game_from_pgn(pgn.c_str(), &g));
        return Game(g);
    }
    /* One game of PGN in variant. */
    static Game from_pgn(const Variant &variant, const std::string &pgn) {
        BetzaGame *g = nullptr;
        detail::check(betza_game_from_pgn_in(variant.get(), pgn.c_str(), &g));
        return Game(g);
    }

    void play(const Move &m) { detail::check(betza_game_play(get(), &m)); }
    void play_text(const std::string &text) { detail::check(betza_game_play_text(get(), text.c_str())); }
    void play_san(const std::string &san) { detail::check(betza_game_play_san(get(), san.c_str())); }
    /* Takes back the last move and returns it; throws at the start. */
    Move undo() {
        Move m{};
        detail::check(betza_game_undo(get(), &m));
        return m;
    }
    Position position() const {
        BetzaPosition *p = nullptr;
        detail::check(betza_game_position(get(), &p));
        return Position(p);
    }
    /* The position before ply number ply (0: the start; ply_count(): now). */
    Position position_at(size_t ply) const {
        BetzaPosition *p = nullptr;
        detail::check(betza_game_position_at(get(), ply, &p));
        return Position(p);
    }
    size_t ply_count() const {
        size_t n = 0;
        detail::check(betza_game_ply_count(get(), &n));
        return n;
    }
    std::vector<Move> moves() const {
        return detail::array<Move>([&](Move *b, size_t c, size_t *n) { return betza_game_moves(get(), b, c, n); });
    }
    /* The moves played in SAN. */
    std::vector<std::string> san_moves() const {
        std::string all =
            detail::text([&](char *b, size_t c, size_t *l) { return betza_game_san_moves(get(), b, c, l); });
        std::vector<std::string> sans;
        size_t start = 0;
        while (start < all.size()) {
            size_t space = all.find(' ', start);
            if (space == std::string::npos) space = all.size();
            sans.push_back(all.substr(start, space - start));
            start = space + 1;
        }
        return sans;
    }
    std::string start_fen() const {
        return detail::text([&](char *b, size_t c, size_t *l) { return betza_game_start_fen(get(), b, c, l); });
    }
    GameStatus status() const {
        GameStatus s{};
        detail::check(betza_game_status(get(), &s));
        return s;
    }
    Result result() const {
        Result r = BETZA_RESULT_ONGOING;
        detail::check(betza_game_result(get(), &r));
        return r;
    }
    /* A result decided outside the rules (draw agreed, resignation, time). */
    void declare_result(Result result) {
        detail::check(betza_game_declare_result(get(), static_cast<int32_t>(result)));
    }
    void set_tag(const std::string &name, const std::string &value) {
        detail::check(betza_game_set_tag(get(), name.c_str(), value.c_str()));
    }
    /* A tag's value; empty if the game has none. */
    std::string tag(const std::string &name) const {
        return detail::text(
            [&](char *b, size_t c, size_t *l) { return betza_game_tag(get(), name.c_str(), b, c, l); });
    }
    std::string pgn() const {
        return detail::text([&](char *b, size_t c, size_t *l) { return betza_game_pgn(get(), b, c, l); });
    }
    /* The comment before the first move (ply 0) or after the ply-th move;
       empty if there is none. */
    std::string comment(size_t ply) const {
        return detail::text([&](char *b, size_t c, size_t *l) { return betza_game_comment(get(), ply, b, c, l); });
    }
    /* Sets (or, with an empty text, removes) the comment at ply. */
    void set_comment(size_t ply, const std::string &text) {
        detail::check(betza_game_set_comment(get(), ply, text.c_str()));
    }
    /* The NAGs of the ply-th move (1 for the first): $n, ! 1, ? 2, ... */
    std::vector<uint8_t> nags(size_t ply) const {
        return detail::array<uint8_t>(
            [&](uint8_t *b, size_t c, size_t *n) { return betza_game_nags(get(), ply, b, c, n); });
    }
    void set_nags(size_t ply, const std::vector<uint8_t> &nags) {
        detail::check(betza_game_set_nags(get(), ply, nags.data(), nags.size()));
    }

    /* The C handle, for calls this wrapper does not cover. */
    BetzaGame *get() const {
        if (!handle_.get()) throw Error(BETZA_NULL_ARGUMENT, "betza::Game: moved from");
        return handle_.get();
    }

  private:
    using Handle = detail::Handle<BetzaGame, betza_game_free, betza_game_clone>;
    explicit Game(BetzaGame *owned) : handle_(owned) {}
    friend class PgnReader;

    Handle handle_;
};

/* Reads the games of a PGN file one by one:
 *   betza::PgnReader reader(text);
 *   while (auto game = reader.next()) ...
 * next() throws betza::Error for a refused game; the next call goes on with
 * the game after it. */
class PgnReader {
  public:
    /* Each game in the built-in variant its Variant tag names. */
    explicit PgnReader(const std::string &pgn) { open(nullptr, pgn); }
    /* Every game in variant. */
    PgnReader(const Variant &variant, const std::string &pgn) { open(variant.get(), pgn); }
    PgnReader(const PgnReader &) = delete;
    PgnReader &operator=(const PgnReader &) = delete;
    PgnReader(PgnReader &&other) noexcept : r_(std::exchange(other.r_, nullptr)) {}
    PgnReader &operator=(PgnReader &&other) noexcept {
        if (this != &other) {
            betza_pgn_reader_free(r_);
            r_ = std::exchange(other.r_, nullptr);
        }
        return *this;
    }
    ~PgnReader() { betza_pgn_reader_free(r_); }

    /* The next game; std::nullopt after the last one. */
    std::optional<Game> next() {
        BetzaGame *g = nullptr;
        detail::check(betza_pgn_reader_next(r_, &g));
        if (!g) return std::nullopt;
        return Game(g);
    }

  private:
    void open(const BetzaVariant *variant, const std::string &pgn) {
        detail::check(betza_pgn_reader_new(variant, pgn.c_str(), &r_));
    }

    BetzaPgnReader *r_ = nullptr;
};

/* The library's version, such as "0.2.0". */
inline std::string version() { return betza_version(); }
/* The name of the rule that ended a game ("checkmate", "bare king",
 * "perpetual check", ...), as PGN's Termination tag writes it. */
inline std::string reason_text(Reason reason) { return betza_reason_text(static_cast<int32_t>(reason)); }

} // namespace betza

namespace betza {
namespace detail {
/* The square a two-step move passes through (BETZA_MOVE_VIA) or the
 * wall a turn places (BETZA_MOVE_WALL), else BETZA_NONE; the piece type a
 * drop drops, else BETZA_NONE. */
inline int32_t via_of(const BetzaMove &m) {
    return (m.flags & (BETZA_MOVE_VIA | BETZA_MOVE_WALL)) ? m.via : BETZA_NONE;
}
inline int32_t dropped(const BetzaMove &m) { return (m.flags & BETZA_MOVE_DROP) ? m.piece : BETZA_NONE; }
/* A gated move's piece type (BETZA_MOVE_GATE: S-chess's gating, entering on
 * `via`), else BETZA_NONE. */
inline int32_t gated(const BetzaMove &m) { return (m.flags & BETZA_MOVE_GATE) ? m.via_captured : BETZA_NONE; }
inline int32_t gate_square(const BetzaMove &m) { return (m.flags & BETZA_MOVE_GATE) ? m.via : BETZA_NONE; }
} // namespace detail
} // namespace betza

/* Moves compare and hash by what identifies them: from, to, promotion, the
 * square passed through (with BETZA_MOVE_VIA: Chu Shogi's Lion takes e6 and
 * goes on to e7 in e5e6e7, not in e5e7; with BETZA_MOVE_WALL the wall's
 * square: duck chess's e2e4,e4d5), a drop's piece type and a gate's
 * piece type and square (with BETZA_MOVE_GATE; the other flags only describe
 * a move). In the global namespace, BetzaMove's, so
 * that std::unordered_set<betza::Move> and == find them. */
inline bool operator==(const BetzaMove &a, const BetzaMove &b) {
    return a.from == b.from && a.to == b.to && a.promotion == b.promotion &&
           betza::detail::via_of(a) == betza::detail::via_of(b) &&
           betza::detail::dropped(a) == betza::detail::dropped(b) &&
           betza::detail::gated(a) == betza::detail::gated(b) &&
           betza::detail::gate_square(a) == betza::detail::gate_square(b);
}
inline bool operator!=(const BetzaMove &a, const BetzaMove &b) { return !(a == b); }

namespace std {
template <> struct hash<BetzaMove> {
    size_t operator()(const BetzaMove &m) const noexcept {
        uint64_t k = (uint64_t(m.from) << 40) ^ (uint64_t(m.to) << 16) ^ uint64_t(uint32_t(m.promotion)) ^
                     (uint64_t(uint32_t(betza::detail::via_of(m))) << 24) ^
                     (uint64_t(uint32_t(betza::detail::dropped(m))) << 52) ^
                     (uint64_t(uint32_t(betza::detail::gated(m))) << 8) ^
                     (uint64_t(uint32_t(betza::detail::gate_square(m))) << 32);
        return std::hash<uint64_t>()(k);
    }
};
} // namespace std

#endif /* BETZA_HPP */

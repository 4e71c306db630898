"""pyffish's interface in ``betza.stateless`` beyond the moves and FENs of
test_stateless.py: the names pyffish 0.0.90 declares (its ``__init__.pyi``),
Chess960, FEN_* codes, NOTATION_* values and short FENs read as pyffish reads
them. tools/pyffish-suite runs pyffish's own test.py against the module."""

from __future__ import annotations

import pytest

import betza
import betza.stateless as sf

CHESS = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
PLACEMENT = CHESS.split(" ")[0]


def test_version_and_info() -> None:
    v = sf.version()
    assert len(v) == 3 and all(isinstance(n, int) for n in v)
    assert sf.info().startswith("betza ")
    assert ".".join(map(str, v)) in sf.info()


def test_set_option() -> None:
    assert sf.set_option("UCI_Variant", "capablanca") is None
    assert sf.set_option("Threads", 2) is None
    with pytest.raises(ValueError, match="No such option"):
        sf.set_option("NoSuchOption", 1)
    with pytest.raises(betza.VariantError, match="unknown variant"):
        sf.set_option("UCI_Variant", "no-such-variant")


def test_set_option_variant_path(tmp_path: object) -> None:
    import pathlib

    text = betza.Variant("chess").definition().replace('name = "chess"', 'name = "path-chess"')
    path = pathlib.Path(str(tmp_path)) / "variant.toml"
    path.write_text(text, encoding="utf-8")
    sf.set_option("VariantPath", str(path))
    assert sf.start_fen("path-chess") == CHESS


def test_two_boards_and_captures_to_hand() -> None:
    assert sf.two_boards("chess") is False
    assert sf.captures_to_hand("crazyhouse") is True
    assert sf.captures_to_hand("shogi") is True
    assert sf.captures_to_hand("chess") is False
    with pytest.raises(betza.VariantError):
        sf.two_boards("no-such-variant")


def test_error_is_valueerror() -> None:
    with pytest.raises(sf.error):
        sf.legal_moves("chess", "startpos", ["e2e5"])


def test_notation_constants_and_lan_wxf() -> None:
    values = [
        sf.NOTATION_DEFAULT,
        sf.NOTATION_SAN,
        sf.NOTATION_LAN,
        sf.NOTATION_SHOGI_HOSKING,
        sf.NOTATION_SHOGI_HODGES,
        sf.NOTATION_SHOGI_HODGES_NUMBER,
        sf.NOTATION_JANGGI,
        sf.NOTATION_XIANGQI_WXF,
        sf.NOTATION_THAI_SAN,
        sf.NOTATION_THAI_LAN,
    ]
    assert values == list(range(10))  # pyffish's values
    fen = "1r2k3/P1P5/8/8/8/8/8/4K3 w - - 0 1"
    assert sf.get_san("chess", fen, "c7b8q", False, sf.NOTATION_LAN) == "c7xb8=Q+"
    assert sf.get_san("chess", fen, "c7b8q", False, sf.NOTATION_DEFAULT) == "cxb8=Q+"
    assert sf.get_san("xiangqi", "startpos", "h1g3", False, sf.NOTATION_XIANGQI_WXF) == "H2+3"
    # Sideways as pyffish writes it ("=", where the library writes ".").
    assert sf.get_san("xiangqi", "startpos", "h3e3", False, sf.NOTATION_XIANGQI_WXF) == "C2=5"
    assert sf.get_san_moves("chess", "startpos", ["e2e4", "e7e5"], False, sf.NOTATION_LAN) == ["e2-e4", "e7-e5"]
    shogi = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w - - 0 1"
    assert sf.get_san("shogi", shogi, "i3i4", False, sf.NOTATION_SHOGI_HODGES_NUMBER) == "P-16"
    assert sf.get_san("shogi", shogi, "i3i4", False, sf.NOTATION_SHOGI_HOSKING) == "P16"
    assert sf.get_san("shogi", shogi, "f1e2", False, sf.NOTATION_SHOGI_HOSKING) == "G49-58"
    assert sf.get_san("shogi", shogi, "f1e2", False, sf.NOTATION_SHOGI_HODGES) == "G4i-5h"
    # A drop; a capture that could promote, declined (=) and taken (+).
    fen = "lnsgkg1nl/1r5s1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL[Bb] w - - 0 1"
    assert sf.get_san("shogi", fen, "B@g7", False, sf.NOTATION_SHOGI_HODGES) == "B*3c"
    assert sf.get_san("shogi", fen, "B@g7", False, sf.NOTATION_SHOGI_HOSKING) == "B'33"
    fen = "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL[-] w - - 0 1"
    assert sf.get_san("shogi", fen, "b2h8", False, sf.NOTATION_SHOGI_HODGES) == "Bx2b="
    assert sf.get_san("shogi", fen, "b2h8+", False, sf.NOTATION_SHOGI_HODGES) == "Bx2b+"
    # pyffish's SAN letters: Xiangqi's Horse H and Elephant E (their aliases).
    assert sf.get_san("xiangqi", "startpos", "h1g3") == "Hg3"
    assert sf.get_san("xiangqi", "startpos", "c1e3", False, sf.NOTATION_SAN) == "Ece3"
    assert sf.get_san("xiangqi", "startpos", "h1g3", False, sf.NOTATION_LAN) == "Hh1-g3"
    janggi = "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1"
    assert sf.get_san("xiangqi", janggi, "b1c3", False, sf.NOTATION_JANGGI) == "H02-83"
    assert sf.get_san("makruk", "startpos", "e3e4", False, sf.NOTATION_THAI_SAN) == "จ๔"
    assert sf.get_san("makruk", "startpos", "e3e4", False, sf.NOTATION_THAI_LAN) == "บ จ๓-จ๔"
    promoted = "4k3/8/4M~3/4S3/8/2S5/8/4K3 w - - 0 1"
    assert sf.get_san("makruk", promoted, "e6d5", False, sf.NOTATION_THAI_SAN) == "ง-ง๕"
    with pytest.raises(ValueError, match="no such NOTATION"):
        sf.get_san("chess", "startpos", "e2e4", False, 42)


def test_default_notation_per_variant() -> None:
    # pyffish's NOTATION_DEFAULT: Hodges' numbers in the shogi family (its
    # variants of template "shogi"), SAN elsewhere; the library's own stays SAN.
    shogi = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w - - 0 1"
    assert sf.get_san("shogi", shogi, "i3i4") == "P-16"
    assert sf.get_san("shogi", shogi, "i3i4", False, sf.NOTATION_SAN) == "Pi4"
    assert sf.get_san_moves("shogi", shogi, ["c3c4", "g7g6", "b2h8"]) == ["P-76", "P-34", "Bx22="]
    assert betza.Board("shogi").san(betza.Board("shogi").parse_uci("i3i4")) == "Pi4"
    family = [
        "checkshogi", "dobutsu", "euroshogi", "gorogoro", "judkins", "kyotoshogi", "micro",
        "mini", "minishogi", "okisakishogi", "shogi", "shoshogi", "torishogi", "yarishogi",
    ]
    for v in sf.variants():
        fen = sf.start_fen(v)
        m = sf.legal_moves(v, fen, [])[0]
        want = sf.NOTATION_SHOGI_HODGES_NUMBER if v in family else sf.NOTATION_SAN
        assert sf.get_san(v, fen, m) == sf.get_san(v, fen, m, False, want), v
        assert sf.get_san_moves(v, fen, [m]) == [sf.get_san(v, fen, m, False, want)], v
    # Wolf chess's +P is a promoted chess Pawn; Chu Shogi's Lion: SAN.
    assert sf.get_san("wolf", "startpos", "e2e4") == "e4"
    chu_san = sf.get_san("chushogi", "startpos", "f4f5", False, sf.NOTATION_SAN)
    assert sf.get_san("chushogi", "startpos", "f4f5") == chu_san == "Pf5"


def test_wxf_tandems_as_pyffish_writes_them() -> None:
    # pyffish 0.0.90's texts: its test.py, then random positions.
    cases = [
        ("rnbakabnr/9/1c5c1/p1p1P1p1p/4P4/9/P3P3P/1C5C1/9/RNBAKABNR w - - 0 1", "e7d7", "15=6"),
        ("rnbakabnr/9/1c5c1/p1p1P1p1p/4P4/9/P3P3P/1C5C1/9/RNBAKABNR w - - 0 1", "e4e5", "35+1"),
        ("5k3/9/3P5/3P1P1P1/5P3/9/9/9/9/4K4 w - - 0 1", "f6e6", "24=5"),
        ("5k3/9/3P5/3P1P1P1/5P3/9/9/9/9/4K4 w - - 0 1", "h7h8", "P2+1"),
        ("P8/9/P2k1a3/P3c4/PR3Cp2/6C2/P4R2r/6p2/5r3/4KA3 w - - 0 1", "a4a5", "59+1"),
        ("P1b2ab2/3k5/5a3/5PC2/4c2p1/3C1PB2/P4P1p1/7pR/3r3p1/1rBcK2pR b - - 0 1", "h4g4", "48=7"),
        ("P3ra3/P2k5/3ab3c/5R1R1/P2p5/P2p3p1/7p1/5AN1B/4A2p1/2B1K4 b - - 0 1", "h4h3", "28+1"),
        ("6b2/4k4/5a3/r5pPC/5P1C1/5PpP1/N4P2p/Bn3K2B/4Ap3/7r1 b - - 0 1", "g5g4", "P++1"),
        ("rnbakabnr/9/1c5c1/p1p1p1p1p/4P4/1NB6/P1P1P3P/1C1A3C1/9/RNBAK4 w - - 0 1", "d1e2", "A6+5"),
    ]
    for fen, move, want in cases:
        assert sf.get_san("xiangqi", fen, move, False, sf.NOTATION_XIANGQI_WXF) == want, (fen, move)
    fen, move, want = cases[0]
    assert sf.get_san_moves("xiangqi", fen, [move], False, sf.NOTATION_XIANGQI_WXF) == [want]


def test_makruk_counting_fields_and_promoted_met() -> None:
    # pyffish's test.py: the count in FEN (limit and plies counted), M~.
    fen = sf.get_fen("makruk", "8/3k4/8/2K1S1P1/8/8/8/8 w - - 0 1", ["g5g6m"], False, False, True)
    assert fen == "8/3k4/6M~1/2K1S3/8/8/8/8 b - 88 8 1"
    assert sf.get_fen("makruk", fen, [], False, False, False) == "8/3k4/6M1/2K1S3/8/8/8/8 b - 88 8 1"
    board = "3k4/2m5/5M~2/4M3/3KS3/8/8/8 w - 128 7 33"
    after = "3k4/2m5/5M~2/3KM3/4S3/8/8/8 b - 128 {} 33"
    assert sf.get_fen("makruk", board, ["d4d5"], False, False, True) == after.format(8)
    # count_started: not started (negative), or from a ply (the board's honour only).
    assert sf.get_fen("makruk", board, ["d4d5"], False, False, True, -1) == after.format(0)
    assert sf.get_fen("makruk", board, ["d4d5"], False, False, True, 58) == after.format(8)
    assert sf.validate_fen(board, "makruk") == sf.FEN_OK
    assert sf.validate_fen("3k4/2m5/8/4M3/3KS3/8/8/8 w - 128 x 1", "makruk") == sf.FEN_INVALID_COUNTING_RULE


def test_validate_fen_codes() -> None:
    codes = {
        "FEN_INVALID_COUNTING_RULE": -14,
        "FEN_INVALID_CHECK_COUNT": -13,
        "FEN_INVALID_PROMOTED_PIECE": -12,
        "FEN_INVALID_NB_PARTS": -11,
        "FEN_INVALID_CHAR": -10,
        "FEN_TOUCHING_KINGS": -9,
        "FEN_INVALID_BOARD_GEOMETRY": -8,
        "FEN_INVALID_POCKET_INFO": -7,
        "FEN_INVALID_SIDE_TO_MOVE": -6,
        "FEN_INVALID_CASTLING_INFO": -5,
        "FEN_INVALID_EN_PASSANT_SQ": -4,
        "FEN_INVALID_NUMBER_OF_KINGS": -3,
        "FEN_INVALID_HALF_MOVE_COUNTER": -2,
        "FEN_INVALID_MOVE_COUNTER": -1,
        "FEN_EMPTY": 0,
        "FEN_OK": 1,
    }
    for name, value in codes.items():
        assert getattr(sf, name) == value, name
    base = PLACEMENT
    cases = [
        (CHESS, "chess", sf.FEN_OK),
        ("", "chess", sf.FEN_EMPTY),
        (f"{base} w KQkq - 0 a", "chess", sf.FEN_INVALID_MOVE_COUNTER),
        (f"{base} w KQkq - b 1", "chess", sf.FEN_INVALID_HALF_MOVE_COUNTER),
        (f"{base} w KQkq -6 0 1", "chess", sf.FEN_INVALID_EN_PASSANT_SQ),
        (f"{base} w 123 - 0 1", "chess", sf.FEN_INVALID_CASTLING_INFO),
        (f"{base} g KQkq - 0 1", "chess", sf.FEN_INVALID_SIDE_TO_MOVE),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNH w KQkq - 0 1", "chess", sf.FEN_INVALID_CHAR),
        ("rnb+qkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "chess", sf.FEN_INVALID_CHAR),
        ("rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "chess", sf.FEN_INVALID_BOARD_GEOMETRY),
        ("rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "chess", sf.FEN_INVALID_NUMBER_OF_KINGS),
        ("k7/8/8/8/8/8/8/K7 w - - 0 1 x", "chess", sf.FEN_INVALID_NB_PARTS),
        ("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "xiangqi", sf.FEN_TOUCHING_KINGS),
        (f"{base} w KQkq - 4+a 0 1", "3check", sf.FEN_INVALID_CHECK_COUNT),
        (f"{base}[Z] w KQkq - 0 1", "crazyhouse", sf.FEN_INVALID_POCKET_INFO),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSG++KGSNL[-] w - - 0 1",
            "shogi",
            sf.FEN_INVALID_PROMOTED_PIECE,
        ),
    ]
    for fen, variant, code in cases:
        assert sf.validate_fen(fen, variant) == code, (fen, variant)


def test_short_fens_read_as_pyffish_reads_them() -> None:
    assert sf.get_fen("chess", PLACEMENT, []) == f"{PLACEMENT} w - - 0 1"
    assert sf.get_fen("chess", f"{PLACEMENT} w KQkq -", []) == CHESS
    assert sf.get_fen("chess", f"{PLACEMENT} w 1 2", []) == f"{PLACEMENT} w - - 1 2"
    assert sf.validate_fen(PLACEMENT, "chess") == sf.FEN_OK
    assert sf.legal_moves("chess", f"{PLACEMENT} b", []) == sf.legal_moves("chess", CHESS.replace(" w ", " b "), [])
    # Castling rights without their King or Rook are skipped, as pyffish
    # skips them (validate_fen still refuses them).
    fen = "8/rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    assert sf.get_fen("chess", fen, []) == fen.replace("KQkq", "KQ")
    assert sf.validate_fen(fen, "chess") == sf.FEN_INVALID_CASTLING_INFO
    fen = "r7/1nbqkbnr/pppppppp/8/8/P6P/RPPPPPPR/1NBQKBN1 w KQkq - 0 1"
    assert sf.get_fen("chess", fen, []) == fen.replace("KQkq", "-")
    # Castling letters in any order.
    assert sf.get_fen("chess", f"{PLACEMENT} w qkQK - 0 1", []) == CHESS
    # A FEN with an empty field is not completed: it stays refused.
    assert sf.validate_fen(f"{PLACEMENT} w KQkq  0 3", "chess") == sf.FEN_INVALID_EN_PASSANT_SQ


def test_chess960() -> None:
    shredder = CHESS.replace("KQkq", "HAha")
    assert sf.get_fen("chess", CHESS, [], True) == shredder
    assert sf.validate_fen(shredder, "chess", True) == sf.FEN_OK
    assert sf.validate_fen("nrbqbkrn/pppppppp/8/8/8/8/PPPPPPPP/NRBQBKRN w BGbg - 0 1", "chess", True) == sf.FEN_OK
    assert sf.validate_fen("nrbqbkrn/pppppppp/8/8/8/8/PPPPPPPP/NRBQBKRN w BGbg - 0 1", "chess") < 0
    fen = "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"
    assert "e1h1" in sf.legal_moves("chess", fen, [], True)
    assert "e1g1" in sf.legal_moves("chess", fen, [])
    # From any start: the King on b1 castles with the Rook on a1 (b1a1).
    fen = "1k6/8/8/8/8/8/8/RK5R w HA - 0 1"
    moves = sf.legal_moves("chess", fen, [], True)
    assert "b1a1" in moves and "b1h1" in moves
    assert sf.get_fen("chess", fen, ["b1h1"], True) == "1k6/8/8/8/8/8/8/R4RK1 b - - 1 1"
    assert sf.is_capture("chess", fen, [], "b1a1", True) is False
    assert sf.get_san("chess", fen, "b1a1", True) == "O-O-O"
    # A variant without castling is itself.
    assert sf.legal_moves("xiangqi", "startpos", [], True) == sf.legal_moves("xiangqi", "startpos", [])


def test_has_insufficient_material() -> None:
    cases = {
        "k7/8/8/8/8/8/8/K7 w - - 0 1": (True, True),
        "k7/b7/8/8/8/8/8/K7 w - - 0 1": (True, True),
        "k7/p7/8/8/8/8/8/K7 w - - 0 1": (True, False),
        "k7/nn6/8/8/8/8/8/K7 w - - 0 1": (True, False),
        "kb6/8/8/8/8/8/8/K2B4 w - - 0 1": (False, False),  # Bishops on both colors
        CHESS: (False, False),
    }
    for fen, expected in cases.items():
        assert sf.has_insufficient_material("chess", fen, []) == expected, fen
    # After moves (the Rook taken); a region that wins keeps a lone King alive.
    assert sf.has_insufficient_material("chess", "k7/8/8/8/8/8/1r6/K7 w - - 0 1", []) == (True, False)
    assert sf.has_insufficient_material("chess", "k7/8/8/8/8/8/1r6/K7 w - - 0 1", ["a1b2"]) == (True, True)
    assert sf.has_insufficient_material("racingkings", "8/8/8/8/8/8/K6k/8 w - - 0 1", []) == (False, False)
    # Pieces in hand are material.
    assert sf.has_insufficient_material("crazyhouse", "k7/8/8/8/8/8/8/K7[N] w - - 0 1", []) == (False, True)


def test_piece_to_partner() -> None:
    fen = "lnsgkgsnl/1r5b1/ppppppppp/S8/9/9/PPPPPPPPP/1B5R1/LNSGKG1NL[] w 0 1"
    assert sf.piece_to_partner("shogi", fen, ["a6a7+"]) == "p"
    assert sf.piece_to_partner("shogi", fen, ["a6a7+", "a9a7"]) == "S"  # the Gold was a Silver
    assert sf.piece_to_partner("shogi", fen, ["a6a7+", "a9a8"]) == ""
    assert sf.piece_to_partner("shogi", fen, []) == ""
    # Crazyhouse: a promoted Queen goes as a Pawn; chess: as what it is.
    fen = "r2qkbnr/1Ppppppp/2n5/8/8/8/1PPPPPPP/RNBQKBNR[] w KQkq - 0 1"
    assert sf.piece_to_partner("crazyhouse", fen, ["b7a8q"]) == "r"
    assert sf.piece_to_partner("crazyhouse", fen, ["b7a8q", "d8a8"]) == "P"
    assert sf.piece_to_partner("chess", fen.replace("[]", ""), ["b7a8q", "d8a8"]) == "Q"


def test_seirawan_castling_and_gating_field_as_pyffish_reads_it() -> None:
    start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[EHeh] w KQBCDFGkqbcdfg - 0 1"
    # Chess960: the partners' files first, then the other gates; read back the same.
    fen960 = sf.get_fen("seirawan", start, [], True)
    assert fen960 == start.replace("KQBCDFGkqbcdfg", "HABCDEFGhabcdefg")
    assert sf.get_fen("seirawan", fen960, [], True) == fen960
    # A right whose King has moved keeps its partner's gate (Q: a1, k: h8);
    # a gate on an empty square (E) goes.
    fen = "rnbq3r/pp2bkpp/8/2p1p2K/2p1P3/8/PPPP1PPP/RNB4R[EHeh] b QBCEHabcdk - 0 10"
    assert sf.get_fen("seirawan", fen, []) == fen.replace("QBCEHabcdk", "ABCHabcdh")
    assert sf.validate_fen(fen, "seirawan") == sf.FEN_INVALID_CASTLING_INFO
    # A gating right on an empty square is refused, although read (and dropped).
    assert sf.validate_fen(start, "seirawan") == sf.FEN_OK
    for fen in (start.replace("KBNR[", "KB1R["), start.replace("rnbqkbnr/", "rnbqkb1r/")):
        assert sf.validate_fen(fen, "seirawan") == sf.FEN_INVALID_CASTLING_INFO, fen
        assert sf.get_fen("seirawan", fen, []) != fen


def test_ataxx_blocked_squares() -> None:
    fen = "PPPpppp/pppPPPp/pPP*PPP/PP*P*Pp/ppP*Ppp/pPPPPpP/pPPPPPP b - - 99 50"
    assert sf.validate_fen(fen, "ataxx") == sf.FEN_OK
    assert sf.is_immediate_game_end("ataxx", fen, []) == (True, -sf.VALUE_MATE)
    fen = "P5p/7/2*1*2/3*3/2*1*2/7/p5P w - - 0 1"
    assert sf.get_fen("ataxx", fen, []) == fen
    # c5 is blocked: no stone jumps or is dropped there.
    moves = sf.legal_moves("ataxx", fen, [])
    assert "a7b5" in moves and not any(m.endswith("c5") for m in moves)


def test_flag_region_is_an_immediate_end() -> None:
    # Dobutsu: a Lion on the last rank that no enemy piece attacks wins;
    # both so, a draw (pyffish's test.py).
    fen = "1L1/1g1/1G1/1l1[] w - - 0 1"
    assert sf.is_immediate_game_end("dobutsu", fen, ["b2a2"]) == (True, sf.VALUE_MATE)
    assert sf.is_immediate_game_end("dobutsu", fen, ["b4a4"]) == (True, -sf.VALUE_MATE)
    assert sf.is_immediate_game_end("dobutsu", fen, ["b2b3"]) == (True, sf.VALUE_DRAW)
    assert sf.is_immediate_game_end("dobutsu", fen, ["b4b3"]) == (False, 0)
    # Racing kings: a King on the eighth rank; three checks.
    assert sf.is_immediate_game_end("racingkings", "5K2/8/8/8/8/8/k7/8 w - - 0 1", []) == (True, sf.VALUE_MATE)
    fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +3+0"
    assert sf.is_immediate_game_end("3check", fen, []) == (True, sf.VALUE_MATE)


def test_a_claimable_draw_is_the_result_once_claimed() -> None:
    # Armageddon's fifty moves: Black, with draw odds, wins the draw.
    fen = "3n4/8/8/3k4/8/3K4/8/3BB3 w - - 100 80"
    assert sf.game_result("armageddon", fen, []) == -sf.VALUE_MATE
    assert sf.is_optional_game_end("armageddon", fen, []) == (True, -sf.VALUE_MATE)
    assert sf.game_result("chess", fen, []) == sf.VALUE_DRAW
    # Not yet claimable: the game goes on.
    with pytest.raises(ValueError):
        sf.game_result("armageddon", fen.replace(" 100 ", " 98 "), [])


def test_sittuyin_promotions_only_is_an_optional_draw() -> None:
    fen = "1k4PK/3r4/8/8/8/8/8/8[] w - - 0 1"
    assert sf.is_optional_game_end("sittuyin", fen, []) == (True, sf.VALUE_DRAW)
    assert sf.is_optional_game_end("sittuyin", "1k4P1/3r4/7K/8/8/8/8/8[] w - - 0 1", []) == (False, 0)


def test_material_of_a_fen_with_the_king_en_prise() -> None:
    fen = "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1"
    assert sf.has_insufficient_material("xiangqi", fen, []) == (True, True)
    assert sf.validate_fen(fen, "xiangqi") == sf.FEN_TOUCHING_KINGS
    with pytest.raises(ValueError):
        sf.legal_moves("xiangqi", fen, [])
    fen = "5k3/4a4/3CN4/9/1PP5p/9/8P/4C4/4A4/2B1K4 w - - 0 46"
    assert sf.has_insufficient_material("janggi", fen, []) == (False, False)


def test_a_pass_keeps_the_castling_rights() -> None:
    # pyffish's passchess: a pass (the King's square to itself) moves
    # nothing, and Fairy-Stockfish keeps the castling rights over it.
    sf.load_variant_config("[passchess-compat:chess]\npass = true\n")
    fen = sf.get_fen("passchess-compat", CHESS, ["e1e1", "e8e8"])
    assert fen == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2 2"
    fen = sf.get_fen("passchess-compat", CHESS, ["e1e1", "g8f6", "g1f3", "e8e8"])
    assert " w KQkq " in fen


SHOGUN_INI = """[shogun-compat:crazyhouse]
startFen = rnb+fkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB+FKBNR[] w KQkq - 0 1
commoner = c
centaur = g
archbishop = a
chancellor = m
fers = f
promotionRegionWhite = *6 *7 *8
promotionRegionBlack = *3 *2 *1
promotionLimit = g:1 a:1 m:1 q:1
promotionPieceTypes = -
promotedPieceType = p:c n:g b:a r:m f:q
mandatoryPawnPromotion = false
firstRankPawnDrops = true
promotionZonePawnDrops = true
dropRegionWhite = *1 *2 *3 *4 *5
dropRegionBlack = *4 *5 *6 *7 *8
immobilityIllegal = true
"""


def test_shogun_san_names_promoted_pieces_by_their_type() -> None:
    # pyffish writes the letter of the type a promotion reaches.
    sf.load_variant_config(SHOGUN_INI)
    fen = "rnb+fkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB+FKBNR[] w KQkq - 0 1"
    moves = ["e2e4", "d7d5", "f1a6+", "d8d6"]
    assert sf.get_san_moves("shogun-compat", fen, moves) == ["e4", "d5", "Ba6=A", "Qd6"]


def test_dead_material_as_fairy_stockfish_judges_it() -> None:
    # Shako: a Cannon or Knight alone, Bishops and Elephants on one color.
    k = "k9/10/10/10/10/10/10/10/10"
    assert sf.has_insufficient_material("shako", k + "/KC8 w - - 0 1", []) == (True, True)
    assert sf.has_insufficient_material("shako", k + "/KCC7 w - - 0 1", []) == (False, True)
    kb = "kb8/10/10/10/10/10/10/10/10"
    assert sf.has_insufficient_material("shako", kb + "/K1E7 w - - 0 1", []) == (True, True)
    assert sf.has_insufficient_material("shako", kb + "/KE8 w - - 0 1", []) == (False, False)
    # Xiangqi: Elephants and Advisors never cross the river.
    fen = "4k4/9/4b4/9/9/9/9/4B4/9/4K4 w - - 0 1"
    assert sf.has_insufficient_material("xiangqi", fen, []) == (True, True)
    fen = "4k4/4a4/9/9/9/9/9/9/4A4/3KR4 w - - 0 1"
    assert sf.has_insufficient_material("xiangqi", fen, []) == (False, True)

"""Every public name the issue lists exists, is in the stub, and has a
docstring at run time."""

from __future__ import annotations

import ast
from pathlib import Path

import betza

STUB = Path(__file__).resolve().parents[1] / "betza" / "_betza.pyi"

ISSUE_NAMES = {
    "": ["variants", "Variant", "Board", "Move", "WHITE", "BLACK", "FenError", "IllegalMoveError",
         "SanError", "VariantError", "PgnError", "perft_shard", "pgn", "stateless", "svg"],
    "Variant": ["from_definition", "from_file", "name", "files", "ranks", "start_fen", "pieces"],
    "PieceType": ["name", "token", "betza", "royal", "promotions", "description"],
    "Board": ["legal_moves", "push", "push_uci", "push_san", "pop", "peek", "move_stack", "san",
              "parse_san", "parse_uci", "uci", "fen", "set_fen", "turn", "is_check", "is_checkmate",
              "is_stalemate", "is_game_over", "outcome", "result", "piece_at", "piece_map",
              "legal_targets", "moves_between", "copy", "perft", "__str__", "__eq__", "__hash__",
              "_repr_svg_", "hand", "pockets", "sfen", "set_sfen", "usi", "parse_usi", "push_usi",
              "is_insufficient_material", "is_repetition", "can_claim_draw"],
    "Outcome": ["winner", "termination", "result"],
    "Move": ["from_square", "to_square", "promotion", "drop", "is_drop", "via", "via_captured", "uci",
             "__eq__", "__hash__"],
}


def test_the_issue_names_exist() -> None:
    for owner, names in ISSUE_NAMES.items():
        obj = getattr(betza, owner) if owner else betza
        for name in names:
            assert hasattr(obj, name), f"{owner}.{name}"
    assert callable(betza.pgn.read_game) and callable(betza.pgn.read_games) and callable(betza.pgn.Game.to_pgn)
    assert callable(betza.svg.board)
    for name in ["legal_moves", "get_san", "get_san_moves", "get_fen", "start_fen", "validate_fen",
                 "game_result", "is_immediate_game_end", "is_optional_game_end", "gives_check",
                 "is_capture", "variants", "load_variant_config"]:
        assert callable(getattr(betza.stateless, name)), name


def test_stub_matches_the_module() -> None:
    stub = ast.parse(STUB.read_text())
    for node in stub.body:
        if isinstance(node, ast.ClassDef):
            cls = getattr(betza._betza, node.name)
            assert ast.get_docstring(node), node.name
            for f in node.body:
                if isinstance(f, ast.FunctionDef) and f.name != "__init__":
                    assert hasattr(cls, f.name), f"{node.name}.{f.name}"
                    if not f.name.startswith("__"):
                        assert ast.get_docstring(f), f"{node.name}.{f.name} has no docstring in the stub"
            inherited = set(dir(ValueError)) if issubclass(cls, ValueError) else set()
            public = {n for n in dir(cls) if not n.startswith("_")} - inherited
            stubbed = {f.name for f in node.body if isinstance(f, ast.FunctionDef)}
            assert public <= stubbed, f"{node.name}: not in the stub: {public - stubbed}"
        elif isinstance(node, ast.FunctionDef):
            assert hasattr(betza._betza, node.name), node.name
            if not node.name.startswith("_"):
                assert ast.get_docstring(node), node.name


def test_runtime_docstrings() -> None:
    for name in betza.__all__:
        obj = getattr(betza, name)
        if isinstance(obj, bool):
            continue
        assert obj.__doc__, name
        if isinstance(obj, type) and not issubclass(obj, ValueError):
            for member in dir(obj):
                if not member.startswith("_"):
                    assert getattr(obj, member).__doc__, f"{name}.{member}"
    for module in [betza.pgn, betza.stateless, betza.svg]:
        for name in module.__all__:
            obj = getattr(module, name)
            if callable(obj):
                assert obj.__doc__, f"{module.__name__}.{name}"

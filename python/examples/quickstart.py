import betza

board = betza.Board("meiriqi")
print(len(board.legal_moves), board.perft(3))  # 44 90313
board.push_san("e5")  # SAN, or the library's move text:
board.push_uci("a8a6")
print(board.peek(), board.turn == betza.WHITE, board.fen())

# A promotion choice is one move per choice.
b = betza.Board("decimaka", "4k5/10/10/10/10/4p5/10/3N6/10/5K4 w - - 0 1")
for m in b.moves_between("d3", "e5"):
    print(m.uci(), m.promotion, b.san(m))  # d3e5 None Nxe5, then d3e5+ +N Nxe5=+N

# Any variant from definition text (here chess's, renamed), played the same way.
text = betza.Variant("chess").definition().replace('name = "chess"', 'name = "my-chess"')
mine = betza.Board(betza.Variant.from_definition(text))
print(mine.variant.name, mine.perft(3))  # my-chess 8902

# Every end rule of the variant: here Xiangqi's perpetual check loses.
x = betza.Board("xiangqi", "5k3/R8/9/9/9/9/9/9/9/3K5 w - - 0 1")
for text in ["a9a10", "f10f9", "a10a9", "f9f10"] * 2:
    x.push_uci(text)
end = x.outcome()
assert end is not None
print(end.termination, end.result())  # perpetual_check 0-1

# Hands and drops: a drop is P@e5 (Move.drop is "P"); shogi speaks SFEN and USI.
s = betza.Board("shogi")
s.push_usi("7g7f")
print(s.sfen(), s.hand(betza.WHITE), s.pockets[betza.BLACK])

# Chu Shogi's 12x12 board: a Lion captures twice in one move (f5f6f7, via f6),
# and taking the last royal piece wins.
chu = betza.Board("chushogi")
print(len(chu.legal_moves), chu.perft(2))  # 36 1296
chu.set_fen("12/12/12/12/12/5k6/5p6/5N6/12/12/12/K11 w - - 0 1")
lion = chu.push_uci("f5f6f7")
print(lion.via, lion.via_captured, chu.outcome())  # f6 P Outcome(winner=True, termination="royal_captured")

# Games as PGN; errors are ValueErrors with the library's message.
game = betza.pgn.Game.from_board(board)
game.headers["White"] = "Ann"
again = betza.pgn.read_game(game.to_pgn())
assert again is not None and again.board() == board
try:
    board.push_uci("e2e4")
except betza.IllegalMoveError as e:
    print(e)  # move "e2e4": the Silver on e2 has no move to e4

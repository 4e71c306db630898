"""Threads: perft releases the GIL; a Board is usable from any thread."""

from __future__ import annotations

import threading
import time

import betza


def test_perft_releases_the_gil() -> None:
    # While another thread counts, this one keeps running Python code: with
    # the GIL held it would stand still for the whole count.
    b = betza.Board("chess")
    expected = 4865609
    result = {}
    t = threading.Thread(target=lambda: result.setdefault("n", b.perft(5)))
    ticks = 0
    start = time.perf_counter()
    t.start()
    while t.is_alive():
        ticks += 1
        time.sleep(0.001)
    elapsed = time.perf_counter() - start
    assert result["n"] == expected
    # With the GIL held this loop could not run until the count ended (a
    # tick or two at most, before the thread starts counting); released, it
    # ticks about once a millisecond of the count (38 in 44 ms on an idle
    # machine), however fast the machine is.
    assert ticks >= 5, (ticks, elapsed)


def test_boards_in_many_threads() -> None:
    counts = {}
    errors = []

    def work(name: str) -> None:
        try:
            b = betza.Board(name)
            pushed = 0
            # The first move each time may repeat positions: Xiangqi's
            # repetition rule then ends the game.
            while pushed < 20 and not b.is_game_over():
                b.push(b.legal_moves[0])
                pushed += 1
            for _ in range(pushed):
                b.pop()
            counts[name] = b.perft(3)
        except Exception as e:  # pragma: no cover - reported below
            errors.append(e)

    names = ["meiriqi", "decimaka", "chess", "xiangqi"]
    threads = [threading.Thread(target=work, args=(n,)) for n in names]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert counts == {"meiriqi": 90313, "decimaka": 135301, "chess": 8902, "xiangqi": 79666}


def test_one_board_shared_by_threads() -> None:
    # A board created here, counted and copied from other threads at once.
    b = betza.Board("meiriqi")
    b.push_uci("e3e5")
    results = []
    threads = [threading.Thread(target=lambda: results.append((b.perft(3), b.copy().fen()))) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(set(results)) == 1 and results[0][0] == b.perft(3)


def test_perft_shard_parts_add_up() -> None:
    whole = betza.Board("meiriqi").perft(3)
    assert sum(betza.perft_shard("meiriqi", None, 3, k, 5) for k in range(1, 6)) == whole == 90313
    fen = "7k2/10/10/3G6/10/10/10/10/10/8K1 w - - 0 1"
    b = betza.Board("meiriqi", fen)
    assert sum(betza.perft_shard(betza.Variant("meiriqi"), fen, 4, k, 3, threads=2) for k in (1, 2, 3)) == b.perft(4)
    import pytest

    with pytest.raises(ValueError, match="shard 4 of 3"):
        betza.perft_shard("meiriqi", None, 3, 4, 3)
    with pytest.raises(ValueError):
        betza.perft_shard("meiriqi", None, 3, 0, 3)

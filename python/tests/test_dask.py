"""The distributed perft example on a LocalCluster of two workers."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import distributed

import betza

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "distributed_perft.py"


def _example():
    spec = importlib.util.spec_from_file_location("distributed_perft", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_two_workers_add_up_to_the_single_process_count() -> None:
    example = _example()
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster, distributed.Client(cluster) as client:
        assert len(client.scheduler_info()["workers"]) == 2
        total = example.distributed_perft(client, "meiriqi", 4, shards=7)
        fen = "7k2/10/10/3G6/10/10/10/10/10/8K1 w - - 0 1"
        part_of_fen = example.distributed_perft(client, "decimaka", 3, shards=3)
        assert example.distributed_perft(client, "meiriqi", 4, shards=1, fen=fen) == betza.Board("meiriqi", fen).perft(4)
    assert total == betza.Board("meiriqi").perft(4) == 4206947
    assert part_of_fen == betza.Board("decimaka").perft(3)


def test_the_example_runs_as_a_program() -> None:
    out = subprocess.run(
        [sys.executable, str(EXAMPLE), "meiriqi", "3", "--shards", "4", "--workers", "2"],
        check=True, capture_output=True, text=True, timeout=300,
    ).stdout
    assert out.splitlines()[0] == "total 90313"

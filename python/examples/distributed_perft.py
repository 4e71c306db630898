"""Deep perft over a Dask cluster: the tree is cut into N disjoint shards
(``betza.perft_shard``, the library's ``--shard K/N``), each counted by a
worker with the GIL released, and the parts are added up.

    python examples/distributed_perft.py meiriqi 5 --shards 16
    python examples/distributed_perft.py meiriqi 7 --shards 400 --scheduler tcp://host:8786

Without ``--scheduler`` a ``LocalCluster`` on this machine is started
(``--workers`` processes, one thread each). With a scheduler address the
shards go to that cluster's workers, which need ``betza`` installed
(``pip install ./python``). Meiriqi's depth 7 is about 4e11 leaves: at some
1e8 leaves per second per core that is an hour on a hundred cores.
"""

from __future__ import annotations

import argparse
import time
from typing import TYPE_CHECKING, List, Optional

import betza

if TYPE_CHECKING:
    import distributed


def count_shard(variant: str, fen: Optional[str], depth: int, k: int, n: int) -> int:
    """Counts shard ``k`` of ``n`` (run on a worker)."""
    return betza.perft_shard(variant, fen, depth, k, n)


def distributed_perft(
    client: "distributed.Client", variant: str, depth: int, shards: int, fen: Optional[str] = None
) -> int:
    """The perft of ``fen`` (the start when ``None``), counted as ``shards``
    tasks on ``client``'s cluster."""
    futures = [
        client.submit(count_shard, variant, fen, depth, k, shards, key=f"perft-{variant}-{depth}-{k}-of-{shards}")
        for k in range(1, shards + 1)
    ]
    parts: List[int] = client.gather(futures)  # type: ignore[no-untyped-call]
    return sum(parts)


def main(argv: Optional[List[str]] = None) -> None:
    import distributed  # noqa: F811 (imported here: only the cluster needs it)

    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("variant")
    p.add_argument("depth", type=int)
    p.add_argument("--fen")
    p.add_argument("--shards", type=int, default=16)
    p.add_argument("--scheduler", help="a Dask scheduler's address; a LocalCluster when absent")
    p.add_argument("--workers", type=int, default=2, help="LocalCluster worker processes")
    args = p.parse_args(argv)
    started = time.perf_counter()
    if args.scheduler:
        client = distributed.Client(args.scheduler)  # type: ignore[no-untyped-call]
        cluster = None
    else:
        cluster = distributed.LocalCluster(  # type: ignore[no-untyped-call]
            n_workers=args.workers, threads_per_worker=1, processes=True, dashboard_address=":0"
        )
        client = distributed.Client(cluster)  # type: ignore[no-untyped-call]
    try:
        total = distributed_perft(client, args.variant, args.depth, args.shards, args.fen)
    finally:
        client.close()  # type: ignore[no-untyped-call]
        if cluster is not None:
            cluster.close()
    print(f"total {total}")
    print(f"{time.perf_counter() - started:.1f} s", flush=True)


if __name__ == "__main__":
    main()

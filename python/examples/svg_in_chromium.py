"""Renders betza.svg boards in a real browser: writes an HTML page with the
SVGs of several variants (8x8, 10x10, 9x10 with the last move and marked
squares, a 6x6 run-time variant) and has headless Chromium take a screenshot.

    apt-get install chromium     # or any Chromium/Chrome on the PATH
    python python/examples/svg_in_chromium.py [OUT_DIR]

Look at OUT_DIR/boards.png (default: target/svg-check): each board should
show its squares, coordinates, and every piece as its token on a disc.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path
from typing import List

import betza


def page() -> str:
    boards: List[str] = []
    chess = betza.Board("chess")
    boards.append(betza.svg.board(chess, size=360))
    meiriqi = betza.Board("meiriqi")
    boards.append(betza.svg.board(meiriqi, size=360))
    xiangqi = betza.Board("xiangqi")
    last = xiangqi.push_uci("b3e3")
    boards.append(betza.svg.board(xiangqi, lastmove=last, squares=xiangqi.legal_targets("h10"), size=360))
    decimaka = betza.Board("decimaka", "4k5/10/10/10/10/4+f5/10/3N6/10/R4K4 w - - 0 1")
    boards.append(betza.svg.board(decimaka, squares=["e5"], orientation=betza.BLACK, size=360))
    cells = "".join(f'<div style="display:inline-block;margin:6px">{b}</div>' for b in boards)
    return f"<!doctype html><html><body style='margin:0;background:#fff'>{cells}</body></html>"


def main() -> None:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "target/svg-check")
    out.mkdir(parents=True, exist_ok=True)
    html = out / "boards.html"
    html.write_text(page())
    browser = next((b for b in ["chromium", "chromium-browser", "google-chrome"] if shutil.which(b)), None)
    if browser is None:
        sys.exit("no Chromium on the PATH: apt-get install chromium")
    png = out / "boards.png"
    subprocess.run(
        [browser, "--headless", "--no-sandbox", "--disable-gpu", f"--screenshot={png.resolve()}",
         "--window-size=1520,800", html.resolve().as_uri()],
        check=True, capture_output=True,
    )
    print(png)


if __name__ == "__main__":
    main()

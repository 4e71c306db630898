"""The README's Python example is examples/quickstart.py, and it runs as
written; the package passes mypy --strict's reading of it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

PYTHON_DIR = Path(__file__).resolve().parents[1]
README = PYTHON_DIR.parent / "README.md"
QUICKSTART = PYTHON_DIR / "examples" / "quickstart.py"


def test_readme_example_is_quickstart() -> None:
    readme = README.read_text()
    section = readme[readme.index("## Use it from Python"):]
    block = section.split("```python\n", 1)[1].split("```", 1)[0]
    assert block == QUICKSTART.read_text()


def test_quickstart_runs_as_written() -> None:
    out = subprocess.run([sys.executable, str(QUICKSTART)], check=True, capture_output=True, text=True).stdout
    assert out.splitlines() == [
        "44 90313",
        "a8a6 True 1fyehw1mkm/ngslsgn3/2p1p1p1s1/7ppp/p9/4P5/7PPP/P1P3P1S1/NGSLSGN3/1FYEHW1MKM w - - 0 2",
        "d3e5 None Nxe5",
        "d3e5+ +N Nxe5=+N",
        "my-chess 8902",
        "perpetual_check 0-1",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2 {} {}",
        "36 1296",
        'f6 P Outcome(winner=True, termination="royal_captured")',
        'move "e2e4": the Silver on e2 has no move to e4',
    ]

"""docs/python.md's tour is examples/quickstart.py, the README's Python example
is taken from it, and it runs as written; the package passes mypy --strict's
reading of it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

PYTHON_DIR = Path(__file__).resolve().parents[1]
README = PYTHON_DIR.parent / "README.md"
GUIDE = PYTHON_DIR.parent / "docs" / "python.md"
QUICKSTART = PYTHON_DIR / "examples" / "quickstart.py"


def first_python_block(text: str) -> str:
    return text.split("```python\n", 1)[1].split("```", 1)[0]


def test_guide_tour_is_quickstart() -> None:
    guide = GUIDE.read_text()
    section = guide[guide.index("## A tour"):]
    assert first_python_block(section) == QUICKSTART.read_text()


def test_readme_example_is_from_quickstart() -> None:
    """Every line of the README's example is a line of quickstart.py, in order, so
    the outputs its comments give are the ones test_quickstart_runs_as_written checks."""
    lines = iter(QUICKSTART.read_text().splitlines())
    for line in first_python_block(README.read_text()).splitlines():
        assert line in lines, f"README line not in quickstart.py (in order): {line!r}"


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

"""Runs pyffish's own ``test.py`` (its import line made ``import betza.stateless
as sf`` by ``tools/pyffish-suite``) and counts its assertions one by one.

    python pyffish_runner.py TEST_PY EXPECTED_TXT [--write-expected]

unittest stops a test at its first failed assertion; this runner lets every
assertion run and records each one, held or failed, so that the count says how
much of pyffish's behaviour ``betza.stateless`` has. For that:

- every ``assert*`` method of ``unittest.TestCase`` is wrapped: a failure is
  recorded, not raised;
- ``sf`` is a stand-in for ``betza.stateless`` whose calls return a ``Failed``
  value instead of raising, and whose missing names are ``Failed`` values too:
  an assertion that meets a ``Failed`` value (a call that raised, a name the
  module lacks) fails with that reason, and the test goes on to its next
  assertion. Nothing of the suite's text is changed beyond the import line.

An assertion is named by its test, the line of ``test.py`` in the test method
(and the line in a helper method, ``1040/1012``), the ``subTest`` parameters
and, when that repeats, ``#n``. ``EXPECTED_TXT`` lists the assertions (and
tests that end in an error) expected to fail, one a line, ``NAME | reason``.
The exit status is 1 when an assertion not listed there fails (a regression);
a listed one that now holds is printed, to be removed from the list.
``--write-expected`` rewrites the list from this run, each reason the one
this run gives (the exception a call raised, the name missing, the values
that differ), keeping the notes written by hand after a second `` | ``.
"""

from __future__ import annotations

import importlib.util
import sys
import traceback
import types
import unittest
import warnings
from pathlib import Path
from typing import Any, Callable, Dict, Iterator, List, Optional, Tuple

import betza
import betza.stateless as _real


class Failed:
    """What a call of ``sf`` gives when it raised, or a name ``sf`` lacks: any
    assertion that meets it fails with ``why``. Calls, attributes, indexing and
    arithmetic on it give more ``Failed`` values, so a test carries on."""

    def __init__(self, why: str) -> None:
        self.why = why

    def __repr__(self) -> str:
        return f"<failed: {self.why}>"

    def __call__(self, *args: Any, **kwargs: Any) -> "Failed":
        return self

    def __getattr__(self, name: str) -> "Failed":
        if name.startswith("__"):
            raise AttributeError(name)
        return self

    def __getitem__(self, key: Any) -> "Failed":
        return self

    def __neg__(self) -> "Failed":
        return self

    def __iter__(self) -> Iterator[Any]:
        return iter(())

    def __len__(self) -> int:
        return 0

    def __eq__(self, other: object) -> bool:
        return False

    def __ne__(self, other: object) -> bool:
        return False

    __hash__ = object.__hash__


def _failed_in(values: Any) -> Optional[Failed]:
    """The first ``Failed`` value among ``values`` (and inside lists and tuples)."""
    for v in values:
        if isinstance(v, Failed):
            return v
        if isinstance(v, (list, tuple)):
            inner = _failed_in(v)
            if inner is not None:
                return inner
    return None


def _short(text: str, limit: int = 160) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


NOT_LOADED: Dict[str, str] = {}
"""The suite's own variants (its ``ini_text``) that ``load_variant_config``
refused, with the reason it gave."""


def _why_raised(name: str, e: BaseException) -> str:
    msg = str(e)
    if "unknown variant" in msg:
        quoted = msg.split('"')
        variant = quoted[1] if len(quoted) > 2 else msg
        if variant in NOT_LOADED:
            return _short(f"variant {variant} of the suite's configuration not loaded: {NOT_LOADED[variant]}")
        return f"variant {variant} not built in"
    return _short(f"sf.{name} raised {type(e).__name__}: {msg}")


class Stand(types.ModuleType):
    """``betza.stateless`` as the suite sees it: every call that raises gives a
    ``Failed`` value, every missing name is one."""

    def __init__(self, real: types.ModuleType) -> None:
        super().__init__(real.__name__, real.__doc__)
        self.__file__ = real.__file__
        self._real = real

    def __getattr__(self, name: str) -> Any:
        real = object.__getattribute__(self, "_real")
        if not hasattr(real, name):
            if name.startswith("__"):
                raise AttributeError(name)
            return Failed(f"sf.{name} missing")
        value = getattr(real, name)
        if not callable(value) or isinstance(value, type):
            return value

        def call(*args: Any, **kwargs: Any) -> Any:
            bad = _failed_in(list(args) + list(kwargs.values()))
            if bad is not None:
                return bad
            try:
                return value(*args, **kwargs)
            except Exception as e:  # noqa: BLE001 - every error becomes a failed assertion
                return Failed(_why_raised(name, e))

        return call


class Record:
    """Every assertion's name and outcome, in the order they ran."""

    def __init__(self, test_file: str) -> None:
        self.test_file = test_file
        self.test = ""
        self.subtests: List[Dict[str, Any]] = []
        self.results: List[Tuple[str, str, bool, str]] = []  # (test, name, held, why)
        self.seen: Dict[str, int] = {}
        self.depth = 0

    def name(self) -> str:
        lines = [f.lineno for f in traceback.extract_stack() if f.filename == self.test_file]
        where = str(lines[0]) if len(lines) == 1 or lines[0] == lines[-1] else f"{lines[0]}/{lines[-1]}"
        params = " ".join(f"{k}={v}" for s in self.subtests for k, v in s.items())
        base = f"{self.test}:{where}" + (f" {params}" if params else "")
        n = self.seen.get(base, 0) + 1
        self.seen[base] = n
        return base if n == 1 else f"{base} #{n}"

    def add(self, held: bool, why: str) -> None:
        self.results.append((self.test, self.name(), held, why))


def instrument(record: Record) -> None:
    """Wraps ``TestCase``'s assertion methods and ``subTest`` to report to ``record``."""

    def wrap(method: Callable[..., Any]) -> Callable[..., Any]:
        def asserting(self: unittest.TestCase, *args: Any, **kwargs: Any) -> None:
            if record.depth > 0:  # an assertion called by another one: counted once
                method(self, *args, **kwargs)
                return
            bad = _failed_in(args)
            if bad is not None:
                record.add(False, bad.why)
                return
            record.depth += 1
            try:
                method(self, *args, **kwargs)
                record.add(True, "")
            except self.failureException as e:
                record.add(False, _short(str(e).split("\n")[0]))
            finally:
                record.depth -= 1

        return asserting

    for attr in dir(unittest.TestCase):
        if attr.startswith("assert") and not attr.endswith("_") and attr[6:7].isupper():
            original = getattr(unittest.TestCase, attr)
            if attr in ("assertRaises", "assertWarns", "assertLogs", "assertRaisesRegex", "assertWarnsRegex", "assertNoLogs"):
                continue  # context managers; pyffish's suite does not use them
            setattr(unittest.TestCase, attr, wrap(original))

    original_subtest = unittest.TestCase.subTest

    class Sub:
        def __init__(self, case: unittest.TestCase, msg: Any, params: Dict[str, Any]) -> None:
            self.inner = original_subtest(case, msg, **params)
            self.params = params

        def __enter__(self) -> None:
            record.subtests.append(self.params)
            self.inner.__enter__()

        def __exit__(self, *exc: Any) -> bool:
            record.subtests.pop()
            return bool(self.inner.__exit__(*exc))

    def sub_test(self: unittest.TestCase, msg: Any = None, **params: Any) -> Sub:
        return Sub(self, msg, params)

    unittest.TestCase.subTest = sub_test  # type: ignore[assignment]


def read_expected(path: Path) -> Dict[str, Tuple[str, str]]:
    """Each listed name's (reason, note): the reason the run gave, and the
    note written by hand after a second `` | `` (kept by ``--write-expected``)."""
    expected: Dict[str, Tuple[str, str]] = {}
    if not path.exists():
        return expected
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        name, _, rest = line.partition(" | ")
        why, _, note = rest.partition(" | ")
        expected[name.rstrip()] = (why.strip(), note.strip())
    return expected


HEADER = """\
# pyffish's own test suite (test.py of pyffish {version}'s source distribution on PyPI) run
# against betza.stateless by tools/pyffish-suite: the assertions expected to fail, one a line,
#   <test>:<line in test.py>[/<line in a helper>] [subTest parameters] [#n] | reason [| note]
# and "<test> error | reason" for a test that ends in an error. The reason is the run's (the call
# that raised, the name missing, the values that differ); a note after a second " | " is written by
# hand (the rule or convention at stake) and kept. A failure not listed here fails the suite;
# rewrite with `tools/pyffish-suite --write-expected`.
"""


def main(argv: List[str]) -> int:
    args = [a for a in argv if not a.startswith("--")]
    write = "--write-expected" in argv
    if len(args) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    test_file = str(Path(args[0]).resolve())
    expected_path = Path(args[1])
    version = Path(test_file).parent.name.rpartition("-")[2] or "?"

    record = Record(test_file)
    instrument(record)
    stand = Stand(_real)
    sys.modules["betza.stateless"] = stand
    betza.stateless = stand  # type: ignore[attr-defined]

    errors: Dict[str, str] = {}
    record.test = "<module>"
    spec = importlib.util.spec_from_file_location("pyffish_suite", test_file)
    assert spec is not None and spec.loader is not None
    suite_module = importlib.util.module_from_spec(spec)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        spec.loader.exec_module(suite_module)  # its load_variant_config(ini_text) warns
    for w in caught:
        print(f"load_variant_config: {w.message}")
        text = str(w.message)
        if text.startswith("variant '") and "' not loaded: " in text:
            variant, _, why = text[len("variant '") :].partition("' not loaded: ")
            NOT_LOADED[variant] = why
    case_class = suite_module.TestPyffish

    tests = unittest.TestLoader().getTestCaseNames(case_class)
    passed = 0
    for test in tests:
        record.test = test
        before = len(record.results)
        result = unittest.TestResult()
        case_class(test).run(result)
        trouble = result.errors + result.failures
        if trouble:
            last = trouble[0][1].strip().splitlines()[-1]
            errors[test] = _short(last)
        if not trouble and all(held for _, _, held, _ in record.results[before:]):
            passed += 1

    held = sum(1 for r in record.results if r[2])
    total = len(record.results)
    failing = {name: why for _, name, ok, why in record.results if not ok}
    failing.update({f"{t} error": why for t, why in errors.items()})

    expected = read_expected(expected_path)
    regressions = [n for n in failing if n not in expected]
    now_holding = [n for n in expected if n not in failing]

    for test in tests:
        rows = [r for r in record.results if r[0] == test]
        ok = sum(1 for r in rows if r[2])
        mark = "ok  " if ok == len(rows) and test not in errors else "FAIL"
        print(f"{mark} {test}: {ok} of {len(rows)} assertions hold" + (f"; error: {errors[test]}" if test in errors else ""))
    print(f"{held} of {total} assertions hold, {passed} of {len(tests)} tests pass")

    if write:
        lines = [HEADER.format(version=version)]
        for name, why in failing.items():
            note = expected.get(name, ("", ""))[1]
            lines.append(f"{name} | {why}" + (f" | {note}" if note else "") + "\n")
        expected_path.write_text("".join(lines), encoding="utf-8")
        print(f"wrote {len(failing)} expected failures to {expected_path}")
        return 0

    for name in now_holding:
        print(f"now holds (remove it from {expected_path}): {name}")
    for name in regressions:
        print(f"REGRESSION: {name}: {failing[name]}")
    if regressions:
        print(f"{len(regressions)} assertions expected to hold fail")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

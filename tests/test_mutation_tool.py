"""The mutation-testing command (``python -m tests.mutation``, issue 19): its seeded,
stratified sample and how it reads mutmut's exit codes.  (Running mutmut itself takes
minutes and is not part of the suite: docs/testing.md.)"""

from __future__ import annotations

import os

from tests import mutation


def _names(module: str, n: int) -> list[str]:
    return [f"{module}.x_f__mutmut_{i}" for i in range(1, n + 1)]


def test_the_sample_gives_each_module_a_share_by_its_size_and_at_least_one():
    names = {"a.py": _names("a", 80), "b.py": _names("b", 19), "c.py": _names("c", 1), "d.py": []}
    sample = mutation.draw(names, 10, seed=5)
    # a: 8.0, b: 1.9, c: 0.1 -> c gets its one, which leaves b its whole part only.
    assert {m: len(v) for m, v in sample.items()} == {"a.py": 8, "b.py": 1, "c.py": 1}
    assert all(set(v) <= set(names[m]) for m, v in sample.items())
    # a: 5.5, b: 4.5 -> 5 + 4, and the one left goes to the first largest remainder.
    halves = mutation.draw({"a.py": _names("a", 55), "b.py": _names("b", 45)}, 10, seed=5)
    assert {m: len(v) for m, v in halves.items()} == {"a.py": 6, "b.py": 4}


def test_the_same_seed_draws_the_same_sample_and_another_seed_another():
    names = {"a.py": _names("a", 200), "b.py": _names("b", 100)}
    assert mutation.draw(names, 30, seed=5) == mutation.draw(names, 30, seed=5)
    assert mutation.draw(names, 30, seed=5) != mutation.draw(names, 30, seed=6)


def test_mutmuts_exit_codes_are_read_as_the_report_counts_them():
    assert mutation.status_of(1) == mutation.status_of(3) == mutation.KILLED
    assert mutation.status_of(0) == mutation.SURVIVED
    assert mutation.status_of(5) == mutation.status_of(33) == mutation.NO_TESTS
    assert mutation.status_of(36) == mutation.TIMEOUT
    assert mutation.status_of(None) == mutation.OTHER


def test_examples_only_leaves_the_property_tests_out(monkeypatch):
    """``--examples-only``: the pytest that mutmut starts deselects every @given test."""
    monkeypatch.setenv("PYTEST_ADDOPTS", "-q")
    monkeypatch.setattr(mutation, "_need_mutmut", lambda: None)
    monkeypatch.setattr(mutation, "generate", lambda: {"a.py": _names("a", 3)})
    monkeypatch.setattr(mutation, "LAST_SAMPLE", _Sink())
    seen = {}
    monkeypatch.setattr(mutation, "run_mutmut", lambda names: seen.update(addopts=os.environ["PYTEST_ADDOPTS"]))
    monkeypatch.setattr(mutation, "report", lambda sample, show_diffs: [])
    assert mutation.main(["--sample", "2", "--seed", "1", "--examples-only"]) == 0
    assert seen["addopts"] == '-q -m "not hypothesis"'


class _Sink:
    """Stands for ``last-sample.json``: written, never read in this test."""

    def write_text(self, text: str) -> None:
        self.text = text

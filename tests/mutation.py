"""Mutation testing of the rules code: a seeded sample of mutmut mutants, stratified by module.

    .venv/bin/pip install -e '.[mutation]'
    .venv/bin/python -m tests.mutation --sample 300 --seed 1
    .venv/bin/python -m tests.mutation --sample 60 --seed 1 --modules core/clear_ward
    .venv/bin/python -m tests.mutation --again --survivors-only   # after adding tests
    .venv/bin/python -m tests.mutation --sample 300 --seed 5 --examples-only   # no property tests

mutmut 3 (configured in ``[tool.mutmut]`` of pyproject.toml) copies the project into
``mutants/`` and writes every mutant of ``core/`` into it behind a trampoline. This command
generates them, draws a seeded sample (each module gets a share of the sample proportional
to its number of mutants, at least one), asks ``mutmut run`` to test only those names against
the tests in ``tests/core`` that reach the mutated function, and prints per module how many
were killed, survived or had no test reaching them, then the diff of each survivor.

The sample is reproducible for the same source: another commit has other mutants, so the
same seed draws other names. Not part of CI (minutes, not seconds); see docs/testing.md.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MUTANTS = ROOT / "mutants"
#: The names of the last sample drawn, by module (``--again`` tests them again).
LAST_SAMPLE = MUTANTS / "last-sample.json"

# mutmut's exit codes, grouped as the report counts them (mutmut.stats.status_by_exit_code).
KILLED = "killed"
SURVIVED = "survived"
NO_TESTS = "no tests"
TIMEOUT = "timeout"
OTHER = "other"


def status_of(exit_code: int | None) -> str:
    """The report's column for one mutmut exit code (None = not run)."""
    if exit_code in (1, 3):
        return KILLED
    if exit_code == 0:
        return SURVIVED
    if exit_code in (5, 33):
        return NO_TESTS
    if exit_code in (36, 24, -24, 152, 255):
        return TIMEOUT  # an endless loop the tests stopped: counted as caught
    return OTHER


def _need_mutmut() -> None:
    try:
        import mutmut  # noqa: F401
    except ImportError:
        sys.exit("mutmut is not installed: .venv/bin/pip install -e '.[mutation]'")


def generate() -> dict[str, list[str]]:
    """Write every mutant into mutants/ (mutmut's generation step); names by module path."""
    from mutmut.__main__ import create_mutants, store_lines_covered_by_tests
    from mutmut.utils.file_utils import copy_also_copy_files, copy_src_dir, setup_source_paths

    MUTANTS.mkdir(exist_ok=True)
    copy_src_dir()
    copy_also_copy_files()
    setup_source_paths()
    store_lines_covered_by_tests()
    create_mutants(2)
    return {module: sorted(codes) for module, codes in read_results().items()}


def read_results() -> dict[str, dict[str, int | None]]:
    """Exit code of every mutant mutmut knows, by module path (``core/clinic/board.py``)."""
    results: dict[str, dict[str, int | None]] = {}
    for meta in sorted(MUTANTS.glob("core/**/*.py.meta")):
        module = str(meta.relative_to(MUTANTS))[: -len(".meta")]
        results[module] = json.loads(meta.read_text())["exit_code_by_key"]
    return results


def draw(names_by_module: dict[str, list[str]], size: int, seed: int) -> dict[str, list[str]]:
    """A seeded sample of ``size`` mutant names, each module's share proportional to its
    number of mutants (at least one per module that has any)."""
    total = sum(len(names) for names in names_by_module.values())
    modules = sorted(module for module, names in names_by_module.items() if names)
    exact = {m: size * len(names_by_module[m]) / total for m in modules}
    share = {m: max(1, int(exact[m])) for m in modules}
    # Largest remainders first, until the sample has its size (or every module has one).
    for m in sorted(modules, key=lambda m: int(exact[m]) - exact[m]):
        if sum(share.values()) >= size:
            break
        if exact[m] >= 1:
            share[m] += 1
    rng = random.Random(seed)
    sample: dict[str, list[str]] = {}
    for m in modules:
        names = names_by_module[m]
        sample[m] = sorted(rng.sample(names, min(share[m], len(names))))
    return sample


def run_mutmut(names: list[str]) -> None:
    """Test exactly these mutants (mutmut reruns named mutants even if it has a result)."""
    proc = subprocess.run(
        [sys.executable, "-m", "mutmut", "run", *names],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    if proc.returncode != 0:
        print(proc.stdout[-5000:])
        sys.exit(f"mutmut run failed (exit code {proc.returncode})")


def diff_of(name: str, module: str) -> str:
    from mutmut.mutation.diff_apply import get_diff_for_mutant

    return get_diff_for_mutant(name, path=module)


def report(sample: dict[str, list[str]], show_diffs: bool) -> list[str]:
    """Print the per-module table and survivors' diffs; return the survivors' names."""
    results = read_results()
    rows = []
    totals: dict[str, int] = defaultdict(int)
    survivors: list[tuple[str, str]] = []
    for module, names in sorted(sample.items()):
        counts: dict[str, int] = defaultdict(int)
        for name in names:
            status = status_of(results.get(module, {}).get(name))
            counts[status] += 1
            totals[status] += 1
            if status in (SURVIVED, NO_TESTS):
                survivors.append((module, name))
        rows.append((module, counts))
    rows.append(("TOTAL", totals))
    header = f"{'module':42} {'killed':>6} {'surv.':>6} {'no t.':>6} {'t/out':>6} {'other':>6} {'caught':>7}"
    print(header)
    print("-" * len(header))
    for module, counts in rows:
        caught = counts[KILLED] + counts[TIMEOUT]
        judged = caught + counts[SURVIVED] + counts[NO_TESTS]
        percent = f"{100 * caught / judged:6.1f}%" if judged else "     -"
        print(
            f"{module:42} {counts[KILLED]:6} {counts[SURVIVED]:6} {counts[NO_TESTS]:6} "
            f"{counts[TIMEOUT]:6} {counts[OTHER]:6} {percent:>7}"
        )
    if show_diffs and survivors:
        print("\nSurvivors (no test in tests/core failed; 'no tests' = no test reaches the function):")
        for module, name in survivors:
            status = status_of(results[module][name])
            print(f"\n# {name} ({status})")
            print(diff_of(name, module).rstrip())
    return [name for _, name in survivors]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.mutation", description=__doc__.split("\n")[0])
    parser.add_argument("--sample", type=int, default=300, help="number of mutants to test (default 300)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the sample (default 1)")
    parser.add_argument(
        "--modules", nargs="*", default=None,
        help="only modules whose path starts with one of these (core/clear_ward, core/clinic/business.py)",
    )
    parser.add_argument("--no-diffs", action="store_true", help="print the table only")
    parser.add_argument(
        "--again", action="store_true",
        help="test the last run's sample again (names that no longer exist are dropped)",
    )
    parser.add_argument(
        "--survivors-only", action="store_true",
        help="with --again: rerun only the mutants not killed last time; the killed keep their "
        "result (sound when only tests were added since)",
    )
    parser.add_argument(
        "--examples-only", action="store_true",
        help="leave the property tests (hypothesis) out: a mutant only a random example "
        "kills then counts as survived (issue 19: deterministic first)",
    )
    parser.add_argument("--list", action="store_true", help="print the sampled names and stop")
    args = parser.parse_args(argv)

    _need_mutmut()
    started = time.monotonic()
    names_by_module = generate()
    if args.modules:
        names_by_module = {
            module: names for module, names in names_by_module.items()
            if any(module.startswith(prefix.rstrip("/")) for prefix in args.modules)
        }
    if args.again:
        last = json.loads(LAST_SAMPLE.read_text())
        sample = {m: [n for n in names if n in set(names_by_module.get(m, ()))] for m, names in last.items()}
        gone = sum(map(len, last.values())) - sum(map(len, sample.values()))
        print(f"the last sample again{f' ({gone} mutants no longer exist)' if gone else ''}")
    else:
        sample = draw(names_by_module, args.sample, args.seed)
        LAST_SAMPLE.write_text(json.dumps(sample, indent=1))
    names = [name for module_names in sample.values() for name in module_names]
    if args.again and args.survivors_only:
        results = read_results()
        names = [n for m, ns in sample.items() for n in ns if status_of(results[m].get(n)) not in (KILLED, TIMEOUT)]
    print(f"{sum(map(len, names_by_module.values()))} mutants in {len(names_by_module)} modules; "
          f"testing {len(names)} (seed {args.seed})")
    if args.list:
        print("\n".join(names))
        return 0
    if args.examples_only:
        # Read by the pytest that ``mutmut run`` starts: deselect every @given test.
        os.environ["PYTEST_ADDOPTS"] = (os.environ.get("PYTEST_ADDOPTS", "") + ' -m "not hypothesis"').strip()
    if names:
        run_mutmut(names)
    report(sample, show_diffs=not args.no_diffs)
    print(f"\n{time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

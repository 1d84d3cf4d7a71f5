"""Fuzz every loader with thousands of documents and report what breaks.

Run from the repository root: ``python benchmarks/fuzz_loaders.py [--examples N]``. The
documents, the loaders and the rule they are held to are those of ``tests/test_loader_fuzz.py``
(from :mod:`tests.fuzz_docs`): saves, card sets, designs, component overrides and the
arguments of ``Game.new`` / ``SoloGame.new`` of any shape must load or raise the loader's typed
error within a second each, and a refused load must keep the controllers' game. The examples
are shared between the families of loaders; each example goes to every loader of its family.

Prints, per loader, how many documents it accepted, refused and failed on and its slowest
case; then each distinct failure (its exception and where in the package it is raised, the
loaders it hits, how often), shrunk to a small document, with the Python lines that reproduce
it. ``--report PATH`` writes the same as Markdown. Exits 1 if anything failed.
"""

from __future__ import annotations

import argparse
import sys
import time
import warnings
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import reference  # noqa: E402
from hypothesis import HealthCheck, Phase, given, settings  # noqa: E402
from hypothesis import seed as hypothesis_seed  # noqa: E402
from hypothesis.errors import HypothesisWarning  # noqa: E402

from tests import fuzz_docs as fd  # noqa: E402

# Shares of the examples, by family of loaders.
FAMILIES = {"save": 0.35, "cards": 0.30, "components": 0.10, "game new": 0.12,
            "solo new": 0.13}
PREAMBLE = """\
from pathlib import Path
from rftg_nb import Game, SoloGame
from rftg_nb.cards.custom import check_designs, database_with, from_file_data, read_designs
from rftg_nb.robot.components import load_components, read_overrides
from rftg_nb.ui.controller import SoloController
from rftg_nb.engine.table import TableGame
from rftg_nb.ui.table import TableController
from tests.fuzz_docs import dumps, nest, nestd
p = Path("/tmp/case.json")"""


def strategy(family: str):
    return {"save": fd.save_documents, "cards": fd.card_documents,
            "components": fd.component_documents, "game new": fd.game_new_kwargs,
            "solo new": fd.solo_new_kwargs}[family]()


@dataclass
class Tally:
    counts: Counter = field(default_factory=Counter)  # (loader, verdict) -> n
    slowest: dict = field(default_factory=dict)  # loader -> (seconds, origin)
    failures: dict = field(default_factory=dict)  # (kind, where) -> Failure
    examples: int = 0

    def add(self, doc: fd.Doc, outcome: fd.Outcome) -> None:
        self.counts[outcome.loader, outcome.verdict] += 1
        if outcome.seconds > self.slowest.get(outcome.loader, (0.0, ""))[0]:
            self.slowest[outcome.loader] = (outcome.seconds, doc.origin)
        if outcome.verdict != "failed":
            return
        key = (outcome.kind, outcome.where)
        f = self.failures.setdefault(key, Failure(outcome.kind, outcome.where))
        f.loaders[outcome.loader] += 1
        size = doc.size()
        if f.doc is None or size < f.size:
            f.doc, f.size, f.outcome = doc, size, outcome


@dataclass
class Failure:
    kind: str
    where: str
    loaders: Counter = field(default_factory=Counter)
    doc: fd.Doc | None = None
    size: int = 0
    outcome: fd.Outcome | None = None
    shrunk: fd.Doc | None = None


def play(family: str, examples: int, seed: int, tally: Tally) -> None:
    loaders = fd.family(family)

    @hypothesis_seed(seed)
    @settings(max_examples=examples, database=None, deadline=None, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck))
    @given(doc=strategy(family))
    def body(doc: fd.Doc) -> None:
        tally.examples += 1
        for loader in loaders:
            tally.add(doc, fd.run(loader, doc, fd.TIME_LIMIT))

    body()


def shrink_all(tally: Tally, seconds: float) -> None:
    table = fd.loaders()
    for f in tally.failures.values():
        assert f.doc is not None and f.outcome is not None
        f.shrunk = fd.shrink(table[f.outcome.loader], f.doc, f.outcome.signature, seconds)


def report(tally: Tally, elapsed: float, markdown: bool, unit: float) -> str:
    lines = []
    h = "## " if markdown else ""
    lines.append(f"{h}Loader fuzz: {tally.examples} documents in {elapsed:.1f} s")
    lines.append("")
    lines.append(f"(slowest cases also in calibration units of benchmarks/reference.py: one "
                 f"unit took {unit * 1000:.2f} ms in this run)")
    lines.append("")
    if markdown:
        lines += ["| loader | accepted | refused | failed | slowest |",
                  "| --- | ---: | ---: | ---: | --- |"]
    else:
        lines.append(f"{'loader':28} {'accepted':>9} {'refused':>8} {'failed':>7}  slowest")
    for name in fd.loaders():
        a, r, x = (tally.counts[name, v] for v in ("accepted", "refused", "failed"))
        if not a + r + x:
            continue
        sec, origin = tally.slowest.get(name, (0.0, ""))
        slow = f"{sec * 1000:.1f} ms, {sec / unit:.1f} units ({origin[:60]})"
        lines.append(f"| {name} | {a} | {r} | {x} | {slow} |" if markdown
                     else f"{name:28} {a:>9} {r:>8} {x:>7}  {slow}")
    lines.append("")
    if not tally.failures:
        lines.append("No failures.")
        return "\n".join(lines)
    lines.append(f"{h}{len(tally.failures)} distinct failures")
    lines.append("")
    if markdown:
        lines += ["Every reproducer runs from the repository root after:", "", "```python",
                  PREAMBLE, "```", ""]
    table = fd.loaders()
    order = sorted(tally.failures.values(), key=lambda f: -sum(f.loaders.values()))
    for i, f in enumerate(order, 1):
        assert f.outcome is not None
        doc = f.shrunk or f.doc
        assert doc is not None
        hits = ", ".join(f"{n} ({k})" for n, k in f.loaders.most_common())
        again = fd.run(table[f.outcome.loader], doc, fd.TIME_LIMIT)
        message = (again.message() if again.signature == f.outcome.signature
                   else f.outcome.message())
        lines.append(f"{'### ' if markdown else ''}[{i}] {f.kind} at {f.where}")
        lines.append(f"{'- ' if markdown else '    '}loaders (times): {hits}")
        lines.append(f"{'- ' if markdown else '    '}message: {message[:240]}")
        lines.append(f"{'- ' if markdown else '    '}found from: {f.doc.origin[:200]}")
        code = fd.reproducer(table[f.outcome.loader], doc)
        if markdown:
            lines += ["", "```python", code, "```", ""]
        else:
            lines += ["    reproducer:", "      " + code.replace("\n", "\n      "), ""]
    if not markdown:
        lines += ["(reproducers run from the repository root after:)",
                  "  " + PREAMBLE.replace("\n", "\n  ")]
    return "\n".join(lines)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--examples", type=int, default=4000,
                    help="documents in all (shared between the families; default 4000)")
    ap.add_argument("--seed", type=int, default=0, help="hypothesis seed (default 0)")
    ap.add_argument("--families", default=",".join(FAMILIES),
                    help=f"comma-separated families of loaders ({', '.join(FAMILIES)})")
    ap.add_argument("--shrink-seconds", type=float, default=8.0,
                    help="time to shrink each distinct failure's document (default 8)")
    ap.add_argument("--report", type=Path, help="also write the report as Markdown here")
    args = ap.parse_args()
    warnings.simplefilter("ignore", HypothesisWarning)  # the strategies' reprs are long
    families = [f.strip() for f in args.families.split(",") if f.strip()]
    unknown = set(families) - set(FAMILIES)
    if unknown:
        ap.error(f"unknown families {sorted(unknown)}")
    share = sum(FAMILIES[f] for f in families)
    tally = Tally()
    start = time.perf_counter()
    for i, family in enumerate(families):
        n = max(1, round(args.examples * FAMILIES[family] / share))
        t = time.perf_counter()
        play(family, n, args.seed + i, tally)
        print(f"{family}: {n} examples in {time.perf_counter() - t:.1f} s", flush=True)
    elapsed = time.perf_counter() - start
    if tally.failures:
        print(f"shrinking {len(tally.failures)} distinct failures ...", flush=True)
        shrink_all(tally, args.shrink_seconds)
    unit = reference.unit_seconds()
    print(report(tally, elapsed, markdown=False, unit=unit))
    if args.report:
        args.report.write_text(report(tally, elapsed, markdown=True, unit=unit) + "\n")
    return 1 if tally.failures else 0


if __name__ == "__main__":
    sys.exit(main())

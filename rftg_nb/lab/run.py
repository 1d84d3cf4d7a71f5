"""``simulate``: settings -> chunks of seeds on an executor -> one table.

The work is cut into chunks of (settings, seed) jobs, each chunk one task for the executor, and
the rows are put back in order (settings in the order given, seeds rising) whatever order the
chunks finish in, so the same settings and seeds give the same table on any executor.

The chunks are made as they are sent, and only a few per worker are out at once
(:data:`IN_FLIGHT_PER_WORKER`), so memory does not grow with the games still to play; a run is
at most :data:`MAX_GAMES` games per settings and :data:`MAX_RUN_GAMES` in all, so the table it
returns fits in memory too. A run can be stopped between chunks (``stop``).
"""

from __future__ import annotations

import concurrent.futures as cf
import itertools
import json
import math
import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pandas as pd

from rftg_nb.engine.saves import MAX_SEED
from rftg_nb.lab.play import play_chunk
from rftg_nb.lab.results import RowStore, append_rows, iter_rows, open_for_append
from rftg_nb.lab.settings import Settings, SettingsError

MAX_CHUNK = 100  # games in one task at most: a stopped run loses little, a bar moves often
CHUNKS_PER_WORKER = 4  # so that a slow chunk at the end leaves no worker idle for long
IN_FLIGHT_PER_WORKER = 2  # chunks sent ahead per worker: none waits, few wait to be cancelled
#: games of one settings in one run at most (``games``)
MAX_GAMES = 100_000
#: games of a whole run at most (settings x ``games``, those resumed from the file included):
#: the table of a million games takes about half a gigabyte while it is made
MAX_RUN_GAMES = 1_000_000
MAX_PROCESSES = 256  # ``executor=<int>`` at most; a bigger pool can be given as an Executor
SERIAL = "serial"

Job = tuple[dict[str, Any], int]
Stop = Callable[[], bool]


def cpu_count() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def simulate(
    settings: Settings | Mapping[str, Any] | Sequence[Settings | Mapping[str, Any]] | None = None,
    /,
    *,
    games: int = 100,
    seed: int = 0,
    executor: Any = None,
    chunk_size: int | None = None,
    path: str | Path | None = None,
    progress: bool = True,
    on_progress: Callable[[int, int], Any] | None = None,
    stop: Any = None,
    **fields: Any,
) -> pd.DataFrame:
    """Play ``games`` games of each of ``settings`` and return one row per game.

    ``settings``: a :class:`Settings`, a dict of its fields, or a list of either (for
    example from :func:`rftg_nb.lab.grid`); or give the fields as keywords instead
    (``simulate(difficulty="hard", robot_start="Old Earth", games=500)``). Each settings plays
    the seeds ``seed``, ``seed + 1`` ... ``seed + games - 1``, so variants meet the same deals.
    ``games`` is at most :data:`MAX_GAMES` (100,000), and settings x ``games`` at most
    :data:`MAX_RUN_GAMES` (1,000,000): split a bigger study into runs, into one results file.

    ``executor``: None runs a process pool over every core; an int, a pool of that many
    processes; ``"serial"``, this process alone; or any ``concurrent.futures.Executor``, or a
    Dask ``distributed.Client`` (its cluster's workers play the games). Work goes out in chunks
    of ``chunk_size`` games (default: about four chunks per worker, at most 100 games each),
    made as they are sent, a few per worker at a time.

    ``path``: a results file (JSON lines). Games already in it are not played again (a run that
    stopped resumes); each chunk's rows are appended as it finishes. ``progress`` shows a
    progress bar (tqdm: a widget in Jupyter, text in a terminal) once a run has taken a second;
    ``on_progress(done, total)`` is called with the games played so far and the games this call
    plays (those not in the file), once before the first chunk and after each chunk.

    ``stop``: a ``threading.Event`` (or a function returning True) that stops the run between
    chunks: no chunk starts after it is set, the chunks being played finish and are kept, and
    the table of the games played so far (in the file too) is returned, with
    ``table.attrs["stopped"]`` True (False for a run that played every game).

    Every setting is checked before any game starts: a bad one raises :class:`SettingsError`
    naming the field. Columns: see :func:`rftg_nb.lab.describe_columns`.
    """
    _check_count("games", games, 1, MAX_GAMES)
    _check_count("seed", seed, 0, MAX_SEED - games)  # every seed of the run below 2**63
    variants = _variants(settings, fields)
    if len(variants) * games > MAX_RUN_GAMES:
        raise SettingsError("games", f"{len(variants):,} settings x {games:,} games is "
                                     f"{len(variants) * games:,} games, more than a run plays "
                                     f"({MAX_RUN_GAMES:,}); split it into runs (they may share "
                                     "a results file)")
    if chunk_size is not None:
        _check_count("chunk_size", chunk_size, 1, MAX_GAMES)
    if not isinstance(progress, bool):
        raise SettingsError("progress", f"expected True or False, got {progress!r}")
    if on_progress is not None and not callable(on_progress):
        raise SettingsError("on_progress", f"expected a function (done, total), "
                                           f"got {on_progress!r}")
    stopped = _stop_signal(stop)
    if path is not None and not isinstance(path, (str, Path)):
        raise SettingsError("path", f"expected a file path, got {path!r}")
    _check_executor(executor)

    seeds = range(seed, seed + games)
    index = {s.id: i for i, s in enumerate(variants)}
    rows = RowStore()
    if path is not None:  # read a line at a time: only this run's games are kept
        for r in iter_rows(path):
            if r["settings_id"] in index and r["seed"] in seeds:
                rows.add(r)
    to_play = len(variants) * games - len(rows)

    def jobs() -> Iterator[Job]:
        for s in variants:
            d = job_dict(s)
            yield from ((d, n) for n in seeds if (s.id, n) not in rows)

    played = 0
    if on_progress is not None:
        on_progress(0, to_play)
    if to_play:
        for chunk_rows in _run(jobs(), to_play, executor, chunk_size, path, progress, stopped):
            for r in chunk_rows:
                rows.add(r)
            played += len(chunk_rows)
            if on_progress is not None:
                on_progress(played, to_play)
    table = rows.frame(lambda key: (index[key[0]], key[1]))  # settings as given, seeds rising
    table.attrs["stopped"] = played < to_play
    return table


def job_dict(s: Settings) -> dict[str, Any]:
    """What a worker needs of settings ``s``: their dict form, fingerprint and the
    components as canonical JSON."""
    d = s.to_dict()
    d["id"] = s.id
    d["components_json"] = (None if d["components"] is None
                            else json.dumps(d["components"], sort_keys=True))
    return d


def _variants(settings: Any, fields: Mapping[str, Any]) -> list[Settings]:
    if settings is not None and fields:
        raise SettingsError(next(iter(fields)), "give the settings either as the first "
                                                "argument or as keywords, not both")
    if settings is None:
        return [Settings.from_dict(fields)]
    if isinstance(settings, (Settings, Mapping)):
        return [Settings.from_dict(settings)]
    if isinstance(settings, (str, bytes)) or not isinstance(settings, Sequence):
        raise SettingsError("settings", f"expected Settings, a dict or a list of them, "
                                        f"got {settings!r}")
    if not settings:
        raise SettingsError("settings", "the list is empty: nothing to play")
    if len(settings) > MAX_RUN_GAMES:
        raise SettingsError("settings", f"{len(settings):,} settings, more than a run plays "
                                        f"games ({MAX_RUN_GAMES:,})")
    out = [Settings.from_dict(s, f"settings[{i}].") for i, s in enumerate(settings)]
    seen: dict[str, int] = {}
    for i, s in enumerate(out):
        if s.id in seen:
            raise SettingsError(f"settings[{i}]", f"the same settings as settings[{seen[s.id]}] "
                                "(give variants different labels to play both)")
        seen[s.id] = i
    return out


def _check_count(name: str, v: Any, lo: int, hi: int) -> None:
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise SettingsError(name, f"expected a whole number from {lo:,} to {hi:,}, got {v!r}")


def _stop_signal(stop: Any) -> Stop:
    """``stop`` (None, an Event or a function) as a function: True once the run is to stop."""
    if stop is None:
        return lambda: False
    if callable(getattr(stop, "is_set", None)):
        return lambda: bool(stop.is_set())
    if callable(stop):
        return lambda: bool(stop())
    raise SettingsError("stop", f"expected a threading.Event or a function returning True "
                                f"to stop, got {stop!r}")


def _is_dask_client(x: Any) -> bool:
    return hasattr(x, "get_executor") and hasattr(x, "nthreads") and hasattr(x, "submit")


def _check_executor(executor: Any) -> None:
    if executor is None or executor == SERIAL or isinstance(executor, cf.Executor):
        return
    if _is_dask_client(executor):
        return
    if isinstance(executor, int) and not isinstance(executor, bool):
        _check_count("executor", executor, 1, MAX_PROCESSES)
        return
    raise SettingsError("executor", "expected None (a process pool over every core), a number "
                                    f"of processes, {SERIAL!r}, a concurrent.futures.Executor "
                                    f"or a Dask distributed.Client, got {executor!r}")


def _workers(executor: Any) -> int:
    if executor is None:
        return cpu_count()
    if isinstance(executor, int):
        return executor
    if _is_dask_client(executor):
        return max(1, sum(executor.nthreads().values()))
    return getattr(executor, "_max_workers", None) or cpu_count()


def chunks(jobs: Iterator[Job] | Sequence[Job], size: int) -> Iterator[list[Job]]:
    """``jobs`` cut in order into lists of ``size`` (the last one shorter), each made only
    when it is asked for."""
    it = iter(jobs)
    while chunk := list(itertools.islice(it, size)):
        yield chunk


def default_chunk_size(games: int, workers: int) -> int:
    """About :data:`CHUNKS_PER_WORKER` chunks per worker, at most :data:`MAX_CHUNK` games."""
    return max(1, min(MAX_CHUNK, math.ceil(games / (workers * CHUNKS_PER_WORKER))))


def _run(jobs: Iterator[Job], count: int, executor: Any, chunk_size: int | None,
         path: str | Path | None, progress: bool,
         stopped: Stop) -> Iterator[list[dict[str, Any]]]:
    """Each chunk's rows as it finishes (written to ``path`` first, if given)."""
    from tqdm.auto import tqdm

    serial = executor == SERIAL
    workers = 1 if serial else _workers(executor)
    work = chunks(jobs, chunk_size or default_chunk_size(count, workers))
    with ExitStack() as stack:
        out = None if path is None else stack.enter_context(open_for_append(path))
        bar = stack.enter_context(tqdm(total=count, unit="game", delay=1,
                                       disable=not progress, desc="rftg_nb.lab"))
        for rows in _results(work, executor, workers, stack, stopped):
            if out is not None:
                append_rows(out, rows)
            bar.update(len(rows))
            yield rows


def _results(work: Iterator[list[Job]], executor: Any, workers: int, stack: ExitStack,
             stopped: Stop) -> Iterator[list[dict[str, Any]]]:
    if executor == SERIAL:
        while not stopped() and (chunk := next(work, None)) is not None:
            yield play_chunk(chunk)
        return
    if executor is None or isinstance(executor, int):
        pool = cf.ProcessPoolExecutor(executor or cpu_count())
        stack.callback(pool.shutdown, wait=True, cancel_futures=True)
        executor = pool
    elif _is_dask_client(executor):
        executor = executor.get_executor(pure=False)
    most = workers * IN_FLIGHT_PER_WORKER
    out: set[cf.Future[list[dict[str, Any]]]] = set()
    try:
        while True:
            if stopped():  # what has not started need not; what has finishes and is kept
                for f in out:
                    f.cancel()
            else:
                for chunk in itertools.islice(work, max(0, most - len(out))):
                    out.add(executor.submit(play_chunk, chunk))
            if not out:
                return
            done, out = cf.wait(out, return_when=cf.FIRST_COMPLETED)
            for f in done:
                if not f.cancelled():
                    yield f.result()
    finally:  # an error or an interrupt: what has not started yet need not run
        for f in out:
            f.cancel()

"""``simulate``: settings -> chunks of seeds on an executor -> one table.

The work is cut into chunks of (settings, seed) jobs, each chunk one task for the executor, and
the rows are put back in order (settings in the order given, seeds rising) whatever order the
chunks finish in, so the same settings and seeds give the same table on any executor.
"""

from __future__ import annotations

import concurrent.futures as cf
import json
import math
import os
from collections.abc import Iterator, Mapping, Sequence
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pandas as pd

from rftg_nb.lab.play import play_chunk
from rftg_nb.lab.results import append_rows, frame, open_for_append, read_rows
from rftg_nb.lab.settings import Settings, SettingsError

MAX_CHUNK = 100  # games in one task at most: a stopped run loses little, a bar moves often
CHUNKS_PER_WORKER = 4  # so that a slow chunk at the end leaves no worker idle for long
SERIAL = "serial"

Job = tuple[dict[str, Any], int]


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
    **fields: Any,
) -> pd.DataFrame:
    """Play ``games`` games of each of ``settings`` and return one row per game.

    ``settings``: a :class:`Settings`, a dict of its fields, or a list of either (for
    example from :func:`rftg_nb.lab.grid`); or give the fields as keywords instead
    (``simulate(difficulty="hard", robot_start="Old Earth", games=500)``). Each settings plays
    the seeds ``seed``, ``seed + 1`` ... ``seed + games - 1``, so variants meet the same deals.

    ``executor``: None runs a process pool over every core; an int, a pool of that many
    processes; ``"serial"``, this process alone; or any ``concurrent.futures.Executor``, or a
    Dask ``distributed.Client`` (its cluster's workers play the games). Work goes out in chunks
    of ``chunk_size`` games (default: about four chunks per worker, at most 100 games each).

    ``path``: a results file (JSON lines). Games already in it are not played again (a run that
    stopped resumes); each chunk's rows are appended as it finishes. ``progress`` shows a
    progress bar (tqdm: a widget in Jupyter, text in a terminal) once a run has taken a second.

    Every setting is checked before any game starts: a bad one raises :class:`SettingsError`
    naming the field. Columns: see :func:`rftg_nb.lab.describe_columns`.
    """
    variants = _variants(settings, fields)
    _check_count("games", games, 1)
    _check_count("seed", seed, 0)
    if chunk_size is not None:
        _check_count("chunk_size", chunk_size, 1)
    if not isinstance(progress, bool):
        raise SettingsError("progress", f"expected True or False, got {progress!r}")
    if path is not None and not isinstance(path, (str, Path)):
        raise SettingsError("path", f"expected a file path, got {path!r}")
    _check_executor(executor)

    seeds = range(seed, seed + games)
    wanted = {(s.id, n) for s in variants for n in seeds}
    done = {}
    if path is not None:
        done = {(r["settings_id"], r["seed"]): r for r in read_rows(path)
                if (r["settings_id"], r["seed"]) in wanted}
    jobs: list[Job] = [(job_dict(s), n) for s in variants for n in seeds
                       if (s.id, n) not in done]
    rows = dict(done)
    if jobs:
        for chunk_rows in _run(jobs, executor, chunk_size, path, progress):
            rows |= {(r["settings_id"], r["seed"]): r for r in chunk_rows}
    return frame(rows[(s.id, n)] for s in variants for n in seeds)


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
    out = [Settings.from_dict(s, f"settings[{i}].") for i, s in enumerate(settings)]
    seen: dict[str, int] = {}
    for i, s in enumerate(out):
        if s.id in seen:
            raise SettingsError(f"settings[{i}]", f"the same settings as settings[{seen[s.id]}] "
                                "(give variants different labels to play both)")
        seen[s.id] = i
    return out


def _check_count(name: str, v: Any, lo: int) -> None:
    if not isinstance(v, int) or isinstance(v, bool) or v < lo:
        raise SettingsError(name, f"expected a whole number from {lo}, got {v!r}")


def _is_dask_client(x: Any) -> bool:
    return hasattr(x, "get_executor") and hasattr(x, "nthreads") and hasattr(x, "submit")


def _check_executor(executor: Any) -> None:
    if executor is None or executor == SERIAL or isinstance(executor, cf.Executor):
        return
    if _is_dask_client(executor):
        return
    if isinstance(executor, int) and not isinstance(executor, bool):
        _check_count("executor", executor, 1)
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


def chunks(jobs: Sequence[Job], size: int) -> list[list[Job]]:
    """``jobs`` cut in order into lists of ``size`` (the last one shorter)."""
    return [list(jobs[i:i + size]) for i in range(0, len(jobs), size)]


def default_chunk_size(games: int, workers: int) -> int:
    """About :data:`CHUNKS_PER_WORKER` chunks per worker, at most :data:`MAX_CHUNK` games."""
    return max(1, min(MAX_CHUNK, math.ceil(games / (workers * CHUNKS_PER_WORKER))))


def _run(jobs: list[Job], executor: Any, chunk_size: int | None, path: str | Path | None,
         progress: bool) -> Iterator[list[dict[str, Any]]]:
    """Each chunk's rows as it finishes (written to ``path`` first, if given)."""
    from tqdm.auto import tqdm

    serial = executor == SERIAL
    size = chunk_size or default_chunk_size(len(jobs), 1 if serial else _workers(executor))
    work = chunks(jobs, size)
    with ExitStack() as stack:
        out = None if path is None else stack.enter_context(open_for_append(path))
        bar = stack.enter_context(tqdm(total=len(jobs), unit="game", delay=1,
                                       disable=not progress, desc="rftg_nb.lab"))
        for rows in _results(work, executor, stack):
            if out is not None:
                append_rows(out, rows)
            bar.update(len(rows))
            yield rows


def _results(work: list[list[Job]], executor: Any,
             stack: ExitStack) -> Iterator[list[dict[str, Any]]]:
    if executor == SERIAL:
        for chunk in work:
            yield play_chunk(chunk)
        return
    if executor is None or isinstance(executor, int):
        pool = cf.ProcessPoolExecutor(executor or cpu_count())
        stack.callback(pool.shutdown, wait=True, cancel_futures=True)
        executor = pool
    elif _is_dask_client(executor):
        executor = executor.get_executor(pure=False)
    futures = [executor.submit(play_chunk, chunk) for chunk in work]
    try:
        for f in cf.as_completed(futures):
            yield f.result()
    finally:  # an error or an interrupt: what has not started yet need not run
        for f in futures:
            f.cancel()

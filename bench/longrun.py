"""What the long benchmarks share: jobs spread over processes, each result handed back as soon
as it is done, and logged at once.

`make bench-ai` and `make bench-hints` play for hours and log every result the moment it is in,
so that a run stopped at any point resumes from its log; and `bench-ai` stops a pairing as soon
as its test decides, so no more jobs may be started than there are workers.
"""

from __future__ import annotations

import csv
from collections.abc import Callable, Generator, Iterable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from pathlib import Path
from typing import TypeVar

A = TypeVar("A")
T = TypeVar("T")


def as_finished(
    work: Callable[[A], T], jobs: Iterable[tuple[int, A]], workers: int
) -> Generator[tuple[int, T], None, None]:
    """`(number, work(argument))` for each job `(number, argument)` as it finishes: in this
    process with one worker, else in `workers` processes with at most `workers` jobs started at
    a time. Closing the iterator (a consumer that has seen enough) cancels the jobs not started
    and waits for the running ones."""
    if workers <= 1:
        for number, argument in jobs:
            yield number, work(argument)
        return
    queue = iter(jobs)
    pool = ProcessPoolExecutor(workers)
    running: dict[Future[T], int] = {}
    try:
        while True:
            while len(running) < workers and (job := next(queue, None)) is not None:
                running[pool.submit(work, job[1])] = job[0]
            if not running:
                return
            ready, _ = wait(running, return_when=FIRST_COMPLETED)
            for future in ready:
                yield running.pop(future), future.result()
    finally:
        pool.shutdown(cancel_futures=True)


def append(log: Path, header: str, rows: Iterable[Sequence[object]]) -> None:
    """Appends `rows` to the CSV file `log` at once (a run stopped later loses nothing), the
    comma-separated `header` first if the file is new."""
    new = not log.exists()
    log.parent.mkdir(parents=True, exist_ok=True)
    with log.open("a", newline="") as out:
        writer = csv.writer(out)
        if new:
            writer.writerow(header.split(","))
        writer.writerows(rows)

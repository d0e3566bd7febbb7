"""The long benchmarks' shared parts: jobs over processes, and the log appended to at once."""

from __future__ import annotations

import csv
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

from bench.longrun import append, as_finished


def test_every_job_comes_back_once_with_its_number_inline_and_in_processes() -> None:
    jobs = [(n, -n) for n in range(7)]
    for workers in (1, 3):
        assert sorted(as_finished(abs, jobs, workers)) == [(n, n) for n in range(7)]


def test_a_consumer_that_stops_early_starts_no_more_jobs_than_there_are_workers() -> None:
    started: list[int] = []

    def jobs() -> Iterator[tuple[int, int]]:
        for n in range(100):
            started.append(n)
            yield n, n

    with closing(as_finished(abs, jobs(), 2)) as finished:
        for _ in finished:
            break
    assert len(started) <= 3  # two running, and at most one more taken when the first was done


def test_the_log_gets_its_header_once_and_every_row_appended(tmp_path: Path) -> None:
    log = tmp_path / "deep" / "log.csv"
    append(log, "a,b", [[1, 2]])
    append(log, "a,b", [[3, "x"], [5, 6]])
    with log.open(newline="") as lines:
        assert list(csv.reader(lines)) == [["a", "b"], ["1", "2"], ["3", "x"], ["5", "6"]]

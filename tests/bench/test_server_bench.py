"""The server load generator at a tiny size: the CSV the issue names, with sane numbers (the real
run is `make bench-server`; no timing is asserted here), and the goals it checks."""

from __future__ import annotations

import csv
import math
import subprocess
from pathlib import Path

import pytest

from bench import goals, peer, server

ISSUE_HEADER = (
    "game,players,tables,moves_per_s,p50_ms,p99_ms,cpu_us_per_move,kb_per_table,"
    "floor_moves_per_s,floor_p99_ms,floor_cpu_us_per_move,cpu_ratio"
)


@pytest.mark.timeout(300)  # eight servers started and stopped: minutes on a loaded 2-core machine
def test_the_server_benchmark_writes_a_sane_row_per_case(tmp_path: Path) -> None:
    out = tmp_path / "server.csv"
    tiny = ["--game", "doors", "--tables", "2", "--spectators", "3", "--seconds", "1"]
    tiny += ["--browser-tables", "2"]
    server.main([*tiny, "--workers", "1", "--out", str(out)])
    lines = out.read_text().splitlines()
    assert lines[0] == ISSUE_HEADER
    rows = list(csv.DictReader(lines))
    assert [(r["game"], r["players"], r["tables"]) for r in rows] == [
        ("doors", "2", "2"),
        ("boardgame.io-cards", "4", "2"),  # the peer: bench/bgio under Node, driven the same way
        ("doors+3-spectators", "2", "1"),
        ("doors+browser-seats", "2", "2"),  # every seat over gRPC-Web: Watch + Act
    ]
    for r in rows:
        assert float(r["moves_per_s"]) > 0 and float(r["floor_moves_per_s"]) > 0
        assert 0 < float(r["p50_ms"]) <= float(r["p99_ms"])
        assert float(r["floor_p99_ms"]) > 0
        cpu, floor = float(r["cpu_us_per_move"]), float(r["floor_cpu_us_per_move"])
        assert math.isfinite(cpu) and math.isfinite(floor) and floor > 0
        assert abs(float(r["cpu_ratio"]) - cpu / floor) <= 0.02 * cpu / floor + 0.01  # rounding


def run(kind: str, game: str, cpu: float, p99: float = 10.0, tables: int = 64) -> goals.Run:
    return goals.Run(kind, game, tables, cpu, p99, floor_cpu_us_per_move=300, floor_p99_ms=10)


def test_each_case_is_held_to_its_goals_against_the_cases_of_the_same_run() -> None:
    runs = [
        run("play", "tiger-dragon", cpu=590, p99=16),
        run("play", "doors", cpu=610, p99=14),
        run("peer", "boardgame.io-cards", cpu=600),
        run("spectators", "tiger-dragon", cpu=301, tables=1),
        run("browser", "doors", cpu=900),
        run("browser", "koikoi", cpu=900),  # no koikoi Play case to compare with
    ]
    found = [[(g.name, round(g.value, 3), g.met) for g in these] for these in goals.goals(runs)]
    assert found == [
        [("cpu/floor", 1.967, True), ("p99/floor", 1.6, False), ("cpu/boardgame.io", 0.983, True)],
        [("cpu/floor", 2.033, False), ("p99/floor", 1.4, True)],  # only Tiger & Dragon vs the peer
        [],
        [("cpu per delivery/floor", 1.003, False)],
        [("cpu/Play seat", 1.475, True)],
        [],
    ]
    assert str(goals.goals(runs)[0][0]) == "cpu/floor 1.97 (<= 2) yes"


@pytest.mark.timeout(300)
def test_the_floor_can_be_paced_and_the_matches_given_options(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--floor-burn-us` makes the floor spend that CPU on each move (so its CPU per move is at
    least that), `--floor-turnover` turns its tables over every as many moves as a random match
    of the case lasts (longer with more deals), `--option` reaches every tigerden match, and a
    bad option stops the run before any server starts, naming it."""
    out = tmp_path / "server.csv"
    tiny = ["--game", "koikoi", "--tables", "1", "--spectators", "0", "--seconds", "1"]
    tiny += ["--browser-tables", "0", "--bgio-tables", "0", "--workers", "1"]
    paced = ["--floor-burn-us", "400", "--floor-turnover"]
    server.main([*tiny, "--option", "deals=3", *paced, "--out", str(out)])
    (row,) = csv.DictReader(out.read_text().splitlines())
    assert float(row["floor_cpu_us_per_move"]) >= 400
    said = capsys.readouterr().err
    assert "CPU per move less its burn" in said
    three_deals = server.match_moves(
        server.Case("tigerden", "koikoi", 2, 1, 0, 1.0, options=(("deals", "3"),))
    )
    assert f"the floor's tables turn over every {three_deals} moves" in said
    one_deal = server.match_moves(server.Case("tigerden", "koikoi", 2, 1, 0, 1.0))
    assert 1 < one_deal < three_deals
    parsed = server.cases(server.parser().parse_args([*tiny, "--option", "deals=3"]))
    assert {case.options for case in parsed} == {(("deals", "3"),)}
    with pytest.raises(SystemExit):
        server.main([*tiny, "--option", "deals=5", "--out", str(out)])
    assert "option deals='5' is not one of" in capsys.readouterr().err


def test_the_boardgame_io_driver_writes_a_result_line_of_any_length_whole() -> None:
    """drive.js ends by writing one JSON line to a pipe and exiting: at 64 busy tables the line
    is over 64 KB, and exiting before the pipe took it all cut it at 65,536 bytes (bench/peer.py
    then failed to parse it). `finish` exits once the line is out."""
    script = "require('./finish').finish('x'.repeat(300000))"
    done = subprocess.run(
        [peer.node(), "-e", script], cwd=peer.FOLDER, capture_output=True, check=True
    )
    assert done.stdout == b"x" * 300000 + b"\n"

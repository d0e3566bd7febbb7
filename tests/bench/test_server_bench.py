"""The server load generator at a tiny size: the CSV the issue names, with sane numbers (the real
run is `make bench-server`; no timing is asserted here)."""

from __future__ import annotations

import csv
import math
from pathlib import Path

from bench import server

ISSUE_HEADER = (
    "game,players,tables,moves_per_s,p50_ms,p99_ms,cpu_us_per_move,kb_per_table,"
    "floor_moves_per_s,floor_p99_ms,floor_cpu_us_per_move,cpu_ratio"
)


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

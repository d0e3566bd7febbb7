"""The benchmarks themselves: what they count and what they write (tiny budgets; the real runs
are `make bench`, never a timed test)."""

from __future__ import annotations

import csv
import itertools
from pathlib import Path

import pytest

from bench import ai, belief, builds, engine, positions
from bench.ai import (
    CONFIGS,
    GOALS,
    UNIT,
    Config,
    Match,
    Outcome,
    decision_seed,
    play,
    row,
    sides,
    unit_scores,
)
from bench.contests import endings
from bench.departures import departure
from bench.doors_bounds import GUESSERS, credit, naming
from bench.koikoi_deals import duplicates, replay
from bench.koikoi_deals import positions as deal_positions
from bench.sprt import Sprt
from bench.versions import ROOT
from bots import decide
from engine.doors.model import ContestEnded, ScoreReason
from engine.doors.state import DoorsState

ISSUE_HEADER = (
    "game,players,level_a,level_b,matches,win_rate_a,ci_low,ci_high,"
    "avg_points_a,avg_points_b,sec_per_decision_a"
)


def test_a_drawn_match_counts_half_a_win_and_units_score_their_matches_together() -> None:
    won, drawn, lost = (Outcome(c, 1.0, 1.0, 0.5, 1, 0.25, 2) for c in (1.0, 0.5, 0.0))
    doors = CONFIGS[0]
    test = Sprt(0.65)
    cells = row(doors, ("hard", "easy"), [won, drawn, lost, won], "abc1234", test)
    fields = dict(zip(ai.HEADER.split(","), cells, strict=True))
    assert cells[:5] == ["doors", "2", "hard", "easy", "4"]
    assert fields["win_rate_a"] == "0.625"  # units (1 + 1/2) / 2 and (0 + 1) / 2
    assert fields["sec_per_decision_a"] == "0.5000" and fields["sec_per_decision_b"] == "0.1250"
    assert fields["units"] == "2" and fields["goal"] == "0.65" and fields["verdict"] == "running"
    assert fields["decisions_per_match"] == "3.0"
    assert cells[11:15] == ["", str(doors.budgets["hard"]), "0", "abc1234"]


def test_units_are_read_in_order_up_to_the_first_incomplete_one() -> None:
    match = Outcome(1.0, 1.0, 0.0, 0.0, 1)
    lost = Outcome(0.0, 0.0, 1.0, 0.0, 1)
    assert unit_scores({0: match, 1: lost, 2: match, 3: match, 5: lost}) == [0.5, 1.0]
    assert unit_scores({1: lost, 2: match, 3: match}) == []


def test_both_matches_of_a_unit_deal_the_same_cards_with_the_seats_swapped() -> None:
    first, second, next_unit = (CONFIGS[1].match(("easy", "random"), n) for n in (0, 1, 2))
    assert first.seed == second.seed != next_unit.seed
    for players in (2, 3, 4, 5):
        assert [1 - side for side in sides(players, 0)] == sides(players, 1)


def test_seats_rotate_so_that_no_level_always_moves_first() -> None:
    assert sides(2, 0) == [0, 1] and sides(2, 1) == [1, 0]
    assert sides(4, 0) == [0, 1, 0, 1] and sides(4, 1) == [1, 0, 1, 0]  # teams 0+2, 1+3


def test_a_match_is_a_pure_function_of_its_number() -> None:
    match = Match("doors", 2, {}, ("easy", "random"), {}, 3)
    first, again = play(match), play(match)
    assert (first.credit_a, first.points_a, first.points_b, first.decisions_a) == (
        again.credit_a,
        again.points_a,
        again.points_b,
        again.decisions_a,
    )
    assert first.credit_a in (0.0, 0.5, 1.0) and first.decisions_a > 0


def test_the_table_writes_the_csv_the_issue_names(tmp_path: Path) -> None:
    out, log = tmp_path / "ai.csv", tmp_path / "matches.csv"
    tiny = ["--game", "doors", "--max-units", "1", "--normal", "3", "--hard", "3"]
    ai.main([*tiny, "--out", str(out), "--log", str(log)])
    lines = out.read_text().splitlines()
    assert lines[0].startswith(ISSUE_HEADER)
    rows = list(csv.DictReader(lines))
    assert [(r["level_a"], r["level_b"]) for r in rows] == list(ai.PAIRS) == list(GOALS)
    for r in rows:
        assert r["matches"] == "2" and r["units"] == "1" and r["verdict"] == "undecided"
        assert 0.0 <= float(r["ci_low"]) <= float(r["win_rate_a"]) <= float(r["ci_high"]) <= 1.0
    assert len(log.read_text().splitlines()) == 1 + 2 * len(ai.PAIRS)  # header + every match


def test_a_pairing_stops_when_the_test_decides_whatever_the_workers(tmp_path: Path) -> None:
    """Easy against random in Koi-Koi is a rout: the test stops after a dozen units (at most
    the default cap), with the same row from one worker as from two (units are read in
    order)."""
    cells = []
    for workers in ("1", "2"):
        out, log = tmp_path / f"ai{workers}.csv", tmp_path / f"m{workers}.csv"
        table = ["--config", "koikoi-2", "--pair", "easy-random", "--min-units", "4"]
        ai.main([*table, "--workers", workers, "--out", str(out), "--log", str(log)])
        (found,) = csv.DictReader(out.read_text().splitlines())
        assert found["verdict"] == "met" and 4 <= int(found["units"]) < 40
        assert int(found["matches"]) == 2 * int(found["units"])
        cells.append({k: v for k, v in found.items() if not k.startswith("sec_per")})
    assert cells[0] == cells[1]


def test_a_run_resumes_from_the_matches_it_logged_and_keeps_other_rows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(ai, "bots_version", lambda game: "v1")
    out, log = tmp_path / "ai.csv", tmp_path / "matches.csv"
    files = ["--pair", "easy-random", "--out", str(out), "--log", str(log)]
    ai.main(["--game", "koikoi", "--max-units", "1", *files])
    ai.main(["--game", "doors", "--max-units", "1", *files])
    first = out.read_text().splitlines()
    assert [r["game"] for r in csv.DictReader(first)] == ["koikoi", "doors"]
    capsys.readouterr()
    # Two units asked: the logged one is taken, only one more is played.
    ai.main(["--game", "koikoi", "--max-units", "2", *files])
    assert "2 matches from matches.csv" in capsys.readouterr().out
    rows = list(csv.DictReader(out.read_text().splitlines()))
    assert [(r["game"], r["matches"]) for r in rows] == [("koikoi", "4"), ("doors", "2")]
    assert rows[1] == next(csv.DictReader(first[:1] + first[2:]))  # untouched
    numbers = [entry.split(",")[6] for entry in log.read_text().splitlines()[1:]]
    assert sorted(numbers) == ["0", "0", "1", "1", "2", "3"]
    # Another version of the bots does not take the logged matches.
    monkeypatch.setattr(ai, "bots_version", lambda game: "v2")
    ai.main(["--game", "doors", "--max-units", "1", *files])
    assert "from matches.csv" not in capsys.readouterr().out
    # A version that plays as an earlier one (through a chain) takes the matches logged
    # under it: only the second unit is played.
    monkeypatch.setattr(ai, "PLAYS_AS", {("doors", "v3"): "v2", ("doors", "v2"): "v1"})
    monkeypatch.setattr(ai, "bots_version", lambda game: "v3")
    ai.main(["--game", "doors", "--max-units", "2", *files])
    assert "2 matches from matches.csv" in capsys.readouterr().out
    played = [e.split(",")[6] for e in log.read_text().splitlines() if ",v3," in e]
    assert sorted(played) == ["2", "3"]


def test_the_plan_estimates_the_table_from_the_log(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out, log = tmp_path / "ai.csv", tmp_path / "matches.csv"
    files = ["--out", str(out), "--log", str(log)]
    ai.main(["--config", "doors-2", "--pair", "easy-random", "--max-units", "3", *files])
    capsys.readouterr()
    ai.main(["--plan", *files])
    printed = capsys.readouterr().out
    assert "doors-2" in printed and "koikoi-2 " in printed and "no matches logged" in printed
    assert "core-hours in all" in printed


def test_the_engine_benchmark_writes_one_rate_per_configuration(tmp_path: Path) -> None:
    out = tmp_path / "engine.csv"
    engine.main(["--seconds", "0.02", "--out", str(out)])
    rows = list(csv.reader(out.read_text().splitlines()))
    assert rows[0] == ["game", "players", "playouts_per_s"]
    assert [(game, int(players)) for game, players, _ in rows[1:]] == [
        (game, players) for game, players, _, _ in engine.CONFIGS
    ]
    assert all(int(rate) > 0 for _, _, rate in rows[1:])


def test_the_contest_breakdown_accounts_for_every_gem() -> None:
    match = Match("doors", 2, {}, ("easy", "random"), {}, 5)
    credit, seen = endings(match)
    outcome = play(match)
    assert credit == outcome.credit_a
    assert sum(gems for _, _, scorer, gems in seen if scorer == "A") == outcome.points_a
    assert sum(gems for _, _, scorer, gems in seen if scorer == "B") == outcome.points_b
    roles = [role for role, *_ in seen]
    assert all(a != b for a, b in itertools.pairwise(roles))  # roles alternate every contest


def test_the_oracle_guesser_names_the_collectors_door_and_wins_what_it_guesses() -> None:
    state = DoorsState(3)
    while state.to_act() == state.collector:
        state.apply(state.legal_moves()[0])
    guess = naming(state)
    assert guess is not None
    ended = [e for e in state.apply(guess) if isinstance(e, ContestEnded)]
    assert [e.reason for e in ended] == [ScoreReason.FULL_GUESS]
    assert {
        credit(seed, seat, name) for name in GUESSERS for seed in range(3) for seat in (0, 1)
    } <= {0.0, 0.5, 1.0}


def test_koi_koi_deals_weigh_calls_and_compare_the_same_cards_in_both_matches_of_a_unit() -> None:
    koikoi = next(c for c in CONFIGS if c.game == "koikoi")
    played = [replay(koikoi.match(("easy", "random"), n)) for n in range(6)]
    calls = [call for deals in played for call in deals.calls]
    assert calls, "easy calls koi-koi in some of these deals"
    for side, stop, result in calls:
        assert side in (0, 1) and stop >= 1
        assert not 0 < result < stop  # won more than the stop, drawn, or lost the deal
    for one, two in zip(played[::2], played[1::2], strict=True):
        assert one.hands[1][1] == two.hands[1][1]  # the first deal is the same in a unit
    compared = duplicates(played)
    assert compared
    for difference, start, deal, a in compared:
        b = a - difference
        held = {played[start].hands[deal][0], played[start + 1].hands[deal][0]}
        assert held == {0, 1} and played[start].hands[deal][1] == played[start + 1].hands[deal][1]
        nets = {played[start].hands[deal][2], played[start + 1].hands[deal][2]}
        assert nets == {a, b}


def test_a_deals_positions_set_each_decision_beside_the_other_levels_move(
    capsys: pytest.CaptureFixture[str],
) -> None:
    match = Match("koikoi", 2, {"deals": "1"}, ("normal", "easy"), {"normal": 20}, 0)
    deal_positions(match, 1, seeds=1)
    lines = capsys.readouterr().out.splitlines()
    decisions = [line for line in lines if line.startswith("  normal: ")]
    assert decisions and lines[-1].startswith("deal 1")
    differing = [
        line for line in decisions if line.split("; easy: ")[0][10:] != line.split("; easy: ")[1]
    ]
    searched = [line for line in lines if "search, seed +" in line]
    assert len(searched) == 2 * len(differing)  # the decision's seed and one more


def test_the_positions_tally_counts_every_decision_apart(
    capsys: pytest.CaptureFixture[str],
) -> None:
    positions.main(["--config", "koikoi-2", "--matches", "1", "--worlds", "2", "--iterations", "8"])
    printed = capsys.readouterr().out.splitlines()
    apart = [line for line in printed if line.startswith("match 0 turn")]
    assert apart and printed[-1].startswith(f"normal against easy at koikoi-2: {len(apart)} ")


def test_a_compiled_run_refuses_a_folder_without_the_compiled_build(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    files = ["--out", str(tmp_path / "ai.csv"), "--log", str(tmp_path / "m.csv")]
    with pytest.raises(SystemExit) as stopped:
        ai.main(["--compiled", str(tmp_path), "--config", "doors-2", "--max-units", "1", *files])
    assert stopped.value.code == 1
    assert f"{tmp_path} holds no compiled bots and engine: make compiled" in capfd.readouterr().err
    assert not (tmp_path / "m.csv").exists()


def test_a_build_older_than_the_source_is_named_stale(tmp_path: Path) -> None:
    files = [Path("bots/ismcts.py"), Path("engine/core.py")]
    for name in files:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes((ROOT / name).read_bytes())
    assert builds.stale(tmp_path, files) == []
    (tmp_path / "engine" / "core.py").write_text("# older\n")
    assert builds.stale(tmp_path, [*files, Path("bots/decide.py")]) == [
        "bots/decide.py",
        "engine/core.py",
    ]


def test_the_belief_calibration_tables_the_cards_it_weighs(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Against `easy`, which plays exactly the heuristic the belief replays, a card weighed
    below 0.2 is (almost) never held, and every card weighed is counted once per table."""
    belief.main(["--level", "easy", "--matches", "2"])
    printed = capsys.readouterr().out.splitlines()
    heads = [n for n, line in enumerate(printed) if line.startswith(("weight", "regret"))]
    by_weight = [line.split() for line in printed[heads[0] + 1 : heads[1]]]
    by_regret = [line.split() for line in printed[heads[1] + 1 : -1]]
    assert by_weight[0][0] == "0.0-0.2" and float(by_weight[0][4]) < 0.01 < float(by_weight[0][2])
    cards = sum(int(row[-4]) for row in by_weight)
    assert cards > 100 and cards == sum(int(row[1]) for row in by_regret)
    assert printed[-1].startswith("months it says are lacking")


def test_a_units_departure_is_the_first_position_its_two_matches_choose_apart() -> None:
    """`bench.departures` replays a unit's two matches side by side: at the departure A's and
    B's moves differ, and at the match's own seed A's search makes the move it made there."""
    config = Config("doors", 2, {}, {"hard": 40})
    pair = ("hard", "easy")
    found = [d for unit in range(4) if (d := departure(config, pair, unit, 0.5, 2)) is not None]
    assert found
    for gone in found:
        assert gone.a_move != gone.b_move
        assert gone.firsts[0] and len(gone.a_chances) == 2
        first = config.match(pair, UNIT * gone.unit)
        state = first.table()
        for turn in range(gone.turn):  # both matches agree up to it: replay one
            seat = state.to_act()
            assert seat is not None
            level = first.levels[sides(2, first.number)[seat]]
            state.apply(decide(state, seat, level, decision_seed(first, turn), first.budget(level)))
        assert {gone.a_move, gone.b_move} <= set(state.legal_moves())

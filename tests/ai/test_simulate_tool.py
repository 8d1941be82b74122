"""rout simulate as a balance tool: --jobs, --swap, --explain, confidence intervals."""

import json
from pathlib import Path

import pytest

from game.cli.main import main
from game.play.tally import wilson

ARENA = Path(__file__).resolve().parents[2] / "maps" / "test_arena.tmx"


def run(capsys, *argv):
    assert main(["simulate", str(ARENA), *argv]) == 0
    return capsys.readouterr()


@pytest.mark.slow
def test_jobs_give_the_same_results_and_swap_alternates_levels(capsys):
    base = ["--games", "4", "--seed", "3", "--ai", "blue=normal", "--ai", "red=baseline", "--swap", "--json"]
    one = json.loads(run(capsys, *base, "--jobs", "1").out)
    two = json.loads(run(capsys, *base, "--jobs", "2").out)
    assert one == two
    assert {"games", "wins", "draws", "rounds_mean", "win_ci", "per_level"} <= set(one)
    assert [r["levels"]["blue"] for r in one["results"]] == ["normal", "baseline", "normal", "baseline"]
    assert one["per_level"]["normal"]["games"] == 4
    lo, hi = one["per_level"]["normal"]["win_ci"]
    assert 0 <= lo <= one["per_level"]["normal"]["win_rate"] <= hi <= 1


def test_explain_goes_to_its_own_file_and_leaves_the_log_alone(capsys, tmp_path):
    a, b, ex = tmp_path / "a.jsonl", tmp_path / "b.jsonl", tmp_path / "why.jsonl"
    run(capsys, "--seed", "2", "--ai", "blue=hard", "--log", str(a))
    run(capsys, "--seed", "2", "--ai", "blue=hard", "--log", str(b), "--explain", str(ex))
    assert a.read_bytes() == b.read_bytes()
    lines = [json.loads(x) for x in ex.read_text().splitlines()]
    assert lines and all(x["type"] == "ai_explain" for x in lines)
    assert any(x["level"] == "hard" and x["candidates"] for x in lines)


def test_wilson_interval():
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
    lo, hi = wilson(50, 100)
    assert abs(lo - 0.4038) < 1e-3 and abs(hi - 0.5962) < 1e-3

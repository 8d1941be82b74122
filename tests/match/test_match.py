"""`rout match` (issue 36): games really in pairs (one field, one seed, one army per side) with the
sides really swapped, scored for the level named first; one short match through the command."""

from __future__ import annotations

import json
import shutil

import pytest

from game.generate.spec import FieldSpec
from game.match.fields import field_for, sides_of
from game.match.games import pair_games, played
from tests.command_line import ROOT, one_line_error, rout_here


def test_a_pair_is_one_field_and_seed_with_the_levels_swapped_between_the_sides():
    for pair in range(40):
        first, second = pair_games(pair, 7, "all", "hard", "normal")
        assert (first.field, first.seed) == (second.field, second.seed) == (field_for(7 + pair, "all"), 7 + pair)
        sides = sides_of(first.field)
        one, two = dict(first.levels), dict(second.levels)
        assert (one[sides[0]], one[sides[1]]) == ("hard", "normal")
        assert (two[sides[0]], two[sides[1]]) == ("normal", "hard")
        assert first.a_sides == (sides[0],) and second.a_sides == (sides[1],)
        for third in sides[2:]:  # a third side plays baseline in both games
            assert one[third] == two[third] == "baseline"


def test_the_pool_holds_fields_of_every_size_terrain_side_count_and_budget_and_the_shipped_maps():
    fields = [field_for(s, "all") for s in range(400)]
    generated = [f for f in fields if isinstance(f, FieldSpec)]
    assert {(f.width, f.height) for f in generated} == {(16, 12), (24, 16), (32, 20), (40, 28), (48, 36), (64, 64)}
    assert {f.terrain for f in generated} == {"open", "mixed", "broken"}
    assert {f.sides for f in generated} == {2, 3} and {f.points for f in generated} == {0, 100, 150, 200, 300}
    shipped = {f for f in fields if isinstance(f, str)}
    assert shipped == {"skirmish.tmx", "battle.tmx", "duel.tmx", "meeting.tmx", "melee3.tmx", "starter.tmx"}
    assert all(isinstance(field_for(s, "generated"), FieldSpec) for s in range(50))
    assert all(isinstance(field_for(s, "shipped"), str) for s in range(50))


def test_each_games_points_go_to_the_level_whose_side_won():
    # Seeds 42-44 play small shipped maps (seed 41's is battle.tmx: a second a game).
    games = [g for pair in range(3) for g in pair_games(pair, 42, "shipped", "normal", "random")]
    winners = []
    for p in played(iter(games)):
        level_won = dict(p.game.levels).get(p.winner or "")  # None: nobody won
        assert p.a_points == {"normal": 1.0, "random": 0.0}.get(level_won or "", 0.5)
        winners.append(p.winner)
    assert any(w is not None for w in winners)


def test_a_short_match_through_the_command_reports_its_pairs():
    done = rout_here("match", "normal", "random", "--pairs", "2", "--seed", "42", "--fields", "shipped", "--json")
    assert done.returncode == 0, done.stderr
    r = json.loads(done.stdout)
    assert (r["a"], r["b"], r["pairs"], sum(r["pentanomial"])) == ("normal", "random", 2, 2)
    games = [g for pair in range(2) for g in pair_games(pair, 42, "shipped", "normal", "random")]
    points = sum(p.a_points for p in played(iter(games)))
    assert r["points"] == points and r["score"] == points / 4
    words = rout_here("match", "normal", "random", "--pairs", "2", "--seed", "42", "--fields", "shipped")
    assert words.stdout.startswith("normal against random: 2 pairs (4 games) on shipped fields from seed 42")


def test_bad_arguments_are_one_line():
    one_line_error(rout_here("match", "great", "normal"), "level 'great' is unknown")
    one_line_error(rout_here("match", "hard:think=1", "normal"), "level hard takes no parameters")
    one_line_error(rout_here("match", "hard", "normal", "--pairs", "0"), "--pairs must be from 1")
    one_line_error(rout_here("match", "hard", "normal", "--sprt", "5", "0"), "--sprt ELO0 ELO1 needs ELO0 below ELO1")


@pytest.mark.slow
def test_a_match_against_another_checkout_plays_its_ai_in_a_process_of_its_own(tmp_path):
    """--against: level B decided by the code of another checkout (here this one's own tree, so
    the pair plays as without --against)."""
    # One pair is the proof: its two games decided by the other process score as this one's.
    mine = json.loads(rout_here("match", "normal", "random", "--pairs", "1", "--fields", "shipped", "--json").stdout)
    done = rout_here(
        "match", "normal", "random", "--pairs", "1", "--fields", "shipped", "--against", str(ROOT), "--json"
    )
    assert done.returncode == 0, done.stderr
    theirs = json.loads(done.stdout)
    assert theirs["b"] == f"random of {ROOT}"
    assert (theirs["pentanomial"], theirs["points"]) == (mine["pentanomial"], mine["points"])


@pytest.mark.slow
def test_a_checkout_whose_engine_sees_another_battle_stops_the_match_in_one_line(tmp_path):
    other = tmp_path / "other"
    shutil.copytree(ROOT / "game", other / "game", ignore=shutil.ignore_patterns("__pycache__"))
    # Its AI answers as ours, but its engine rolls one die more at the battle's start.
    battle = other / "game" / "core" / "battle.py"
    battle.write_text(
        battle.read_text().replace(
            "        self._start_round()\n", "        self.ctx.rng.die(6)\n        self._start_round()\n", 1
        )
    )
    done = rout_here("match", "normal", "baseline", "--pairs", "1", "--fields", "shipped", "--against", str(other))
    assert done.returncode == 1
    assert "sees another battle" in done.stderr and "a match needs the same rules" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_against_a_folder_that_is_no_checkout_is_one_line(tmp_path):
    one_line_error(rout_here("match", "hard", "normal", "--against", str(tmp_path)), "not a checkout of Rout")

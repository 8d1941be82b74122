"""`rout match` (issue 36): games really in pairs (one field, one seed, one army per side) with the
sides really swapped, scored for the level named first; one short match through the command."""

from __future__ import annotations

import json

from game.generate.spec import FieldSpec
from game.match.fields import field_for, sides_of
from game.match.games import pair_games, played
from tests.command_line import one_line_error, rout_here


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
    games = [g for pair in range(3) for g in pair_games(pair, 40, "shipped", "normal", "random")]
    winners = []
    for p in played(iter(games)):
        level_won = dict(p.game.levels).get(p.winner or "")  # None: nobody won
        assert p.a_points == {"normal": 1.0, "random": 0.0}.get(level_won or "", 0.5)
        winners.append(p.winner)
    assert any(w is not None for w in winners)


def test_a_short_match_through_the_command_reports_its_pairs():
    done = rout_here("match", "normal", "random", "--pairs", "3", "--seed", "40", "--fields", "shipped", "--json")
    assert done.returncode == 0, done.stderr
    r = json.loads(done.stdout)
    assert (r["a"], r["b"], r["pairs"], sum(r["pentanomial"])) == ("normal", "random", 3, 3)
    games = [g for pair in range(3) for g in pair_games(pair, 40, "shipped", "normal", "random")]
    points = sum(p.a_points for p in played(iter(games)))
    assert r["points"] == points and r["score"] == points / 6
    words = rout_here("match", "normal", "random", "--pairs", "3", "--seed", "40", "--fields", "shipped")
    assert words.stdout.startswith("normal against random: 3 pairs (6 games) on shipped fields from seed 40")


def test_bad_arguments_are_one_line():
    one_line_error(rout_here("match", "great", "normal"), "level 'great' is unknown")
    one_line_error(rout_here("match", "hard:think=1", "normal"), "level hard takes no parameters")
    one_line_error(rout_here("match", "hard", "normal", "--pairs", "0"), "--pairs must be from 1")
    one_line_error(rout_here("match", "hard", "normal", "--sprt", "5", "0"), "--sprt ELO0 ELO1 needs ELO0 below ELO1")

"""The status step and the end of the battle (seed 000 'Status'; docs/rules.md#victory)."""

from tests.helpers import as_json, battle, cmd, events_of, unit


def test_burning_does_continuing_damage_at_the_end_of_the_round():
    """'continuing damage (poison, burning, acid, etc.) actually inflict their damage in this part'
    Decision (docs/rules.md#hazards): fire 1d6 at once, then burning 1d6 for 2 rounds, the first in
    the status step of the round after the creature entered the fire."""
    b = battle(
        [unit("a", "blue", "fighter3", (0, 0), "E"), unit("b", "red", "orc", (9, 9), hero=True)],
        dice={"initiative a": [10, 10], "initiative b": [1, 1], "hazard a": 2, "continuing a": 3},
        hazard={(1, 0): "fire"},
    )
    b.apply(cmd("move", "a", path=[(1, 0)], into_hazard=True))
    b.apply(cmd("hold", "b"))
    assert not [e for e in events_of(b.events, "status") if e["effect"] == "burning"]
    assert [(c.effect, c.dice, c.rounds) for c in b.world["a"].continuing] == [("burning", "1d6", 2)]
    b.apply(cmd("hold", "a"))
    b.apply(cmd("hold", "b"))
    burn = [e for e in events_of(b.events, "status") if e["effect"] == "burning"]
    assert burn and burn[0]["round"] == 2 and burn[0]["amount"] == 3 and burn[0]["rounds_left"] == 1
    assert b.world["a"].hp == b.world["a"].hp_max - 2 - 3
    assert [(c.effect, c.dice, c.rounds) for c in b.world["a"].continuing] == [("burning", "1d6", 1)]


def test_knocked_down_creatures_start_the_next_round_prone():
    """'Did a character get knocked down during the fight? He'll start the next round prone.'"""
    b = battle(
        [unit("a", "blue", "fighter1", (4, 4), "E"), unit("b", "red", "orc", (5, 4), "W")],
        dice={"initiative a": 10, "initiative b": 1, "attack a": 20, "damage a": 1, "knockdown a": 8, "save b": 2},
    )
    b.apply(cmd("attack", "a", target="b"))
    b.apply(cmd("hold", "b")) if b.pending().unit == "b" else None
    assert next(e for e in events_of(b.events, "status") if e["effect"] == "prone")["id"] == "b"
    assert b.round == 2 and b.world["b"].prone


def test_max_rounds_is_a_draw():
    b = battle(
        [unit("a", "blue", "fighter1", (0, 0), "E"), unit("b", "red", "orc", (9, 9))],
        dice={"initiative a": 10, "initiative b": 1},
        options={"max_rounds": 2},
    )
    while not b.over:
        p = b.pending()
        b.apply(cmd("hold", p.unit))
    end = as_json(b.events)[-1]
    assert end["type"] == "battle_end" and end["winner"] is None and end["reason"] == "max_rounds"
    assert end["rounds"] == 2


def test_last_side_standing_wins():
    b = battle(
        [unit("a", "blue", "fighter3", (4, 4), "E"), unit("b", "red", "kobold", (5, 4), "W", hp=1)],
        dice={"initiative a": 10, "initiative b": 1, "attack a": 20, "damage a": 1, "knockdown a": 1},
    )
    b.apply(cmd("attack", "a", target="b"))
    assert b.over and b.winner == "blue" and as_json(b.events)[-1]["reason"] == "last_side_standing"

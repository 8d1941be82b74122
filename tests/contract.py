"""The event-log contract and the world's invariants, checked event by event: shared by the
property tests, the soak gate (tests/test_soak.py) and the long soak (bench/soak.py)."""

from __future__ import annotations

import json
import re
from itertools import pairwise

from game.core import event_log
from game.core.battle import ACTIVATION, RETREAT, Battle
from game.core.events import Event
from game.core.world import DEAD, FIGHTING, SURRENDERED

ACTING = {"move", "attack", "turn", "withdraw", "stand_up", "rest", "hold", "surrender_offered", "cast"}
SPELL_ROLLS = {"magic_missile": "1d4", "burning_hands": "1d3", "cure_light_wounds": "1d8", "entangle": "1d4"}
DICE = re.compile(r"^(\d+)d(\d+)$")


def rolls_in(obj):
    """Every roll object (a dict with dice, rolls, mod and total), found recursively."""
    if isinstance(obj, dict):
        if {"dice", "rolls", "mod", "total"} <= obj.keys():
            yield obj
        for v in obj.values():
            yield from rolls_in(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from rolls_in(v)


class Contract:
    """Reads a battle's events in order and fails on the first that breaks the contract: rolls
    within their dice and totals that add up, a log that reads back as itself, moves one square
    a step from where the unit stands, and the dead never acting."""

    def __init__(self) -> None:
        self.dead: set[str] = set()
        self.pos: dict[str, tuple[int, int]] = {}
        self.poisoned: set[str] = set()  # failed a save vs poison
        self.conditions: set[tuple[str, str]] = set()  # (unit, condition) started and not yet ended
        self.charging: set[str] = set()  # under the `charging` condition (docs/rules.md#charge)
        self.set_in: dict[str, int] = {}  # the round each creature last set to receive a charge
        self.acted = False  # some creature has acted: no side may choose to wait any more

    def event(self, event: Event) -> None:
        e = event.to_json()
        # The log's reader gives back the very event the battle logged (events.py).
        assert event_log.from_json(json.loads(json.dumps(e))) == event, e
        assert "type" in e and "round" in e, e
        self._rolls(e)
        if e["type"] in ACTING:
            assert e.get("id") not in self.dead, f"dead {e.get('id')} acts after its death: {e}"
            self.acted = True
        if e["type"] == "wait":  # docs/decisions.md#waiting: chosen as round 1 starts, before anyone acts
            assert e["round"] == 1 and not self.acted, e
        self._places(e)
        self._offers_and_poison(e)
        self._magic(e)
        self._charges(e)

    def _offers_and_poison(self, e: dict) -> None:
        """Quarter is offered to a living foe, never to oneself (docs/rules.md#offering-surrender); poison
        burns only a creature that failed a save vs poison (docs/rules.md#poison)."""
        if e["type"] == "surrender_offered":
            assert e["target"] != e["id"] and e["target"] not in self.dead, e
        elif e["type"] == "save" and e["vs"] == "poison" and not e["success"]:
            self.poisoned.add(e["id"])
        elif e["type"] == "status" and e["effect"] == "poison":
            assert e["id"] in self.poisoned, f"poison burns {e['id']}, who never failed a save vs poison: {e}"
            assert e["amount"] == e["roll"]["total"] and e["rounds_left"] >= 0, e
        elif e["type"] == "attack" and e.get("reason") == "cannot_hurt":
            assert e["hit"] and e["damage"] == 0 and "damage_roll" not in e, e

    def _magic(self, e: dict) -> None:
        """A cast names no dead creature and rolls its spell's dice; a condition ends only after it
        started; a heal gains at most its roll; continuing acid rolls 2d4."""
        kind = e["type"]
        if kind == "cast":
            assert not set(e["targets"]) & self.dead, e
            if e["lost"]:
                assert e["targets"] == [] and "rolls" not in e, e
            elif e["spell"] in SPELL_ROLLS:
                assert e["rolls"] and all(r["dice"] == SPELL_ROLLS[e["spell"]] for r in e["rolls"]), e
        elif kind == "condition":
            key = (e["id"], e["condition"])
            if e["started"]:
                assert e["rounds"] >= 1, e
                self.conditions.add(key)
            else:
                assert key in self.conditions, f"{key} ends without having started: {e}"
                self.conditions.discard(key)
        elif kind == "heal":
            assert e["amount"] >= 0 and e["id"] not in self.dead, e
            if "roll" in e:
                assert e["amount"] <= e["roll"]["total"], e
        elif kind == "status" and e["effect"] == "acid":
            assert e["roll"]["dice"] == "2d4" and e["amount"] == e["roll"]["total"], e

    def _charges(self, e: dict) -> None:
        """A charge's blow comes from a charging creature at +2; a set weapon meets only a charger,
        on doubled dice; whoever attacks a charger rolls with `target_charging` (docs/rules.md#charge)."""
        kind = e["type"]
        if kind == "condition" and e["condition"] == "charging":
            if e["started"]:
                self.charging.add(e["id"])
            else:
                assert e["id"] in self.charging, f"{e['id']} stops charging without having charged: {e}"
                self.charging.discard(e["id"])
        elif kind == "set_vs_charge":
            self.set_in[e["id"]] = e["round"]
        elif kind == "attack":
            names = {m["name"]: m["value"] for m in e["modifiers"]}
            assert ("target_charging" in names) == (e["target"] in self.charging), e
            if e["purpose"] == "charge":
                assert e["id"] in self.charging and names.get("charge") == 2, e
            if e["purpose"] == "set_vs_charge":
                assert e["target"] in self.charging, f"a set weapon strikes only a charger: {e}"
                assert e["round"] - self.set_in.get(e["id"], -9) <= 1, f"{e['id']} is not set: {e}"
                if e["hit"]:
                    assert int(DICE.match(e["damage_roll"]["dice"]).group(1)) % 2 == 0, f"dice not doubled: {e}"

    def _rolls(self, e: dict) -> None:
        for r in rolls_in(e):
            m = DICE.match(r["dice"])
            assert m, r
            count, sides = int(m.group(1)), int(m.group(2))
            assert len(r["rolls"]) == count, (e["type"], r)
            assert all(1 <= v <= sides for v in r["rolls"]), (e["type"], r)
            assert r["total"] == sum(r["rolls"]) + r["mod"], (e["type"], r)
        if "roll" in e and "modifiers" in e and e["type"] != "morale_check":
            # 'mod is the sum of the event's modifiers', for every roll that lists them
            assert e["roll"]["mod"] == sum(m["value"] for m in e["modifiers"]), e
        if e["type"] == "initiative":
            for entry in e["entries"]:
                assert (
                    entry["roll"]["mod"] == sum(m["value"] for m in entry["modifiers"])
                    and entry["total"] == entry["roll"]["total"]
                ), e
        if e["type"] == "attack" and not e["hit"]:
            assert e["damage"] == 0, e
        if e["type"] == "morale_check":
            assert e["roll"]["mod"] == 0, e
            assert e["margin"] == e["roll"]["total"] - (e["rating"] + sum(m["value"] for m in e["modifiers"])), e

    def _places(self, e: dict) -> None:
        """Where each unit stands, followed through the log: a move starts there, one square a step."""
        kind = e["type"]
        if kind == "battle_start":
            self.pos = {u["id"]: tuple(u["pos"]) for u in e["units"]}
        elif kind == "move":
            path = [tuple(p) for p in e["path"]]
            assert path[0] == self.pos[e["id"]], f"{e['id']} moves from {path[0]}, not from {self.pos[e['id']]}: {e}"
            for a, b in pairwise(path):
                assert max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1, f"a step of more than one square: {e}"
            self.pos[e["id"]] = path[-1]
        elif kind == "retreat":
            assert tuple(e["from"]) == self.pos[e["id"]], e
            self.pos[e["id"]] = tuple(e["to"])
            if e["followed"]:
                self.pos[e["by"]] = tuple(e["follow_to"])
        elif kind == "death":
            self.dead.add(e["id"])


def check_world(b: Battle) -> None:
    t = b.scenario.terrain
    seen: dict[tuple[int, int], str] = {}
    for u in b.world.units.values():
        assert u.fatigue_points >= 0, u
        assert 0 <= u.fatigue_state <= 2, u
        if u.life not in (FIGHTING, SURRENDERED):
            continue
        for sq in u.squares:
            assert t.inside(sq), f"{u.id} stands off the map at {sq}"
            assert t.cost(sq) > 0, f"{u.id} stands in a wall at {sq}"
            assert sq not in seen, f"{u.id} and {seen[sq]} share {sq}"
            seen[sq] = u.id
    assert b.world.occupancy == seen, "World.occupancy disagrees with where the units stand"
    p = b.pending()
    if p.kind in (ACTIVATION, RETREAT):
        for uid in [p.unit, *p.units, p.target]:
            if uid is not None:
                assert b.world[uid].life != DEAD, f"pending names dead {uid}: {p}"
        if p.kind == ACTIVATION:
            for uid in [p.unit, *p.units]:
                assert b.world[uid].life == FIGHTING and b.world[uid].hp > 0, f"pending names {uid} who cannot act"

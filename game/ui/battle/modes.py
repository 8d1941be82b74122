"""The battle screen's modes in a creature's activation: what a click or a key means while the
player chooses a move, an attack, a shot, a charge, a facing, an offer or a spell (what a mode
is, and the inputs it answers, are in mode.py). A mode never changes the battle: its handler
answers an input with the command to send, the next mode, a hint for the player, or nothing."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import pygame

from game.core import query, query_magic
from game.core.commands import Action, Command
from game.core.rules.geometry import VECTORS, Pos, facing_toward
from game.core.rules.spells import ALLY, AROUND, FOE
from game.core.systems.spells import SPELLS
from game.ui.battle.legal import Legal
from game.ui.battle.mode import Hint, Mode, Outcome, Turn
from game.ui.battle.offering import offer_words
from game.ui.battle.provoking import Provoking, provoking, strike
from game.ui.battle.refusals import fire_at, no_attack, no_charge, simple_action

SIMPLE_ACTIONS = {
    pygame.K_h: Action.HOLD,
    pygame.K_e: Action.HOLD,
    pygame.K_r: Action.REST,
    pygame.K_c: Action.SET_VS_CHARGE,
}


class ActivationMode(Mode):
    """A unit's activation: the action keys, and clicks answered from what the unit may do."""

    def click(self, sq: Pos, turn: Turn) -> Outcome:
        return None if turn.legal is None else self.choose(sq, turn, turn.legal)

    def choose(self, sq: Pos, turn: Turn, legal: Legal) -> Outcome:
        return None

    def cancel(self) -> Mode | None:
        return MoveMode()

    def press(self, key: int, turn: Turn) -> Outcome:
        if key in SIMPLE_ACTIONS:
            simple = simple_action(turn.battle, turn.unit, SIMPLE_ACTIONS[key])
            return simple if isinstance(simple, Command) else Hint(simple)
        if key == pygame.K_k:
            spells = tuple(dict.fromkeys(turn.battle.world[turn.unit].spells))
            if not (turn.legal and Action.CAST in turn.legal.allowed and spells):
                return Hint("no spell to cast")
            return CastMode(spells, spells[0] if len(spells) == 1 else None)
        mode = ACTION_MODES.get(key)
        if mode is None:
            return None
        if mode is StandMode and not (turn.legal and Action.STAND_UP in turn.legal.allowed):
            return Hint("only a prone creature stands up")
        if mode is OfferMode and not (turn.legal and turn.legal.offer):
            return Hint("no foe to offer quarter to: none within 6 squares, in sight, not a hero or mindless")
        return mode()


def _foes_at(turn: Turn, *groups: Iterable[str]) -> list[Pos]:
    """Where the foes of these groups stand, each once, in the order of their ids."""
    w = turn.battle.world
    return [w[uid].pos for uid in sorted({uid for g in groups for uid in g})]


def _facings_around(turn: Turn, at: Pos) -> list[Pos]:
    """A square toward each of the eight facings from a creature standing at `at`, on the map."""
    n = turn.battle.world[turn.unit].n
    inside = query.terrain(turn.battle).inside
    squares = [(at[0] + (n if dx > 0 else dx), at[1] + (n if dy > 0 else dy)) for dx, dy in VECTORS]
    return [sq for sq in squares if inside(sq)]


def _walk_or_strike(sq: Pos, turn: Turn, legal: Legal) -> Outcome:
    """Attack a foe in reach (after up to half a move), or walk toward a square, choosing the facing next."""
    uid = turn.unit
    who = turn.battle.world.at(sq)
    if who in legal.melee:
        o = legal.attack_from(who, turn.shift)
        risk = provoking(turn.battle, uid, o)
        return strike(uid, o) if risk is None else ProvokeMode(risk)
    if who is not None and turn.battle.world[who].side != turn.battle.world[uid].side:
        return Hint(no_attack(who, legal))
    if sq not in legal.full.costs or sq == turn.battle.world[uid].pos:
        return None
    path = tuple(legal.full.path(sq))
    a, b = path[-2], path[-1]
    return FacingMode(path, VECTORS.index((b[0] - a[0], b[1] - a[1])))


class MoveMode(ActivationMode):
    HINT = "click a square to move (full move); click a foe to attack"
    reach = "move"
    walks = True

    def choose(self, sq: Pos, turn: Turn, legal: Legal) -> Outcome:
        who = turn.battle.world.at(sq)
        if who in legal.missile and who not in legal.melee:
            return Command(Action.FIRE, turn.unit, target=who)
        return _walk_or_strike(sq, turn, legal)

    def targets(self, turn: Turn) -> list[Pos]:
        return _foes_at(turn, turn.legal.melee, turn.legal.missile) if turn.legal else []

    def cancel(self) -> Mode | None:
        return None


class AttackMode(ActivationMode):
    HINT = "click a foe in reach (after up to half a move)"
    reach = "move"
    walks = True

    def choose(self, sq: Pos, turn: Turn, legal: Legal) -> Outcome:
        return _walk_or_strike(sq, turn, legal)

    def targets(self, turn: Turn) -> list[Pos]:
        return _foes_at(turn, turn.legal.melee) if turn.legal else []


class FireMode(ActivationMode):
    HINT = "click a foe to shoot: marked with its chance to hit; a crossed eye: in range, out of sight"
    shoots = True

    def choose(self, sq: Pos, turn: Turn, legal: Legal) -> Outcome:
        shot = fire_at(turn.battle, turn.unit, turn.battle.world.at(sq))
        return shot if isinstance(shot, Command) else Hint(shot)

    def targets(self, turn: Turn) -> list[Pos]:
        return _foes_at(turn, turn.legal.missile) if turn.legal else []


class ChargeMode(ActivationMode):
    HINT = "click a foe to charge it: a run of 2 squares or more, then +2 to hit, AC 1 worse till it acts again"
    reach = "move"
    charges = True

    def choose(self, sq: Pos, turn: Turn, legal: Legal) -> Outcome:
        who = turn.battle.world.at(sq)
        if who in legal.charge:
            return Command(Action.CHARGE, turn.unit, path=legal.charge[who].path, target=who)
        return Hint(no_charge(turn.battle, turn.unit, who))

    def targets(self, turn: Turn) -> list[Pos]:
        return _foes_at(turn, turn.legal.charge) if turn.legal else []


class WithdrawMode(ActivationMode):
    HINT = "click a square to back away (half move, no free attacks)"
    blows = False
    reach = "withdraw"

    def choose(self, sq: Pos, turn: Turn, legal: Legal) -> Outcome:
        if sq in legal.withdraw:
            return Command(Action.WITHDRAW, turn.unit, path=tuple(legal.withdrawal.path(sq)))
        return Hint("a withdrawal must stay within half a move and lead directly away")

    def targets(self, turn: Turn) -> list[Pos]:
        return sorted(turn.legal.withdraw) if turn.legal else []


class TurnMode(ActivationMode):
    HINT = "click a square to face it"
    blows = False

    def choose(self, sq: Pos, turn: Turn, legal: Legal) -> Outcome:
        u = turn.battle.world[turn.unit]
        return Command(Action.TURN, turn.unit, facing=facing_toward(u.pos, u.n, sq))

    def targets(self, turn: Turn) -> list[Pos]:
        return _facings_around(turn, turn.battle.world[turn.unit].pos)


class StandMode(ActivationMode):
    HINT = "Enter: just stand; or click a square (half move) or a foe"
    reach = "stand"

    def choose(self, sq: Pos, turn: Turn, legal: Legal) -> Outcome:
        who = turn.battle.world.at(sq)
        if who in legal.melee and legal.melee[who].cost == 0:
            return Command(Action.STAND_UP, turn.unit, target=who)
        if sq in legal.half.costs and sq != turn.battle.world[turn.unit].pos:
            return Command(Action.STAND_UP, turn.unit, path=tuple(legal.half.path(sq)))
        return None

    def confirm(self, turn: Turn) -> Outcome:
        return Command(Action.STAND_UP, turn.unit)

    def targets(self, turn: Turn) -> list[Pos]:
        legal = turn.legal
        return _foes_at(turn, [t for t, o in legal.melee.items() if o.cost == 0]) if legal else []


@dataclass(frozen=True)
class FacingMode(ActivationMode):
    """A move chosen, its facing not yet: point at a square to face it, click or Enter to go."""

    path: tuple[Pos, ...]
    facing: int

    HINT = "choose the facing: point with the mouse or arrows, click or Enter to confirm, Esc to cancel"
    blows = False
    lets_select = False
    reach = "move"

    def aim(self, sq: Pos, turn: Turn) -> Mode | None:
        end = self.path[-1]
        if sq == end:
            return None
        return FacingMode(self.path, facing_toward(end, turn.battle.world[turn.unit].n, sq))

    def click(self, sq: Pos, turn: Turn) -> Outcome:
        aimed = self.aim(sq, turn)
        return (aimed if isinstance(aimed, FacingMode) else self).confirm(turn)

    def confirm(self, turn: Turn) -> Outcome:
        return Command(Action.MOVE, turn.unit, path=self.path, facing=self.facing)

    def targets(self, turn: Turn) -> list[Pos]:
        return _facings_around(turn, self.path[-1])  # Tab turns the facing, Enter goes

    def refused(self, cmd: Command) -> Mode:
        # The planned move was sent: refused or not, the plan is spent.
        return MoveMode() if cmd.action == "move" else self


@dataclass(frozen=True)
class ProvokeMode(ActivationMode):
    """An attack whose walk draws free swings, asked before it is made: a second click on the
    same foe makes it, Enter strikes from the safest square instead, any other click is its own."""

    risk: Provoking

    reach = "move"
    walks = True

    def hint(self) -> str:
        return self.risk.words()

    def choose(self, sq: Pos, turn: Turn, legal: Legal) -> Outcome:
        if turn.battle.world.at(sq) != self.risk.chosen.target:
            return MoveMode().choose(sq, turn, legal)
        return strike(turn.unit, self.risk.chosen)

    def confirm(self, turn: Turn) -> Outcome:
        return strike(turn.unit, self.risk.safest)

    def targets(self, turn: Turn) -> list[Pos]:
        return MoveMode().targets(turn)


@dataclass(frozen=True)
class OfferMode(ActivationMode):
    """Offer quarter: click a foe; pointing at one says whether the offer will make it check morale."""

    over: str = ""  # the foe pointed at, if any
    words: str = ""  # what pointing at it says

    HINT = "click a foe within 6 squares, in sight, to offer it quarter (Esc to cancel)"
    blows = False

    def hint(self) -> str:
        return self.words or self.HINT

    def aim(self, sq: Pos, turn: Turn) -> Mode | None:
        who = turn.battle.world.at(sq)
        w = turn.battle.world
        foe = who if who is not None and w[who].side != w[turn.unit].side else ""
        if foe == self.over:
            return None
        return OfferMode(foe, offer_words(turn.battle, turn.unit, foe) if foe else "")

    def choose(self, sq: Pos, turn: Turn, legal: Legal) -> Outcome:
        who = turn.battle.world.at(sq)
        if who is None:
            return Hint("click a foe to offer it quarter")
        # The battle says why an offer is refused, in one line.
        return Command(Action.OFFER_SURRENDER, turn.unit, target=who)

    def targets(self, turn: Turn) -> list[Pos]:
        return _foes_at(turn, turn.legal.offer) if turn.legal else []


@dataclass(frozen=True)
class CastMode(ActivationMode):
    """Cast (K): pick one of the spells left (number keys or its button), then its target or square;
    pointing previews what the spell would take in."""

    spells: tuple[str, ...] = ()
    spell: str | None = None
    aimed: Pos | None = None

    lets_select = False
    blows = False

    def hint(self) -> str:
        if self.spell is None:
            return "cast which spell? " + "  ".join(f"[{i + 1}] {SPELLS[k].name}" for i, k in enumerate(self.spells))
        spell = SPELLS[self.spell]
        how = {FOE: "click a foe", ALLY: "click a wounded ally in reach", AROUND: "Enter casts it"}.get(
            spell.aim, "click the square to aim at"
        )
        return f"{spell.name}: {how}; Esc for another spell"

    def press(self, key: int, turn: Turn) -> Outcome:
        i = key - pygame.K_1
        if 0 <= i < min(9, len(self.spells)):
            return CastMode(self.spells, self.spells[i])
        return super().press(key, turn)

    def aim(self, sq: Pos, turn: Turn) -> Mode | None:
        return CastMode(self.spells, self.spell, sq) if self.spell is not None and sq != self.aimed else None

    def click(self, sq: Pos, turn: Turn) -> Outcome:
        if self.spell is None:
            return Hint("choose a spell first: its number, or its button")
        aim = SPELLS[self.spell].aim
        if aim == AROUND:
            return Command(Action.CAST, turn.unit, spell=self.spell)
        if aim in (FOE, ALLY):
            who = turn.battle.world.at(sq)
            if who is None:
                return Hint("click a creature")
            return Command(Action.CAST, turn.unit, spell=self.spell, target=who)
        return Command(Action.CAST, turn.unit, spell=self.spell, at=sq)

    def confirm(self, turn: Turn) -> Outcome:
        if self.spell is not None and SPELLS[self.spell].aim == AROUND:
            return Command(Action.CAST, turn.unit, spell=self.spell)
        return None

    def cancel(self) -> Mode | None:
        return CastMode(self.spells) if self.spell is not None and len(self.spells) > 1 else MoveMode()

    def targets(self, turn: Turn) -> list[Pos]:
        """The creatures or squares the spell chosen may be cast at from where the caster stands
        (the battle's own list: game/core/query_magic.py); Enter alone casts a spell around the caster."""
        if self.spell is None:
            return []
        w = turn.battle.world
        shown = [
            w[o.target].pos if o.target is not None else o.at
            for o in query_magic.spell_options(turn.battle, turn.unit)
            if o.spell == self.spell
        ]
        return sorted({sq for sq in shown if sq is not None})


ACTION_MODES: dict[int, type[ActivationMode]] = {
    pygame.K_m: MoveMode,
    pygame.K_a: AttackMode,
    pygame.K_f: FireMode,
    pygame.K_g: ChargeMode,
    pygame.K_w: WithdrawMode,
    pygame.K_t: TurnMode,
    pygame.K_u: StandMode,
    pygame.K_o: OfferMode,
}

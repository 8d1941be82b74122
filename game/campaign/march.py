"""The march to a battle and the battle begun, as the window and `rout campaign play` both do it:
captives not ransomed are lost, the days of march pass and heal, the battle's seed is drawn from
the campaign's generator and the field set up with the members who fight. Because every draw is
the campaign's, marching again from the camp a save keeps gives the same battle, which is how a
battle in progress is taken up (game/campaign/interrupted.py)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path

from game.campaign.advance import in_battle
from game.campaign.company import Member
from game.campaign.dealings import lose_captives
from game.campaign.deployment import COMPANY, Fielded
from game.campaign.field import battle_scenario
from game.campaign.healing import pass_days
from game.campaign.interrupted import Interrupted, Place
from game.campaign.prices import member_points
from game.campaign.setting import Setting
from game.campaign.spec import BattleSpec, CampaignSpec
from game.campaign.state import CampaignState
from game.core.battle import Battle
from game.core.commands import Illegal
from game.play.runner import apply_all
from game.scenario.model import Scenario


class NotResumable(ValueError):
    """A battle in progress that this game can no longer take up, in one line."""


@dataclass(frozen=True)
class Marched:
    """A battle the company has marched to: its seed, its scenario, the members who fight."""

    battle: BattleSpec
    seed: int
    scenario: Scenario
    going: tuple[Member, ...]


def march(
    state: CampaignState, spec: CampaignSpec, s: Setting, going: list[Member], folder: Path | None = None
) -> Marched:
    """The state moved on to the battle's start, and the battle it marched to."""
    b = spec.battles[state.next]
    state.company = pass_days(lose_captives(state.company), b.days, 0, s.kinds)
    state.day += b.days
    going = [state.company.member(m.key) for m in going]  # as the march healed them
    seed, scenario = field_for(state, spec, b, s, going, folder=folder)
    return Marched(b, seed, scenario, tuple(going))


def unit_id(member: Member) -> str:
    """The unit a member is in battle: made from its key, unique in the company for ever."""
    return f"{COMPANY}_{member.key}"


def field_for(
    state: CampaignState, spec: CampaignSpec, b: BattleSpec, s: Setting, going: list[Member], folder: Path | None = None
) -> tuple[int, Scenario]:
    """The battle's seed, drawn from the campaign's generator, and its scenario with `going`
    placed; a generated field's map is kept in `folder` if given (the window draws its tiles)."""
    seed = state.rng.below(2**32)
    budget = b.enemy_points or b.enemy_strength * sum(member_points(m, s.kinds, s.points) for m in going)
    fielded = {unit_id(m): m for m in going}
    creatures = _creatures(fielded, s)
    return seed, battle_scenario(spec, b, creatures, seed=seed, budget=budget, points=s.points, folder=folder)


def _creatures(fielded: Mapping[str, Member], s: Setting) -> list[Fielded]:
    return [Fielded(uid, in_battle(m, s.kinds[m.kind], s.book), m.wounds) for uid, m in fielded.items()]


def deployed(marched: Marched, placed: tuple[Place, ...]) -> Marched:
    """The battle with the company where the player deployed it."""
    at = {uid: (x, y, facing) for uid, x, y, facing in placed}
    units = tuple(replace(u, pos=at[u.id][:2], facing=at[u.id][2]) if u.id in at else u for u in marched.scenario.units)
    return replace(marched, scenario=replace(marched.scenario, units=units))


def placements(marched: Marched, company: str) -> tuple[Place, ...]:
    """Where the company's units stand as the battle begins: what a save keeps of the deployment."""
    return tuple((u.id, u.pos[0], u.pos[1], u.facing) for u in marched.scenario.units if u.side == company)


def take_up(
    state: CampaignState, spec: CampaignSpec, s: Setting, folder: Path | None = None
) -> tuple[Marched, Battle, Interrupted]:
    """The battle in progress a save keeps, marched to again from the camp before it and played
    on to where it stood: the state moves on as the march moved it (NotResumable if the campaign
    or the rules changed under it)."""
    held = state.interrupted
    assert held is not None  # the caller asks only of a save with a battle in progress
    if state.next not in spec.battles:
        raise NotResumable(f"the campaign has no battle {state.next!r} any more")
    members = {m.key: m for m in state.company.ready}
    missing = [k for k in held.going if k not in members]
    if missing:
        raise NotResumable(f"the battle in progress fields members the company does not have: {', '.join(missing)}")
    state.interrupted = None
    marched = deployed(march(state, spec, s, [members[k] for k in held.going], folder), held.placed)
    battle = Battle(marched.scenario, seed=marched.seed)
    try:
        apply_all(battle, held.commands)
    except Illegal as e:
        raise NotResumable(f"the battle in progress no longer plays back: {e}") from None
    return marched, battle, held

"""A campaign played headless, one battle at a time: the steward readies the company, the battle
is set up with it and played AI against AI by the runner, and what it did to the company is read
back. The same campaign, seed and AI level give the same campaign, battle for battle."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from game.campaign.advance import in_battle, spell_book
from game.campaign.aftermath import after_battle, read_outcome
from game.campaign.company import Company, Member
from game.campaign.company_json import member_json
from game.campaign.dealings import join, lose_captives
from game.campaign.deployment import COMPANY, ENEMY, Fielded
from game.campaign.field import battle_scenario
from game.campaign.healing import pass_days
from game.campaign.keys import DEFEAT, VICTORY
from game.campaign.prices import hireable, member_points
from game.campaign.spec import END, BattleSpec, CampaignSpec
from game.campaign.state import CampaignState
from game.campaign.steward import RESERVE, choose, ransom_captives, recruit, tend
from game.core.battle import Battle
from game.core.rules.creature import CreatureClass, Kind
from game.levels import repeatable
from game.play.runner import play
from game.pricing.table import read
from game.scenario.catalogue import load
from game.scenario.model import Scenario

BATTLES_MAX = 100  # Decision: a story campaign that loops this long without an end is lost


@dataclass(frozen=True)
class Setting:
    """What every battle of a campaign reads: the kinds, their points, those it may hire, the spells."""

    kinds: Mapping[str, Kind]
    points: Mapping[str, float]
    allowed: tuple[str, ...]
    book: Mapping[str, tuple[CreatureClass, int]]


def setting(spec: CampaignSpec) -> Setting:
    kinds = load()
    table = read()
    points = {k: p.points for k, p in table.prices.items()} if table else {}
    allowed = tuple(spec.hire) if spec.hire is not None else tuple(hireable(kinds, points))
    return Setting(kinds, points, allowed, spell_book())


def begin(spec: CampaignSpec, name: str, seed: int, ai: str, ironman: bool, s: Setting) -> CampaignState:
    """The campaign before its first battle: the company with its starting members and crowns."""
    company = Company(spec.company, spec.crowns, roster_limit=spec.roster_limit)
    for kind, member in spec.start:
        company = join(company, kind, member, s.kinds)
    return CampaignState.begin(name, seed, ai, company, spec.first, ironman)


def ready_company(state: CampaignState, b: BattleSpec, s: Setting) -> Company:
    """The steward's work before a battle: ransom (the rest are lost), hire, rest and cure, march."""
    company = lose_captives(ransom_captives(state.company, s.kinds, s.points))
    company = recruit(company, b.fielded + RESERVE, s.allowed, s.kinds, s.points, state.rng)
    company, rested = tend(company, b.fielded, b.days, s.kinds, s.points, state.rng)
    state.day += rested + b.days
    return pass_days(company, b.days, 0, s.kinds)


def fight(state: CampaignState, spec: CampaignSpec, s: Setting) -> dict[str, Any] | None:
    """Play the campaign's next battle: the state moves on, and the battle's record is returned
    (None when the company had no one left to field, and the campaign is lost)."""
    b = spec.battles[state.next]
    state.company = ready_company(state, b, s)
    going = choose(state.company, b.fielded, s.kinds, s.points)
    if not going:
        state.outcome = "defeat"
        return None
    seed, scenario = field_for(state, spec, b, s, going)
    # A plain expert searches a budget of playouts here: the same seed gives the same campaign.
    battle = play(Battle(scenario, seed=seed), {COMPANY: repeatable(state.ai), ENEMY: repeatable(b.ai)})
    return settle(state, b, s, battle, seed, going)


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


def settle(
    state: CampaignState, b: BattleSpec, s: Setting, battle: Battle, seed: int, going: list[Member]
) -> dict[str, Any]:
    """What the finished battle did to the company: fates, experience and levels, the pay, the
    battle's record, and where the campaign goes next."""
    outcome = read_outcome(battle.world, battle.events, battle.winner)
    keys = {unit_id(m): m.key for m in going}
    company = after_battle(state.company, keys, battle.world, outcome, kinds=s.kinds, story=b.xp, rng=state.rng)
    state.company = replace(company, crowns=company.crowns + (b.pay if outcome.won else 0))
    record = _record(state, b, battle, seed, going)
    state.fought.append(record)
    state.next = b.victory if outcome.won else b.defeat
    if state.next == END:
        state.outcome = VICTORY if outcome.won else DEFEAT
    return record


def _creatures(fielded: Mapping[str, Member], s: Setting) -> list[Fielded]:
    return [Fielded(uid, in_battle(m, s.kinds[m.kind], s.book), m.wounds) for uid, m in fielded.items()]


def _record(state: CampaignState, b: BattleSpec, battle: Battle, seed: int, going: list[Member]) -> dict[str, Any]:
    winner = {COMPANY: "company", ENEMY: "enemy"}.get(battle.winner or "", "draw")
    return {
        "id": b.id,
        "name": b.title,
        "winner": winner,
        "seed": seed,
        "rounds": battle.round,
        "day": state.day,
        "fielded": [m.name for m in going],
        "crowns": state.company.crowns,
        "company": [member_json(m) for m in state.company.members],
    }


def play_campaign(
    spec: CampaignSpec,
    state: CampaignState,
    s: Setting,
    *,
    limit: int = BATTLES_MAX,
    after: Callable[[CampaignState], object] | None = None,
) -> CampaignState:
    """Play on until the campaign ends, or `limit` battles in all are fought; `after` is called
    with the state after every battle (the autosave). An endless campaign stopped by the limit is
    only paused (a save of it plays on); a story still going after BATTLES_MAX is lost."""
    while state.outcome is None and len(state.fought) < limit:
        fight(state, spec, s)
        if state.outcome is None and not spec.endless and len(state.fought) >= BATTLES_MAX:
            state.outcome = "defeat"
        if after is not None:
            after(state)
    return state


def outcome(state: CampaignState) -> str:
    """The campaign's outcome, or, for an endless one paused, whether the company still stands."""
    return state.outcome or (VICTORY if state.company.ready else DEFEAT)

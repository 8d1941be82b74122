"""A campaign played headless, one battle at a time: the steward readies the company, it marches
(game/campaign/march.py), the battle is played AI against AI, and what it did to the company is
read back; a battle in progress that a save keeps is taken up where it stood. The same campaign, seed and AI level give the same campaign, battle for battle."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from copy import deepcopy
from dataclasses import replace
from typing import Any

from game.campaign.aftermath import after_battle, read_outcome
from game.campaign.company import Company, Member
from game.campaign.company_json import member_json
from game.campaign.dealings import join, lose_captives
from game.campaign.deployment import COMPANY, ENEMY
from game.campaign.interrupted import Interrupted
from game.campaign.keys import DEFEAT, VICTORY
from game.campaign.march import Marched, march, take_up, unit_id
from game.campaign.setting import Setting
from game.campaign.spec import END, BattleSpec, CampaignSpec
from game.campaign.state import CampaignState
from game.campaign.steward import RESERVE, choose, ransom_captives, recruit, tend
from game.core import events as ev
from game.core.battle import Battle
from game.core.commands import Command
from game.levels import repeatable

DECISIONS_MAX = 200_000  # as the runner's: a battle the AI cannot end is a bug, said, not a hang
Keep = Callable[[CampaignState], object]  # a save of the state given
BATTLES_MAX = 100  # Decision: a story campaign that loops this long without an end is lost


def begin(spec: CampaignSpec, name: str, seed: int, ai: str, ironman: bool, s: Setting) -> CampaignState:
    """The campaign before its first battle: the company with its starting members and crowns."""
    company = Company(spec.company, spec.crowns, roster_limit=spec.roster_limit)
    for kind, member in spec.start:
        company = join(company, kind, member, s.kinds)
    return CampaignState.begin(name, seed, ai, company, spec.first, ironman)


def steward_camp(state: CampaignState, b: BattleSpec, s: Setting) -> Company:
    """The steward's work in camp before a battle: ransom (the rest are lost), hire, rest and cure."""
    company = lose_captives(ransom_captives(state.company, s.kinds, s.points))
    company = recruit(company, b.fielded + RESERVE, s.allowed, s.kinds, s.points, state.rng)
    company, rested = tend(company, b.fielded, b.days, s.kinds, s.points, state.rng)
    state.day += rested
    return company


def fight(state: CampaignState, spec: CampaignSpec, s: Setting, keep: Keep | None = None) -> dict[str, Any] | None:
    """Play the campaign's next battle, or take up the one in progress its save keeps: the state
    moves on, and the battle's record is returned (None when the company had no one left to
    field, and the campaign is lost). `keep` saves, at every round's end, the camp before the
    march with the battle so far, from which the battle is taken up where it stood."""
    if state.interrupted is not None:
        camp = deepcopy(state)
        marched, battle, _ = take_up(state, spec, s)
        return _fight_on(state, s, camp, marched, battle, keep)
    b = spec.battles[state.next]
    state.company = steward_camp(state, b, s)
    going = choose(state.company, b.fielded, s.kinds, s.points)
    if not going:
        state.outcome = "defeat"
        return None
    camp = deepcopy(state)
    camp.interrupted = Interrupted(tuple(m.key for m in going))
    marched = march(state, spec, s, going)
    return _fight_on(state, s, camp, marched, Battle(marched.scenario, seed=marched.seed), keep)


def _fight_on(
    state: CampaignState, s: Setting, camp: CampaignState, marched: Marched, battle: Battle, keep: Keep | None
) -> dict[str, Any]:
    held = camp.interrupted
    assert held is not None
    played = list(held.commands)

    def round_end() -> None:
        camp.interrupted = replace(held, commands=tuple(played))
        if keep is not None:
            keep(camp)

    # A plain expert searches a budget of playouts here: the same seed gives the same campaign.
    levels = {COMPANY: repeatable(state.ai), ENEMY: repeatable(marched.battle.ai)}
    play_on(battle, levels, played, round_end)
    return settle(state, marched.battle, s, battle, marched.seed, list(marched.going))


def play_on(battle: Battle, levels: Mapping[str, str], played: list[Command], round_end: Callable[[], None]) -> None:
    """The AI plays each side to the battle's end, as the runner plays it (game/play/runner.py),
    each command added to `played` and `round_end` called as each round ends."""
    from game import ai  # noqa: PLC0415  # as the runner: the AI's packages load at its first decision

    for _ in range(DECISIONS_MAX):
        if battle.over:
            return
        cmd = ai.decide(battle, levels.get(battle.pending().side or "", "baseline"))
        events = battle.apply(cmd)
        played.append(cmd)
        if any(isinstance(e, ev.RoundEnd) for e in events):
            round_end()
    raise RuntimeError("the battle did not end; the AI is stuck")


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
    after: Keep | None = None,
    during: Keep | None = None,
) -> CampaignState:
    """Play on until the campaign ends, or `limit` battles in all are fought; `after` is called
    with the state after every battle (the autosave), `during` at every round's end with the
    camp and the battle in progress (fight's `keep`). An endless campaign stopped by the limit is
    only paused (a save of it plays on); a story still going after BATTLES_MAX is lost."""
    while state.outcome is None and len(state.fought) < limit:
        fight(state, spec, s, during)
        if state.outcome is None and not spec.endless and len(state.fought) >= BATTLES_MAX:
            state.outcome = "defeat"
        if after is not None:
            after(state)
    return state


def outcome(state: CampaignState) -> str:
    """The campaign's outcome, or, for an endless one paused, whether the company still stands."""
    return state.outcome or (VICTORY if state.company.ready else DEFEAT)

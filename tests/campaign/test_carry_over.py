"""What a member carries from battle to battle (docs/rules.md#campaigns): its hit points, level and
spells into the next battle; its fate, kills and experience out of the last; the dead never fight
again; a captive comes back only when ransomed, and one who fled comes back."""

from __future__ import annotations

from dataclasses import replace

from game.campaign.aftermath import after_battle, read_outcome
from game.campaign.company import Standing
from game.campaign.deployment import company_zone
from game.campaign.field import battle_scenario
from game.campaign.march import _creatures, march
from game.campaign.play import begin, fight, play_campaign, steward_camp
from game.campaign.prices import ransom
from game.campaign.steward import ransom_captives
from game.campaign.tables import xp_value
from game.core import events as ev
from game.core.battle import Battle
from game.core.rules.dice import Rng
from game.core.world import DEAD, FLED, SURRENDERED
from tests.campaign.helpers import company, member, salt_road

SPEC, S = salt_road()
FORD = SPEC.battles["ford"]


def _battle(*members):
    fielded = {f"blue_{m.key}": m for m in members}
    scenario = battle_scenario(SPEC, FORD, _creatures(fielded, S), seed=1, budget=0, points=S.points)
    return Battle(scenario, seed=1)


def test_a_members_hit_points_level_and_spells_are_the_creatures_in_battle():
    aldo = replace(member("fighter1", s=S), level=2, hp=4, hp_max=15)
    dagna = replace(member("wizard", "Dagna", s=S), level=3, hp=8, hp_max=8)
    w = _battle(aldo, dagna).world
    assert (w["blue_aldo"].hp, w["blue_aldo"].hp_max, w["blue_aldo"].kind.level) == (4, 15, 2)
    assert w["blue_dagna"].spells == ("magic_missile", "magic_missile", "melfs_acid_arrow")


def test_the_fielded_members_stand_in_the_company_sides_deploy_zone_and_the_maps_placeholders_are_gone():
    b = _battle(member("fighter1", s=S), member("archer", "Berta", s=S))
    blue = [u for u in b.world.units.values() if u.side == "blue"]
    zone = company_zone(b.scenario)
    assert zone is not None
    assert sorted(u.id for u in blue) == ["blue_aldo", "blue_berta"]
    assert all(zone.contains(sq) for u in blue for sq in u.squares)


def test_the_log_says_who_died_fled_surrendered_and_who_killed_what():
    aldo, berta = member("fighter1", s=S), member("archer", "Berta", s=S)
    b = _battle(aldo, berta)
    w = b.world
    red = sorted(u for u in w.ids() if w[u].side == "red")
    w.update(red[0], life=DEAD, hp=0)
    w.update(red[1], life=FLED)
    w.update("blue_berta", life=SURRENDERED)
    log = [ev.Death(round=1, id=red[0], by="blue_aldo")]
    outcome = read_outcome(w, log, "blue")
    assert outcome.won and outcome.kills == {"blue_aldo": (w[red[0]].kind.key,)}
    assert sorted(k.key for k in outcome.defeated) == sorted(w[r].kind.key for r in red[:2])
    after = after_battle(
        company(aldo, berta),
        {"blue_aldo": "aldo", "blue_berta": "berta"},
        w,
        outcome,
        kinds=S.kinds,
        story=0,
        rng=Rng(1),
    )
    # A victory frees the company's own who surrendered; each survivor's share of the foes
    # defeated (DMG Table 31) plus a warrior's 10 XP a Hit Die of them (PHB Table 34).
    share = sum(xp_value(k) for k in outcome.defeated) // 2
    bonus = round(10 * sum(max(k.power, 0.5) for k in outcome.defeated))
    a, br = after.member("aldo"), after.member("berta")
    assert a.record.kills == (w[red[0]].kind.key,) and a.xp == aldo.xp + share + bonus
    assert br.standing == Standing.READY and br.record.surrendered == 1 and br.xp == berta.xp + share + bonus


def test_after_a_defeat_the_enemy_holds_who_surrendered_the_dead_stay_dead_and_who_fled_comes_back():
    aldo, berta, corin = member("fighter1", s=S), member("archer", "Berta", s=S), member("priest", "Corin", s=S)
    b = _battle(aldo, berta, corin)
    w = b.world
    w.update("blue_aldo", life=DEAD, hp=0)
    w.update("blue_berta", life=SURRENDERED, hp=3)
    w.update("blue_corin", life=FLED, hp=5)
    outcome = read_outcome(w, [], "red")
    keys = {"blue_aldo": "aldo", "blue_berta": "berta", "blue_corin": "corin"}
    after = after_battle(company(aldo, berta, corin), keys, w, outcome, kinds=S.kinds, story=2500, rng=Rng(1))
    assert after.member("aldo").standing == Standing.DEAD and after.member("aldo").xp == aldo.xp
    assert after.member("berta").standing == Standing.CAPTIVE and after.member("berta").hp == 3
    corin_after = after.member("corin")
    assert corin_after.standing == Standing.READY and corin_after.hp == 5 and corin_after.record.fled == 1
    assert corin_after.xp == corin.xp  # no foe defeated, and no story award for a defeat


def test_a_captive_is_ransomed_for_crowns_or_lost_before_the_next_battle():
    berta = replace(member("archer", "Berta", s=S), standing=Standing.CAPTIVE)
    price = ransom(berta, S.kinds, S.points)
    assert price == 50  # half of the 100 crowns an archer (10.0 points) is hired for
    freed = ransom_captives(company(berta, crowns=price), S.kinds, S.points)
    assert freed.member("berta").standing == Standing.READY and freed.crowns == 0
    state = begin(SPEC, "salt_road", 1, "baseline", False, S)
    state.company = replace(company(berta, crowns=price - 1), roster_limit=1)
    after = steward_camp(state, FORD, S)
    assert after.member("berta").standing == Standing.LOST and after.crowns == price - 1


def test_a_dead_member_is_in_no_later_battle():
    state = begin(SPEC, "salt_road", 2, "baseline", False, S)
    aldo = state.company.member("aldo")
    state.company = state.company.with_member(replace(aldo, standing=Standing.DEAD, hp=0))
    record = fight(state, SPEC, S)
    assert record is not None and "Aldo" not in record["fielded"]


def test_in_whole_campaigns_the_dead_are_never_fielded_again():
    deaths = 0
    for seed in range(1, 7):
        state = play_campaign(SPEC, begin(SPEC, "salt_road", seed, "baseline", False, S), S)
        dead: set[str] = set()
        for record in state.fought:
            assert not dead & set(record["fielded"]), (seed, dead, record["fielded"])
            dead |= {m["name"] for m in record["company"] if not m["alive"]}
        deaths += len(dead)
    assert deaths > 0  # the seeds above do kill members: the check saw some


def test_wounds_heal_a_point_a_day_on_the_march():
    # PHB: 'Characters heal naturally at a rate of 1 hit point per day of rest.'
    state = begin(SPEC, "salt_road", 1, "baseline", False, S)
    aldo = replace(state.company.member("aldo"), hp=2)
    state.company = replace(state.company.with_member(aldo), crowns=0)  # no rest or cure bought
    state.company = steward_camp(state, FORD, S)
    march(state, SPEC, S, [state.company.member("aldo")])
    assert state.company.member("aldo").hp == 2 + FORD.days and state.day == FORD.days

"""Numbers for the result screen, read from the event log."""

from __future__ import annotations

from game.core import events as ev


def strength_by_round(events: list[ev.Event]) -> dict[str, list[int]]:
    """Each side's hit points still able to fight, at the start and at the end of every round (a
    battle ended within a round: at its end): one point more than the rounds fought."""
    start = events[0]
    assert isinstance(start, ev.BattleStart)
    hp = {u.id: u.hp for u in start.units}
    side = {u.id: u.side for u in start.units}
    out_of_fight: set[str] = set()
    sides = sorted(set(side.values()))
    series: dict[str, list[int]] = {s: [] for s in sides}

    def sample() -> None:
        for s in sides:
            series[s].append(sum(max(0, hp[i]) for i in hp if side[i] == s and i not in out_of_fight))

    sample()
    in_round = False  # a battle ended at a round's end was sampled there: no second point for it
    for e in events:
        match e:
            case ev.RoundStart():
                in_round = True
            case ev.RoundEnd():
                in_round = False
                sample()
            case ev.BattleEnd() if in_round:
                sample()
            case ev.Damage():
                hp[e.id] = e.hp
            case ev.Death() | ev.Fled() | ev.Surrender() | ev.Flee():
                out_of_fight.add(e.id)
            case ev.Rally():
                out_of_fight.discard(e.id)
    return series

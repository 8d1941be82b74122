"""Numbers for the result screen, read from the event log."""

from __future__ import annotations


def strength_by_round(events: list[dict]) -> dict[str, list[int]]:
    """Each side's hit points still able to fight, at the start and at the end of every round."""
    start = events[0]
    hp = {u["id"]: u["hp"] for u in start["units"]}
    side = {u["id"]: u["side"] for u in start["units"]}
    out_of_fight: set[str] = set()
    sides = sorted(set(side.values()))
    series = {s: [] for s in sides}

    def sample() -> None:
        for s in sides:
            series[s].append(sum(max(0, hp[i]) for i in hp if side[i] == s and i not in out_of_fight))

    sample()
    for e in events:
        t = e["type"]
        if t == "damage":
            hp[e["id"]] = e["hp"]
        elif t in ("death", "fled", "surrender", "flee"):
            out_of_fight.add(e["id"])
        elif t == "rally":
            out_of_fight.discard(e["id"])
        elif t in ("round_end", "battle_end"):
            sample()
    return series

"""Events in words for the combat log: dice, modifiers and outcome, as a player reads them."""

from __future__ import annotations


def _name(uid: str | None, names: dict[str, str]) -> str:
    if uid is None:
        return "nobody"
    return names.get(uid, uid)


def _roll(r: dict) -> str:
    rolls = "+".join(str(v) for v in r["rolls"])
    if len(r["rolls"]) > 1:
        rolls = f"({rolls})"
    mod = r.get("mod", 0)
    return f"{r['dice']} {rolls}{f' {mod:+d}' if mod else ''} = {r['total']}"


def _mods(mods: list[dict]) -> str:
    shown = [f"{m['name'].replace('_', ' ')} {m['value']:+d}" for m in mods if m["value"]]
    return f" [{', '.join(shown)}]" if shown else ""


def describe(e: dict, names: dict[str, str]) -> str | None:
    """One line for an event, or None for events that need no line of their own."""
    t = e["type"]
    n = lambda key="id": _name(e.get(key), names)  # noqa: E731
    if t == "round_start":
        return f"— Round {e['round']} —"
    if t == "initiative":
        if e["mode"] == "group":
            parts = [f"{x['side']} {x['total']}" for x in e["entries"]]
            return "Initiative (group): " + ", ".join(parts) + f"; {e['sides'][0]} acts first"
        order = " > ".join(
            "[" + " = ".join(_name(i, names) for i in g) + "]" if len(g) > 1 else _name(g[0], names) for g in e["order"]
        )
        return f"Initiative: {order}"
    if t == "move":
        return f"{n()} moves {len(e['path']) - 1} to {tuple(e['path'][-1])}, facing {e['facing']}"
    if t == "turn":
        return None
    if t == "first_strike":
        why = "longer reach" if e["reason"] == "reach" else "greater size"
        return f"{n()} strikes first at {n('against')} ({why}, first round)"
    if t == "attack":
        verb = {"attack_of_opportunity": "takes a free swing at", "first_strike": "swings at"}.get(
            e.get("purpose", ""), "attacks"
        )
        if e["kind"] == "missile":
            verb = "shoots at"
        result = f"hits for {e['damage']}" if e["hit"] else "misses"
        text = (
            f"{n()} {verb} {n('target')} ({e['arc']}): {_roll(e['roll'])}{_mods(e['modifiers'])}"
            f" vs {e['needed']}: {result}"
        )
        if "knockdown_roll" in e:
            kd = e["knockdown_roll"]
            text += f"; knockdown {kd['dice']} = {kd['total']} vs {e['knockdown_needed']}"
        return text
    if t == "damage":
        return None
    if t == "death":
        return f"{n()} is slain" + (f" by {n('by')}" if e.get("by") in names else "")
    if t == "save":
        verdict = "saves" if e["success"] else "fails"
        what = {"knockdown": "to keep its feet", "retreat": "to stand its ground", "stand_fast": "to stand fast"}
        return f"{n()} {verdict} {what.get(e['purpose'], e['purpose'])}: {_roll(e['roll'])} vs {e['needed']}"
    if t == "retreat":
        text = f"{n('by')} drives {n()} back into a {e['space']} space {tuple(e['to'])}"
        if e.get("hazard", "none") != "none":
            text += f" — into the {e['hazard']}!"
        return text + (f"; {n('by')} follows" if e["followed"] else f"; {n('by')} holds")
    if t == "retreat_refused":
        why = {
            "level": "is too mighty to be driven back",
            "size": "is too big to be driven back",
            "knocked_down": "is down and cannot be driven back",
            "stood_fast": "stands fast",
            "declined": "is not pressed",
        }
        return f"{n()} {why.get(e['reason'], e['reason'])}" + (f" ({n('by')})" if e.get("by") else "")
    if t == "knockdown":
        return f"{n()} is knocked down ({e['cause'].replace('_', ' ')})"
    if t == "stand_up":
        return f"{n()} gets up"
    if t == "fatigue":
        if e["changed"]:
            return f"{n()} is {e['state']}"
        return None
    if t == "recover":
        return f"{n()} rests: {_roll(e['roll'])} vs {e['needed']}: " + (
            "recovers, now " + e["state"] if e["success"] else "still " + e["state"]
        )
    if t == "morale_check":
        total = e["rating"] + sum(m["value"] for m in e["modifiers"])
        sign = " " + " ".join(
            f"{'−' if m['value'] < 0 else '+'} {abs(m['value'])}" for m in e["modifiers"] if m["value"]
        )
        outcome = {"pass": "holds", "withdraw": "withdraws", "flee": "flees", "surrender": "surrenders"}[e["result"]]
        margin = f"fails by {e['margin']}" if e["margin"] > 0 else "passes"
        trig = e["trigger"].replace("_", " ")
        return (
            f"{n()} morale ({trig}): {e['roll']['dice']} = {e['roll']['total']} vs {e['rating']}{sign if sign.strip() else ''}"
            f" (= {total}): {margin}, {outcome}"
        )
    if t in ("flee", "withdraw", "surrender", "rally", "fled"):
        words = {
            "flee": "breaks and flees",
            "withdraw": "withdraws in good order",
            "surrender": "surrenders",
            "rally": "rallies",
            "fled": "has fled the field",
        }
        return f"{n()} {words[t]}"
    if t == "status":
        if e["effect"] == "prone":
            return f"{n()} will start the round prone"
        if e["effect"] == "unconscious":
            return f"{n()} falls unconscious"
        return f"{n()} suffers {e['amount']} from {e['effect']}"
    if t == "hazard":
        return f"{n()} falls into the {e['hazard']}: {_roll(e['roll'])}"
    if t == "end_step":
        return f"End of round: {e['step']}"
    if t in ("rest", "hold", "set_vs_charge"):
        return {"rest": f"{n()} rests", "hold": None, "set_vs_charge": f"{n()} sets to receive a charge"}[t]
    if t == "attack_lost":
        return f"{n()} loses its attack ({e['reason'].replace('_', ' ')})"
    if t == "battle_end":
        who = e["winner"] or "nobody"
        return f"The battle is over after {e['rounds']} rounds: {who} wins ({e['reason'].replace('_', ' ')})"
    if t == "battle_start":
        return f"{e['scenario']} (seed {e['seed']})"
    return None


def units_in(e: dict) -> list[str]:
    """The unit ids an event involves, for highlighting on the map."""
    out = []
    for key in ("id", "target", "by", "against"):
        v = e.get(key)
        if isinstance(v, str):
            out.append(v)
    return out

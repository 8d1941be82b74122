"""A battle's card in words: its briefing before it is fought (the field, the enemy, how many
fight, the march, the pay), and the campaign's end once it is over."""

from __future__ import annotations

from game.campaign.keys import VICTORY
from game.campaign.spec import END, BattleSpec, CampaignSpec
from game.levels import LEVEL_SHORT
from game.ui.campaign.run import Run

Line = tuple[str, int, bool]  # words, size, bold


def card_lines(run: Run, key: str | None = None) -> list[Line]:
    """The card of battle `key`, or of the next battle (the campaign's end once it is over)."""
    state = run.state
    if key is None and state.outcome is not None:
        won = state.outcome == VICTORY
        return [
            ("The campaign is won" if won else "The campaign is lost", 30, True),
            (f"After {len(state.fought)} battles and {state.day} days.", 20, False),
            (_survivors(run), 20, False),
        ]
    b = run.spec.battles.get(key or state.next)
    if b is None:
        return [(f"No battle {key or state.next!r} in this campaign", 20, True)]
    heading = "Next battle" if (key or state.next) == state.next and state.outcome is None else "Battle"
    return [(heading, 18, False), (b.title, 28, True), *brief(b, run.spec)]


def brief(b: BattleSpec, spec: CampaignSpec) -> list[Line]:
    """What the company is told before the battle."""
    lines: list[Line] = []
    if b.before:
        lines.append((b.before, 20, False))
    if b.generate is not None:
        g = b.generate
        article = "an" if g.terrain[:1] in "aeiou" else "a"
        field = f"{article} {g.terrain} field of {g.width}x{g.height} squares, made for this battle"
    else:
        field = "the campaign's own map"
    lines.append((f"The field: {field}.", 18, False))
    level = f"the {b.ai} AI ({LEVEL_SHORT.get(b.ai, '')})"
    if b.generate is not None and not b.enemy_points:
        enemy = f"as strong as the members you field, times {b.enemy_strength:g}, played by {level}"
    elif b.generate is not None:
        enemy = f"bought to {b.enemy_points} points, played by {level}"
    else:
        enemy = f"as the map places it, played by {level}"
    lines.append((f"The enemy: {enemy}.", 18, False))
    lines.append((f"Up to {b.fielded} members fight; the march takes {b.days} days.", 18, False))
    pay = f"Pay on a victory: {b.pay} crowns" + (
        f", and {b.xp} experience for each who fought and lived." if b.xp else "."
    )
    lines.append((pay, 18, False))
    after = ("won", b.victory), ("lost", b.defeat)
    leads = "; ".join(f"if {w}: {_next(n, b, spec)}" for w, n in after)
    lines.append((leads[:1].upper() + leads[1:] + ".", 18, False))  # str.capitalize would lower the titles
    return lines


def _next(key: str, b: BattleSpec, spec: CampaignSpec) -> str:
    if key == END:
        return "the campaign ends"
    return "this battle again" if key == b.id else f"on to {spec.battles[key].title if key in spec.battles else key}"


def _survivors(run: Run) -> str:
    c = run.state.company
    dead = [m.name for m in c.members if m.standing in ("dead", "lost")]
    ready = [m.name for m in c.ready]
    said = f"{c.name} ends with {len(ready)} members and {c.crowns} crowns"
    return said + (f"; lost on the way: {', '.join(dead)}." if dead else ".")

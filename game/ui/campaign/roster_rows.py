"""The camp's roster in words: each member's cells (kind, level, hit points and wounds,
experience, record, state), the members in the order the camp lists them, and the hires
offered with their prices."""

from __future__ import annotations

from typing import NamedTuple

from game.campaign.company import Member, Standing
from game.campaign.prices import hire_price
from game.campaign.tables import xp_to_next
from game.core.rules.creature import Kind
from game.ui.campaign.run import Run
from game.ui.common import spoken

# The columns: heading, left edge as a share of the roster's width.
COLUMNS = (
    ("", 0.0),
    ("name", 0.05),
    ("kind", 0.21),
    ("level", 0.43),
    ("hit points", 0.52),
    ("experience", 0.66),
    ("record", 0.83),
)


class Row(NamedTuple):
    member: Member
    cells: tuple[str, ...]  # one a column after the box
    state: str  # what the member is now, in words: "wounded", "held: 45 crowns to ransom"


def listed(run: Run) -> list[Member]:
    """The members the camp can act on: those with the company, then those held by the enemy."""
    return run.state.company.ready + run.state.company.captives


def fallen(run: Run) -> list[Member]:
    """The dead and the lost, listed apart."""
    return [m for m in run.state.company.members if m.standing in (Standing.DEAD, Standing.LOST)]


def kind_words(kind: Kind) -> str:
    """What a member is: its kind as a player calls it, with what tells it apart but its level
    (the roster's own column)."""
    _, details = spoken.kind_parts(kind)
    extra = [d for d in details if not d.endswith("level")]
    return spoken.called(kind) + (f" ({', '.join(extra)})" if extra else "")


def row(run: Run, m: Member) -> Row:
    kind = run.setting.kinds[m.kind]
    need = xp_to_next(kind.cls, m.level)
    xp = f"{m.xp:,}" + (f" / {need:,}" if need is not None else " (top)")
    r = m.record
    record = f"{r.battles} b, {len(r.kills)} k, {r.fled} f, {r.surrendered} s"
    hp = f"{m.hp} / {m.hp_max}" + (f" (-{m.wounds})" if m.wounds else "")
    return Row(m, (m.name, kind_words(kind), str(m.level), hp, xp, record), state_words(run, m))


def state_words(run: Run, m: Member) -> str:
    if m.standing == Standing.CAPTIVE:
        return f"held by the enemy: ransom {run.ransom_price(m)} crowns, or lost at the march"
    if m.standing == Standing.DEAD:
        return "dead"
    if m.standing == Standing.LOST:
        return "lost: never ransomed"
    if m.hp < m.hp_max / 2:
        return "badly wounded"
    return "wounded" if m.wounds else "fit"


class Hire(NamedTuple):
    kind: str
    words: str
    price: int


def hires(run: Run) -> list[Hire]:
    """The kinds the campaign hires, cheapest first, with their prices."""
    s = run.setting
    out = [Hire(k, _hire_words(run, k), hire_price(k, s.points)) for k in s.allowed if k in s.kinds and k in s.points]
    return sorted(out, key=lambda h: (h.price, h.kind))


def _hire_words(run: Run, key: str) -> str:
    kind = run.setting.kinds[key]
    _, details = spoken.kind_parts(kind)
    level = next((d for d in details if d.endswith("level")), "1st level")
    return f"{kind_words(kind)}, {level}"

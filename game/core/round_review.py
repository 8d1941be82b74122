"""The end of the round explained: every pair of creatures that fought in melee this round, and
whether one may drive the other back, and why or why not (docs/rules.md#forced-retreats).

Read from the battle's own record of the round (who did melee damage to whom, who hit whom) and
its log, judged by the engine's own rule (game.core.rules.outcome.retreat_claims): the window and
tests ask it; the engine never does."""

from __future__ import annotations

from dataclasses import dataclass

from game.core import events as ev
from game.core.battle import RETREAT, Battle
from game.core.rules.outcome import inflicts_melee_damage, retreat_claims
from game.core.systems import retreat

# What became of a pair, in words: {a} the attacker, {f} the foe, {why} a refusal's reason.
VERDICTS = {
    "now": "{a} hit {f} without being hit back: may drive it back (choosing now)",
    "waits": "{a} hit {f} without being hit back: may drive it back (after the pairs before)",
    "drove": "{a} hit {f} without being hit back and drove it back",
    "declined": "{a} hit {f} without being hit back, and chose not to drive it back",
    "stood_fast": "{a} hit {f} without being hit back; {f} stood fast",
    "fell": "{a} hit {f} without being hit back; {f} had no space to give ground and fell",
    "refused": "{a} hit {f} without being hit back, but {f} need not give ground: {why}",
    "hit_back": "{a} and {f} hit each other: neither gives ground",
    "unhurt": "{a} did {f} no melee damage",
    "lapsed": "{a} hit {f}, but one of them has left the fight",
}
# Why a foe need not give ground (game.core.systems.retreat.refusal and the log's reasons).
REASONS = {
    "level": "it is 4 or more levels or Hit Dice above",
    "size": "it is two sizes larger",
    "knocked_down": "it was knocked down (or lies prone)",
    "already_retreated": "it already gave ground to {first}",
}
# The order the window lists them in: what the retreat step settles first, what earned nothing last.
RANK = {"hit_back": 1, "unhurt": 2, "lapsed": 3}


@dataclass(frozen=True)
class Fight:
    """One creature's melee against one foe this round, and the retreat it may or did force."""

    attacker: str
    foe: str
    verdict: str  # a key of VERDICTS
    reason: str = ""  # a key of REASONS, for refused
    first: str | None = None  # already_retreated: whom the foe gave ground to

    @property
    def may(self) -> bool:
        """Whether the attacker earned the right to drive the foe back (hit without being hit back)."""
        return self.verdict not in ("hit_back", "unhurt")

    def words(self, names: dict[str, str] | None = None) -> str:
        """The pair in a sentence, creatures by their names (ids without `names`)."""

        def name(uid: str | None) -> str:
            return (names or {}).get(uid or "", uid or "")

        why = REASONS.get(self.reason, "").format(first=name(self.first))
        return VERDICTS[self.verdict].format(a=name(self.attacker), f=name(self.foe), why=why)


def round_events(b: Battle, round_: int) -> list[ev.Event]:
    """The events of one round, from its round_start to the next one (or the end of the log)."""
    events = b.events
    starts = [i for i, e in enumerate(events) if isinstance(e, ev.RoundStart)]
    if not 1 <= round_ <= len(starts):
        return []
    stop = starts[round_] if round_ < len(starts) else len(events)
    return events[starts[round_ - 1] : stop]


def review(b: Battle, round_: int | None = None) -> list[Fight]:
    """Every melee pair of a round (the one in progress by default), the pairs that earned a
    retreat first, in the order they are (or were) settled, then those that earned nothing.

    Read from the round's log: a pair earns a retreat when one did melee damage to the other and
    took no hit from it. For the round in progress, the pairs still to settle are judged on the
    battle as it stands; in a round gone by, a pair the log never settled had lapsed."""
    live = round_ is None or round_ == b.round
    events = round_events(b, b.round if round_ is None else round_)
    fought: list[tuple[str, str]] = []
    damaged: set[tuple[str, str]] = set()
    hits: set[tuple[str, str]] = set()
    for e in events:
        if isinstance(e, ev.Attack):
            if e.hit:
                hits.add((e.id, e.target))
            if e.kind == "melee":
                if (e.id, e.target) not in fought:
                    fought.append((e.id, e.target))
                if inflicts_melee_damage(e.kind, e.damage):
                    damaged.add((e.id, e.target))
        elif isinstance(e, ev.Damage) and e.source in b.world.units:
            hits.add((e.source, e.id))  # a spell's damage is a hit in return too (docs/rules.md#forced-retreats)
    settled = _settled(events)
    later = {p: i for i, p in enumerate(retreat.pairs(b.ctx, b.attacker_order))} if live else {}
    claims = set(retreat_claims(damaged, hits))  # the engine's own rule, on the log's record
    earned = [p for p in fought if p in claims]
    earned.sort(key=lambda p: (p not in settled, list(settled).index(p) if p in settled else later.get(p, len(later))))
    # A pair that earned nothing has nothing to say once one of it was killed this round (issue
    # 22: "Priest and Ogre hit each other" after the priest died); a claim cut short lapses.
    dead = {e.id for e in events if isinstance(e, ev.Death)}
    out = [settled.get(p) or (_to_come(b, *p) if live else Fight(*p, "lapsed")) for p in earned]
    for a, f in fought:
        if (a, f) in earned or dead & {a, f}:
            continue
        if (a, f) in damaged and (f, a) in hits:
            if (f, a) not in damaged or (f, a) not in fought[: fought.index((a, f))]:
                out.append(Fight(a, f, "hit_back"))  # both hurt each other: one line for the two
        else:
            out.append(Fight(a, f, "unhurt"))
    out.sort(key=lambda x: RANK.get(x.verdict, 0))  # stable: the settling order stays
    return out


def _settled(events: list[ev.Event]) -> dict[tuple[str, str], Fight]:
    """What the log says the retreat step did with each pair so far."""
    out: dict[tuple[str, str], Fight] = {}
    for e in events:
        if isinstance(e, ev.Retreat):
            out[(e.by, e.id)] = Fight(e.by, e.id, "drove")
        elif isinstance(e, ev.RetreatRefused):
            if e.reason in ("declined", "stood_fast"):
                out[(e.by, e.id)] = Fight(e.by, e.id, e.reason)
            else:
                first = e.detail if e.reason == "already_retreated" else None
                out[(e.by, e.id)] = Fight(e.by, e.id, "refused", e.reason, first)
        elif isinstance(e, ev.Knockdown) and e.cause == "no_retreat_space" and e.by is not None:
            out[(e.by, e.id)] = Fight(e.by, e.id, "fell")
    return out


def _to_come(b: Battle, a: str, f: str) -> Fight:
    """A pair of the round in progress, not settled yet, in which `a` hit `f` without being hit
    back: what the retreat step will make of it, as the battle stands."""
    au, fu = b.world[a], b.world[f]
    if not (au.able and fu.able):
        return Fight(a, f, "lapsed")
    first = b.ctx.rs.retreated.get(f)
    if first is not None:
        return Fight(a, f, "refused", "already_retreated", first)
    why = retreat.refusal(b.ctx, au, fu)
    if why is not None:
        return Fight(a, f, "refused", why)
    if b.state == RETREAT and b.retreat_pairs and b.retreat_pairs[0] == (a, f):
        return Fight(a, f, "now")
    return Fight(a, f, "waits")

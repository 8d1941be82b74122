"""The army being bought: the kinds on offer with their points, what is bought, and the two
limits a purchase must keep (the budget, and the room the player's zone has)."""

from __future__ import annotations

from collections.abc import Mapping

from game.core.rules.creature import Kind
from game.ui.common.spoken import kind_words, spell_list, whole
from game.ui.quick.army_lists import Army


class ArmyModel:
    """`kinds`: the catalogue; `prices`: points by kind (only priced kinds are on offer)."""

    def __init__(
        self, kinds: Mapping[str, Kind], prices: Mapping[str, float], budget: int, room: int, army: Army = ()
    ) -> None:
        self.kinds = kinds
        self.prices = prices
        self.offered = sorted((k for k in kinds if prices.get(k, 0) > 0), key=lambda k: (prices[k], k))
        self.budget = budget
        self.room = room
        self.counts: dict[str, int] = {}
        self.take(army)

    @property
    def spent(self) -> float:
        return sum(self.prices[k] * n for k, n in self.counts.items())

    @property
    def left(self) -> float:
        return self.budget - self.spent

    def squares(self) -> int:
        return sum(self.kinds[k].squares ** 2 * n for k, n in self.counts.items())

    def refusal(self, key: str) -> str | None:
        """Why one more of `key` cannot be bought, or None."""
        kind, price = self.kinds[key], self.prices[key]
        if price > self.left + 1e-9:
            return f"Over budget: {kind_words(kind, 1)} costs {points(price)} points, with {points(self.left)} left"
        if self.squares() + kind.squares**2 > self.room:
            return f"No room: your deployment zone holds no more than {self.room} squares of creatures"
        return None

    def add(self, key: str) -> str | None:
        """Buy one more of `key`; the refusal, if it is refused."""
        why = self.refusal(key)
        if why is None:
            self.counts[key] = self.counts.get(key, 0) + 1
        return why

    def remove(self, key: str) -> None:
        if self.counts.get(key, 0) > 1:
            self.counts[key] -= 1
        else:
            self.counts.pop(key, None)

    def army(self) -> Army:
        return tuple((k, n) for k, n in self.counts.items() if n > 0)

    def kinds_bought(self) -> list[Kind]:
        return [self.kinds[k] for k, n in self.counts.items() for _ in range(n)]

    def take(self, army: Army) -> str | None:
        """Replace the army by a saved one; refused (and nothing changed) where it names a kind
        not on offer or goes over the budget or the room."""
        old = self.counts
        self.counts = {}
        for key, n in army:
            if key not in self.offered:
                self.counts = old
                return f"the list names {key!r}, which is not in the catalogue"
            for _ in range(n):
                why = self.add(key)
                if why:
                    self.counts = old
                    return f"that list does not fit: {why[0].lower()}{why[1:]}"
        return None


def points(value: float) -> str:
    """Points as the screen shows them: whole numbers (issue 37: "3.6 pts" asked the player to
    add tenths); the purchase still adds the prices' fractions."""
    return whole(value)


def key_numbers(kind: Kind) -> str:
    """AC, HD, move, weapons and spells, one line."""
    hd = f"{kind.hd:g}" + (f"{kind.hd_bonus:+d}" if kind.hd_bonus else "")
    words = [f"AC {kind.ac}", f"HD {hd}", f"MV {kind.mv}", ", ".join(w.name for w in kind.weapons) or "no weapon"]
    if kind.spells:
        words.append(f"spells: {spell_list(kind.spells)}")
    return "   ".join(words)

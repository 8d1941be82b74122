"""The AI's levels, by name: a module of its own so that what only names a level (a lesson
script, the settings, a replay) need not import the AI itself."""

from dataclasses import dataclass

LEVELS = ("random", "baseline", "normal", "hard", "expert")
# The parameters a level takes after its name (`expert:think=0.2`, `expert:playouts=200`), each
# with its bounds: a budget in seconds for the window, in playouts for what must repeat exactly.
PARAMETERS: dict[str, dict[str, tuple[type, float, float]]] = {
    "expert": {"think": (float, 0.01, 60.0), "playouts": (int, 1, 100_000)},
}


@dataclass(frozen=True)
class Level:
    """A level as named, with its parameters (those it was not given are absent)."""

    name: str
    think: float | None = None
    playouts: int | None = None


def parse_level(text: str) -> Level:
    """`name` or `name:key=value,key=value`; a ValueError says in one line what is wrong."""
    name, _, rest = text.partition(":")
    if name not in LEVELS:
        raise ValueError(f"level {text[:40]!r} is unknown; choose one of {', '.join(LEVELS)}")
    allowed = PARAMETERS.get(name, {})
    given: dict[str, float] = {}
    for item in rest.split(",") if rest else []:
        key, eq, raw = item.partition("=")
        if key not in allowed or not eq:
            known = ", ".join(f"{k}=N" for k in allowed) or "no parameters"
            raise ValueError(f"level {name} takes {known}, not {item[:40]!r}")
        kind, low, high = allowed[key]
        try:
            number = kind(raw)
        except ValueError:
            raise ValueError(f"{name}'s {key} must be a number, not {raw[:20]!r}") from None
        if not low <= number <= high:
            raise ValueError(f"{name}'s {key} must be from {kind(low)} to {kind(high)}, not {raw[:20]}")
        given[key] = number
    if "think" in given and "playouts" in given:
        raise ValueError(f"{name} takes a budget in seconds (think) or in playouts, not both")
    playouts = given.get("playouts")
    return Level(name, given.get("think"), None if playouts is None else int(playouts))


# What the expert's default half second buys on this 2-core machine, in playouts (bench/README.md,
# "The expert": the median over the match's fields; more on a small field, fewer on a big one):
# the budget of a plain `expert` wherever its games must repeat exactly.
EXPERT_PLAYOUTS = 36


def repeatable(text: str) -> str:
    """A level as batch games play it: a plain `expert` searches a budget of playouts, not of
    seconds, so a game gives the same result on any machine, under any load, for any --jobs."""
    return f"expert:playouts={EXPERT_PLAYOUTS}" if text == "expert" else text


# The levels a player chooses among in the menus and the quick battle's setup (and the settings
# keep). The expert joins them when a match shows it stronger than hard (bench/README.md, "The
# expert"): a level called expert that plays no better than normal would mislead a player.
MENU_LEVELS = tuple(level for level in LEVELS if level != "expert")


def words(level: str) -> str:
    """What a player choosing `level` is told (LEVEL_WORDS, with its own budget if it has one)."""
    spec = parse_level(level)
    said = LEVEL_WORDS[spec.name]
    return said if spec.think is None else said.replace("thinks 0.5 s", f"thinks {spec.think:g} s")


def shown(level: str) -> str:
    """A level as a player reads it: `expert, 2 s` for `expert:think=2`."""
    spec = parse_level(level)
    return spec.name if spec.think is None else f"{spec.name}, {spec.think:g} s"


def short(level: str) -> str:
    """The same in a few words (LEVEL_SHORT)."""
    spec = parse_level(level)
    return LEVEL_SHORT[spec.name] if spec.think is None else f"{LEVEL_SHORT[spec.name]}, {spec.think:g} s"


def level_problem(text: str) -> str | None:
    """What is wrong with a level as written, in one line, or None."""
    try:
        parse_level(text)
    except ValueError as e:
        return str(e)
    return None


# What a player choosing a level is told: how it plays, how much stronger it measured than the
# level below (`rout match`, paired games on fields not tuned on: bench/README.md, "The ladder
# today"; tests/test_level_words.py holds the two together) and how long it thinks a decision
# (bench/README.md, "Decision time"). Measured, not promised: a level changed is measured again.
LEVEL_WORDS = {
    "random": "picks any legal order: a yardstick, not an opponent",
    "baseline": "closes in and strikes; about +424 Elo over random",
    "normal": "weighs flanks, rears, hazards, leaders and fatigue; about +330 Elo over baseline; 1-3 ms a decision",
    "hard": "normal that looks at the blows a move invites; not measurably stronger than normal yet "
    "(+11 Elo); 2-4 ms a decision",
    "expert": "plays its best few moves forward, by normal's play around it, and keeps the best; not "
    "measurably stronger than hard yet (+19 Elo); thinks 0.5 s a decision",
}
# The same in a few words, beside the level's name where there is no room for more.
LEVEL_SHORT = {
    "random": "a yardstick",
    "baseline": "+424 over random",
    "normal": "+330 over baseline",
    "hard": "about normal's strength",
    "expert": "about hard's strength",
}

"""The rules version: the number of the rules a battle is played under. A save, a replay and a
network handshake carry it, so a battle saved under other rules is told apart from a damaged
one, and two machines under different rules never start a battle that would part at its first
roll. It goes up by one whenever the golden logs change (bench/golden_logs.py: any change to what
the engine or the AI does with the same commands or seeds); tests/test_rules_version.py holds the
two together (docs/architecture.md, "Changing the rules")."""

from __future__ import annotations

RULES = 3  # the rules this Rout plays

# Each version's golden logs, as tests/test_rules_version.py digests both files: a re-recording
# adds a version here, never edits one (0 is every battle saved before versions were written).
GOLDEN: dict[int, str] = {
    1: "cc4b9af8c63cf84cffed669266ca2edf9b4e7d12ccb02ee99bcd238a5892a74f",
    # Issue 38: burning the round after, hazard kills credited, only settable weapons set, first
    # strikes use up nothing else, a pike's one swing, waiting's -1 and its ties; the slow lesson.
    2: "d6118ad5cedf9047c11d1cc797531587f2e1651d5042947ec8609a04b20c25df",
    # The AI offers quarter to a foe once a round (a second offer brings no second check), casts
    # nothing when the spell would be lost (its caster hurt this round), and weighs the blows a
    # walk to cast draws (one that lands loses the spell).
    3: "0d23d5e5f996bffd412d889db042190ef7672ca2a9c6b2cb426b1bd3076a21c0",
}


def described(version: int) -> str:
    """The version in words, for a line about a file or a peer."""
    return "rules from before rules versions" if version == 0 else f"rules version {version}"

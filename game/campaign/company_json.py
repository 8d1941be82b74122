"""The company as JSON, and back: what a campaign save holds of it (docs/formats.md#campaign-saves).
Reading checks every value, so a damaged save is refused in one line, never half read."""

from __future__ import annotations

from typing import Any

from game.campaign.company import Company, Member, Record, Standing

_STANDINGS = tuple(s.value for s in Standing)


class SaveFault(ValueError):
    """A value of a campaign save that is not what the game writes."""


def company_json(c: Company) -> dict[str, Any]:
    return {
        "name": c.name,
        "crowns": c.crowns,
        "roster_limit": c.roster_limit,
        "members": [member_json(m) for m in c.members],
    }


def member_json(m: Member) -> dict[str, Any]:
    return {
        "key": m.key,
        "name": m.name,
        "kind": m.kind,
        "level": m.level,
        "xp": m.xp,
        "hp": m.hp,
        "hp_max": m.hp_max,
        "standing": m.standing.value,
        "alive": m.standing != Standing.DEAD,
        "battles": m.record.battles,
        "kills": list(m.record.kills),
        "fled": m.record.fled,
        "surrendered": m.record.surrendered,
    }


def get(d: object, key: str, typ: type, where: str, most: int = 10**9) -> Any:
    if not isinstance(d, dict) or key not in d:
        raise SaveFault(f"{where}: {key} is missing")
    value = d[key]
    if not isinstance(value, typ) or (typ is int and isinstance(value, bool)):
        raise SaveFault(f"{where}: {key} must be {typ.__name__}, not {type(value).__name__}")
    if isinstance(value, int) and not 0 <= value <= most:
        raise SaveFault(f"{where}: {key} {value} is out of range")
    return value


def read_company(d: object) -> Company:
    members = [read_member(m, f"company member {i + 1}") for i, m in enumerate(get(d, "members", list, "company"))]
    if len({m.key for m in members}) != len(members):
        raise SaveFault("company: two members have the same key")
    return Company(
        get(d, "name", str, "company"),
        get(d, "crowns", int, "company"),
        tuple(members),
        get(d, "roster_limit", int, "company"),
    )


def read_member(d: object, where: str) -> Member:
    standing = get(d, "standing", str, where)
    if standing not in _STANDINGS:
        raise SaveFault(f"{where}: standing must be one of {', '.join(_STANDINGS)}, not {standing[:20]!r}")
    kills = get(d, "kills", list, where)
    if not all(isinstance(k, str) for k in kills):
        raise SaveFault(f"{where}: kills must be kind keys")
    hp, hp_max = get(d, "hp", int, where), get(d, "hp_max", int, where)
    if hp > hp_max:
        raise SaveFault(f"{where}: hp {hp} is above hp_max {hp_max}")
    record = Record(
        get(d, "battles", int, where), tuple(kills), get(d, "fled", int, where), get(d, "surrendered", int, where)
    )
    return Member(
        get(d, "key", str, where),
        get(d, "name", str, where),
        get(d, "kind", str, where),
        get(d, "level", int, where),
        get(d, "xp", int, where),
        hp,
        hp_max,
        Standing(standing),
        record,
    )

"""What the campaigns' screen offers: each shipped campaign to begin (the list `rout campaign
list` prints), and each campaign save in the data folder to take up, newest first. A save that
cannot be read is offered with the reason, and refused when chosen."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from game.campaign.keys import DEFEAT, VICTORY
from game.campaign.saves import CampaignSaveError, load_save, saves_folder
from game.campaign.spec import CampaignError, CampaignSpec, read_campaign
from game.home.bundled import shipped_campaigns


@dataclass(frozen=True)
class Offer:
    """One line of the list: a campaign to begin (`spec`) or a save to take up (`path`)."""

    title: str
    about: str
    spec: CampaignSpec | None = None
    path: Path | None = None
    ironman: bool = False
    ended: bool = False


def shipped() -> list[Offer]:
    out = []
    for folder in shipped_campaigns():
        try:
            spec = read_campaign(folder)
        except CampaignError as e:
            out.append(Offer(folder.name, f"cannot be read: {e}"))
            continue
        out.append(Offer(spec.title, spec.about, spec=spec))
    return out


def saved(folder: Path | None = None) -> list[Offer]:
    """The campaign saves, newest first: each campaign's newest, and the stops kept after each
    battle of a campaign that is not ironman."""
    folder = folder or saves_folder()
    found = [p for p in folder.glob("*.json") if not p.name.startswith(".")] if folder.is_dir() else []
    paths = sorted(found, key=lambda p: (-p.stat().st_mtime, p.name))  # dot-files: a write under way
    return [_offer(p) for p in paths]


def _offer(path: Path) -> Offer:
    try:
        state = load_save(path)
    except CampaignSaveError as e:
        return Offer(path.stem, str(e), path=path)
    c = state.company
    stop = path.stem.rpartition(".battle-")[2] if ".battle-" in path.stem else ""
    where = f"after battle {stop}" if stop else f"{len(state.fought)} battles fought"
    if state.interrupted is not None:
        where = f"battle {len(state.fought) + 1} under way, taken up where it stands"
    end = {VICTORY: "won", DEFEAT: "lost"}.get(state.outcome or "", "")
    about = f"{Path(state.campaign).name}: {where}, day {state.day}, {c.crowns} crowns, {len(c.ready)} ready"
    if end:
        about += f"; the campaign was {end}"
    return Offer(c.name, about, path=path, ironman=state.ironman, ended=bool(end))

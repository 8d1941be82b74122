"""Campaign saves (docs/formats.md#campaign-saves): where a campaign stands, written whole or not at
all (a temporary file renamed into place, game/save/files.py), so a run killed between battles
leaves the last save whole. Autosaves live in the data folder's `campaigns/`: NAME.json, the
newest, and, unless the campaign is ironman, NAME.battle-N.json after each battle N, so an
earlier stop can be taken up again. An ironman campaign keeps the one save only: a lost battle
cannot be reloaded over."""

from __future__ import annotations

import json
import re
from pathlib import Path

from game.campaign.company_json import SaveFault
from game.campaign.state import CampaignState, read_state
from game.home.user_dirs import data_dir, made
from game.save.files import target_problem, write_atomic
from game.scenario.input_files import NotReadable, read_input

SAVE_BYTES = 4 * 1024 * 1024  # a long endless campaign's save is tens of KB
MARK = "rout-campaign"  # the first key of every campaign save: what may be written over


class CampaignSaveError(ValueError):
    """A save that cannot be read or written, in one line naming it."""


def saves_folder() -> Path:
    return data_dir() / "campaigns"


def autosave_path(state: CampaignState) -> Path:
    """The newest save of a campaign: named after the campaign and its company."""
    stem = re.sub(r"[^a-z0-9]+", "-", f"{Path(state.campaign).name} {state.company.name}".lower()).strip("-")
    return saves_folder() / f"{stem or 'campaign'}.json"


def save_text(state: CampaignState) -> str:
    return json.dumps({MARK: 1, **state.to_json()}, indent=1, ensure_ascii=False) + "\n"


def write_save(state: CampaignState, path: Path) -> None:
    """Write the save at path, whole or not at all; refuse (CampaignSaveError) to write over
    anything that is not a campaign save."""
    why = target_problem(path)
    if why is None and path.exists() and not _is_save(path):
        why = "is not a campaign save; refusing to write over it"
    if why:
        raise CampaignSaveError(f"{path}: {why}")
    write_atomic(path, save_text(state))


def autosave(state: CampaignState, path: Path | None = None) -> Path:
    """The save between battles: the newest at `path` (the data folder's by default) and, unless
    the campaign is ironman, a copy for this stop beside it."""
    target = path or autosave_path(state)
    if path is None:
        made(target.parent)
    write_save(state, target)
    if not state.ironman and state.fought:
        write_save(state, target.with_name(f"{target.stem}.battle-{len(state.fought)}.json"))
    return target


def _is_save(path: Path) -> bool:
    try:
        data = json.loads(read_input(path, SAVE_BYTES).decode("utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(data, dict) and data.get(MARK) == 1


def load_save(path: str | Path) -> CampaignState:
    """The state a save holds; CampaignSaveError in one line if it is not a whole campaign save."""
    try:
        data = json.loads(read_input(path, SAVE_BYTES).decode("utf-8"))
    except FileNotFoundError:
        raise CampaignSaveError(f"{path}: no such save") from None
    except NotReadable as e:
        raise CampaignSaveError(f"{path}: {e.strerror}") from None
    except OSError as e:
        raise CampaignSaveError(f"{path}: cannot be read: {e.strerror or e}") from None
    except (ValueError, RecursionError):
        raise CampaignSaveError(f"{path}: is not a campaign save (not JSON)") from None
    if not isinstance(data, dict) or data.get(MARK) != 1:
        raise CampaignSaveError(f"{path}: is not a campaign save")
    try:
        return read_state(data)
    except SaveFault as e:
        raise CampaignSaveError(f"{path}: {e}") from None

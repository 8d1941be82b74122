"""The bodies of `rout campaign list | play | resume`: a campaign played headless, battle after
battle, its record printed as lines or JSON; with --games, its difficulty curve."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from game.campaign.curve import Curve
from game.campaign.march import NotResumable
from game.campaign.play import BATTLES_MAX, begin, outcome, play_campaign
from game.campaign.saves import CampaignSaveError, autosave, load_save, write_save
from game.campaign.setting import Setting, setting
from game.campaign.spec import CampaignSpec, read_campaign
from game.campaign.state import CampaignState
from game.cli import bounds
from game.cli.outputs import UsageError
from game.home.bundled import campaign_path, shipped_campaigns
from game.play.runner import in_pool


def cmd_list(args: argparse.Namespace) -> int:
    found = [(d.name, read_campaign(d)) for d in shipped_campaigns()]
    if args.json:
        print(json.dumps([{"name": n, "title": s.title, "about": s.about} for n, s in found], indent=1))
    for name, spec in [] if args.json else found:
        print(f"{name}: {spec.title}. {spec.about}")
    return 0


def _named(spec: CampaignSpec) -> str:
    """How a save names its campaign: a shipped one by its name (an installed game moves its
    folder), any other by its whole path."""
    shipped = {d.resolve() for d in shipped_campaigns()}
    return spec.name if spec.folder.resolve() in shipped else str(spec.folder.resolve())


def _limit(args: argparse.Namespace, spec: CampaignSpec) -> int:
    if not 1 <= args.battles <= BATTLES_MAX:
        raise UsageError(f"--battles must be from 1 to {BATTLES_MAX}, not {args.battles}")
    return args.battles if spec.endless else BATTLES_MAX


def cmd_play(args: argparse.Namespace) -> int:
    spec = read_campaign(args.campaign)
    why = bounds.games(args.games, args.seed) or (bounds.jobs(args.jobs) if args.games > 1 else None)
    if why:
        raise UsageError(why)
    if args.games > 1 and (args.save or args.ironman):
        raise UsageError("--save and --ironman are for one campaign, not --games")
    limit = _limit(args, spec)
    if args.games > 1:
        return _curve(args, spec, limit)
    s = setting(spec)
    state = begin(spec, _named(spec), args.seed, args.ai, args.ironman, s)
    return _go_on(args, spec, state, s, limit, Path(args.save) if args.save else None)


def cmd_resume(args: argparse.Namespace) -> int:
    try:
        state = load_save(args.save)
    except CampaignSaveError as e:
        raise UsageError(str(e)) from None
    spec = read_campaign(campaign_path(state.campaign))
    if state.next not in spec.battles and state.outcome is None:
        raise UsageError(f"{args.save}: the campaign has no battle {state.next!r} any more")
    return _go_on(args, spec, state, setting(spec), _limit(args, spec), Path(args.save))


def _go_on(
    args: argparse.Namespace, spec: CampaignSpec, state: CampaignState, s: Setting, limit: int, save: Path | None
) -> int:
    try:
        where = autosave(state, save)
    except CampaignSaveError as e:  # nothing is played that could not be kept
        raise UsageError(str(e)) from None
    # Each round's end keeps the battle so far: a run killed mid-battle takes it up where it stood.
    try:
        play_campaign(
            spec, state, s, limit=limit, after=lambda st: autosave(st, where), during=lambda st: write_save(st, where)
        )
    except NotResumable as e:
        raise UsageError(f"{where}: {e}") from None
    if args.json:
        print(json.dumps(report(spec, state), indent=1, ensure_ascii=False))
        return 0
    for i, b in enumerate(state.fought, 1):
        back = [m for m in b["company"] if m["name"] in b["fielded"] and m["standing"] == "ready"]
        print(f"{i}. {b['name']} (day {b['day']}): {_said(b['winner'])}; {len(back)} of {len(b['fielded'])} back")
    print(f"{spec.title}: {outcome(state)} after {len(state.fought)} battles; saved in {where}")
    return 0


def _said(winner: str) -> str:
    return {"company": "the company wins", "enemy": "the enemy wins"}.get(winner, "a draw")


def report(spec: CampaignSpec, state: CampaignState) -> dict[str, Any]:
    """A campaign played, as JSON: its outcome, each battle fought in order, the company at the end."""
    return {
        "campaign": spec.name,
        "title": spec.title,
        "seed": state.seed,
        "ai": state.ai,
        "outcome": outcome(state),
        "days": state.day,
        "crowns": state.company.crowns,
        "battles": state.fought,
        "company": state.fought[-1]["company"] if state.fought else [],
    }


def _one(task: tuple[str, int, str, int]) -> tuple[str | None, list[dict[str, Any]]]:
    """One campaign of a curve, in a worker: its outcome and its battles."""
    folder, seed, ai, limit = task
    spec = read_campaign(folder)
    s = setting(spec)
    state = play_campaign(spec, begin(spec, folder, seed, ai, False, s), s, limit=limit)
    return outcome(state), state.fought


def _curve(args: argparse.Namespace, spec: CampaignSpec, limit: int) -> int:
    tasks = iter([(args.campaign, seed, args.ai, limit) for seed in range(args.seed, args.seed + args.games)])
    curve = Curve(endless=spec.endless)
    for ended, battles in in_pool(_one, tasks, args.jobs) if args.jobs > 1 else map(_one, tasks):
        curve.add(ended, battles)
    if args.json:
        print(json.dumps({"campaign": spec.name, "seed": args.seed, "ai": args.ai, **curve.as_json(spec)}, indent=1))
    else:
        print("\n".join(curve.lines(spec)))
    return 0

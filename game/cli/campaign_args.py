"""`rout campaign list | play | resume` (docs/campaigns.md, "Campaigns"): the parser alone; the bodies
(game/cli/campaign.py, and the AI behind them) are imported when a command runs."""

from __future__ import annotations

import argparse
from typing import Any

from game.cli import bounds
from game.home.bundled import campaign_path
from game.levels import LEVELS


def _run(args: argparse.Namespace) -> int:
    from game.cli import campaign  # noqa: PLC0415  # the AI and the runner load only when a campaign runs

    body: int = getattr(campaign, f"cmd_{args.campaign_command}")(args)
    return body


def add_parser(sub: Any) -> None:
    c = sub.add_parser("campaign", help="campaigns: list the shipped ones, play one headless, go on with a save")
    inner = c.add_subparsers(dest="campaign_command", parser_class=type(c), required=True)
    ls = inner.add_parser("list", help="name the shipped campaigns")
    ls.add_argument("--json", action="store_true")
    pl = inner.add_parser("play", help="play a whole campaign, the AI choosing for the company")
    pl.add_argument("campaign", type=campaign_path, help="a campaign's folder, or a shipped campaign by name")
    pl.add_argument(
        "--ai", default="normal", choices=LEVELS, help="the company's AI level (the enemy's: each battle's)"
    )
    pl.add_argument("--seed", type=bounds.seed, default=1)
    pl.add_argument("--games", type=int, default=1, help="campaigns over seeds N..N+K-1: each battle's win rate")
    pl.add_argument("--jobs", type=int, default=1, help="with --games: campaigns in parallel (the same results)")
    pl.add_argument("--battles", type=int, default=10, help="an endless campaign's battles (default 10)")
    pl.add_argument("--ironman", action="store_true", help="keep a single save, which a lost battle writes over")
    pl.add_argument("--save", metavar="FILE", help="the save to keep between battles (default: the data folder's)")
    pl.add_argument("--json", action="store_true")
    rs = inner.add_parser("resume", help="go on with a campaign save, the AI choosing for the company")
    rs.add_argument("save", help="a campaign save (rout campaign play writes them between battles)")
    rs.add_argument("--battles", type=int, default=10, help="an endless campaign's battles in all (default 10)")
    rs.add_argument("--json", action="store_true")
    for p in (ls, pl, rs):
        p.set_defaults(func=_run)

"""`rout campaign list | play` end to end (docs/campaigns.md, "Campaigns"): the shipped campaigns named, a
whole campaign played with its record in JSON, the difficulty curve over several seeds, bad input
refused in one line."""

from __future__ import annotations

import json

import pytest

from tests.campaign.helpers import SALT_ROAD
from tests.command_line import one_line_error, rout, rout_here


def test_list_names_the_shipped_campaigns():
    r = rout_here("campaign", "list", "--json")
    assert r.returncode == 0, r.stderr
    assert "contracts" in [c["name"] for c in json.loads(r.stdout)]
    assert rout_here("campaign", "list").stdout.startswith("contracts: Contracts.")


@pytest.mark.slow
def test_play_reports_each_battle_and_the_company_after_it_as_a_user_runs_it(tmp_path):
    r = rout("campaign", "play", str(SALT_ROAD), "--ai", "baseline", "--seed", "3", "--json", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    report = json.loads(r.stdout)
    assert report["outcome"] in ("victory", "defeat")
    battles = report["battles"]
    assert [b["id"] for b in battles][:1] == ["ford"] and 1 <= len(battles) <= 2
    for b in battles:
        assert b["name"] and b["winner"] in ("company", "enemy", "draw")
        for m in b["company"]:
            assert {"name", "hp", "xp", "level", "alive"} <= m.keys()
            assert m["alive"] == (m["standing"] != "dead") and 0 <= m["hp"] <= m["hp_max"]
    # The story award of the ford (2500 XP) lifts its surviving fielded members a level at least.
    ford = battles[0]
    if ford["winner"] == "company":
        back = [m for m in ford["company"] if m["name"] in ford["fielded"] and m["alive"]]
        assert back and all(m["level"] >= 2 for m in back)


def test_games_gives_each_battles_win_rate_with_its_95_percent_interval():
    r = rout_here("campaign", "play", str(SALT_ROAD), "--ai", "baseline", "--seed", "1", "--games", "4", "--json")
    assert r.returncode == 0, r.stderr
    curve = json.loads(r.stdout)
    assert curve["games"] == 4 and [b["id"] for b in curve["battles"]] == ["ford", "camp"]
    ford = curve["battles"][0]
    assert ford["fought"] == 4 and 0 <= ford["ci"][0] <= ford["rate"] <= ford["ci"][1] <= 1
    assert 0 <= curve["outcome"]["victories"] <= 4
    text = rout_here("campaign", "play", str(SALT_ROAD), "--ai", "baseline", "--seed", "1", "--games", "4")
    assert "The Ford at Dunmere: won" in text.stdout and "95% CI" in text.stdout


def test_bad_input_is_refused_in_one_line(tmp_path):
    one_line_error(rout_here("campaign", "play", str(tmp_path)), "there is no campaign.toml here")
    one_line_error(rout_here("campaign", "play", "contracts", "--battles", "0"), "--battles must be from 1 to 100")
    one_line_error(rout_here("campaign", "play", "contracts", "--games", "0"), "--games must be from 1")
    one_line_error(rout_here("campaign", "play", "contracts", "--ai", "genius"), "invalid choice: 'genius'")
    one_line_error(
        rout_here("campaign", "play", "contracts", "--games", "2", "--ironman"),
        "--save and --ironman are for one campaign",
    )

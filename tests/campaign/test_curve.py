"""The difficulty curve (game/campaign/curve.py): each battle's win rate with its Wilson 95%
interval (game/play/tally.py), a story's battles by id, an endless campaign's by their place."""

from __future__ import annotations

from game.campaign.curve import Curve
from game.campaign.spec import read_campaign
from game.home.bundled import campaign_path
from game.play.tally import wilson
from tests.campaign.helpers import salt_road


def _b(i, winner):
    return {"id": i, "winner": winner}


def test_a_storys_battles_are_counted_by_id_in_the_files_order():
    spec, _ = salt_road()
    c = Curve()
    c.add("victory", [_b("ford", "company"), _b("camp", "company")])
    c.add("defeat", [_b("ford", "enemy"), _b("camp", "company")])
    c.add("defeat", [_b("ford", "company"), _b("camp", "enemy")])
    data = c.as_json(spec)
    ford, camp = data["battles"]
    assert (ford["id"], ford["fought"], ford["won"], ford["ci"]) == ("ford", 3, 2, list(wilson(2, 3)))
    assert (camp["won"], camp["rate"]) == (2, round(2 / 3, 4))
    assert data["outcome"]["victories"] == 1 and data["outcome"]["ci"] == list(wilson(1, 3))


def test_an_endless_campaigns_battles_are_counted_by_their_place():
    spec = read_campaign(campaign_path("contracts"))
    c = Curve(endless=True)
    c.add("victory", [_b("contract", "company"), _b("contract", "enemy")])
    c.add("defeat", [_b("contract", "enemy")])
    rows = c.as_json(spec)["battles"]
    assert [(r["name"], r["fought"], r["won"]) for r in rows] == [("A contract 1", 2, 1), ("A contract 2", 1, 0)]
    assert c.lines(spec)[1] == "  A contract 1: won 1 of 2 (50%, 95% CI 9-91%)"

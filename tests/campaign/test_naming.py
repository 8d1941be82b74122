"""A member's name as the player gives it (game/campaign/naming.py): tidied, not empty, at most
NAME_MAX printable characters, and no other member's, the fallen's included, whatever its case."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.campaign.company import Standing
from game.campaign.naming import NAME_MAX, name_problem, renamed
from tests.campaign.helpers import company, member


def test_a_name_is_tidied_and_the_key_stays():
    c = company(member("fighter1", "Aldo"), member("archer", "Berta"))
    after = renamed(c, "aldo", "  Aldo   the  Bold ")
    assert after.member("aldo").name == "Aldo the Bold" and after.member("berta").name == "Berta"


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("", "cannot be empty"),
        (" \t ", "cannot be empty"),
        ("x" * (NAME_MAX + 1), f"at most {NAME_MAX}"),
        ("Al\x07do", "printable"),
        ("berta", "already has Berta"),
        ("DORA", "already has Dora"),
    ],
)
def test_a_name_that_cannot_be_is_refused_saying_why(name, says):
    dora = replace(member("fighter1", "Dora"), standing=Standing.DEAD, hp=0)
    c = company(member("fighter1", "Aldo"), member("archer", "Berta"), dora)
    assert says in (name_problem(c, "aldo", name) or "")
    with pytest.raises(ValueError, match=says):
        renamed(c, "aldo", name)


def test_a_member_may_keep_its_own_name_in_another_case():
    c = company(member("fighter1", "Aldo"))
    assert renamed(c, "aldo", "ALDO").member("aldo").name == "ALDO"

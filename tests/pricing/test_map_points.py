"""Issue 20: "every catalogue kind has a points value, including the kinds of a map's own
catalogue", and "rout check warns about a kind without a price". A map's own kinds are priced by
`rout price --catalogue FILE` into the points file beside that catalogue (units.toml's is
units.points.toml), which `rout check` reads for them."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.pricing.table import beside, read
from tests.command_line import rout_here
from tests.scenario.test_map_catalogue import TOUGH_ORC, TROLL, arena_with


def test_the_points_file_of_a_catalogue_lies_beside_it() -> None:
    assert beside(Path("maps/monsters.toml")) == Path("maps/monsters.points.toml")


def test_check_warns_of_a_map_kind_without_points_and_says_how_to_price_it(tmp_path: Path) -> None:
    m = arena_with(tmp_path, TROLL, red_kind="troll")
    r = rout_here("check", str(m))
    assert r.returncode == 0, r.stdout + r.stderr
    warnings = [line for line in r.stdout.splitlines() if "warning" in line]
    assert len(warnings) == 1, r.stdout
    assert "kind troll of monsters.toml has no points in monsters.points.toml" in warnings[0]
    assert "rout price --catalogue" in warnings[0]


def test_a_map_kind_priced_beside_its_catalogue_is_not_warned_of(tmp_path: Path) -> None:
    m = arena_with(tmp_path, TROLL, red_kind="troll")
    beside(m.parent / "monsters.toml").write_text(
        'reference = "fighter1"\nreference_points = 10.0\nai = "normal"\ngames = 16\n\n'
        "[kinds.troll]\npoints = 61.0\nlow = 50.0\nhigh = 70.0\nsizes = [[1, 6, 16, 9.0]]\n"
    )
    r = rout_here("check", str(m))
    assert r.returncode == 0 and "warning" not in r.stdout, r.stdout


def test_a_replaced_shipped_kind_needs_its_own_price(tmp_path: Path) -> None:
    """The map's tough orc is not the shipped orc: the shipped orc's price does not cover it."""
    m = arena_with(tmp_path, TOUGH_ORC)
    r = rout_here("check", str(m))
    assert "kind orc of monsters.toml has no points" in r.stdout, r.stdout


def test_a_points_file_that_cannot_be_read_is_one_warning_line(tmp_path: Path) -> None:
    m = arena_with(tmp_path, TROLL, red_kind="troll")
    beside(m.parent / "monsters.toml").write_text("this is [not toml")
    r = rout_here("check", str(m))
    assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr
    assert any("monsters.points.toml: not a points file" in line for line in r.stdout.splitlines()), r.stdout


@pytest.mark.slow
def test_rout_price_prices_a_kind_only_a_maps_catalogue_has(tmp_path: Path) -> None:
    """The games are played with the map's catalogue beside each generated field: a troll, which
    the shipped catalogue does not know, is priced, and dearer than a fighter."""
    m = arena_with(tmp_path, TROLL, red_kind="troll")
    catalogue = m.parent / "monsters.toml"
    out = beside(catalogue)
    r = rout_here("price", "--catalogue", str(catalogue), "--out", str(out), "--games", "2", "--ai", "baseline")
    assert r.returncode == 0, r.stdout + r.stderr
    table = read(out)
    assert table is not None and set(table.prices) == {"troll"}
    assert table.prices["troll"].points > 10.0
    assert "warning" not in rout_here("check", str(m)).stdout


def test_rout_price_refuses_a_catalogue_that_is_not_there(tmp_path: Path) -> None:
    r = rout_here("price", "--catalogue", str(tmp_path / "none.toml"), "--out", str(tmp_path / "p.toml"))
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert not (tmp_path / "p.toml").exists()

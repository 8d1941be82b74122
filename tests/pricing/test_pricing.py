"""`rout price` (issue 20, Armies to a budget): a kind's points are where an army of it wins half
its games against the reference force at equal points, fitted from AI games, with a 95%
interval."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from game.pricing.duel import REFERENCE_FORCE, price, priced
from game.pricing.fit import Count, even_point
from game.pricing.ladder import M_MAX, climb
from game.pricing.price import BUDGET, REFERENCE, REFERENCE_POINTS, Duel
from game.pricing.table import PointsTable, read, text
from game.scenario.catalogue import load
from tests.command_line import one_line_error, rout_here


def _expected(c: float, s: float, games: int, sizes: range) -> list[Count]:
    return [Count(m, games, games / (1 + math.exp(s * (m - c)))) for m in sizes]


def test_the_fit_finds_the_even_point_of_a_known_curve() -> None:
    counts = _expected(7.3, 0.9, 400, range(2, 14))
    fitted = even_point(counts, c_max=31)
    assert abs(fitted.c - 7.3) <= 0.1
    assert fitted.low <= 7.3 <= fitted.high


def test_more_games_give_a_narrower_interval() -> None:
    few = even_point(_expected(5.0, 1.0, 8, range(3, 8)), c_max=31)
    many = even_point(_expected(5.0, 1.0, 200, range(3, 8)), c_max=31)
    assert many.high - many.low < few.high - few.low
    assert few.low <= 5.0 <= few.high and many.low <= 5.0 <= many.high


@pytest.mark.parametrize("start", [1, 4, 12, M_MAX])
def test_the_ladder_brackets_the_even_point_from_anywhere(start: int) -> None:
    """Won at 7 and below, lost at 8 and above: the ladder ends with both 7 and 8 played."""
    played = climb(start, lambda m: Count(m, 10, 10.0 if m <= 7 else 0.0))
    sizes = [k.m for k in played]
    assert 7 in sizes and 8 in sizes
    assert len(sizes) <= 7


def test_a_kind_that_beats_any_force_stops_at_the_largest() -> None:
    played = climb(3, lambda m: Count(m, 10, 10.0))
    assert played[-1].m == M_MAX


def test_the_ladder_stays_within_its_top() -> None:
    played = climb(3, lambda m: Count(m, 10, 10.0), top=7)
    assert max(k.m for k in played) == 7


def _duel(n: int, m: int, even: float, games: int = 400) -> Duel:
    """n of a kind against m fighters, the kind's chance even where n = even * m / 6."""
    return Duel(n, m, games, games / (1 + math.exp(-1.2 * (n - even * m / REFERENCE_FORCE))))


def test_a_cheap_kind_is_priced_at_the_budget_by_its_own_numbers() -> None:
    """Fifteen of the kind hold the budget's six fighters: each is worth a fifteenth of it."""
    p = priced("militia", [_duel(n, REFERENCE_FORCE, 15.0) for n in (8, 12, 14, 15, 16, 17)])
    assert abs(p.points - BUDGET / 15) < 0.1
    assert p.low <= BUDGET / 15 <= p.high


def test_a_kind_one_of_which_beats_the_budgets_force_is_priced_by_the_force_it_holds() -> None:
    """One creature beats six fighters and holds eleven: it is worth eleven fighters."""
    duels = [Duel(1, m, 400, 400 / (1 + math.exp(1.5 * (m - 11.0)))) for m in (6, 9, 10, 11, 12, 13)]
    p = priced("giant", duels)
    assert abs(p.points - 11 * REFERENCE_POINTS) < 1.0


@pytest.mark.slow
def test_the_reference_kind_is_worth_the_reference_points() -> None:
    """The reference priced against itself: its interval holds its own 10 points."""
    kinds = load()
    p = price(kinds[REFERENCE], kinds[REFERENCE], 8, "baseline")
    assert p.low <= REFERENCE_POINTS <= p.high


@pytest.mark.slow
def test_a_stronger_kind_costs_more_than_a_weaker() -> None:
    """An ogre (4+1 hit dice, a great club) is worth more than a kobold (half a hit die)."""
    kinds = load()
    ogre = price(kinds["ogre"], kinds[REFERENCE], 6, "baseline")
    kobold = price(kinds["kobold"], kinds[REFERENCE], 6, "baseline")
    assert kobold.points < REFERENCE_POINTS < ogre.points


def test_the_points_file_reads_back_as_written(tmp_path: Path) -> None:
    # Duels as `rout price` plays them (tested above and below), their results set down here.
    played = [Duel(n, REFERENCE_FORCE, 4, score) for n, score in ((3, 0.5), (5, 1.5), (7, 3.0), (9, 3.5))]
    p = priced("orc", played)
    path = tmp_path / "points.toml"
    path.write_text(text(PointsTable("baseline", 4, {"orc": p})), encoding="utf-8")
    back = read(path)
    assert back is not None
    assert back.points("orc") == round(p.points, 1)
    assert back.prices["orc"].duels == p.duels
    assert back.points("kobold") is None


def test_rout_price_writes_a_points_file(tmp_path: Path) -> None:
    out = tmp_path / "points.toml"
    r = rout_here("price", "--kinds", "kobold", "--games", "2", "--ai", "baseline", "--out", str(out))
    assert r.returncode == 0, r.stderr
    table = read(out)
    assert table is not None and set(table.prices) == {"kobold"}
    assert "kobold:" in r.stdout


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--games", "3"], ["--games", "even"]),
        (["--kinds", "dragon"], ["dragon"]),
        (["--ai", "genius"], ["--ai"]),
    ],
)
def test_bad_price_options_are_one_line(tmp_path: Path, args: list[str], words: list[str]) -> None:
    one_line_error(rout_here("price", *args, "--out", str(tmp_path / "p.toml")), *words)
    assert not (tmp_path / "p.toml").exists()


def test_the_out_file_must_be_toml(tmp_path: Path) -> None:
    one_line_error(rout_here("price", "--out", str(tmp_path / "p.json")), ".toml")


def test_rout_check_warns_of_a_fielded_kind_without_points(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 20: 'rout check warns about a kind without a price'; a kind only magic can hurt is
    left unpriced by design and not warned of."""
    import dataclasses  # noqa: PLC0415

    from game.cli.main import _unpriced  # noqa: PLC0415
    from game.scenario.model import Placement  # noqa: PLC0415

    kinds = load()
    wyvern = dataclasses.replace(kinds["ogre"], key="wyvern")
    units = [Placement(f"u{i}", "red", k, (i, 0), 0) for i, k in enumerate([kinds["orc"], wyvern, kinds["gargoyle"]])]
    _unpriced("own.tmx", units)
    assert capsys.readouterr().out.splitlines() == [
        "own.tmx: warning: kind wyvern has no points, so no army to a budget can buy it"
    ]


def test_every_shipped_map_is_checked_without_a_points_warning() -> None:
    r = rout_here("check", *[str(p) for p in sorted(Path("maps").glob("*.tmx"))])
    assert r.returncode == 0 and "warning" not in r.stdout, r.stdout

"""game/data/schemas/campaign-save.schema.json says what a campaign save holds (docs/formats.md
#campaign-saves): every save the game writes validates, between battles (format 1) and with a
battle in progress (format 2), from the command line and from the window's camp; its commands are
the replay schema's, word for word; and what the reader refuses the schema refuses too."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from game.campaign.company_json import SaveFault
from game.campaign.play import begin, play_campaign
from game.campaign.saves import save_text
from game.campaign.spec import read_campaign
from game.campaign.state import PLAIN_FORMAT, SAVE_FORMAT, SAVE_FORMATS, read_state
from game.ui.campaign.run import Run
from tests.campaign.helpers import SALT_ROAD, salt_road
from tests.command_line import rout_here

jsonschema = pytest.importorskip("jsonschema", reason="install the test extra: pip install -e '.[test]'")


def _schema(name: str) -> dict:
    return json.loads(resources.files("game").joinpath("data", "schemas", f"{name}.schema.json").read_text("utf-8"))


SCHEMA = _schema("campaign-save")
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)


def problems(obj: object) -> list[str]:
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in VALIDATOR.iter_errors(obj)]


def test_the_schema_is_a_draft_2020_12_schema_of_the_formats_the_game_reads():
    assert SCHEMA["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    assert SCHEMA["properties"]["format"]["enum"] == list(SAVE_FORMATS) == [PLAIN_FORMAT, SAVE_FORMAT]


def test_its_commands_are_the_replay_schemas_word_for_word():
    replay = _schema("replay")["$defs"]
    copied = [k for k in SCHEMA["$defs"] if k not in ("member", "fought")]
    assert "command" in copied and "cast" in copied
    for name in copied:
        assert SCHEMA["$defs"][name] == replay[name], name


def test_every_save_a_headless_campaign_writes_validates_between_and_during_battles():
    spec, s = salt_road()
    written: list[dict] = []

    def keep(state) -> None:
        written.append(json.loads(save_text(state)))

    play_campaign(spec, begin(spec, "salt_road", 2, "baseline", False, s), s, limit=2, after=keep, during=keep)
    formats = [w["format"] for w in written]
    assert formats.count(PLAIN_FORMAT) == 2 and formats.count(SAVE_FORMAT) > 2  # each round's end, each battle
    for w in written:
        assert problems(w) == [], problems(w)[:3]


def test_the_files_rout_campaign_play_writes_validate(tmp_path):
    for name, extra in (("plain", []), ("iron", ["--ironman"])):
        args = ["campaign", "play", "contracts", "--ai", "baseline", "--seed", "3", "--battles", "2"]
        r = rout_here(*args, "--save", str(tmp_path / f"{name}.json"), *extra)
        assert r.returncode == 0, r.stderr
    files = sorted(tmp_path.glob("*.json"))
    assert [f.name for f in files] == ["iron.json", "plain.battle-1.json", "plain.battle-2.json", "plain.json"]
    for f in files:
        assert problems(json.loads(f.read_text(encoding="utf-8"))) == [], f.name


def test_the_saves_the_windows_camp_and_battle_write_validate():
    run = Run.new(read_campaign(SALT_ROAD), "The Grey Company", 7, "baseline", True)
    seen = [json.loads(run.path.read_text(encoding="utf-8"))]
    run.hire(run.setting.allowed[0])
    seen.append(json.loads(run.path.read_text(encoding="utf-8")))
    marched = run.march()
    run.keep_battle(marched, [])
    seen.append(json.loads(run.path.read_text(encoding="utf-8")))
    assert [s["format"] for s in seen] == [PLAIN_FORMAT, PLAIN_FORMAT, SAVE_FORMAT]
    assert seen[-1]["in_battle"]["placed"]  # the deployment, kept
    for s in seen:
        assert problems(s) == [], problems(s)[:3]


def _a_save() -> dict:
    run = Run.new(read_campaign(SALT_ROAD), "The Grey Company", 7, "baseline", False)
    run.keep_battle(run.march(), [])
    return json.loads(run.path.read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    ("breaks", "says"),
    [
        (lambda d: d.update(format=1), "keeps no battle in progress"),
        (lambda d: d.update(format=3), "is newer than this game reads"),
        (lambda d: d.update(ironman="no"), "ironman must be true or false"),
        (lambda d: d.update(outcome="won"), "outcome must be"),
        (lambda d: d.update(rng=[1]), "rng must be"),
        (lambda d: d["company"]["members"][0].update(standing="asleep"), "standing must be one of"),
        (lambda d: d["company"]["members"][0].update(hp=-1), "out of range"),
        (lambda d: d["in_battle"].update(going=[]), "going must name"),
        (lambda d: d["in_battle"]["placed"][0].update(facing="up"), "facing must be one of"),
        (lambda d: d["in_battle"]["commands"].append({"action": "dance", "unit": "blue_aldo"}), "command 1"),
    ],
)
def test_a_value_the_reader_refuses_the_schema_refuses(breaks, says):
    data = _a_save()
    assert problems(data) == []
    breaks(data)
    with pytest.raises(SaveFault, match=says):
        read_state(data)
    assert problems(data)

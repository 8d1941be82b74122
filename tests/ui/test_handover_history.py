"""Playing by file cannot be rewritten (docs/formats.md#playing-by-file): each machine remembers,
per battle, the commands of every hand-over it sent or received. A save that changes or lacks one
of them is refused in one line naming the first command that differs, even with its digests
recomputed; a save whose digests are missing is refused unless trusted; the untouched save loads.
Two machines are two data folders (XDG_DATA_HOME), one file passed between them."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pygame
import pytest

from game import ai
from game.cli import window
from game.cli.main import build_parser
from game.core.battle import Battle
from game.core.commands import Action, Command
from game.core.query import allowed_actions
from game.history.saved_battle import load_save
from game.save.autosave import saves_folder
from game.save.errors import SaveError
from game.save.history import commands_digest, history_path
from game.save.savefile import save_record, write_record, write_save
from game.scenario.tiled import load_scenario
from game.ui.battle.saving import save_for_other_player
from game.ui.battle.session import Session
from game.ui.menus.menu import MenuScreen
from tests.command_line import one_line_error, rout_here
from tests.ui.drive import app, key

MAP = Path(__file__).resolve().parents[2] / "maps" / "skirmish.tmx"
HOT_SEAT = {"blue": "human", "red": "human"}


@pytest.fixture
def machines(tmp_path, monkeypatch):
    """`machines(name)` makes that machine's data folder the one Rout uses from then on."""

    def on(name: str) -> Path:
        monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / name))
        return tmp_path / name

    return on


def play_to_hand_over(session: Session) -> None:
    """The AI plays for whoever decides until the other side is to decide: a hand-over."""
    side = session.battle.pending().side
    while not session.battle.over and session.battle.pending().side == side:
        session.play(ai.decide(session.battle, "normal"), human=False)
    assert not session.battle.over


def send(session: Session, folder: Path) -> Path:
    """Save for the other player, as the pause menu does: the file to pass on."""
    said = save_for_other_player(session, folder)
    assert said.startswith("Saved for ") and "(" not in said, said
    return Path(said.split("send them ", 1)[1])


def opened(path: Path, trust: bool = False) -> Session:
    """The save opened to play on, as the window opens it (game/ui/menus/resume.py)."""
    battle, record = load_save(path, trust=trust)
    s = Session(
        battle.scenario,
        seed=record.seed,
        options=record.options,
        controllers=battle.controllers,
        ai_level="normal",
        threaded=False,
        battle=battle,
    )
    s.continued(record.commands, saved=True, battle_id=record.battle_id)
    return s


def first_send(folder: Path) -> tuple[Session, Path]:
    s = Session(
        load_scenario(MAP), seed=6, options={}, controllers=HOT_SEAT, ai_level="normal", threaded=False, battle=None
    )
    play_to_hand_over(s)  # the first side to act, this machine's, plays its turn and sends the file
    return s, send(s, folder)


def rewritten(path: Path, out: Path, battle_id: str | None = None) -> tuple[int, Command, Command]:
    """A cheater's edit of a save they received: the last command of the sender's side that could
    have held, changed to `hold`; the battle played on from there to the sender's next decision;
    the digests recomputed, as anyone can (and the battle_id changed, if given). The index
    changed, the command it was and the new one."""
    battle, record = load_save(path)
    sender = next(s for s in HOT_SEAT if s != record.to_play)
    replayed = Battle(battle.scenario, seed=record.seed, options=record.options, controllers=record.controllers)
    at = None
    for i, c in enumerate(record.commands):
        unit = replayed.world[c.unit]
        if unit.side == sender and c.action != Action.HOLD and Action.HOLD in allowed_actions(replayed, c.unit):
            at = i
        replayed.apply(c)
    assert at is not None, "the sender never could have held"
    b = Battle(battle.scenario, seed=record.seed, options=record.options, controllers=record.controllers)
    edited = [*record.commands[:at], Command(Action.HOLD, record.commands[at].unit)]
    for c in edited:
        b.apply(c)
    while not b.over and b.pending().side != sender:
        edited.append(ai.decide(b, "normal"))
        b.apply(edited[-1])
    assert not b.over
    write_record(out, save_record(out, b, edited, to_play=True, battle_id=battle_id or record.battle_id))
    return at, record.commands[at], edited[at]


def test_a_command_changed_with_its_digests_recomputed_is_refused_naming_it(machines, tmp_path):
    machines("a")
    _, path = first_send(tmp_path / "post")
    machines("b")
    at, was, now = rewritten(path, tmp_path / "post" / "edited.json")
    machines("a")
    with pytest.raises(SaveError) as refused:
        load_save(tmp_path / "post" / "edited.json")
    line = str(refused.value)
    assert "\n" not in line
    assert f"command {at + 1} (round " in line and f", {now.unit} hold) differs from what this machine sent" in line
    assert line.endswith(f"({path.name}): {was.unit} {was.action}")
    battle, record = load_save(path)  # the untouched save still loads
    assert record.commands and not battle.over


def test_a_save_for_a_side_that_played_in_a_battle_this_machine_never_saw_needs_trust(machines, tmp_path):
    """The same edit under a battle_id of the cheater's making: new to this machine, yet its own side
    has played in it."""
    machines("a")
    s, path = first_send(tmp_path / "post")
    machines("b")
    edited = tmp_path / "post" / "edited.json"
    rewritten(path, edited, battle_id="0" * 32)
    machines("a")
    side = next(x for x in HOT_SEAT if x != s.battle.pending().side)  # this machine's, which sent the file
    with pytest.raises(SaveError, match=rf"no history of its battle, yet {side}, to play here, gave command 1 in it"):
        load_save(edited)
    assert load_save(edited, trust=True)[1].battle_id == "0" * 32


def test_a_save_stripped_of_its_battle_id_and_to_play_is_held_to_the_battle_it_started_as(machines, tmp_path):
    """Without a battle_id it opens as an older save would, but this machine knows a battle that
    started so (map, seed, options, controllers), and the save does not go on from it."""
    machines("a")
    _, path = first_send(tmp_path / "post")
    machines("b")
    edited = tmp_path / "post" / "edited.json"
    at, was, now = rewritten(path, edited)
    data = json.loads(edited.read_text(encoding="utf-8"))
    del data["battle_id"], data["to_play"]
    edited.write_text(json.dumps(data), encoding="utf-8")
    machines("a")
    with pytest.raises(SaveError, match=rf"command {at + 1} \(round \d+, {now.unit} hold\) differs from what this"):
        load_save(edited)
    untouched = {k: v for k, v in json.loads(path.read_text(encoding="utf-8")).items() if k != "battle_id"}
    del untouched["to_play"]
    plain = tmp_path / "post" / "plain.json"
    plain.write_text(json.dumps(untouched), encoding="utf-8")
    assert load_save(plain)[1].commands[at] == was  # the untouched commands go on from the history


def test_a_save_that_lacks_what_this_machine_saw_is_refused_naming_the_first_missing_command(machines, tmp_path):
    machines("a")
    s, path = first_send(tmp_path / "post")
    n = len(s.played)
    machines("b")
    b = opened(path)
    play_to_hand_over(b)
    back = send(b, tmp_path / "post")
    machines("a")
    later = opened(back)  # this machine has now seen more than the file it sent
    older = tmp_path / "post" / "older.json"
    older.write_bytes(path.read_bytes())
    with pytest.raises(SaveError, match=rf"older.json: it lacks command {n + 1} \(round \d+, \S+ \w+\) of what"):
        load_save(older)
    assert later.battle_id == s.battle_id


def test_a_save_without_its_digests_is_refused_unless_trusted(machines, tmp_path):
    machines("a")
    _, path = first_send(tmp_path / "post")
    machines("b")
    data = json.loads(path.read_text(encoding="utf-8"))
    for gone, words in (("log_sha256", "its digests are missing (log_sha256)"), ("battle_id", "without its battle_id")):
        stripped = {k: v for k, v in data.items() if k != gone}
        edited = tmp_path / f"no-{gone}.json"
        edited.write_text(json.dumps(stripped), encoding="utf-8")
        one_line_error(rout_here("play", "--load", str(edited)), f"no-{gone}.json", words, "--trust")
        battle, record = window._loaded(build_parser().parse_args(["play", "--load", str(edited), "--trust"]))
        assert record.commands == load_save(path)[1].commands and not battle.over


def test_trust_goes_with_load_alone():
    one_line_error(rout_here("play", "--trust"), "--trust goes with --load")


def test_an_older_save_without_a_battle_id_still_loads(machines, tmp_path):
    """Saves before battle_id: a plain save loads as before; only one for the other player needs it."""
    machines("a")
    s, _ = first_send(tmp_path / "post")
    plain = write_save(tmp_path / "old.json", s.battle, s.played)
    assert "battle_id" not in json.loads(plain.read_text(encoding="utf-8"))
    battle, record = load_save(plain)
    assert record.battle_id is None and len(battle.events) == len(s.battle.events)


@pytest.mark.parametrize(
    ("junk", "says"),
    [
        (b"\x00\xffnot json", "not valid JSON"),
        (b'{"format": 1, "battle_id": "someone else", "commands": []}', "not a battle's history as Rout writes it"),
        (b'{"format": 1, "start": {}, "handovers": [{"commands": 99}], "commands": []}', "not a battle's history"),
    ],
)
def test_a_damaged_history_is_kept_and_the_save_refused_unless_trusted(machines, tmp_path, junk, says):
    machines("a")
    s, path = first_send(tmp_path / "post")
    machines("b")
    b = opened(path)
    play_to_hand_over(b)
    back = send(b, tmp_path / "post")
    machines("a")
    mine = history_path(s.battle_id)
    mine.write_bytes(junk)
    with pytest.raises(SaveError, match=rf"this machine's history of its battle cannot be read \(.*{says}"):
        load_save(back)
    assert mine.read_bytes() == junk  # never written over
    _, record = load_save(back, trust=True)
    assert mine.with_name(mine.name + ".bad").read_bytes() == junk
    kept = json.loads(mine.read_text(encoding="utf-8"))
    assert [h["how"] for h in kept["handovers"]] == ["trusted"] and len(kept["commands"]) == len(record.commands)


def test_two_machines_hand_the_file_back_and_forth_and_each_records_every_hand_over(machines, tmp_path):
    machines("a")
    s, path = first_send(tmp_path / "post")
    sent = [path]
    for turn in range(3):  # b, a, b: each opens the last file, plays its turn, sends it back
        machines("b" if turn % 2 == 0 else "a")
        s = opened(sent[-1])
        play_to_hand_over(s)
        sent.append(send(s, tmp_path / "post"))
    for name, how in (("a", ["sent", "received", "sent"]), ("b", ["received", "sent", "received", "sent"])):
        machines(name)
        history = json.loads(history_path(s.battle_id).read_text(encoding="utf-8"))
        assert [h["how"] for h in history["handovers"]] == how
        files = [h["file"] for h in history["handovers"]]
        counts = [h["commands"] for h in history["handovers"]]
        assert files == [p.name for p in sent][: len(files)]
        assert counts == sorted(counts) and len(set(counts)) == len(counts)
        last = load_save(sent[-1])[1]  # the last file, opened again on either machine: nothing new
        assert history["handovers"][-1]["commands_sha256"] == commands_digest(history["commands"])
        assert [c.to_json() for c in last.commands][: len(history["commands"])] == history["commands"]


def test_the_menus_continue_shows_the_refusal_and_stays_on_the_menu(machines, tmp_path):
    machines("a")
    _, path = first_send(saves_folder())
    machines("b")
    edited = tmp_path / "edited.json"
    at = rewritten(path, edited)[0]
    machines("a")
    newest = saves_folder() / "from-b.json"
    newest.write_bytes(edited.read_bytes())
    os.utime(newest, (path.stat().st_mtime + 60,) * 2)
    a = app()
    menu = MenuScreen(a)
    a.show(menu)
    assert menu.newest_save == newest
    key(a, pygame.K_c)
    assert a.screen is menu and f"command {at + 1} (round " in menu.error and "\n" not in menu.error
    a.step(0.016)  # drawn without a crash


def test_sending_over_a_damaged_history_keeps_it_aside_and_says_so(machines, tmp_path):
    machines("a")
    s, _ = first_send(tmp_path / "post")
    mine = history_path(s.battle_id)
    mine.write_bytes(b"junk")
    play_to_hand_over(s)
    said = save_for_other_player(s, tmp_path / "post")
    assert said.endswith(f"(this machine's damaged history of the battle was kept as {mine}.bad)"), said
    assert Path(f"{mine}.bad").read_bytes() == b"junk"
    assert [h["how"] for h in json.loads(mine.read_text(encoding="utf-8"))["handovers"]] == ["sent"]

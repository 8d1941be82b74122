"""The save browser (issue 22): every save and autosave in the saves folder, newest first, each
with its battle, side to play, round, time and a thumbnail; Enter loads the one chosen, R
renames it (a name no file has, and safe), D or Delete deletes it after a question."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, cast

import pygame

from game.history.saved_battle import load_save
from game.save.autosave import is_autosave, is_finished, list_saves, saves_folder
from game.save.errors import SaveError
from game.save.manage import MAX_NAME, SaveNameError, delete_save, rename_save
from game.ui.common import help_keys, theme
from game.ui.common.widgets import Button, font, layout_row, text
from game.ui.menus.resume import opened_screen
from game.ui.menus.save_info import InfoReader, SaveInfo
from game.ui.menus.save_thumbs import Thumbs
from game.ui.navigation import ToMenu, ToSaves, go

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.screen import Screen

TOP, ROW, THUMB = 96, 78, (96, 66)


class SaveBrowser:
    HELP = help_keys.SAVES  # F1

    def __init__(self, app: App, folder: Path | None = None) -> None:
        self.app = app
        self.folder = folder or saves_folder()
        self.paths = list_saves(self.folder)
        self.reader = InfoReader(self.paths)
        self.thumbs = Thumbs(THUMB)
        self.index = 0
        self.top = 0  # the first row shown
        self.mouse = (0, 0)
        self.typing: str | None = None  # the new name, while renaming
        self.fresh = False  # the name typing began with, untouched: the first letter typed replaces it
        self.asking = False  # whether the question 'delete it?' is open
        self.said = ""  # what the last action did, or why not

    @property
    def chosen(self) -> Path | None:
        return self.paths[self.index] if self.paths else None

    def info(self, path: Path) -> SaveInfo | None:
        return self.reader.infos.get(path)

    # -- actions --------------------------------------------------------------------------

    def load(self) -> Screen | None:
        """The chosen save, opened where it was left; one that does not load says why here."""
        path = self.chosen
        if path is None:
            return None
        try:
            battle, record = load_save(path)
        except (SaveError, OSError) as e:
            self.said = str(e)
            return None
        return opened_screen(self.app, battle, record, threaded=not self.app.headless)

    def begin_rename(self) -> None:
        if self.chosen is not None:
            self.typing, self.fresh, self.said = self.chosen.stem, True, ""

    def rename(self, name: str) -> None:
        path = self.chosen
        if path is None:
            return
        try:
            new = rename_save(path, name)
        except SaveNameError as e:
            self.said = f"Not renamed: {e}"
            return
        except OSError as e:
            self.said = f"Not renamed: {e.strerror or e}"
            return
        self.typing = None
        if new == path:
            self.said = f"Not renamed: {new.name} has that name already"
            return
        info = self.reader.infos.pop(path, None)
        if info is not None:
            self.reader.infos[new] = replace(info, path=new)
        self.paths[self.index] = new
        self.said = f"Renamed to {new.name}"

    def ask_delete(self) -> None:
        if self.chosen is not None:
            self.asking, self.said = True, ""

    def delete(self) -> None:
        self.asking = False
        path = self.chosen
        if path is None:
            return
        try:
            delete_save(path)
        except OSError as e:
            self.said = f"Not deleted: {e.strerror or e}"
            return
        self.reader.forget(path)
        self.paths.remove(path)
        self.index = min(self.index, max(0, len(self.paths) - 1))
        self.said = f"Deleted {path.name}"

    def back(self) -> Screen:
        return go(self.app, ToMenu())

    # -- input ----------------------------------------------------------------------------

    def buttons(self) -> list[Button]:
        w, h = self.app.size
        some = self.chosen is not None
        bs = [
            Button("Load", "Enter", self.load, enabled=some),
            Button("Rename", "R", self.begin_rename, enabled=some),
            Button("Delete", "D", self.ask_delete, enabled=some),
            Button("Back", "Esc", self.back),
        ]
        layout_row(bs, pygame.Rect(40, h - 52, min(w - 80, 640), 34))
        return bs

    def handle(self, event: pygame.event.Event) -> Screen | None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.typing is None and not self.asking:
            return self._click(event.pos)
        elif event.type == pygame.MOUSEWHEEL and self.paths:
            self._choose(self.index - event.y)
        elif event.type == pygame.KEYDOWN:
            if self.typing is not None:
                self._type(event)
                return None
            if self.asking:
                self._answer(event.key)
                return None
            return self._key(event.key)
        return None

    def _click(self, pos: tuple[int, int]) -> Screen | None:
        for b in self.buttons():
            if b.hit(pos):
                return cast("Screen | None", b.action())
        for i, r in self.rows():
            if r.collidepoint(pos):
                self.index = i
        return None

    def _key(self, k: int) -> Screen | None:
        if k == pygame.K_ESCAPE:
            return self.back()
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self.load()
        if k == pygame.K_UP:
            self._choose(self.index - 1)
        elif k == pygame.K_DOWN:
            self._choose(self.index + 1)
        elif k == pygame.K_r:
            self.begin_rename()
        elif k in (pygame.K_d, pygame.K_DELETE):
            self.ask_delete()
        return None

    def _type(self, event: pygame.event.Event) -> None:
        """A key while renaming: Enter renames (or says why not), Esc leaves the name; the first
        letter typed replaces the old name, as a chosen text field's would, and Backspace edits it.
        A save's name is as long as the files allow, not a player's name (issue 37: an autosave's
        29 characters were over a player's 24, every letter was dropped, and the rename said the
        old name)."""
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.rename(self.typing or "")
        elif event.key == pygame.K_ESCAPE:
            self.typing = None
        elif event.key == pygame.K_BACKSPACE:
            self.typing, self.fresh = (self.typing or "")[:-1], False
        elif event.unicode and event.unicode.isprintable():
            kept = "" if self.fresh else self.typing or ""
            self.typing, self.fresh = (kept + event.unicode)[:MAX_NAME], False

    def _answer(self, k: int) -> None:
        """The question 'delete it?': Y or Enter deletes, any other key keeps the save."""
        if k in (pygame.K_y, pygame.K_RETURN, pygame.K_KP_ENTER):
            self.delete()
        else:
            self.asking = False

    def _choose(self, i: int) -> None:
        if self.paths:
            self.index = min(max(i, 0), len(self.paths) - 1)

    # -- the screen -----------------------------------------------------------------------

    def rows(self) -> list[tuple[int, pygame.Rect]]:
        """The saves shown (index, row), scrolled to keep the chosen one in sight."""
        w, h = self.app.size
        fit = max(1, (h - TOP - 130) // ROW)
        self.top = min(max(self.top, self.index - fit + 1), self.index)
        shown = range(self.top, min(len(self.paths), self.top + fit))
        return [(i, pygame.Rect(40, TOP + (i - self.top) * ROW, w - 80, ROW - 8)) for i in shown]

    def update(self, dt: float) -> Screen | None:
        self.reader.collect()
        return None

    def resize(self, w: int, h: int) -> None:
        """Nothing to fit: the screen lays itself out from the window's size as it draws."""

    def close(self) -> None:
        self.reader.close()

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.app.size
        surface.fill(theme.PANEL_BG)
        text(surface, "Saves", (40, 24), 48, theme.TEXT, True)
        text(surface, str(self.folder), (44, 68), 18, theme.TEXT_DIM)
        if not self.paths:
            text(surface, "No saves yet: Ctrl+S in a battle saves it, and every round's end is kept.", (44, TOP), 22)
        made_one = False  # at most one new thumbnail a frame: the list never waits on the maps
        rows = self.rows()
        for i, r in rows:
            made_one = self._draw_row(surface, i, r, made_one)
        below = len(self.paths) - (rows[-1][0] + 1 if rows else 0)
        if below or self.top:
            words = f"{self.top} above, {below} below (arrows or wheel)"
            text(surface, words, (44, TOP + len(rows) * ROW - 4), 16, theme.TEXT_DIM)
        self._draw_footer(surface, w, h)

    def _draw_row(self, surface: pygame.Surface, i: int, r: pygame.Rect, made_one: bool) -> bool:
        path = self.paths[i]
        pygame.draw.rect(surface, theme.BUTTON_ACTIVE if i == self.index else theme.BUTTON, r, border_radius=6)
        info = self.info(path)
        box = pygame.Rect(r.x + 6, r.y + 2, *THUMB)
        thumb = self.thumbs.get(info, may_make=not made_one) if info is not None else None
        if thumb is not None:
            surface.blit(thumb, thumb.get_rect(center=box.center))
        else:
            pygame.draw.rect(surface, theme.PANEL_BG, box)
        x = box.right + 14
        if info is None:
            text(surface, "reading…", (x, r.y + 10), 22, theme.TEXT_DIM)
        else:
            words = _fitted(info.line(), 22, r.right - x - 10)
            text(surface, words, (x, r.y + 10), 22, theme.TEXT_WARN if info.error else theme.TEXT, True)
        kind = "autosave" if is_autosave(path) else "save"
        if is_finished(path):  # listed below the others: Continue never offers them
            kind += " of a battle that has ended"
        when = info.time() if info is not None else ""
        text(surface, f"{path.name} · {kind} · {when}", (x, r.y + 40), 18, theme.TEXT_DIM)
        return made_one or (thumb is not None and self.thumbs.made_last)

    def _draw_footer(self, surface: pygame.Surface, w: int, h: int) -> None:
        if self.typing is not None:
            how = "type a new one, Backspace edits this one" if self.fresh else "Enter renames, Esc leaves it"
            words = f"New name: {self.typing}_.json   ({how})"
            text(surface, words, (44, h - 84), 22, theme.HIGHLIGHT, True)
        elif self.asking and self.chosen is not None:
            words = f"Delete {self.chosen.name}? It cannot be undone.   Y / Enter: delete, any other key: keep"
            text(surface, words, (44, h - 84), 22, theme.TEXT_WARN, True)
        if self.said:
            bad = self.said.startswith("Not ") or "cannot" in self.said
            text(surface, self.said, (44, h - 108), 18, theme.TEXT_WARN if bad else theme.TEXT_DIM)
        for b in self.buttons():
            b.draw(surface, self.mouse)


def _fitted(words: str, size: int, width: int) -> str:
    """The words cut short with an ellipsis to fit the width (a long reason a save will not load)."""
    f = font(size, True)
    if f.size(words)[0] <= width:
        return words
    while words and f.size(words + "…")[0] > width:
        words = words[:-1]
    return words + "…"


def opened(app: App, request: ToSaves) -> Screen:
    """The save browser on the saves folder (navigation.go's builder)."""
    return SaveBrowser(app)

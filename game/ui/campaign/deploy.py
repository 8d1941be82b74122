"""The campaign battle's deployment, as a quick battle's (game/ui/quick/deploy.py): the field
with the enemy in place and the members who fight placed in the company's zone as the campaign
places them; the player drags each to a free square of the zone, turns it (R, the wheel or a
right click), then starts the battle (Enter)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from game.campaign.deployment import COMPANY, ENEMY, company_zone, free_squares
from game.campaign.march import Marched
from game.campaign.saves import CampaignSaveError
from game.campaign.spec import CampaignError
from game.core.rules.creature import Kind
from game.core.rules.geometry import FACINGS, footprint
from game.scenario.model import Placement
from game.ui.campaign.battle import CampaignBattle
from game.ui.campaign.run import Run
from game.ui.common import deploy_input, help_keys, spoken, theme
from game.ui.common.art import Sprites, render_map
from game.ui.common.widgets import Button, layout_row, text, wrap
from game.ui.navigation import ToCampaign, go
from game.ui.quick.board_view import BoardView

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.screen import Screen

PANEL_W = 300
Square = tuple[int, int]


class CampaignDeploy:
    HELP = help_keys.CAMPAIGN_DEPLOY  # F1

    def __init__(self, app: App, run: Run, marched: Marched) -> None:
        self.app, self.run, self.marched = app, run, marched
        sc = marched.scenario
        self.units = list(sc.units)
        self.mine = [i for i, u in enumerate(self.units) if u.side == COMPANY]
        self.names = {f"{COMPANY}_{m.key}": m.name for m in marched.going}
        zone = company_zone(sc)
        assert zone is not None  # the campaign placed the company in it (game/campaign/deployment.py)
        self.zone = zone
        self.free = set(free_squares(sc, zone))
        self.selected = self.mine[0] if self.mine else -1
        self.dragging: int | None = None
        self.mouse = (0, 0)
        self.message = ""
        self.sprites = Sprites()
        self.ground, _ = render_map(sc)
        self.sides = sc.sides
        self._view = BoardView(sc.terrain.width, sc.terrain.height, pygame.Rect(0, 0, 1, 1))
        self.view.open_on(zone)  # type: ignore[arg-type]  # a Zone has the x, y, w, h open_on reads
        self.panning = False

    @property
    def view(self) -> BoardView:
        w, h = self.app.size
        self._view.area = pygame.Rect(20, 70, max(200, w - PANEL_W - 40), max(200, h - 90))
        self._view.clamp()
        return self._view

    def unit_at(self, sq: Square) -> int | None:
        return next((i for i, u in enumerate(self.units) if sq in footprint(u.pos, u.kind.squares)), None)

    def placeable(self, i: int, sq: Square) -> str | None:
        """Why unit i may not stand at sq, or None: its squares in the zone, free and open."""
        u = self.units[i]
        cells = set(footprint(sq, u.kind.squares))
        if not cells <= self.free:
            inside = all(
                self.zone.x <= x < self.zone.x + self.zone.w and self.zone.y <= y < self.zone.y + self.zone.h
                for x, y in cells
            )
            return "no creature can stand there" if inside else "outside the company's zone"
        if any(cells & set(footprint(o.pos, o.kind.squares)) for j, o in enumerate(self.units) if j != i):
            return "a creature stands there already"
        return None

    def move(self, i: int, sq: Square) -> bool:
        why = self.placeable(i, sq)
        self.message = f"Not there: {why}" if why else ""
        if why is None:
            self.units[i] = replace(self.units[i], pos=sq)
        return why is None

    def turn(self, i: int, by: int) -> None:
        u = self.units[i]
        self.units[i] = replace(u, facing=(u.facing + by) % len(FACINGS))

    def start(self) -> Screen:
        scenario = replace(self.marched.scenario, units=tuple(self.units))
        return CampaignBattle(self.app, self.run, replace(self.marched, scenario=scenario))

    @property
    def buttons(self) -> list[Button]:
        w, h = self.app.size
        row = [Button("Start the battle", "Enter", self.start)]
        layout_row(row, pygame.Rect(w - PANEL_W, h - 56, PANEL_W - 20, 36))
        return row

    # input (game/ui/common/deploy_input.py, shared with the quick battle's deployment)
    def at(self, i: int) -> Square:
        return self.units[i].pos

    def leave(self) -> Screen | None:
        """Back to the campaign, the camp as it was before the march: no die is rolled yet, and the
        save already holds that camp (a game closed here comes back to it), ironman or not."""
        try:
            run = self.run.leave_battle()
        except (CampaignSaveError, CampaignError) as e:
            self.message = f"Could not go back to the camp: {e}"
            return None
        return go(self.app, ToCampaign(run, "The march was called off: the company stands in camp as before"))

    def not_yours(self, i: int) -> None:
        self.message = f"The {self.units[i].kind.name} is the enemy's: it stands where the map puts it"

    def handle(self, event: pygame.event.Event) -> Screen | None:
        return deploy_input.handle(self, event)

    def update(self, dt: float) -> Screen | None:
        return None

    def resize(self, w: int, h: int) -> None:
        """Nothing to fit: laid out from the window's size as it draws."""

    def close(self) -> None:
        """Nothing held: the battle has not started."""

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.PANEL_BG)
        text(surface, f"Deploy for {self.marched.battle.title}", (20, 16), 36, theme.TEXT, True)
        v = self.view
        r = v.rect()
        px = self.ground.get_width() / self.marched.scenario.terrain.width
        src = pygame.Rect(round(v.x * px), round(v.y * px), round(r.w / v.tile * px), round(r.h / v.tile * px))
        surface.blit(pygame.transform.smoothscale(self.ground.subsurface(src.clip(self.ground.get_rect())), r.size), r)
        clip = surface.get_clip()
        surface.set_clip(r)
        z = self.zone
        zr = pygame.Rect(*v.corner((z.x, z.y)), z.w * v.tile, z.h * v.tile)
        tint = pygame.Surface(zr.size, pygame.SRCALPHA)
        tint.fill((*theme.side_colour(COMPANY, self.sides), 60))
        surface.blit(tint, zr)
        pygame.draw.rect(surface, theme.HIGHLIGHT, zr, 2)
        for i, u in enumerate(self.units):
            at = v.corner(u.pos)
            if i == self.dragging:
                n = u.kind.squares * v.tile
                at = (self.mouse[0] - n // 2, self.mouse[1] - n // 2)
            self._token(surface, u, at, v.tile, i == self.selected)
        surface.set_clip(clip)
        self._panel(surface)
        for b in self.buttons:
            b.draw(surface, self.mouse)

    def _token(self, surface: pygame.Surface, u: Placement, at: tuple[int, int], tile: int, chosen: bool) -> None:
        px = tile * u.kind.squares
        surface.blit(self.sprites.base(theme.side_colour(u.side, self.sides), px, u.kind.squares > 1), at)
        body = self.sprites.unit(u.kind.key, FACINGS[u.facing], px)
        surface.blit(body, body.get_rect(center=(at[0] + px // 2, at[1] + px // 2)))
        if chosen:
            pygame.draw.rect(surface, theme.SELECT, (*at, px, px), 2)

    def _panel(self, surface: pygame.Surface) -> None:
        x, bottom = self.app.size[0] - PANEL_W, self.app.size[1] - 66
        lines = [
            (
                "Drag your members within the outlined zone. R, the wheel or a right click turns the chosen one; Tab the next; arrows move it.",
                18,
                theme.TEXT_DIM,
                False,
            ),
            ("Enter starts the battle. F1: every key.", 18, theme.TEXT_DIM, False),
        ]
        if 0 <= self.selected < len(self.units):
            u = self.units[self.selected]
            lines.append((self.names.get(u.id, u.kind.name), 24, theme.TEXT, True))
            hp = (u.kind.hp or 0) - u.wounds
            lines.append(
                (f"{u.kind.name}; {hp} of {u.kind.hp} hit points; facing {FACINGS[u.facing]}", 18, theme.TEXT, False)
            )
        if self.message:
            lines.append((self.message, 18, theme.TEXT_WARN, False))
        foes: dict[str, tuple[Kind, int]] = {}
        for u in self.units:
            if u.side == ENEMY:
                foes[u.kind.key] = (u.kind, foes.get(u.kind.key, (u.kind, 0))[1] + 1)
        words = f"The enemy fields {spoken.army_words(foes.values())}, already in place."
        lines.append((words, 18, theme.side_colour(ENEMY, self.sides), False))
        y = 74
        for words, size, colour, bold in lines:
            for part in wrap(words, size, PANEL_W - 30):
                if y + size > bottom:
                    return
                text(surface, part, (x, y), size, colour, bold)
                y += size + 2
            y += 6

"""The end of the round explained on the board and in the side panel: at the retreat step, every
pair that fought in melee this round, joined by a line, and who may drive whom back and why
(game/core/round_review.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core.battle import RETREAT
from game.core.round_review import Fight, review
from game.ui.common import theme
from game.ui.common.widgets import font, text, wrap
from game.ui.draw import label_place
from game.ui.draw.squares import sq_rect

if TYPE_CHECKING:
    from game.ui.battle.state import BattleState

# The verdicts' colours are the palette's (game/ui/common/palettes.py): `may` earned a retreat
# (drives, will drive or drove the foe back), `refused` earned it but the foe need not (or could
# not) give ground, `nothing` hit back or did no melee damage. The tags' words tell them apart too.
# The tag on the board, by verdict (refusals by reason).
TAGS = {
    "now": "may push",
    "waits": "may push",
    "drove": "pushed",
    "declined": "not pressed",
    "stood_fast": "stood fast",
    "fell": "no space: down",
    "hit_back": "hit back",
    "unhurt": "no damage",
    "lapsed": "lapsed",
}
REASON_TAGS = {"level": "too mighty", "size": "two sizes larger", "knocked_down": "was down"}


def fights_shown(s: BattleState) -> list[Fight]:
    """The pairs to explain now: at a retreat decision, and while the end of the round's retreat
    step plays; none otherwise."""
    b = s.battle
    if not b.over and s.pending().kind == RETREAT and s.view.idle:
        return s.cache.get("review", (len(b.events), b.round), lambda: review(b))
    v = s.view
    if v.step_banner == "retreats" and not v.idle and v.round:
        return s.cache.get("review", (len(b.events), v.round), lambda: review(b, v.round))
    return []


def colour(f: Fight) -> tuple[int, int, int]:
    p = theme.palette()
    if f.verdict == "refused":
        return p.refused
    return p.may if f.may and f.verdict != "lapsed" else p.nothing


def tag(f: Fight) -> str:
    if f.verdict == "refused":
        return "gave ground already" if f.reason == "already_retreated" else REASON_TAGS.get(f.reason, f.reason)
    return TAGS[f.verdict]


def draw_lines(s: BattleState, surface: pygame.Surface, r: pygame.Rect, fights: list[Fight]) -> None:
    """A line from each attacker to its foe (under the tokens): green earned, red refused, grey nothing."""
    w = s.battle.world
    for f in fights:
        if f.verdict == "lapsed":
            continue  # one of them is no longer on the board
        a, b = w[f.attacker], w[f.foe]
        p, q = s.camera.square_centre(r.topleft, a.pos, a.n), s.camera.square_centre(r.topleft, b.pos, b.n)
        if f.verdict == "unhurt":
            pygame.draw.line(surface, theme.palette().nothing, p, q, 1)  # a swing that did nothing: a thin line, no tag
            continue
        width = 5 if f.verdict == "now" else 3
        pygame.draw.line(surface, (0, 0, 0), p, q, width + 3)
        pygame.draw.line(surface, colour(f), p, q, width)
        pygame.draw.circle(surface, colour(f), q, max(4, s.camera.size // 8))


def draw_tags(s: BattleState, surface: pygame.Surface, r: pygame.Rect, fights: list[Fight]) -> list[pygame.Rect]:
    """Each pair's verdict in two words near the middle of its line (over the tokens), placed
    off the creatures and the other tags where there is room; the rectangles drawn in."""
    w = s.battle.world
    shown = [f for f in fights if f.verdict not in ("lapsed", "unhurt")]
    images, wanted = [], []
    for f in shown:
        a, b = w[f.attacker], w[f.foe]
        p, q = s.camera.square_centre(r.topleft, a.pos, a.n), s.camera.square_centre(r.topleft, b.pos, b.n)
        img = font(15, True).render(tag(f), True, colour(f))
        images.append(img)
        wanted.append((img.get_rect().inflate(8, 2).size, ((p[0] + q[0]) // 2, (p[1] + q[1]) // 2)))
    cam = s.camera

    def placed() -> list[pygame.Rect]:
        avoid = [sq_rect(cam, r, u.pos, u.n) for u in w.units.values() if u.life in ("fighting", "surrendered")]
        return label_place.place(wanted, avoid, r, max(4, cam.size // 2))

    key = (len(s.battle.events), tuple(wanted), cam.size, round(cam.x), round(cam.y), tuple(r))
    boxes = s.cache.get("review tags", key, placed)
    for img, box, (_, mid), f in zip(images, boxes, wanted, shown, strict=True):
        # a tag moved off its line keeps a leader to the line's middle, marked where the two meet
        if not box.collidepoint(mid):
            end = (min(max(mid[0], box.left), box.right - 1), min(max(mid[1], box.top), box.bottom - 1))
            pygame.draw.line(surface, (0, 0, 0), mid, end, 4)
            pygame.draw.line(surface, colour(f), mid, end, 2)
        pygame.draw.circle(surface, (0, 0, 0), mid, 5)
        pygame.draw.circle(surface, colour(f), mid, 4)
        back = pygame.Surface(box.size, pygame.SRCALPHA)
        back.fill((10, 12, 18, 190))
        surface.blit(back, box)
        surface.blit(img, img.get_rect(center=box.center))
    return boxes


def draw_card(s: BattleState, surface: pygame.Surface, area: pygame.Rect, fights: list[Fight]) -> None:
    """The side panel's card at the retreat step: each pair in words, as many as fit."""
    x, y = area.x + 10, area.y + 8
    text(surface, "End of round: who may drive whom back", (x, y), 19, theme.HIGHLIGHT, True)
    y += 22
    if not fights:
        text(surface, "nobody fought in melee this round", (x, y), 17, theme.TEXT_DIM)
        return
    told = [f for f in fights if f.verdict not in ("unhurt", "lapsed")]
    rest = _summary(fights)
    for i, f in enumerate(told):
        lines = wrap(f.words(s.session.names), 16, area.w - 20)
        if y + 16 * len(lines) > area.bottom - (34 if rest else 18):
            text(surface, f"and {len(told) - i} more, marked on the board", (x, y), 16, theme.TEXT_DIM)
            y += 16
            break
        for line in lines:
            text(surface, line, (x, y), 16, colour(f))
            y += 16
        y += 2
    for line in wrap(rest, 16, area.w - 20)[:2]:
        text(surface, line, (x, y), 16, theme.palette().nothing)
        y += 16


def _summary(fights: list[Fight]) -> str:
    """The pairs that earned nothing, counted in one line: they push no one."""
    unhurt = sum(f.verdict == "unhurt" for f in fights)
    lapsed = sum(f.verdict == "lapsed" for f in fights)
    parts = []
    if unhurt:
        parts.append(f"{unhurt} swing{'s' * (unhurt != 1)} did no melee damage")
    if lapsed:
        parts.append(f"{lapsed} pair{'s' * (lapsed != 1)} lapsed (one of the two left the fight)")
    return "; ".join(parts)

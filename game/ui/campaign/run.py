"""A campaign as the window plays it: the campaign's file, where it stands, the member chosen to
fight, and what the camp may do (hire, dismiss, heal, rest, ransom), each through the campaign
package's own dealings, the state saved after each. The march sets the battle up with the members
chosen; the battle's end is settled as `rout campaign play` settles it (game/campaign/play.py).
No pygame here: the screens read and call it."""

from __future__ import annotations

from collections.abc import Sequence
from copy import deepcopy
from dataclasses import dataclass, field, replace
from pathlib import Path

from game.campaign.company import Member, Standing
from game.campaign.dealings import NAMES, hire, pay_ransom
from game.campaign.deployment import COMPANY
from game.campaign.healing import cure, rest, rest_cost
from game.campaign.interrupted import Interrupted
from game.campaign.keys import DEFEAT
from game.campaign.march import Marched, NotResumable, march, placements, take_up
from game.campaign.naming import renamed
from game.campaign.play import BATTLES_MAX, begin, settle
from game.campaign.prices import TEMPLE_CURE, hire_price, ransom
from game.campaign.saves import CampaignSaveError, autosave, autosave_path, load_save, saves_folder, write_save
from game.campaign.setting import Setting, setting
from game.campaign.spec import BattleSpec, CampaignSpec, read_campaign
from game.campaign.state import CampaignState
from game.campaign.steward import choose
from game.core.battle import Battle
from game.core.commands import Command
from game.home.bundled import campaign_path, shipped_campaigns
from game.home.user_dirs import made

WEEK = 7


def saved_name(spec: CampaignSpec) -> str:
    """How a save names its campaign, as `rout campaign play` names it: a shipped one by its name
    (an installed game moves its folder), any other by its whole path."""
    shipped = {d.resolve() for d in shipped_campaigns()}
    return spec.name if spec.folder.resolve() in shipped else str(spec.folder.resolve())


@dataclass
class Run:
    spec: CampaignSpec
    state: CampaignState
    setting: Setting
    fielding: list[str] = field(default_factory=list)  # the keys of the members chosen to fight
    camp: CampaignState | None = None  # during a battle: the camp before its march, which its saves keep

    @staticmethod
    def new(spec: CampaignSpec, company: str, seed: int, ai: str, ironman: bool) -> Run:
        """A campaign begun: the company named, its first save written (CampaignSaveError if not)."""
        s = setting(spec)
        state = begin(spec, saved_name(spec), seed, ai, ironman, s)
        state.company = replace(state.company, name=company)
        run = Run(spec, state, s)
        run.choose_default()
        made(saves_folder())
        write_save(state, run.path)
        return run

    @staticmethod
    def load(path: str | Path) -> Run:
        """A campaign taken up from a save (CampaignSaveError or CampaignError in one line)."""
        state = load_save(path)
        spec = read_campaign(campaign_path(state.campaign))
        run = Run(spec, state, setting(spec))
        if state.interrupted is not None:
            run.fielding = list(state.interrupted.going)
        else:
            run.choose_default()
        return run

    @property
    def path(self) -> Path:
        """The campaign's newest save."""
        return autosave_path(self.state)

    @property
    def battle(self) -> BattleSpec | None:
        """The next battle, or None when the campaign is over."""
        return None if self.state.outcome is not None else self.spec.battles.get(self.state.next)

    @property
    def limit(self) -> int:
        b = self.battle
        return b.fielded if b is not None else 0

    def choose_default(self) -> None:
        """The steward's choice of who fights: the fit first, then the worth most points."""
        chosen = choose(self.state.company, self.limit, self.setting.kinds, self.setting.points)
        self.fielding = [m.key for m in chosen]

    def going(self) -> list[Member]:
        ready = {m.key: m for m in self.state.company.ready}
        return [ready[k] for k in self.fielding if k in ready]

    def save(self) -> None:
        """The newest save, between battles (CampaignSaveError if it cannot be written)."""
        write_save(self.state, self.path)

    # -- what the camp does; each returns what it did, in words, or raises ValueError why not

    def hire(self, kind: str) -> str:
        company = self.state.company
        name = self.next_name()
        self.state.company = hire(company, kind, name, self.setting.kinds, self.setting.points)
        hired = self.state.company.members[-1]
        if len(self.going()) < self.limit:
            self.fielding.append(hired.key)
        self.save()
        return f"{name} joins: {self.kind_name(kind).lower()}, for {hire_price(kind, self.setting.points)} crowns"

    def next_name(self) -> str:
        """The first name of the list no member has had (numbered once all have)."""
        used = {m.name for m in self.state.company.members}
        free = [n for n in NAMES if n not in used]
        return free[0] if free else f"{NAMES[len(used) % len(NAMES)]} {len(used) + 1}"

    def dismiss(self, key: str) -> str:
        """A member let go: gone from the roster, its pay owed nothing."""
        m = self.state.company.member(key)
        if m.standing != Standing.READY:
            raise ValueError(f"{m.name} is not with the company to be let go")
        members = tuple(x for x in self.state.company.members if x.key != key)
        self.state.company = replace(self.state.company, members=members)
        self.fielding = [k for k in self.fielding if k != key]
        self.save()
        return f"{m.name} leaves the company"

    def heal(self, key: str) -> str:
        m = self.state.company.member(key)
        if m.standing != Standing.READY:
            raise ValueError(f"{m.name} is not in camp for the temple to cure")
        if not m.wounds:
            raise ValueError(f"{m.name} has no wounds to cure")
        if self.state.company.crowns < TEMPLE_CURE:
            raise ValueError(f"a cure costs {TEMPLE_CURE} crowns; the company has {self.state.company.crowns}")
        self.state.company = cure(self.state.company, key, self.state.rng)
        after = self.state.company.member(key)
        self.save()
        return f"the temple cures {after.hp - m.hp} hit points of {m.name}'s ({TEMPLE_CURE} crowns)"

    def rest(self, days: int) -> str:
        cost = rest_cost(self.state.company, days)
        if cost > self.state.company.crowns:
            raise ValueError(f"{days} days' rest costs {cost} crowns; the company has {self.state.company.crowns}")
        self.state.company = rest(self.state.company, days, self.setting.kinds)
        self.state.day += days
        self.save()
        return f"the company rests {days} day{'s' if days > 1 else ''} ({cost} crowns)"

    def ransom(self, key: str) -> str:
        m = self.state.company.member(key)
        price = ransom(m, self.setting.kinds, self.setting.points) if m.standing == Standing.CAPTIVE else 0
        self.state.company = pay_ransom(self.state.company, key, self.setting.kinds, self.setting.points)
        self.save()
        return f"{m.name} is ransomed for {price} crowns"

    def rename(self, key: str, name: str) -> str:
        """The member called `name` from now on (ValueError why not: empty, too long, taken)."""
        was = self.state.company.member(key).name
        self.state.company = renamed(self.state.company, key, name)
        self.save()
        return f"{was} is called {self.state.company.member(key).name} now"

    def toggle(self, key: str) -> str:
        """The member fights, or sits the battle out."""
        m = self.state.company.member(key)
        if key in self.fielding:
            self.fielding.remove(key)
            return f"{m.name} sits this battle out"
        if m.standing != Standing.READY:
            raise ValueError(f"{m.name} is not with the company")
        if len(self.going()) >= self.limit:
            raise ValueError(f"this battle fields {self.limit}: let another sit out first")
        self.fielding.append(key)
        return f"{m.name} fights"

    def ransom_price(self, m: Member) -> int:
        return ransom(m, self.setting.kinds, self.setting.points)

    def kind_name(self, kind: str) -> str:
        return self.setting.kinds[kind].name

    # -- the march and the battle's end

    def march(self) -> Marched:
        """To the battle: captives not ransomed are lost, the days of march pass (and heal), the
        battle's seed is drawn and its field set up with the members chosen."""
        if self.battle is None:
            raise ValueError("the campaign is over")
        if not self.going():
            raise ValueError("choose who fights first (Enter on a member)")
        self.save()  # the camp as it was left: leaving the battle comes back to it
        self.camp = deepcopy(self.state)
        self.camp.interrupted = Interrupted(tuple(self.fielding))
        return march(self.state, self.spec, self.setting, self.going(), folder=made(saves_folder()))

    @property
    def in_battle(self) -> bool:
        """Whether the save holds a battle in progress, to be taken up before anything else."""
        return self.state.interrupted is not None

    def take_up(self) -> tuple[Marched, Battle, Interrupted]:
        """The battle in progress, marched to again and played on to where it stood
        (CampaignSaveError in one line if this game can no longer replay it)."""
        self.camp = deepcopy(self.state)
        try:
            return take_up(self.state, self.spec, self.setting, folder=made(saves_folder()))
        except NotResumable as e:
            self.state, self.camp = self.camp, None
            raise CampaignSaveError(f"{self.path}: {e}") from None

    def keep_battle(self, marched: Marched, commands: Sequence[Command]) -> None:
        """Save the battle so far with the camp before its march: a game killed now takes it up
        here, on the same dice (CampaignSaveError if it cannot be written)."""
        assert self.camp is not None and self.camp.interrupted is not None  # marched or taken up
        going = self.camp.interrupted.going
        self.camp.interrupted = Interrupted(going, placements(marched, COMPANY), tuple(commands))
        write_save(self.camp, self.path)

    def leave_battle(self) -> Run:
        """The battle not fought after all: the save is the camp as it was before the march, and
        the campaign as read back from it is returned (CampaignSaveError, CampaignError)."""
        assert self.camp is not None  # only a battle marched to or taken up is left
        self.camp.interrupted = None
        write_save(self.camp, self.path)
        return Run.load(self.path)

    def settle(self, marched: Marched, battle: Battle) -> dict[str, object]:
        """The battle's end read back into the company, the campaign saved (newest, and for a
        campaign not ironman a copy for this stop)."""
        record = settle(self.state, marched.battle, self.setting, battle, marched.seed, list(marched.going))
        if self.state.outcome is None and not self.spec.endless and len(self.state.fought) >= BATTLES_MAX:
            self.state.outcome = DEFEAT
        if self.state.outcome is None and not self.can_go_on():
            self.state.outcome = DEFEAT  # no one left to field, and nothing to hire or ransom with
        self.choose_default()
        self.camp = None
        autosave(self.state)
        return record

    def can_go_on(self) -> bool:
        """Whether the company can still field anyone: a member ready, or crowns to hire or ransom one."""
        company = self.state.company
        if company.ready:
            return True
        prices = [hire_price(k, self.setting.points) for k in self.setting.allowed] if company.room else []
        prices += [self.ransom_price(m) for m in company.captives]
        return any(p <= company.crowns for p in prices)

"""``ulti play --players 4``: a session of four (docs/RULES.md, "Four at the table", N1-N5) in
the terminal, you and three computer players, on Ulti's table (:mod:`ulti.tui.ulti`).

Each deal the dealer sits out and the other three play a deal of three-handed Ulti (N1, N2):
the table is the three-handed one, its names those of the three who play and your seat your
place among them (:attr:`Ulti4App.me`).  The deal you deal, you watch: the three play on by
themselves, you see what a spectator sees (N5: no hand, no talon, nobody's discards) and the
prompt says you sit it out.  The status line and the score sheet have a column for each of the
four, the dealer's 0 included (N3).  The session (N4: 24 deals by default, a multiple of four)
is saved after every action in its own record format (``ulti4-session``) and continues with
``ulti play --players 4 --resume``.

Each computer player is one of Ulti's, seated by the seat of four it holds and told each deal
its place among the three (as :mod:`ulti.players.ulti4` seats them); the dealer's is never
asked.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from ulti import i18n
from ulti.games.base import Player as GamePlayer
from ulti.games.ulti.actions import Action
from ulti.games.ulti.deal import Deal
from ulti.games.ulti.observation import Observation
from ulti.games.ulti4 import Deal4, Session4
from ulti.games.ulti4.session import SESSION_DEALS
from ulti.players import make_player
from ulti.tui.frame import HUMAN, saved
from ulti.tui.texts import t
from ulti.tui.ulti import PlayConfig, UltiApp, bot_name


def new_session4(config: PlayConfig) -> Session4:
    """A new session of four as ``config`` asks: its length rounded down to a multiple of four
    deals, at least four (N4; 24 by default), its rules and seed, you dealing first, and the
    four names (you, then the three computer players)."""
    deals = SESSION_DEALS if config.deals is None else max(4, config.deals - config.deals % 4)
    names = config.names or (
        t(config.lang, "you"),
        *(bot_name(spec, n, config.lang) for n, spec in enumerate(config.opponents, 1)),
    )
    return Session4(config.rules, config.seed, 0, list(names), deals)


class Ulti4App(UltiApp):
    """Ulti for four: Ulti's table around the three who play each deal."""

    TITLE = "Ulti · 4"

    def __init__(self, config: PlayConfig, session: Session4 | None = None) -> None:
        four = session if session is not None else new_session4(config)
        super().__init__(config, four)
        self.four = four
        #: the computer players by their seat of four (:attr:`bots`: by their place this deal)
        self.by_seat = dict(self.bots)

    def computers(self, config: PlayConfig) -> dict[int, GamePlayer[Observation, Action]]:
        """Seats 1, 2 and 3: the three computer players (seeded apart from a table of
        three's)."""
        return {
            seat: make_player(spec, seed=config.seed * 4 + seat)
            for seat, spec in enumerate(config.opponents, 1)
        }

    # -- the deal of four around the three's --------------------------------------------------

    @property
    def deal4(self) -> Deal4:
        """The deal of four in progress (or the last one)."""
        return self.four.deal

    @property
    def deal(self) -> Deal:
        return self.deal4.inner

    @property
    def me(self) -> int:
        return self.deal4.inner_seat(HUMAN)

    @property
    def names(self) -> Sequence[str]:
        """The three who play this deal, by their place among the three."""
        return tuple(self.four.players[seat] for seat in self.deal4.players)

    def sitting_out(self) -> bool:
        """Whether you deal this deal, and so sit it out (N1)."""
        return self.deal4.dealer == HUMAN

    def observe(self) -> Observation:
        """Your own observation among the three, or the public one while you sit out (N5)."""
        return self.deal4.observation(HUMAN).deal

    async def start_deal(self) -> None:
        """Seat the three computer players who play this deal at their places (the dealer's
        sits out), then start it as a table of three does."""
        d = self.deal4
        self.bots = {d.inner_seat(s): p for s, p in self.by_seat.items() if s != d.dealer}
        await super().start_deal()

    # -- drawing --------------------------------------------------------------------------------

    def side_text(self, obs: Observation) -> Text:
        """The three who play, and who deals and sits out."""
        out = super().side_text(obs)
        if self.sitting_out():
            out.append(i18n.text("four.you-deal", self.lang) + "\n", style="bold italic")
        else:
            who = self.four.players[self.deal4.dealer][:10]
            out.append(i18n.text("four.deals", self.lang, name=who) + "\n", style="italic")
        return out

    def waiting_prompt(self) -> Text | str:
        if not self.sitting_out():
            return super().waiting_prompt()
        return Text(i18n.text("four.you-sit-out", self.lang), style="bold")

    def over_prompt(self) -> Text | str:
        if not self.sitting_out():
            return super().over_prompt()
        return Text(i18n.text("four.you-sat-out", self.lang), style="dim")


def run(config: PlayConfig, resume: bool) -> None:
    missing = i18n.text("play.no-save", config.lang, path=config.save)
    session = saved(config.save, Session4.load, missing) if resume else None
    Ulti4App(config, session).run()


__all__ = ["Ulti4App", "new_session4", "run"]

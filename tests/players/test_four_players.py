"""Computer players at a table of four (N1-N3): Ulti's players, each seated among the three
who play; the dealer sitting out is never asked, a seeded deal replays exactly, and a player
travels to a worker process (pickled) like a player of three."""

from __future__ import annotations

import pickle
from collections.abc import Sequence

from ulti.games.ulti.actions import Action
from ulti.games.ulti.deal import Deal
from ulti.games.ulti.rules import Ruleset
from ulti.games.ulti4 import INNER_DEALER, Observation4
from ulti.players import Budget
from ulti.players.ulti import RulesPlayer
from ulti.players.ulti4 import LEVELS, Rules4, Seated, play_deal, registry


class Spy(Rules4):
    """A rules player of four that keeps every observation it was asked with."""

    def __init__(self, seed: int = 0, budget: Budget | None = None) -> None:
        super().__init__(seed, budget)
        self.asked: list[Observation4] = []

    def act(self, obs: Observation4, legal: Sequence[Action]) -> Action:
        self.asked.append(obs)
        return super().act(obs, legal)


def test_n1_the_dealer_is_never_asked_and_each_plays_its_place_among_the_three() -> None:
    rules = Ruleset()
    for dealer in range(4):
        spies = [Spy(seed=s) for s in range(4)]
        run = play_deal(rules, 40 + dealer, dealer, spies)
        assert run.deal.is_over() and run.deal.returns()[dealer] == 0
        assert spies[dealer].asked == [] and run.times[dealer] == []
        for seat in run.deal.players:
            place = run.deal.inner_seat(seat)
            assert spies[seat].three.seat == place
            assert all(o.seat == seat and o.deal.seat == place for o in spies[seat].asked)


def test_n2_a_deal_of_four_is_the_three_handed_deal_its_players_would_play() -> None:
    """Rules players of four make the moves rules players of three make in the same deal."""
    rules = Ruleset.from_preset("casual")
    seeds = (5, 6, 7, 8)
    run = play_deal(rules, 17, 1, [Rules4(seed=s) for s in seeds])
    three = Deal(rules, 17, INNER_DEALER)
    players = [RulesPlayer(seed=seeds[s]) for s in run.deal.players]  # seats 2, 3, 0
    for place, p in enumerate(players):
        p.start(place, rules, 0)
    while not three.is_over():
        seat = three.current_player
        three.apply(players[seat].act(three.observation(seat), three.legal_actions()))
    assert [a for _, a in run.deal.history] == [a for _, a in three.history]


def test_players_of_four_are_made_from_specs_and_pickle() -> None:
    assert set(registry()) == {"random", "rules", "pimc", "pimc-1"}
    assert LEVELS["club"].startswith("pimc")
    p = registry()["pimc"](seed=3, budget=Budget(samples=4, ms=30))
    assert isinstance(p, Seated) and p.three.budget.samples == 4
    back = pickle.loads(pickle.dumps(p))
    assert type(back) is type(p) and back.three.seed == 3
    run = play_deal(Ruleset(), 2, 3, [p, *(registry()["rules"](seed=s) for s in range(3))])
    assert run.deal.is_over()

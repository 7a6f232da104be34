"""One deal of Snapszli as a state machine, with the same state API as Ulti's
:class:`ulti.games.ulti.deal.Deal`.

>>> from ulti.games.snapszli.deal import SnapDeal
>>> d = SnapDeal(seed=7)
>>> d.current_player          # forehand: the dealer's opponent (Z2, Z3)
1

The deal (Z2) comes from the seed's deck order (:func:`ulti.core.seeds.shuffled_deck`, the
first cards of it that are in the pack) or from a given deck.  The state advances only through
:meth:`SnapDeal.apply`, which asks :mod:`ulti.games.snapszli.legality` first and raises
:class:`~ulti.games.snapszli.legality.SnapIllegal` (naming the rule) without changing anything;
:meth:`SnapDeal.undo` puts back the state as it was before the last action.  A trick won draws
from the talon (Z4); a claim, the last trick or a closing that fails end the deal (Z9-Z11), as
an :class:`~ulti.games.snapszli.state.End` in the event log.  :meth:`SnapDeal.observation` is
the only way hidden information leaves (Z13).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from ulti.core.errors import UltiError
from ulti.core.seeds import shuffled_deck
from ulti.games.snapszli import legality
from ulti.games.snapszli.actions import Kind, SnapAction, parse_action
from ulti.games.snapszli.cards import POINTS, SCHNEIDER, TARGET, beats, card_points, pack
from ulti.games.snapszli.legality import SnapIllegal
from ulti.games.snapszli.observation import SnapObservation, observe
from ulti.games.snapszli.rules import SnapRules
from ulti.games.snapszli.state import End, SnapEvent, SnapState


def deal_order(rules: SnapRules, seed: int, deck: Sequence[int] | None) -> tuple[int, ...]:
    """The order the cards are dealt in: the seed's (D2: its deck order, the cards of the pack
    kept) or ``deck``, which must hold the pack's cards once each (Z1)."""
    cards = pack(rules.twenty_four)
    if deck is None:
        in_pack = set(cards)
        return tuple(c for c in shuffled_deck(seed) if c in in_pack)
    if sorted(deck) != cards:
        raise UltiError(
            f"Z1: a deck of this game holds the {len(cards)} cards of the pack, once each"
        )
    return tuple(deck)


def first_state(order: Sequence[int], dealer: int, twenty_four: bool) -> SnapState:
    """The state after the deal (Z2): three cards each, forehand first, the next turned
    (trump), then two each (three in ZV1); the rest is the talon, the turned card last."""
    fh = 1 - dealer
    hands = [0, 0]
    second = 3 if twenty_four else 2
    i = 0
    for seat, n in ((fh, 3), (dealer, 3)):
        for c in order[i : i + n]:
            hands[seat] |= 1 << c
        i += n
    turned = order[i]
    i += 1
    for seat, n in ((fh, second), (dealer, second)):
        for c in order[i : i + n]:
            hands[seat] |= 1 << c
        i += n
    s = SnapState(hands=hands, talon=[*order[i:], turned], trump=turned >> 3, leader=fh)
    s.events.append(SnapEvent("deal", dealer, cards=(turned,)))
    return s


class SnapDeal:
    """One deal of Snapszli between seats 0 and 1; ``dealer`` deals, the other is forehand."""

    def __init__(
        self,
        rules: SnapRules | None = None,
        seed: int = 0,
        dealer: int = 0,
        deck: Sequence[int] | None = None,
    ) -> None:
        self.rules = rules or SnapRules()
        self.seed = seed
        self.dealer = dealer
        self.custom_deck = deck is not None
        self.deck = deal_order(self.rules, seed, deck)
        self._s = first_state(self.deck, dealer, self.rules.twenty_four)
        #: the undo records: the whole state before each action taken (:meth:`undo`)
        self._undo: list[SnapState] = []

    # -- reading the state ----------------------------------------------------------------------

    @property
    def forehand(self) -> int:
        return 1 - self.dealer

    @property
    def hands(self) -> tuple[int, int]:
        return (self._s.hands[0], self._s.hands[1])

    @property
    def trump(self) -> int:
        return self._s.trump

    @property
    def talon(self) -> tuple[int, ...]:
        return tuple(self._s.talon)

    @property
    def turned(self) -> int:
        """The face-up trump card while the talon is open and holds it (-1 otherwise)."""
        s = self._s
        return s.talon[-1] if s.talon and s.closed_by < 0 else -1

    @property
    def trick(self) -> tuple[int, ...]:
        return tuple(self._s.trick)

    @property
    def leader(self) -> int:
        return self._s.leader

    @property
    def closed_by(self) -> int:
        return self._s.closed_by

    @property
    def history(self) -> list[tuple[int, SnapAction]]:
        return list(self._s.history)

    @property
    def events(self) -> list[SnapEvent]:
        return list(self._s.events)

    @property
    def marriages(self) -> list[tuple[int, int]]:
        return list(self._s.marriages)

    @property
    def pending(self) -> int:
        """A marriage the leader announced, its card still to lead: its suit (-1: none, Z7)."""
        return self._s.pending

    @property
    def outcome(self) -> End | None:
        return self._s.end

    @property
    def current_player(self) -> int:
        return self._s.current_player

    def strict(self) -> bool:
        """Whether Z5's strict play applies: the talon is empty or closed."""
        return legality.strict(self._s)

    def tricks_won(self, seat: int) -> int:
        return self._s.tricks[seat]

    def won_cards(self, seat: int) -> int:
        return self._s.won[seat]

    def points(self, seat: int) -> int:
        """Card points won plus marriages credited (Z7: once a trick is won; one announced whose
        card is still to be led counts too — "twenty and out"), plus the last trick's ten in
        ZV4."""
        s = self._s
        total = card_points(s.won[seat])
        if s.tricks[seat]:
            total += sum(40 if suit == s.trump else 20 for who, suit in s.marriages if who == seat)
            if s.pending >= 0 and seat == s.leader:  # announced, its card not yet led (Z7)
                total += 40 if s.pending == s.trump else 20
        if self.rules.last_trick_ten and s.last_winner == seat and not any(s.hands):
            total += 10
        return total

    def is_over(self) -> bool:
        return self._s.end is not None

    def returns(self) -> tuple[int, int]:
        """Game points won by each seat (zero-sum: one wins what the other does not)."""
        e = self._s.end
        if e is None:
            return (0, 0)
        return (e.game_points, -e.game_points) if e.winner == 0 else (-e.game_points, e.game_points)

    def game_points(self) -> tuple[int, int]:
        """The game points each seat scores for the match (Z12): the winner's, and 0."""
        e = self._s.end
        if e is None:
            return (0, 0)
        return (e.game_points, 0) if e.winner == 0 else (0, e.game_points)

    def observation(self, seat: int, show_points: bool = False) -> SnapObservation:
        """What ``seat`` may know (Z13; :func:`ulti.games.snapszli.observation.observe`)."""
        return observe(self, seat, show_points)

    def key(self) -> tuple[Any, ...]:
        """The deal's identity: its rules, deal and every action taken."""
        return (self.rules, self.seed, self.dealer, self.deck, tuple(self._s.history))

    # -- legality (:mod:`ulti.games.snapszli.legality`) ------------------------------------------

    def legal_cards(self) -> list[int]:
        """The cards the player to move may play now (Z4, Z5, Z7)."""
        return legality.legal_cards(self._s)

    def legal_actions(self) -> list[SnapAction]:
        return legality.legal_actions(self._s, self.rules)

    def why_illegal(self, a: SnapAction) -> SnapIllegal | None:
        """Why ``a`` may not be taken now (None: it may)."""
        return legality.why_illegal(self._s, self.rules, a)

    # -- applying, undoing --------------------------------------------------------------------

    def apply(self, a: SnapAction | str) -> None:
        """Take an action (its text is read too); SnapIllegal and nothing changes when the
        rules refuse it."""
        if isinstance(a, str):
            a = parse_action(a)
        why = self.why_illegal(a)
        if why is not None:
            raise why
        self._undo.append(self._s.copy())
        s = self._s
        p = s.current_player
        s.history.append((p, a))
        s.events.append(SnapEvent("action", p, a, (a.card,) if a.kind == Kind.PLAY else ()))
        if a.kind == Kind.CLAIM:
            self._claim(p)
        elif a.kind == Kind.EXCHANGE:
            want = legality.exchange_card(s, self.rules)
            taken = s.talon[-1]
            s.hands[p] = s.hands[p] & ~(1 << want) | (1 << taken)
            s.talon[-1] = want
        elif a.kind == Kind.CLOSE:
            opp = 1 - p
            s.closed_by = p
            s.closing = (s.tricks[opp], self.points(opp))
        elif a.kind == Kind.MARRIAGE:
            s.pending = a.suit
        else:
            self._play(p, a.card)

    push = apply

    def undo(self) -> None:
        """Take back the last action: its undo record, the whole state before it, is put
        back."""
        if not self._undo:
            raise UltiError("nothing to undo")
        self._s = self._undo.pop()

    pop = undo

    def clone(self) -> SnapDeal:
        """An independent copy, its undo records too (each its own: undoing one of the two
        and playing on never changes what the other would undo to)."""
        other = copy.copy(self)
        other._s = self._s.copy()
        other._undo = [u.copy() for u in self._undo]
        return other

    # -- play (Z4) ----------------------------------------------------------------------------

    def _play(self, p: int, c: int) -> None:
        s = self._s
        s.hands[p] &= ~(1 << c)
        if not s.trick:
            if s.pending >= 0:
                s.marriages.append((p, s.pending))
                s.pending = -1
            s.trick.append(c)
            return
        led = s.trick[0]
        winner = p if beats(c, led, s.trump) else s.leader
        s.won[winner] |= (1 << led) | (1 << c)
        s.tricks[winner] += 1
        s.trick = []
        s.last_winner = winner
        s.leader = winner
        s.events.append(
            SnapEvent("trick", winner, cards=(led, c), value=POINTS[led & 7] + POINTS[c & 7])
        )
        if s.talon and s.closed_by < 0:  # Z4: the winner draws first; the last is the trump
            first, second = s.talon[0], s.talon[1]
            s.talon = s.talon[2:]
            s.hands[winner] |= 1 << first
            s.hands[1 - winner] |= 1 << second
            s.events.append(SnapEvent("draw", winner, value=len(s.talon)))
        if not any(s.hands):
            self._last_trick(winner)

    # -- the end (Z9-Z11) ---------------------------------------------------------------------

    def _last_trick(self, w: int) -> None:
        """The hands are played out: a winner of the last trick who holds 66 claims it (Z9:
        right after winning a trick); else Z10 or Z11 decide."""
        s = self._s
        if self.points(w) >= TARGET:
            self._claim(w, automatic=True)
            return
        if s.closed_by < 0:  # Z10: the last trick wins the deal, scored as a true claim
            self._finish("Z10", "last-trick", w, self._by_points(1 - w), seat=w)
        else:
            self._closer_fails("last-trick-closed")

    def _by_points(self, opp: int, tricks: int | None = None, points: int | None = None) -> int:
        """Z9's scale by the opponent's tricks and points: 3 with no trick, 2 below 33, else 1."""
        t = self._s.tricks[opp] if tricks is None else tricks
        pts = self.points(opp) if points is None else points
        return 3 if t == 0 else 2 if pts < SCHNEIDER else 1

    def _closer_fails(self, code: str) -> None:
        """Z11: the closer did not make a true claim: the opponent scores 2, or 3 when they had
        no trick at the closing."""
        s = self._s
        closer = s.closed_by
        opp = 1 - closer
        gp = 3 if s.closing[0] == 0 else 2
        self._finish("Z11", code, opp, gp, seat=closer, other=opp)

    def _claim(self, p: int, automatic: bool = False) -> None:
        """Seat ``p`` claims 66 (Z9), or reached it with the last trick (``automatic``); after
        a closing, Z11 scores it."""
        s = self._s
        opp = 1 - p
        pts = self.points(p)
        true = pts >= TARGET
        if s.closed_by < 0 or (s.closed_by == opp and not true):
            if true:
                code = "claim-last" if automatic else "claim"
                self._finish("Z9", code, p, self._by_points(opp), seat=p, points=pts)
            else:
                gp = 3 if s.tricks[opp] == 0 else 2
                self._finish("Z9", "false-claim", opp, gp, seat=p, points=pts, other=opp)
        elif s.closed_by == p:
            if true:
                tricks, points = s.closing
                gp = self._by_points(opp, tricks, points)
                self._finish("Z11", "closer-claims", p, gp, seat=p, points=pts)
            else:
                self._closer_fails("closer-false-claim")
        else:  # the closer's opponent makes a true claim first: the closing fails (Z11)
            self._closer_fails("opponent-claims")

    def _finish(self, rule: str, code: str, winner: int, gp: int, **params: int) -> None:
        s = self._s
        s.end = End(rule, code, winner, gp, params)
        s.events.append(SnapEvent("end", winner, value=gp))


def play_out(
    d: SnapDeal, choose: Callable[[SnapDeal], SnapAction | str]
) -> Iterator[tuple[int, SnapAction | str]]:
    """Play ``d`` to its end with ``choose(deal) -> action``, yielding each move."""
    while not d.is_over():
        p = d.current_player
        a = choose(d)
        d.apply(a)
        yield p, a


__all__ = ["SnapDeal", "deal_order", "first_state", "play_out"]

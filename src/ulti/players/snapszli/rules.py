"""Snapszli's ``rules`` player: the habits of a careful player (:class:`SnapRulesPlayer`)."""

from __future__ import annotations

from collections.abc import Sequence

from ulti.core.cards import KING, OVER, cards_of
from ulti.games.snapszli import (
    CLAIM,
    CLOSE,
    EXCHANGE,
    POINTS,
    STRENGTH,
    TARGET,
    Kind,
    SnapAction,
    SnapObservation,
    beats,
    play,
)
from ulti.players.snapszli.knowledge import SnapKnowledge, knowledge, suit_mask
from ulti.players.snapszli.player import SnapPlayer


class SnapRulesPlayer(SnapPlayer):
    """``rules``: the habits of a careful player, in this order:

    1. claim as soon as its points reach 66 (Z9), never before;
    2. on lead, exchange the trump Alsó (IX) for the turned card whenever allowed (Z6);
    3. close the talon (Z8) when the points it has, the marriages it can announce and the cards
       that surely win in strict play (a conservative count: trumps nothing out can beat, and
       side-suit tops once its sure trumps outnumber the trumps the opponent may hold; the cards
       they capture counted as nothing) reach 66;
    4. announce a marriage whenever it holds one (Z7), the trump one first, leading the Felső
       (the King when it surely wins);
    5. open play, leading: the cheapest card — low side cards first; trumps, Aces and Tens kept,
       and the King and Felső of a marriage still to be made;
    6. open play, answering: take a Ten or Ace led with the cheapest card that wins (the higher
       card of the suit, else the lowest trump); take any side card with a higher card of its
       suit; take anything that brings it to 66; otherwise throw the cheapest card, never
       trumping a low card;
    7. strict play (Z5): lead its sure winners, trumps first while the opponent may hold trumps,
       else its cheapest card; answer with the cheapest card that wins, else the cheapest.
    """

    name = "rules"

    def choose(self, obs: SnapObservation, legal: Sequence[SnapAction]) -> SnapAction:
        if len(legal) == 1:
            return legal[0]
        me = self.points(obs)
        if self.claim_due(legal, me):
            return CLAIM
        options = [a for a in legal if a.kind != Kind.CLAIM]
        if not options:
            return legal[0]
        k = knowledge(obs, self.rules, self.turned)
        if EXCHANGE in options:
            self.explanation = ("hint-exchange", {})
            return EXCHANGE
        if CLOSE in options:
            sure = self.sure_points(obs, k, me)
            if sure >= TARGET:
                self.explanation = ("hint-close", {"points": sure})
                return CLOSE
        marriages = [a for a in options if a.kind == Kind.MARRIAGE]
        if marriages:
            best = max(marriages, key=lambda a: (a.suit == obs.trump, -a.suit))
            pts = 40 if best.suit == obs.trump else 20
            self.explanation = ("hint-marriage", {"points": pts})
            return best
        cards = [a.card for a in options if a.kind == Kind.PLAY]
        if len(cards) == 1:
            return play(cards[0])
        if not obs.trick:
            return play(self.lead(obs, k, cards))
        return play(self.answer(obs, k, cards, me))

    # -- judgement ----------------------------------------------------------------------------

    def cost(self, c: int, k: SnapKnowledge) -> float:
        """What giving up ``c`` costs: its points, more for a trump (it wins later) and for
        the King or Felső of a marriage still to be made."""
        v = float(POINTS[c & 7]) + STRENGTH[c & 7] * 0.1
        if c >> 3 == k.trump:
            v += 12.0
        rank = c & 7
        if rank in (KING, OVER):
            partner = (c & ~7) | (OVER if rank == KING else KING)
            if k.hand >> partner & 1 or not (k.played >> partner & 1):
                v += 6.0 if k.hand >> partner & 1 else 2.0
        return v

    def opp_possible(self, k: SnapKnowledge) -> int:
        """Cards the opponent may hold."""
        return (k.unknown & ~k.opp_cannot) | k.opp_held

    def sure_winners(self, k: SnapKnowledge) -> list[int]:
        """Cards of this hand that win when led in strict play whatever the opponent holds:
        trumps nothing out beats; side cards nothing out of their suit beats, once the opponent
        can have no trump left (none possible, or the sure trumps, led first, draw them all)."""
        out = self.opp_possible(k)
        trump = k.trump
        trumps: list[int] = []
        side: list[int] = []
        for c in cards_of(k.hand):
            suit = c >> 3
            higher = [
                x for x in cards_of(out & suit_mask(suit)) if STRENGTH[x & 7] > STRENGTH[c & 7]
            ]
            if not higher:
                (trumps if suit == trump else side).append(c)
        opp_trumps = min((out & suit_mask(trump)).bit_count(), k.opp_size)
        if opp_trumps == 0 or len(trumps) >= opp_trumps:
            return trumps + side
        return trumps

    def sure_points(self, obs: SnapObservation, k: SnapKnowledge, me: int) -> int:
        """A conservative count of the points this seat makes with the talon closed."""
        wins = self.sure_winners(k)
        total = me + sum(POINTS[c & 7] for c in wins)
        if wins or k.walk.trick_count[k.seat]:
            for suit in range(4):
                if k.hand >> (suit * 8 + KING) & 1 and k.hand >> (suit * 8 + OVER) & 1:
                    total += 40 if suit == obs.trump else 20
        return total

    def lead(self, obs: SnapObservation, k: SnapKnowledge, cards: list[int]) -> int:
        if k.walk.strict:
            wins = [c for c in self.sure_winners(k) if c in cards]
            if wins:
                # trumps first while the opponent may hold trumps, the highest first
                wins.sort(key=lambda c: (c >> 3 != k.trump, -STRENGTH[c & 7]))
                self.explanation = ("hint-sure", {"card": wins[0]})
                return wins[0]
            c = min(cards, key=lambda c: (self.cost(c, k), c))
            self.explanation = ("hint-lead-low", {"card": c})
            return c
        c = min(cards, key=lambda c: (self.cost(c, k), c))
        self.explanation = ("hint-lead-low", {"card": c})
        return c

    def answer(self, obs: SnapObservation, k: SnapKnowledge, cards: list[int], me: int) -> int:
        led = obs.trick[0]
        trump = k.trump
        winners = [c for c in cards if beats(c, led, trump)]
        if k.walk.strict:
            if winners:
                c = min(winners, key=lambda c: (c >> 3 == trump, STRENGTH[c & 7], c))
                self.explanation = ("hint-win-cheap", {"card": c})
                return c
            c = min(cards, key=lambda c: (self.cost(c, k), c))
            self.explanation = ("hint-duck", {"card": c})
            return c
        credit = 0
        if k.walk.trick_count[k.seat] == 0:
            credit = sum(40 if s == trump else 20 for who, s in obs.marriages if who == k.seat)
        reach = [c for c in winners if me + credit + POINTS[led & 7] + POINTS[c & 7] >= TARGET]
        if reach:
            c = min(reach, key=lambda c: (self.cost(c, k), c))
            self.explanation = ("hint-reach", {"card": c})
            return c
        same = [c for c in winners if c >> 3 == led >> 3]
        if POINTS[led & 7] >= 10 and winners:
            c = min(winners, key=lambda c: (c >> 3 == trump, STRENGTH[c & 7], c))
            self.explanation = ("hint-take", {"card": c})
            return c
        if same and led >> 3 != trump:
            c = min(same, key=lambda c: (STRENGTH[c & 7], c))
            self.explanation = ("hint-take", {"card": c})
            return c
        losers = [c for c in cards if c not in winners or c >> 3 != trump]
        c = min(losers or cards, key=lambda c: (self.cost(c, k), c))
        self.explanation = ("hint-duck", {"card": c})
        return c


__all__ = ["SnapRulesPlayer"]

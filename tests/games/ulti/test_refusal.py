"""A refusal's reason comes from the legality functions alone (``Deal.refusal``): on random deals
of every preset, at every step, each action is refused exactly when it is not among the legal
actions, and with the very reason ``apply`` raises (rule id, code and parameters) — without the
action being applied to a copy to find it out."""

from __future__ import annotations

import random

import pytest

from ulti.games.ulti.actions import CLAIM, NUM_ACTIONS, ActionKind, from_id
from ulti.games.ulti.deal import Deal, IllegalAction, Phase
from ulti.games.ulti.rules import PRESETS, Ruleset


def _refused_by_apply(d: Deal, action_id: int) -> object:
    """What applying the action to a copy says (the way the server used to learn it)."""
    try:
        d.clone().apply(from_id(action_id))
    except IllegalAction as exc:
        return exc.reason
    return None


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_the_refusal_is_the_one_apply_raises_and_only_for_illegal_actions(preset: str) -> None:
    rules = Ruleset.from_preset(preset)
    rng = random.Random(f"refusal {preset}")
    refused = 0
    steps = 0
    for seed in range(12):
        d = Deal(rules, seed, seed % 3)
        while not d.is_over():
            legal = {a.id for a in d.legal_actions()}
            # every legal action and a sample of the rest, every kind among them
            ids = legal | set(rng.sample(range(NUM_ACTIONS), 40))
            for i in sorted(ids):
                action = from_id(i)
                if action.kind == ActionKind.CLAIM and i not in legal:
                    continue  # R7: a claim's soundness asks the adjudicator (below)
                why = d.refusal(action)
                assert (why is None) == (i in legal), (preset, seed, d.history, action)
                if why is not None:
                    assert why == _refused_by_apply(d, i), (preset, seed, action)
                    refused += 1
            d.apply(from_id(rng.choice(sorted(legal))))
            steps += 1
        assert d.refusal(from_id(0)) == ("R8", "deal-over", {})
    assert steps > 100 and refused > 2000, (steps, refused)


def test_a_claim_s_refusal_asks_the_adjudicator_as_apply_does() -> None:
    """R7: in an open contract's play a claim is refused before the hands are laid open and
    when unsound, with apply's reason; it is allowed exactly when it is among the legal
    actions."""
    asked = refused = 0
    for seed in range(400):
        d = Deal(Ruleset(), seed, 0)
        rng = random.Random(seed)
        while not d.is_over():
            if d.contract is not None and d.contract.open and d.phase == Phase.PLAY:
                why = d.refusal(CLAIM)
                assert (why is None) == (CLAIM in d.legal_actions())
                if why is not None:
                    assert why == _refused_by_apply(d, CLAIM.id)
                    refused += 1
                asked += 1
            d.apply(rng.choice(d.legal_actions()))
        if asked > 80:
            break
    assert asked > 80 and refused > 0, (asked, refused)

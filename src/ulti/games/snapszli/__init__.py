"""Snapszli: the Hungarian two-player Schnapsen, for when only two are present.

The rule book is ``docs/SNAPSZLI.md`` (ids Z1-Z13, options ZV1-ZV4).  The game shares with Ulti
what truly is shared — the cards and their notations (:mod:`ulti.core.cards`), the words
(:mod:`ulti.i18n`), the seeds (:mod:`ulti.core.seeds`), the rules-file reader
(:mod:`ulti.games.rulesfile`), the error base — and bends nothing of Ulti's engine.  Its rooms
are Ulti's (:mod:`ulti.games.ulti`), one concern each:

==============  ================================================================================
module          holds
==============  ================================================================================
``cards``       the pack (Z1, ZV1), card points and strength, who wins a trick (Z4), 66 and 33
``rules``       :class:`SnapRules` (ZV1-ZV4), the presets, :class:`SnapRulesError`
``actions``     :class:`SnapAction` and its ids, :func:`parse_action`, :func:`describe`
``state``       the deal's fields (:class:`~ulti.games.snapszli.state.SnapState`, its own undo
                record), the event log, :class:`End`
``legality``    the legal cards and actions (Z4-Z9, Z5's strict play), :class:`SnapIllegal`
``deal``        :class:`SnapDeal`: the deal (Z2), ``apply``/``undo``, tricks, the end (Z9-Z11)
``observation`` :class:`SnapObservation`, what one seat may know (Z13)
``record``      :func:`to_record`/:func:`from_record`, :func:`dumps`, :func:`render`
``match``       :class:`SnapMatch`, a match to 7 (Z12, ZV2)
``game``        :data:`SNAPSZLI`, the game for the framework, and :func:`decision_kind`
==============  ================================================================================

:class:`SnapDeal` has the same state API as :class:`ulti.games.ulti.deal.Deal`:
``current_player``, ``legal_actions`` (actions with one text form, read back by
:func:`parse_action`), ``apply``/``undo`` (``push``/``pop``), ``clone``, ``observation(seat)``,
``events``, ``outcome``, ``returns``.  Cards are Ulti's ints (``suit * 8 + rank``).  The names
below are the package's: importers take them from here or from their module.
"""

from __future__ import annotations

from ulti.games.snapszli.actions import (
    CLAIM,
    CLOSE,
    EXCHANGE,
    NUM_ACTIONS,
    Kind,
    SnapAction,
    SnapParseError,
    action_from_id,
    describe,
    marriage,
    parse_action,
    play,
)
from ulti.games.snapszli.cards import (
    POINTS,
    RANKS_20,
    RANKS_24,
    SCHNEIDER,
    STRENGTH,
    TARGET,
    beats,
    card_points,
    pack,
)
from ulti.games.snapszli.deal import SnapDeal, play_out
from ulti.games.snapszli.game import DECISION_KINDS, SNAPSZLI, decision_kind
from ulti.games.snapszli.legality import SnapIllegal
from ulti.games.snapszli.match import MATCH_FORMAT, SnapMatch
from ulti.games.snapszli.observation import SnapObservation
from ulti.games.snapszli.record import FORMAT, VERSION, dumps, from_record, render, to_record
from ulti.games.snapszli.rules import OPTIONS, PRESETS, SnapRules, SnapRulesError
from ulti.games.snapszli.state import End, SnapEvent

__all__ = [
    "CLAIM",
    "CLOSE",
    "DECISION_KINDS",
    "EXCHANGE",
    "FORMAT",
    "MATCH_FORMAT",
    "NUM_ACTIONS",
    "OPTIONS",
    "POINTS",
    "PRESETS",
    "RANKS_20",
    "RANKS_24",
    "SCHNEIDER",
    "SNAPSZLI",
    "STRENGTH",
    "TARGET",
    "VERSION",
    "End",
    "Kind",
    "SnapAction",
    "SnapDeal",
    "SnapEvent",
    "SnapIllegal",
    "SnapMatch",
    "SnapObservation",
    "SnapParseError",
    "SnapRules",
    "SnapRulesError",
    "action_from_id",
    "beats",
    "card_points",
    "decision_kind",
    "describe",
    "dumps",
    "from_record",
    "marriage",
    "pack",
    "parse_action",
    "play",
    "play_out",
    "render",
    "to_record",
]

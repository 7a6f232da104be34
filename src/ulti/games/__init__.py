"""The games, one package each, with the same rooms: rules, actions, legality, the state and
its phases, scoring, the per-seat observation, records.  :mod:`ulti.games.ulti` is Ulti (three
at the table); :mod:`ulti.games.snapszli` is Snapszli (two).  A game imports only the layers
below it (:mod:`ulti.core`, :mod:`ulti.i18n`), never a search, a player or a front end."""

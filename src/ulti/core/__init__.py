"""The bottom layer, shared by every game: cards as ints and hands as 32-bit masks
(:mod:`~ulti.core.cards`), the documented seed -> deck function (:mod:`~ulti.core.seeds`) and the
one base of every bad-input error (:mod:`~ulti.core.errors`).  It imports nothing of the package
but :mod:`ulti.i18n` (the cards' names)."""

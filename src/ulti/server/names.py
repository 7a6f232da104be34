"""What a name looks like (docs/CLUB.md): the keys two names that a reader could take for one
another share, and the characters no name may hold.

Names are compared as Unicode's security mechanisms say (UTS #39, through ICU's
``SpoofChecker``, the standard's reference implementation, by way of PyICU): a name's
*skeleton* maps every character to the prototype it is confusable with (Cyrillic ``а`` and
Latin ``a``, Greek ``ο`` and ``o``, ``ı`` and ``i``, ``rn`` and ``m``), after the name is
NFKC case-folded (``ａｌｉｃｅ``, ``𝐚𝐥𝐢𝐜𝐞`` and ``ALICE`` are ``alice``; the fold also drops
the invisible characters Unicode calls default-ignorable, such as U+3164 HANGUL FILLER).  A
name has two keys: the skeleton of its folded form, and the skeleton of its form as written
(capital ``I`` is ``l`` there: ``Iván`` looks like ``lván``).  Two names collide when they
share a key; the keys kept are hashes of the skeletons (fixed length, nothing to display).

A name may not hold a default-ignorable character, repeat a combining mark, mix alphabets
beyond what one writing system uses (ICU's *highly restrictive* level: Latin and Cyrillic
letters in one name are refused, Japanese kana with kanji are not) or mix kinds of digits.
"""

from __future__ import annotations

import hashlib
import unicodedata

import icu

#: Which keys a name has: changes when ICU's data (a new Unicode version) or the way keys are
#: made changes; the store makes the keys of every account anew when it does.
KEYS_VERSION = f"icu-{icu.ICU_VERSION}/1"

_FOLD = icu.Normalizer2.getNFKCCasefoldInstance()
_SPOOF = icu.SpoofChecker()
_SPOOF.setChecks(
    icu.USpoofChecks.RESTRICTION_LEVEL | icu.USpoofChecks.INVISIBLE | icu.USpoofChecks.MIXED_NUMBERS
)
_SPOOF.setRestrictionLevel(icu.URestrictionLevel.HIGHLY_RESTRICTIVE)
_IGNORABLE = icu.UProperty.DEFAULT_IGNORABLE_CODE_POINT


def invisible(ch: str) -> bool:
    """Whether a character is one Unicode says is not shown (default-ignorable: zero-width
    spaces and joiners, fillers, variation selectors, bidi controls)."""
    return bool(icu.Char.hasBinaryProperty(ch, _IGNORABLE))


def visible(text: str) -> str:
    """``text`` without its default-ignorable characters."""
    return "".join(ch for ch in text if not invisible(ch))


def _skeleton(text: str) -> str:
    return str(_SPOOF.getSkeleton(0, text))


def _hashed(skeleton: str) -> str:
    return hashlib.sha256(skeleton.encode("utf-8")).hexdigest()


def looks(name: str) -> frozenset[str]:
    """The keys of ``name``: another name with one of them could be taken for it."""
    folded = _FOLD.normalize(name)
    written = visible(unicodedata.normalize("NFKC", name))
    return frozenset(_hashed(_skeleton(form)) for form in (folded, written))


def spoofing(name: str) -> str | None:
    """Why ``name`` cannot be a name (``"invisible"``: a character that is not shown, a
    combining mark repeated; ``"mixed"``: alphabets or kinds of digits mixed), or None."""
    if any(invisible(ch) for ch in name):
        return "invisible"
    found = int(_SPOOF.check(name))
    if found & int(icu.USpoofChecks.INVISIBLE):
        return "invisible"
    if found:
        return "mixed"
    return None

"""The Hungarian definite article, chosen as it is said: *az* before a vowel, *a* before a
consonant -- "az 5. ütés", "a 9. ütés", "az ulti", "a durchmars".

A text writes ``{field!z}`` for "a/az field" and ``{field!Z}`` at the start of a sentence
(:func:`ulti.i18n.text` fills it in; the browser's ``fill`` does the same), so no player reads
the form-letter "a(z)".  The English words of such a text hold the bare ``{field}``.
"""

from __future__ import annotations

#: The letters a Hungarian word may start with that are said as vowels.
VOWELS = frozenset("aáeéiíoóöőuúüű")


def article(value: object) -> str:
    """``"az"`` or ``"a"`` for ``value`` as it is read aloud.

    A number is read in Hungarian: those starting *egy* (1), *ezer* (1,000-1,999), *egymillió*
    or *öt* (5, 50-59, 500-599, …) take *az*.  A word takes *az* when its first letter is a
    vowel; quotes and brackets before it do not count."""
    s = str(value).lstrip(" \"'„“”»«([{</\u00a0")
    if not s or s[0] in "-−+":
        return "a"  # mínusz, plusz
    if s[0].isdigit():
        digits = ""
        for ch in s:
            if ch.isdigit():
                digits += ch
            elif ch not in " \u00a0\u202f":  # the thousands' spaces belong to the number
                break
        lead = digits.lstrip("0") or "0"
        if lead[0] == "5" or (lead[0] == "1" and len(lead) % 3 == 1):
            return "az"
        return "a"
    return "az" if s[0].lower() in VOWELS else "a"


def with_article(value: object, capital: bool = False) -> str:
    """``value`` after its article: ``"az 5"``, ``"A piros"`` (``capital``: a sentence's start)."""
    a = article(value)
    return f"{a.capitalize() if capital else a} {value}"

"""Error typologies, severities and scheme ranges: declared once, used by checks and docs."""

from __future__ import annotations

PAPER000 = {
    "Accuracy": [
        "Addition",
        "Omission",
        "Misnomer",
        "Mistranslation",
        "Overly literal",
        "Temporal effect",
    ],
    "Fluency": ["Untranslated", "Punctuation/Spelling", "Grammar", "Inconsistency", "Coherence"],
    "Style": ["Awkwardness", "Register", "Inconsistent", "Unidiomatic"],
    "Terminology": ["Mistranslation", "Inconsistent"],
    "Locale convention": ["Location format", "Number format"],
    "Others": [],
    "Non-translation": [],
}
WMT = {
    "Accuracy": ["Addition", "Omission", "Mistranslation", "Untranslated text"],
    "Fluency": [
        "Punctuation",
        "Spelling",
        "Grammar",
        "Register",
        "Inconsistency",
        "Character encoding",
    ],
    "Terminology": ["Inappropriate for context", "Inconsistent use of terminology"],
    "Style": ["Awkward"],
    "Locale convention": [
        "Address format",
        "Currency format",
        "Date format",
        "Name format",
        "Telephone format",
        "Time format",
    ],
    "Other": [],
    "Source error": [],
    "Non-translation": [],
}
TYPOLOGIES: dict[str, dict[str, list[str]]] = {
    "paper000": PAPER000,
    "wmt": WMT,
}
SEVERITIES = ("neutral", "minor", "major", "critical")
DEFAULT_SCALES = {"sqm": (0.0, 6.0), "ruler": (1.0, 5.0), "esa": (0.0, 100.0)}
UCP_CLASSES = ("CS", "CSA", "CSM", "CSC", "R", "O", "E")


def allowed_categories(typology: str, custom: list[str] | None = None) -> dict[str, set[str]]:
    """Main category -> allowed subcategories ('' always allowed)."""
    if typology == "custom":
        table: dict[str, set[str]] = {}
        for entry in custom or []:
            main, _, sub = entry.partition("/")
            table.setdefault(main, {""}).add(sub)
        return table
    return {main: {"", *subs} for main, subs in TYPOLOGIES[typology].items()}


def simple_class(ucp_class: str) -> str:
    """CSA/CSM/CSC collapse to CS (paper 003 reports CS/R/O)."""
    return "CS" if ucp_class.startswith("CS") else ucp_class

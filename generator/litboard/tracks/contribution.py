"""Checks of a contribution: a system in a track root (``tracks/<track>/``), or the system a
pull request adds (``check-pr``). They run after ``submission`` (coverage, exact copies of the
source or of a human translation, script, length ratio) and add:

* **the card**: every field of ``CARD_FIELDS`` filled in (no ``FILL IN``
  placeholder), ``date`` as YYYY-MM-DD, and no ``kind: human`` / ``modality: HT`` — a
  contributed human translation would become a reference for everyone's scores;
* **a unique display name** within the dataset, compared by their UTS #39 skeletons, no hidden
  character in an output text, no card without outputs (``shown_checks``), and no hidden
  character (``names.hidden``: default-ignorable, bidi control, U+2800, ...) in any card field;
* **no copy, near copy or shifted lines** of another system's outputs or of the reference:
  ``tracks.copy_rules``, given to load as a ``RootCheck`` (``tracks.checks.CHECKS``);
* **the target language** per paragraph: lingua-language-detector (low-accuracy mode, the
  languages of ``LANGUAGES``) must not give the pair's target a confidence below
  ``MIN_TARGET_CONFIDENCE`` while preferring another language, for texts of
  ``MIN_LANGUAGE_CHARS`` or more. Measured on the released translations of every track (1,428
  texts of 30+ characters, bench/measure_langid.py): py3langid names the target for 1,424,
  lingua (high-accuracy mode) for 1,421; every miss of either is a line under 50 characters
  ("Maar het ergste was die stilte…" is Afrikaans to both). Under this rule no released text
  is flagged (lowest target confidence 0.042). lingua is the one used: py3langid needs
  numpy>=2, which the COMET extra (unbabel-comet) forbids.
* **file sizes**: ``<pair>.jsonl`` up to ``MAX_DATA_BYTES``, any other file up to
  ``MAX_OTHER_BYTES`` (``check-pr`` applies the same limits to the files of a pull request).
"""

from __future__ import annotations

import datetime
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..errors import Problems
from ..load.names import ALLOWED_CONTROLS, invisible
from ..load.rows import RawData, Row
from ..load.track_decl import contributions, of_dataset
from .submission import SETTINGS, normalise

PLACEHOLDER = "FILL IN"
# The card of a contribution: field -> what to write (the docs and the checks read this table).
CARD_FIELDS: dict[str, str] = {
    "name": "the display name on the board (unique within the track)",
    "submitted_by": "your organisation or a contact (name and e-mail or URL)",
    "model": "the model behind the outputs (e.g. gpt-4o-2024-08-06, NLLB-200-3.3B)",
    "version": "the model's version or checkpoint",
    "prompt": "how the outputs were produced: the prompt, or the decoding settings of an MT system",
    "date": "when the outputs were produced (YYYY-MM-DD)",
    "licence": "the licence of the outputs (e.g. CC-BY-4.0)",
    "open_weights": "true if the model's weights are public, else false",
}
OPTIONAL_FIELDS = {"url": "a paper or model page (optional)"}

MIN_TARGET_CONFIDENCE = 0.02
MIN_LANGUAGE_CHARS = 50  # shorter lines are misread by both identifiers (see above)
# textfiles.MAX_FILE_BYTES: each data file (a longer pair continues in parts)
MAX_DATA_BYTES = 5 * 1024 * 1024
MAX_OTHER_BYTES = 64 * 1024  # system.yaml and the optional notes (*.md, *.txt)
DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
LANGUAGES = (
    "af ar bg ca cs da de el en es et eu fa fi fr ga he hi hr hu hy id is it ja ka ko lt lv mk "
    "ms nb nl nn pl pt ro ru sk sl sq sv sw th tl tr uk ur vi zh"
).split()


def check_contributions(raw: RawData, problems: Problems) -> None:
    """Every contribution problem of the systems in track roots."""
    # every system folder, the demo's too (issue 33 row 13: a 60 MB notes.txt)
    for card in raw.of("system"):
        check_sizes(Path(card.file).parent, problems)
    from .shown_checks import check_shown

    check_shown(raw, problems, _line)  # names, hidden characters in texts, no outputs
    cards = contributions(raw)
    if not cards:
        return
    mine = {r.data["id"] for r in cards}
    datasets = raw.of("dataset")
    track = of_dataset(datasets[0].data["id"]) if datasets else None
    for card in cards:
        check_card(card.file, card.data, problems)
    outputs: dict[tuple[str, str], list[Row]] = {}
    for row in raw.of("translation"):
        outputs.setdefault((row.context["system"], row.context["pair"]), []).append(row)
    for (system, pair), rows in sorted(outputs.items()):
        if system in mine:
            if track is not None and pair not in track.pairs:
                problems.add(
                    rows[0].file,
                    0,
                    "file name",
                    f"{pair} is not a pair of track {track.id!r}",
                    f"the track takes {', '.join(track.pairs)}; rename the file or remove it",
                )
                continue
            check_language(rows, pair, problems)


def _line(path: str, name: str, text: str | None = None) -> int:
    """The line of a top-level YAML field (0 when absent); ``text``: the file's text if not on
    disk."""
    try:
        lines = (text if text is not None else Path(path).read_text(encoding="utf-8")).splitlines()
    except (OSError, UnicodeError):
        return 0
    return next((i for i, line in enumerate(lines, 1) if line.startswith(f"{name}:")), 0)


def check_card(
    path: str, card: dict[str, Any], problems: Problems, text: str | None = None
) -> None:
    def field_line(path: str, name: str) -> int:
        return _line(path, name, text)

    for name, meaning in CARD_FIELDS.items():
        value = card.get(name)
        if value is None or (
            isinstance(value, str) and (not value.strip() or value.startswith(PLACEHOLDER))
        ):
            problems.add(
                path,
                field_line(path, name),
                name,
                "is missing" if value is None else "is not filled in",
                f"write {meaning} (every track contribution's card needs it)",
            )
    for name, value in card.items():
        found = (
            invisible(value, ALLOWED_CONTROLS if name == "prompt" else frozenset())
            if isinstance(value, str)
            else []
        )
        if found:
            problems.add(
                path,
                field_line(path, name),
                str(name),
                f"contains invisible characters ({', '.join(sorted(set(found)))}): they make "
                "text look like other text or reorder what is shown",
                "delete them",
            )
    why = bad_date(card.get("date"))
    if why:
        problems.add(
            path,
            field_line(path, "date"),
            "date",
            why,
            "write the day the outputs were produced, e.g. 2026-11-24",
        )
    if card.get("kind") == "human" or card.get("modality") == "HT":
        field = "kind" if card.get("kind") == "human" else "modality"
        problems.add(
            path,
            field_line(path, field),
            field,
            "a contribution may not be a human translation: human translations are the "
            "references of every system's automatic scores",
            "use the kind that produced the outputs (llm, nmt, commercial-mt or post-edit) and "
            "modality MT or PE; to add a human translation, open an issue for the maintainers",
        )


def bad_date(date: object) -> str:
    """Why ``date`` is not a calendar day YYYY-MM-DD ('' when it is, absent or a placeholder)."""
    if not isinstance(date, str) or date.startswith(PLACEHOLDER):
        return ""
    if not DATE.match(date):
        return f"{date!r} is not a date YYYY-MM-DD"
    try:
        datetime.date.fromisoformat(date)
    except ValueError as exc:
        return f"{date!r} is not a day of the calendar ({exc})"
    return ""


def check_sizes(folder: Path, problems: Problems) -> None:
    for path in sorted(folder.iterdir()) if folder.is_dir() else []:
        if path.is_file() and not path.is_symlink():
            limit = MAX_DATA_BYTES if path.suffix == ".jsonl" else MAX_OTHER_BYTES
            size = path.stat().st_size
            if size > limit and path.suffix != ".jsonl":  # data files: textfiles reports them
                problems.add(
                    str(path),
                    0,
                    "file size",
                    f"is {size:,} bytes; the limit is {limit:,}",
                    "outputs go in <pair>.jsonl (split a large one into <pair>.2.jsonl, ...); "
                    "notes belong in the card's description or the pull request",
                )


def _texts(rows: list[Row]) -> dict[str, tuple[Row, str]]:
    out = {}
    for row in rows:
        text = row.data.get("text")
        if isinstance(text, str) and len(normalise(text)) >= SETTINGS.min_chars:
            out[row.data["paragraph"]] = (row, normalise(text))
    return out


@lru_cache(maxsize=1)
def _detector() -> Any:
    from lingua import IsoCode639_1, Language, LanguageDetectorBuilder

    languages = [
        Language.from_iso_code_639_1(getattr(IsoCode639_1, code.upper())) for code in LANGUAGES
    ]
    return LanguageDetectorBuilder.from_languages(*languages).with_low_accuracy_mode().build()


def language_of(code: str) -> Any:
    from lingua import IsoCode639_1, Language

    iso = getattr(IsoCode639_1, code.upper(), None)
    return Language.from_iso_code_639_1(iso) if iso is not None and code in LANGUAGES else None


def check_language(rows: list[Row], pair: str, problems: Problems) -> None:
    target = language_of(pair.split("-")[1])
    if target is None:
        # a language the identifier does not know: the script check (submission.py) still runs
        return
    detector = _detector()
    for pid, (row, text) in sorted(_texts(rows).items(), key=lambda kv: kv[1][0].line):
        if len(text) < MIN_LANGUAGE_CHARS:
            continue
        confidence = detector.compute_language_confidence(text, target)
        if confidence >= MIN_TARGET_CONFIDENCE:
            continue
        found = detector.detect_language_of(text)
        if found is None or found == target:
            continue
        name = found.iso_code_639_1.name.lower()
        problems.add(
            row.file,
            row.line,
            "text",
            f"is in {found.name.title()} ({name}), not in the target language "
            f"{pair.split('-')[1]!r} of "
            f"{pair} (identifier confidence for the target: {confidence:.3f})",
            f"replace it by the {pair.split('-')[1]} translation of paragraph {pid!r}",
        )

"""A generated, valid contribution to a track (tests only): each output splices the first half of
one released machine system's words with the second half of another's (every other word of that
half with its inner letters reversed), in reverse order, so it is in the target language, covers
every paragraph, and copies no system (the copy rules of litboard.tracks.copy_rules and
copy_check; half of a reference's words, even reversed, would be a copy of it)."""

from __future__ import annotations

import json
from pathlib import Path

from litboard.model import Corpus
from litboard.tracks.files import sources
from litboard.load.track_decl import Track

CARD = (
    "id: {id}\nname: {name}\nkind: llm\nmodality: MT\nmodel: example-7b\nversion: v1\n"
    "prompt: 'Translate {{src}} into {{tgt}}.'\ndate: '2026-11-20'\nsubmitted_by: a test "
    "contributor\n"
    "licence: CC-BY-4.0\nopen_weights: true\n"
)


def spliced(corpus: Corpus, track: Track, pair: str) -> list[dict[str, str]]:
    tr = corpus.tables["translations"]
    systems = corpus.tables["systems"]
    machine = set(systems.loc[systems["kind"] != "human", "system"])
    # machine outputs only: half of a reference's words, even reversed, is a copy of it
    tr = tr[(tr["pair"] == pair) & tr["text"].notna() & tr["system"].isin(machine)]
    by_paragraph = {pid: sorted(g["text"].tolist()) for pid, g in tr.groupby("paragraph")}
    out = []
    for pid, _ in sources(corpus, track, pair):
        texts = by_paragraph[pid]
        first, second = texts[0].split(), texts[-1].split()
        if len(first) < 6 or len(second) < 6:  # scripts without spaces (ja, zh): splice characters
            a, b = texts[0], texts[-1]
            text = a[: len(a) // 2] + b[len(b) // 2 :]
            text = " ".join(text.split()[::-1]) if len(text.split()) > 2 else text[::-1]
        else:  # the second half's words with their inner letters reversed: words of no system
            half = second[len(second) // 2 :]
            words = first[: len(first) // 2] + [_scrambled(w, i) for i, w in enumerate(half)]
            text = " ".join(words[::-1])
        out.append({"paragraph": pid, "text": text})
    return out


def _scrambled(word: str, i: int) -> str:
    """Every other word of four letters or more with its inner letters reversed."""
    return word[0] + word[1:-1][::-1] + word[-1] if len(word) > 3 and i % 2 else word


def write_contribution(
    folder: Path, system: str, name: str, outputs: dict[str, list[dict[str, str]]]
) -> Path:
    folder.mkdir(parents=True)
    (folder / "system.yaml").write_text(CARD.format(id=system, name=name), encoding="utf-8")
    for pair, rows in outputs.items():
        (folder / f"{pair}.jsonl").write_text(
            "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8"
        )
    return folder


def card_args(name: str, model: str) -> list[str]:
    """The ``new-system`` options of a complete system card (the walkthrough's example values)."""
    return [
        "--name",
        name,
        "--submitted-by",
        "Jane Doe <jane@example.org>",
        "--model",
        model,
        "--version",
        "2026-11",
        "--prompt",
        "Translate this novel excerpt from {src} into {tgt}.",
        "--date",
        "2026-11-20",
        "--licence",
        "CC-BY-4.0",
        "--open-weights",
        "yes",
    ]

"""A tiny data root (2 paragraphs, 1 human + 2 MT systems, one pair) built in tmp_path."""

from __future__ import annotations

from pathlib import Path

import pytest

from litboard.importers import write_jsonl, write_yaml

SOURCE = [
    "Der alte Mann sah lange auf das Meer hinaus.",
    "Dann ging er langsam nach Hause, ohne ein Wort zu sagen.",
]
OUTPUTS = {
    "human": [
        "The old man gazed out at the sea for a long time.",
        "Then he walked slowly home without saying a word.",
    ],
    "mt-a": [
        "The old man looked out at the sea for a long time.",
        "Then he went home slowly without saying a word.",
    ],
    "mt-b": [
        "The old man saw long onto the sea out.",
        "Then went he slowly to house, without a word to say.",
    ],
}
KINDS = {"human": ("human", "HT"), "mt-a": ("llm", "MT"), "mt-b": ("commercial-mt", "MT")}


def build_root(
    root: Path,
    outputs: dict[str, list[str]] | None = None,
    pair: str = "de-en",
    kinds: dict[str, tuple[str, str]] | None = None,
) -> Path:
    outputs = outputs or OUTPUTS
    kinds = kinds or KINDS
    write_yaml(root / "corpus" / "dataset.yaml", {"id": "tiny", "title": "Tiny", "version": "1"})
    write_yaml(
        root / "corpus" / "works" / "w1" / "work.yaml",
        {
            "id": "w1",
            "title": "The Sea",
            "author": "A. Writer",
            "source_lang": pair[:2],
            "genre": "short story",
            "era": "classic",
            "rights": {"status": "public-domain", "note": "test text"},
        },
    )
    write_jsonl(
        root / "corpus" / "works" / "w1" / "paragraphs.jsonl",
        [{"id": f"p{i + 1}", "index": i, "text": t} for i, t in enumerate(SOURCE)],
    )
    for system, texts in outputs.items():
        kind, modality = kinds[system]
        write_yaml(
            root / "corpus" / "systems" / system / "system.yaml",
            {"id": system, "name": system, "kind": kind, "modality": modality},
        )
        write_jsonl(
            root / "corpus" / "systems" / system / f"{pair}.jsonl",
            [{"paragraph": f"p{i + 1}", "text": t} for i, t in enumerate(texts)],
        )
    return root


@pytest.fixture
def tiny_root(tmp_path: Path) -> Path:
    return build_root(tmp_path / "root")

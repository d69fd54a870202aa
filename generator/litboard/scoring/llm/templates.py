"""Versioned prompt files: parse, hash and render.

File format (``prompts/<name>.v<N>.txt``, UTF-8):

* leading lines starting with ``#`` are a header (source citation, notes); they are stripped
  before hashing, so fixing a citation does not invalidate cached answers;
* ``=== system`` / ``=== user`` / ``=== assistant`` start one chat message each, in order;
* ``=== block NAME`` starts a named text block a judge may insert into a message
  (e.g. one rubric per RULER criterion);
* ``{name}`` (lower-case identifier) is a placeholder, filled in one pass, so a text that
  contains ``{x}`` is never expanded again. Any other brace stays literal.

``prompt_sha256`` is the SHA-256 of the UTF-8 body (everything after the header).
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

PROMPT_DIR = Path(__file__).parent / "prompts"
PLACEHOLDER = re.compile(r"\{([a-z_][a-z0-9_]*)\}")
SECTION = re.compile(r"^=== (system|user|assistant|block [a-z0-9_]+)[ \t]*$", re.M)


@dataclass(frozen=True)
class PromptTemplate:
    id: str  # file name without .txt, e.g. gemba_mqm_original.v1
    body: str
    messages: tuple[tuple[str, str], ...]  # (role, template text)
    blocks: tuple[tuple[str, str], ...]

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.body.encode("utf-8")).hexdigest()

    def block(self, name: str) -> str:
        for key, text in self.blocks:
            if key == name:
                return text
        raise KeyError(f"prompt {self.id} has no block {name!r}")

    def render(self, **values: str) -> list[dict[str, str]]:
        """Chat messages; blocks are available as placeholders too (given values win)."""
        values = {**dict(self.blocks), **values}
        return [
            {"role": role, "content": fill(text, values, self.id)} for role, text in self.messages
        ]


def fill(text: str, values: dict[str, str], where: str = "prompt") -> str:
    def one(match: re.Match[str]) -> str:
        name = match.group(1)
        if name not in values:
            raise KeyError(f"{where}: no value for placeholder {{{name}}}")
        return values[name]

    return PLACEHOLDER.sub(one, text)


def parse(prompt_id: str, text: str) -> PromptTemplate:
    lines = text.splitlines(keepends=True)
    start = 0
    while start < len(lines) and lines[start].startswith("#"):
        start += 1
    body = "".join(lines[start:])
    parts = SECTION.split(body)
    messages, blocks = [], []
    for head, content in zip(parts[1::2], parts[2::2]):
        content = content.strip("\n")
        if head.startswith("block "):
            blocks.append((head[6:], content))
        else:
            messages.append((head, content))
    if not messages:
        raise ValueError(f"prompt {prompt_id} has no '=== system|user|assistant' section")
    return PromptTemplate(prompt_id, body, tuple(messages), tuple(blocks))


@lru_cache(maxsize=None)
def load(prompt_id: str) -> PromptTemplate:
    """Load ``prompts/<prompt_id>.txt`` (e.g. ``gemba_mqm_literary.v1``)."""
    path = PROMPT_DIR / f"{prompt_id}.txt"
    return parse(prompt_id, path.read_text(encoding="utf-8"))


LANGUAGES = {
    "en": "English",
    "de": "German",
    "zh": "Chinese",
    "ko": "Korean",
    "nl": "Dutch",
    "ca": "Catalan",
    "ru": "Russian",
    "fr": "French",
    "es": "Spanish",
    "it": "Italian",
    "ja": "Japanese",
    "cs": "Czech",
    "pt": "Portuguese",
    "pl": "Polish",
    "uk": "Ukrainian",
}


def language(code: str) -> str:
    return LANGUAGES.get(code, code)

"""Tokenise many texts exactly as a sacreBLEU ``BLEU`` object does, without its per-text cost.

sacreBLEU's ``13a`` and ``zh`` tokenizers end in four regular expressions (``TokenizerRegexp``)
whose matches are two characters at most and never span two whitespace characters, so a
line's tokens are the concatenation of the tokens of its whitespace-separated words, each
tokenised with its neighbouring whitespace (one space stands for any run). Words repeat a
lot, so each distinct (word, context) goes through sacreBLEU's own tokenizer object once. The
steps before it that would be per text (13a's replacements, zh's spacing of Chinese
characters, the split at whitespace) run on blocks of texts joined by a separator word. Any
other tokenizer (``ja-mecab``, ``spm``, ...) is called per text. The tests compare the result
with ``BLEU._preprocess_segment`` on random and real texts.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import chain
from typing import Any, Callable, Sequence

import numpy as np

# sacreBLEU 13a's language-independent replacements, in its order (Tokenizer13a.__call__)
_REPLACE_13A = (
    ("<skipped>", ""),
    ("-\n", ""),
    ("\n", " "),
    ("&quot;", '"'),
    ("&amp;", "&"),
    ("&lt;", "<"),
    ("&gt;", ">"),
)

BLOCK = 20_000  # texts split at a time: their words are the only per-word Python objects alive
SEPARATOR = "\x01"  # joins a block's texts for one split; a block containing it is split per text


def token_ids(texts: Sequence[str], bleu: Any) -> tuple[np.ndarray, np.ndarray, int]:
    """Every text's tokens as integer ids: (flat ids, tokens per text, vocabulary size).

    Equal ids mean equal token strings; the ids are dense, 0 .. vocabulary size - 1.
    """
    words_of, tokenise = _splitter(bleu)
    index: dict[Any, int] = {}  # word (key) -> code
    vocab: dict[str, int] = {}
    key_tokens: list[int] = []
    key_len: list[int] = []
    flats, lengths = [], []
    for first in range(0, len(texts), BLOCK):
        keys, words = words_of(texts[first : first + BLOCK])
        for key in dict.fromkeys(keys):
            if key not in index:
                index[key] = len(index)
                ids = [vocab.setdefault(t, len(vocab)) for t in tokenise(key)]
                key_tokens.extend(ids)
                key_len.append(len(ids))
        codes = np.fromiter(map(index.__getitem__, keys), dtype=np.int64, count=len(keys))
        if words is None:  # the keys are the texts' words with SEPARATOR between texts
            words, codes = _cut(codes, index.get(SEPARATOR, -1))
        flat, length = _expand(
            codes, words, np.asarray(key_tokens, np.int32), np.asarray(key_len, np.int64)
        )
        flats.append(flat)
        lengths.append(length)
    if not flats:
        return np.zeros(0, np.int32), np.zeros(0, np.int64), 0
    return np.concatenate(flats), np.concatenate(lengths), len(vocab)


def _expand(
    codes: np.ndarray, words: np.ndarray, key_tokens: np.ndarray, key_len: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Word codes -> token ids, and tokens per text from words per text."""
    starts_of_key = np.cumsum(key_len) - key_len
    n = key_len[codes]  # tokens per word occurrence
    before = np.cumsum(n) - n
    flat = key_tokens[np.repeat(starts_of_key[codes] - before, n) + np.arange(n.sum())]
    word_end = np.cumsum(words)
    cumulative = np.concatenate([[0], np.cumsum(n)])
    return flat, cumulative[word_end] - cumulative[word_end - words]


def _segment(text: str, bleu: Any) -> str:
    """sacreBLEU's preprocessing before the tokenizer (BLEU._preprocess_segment)."""
    return (text.lower() if bleu.lowercase else text).rstrip()


Splitter = Callable[[Sequence[str]], tuple[list[Any], np.ndarray | None]]


def _splitter(bleu: Any) -> tuple[Splitter, Callable[[Any], list[str]]]:
    """(texts -> their keys in a row and keys per text, key -> tokens) for ``bleu``'s tokenizer;
    a text's tokens are the concatenation of its keys' tokens."""
    from sacrebleu.tokenizers.tokenizer_13a import Tokenizer13a
    from sacrebleu.tokenizers.tokenizer_zh import TokenizerZh

    tokenizer = bleu.tokenizer
    if type(tokenizer) is Tokenizer13a:
        post = tokenizer._post_tokenizer
        return (lambda texts: _words_13a(texts, bleu)), (lambda word: post(f" {word} ").split())
    if type(tokenizer) is TokenizerZh:
        return (lambda texts: _words_zh(texts, bleu)), _zh_tokenizer(tokenizer)
    # any other tokenizer: one call per text
    return (lambda texts: _flatten([[bleu._preprocess_segment(t)] for t in texts])), (
        lambda line: line.split()
    )


def _flatten(keys: list[list[Any]]) -> tuple[list[Any], np.ndarray]:
    return list(chain.from_iterable(keys)), np.fromiter(
        map(len, keys), dtype=np.int64, count=len(keys)
    )


def _words_13a(texts: Sequence[str], bleu: Any) -> tuple[list[Any], np.ndarray | None]:
    """The 13a tokenizer's words of each text: its replacements, then a split at whitespace.

    The texts are joined by a separator word and split at once (then the words per text are
    None: the caller cuts at the separators); the replacements cannot reach across it (none of
    their patterns contains a space or the separator).
    """
    lines = [_segment(t, bleu) for t in texts]
    joined = f" {SEPARATOR} ".join(lines)
    if joined.count(SEPARATOR) != max(len(lines) - 1, 0):
        return _flatten([_replace_13a(line).split() for line in lines])
    return _replace_13a(joined).split(), None


def _cut(codes: np.ndarray, separator: int) -> tuple[np.ndarray, np.ndarray]:
    """(words per text, codes without the separators) of texts joined by the separator word."""
    cut = np.flatnonzero(codes == separator)
    return np.diff(np.concatenate([[-1], cut, [len(codes)]])) - 1, np.delete(codes, cut)


def _replace_13a(line: str) -> str:
    for old, new in _REPLACE_13A:
        line = line.replace(old, new)
    return line


def _words_zh(texts: Sequence[str], bleu: Any) -> tuple[list[Any], np.ndarray | None]:
    """The zh tokenizer's words of each text: Chinese characters spaced apart, then a split at
    whitespace, the first and last words marked (the zh tokenizer does not pad the line, so their
    outer edge is open). Joined by a separator word as for 13a."""
    lines = [_segment(t, bleu).strip() for t in texts]
    joined = f" {SEPARATOR} ".join(lines)
    if joined.count(SEPARATOR) != max(len(lines) - 1, 0):
        return _flatten([_zh_edges(_zh_space(line).split()) for line in lines])
    words: list[Any] = _zh_space(joined).split()
    cut = np.flatnonzero(np.fromiter((w == SEPARATOR for w in words), dtype=bool, count=len(words)))
    for first, end in zip(
        np.concatenate([[0], cut + 1]).tolist(), np.append(cut, len(words)).tolist()
    ):
        words[first:end] = _zh_edges(words[first:end])
    return words, None


def _zh_edges(words: list[Any]) -> list[Any]:
    """Keys of one line's words: (word, open start, open end) for the first and last."""
    if words:
        words[0] = (words[0], True, len(words) == 1)
        if len(words) > 1:
            words[-1] = (words[-1], False, True)
    return words


def _zh_space(line: str) -> str:
    """``line`` with ' c ' for every character c the zh tokenizer counts as Chinese."""
    code = np.frombuffer(line.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)
    chinese = _chinese()[np.minimum(code, 0x10000)]
    out = np.full(len(code) + 2 * int(chinese.sum()), ord(" "), dtype=np.uint32)
    out[np.arange(len(code)) + 2 * (np.cumsum(chinese) - chinese) + chinese] = code
    return out.tobytes().decode("utf-32-le", "surrogatepass")


@lru_cache(maxsize=1)
def _chinese() -> np.ndarray:
    """TokenizerZh._is_chinese_char of every BMP character; the last entry stands for all the
    characters above U+FFFF, which are never Chinese to it (its ranges all end in the BMP)."""
    from sacrebleu.tokenizers.tokenizer_zh import TokenizerZh

    test = getattr(TokenizerZh._is_chinese_char, "__wrapped__", TokenizerZh._is_chinese_char)
    table = np.zeros(0x10001, dtype=bool)
    table[:0x10000] = [test(chr(c)) for c in range(0x10000)]
    return table


def _zh_tokenizer(tokenizer: Any) -> Callable[[Any], list[str]]:
    is_chinese = tokenizer._is_chinese_char
    post = tokenizer._post_tokenizer

    def tokenise(key: Any) -> list[str]:
        word, first, last = key if isinstance(key, tuple) else (key, False, False)
        spaced = "".join(f" {c} " if is_chinese(c) else c for c in word)
        return post(("" if first else " ") + spaced + ("" if last else " ")).split()

    return tokenise

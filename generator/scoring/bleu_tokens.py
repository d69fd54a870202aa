"""Tokenise many texts exactly as a sacreBLEU ``BLEU`` object does, without its per-text cost.

sacreBLEU's ``13a`` and ``zh`` tokenizers end in four regular expressions (``TokenizerRegexp``)
whose matches are two characters at most and never span two whitespace characters, so a
line's tokens are the concatenation of the tokens of its whitespace-separated words, each
tokenised with its neighbouring whitespace (one space stands for any run). Words repeat a
lot, so each distinct (word, context) goes through sacreBLEU's own tokenizer object once.
Any other tokenizer (``ja-mecab``, ``spm``, ...) is called per text. The tests compare the
result with ``BLEU._preprocess_segment`` on random and real texts.
"""

from __future__ import annotations

from itertools import chain
from typing import Any, Callable, Sequence

import numpy as np

# sacreBLEU 13a's language-independent replacements, in its order (Tokenizer13a.__call__)
_REPLACE_13A = (("<skipped>", ""), ("-\n", ""), ("\n", " "),
                ("&quot;", '"'), ("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"))


def token_ids(texts: Sequence[str], bleu: Any) -> tuple[np.ndarray, np.ndarray, int]:
    """Every text's tokens as integer ids: (flat ids, tokens per text, vocabulary size).

    Equal ids mean equal token strings; the ids are dense, 0 .. vocabulary size - 1.
    """
    keys, tokenise = _word_keys(texts, bleu)
    index: dict[Any, int] = {}
    vocab: dict[str, int] = {}
    key_tokens: list[int] = []
    key_len: list[int] = []
    for key in chain.from_iterable(keys):
        if key not in index:
            index[key] = len(index)
            ids = [vocab.setdefault(t, len(vocab)) for t in tokenise(key)]
            key_tokens.extend(ids)
            key_len.append(len(ids))
    words = np.fromiter(map(len, keys), dtype=np.int64, count=len(keys))
    codes = np.fromiter(map(index.__getitem__, chain.from_iterable(keys)), dtype=np.int64, count=int(words.sum()))
    lengths_of_key = np.asarray(key_len, dtype=np.int64)
    starts_of_key = np.cumsum(lengths_of_key) - lengths_of_key
    n = lengths_of_key[codes]  # tokens per word occurrence
    before = np.cumsum(n) - n
    flat = np.asarray(key_tokens, dtype=np.int64)[np.repeat(starts_of_key[codes] - before, n) + np.arange(n.sum())]
    word_end = np.cumsum(words)
    cumulative = np.concatenate([[0], np.cumsum(n)])
    return flat, cumulative[word_end] - cumulative[word_end - words], len(vocab)


def _segment(text: str, bleu: Any) -> str:
    """sacreBLEU's preprocessing before the tokenizer (BLEU._preprocess_segment)."""
    return (text.lower() if bleu.lowercase else text).rstrip()


def _word_keys(texts: Sequence[str], bleu: Any) -> tuple[list[list[Any]], Callable[[Any], list[str]]]:
    """Per text, the keys whose tokens concatenate to the text's tokens; and the key tokenizer."""
    from sacrebleu.tokenizers.tokenizer_13a import Tokenizer13a
    from sacrebleu.tokenizers.tokenizer_zh import TokenizerZh

    tokenizer = bleu.tokenizer
    if type(tokenizer) is Tokenizer13a:
        keys = [_replace_13a(_segment(t, bleu)).split() for t in texts]
        post = tokenizer._post_tokenizer
        return keys, lambda word: post(f" {word} ").split()
    if type(tokenizer) is TokenizerZh:
        keys = [_zh_keys(_segment(t, bleu).strip()) for t in texts]
        return keys, _zh_tokenizer(tokenizer)
    keys = [[bleu._preprocess_segment(t)] for t in texts]  # any other tokenizer: one call per text
    return keys, lambda line: line.split()


def _replace_13a(line: str) -> str:
    for old, new in _REPLACE_13A:
        line = line.replace(old, new)
    return line


def _zh_keys(line: str) -> list[Any]:
    """The zh tokenizer does not pad the line: the first and last words keep their open edge."""
    words: list[Any] = line.split()
    if words:
        words[0] = (words[0], True, len(words) == 1)
        if len(words) > 1:
            words[-1] = (words[-1], False, True)
    return words


def _zh_tokenizer(tokenizer: Any) -> Callable[[Any], list[str]]:
    is_chinese = tokenizer._is_chinese_char
    post = tokenizer._post_tokenizer

    def tokenise(key: Any) -> list[str]:
        word, first, last = key if isinstance(key, tuple) else (key, False, False)
        spaced = "".join(f" {c} " if is_chinese(c) else c for c in word)
        return post(("" if first else " ") + spaced + ("" if last else " ")).split()

    return tokenise

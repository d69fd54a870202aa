"""Lexical overlap between systems (paper 000 E.6): per pair, the sentence BLEU of each system's
text against each other system's, averaged over the paragraphs both translated, and per system
the mean over the other systems (lower = a more distinct vocabulary). Computed once by
``results`` (``overlap_tables``) for the page 'Lexical overlap' and as records; the sentence BLEU
is sacreBLEU's (``overlap_fast`` reproduces ``BLEU.sentence_score`` for all pairs at once).
"""

from __future__ import annotations

from typing import Any, Iterator

import pandas as pd

from ..model import Corpus
from .overlap_fast import overlap_table
from .records import Provenance, Record
from .tables import OverlapTables

# BLEU tokenizers by target language: sacreBLEU's 13a splits on spaces, which Japanese does not
# write, so a Japanese paragraph would be one token (BLEU 0); 'char' needs no dictionary (ja-mecab
# would need MeCab and its dictionary)
TOKENIZE = {"zh": "zh", "ja": "char"}


def target_lang(pair: str) -> str:
    return pair.split("-", 1)[1]


def sentence_bleu(pair: str) -> Any:
    """sacreBLEU's sentence BLEU for the pair's target language (effective order)."""
    from sacrebleu.metrics import BLEU

    return BLEU(tokenize=TOKENIZE.get(target_lang(pair)), effective_order=True)


def lexical_overlap(texts: pd.DataFrame, pair: str) -> pd.DataFrame:
    """System x system mean sentence BLEU (row system as hypothesis, column as reference).

    ``texts`` has columns system, pair, paragraph, text. Each cell averages over paragraphs
    both systems translated; the diagonal is NaN. ``mean_overlap`` gives paper 000's
    per-system value (row mean over the other systems). The scores are those of
    ``BLEU.sentence_score(hyp, [ref])``, computed for all pairs at once (``overlap_fast``).
    """
    rows = texts[(texts["pair"] == pair) & texts["text"].notna()]
    return overlap_table(rows, sentence_bleu(pair))


def overlap_signature(pair: str) -> str:
    """The sacreBLEU signature of the sentence BLEU that ``lexical_overlap`` computes for a pair."""
    sentence = sentence_bleu(pair)
    sentence.num_refs = 1
    return str(sentence.get_signature().format())


def mean_overlap(table: pd.DataFrame) -> pd.Series:
    """Per-system lexical overlap with all other systems (paper 000 E.6); lower = more diverse."""
    return table.mean(axis=1, skipna=True).rename("lexical_overlap")


def overlap_tables(corpus: Corpus) -> dict[str, OverlapTables]:
    """Per pair with at least two systems' full texts of a shared paragraph (restricted
    snippets cannot be compared): the BLEU matrix, the per-system means, the signature."""
    texts = corpus.tables["translations"]
    texts = texts[texts["text"].notna()][["system", "pair", "paragraph", "text"]]
    made = {}
    for pair in sorted(texts["pair"].unique()):
        rows = texts[texts["pair"] == pair]
        shared = rows.groupby("paragraph")["system"].nunique()
        if rows["system"].nunique() < 2 or not (shared >= 2).any():
            continue
        table = lexical_overlap(rows, str(pair))
        counts = rows.groupby("system")["paragraph"].nunique()
        made[str(pair)] = OverlapTables(
            table, mean_overlap(table), overlap_signature(str(pair)), counts
        )
    return made


def overlap_records(corpus: Corpus, made: dict[str, OverlapTables]) -> Iterator[Record]:
    """Each system's mean overlap with the others, as the page's per-system table."""
    version = corpus.data_version()
    for pair, tables in made.items():
        for system, value in tables.means.items():
            yield Record(
                dataset=corpus.dataset_id,
                pair=pair,
                measure="bleu-overlap",
                label="mean BLEU overlap with the other systems",
                definition="overlap.mean_bleu",
                subject=str(system),
                statistic="mean",
                value=float(value),
                n=int(tables.paragraphs.get(system, 0)),
                unit="paragraph",
                provenance=Provenance(version, tables.signature),
            )

"""Human titles for WMT MQM file and document names (issue 30, goal 5)."""

from __future__ import annotations

from litboard.importers.formats.wmt_names import doc_title, file_title


def test_file_titles_follow_the_repository_pattern() -> None:
    assert (
        file_title("mqm_ted_zhen.head300.tsv")
        == "WMT expert MQM: TED talks, zh-en (first 300 rows)"
    )
    assert file_title("mqm_newstest2020_ende.tsv") == "WMT expert MQM: newstest2020, en-de"
    assert file_title("my ratings.tsv") == "WMT expert MQM (my ratings.tsv)"  # kept when unknown


def test_doc_titles() -> None:
    assert doc_title("talk.2") == "TED talk 2"
    assert doc_title("talk_12") == "TED talk 12"
    assert doc_title("newstest2020-doc7") == "newstest2020-doc7"

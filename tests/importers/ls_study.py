"""A small pairwise + error-span study exported from Label Studio as 3 files (built here).

Modelled on a real literary study: each task merges two translations into one text
(``text_a`` above ``text_b``), spans carry category labels but no severity, and a
``BetterTranslation`` choice picks the better one. Read with examples/pairwise_spans.yaml.

- ``study_en-de_para-sent.json`` and ``study_en-de_para-human.json``: en-de, no language
  fields in the data (the mapping's ``pair`` applies); annotator a5 judges gpt4-para's
  translation of p1 in both comparisons (kept twice: one MQM campaign per comparison).
- ``study_en-zh_para-sent.json``: en-zh only in the data (``source_lang``/``target_lang``),
  one shared account (user 99) with the real annotators in ``data.annotator``.

Hand count: 6 annotations -> 6 pairwise records + 12 MQM records (both translations of each)
= 18 records; 7 spans read, 1 skipped (offsets select other text), 6 errors kept, all with
severity unspecified; one span with whitespace-only drift (kept); one translation with
trailing spaces that the merged text shows without them (kept).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from . import ls_export as ls

S1 = "The night was dark and the dog barked."
S2 = "She left without a word."
S3 = "Nobody answered."
DE = {  # en-de translations
    ("para", 1): "Die Nacht war dunkel und der Hund bellte.",
    ("sent", 1): "Die Nacht war dunkel, und der Hund hat gebellt.",
    ("human", 1): "Es war finster, und der Hund schlug an.",
    ("para", 2): "Sie ging ohne ein Wort.",
    ("sent", 2): "Sie verließ ohne Wort.",
    ("human", 2): "Wortlos ging sie.",
}
ZH = {
    ("para", 1): "夜色很暗，狗在叫。",
    ("sent", 1): "夜晚是黑暗的并且狗叫了。",
    ("para", 3): "没有人回答。",
    ("sent", 3): "无人回答了。",
}
SYSTEMS = {"para": "GPT4_para", "sent": "GPT4_sent", "human": "human"}


def merged(a: str, b: str) -> str:
    return f"{a.strip()}\n\n{b.strip()}"


def span(
    rid: str, text: str, part: str, label: str, *, said: str | None = None, start: int | None = None
) -> dict[str, Any]:
    """A label on the merged text; ``said`` overrides value.text (drift or a bad span)."""
    result = ls.span(rid, "merged", text, part, [label], start=start)
    if said is not None:
        result["value"]["text"] = said
    return result


def better(value: str) -> dict[str, Any]:
    return ls.choice("BetterTranslation", "merged", value)


def _task(
    tid: int,
    pid: str,
    source: str,
    a: tuple[str, str],
    b: tuple[str, str],
    annotations: list[dict[str, Any]],
    extra: dict[str, Any] | None = None,
    text_a: str | None = None,
) -> dict[str, Any]:
    data = {
        "source": source,
        "paragraph_id": pid,
        "text_a": text_a or a[1],
        "system_a": SYSTEMS[a[0]],
        "text_b": b[1],
        "system_b": SYSTEMS[b[0]],
        "merged": merged(a[1], b[1]),
        **(extra or {}),
    }
    return ls.task(tid, data, annotations)


def study_files(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    para1, sent1, hum1 = ("para", DE["para", 1]), ("sent", DE["sent", 1]), ("human", DE["human", 1])
    para2, sent2, hum2 = ("para", DE["para", 2]), ("sent", DE["sent", 2]), ("human", DE["human", 2])
    m101, m102 = merged(para1[1], sent1[1]), merged(sent2[1], para2[1])
    m201 = merged(hum1[1], para1[1])
    f1 = [
        _task(
            101,
            "p1",
            S1,
            para1,
            sent1,
            [
                ls.annotation(
                    1,
                    5,
                    [
                        better("A"),
                        span("e1", m101, "dunkel und", "Accuracy/Mistranslation"),
                        span(
                            "e2",
                            m101,
                            "hat gebellt",
                            "Fluency/Grammar",
                            start=m101.index("hat gebellt"),
                        ),
                        # whitespace-only drift: value.text has a doubled space, the offsets select
                        # one space
                        span(
                            "e3",
                            m101,
                            "Die Nacht war dunkel,",
                            "Style/Awkward",
                            start=m101.rindex("Die Nacht"),
                            said="Die Nacht  war dunkel,",
                        ),
                    ],
                )
            ],
        ),
        # text_a (gpt4-sent) has trailing spaces the merged text does not show
        _task(
            102,
            "p2",
            S2,
            sent2,
            para2,
            [
                ls.annotation(
                    2,
                    5,
                    [
                        better("B"),
                        span("e4", m102, "verließ ohne", "Accuracy/Mistranslation"),
                        span(
                            "e5",
                            m102,
                            "Wort",
                            "Fluency/Grammar",
                            start=m102.rindex("Wort"),
                            said="ging",
                        ),
                    ],
                )
            ],
            text_a=sent2[1] + "  ",
        ),
    ]
    f2 = [
        _task(
            201,
            "p1",
            S1,
            hum1,
            para1,
            [
                ls.annotation(
                    3, 5, [better("A"), span("e6", m201, "dunkel und", "Accuracy/Mistranslation")]
                )
            ],
        ),
        _task(202, "p2", S2, hum2, para2, [ls.annotation(4, 6, [better("Equal")])]),
    ]
    zh = {"source_lang": "en", "target_lang": "zh"}
    zpara1, zsent1 = ("para", ZH["para", 1]), ("sent", ZH["sent", 1])
    zpara3, zsent3 = ("para", ZH["para", 3]), ("sent", ZH["sent", 3])
    m301 = merged(zpara1[1], zsent1[1])
    f3 = [
        _task(
            301,
            "p1",
            S1,
            zpara1,
            zsent1,
            [ls.annotation(5, 99, [better("A"), span("e7", m301, "并且", "Fluency/Grammar")])],
            {**zh, "annotator": "zh-ann-1"},
        ),
        _task(
            302,
            "p3",
            S3,
            zpara3,
            zsent3,
            [ls.annotation(6, 99, [better("B")])],
            {**zh, "annotator": "zh-ann-2"},
        ),
    ]
    return [
        ls.write(folder / "study_en-de_para-sent.json", f1),
        ls.write(folder / "study_en-de_para-human.json", f2),
        ls.write(folder / "study_en-zh_para-sent.json", f3),
    ]

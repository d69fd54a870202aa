"""Facts the LitEval importer writes beside the data: system cards, campaign cards, citation.

Pure data typed from paper 000 (Zhang, Zhao & Eger, NAACL 2025) and the release's own
labels; every value names where it comes from. ``liteval.py`` turns it into files.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

REPOSITORY = "zhangr2021/LitMT_eval"
URL = "https://github.com/zhangr2021/LitMT_eval"
RESTRICTED = (
    "LitEval-Corpus full texts are gated behind a request form; the public release has "
    "only the first 20 characters"
)
LICENCE = (
    "Released by the authors of paper 000 for academic purposes (SOURCE.md); no licence file "
    "in the release"
)
PAIRS = ("de-en", "en-de", "de-zh", "en-zh")
SAMPLE = "bws-sample"

CITATION = """@inproceedings{zhang-etal-2025-good,
  title = {How Good Are {LLM}s for Literary Translation, Really? Literary Translation Evaluation
           with Humans and {LLM}s},
  author = {Zhang, Ran and Zhao, Wei and Eger, Steffen},
  booktitle = {Proceedings of the 2025 Conference of the Nations of the Americas Chapter of the
               Association for Computational Linguistics (NAACL 2025)},
  year = {2025},
  publisher = {Association for Computational Linguistics},
  url = {https://github.com/zhangr2021/LitMT_eval},
  note = {Data: LITEVAL-CORPUS, https://github.com/zhangr2021/LitMT\\_eval}
}"""

LLM_PROMPT = (
    "Please translate the following literary texts from [source language] to "
    "[target language]. The texts are as follows: [texts]  (paper 000 Sec. 3.1)"
)


@dataclass(frozen=True)
class SystemCard:
    """One system of the release: model_human value (or human slot) -> system.yaml."""

    id: str
    name: str
    kind: str
    model: str = ""
    size: str = ""
    prompt: str = ""
    description: str = ""

    def card(self, labels: list[str]) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": self.id,
            "name": self.name,
            "kind": self.kind,
            "modality": "HT" if self.kind == "human" else "MT",
        }
        for key in ("model", "size", "prompt"):
            if getattr(self, key):
                data[key] = getattr(self, key)
        if self.kind == "human":
            data["translator"] = HUMAN_TRANSLATOR
        labels_text = ", ".join(labels)
        data["description"] = (
            f"{self.description} Release labels (model_id before '//'): {labels_text}."
        ).strip()
        return data


HUMAN_TRANSLATOR = (
    "Published human translation of the work; the release labels it translatorN "
    "(translationN in some en-zh rows) but does not say which published translation "
    "of book_meta_links.csv (Translation1-3) each label is."
)

# model_human value -> card. Sizes are paper 000 Table 7 ("Model size (billion)").
MT_SYSTEMS: dict[str, SystemCard] = {
    "gpt4o": SystemCard(
        "gpt4o",
        "GPT-4o",
        "llm",
        "GPT-4o",
        ">200B",
        LLM_PROMPT,
        "Closed-source LLM; size '>200' as printed in paper 000 Table 7.",
    ),
    "deepl": SystemCard(
        "deepl",
        "DeepL",
        "commercial-mt",
        "DeepL",
        "",
        description="Commercial MT; size unknown ('?' in paper 000 Table 7).",
    ),
    "google translate": SystemCard(
        "google-translate",
        "Google Translate",
        "commercial-mt",
        "Google Translate",
        "",
        description="Commercial MT; size unknown ('?' in Table 7).",
    ),
    "qwen2-beta-7b-chat": SystemCard(
        "qwen2-beta-7b-chat",
        "Qwen 2 (7B chat)",
        "llm",
        "Qwen/Qwen2-beta-7B-Chat",
        "7.0B",
        LLM_PROMPT,
        "Open LLM; size from paper 000 Table 7.",
    ),
    "towerinstruct-7b-v0.2": SystemCard(
        "towerinstruct-7b-v0-2",
        "TowerInstruct (7B)",
        "llm",
        "Unbabel/TowerInstruct-7B-v0.2",
        "7.0B",
        LLM_PROMPT,
        "Translation-tuned open LLM; size from Table 7.",
    ),
    "meta-llama-3-8b-instruct": SystemCard(
        "meta-llama-3-8b-instruct",
        "Llama 3 (8B instruct)",
        "llm",
        "meta-llama/Meta-Llama-3-8B-Instruct",
        "8.0B",
        LLM_PROMPT,
        "Open LLM; size from Table 7.",
    ),
    "gemma-1.1-7b-it": SystemCard(
        "gemma-1-1-7b-it",
        "Gemma 1.1 (7B it)",
        "llm",
        "google/gemma-1.1-7b-it",
        "7.0B",
        LLM_PROMPT,
        "Open LLM; size from Table 7.",
    ),
    "m2m": SystemCard(
        "m2m",
        "M2M-100",
        "nmt",
        "M2M-100",
        "3.3B",
        description="Sentence-level NMT. Size 3.3 as printed in paper 000 Table 7; "
        "Sec. 3.1 says M2M_100-1.3b and some release rows are labelled "
        "m2m100_418M, so the size is uncertain.",
    ),
    "nllb": SystemCard(
        "nllb",
        "NLLB",
        "nmt",
        "NLLB",
        "1.3B",
        description="Sentence-level NMT. Size 1.3 as printed in paper 000 Table 7; "
        "Sec. 3.1 says NLLB-3.3b, so the size is uncertain.",
    ),
}

HUMAN_VALUE = "translator"


def human_card(slot: int) -> SystemCard:
    return SystemCard(
        f"human-{slot}",
        f"Human translation {slot}",
        "human",
        description=(
            f"Published human translation number {slot} of each paragraph "
            "(release label translator{slot}/translation{slot}); a different "
            "translator per work. Paper 000 reports all human translations "
            "together as 'Human'."
        ).replace("{slot}", str(slot)),
    )


@dataclass(frozen=True)
class ScoreColumn:
    """One score column of metric_df.csv stored as one campaign: scheme score for the students'
    MQM (human judgments without spans), scheme metric for XCOMET, Prometheus and GEMBA."""

    column: str
    id: str
    title: str
    metric: dict[str, Any]
    description: str
    judge: dict[str, Any] = field(default_factory=dict)
    student: bool = False
    second_annotation_of: str = ""

    def campaign(self, annotators: list[dict[str, Any]]) -> dict[str, Any]:
        scheme = "score" if self.student else "metric"  # human scores are never stored as metrics
        data: dict[str, Any] = {
            "id": self.id,
            "title": self.title,
            "scheme": scheme,
            "description": self.description,
            "source": f"paper 000; {REPOSITORY} codes/metric_df.csv column {self.column}",
            "metric": self.metric,
        }
        if self.student:
            data["guideline"] = (
                "paper 000 Appendix E.2 (MQM annotation guideline, Table 8 typology)"
            )
            data["annotators"] = annotators
        if self.judge:
            data["judge"] = self.judge
        if self.second_annotation_of:
            data["second_annotation_of"] = self.second_annotation_of
        data["licence"] = LICENCE
        return data


_MQM = (
    "Student MQM score per translation as released: paper 000 Sec. 3.2 formula "
    "-(25 x non-translation + 5 x major + 1 x minor) / sentences, one student per pair. "
    "The release has only the scores, not the error spans, so the scores are stored as "
    "per-translation scores (no spans are made up)."
)
_CATEGORY = (
    "Student MQM penalty points in the {name} category as released (column {column}). "
    "Unlike mqm_score these are whole numbers, not divided by the number of sentences; "
    "non-translation and locale-convention have no column."
)
_GEMBA_JUDGE = {
    "model": "gpt-4o-mini",
    "prompt": "paper 000 Table 11, GEMBA-MQM ({variant}) template (prompt text not stored, "
    "so no prompt_sha256)",
}
_GEMBA = (
    "GEMBA-MQM ({variant}) score as released: GPT-4o mini (paper 000 F.1) with the {variant} "
    "prompt of Table 11; negative penalty, higher is better. The sampling temperature of "
    "the released run is not stated (Table 12 studies 0.0-1.0)."
)
_GEMBA_CAT = (
    "GEMBA-MQM (Literary) penalty points in the {name} category as released (column "
    "{column}); whole numbers, not divided by the number of sentences."
)

STUDENT_CATEGORIES = (
    ("mqm_score_acc", "accuracy", "Accuracy"),
    ("mqm_score_fluency", "fluency", "Fluency"),
    ("mqm_score_style", "style", "Style"),
    ("mqm_score_term", "terminology", "Terminology"),
)
GEMBA_CATEGORIES = (
    ("gemba_acc_literary", "accuracy", "Accuracy"),
    ("gemba_flu_literary", "fluency", "Fluency"),
    ("gemba_sty_literary", "style", "Style"),
    ("gemba_term_literary", "terminology", "Terminology"),
)


def _negative(name: str) -> dict[str, Any]:
    return {"name": name, "higher_is_better": True, "max": 0}


def score_columns() -> list[ScoreColumn]:
    """Every score column of metric_df.csv, in file order of the campaigns written."""
    cols = [
        ScoreColumn(
            "mqm_score",
            "student-mqm",
            "Student MQM",
            _negative("Student MQM (paper 000)"),
            _MQM,
            student=True,
        )
    ]
    for column, key, name in STUDENT_CATEGORIES:
        cols.append(
            ScoreColumn(
                column,
                f"student-mqm-{key}",
                f"Student MQM: {name}",
                _negative(f"Student MQM {name} points"),
                _CATEGORY.format(name=name, column=column),
                student=True,
            )
        )
    cols += [
        ScoreColumn(
            "comet_xl",
            "xcomet-xl",
            "XCOMET-XL",
            {
                "name": "XCOMET-XL",
                "higher_is_better": True,
                "signature": "Unbabel/XCOMET-XL (3.5B), reference-free, whole paragraph as one "
                "segment (paper 000 Sec. 5, fn. 15); package version not recorded",
            },
            "XCOMET-XL score as released. Nominal range 0-1; the release holds a few values "
            "slightly below 0, kept as released.",
        ),
        ScoreColumn(
            "comet_xxl",
            "xcomet-xxl",
            "XCOMET-XXL",
            {
                "name": "XCOMET-XXL",
                "higher_is_better": True,
                "signature": "Unbabel/XCOMET-XXL (10B), reference-free, whole paragraph as one "
                "segment (paper 000 Sec. 5, fn. 15); package version not recorded",
            },
            "XCOMET-XXL score as released (nominal range 0-1; a few values slightly "
            "below 0 are kept as released).",
        ),
        ScoreColumn(
            "prometheus",
            "prometheus",
            "Prometheus 2",
            {
                "name": "Prometheus 2 (7B)",
                "higher_is_better": True,
                "min": 0,
                "signature": "Prometheus 2 7B, absolute grading with the literary rubric of "
                "paper 000 Table 13 (scores 0-6)",
            },
            "Prometheus 2 rating as released. The rubric is 0-6, but two de-en rows hold 8; "
            "they are kept as released, so no maximum is declared.",
            judge={
                "model": "Prometheus 2 (7B)",
                "prompt": "paper 000 Table 13 (prompt text not stored, so no prompt_sha256)",
            },
        ),
        ScoreColumn(
            "gemba_all_orig",
            "gemba-mqm-original",
            "GEMBA-MQM (Original)",
            _negative("GEMBA-MQM (Original)"),
            _GEMBA.format(variant="Original"),
            judge={k: v.format(variant="Original") for k, v in _GEMBA_JUDGE.items()},
        ),
        ScoreColumn(
            "gemba_all_literary",
            "gemba-mqm-literary",
            "GEMBA-MQM (Literary)",
            _negative("GEMBA-MQM (Literary)"),
            _GEMBA.format(variant="Literary"),
            judge={k: v.format(variant="Literary") for k, v in _GEMBA_JUDGE.items()},
        ),
    ]
    for column, key, name in GEMBA_CATEGORIES:
        cols.append(
            ScoreColumn(
                column,
                f"gemba-mqm-literary-{key}",
                f"GEMBA-MQM (Literary): {name}",
                _negative(f"GEMBA-MQM (Literary) {name} points"),
                _GEMBA_CAT.format(name=name, column=column),
                judge={k: v.format(variant="Literary") for k, v in _GEMBA_JUDGE.items()},
            )
        )
    return cols


SECOND = ScoreColumn(
    "mqm_score",
    "student-mqm-second",
    "Student MQM (second annotation)",
    _negative("Student MQM (paper 000), second annotation"),
    "Second student MQM annotation of the paragraphs that metric_df.csv lists twice "
    "(every system repeated, same tgt_ and GEMBA scores, different mqm_score). Paper "
    "000 Table 2(a) reports student-student agreement for De-En, En-De and En-Zh, the "
    "pairs that have these rows; the release does not say which student made which "
    "annotation: the row with the lower model_id row number is 'first' (campaign "
    "student-mqm), whatever the order of the file's lines. Agreement between the two "
    "is also given as Krippendorff's alpha (interval), which does not depend on which "
    "one is first.",
    student=True,
    second_annotation_of="student-mqm",
)


def student_annotators(pairs: list[str], second: bool = False) -> list[dict[str, Any]]:
    """One anonymous student per pair (paper 000 Sec. 3.2: native speakers of the target)."""
    if second:
        return [
            {
                "id": "student-second",
                "expertise": "student",
                "note": "the second annotator of each doubly annotated paragraph; not identified "
                "in the release",
            }
        ]
    return [
        {"id": f"student-{pair}", "expertise": "student", "native_language": pair.split("-")[1]}
        for pair in pairs
    ]

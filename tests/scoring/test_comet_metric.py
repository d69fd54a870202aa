"""COMET through `litboard score`, with tiny randomly initialised checkpoints built here, offline.

The checkpoints (tests/scoring/tiny_comet.py) are real unbabel-comet models with random weights:
the scores mean nothing, so the tests pin the plumbing — the model's own predictions stored for
the right translation, the reference rule, spans on code points, provenance, incremental runs —
not any quality. Every COMET test runs with the network blocked and the hub set offline.
"""

from __future__ import annotations

import json
import socket
import sys
from pathlib import Path
from typing import Any, Iterator

import pytest
import yaml

from litboard import cli
from litboard.errors import DataError
from litboard.scoring import comet_metric
from litboard.scoring.base import Segment

from ..helpers import DEMO, copy_root
from . import tiny_comet

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def checkpoints(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """{kind: model.ckpt} for a tiny XCOMET and a tiny COMET regression model."""
    pytest.importorskip("comet", reason="needs the comet extra (make install-test installs it)")
    base = tmp_path_factory.mktemp("comet")
    return {
        "xcomet": tiny_comet.build(base / "tiny-xcomet", "xcomet_metric"),
        "regression": tiny_comet.build(base / "tiny-comet", "regression_metric"),
    }


@pytest.fixture(autouse=True)
def offline(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Any]]:
    """No connection leaves the machine: the hub is offline and non-loopback connects raise."""
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("TRANSFORMERS_OFFLINE", "1")
    attempts: list[Any] = []
    real = socket.socket.connect

    def guarded(self: socket.socket, address: Any) -> Any:
        host = address[0] if isinstance(address, tuple) else address
        if self.family in (socket.AF_INET, socket.AF_INET6) and host not in (
            "127.0.0.1",
            "::1",
            "localhost",
        ):
            attempts.append(address)
            raise OSError(f"test: network blocked ({address!r})")
        return real(self, address)

    monkeypatch.setattr(socket.socket, "connect", guarded)
    yield attempts
    assert attempts == [], f"something tried the network: {attempts}"


def litboard(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = cli.main(list(args))
    out, err = capsys.readouterr()
    assert "Traceback" not in err, err
    return code, out, err


def records(root: Path, campaign: str) -> list[dict[str, Any]]:
    return [
        json.loads(line)
        for path in sorted((root / "judgments" / campaign).glob("*.jsonl"))
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.strip()
    ]


def translations(root: Path) -> dict[tuple[str, str, str], str]:
    out = {}
    for path in sorted((root / "corpus/systems").glob("*/*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                r = json.loads(line)
                out[(path.parent.name, path.stem, r["paragraph"])] = r["text"]
    return out


@pytest.fixture
def demo(tmp_path: Path) -> Path:
    return copy_root(DEMO, tmp_path / "data")


def test_missing_extra_is_a_clear_error(
    monkeypatch: pytest.MonkeyPatch, demo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "comet", None)  # import comet -> ImportError
    with pytest.raises(DataError, match=r"pip install 'litboard\[comet\]'"):
        comet_metric.locate("Unbabel/XCOMET-XL")
    code, _, err = litboard(capsys, "score", "--data", str(demo), "--metric", "comet")
    assert code == 1 and "the COMET extra is not installed" in err


def test_bad_local_checkpoint_is_a_clear_error(
    tmp_path: Path, demo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "empty").mkdir()
    code, _, err = litboard(
        capsys,
        "score",
        "--data",
        str(demo),
        "--metric",
        "comet",
        "--comet-model",
        str(tmp_path / "empty"),
    )
    assert code == 1 and "no COMET checkpoint here" in err
    ckpt = tmp_path / "nohparams/checkpoints/model.ckpt"
    ckpt.parent.mkdir(parents=True)
    ckpt.write_bytes(b"x")
    code, _, err = litboard(
        capsys, "score", "--data", str(demo), "--metric", "comet", "--comet-model", str(ckpt)
    )
    assert code == 1 and "hparams.yaml is missing" in err


def test_xcomet_spans_become_metric_spans() -> None:
    text = "The sea. é"
    spans = comet_metric.to_spans(
        [
            {"text": " sea", "start": 3, "end": 7, "severity": "major", "confidence": 0.5},
            {"text": "x", "start": 5, "end": 99, "severity": "minor"},
            {"text": "y", "start": 0, "end": 1, "severity": "weird"},
            {"text": " ", "start": 8, "end": 9, "severity": "minor"},
            {"text": "é", "start": 9, "end": 10, "severity": "Critical"},
        ],
        text,
    )
    assert spans == [
        {"start": 4, "end": 7, "severity": "major", "comment": "XCOMET confidence 0.500"},
        {"start": 9, "end": 10, "severity": "critical"},
    ]
    assert [text[s["start"] : s["end"]] for s in spans] == ["sea", "é"]


def test_span_offsets_are_code_points() -> None:
    text = "雪落在🙂海上。"
    spans = comet_metric.to_spans([{"start": 3, "end": 6, "severity": "minor"}], text)
    assert [text[s["start"] : s["end"]] for s in spans] == ["🙂海上"]


def test_tiny_xcomet_scores_offline_and_stores_its_own_predictions(
    checkpoints: dict[str, Path], demo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ckpt = checkpoints["xcomet"]
    code, out, err = litboard(
        capsys, "score", "--data", str(demo), "--metric", "comet", "--comet-model", str(ckpt)
    )
    assert code == 0, err
    campaign_id = "comet.tiny-xcomet"
    assert f"comet -> judgments/{campaign_id}" in out
    texts = translations(demo)
    stored = records(demo, campaign_id)
    segments = [r for r in stored if r["level"] == "segment"]
    # every translation with a source and another human translation is scored; demo-human-a's
    # Chinese has no second human translation, so it is skipped with that reason
    assert "demo-human-a en-zh" in out and "no human reference translation" in out
    assert {(r["system"], r["pair"], r["paragraph"]) for r in segments} == {
        k for k in texts if not (k[0] == "demo-human-a" and k[1] == "en-zh")
    }
    # the stored numbers are the model's own predictions for (source, translation, first reference)
    import comet

    model = comet.load_from_checkpoint(str(ckpt), local_files_only=True)
    sources = {
        r["id"]: r["text"]
        for p in sorted((demo / "corpus/works").glob("*/*.jsonl"))
        for r in map(json.loads, p.read_text(encoding="utf-8").splitlines())
        if r.get("text")
    }
    sample = [r for r in segments if r["system"] in ("demo-llm", "demo-human-b")][:4]
    data = []
    for r in sample:
        others = sorted(
            s
            for s in ("demo-human-a", "demo-human-b")
            if s != r["system"] and (s, r["pair"], r["paragraph"]) in texts
        )
        data.append(
            {
                "src": sources[r["paragraph"]],
                "mt": texts[(r["system"], r["pair"], r["paragraph"])],
                "ref": texts[(others[0], r["pair"], r["paragraph"])],
            }
        )
    expected = model.predict(data, batch_size=2, gpus=0, progress_bar=False)
    assert [r["score"] for r in sample] == pytest.approx(expected.scores, abs=1e-5)
    # spans: XCOMET's own error spans, on code points of the stored translation
    assert any("spans" in r for r in segments)
    for r in segments:
        text = texts[(r["system"], r["pair"], r["paragraph"])]
        for span in r.get("spans", []):
            assert 0 <= span["start"] < span["end"] <= len(text)
            assert not text[span["start"]].isspace() and not text[span["end"] - 1].isspace()
            assert span["severity"] in {"minor", "major", "critical"}
    # system score = mean of the segment scores of that system and pair
    for r in (x for x in stored if x["level"] == "system"):
        mine = [
            s["score"] for s in segments if (s["system"], s["pair"]) == (r["system"], r["pair"])
        ]
        assert r["score"] == pytest.approx(sum(mine) / len(mine), abs=1e-6)
    # provenance: package version, model, checkpoint hash, reference rule
    campaign = yaml.safe_load(
        (demo / "judgments" / campaign_id / "campaign.yaml").read_text(encoding="utf-8")
    )
    sig = campaign["metric"]["signature"]
    assert sig.startswith("comet:2.") and "model:tiny-xcomet" in sig and "kind:xcomet_metric" in sig
    assert f"ckpt_sha256:{comet_metric._sha256(ckpt)[:16]}" in sig and "ref:human-first" in sig
    assert campaign["title"] == "XCOMET (tiny-xcomet)"
    assert campaign["metric"]["reference"] == comet_metric.REFERENCE_RULE
    assert litboard(capsys, "validate", "--data", str(demo))[0] == 0
    # a second run has nothing left to do and leaves the files byte-identical
    before = {p: p.read_bytes() for p in (demo / "judgments" / campaign_id).iterdir()}
    code, out, _ = litboard(
        capsys, "score", "--data", str(demo), "--metric", "comet", "--comet-model", str(ckpt)
    )
    assert code == 0 and "0 translation(s) to score; 0 record(s) written" in out
    assert {p: p.read_bytes() for p in (demo / "judgments" / campaign_id).iterdir()} == before


def test_only_missing_translations_are_scored(
    checkpoints: dict[str, Path], demo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ckpt = str(checkpoints["xcomet"])
    assert (
        litboard(capsys, "score", "--data", str(demo), "--metric", "comet", "--comet-model", ckpt)[
            0
        ]
        == 0
    )
    path = demo / "judgments/comet.tiny-xcomet/de-en.jsonl"
    lines = path.read_text(encoding="utf-8").splitlines()
    full = {(r["system"], r["level"], r.get("paragraph")): r for r in map(json.loads, lines)}
    dropped = next(
        r for r in map(json.loads, lines) if r["system"] == "demo-nmt" and r["level"] == "segment"
    )
    kept = [
        x
        for x in lines
        if json.loads(x) != dropped
        and not (json.loads(x)["system"] == "demo-nmt" and json.loads(x)["level"] == "system")
    ]
    path.write_text("\n".join(kept) + "\n", encoding="utf-8")
    code, out, _ = litboard(
        capsys,
        "score",
        "--data",
        str(demo),
        "--metric",
        "comet",
        "--comet-model",
        ckpt,
        "--dry-run",
    )
    assert code == 0 and "1 translation(s) to score" in out and "model " in out
    code, out, _ = litboard(
        capsys, "score", "--data", str(demo), "--metric", "comet", "--comet-model", ckpt
    )
    assert code == 0 and "1 translation(s) to score; 2 record(s) written" in out
    again = {
        (r["system"], r["level"], r.get("paragraph")): r
        for r in map(json.loads, path.read_text(encoding="utf-8").splitlines())
    }
    assert again.keys() == full.keys()
    for key, record in full.items():
        assert again[key]["score"] == pytest.approx(record["score"], abs=1e-5), key


def test_a_different_checkpoint_is_not_mixed_in(
    checkpoints: dict[str, Path], demo: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert (
        litboard(
            capsys,
            "score",
            "--data",
            str(demo),
            "--metric",
            "comet",
            "--systems",
            "demo-llm",
            "--comet-model",
            str(checkpoints["xcomet"]),
        )[0]
        == 0
    )
    other = tiny_comet.build(tmp_path / "again" / "tiny-xcomet", "xcomet_metric", seed=1)
    code, _, err = litboard(
        capsys, "score", "--data", str(demo), "--metric", "comet", "--comet-model", str(other)
    )
    assert code == 1 and "metric.signature" in err and "delete or rename the campaign folder" in err


def test_quality_estimation_needs_no_reference(
    checkpoints: dict[str, Path], demo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = litboard(
        capsys,
        "score",
        "--data",
        str(demo),
        "--metric",
        "comet-qe",
        "--pairs",
        "en-zh",
        "--comet-model",
        str(checkpoints["xcomet"].parents[1]),
    )
    assert code == 0, err
    stored = records(demo, "comet-qe.tiny-xcomet")
    scored = {(r["system"], r["paragraph"]) for r in stored if r["level"] == "segment"}
    assert {k[2] for k in translations(demo) if k[:2] == ("demo-human-a", "en-zh")} == {
        p for s, p in scored if s == "demo-human-a"
    }
    campaign = yaml.safe_load(
        (demo / "judgments/comet-qe.tiny-xcomet/campaign.yaml").read_text(encoding="utf-8")
    )
    assert "ref:none" in campaign["metric"]["signature"]
    assert campaign["metric"]["reference"] == "none (quality estimation)"


def test_regression_model_scores_without_spans(
    checkpoints: dict[str, Path], demo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = litboard(
        capsys,
        "score",
        "--data",
        str(demo),
        "--metric",
        "comet",
        "--pairs",
        "de-en",
        "--comet-model",
        str(checkpoints["regression"]),
    )
    assert code == 0, err
    stored = records(demo, "comet.tiny-comet")
    assert stored and all("spans" not in r for r in stored)
    assert {r["pair"] for r in stored} == {"de-en"}
    campaign = yaml.safe_load(
        (demo / "judgments/comet.tiny-comet/campaign.yaml").read_text(encoding="utf-8")
    )
    assert campaign["title"] == "COMET (tiny-comet)"


def test_xcomet_spans_are_a_reader_layer(
    checkpoints: dict[str, Path], demo: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert (
        litboard(
            capsys,
            "score",
            "--data",
            str(demo),
            "--metric",
            "comet",
            "--pairs",
            "de-en",
            "--comet-model",
            str(checkpoints["xcomet"]),
        )[0]
        == 0
    )
    with_spans = next(r for r in records(demo, "comet.tiny-xcomet") if r.get("spans"))
    out = tmp_path / "site"
    code, _, err = litboard(capsys, "build", "--data", str(demo), "--out", str(out))
    assert code == 0, err
    page = (out / "demo" / "paragraphs" / f"{with_spans['paragraph']}.html").read_text(
        encoding="utf-8"
    )
    assert 'data-toggle="comet.tiny-xcomet"' in page
    assert "XCOMET (tiny-xcomet)" in page and "XCOMET confidence" in page
    assert "ckpt_sha256:" in page  # the score's provenance is printed beside it


def test_long_inputs_are_reported_as_truncated(checkpoints: dict[str, Path]) -> None:
    model = comet_metric.load(comet_metric.locate(str(checkpoints["xcomet"])))
    short = Segment(
        "mt", "de-en", "p1", "A walk.", source="Ein Spaziergang.", references=("A stroll.",)
    )
    long = Segment("mt", "de-en", "p2", "walk " * 600, source="Gang " * 10, references=("stroll",))
    assert comet_metric.truncated(model, [short, long], reference_free=False) == 1
    scores, spans = comet_metric.predict(model, [short, long], reference_free=False)
    assert len(scores) == 2 and all(s["end"] <= len(long.text) for s in spans[1])

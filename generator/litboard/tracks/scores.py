"""``litboard track score``: every track's deterministic scores, recomputed from scratch.

For each track, BLEU, chrF and TER (sacreBLEU) of every machine system (the release's and the
contributed ones) against the track's human reference translations, segment and system level.
Each track gets a data root ``OUT/<track>/`` (``corpus/track.yaml`` plus
``judgments/sacrebleu-<metric>/``) that ``litboard build --track-scores OUT`` loads in the track's
namespace. Nothing is merged with earlier scores: the same data give byte-identical files, one
signature per pair and metric, and a pull request cannot forge them (the Pages build runs this on
``main``; the pull request's own run computes them for its preview and results comment only).

``OUT`` must be new, empty, or a folder this command wrote (it carries ``MARKER``); anything
else is refused, so the command never replaces files it did not write.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any, NoReturn, Sequence

import yaml

from ..errors import DataError, Problem
from .roots import roots
from ..load.track_decl import TRACK_FILE, Track

MARKER = ".litboard-track-scores"
METRICS = ("bleu", "chrf", "ter")


def campaign_id(metric: str) -> str:
    return f"sacrebleu-{metric}"


def check_out(out: Path) -> None:
    if out.exists() and any(out.iterdir()) and not (out / MARKER).is_file():
        raise DataError(
            [
                Problem(
                    str(out),
                    0,
                    "--out",
                    "exists and was not written by `litboard track score`",
                    "pass a new or empty folder (e.g. .cache/track-scores)",
                )
            ]
        )


def score_tracks(
    tracks: Sequence[Track],
    repo: Path,
    release_roots: Sequence[Path],
    out: Path,
    cache: Path | None = None,
    pairs: Sequence[str] | None = None,
) -> list[str]:
    """Write every track's scores root under ``out``; returns one summary line per track."""
    from ..load import load
    from .checks import CHECKS as ROOT_CHECKS

    import tempfile

    check_out(out)
    stats = StatsCache(cache)
    out.parent.mkdir(parents=True, exist_ok=True)
    # a folder of this run's own (never a fixed name another file may hold), gone on failure
    staging = Path(tempfile.mkdtemp(prefix=f".{out.name}.partial-", dir=out.parent))
    try:
        (staging / MARKER).write_text(
            "written by litboard track score; replaced on the next run\n", encoding="utf-8"
        )
        lines = []
        for track in tracks:
            corpus = load(roots(track, repo, release_roots), ROOT_CHECKS)
            count = write_track(corpus, track, staging / track.id, stats, pairs)
            lines.append(f"{track.id}: {count} system score(s) per metric ({', '.join(METRICS)})")
        if out.exists():
            shutil.rmtree(out)  # empty, or marked as ours (check_out)
        staging.rename(out)
    finally:
        if staging.exists():
            shutil.rmtree(staging)
    stats.save()
    return lines


class StatsCache:
    """TER edit statistics per (signature, hypothesis, references), kept between runs.

    The statistics (edits, reference length) are sacreBLEU's, computed by ``scoring.ter_fast``
    (its shift search with the candidates scored together: a de-ja paragraph of 370 words
    against 480 in 0.2 CPU-s, not 13.5); they give the sentence score and, summed, the corpus
    score exactly, so each is computed once and cached by the hash of its inputs in
    ``DIR/ter-stats.jsonl`` (a file only this class writes)."""

    NAME = "ter-stats.jsonl"

    def __init__(self, folder: Path | None) -> None:
        self.path = folder / self.NAME if folder is not None else None
        self.known: dict[str, list[float]] = {}
        self.new: dict[str, list[float]] = {}
        if self.path is not None and self.path.is_file():
            self._read(self.path)

    def _read(self, path: Path) -> None:
        """The cached statistics; a file this class did not write is refused, never changed."""
        try:
            lines = path.read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeError) as exc:
            self._refuse(path, 0, f"cannot be read as UTF-8 text ({exc})")
            return
        for number, line in enumerate(lines, 1):
            try:
                entry = json.loads(line)
            except json.JSONDecodeError as exc:
                self._refuse(path, number, f"is not JSON ({exc.msg})")
                return
            ok = isinstance(entry, dict) and isinstance(entry.get("key"), str)
            stats = entry.get("stats") if ok else None
            if not isinstance(stats, list) or not all(
                isinstance(x, (int, float)) and not isinstance(x, bool) for x in stats
            ):
                self._refuse(path, number, 'is not {"key": <hash>, "stats": [numbers]}')
            self.known[entry["key"]] = [float(x) for x in stats]

    @staticmethod
    def _refuse(path: Path, number: int, why: str) -> NoReturn:
        raise DataError(
            [
                Problem(
                    str(path),
                    number,
                    "--stats-cache",
                    f"{why}: not a TER statistics cache written by `litboard track score`",
                    "pass a folder of its own to --stats-cache (e.g. .cache/ter-stats), or delete "
                    "the file if it is a damaged cache of this command",
                )
            ]
        )

    def get(self, metric: Any, hyp: str, refs: Sequence[str]) -> list[float]:
        import hashlib

        from ..scoring.ter_fast import statistics

        key = hashlib.sha256(
            json.dumps([metric.signature().format(), hyp, list(refs)]).encode()
        ).hexdigest()
        if key not in self.known:
            found = statistics(metric._sentence, hyp, refs)
            self.known[key] = self.new[key] = [float(x) for x in found]
        return self.known[key]

    def save(self) -> None:
        if self.path is None or not self.new:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self.path.open("a", encoding="utf-8") as handle:
            handle.writelines(
                json.dumps({"key": k, "stats": v}) + "\n" for k, v in sorted(self.new.items())
            )
        self.new = {}


def ter_records(metric: Any, segments: Sequence[Any], cache: StatsCache) -> list[dict[str, Any]]:
    """Segment and system TER from cached edit statistics (the same numbers as sacreBLEU's
    calls)."""
    from ..scoring.base import round_score

    usable = [s for s in segments if s.references]
    records: list[dict[str, Any]] = []
    totals: dict[tuple[str, str], list[float]] = {}
    for seg in usable:
        stats = cache.get(metric, seg.text, seg.references)
        records.append(
            {
                "system": seg.system,
                "pair": seg.pair,
                "paragraph": seg.paragraph,
                "level": "segment",
                "score": round_score(
                    float(metric._sentence._compute_score_from_stats(stats).score)
                ),
            }
        )
        total = totals.setdefault((seg.system, seg.pair), [0.0, 0.0])
        total[0], total[1] = total[0] + stats[0], total[1] + stats[1]
    for (system, pair), total in sorted(totals.items()):
        records.append(
            {
                "system": system,
                "pair": pair,
                "level": "system",
                "score": round_score(float(metric._corpus._compute_score_from_stats(total).score)),
            }
        )
    return records


def write_track(
    corpus: Any, track: Track, root: Path, stats: "StatsCache", pairs: Sequence[str] | None = None
) -> int:
    from ..runtime import progress
    from ..scoring import plan

    (root / "corpus").mkdir(parents=True)
    (root / "corpus" / TRACK_FILE).write_text(f"track: {track.id}\n", encoding="utf-8")
    human = set(corpus.tables["systems"].query("is_human")["system"])
    wanted = [p for p in track.pairs if pairs is None or p in pairs]
    segments = [s for s in plan.segments(corpus)[0] if s.system not in human and s.pair in wanted]
    systems = 0
    scored = sorted({s.pair for s in segments})
    with progress.bar(
        f"{track.id}: metric x pair scored", len(METRICS) * len(scored), unit="pair"
    ) as tick:
        for key in METRICS:
            systems = _metric(key, scored, segments, track, root, stats, tick)
    return systems


def _metric(
    key: str,
    scored: list[str],
    segments: list[Any],
    track: Track,
    root: Path,
    stats: "StatsCache",
    tick: Any,
) -> int:
    """One metric over every pair of the track, written as its campaign; the systems scored."""
    from ..scoring import sacrebleu_metrics

    records: list[dict[str, Any]] = []
    signatures = []
    metric = sacrebleu_metrics.make(key, track.pairs[0])
    for pair in scored:
        metric = sacrebleu_metrics.make(key, pair)
        in_pair = [s for s in segments if s.pair == pair]
        if key == "ter":
            metric.validate(in_pair)  # records nrefs for the signature
            records += ter_records(metric, in_pair, stats)
        else:
            records += metric.score(in_pair).records
        signatures.append(f"{pair}: {metric.signature().fields[0][1]}")
        tick(1)
    _write_campaign(
        root / "judgments" / campaign_id(key), key, metric, track, "; ".join(signatures), records
    )
    return sum(1 for r in records if r["level"] == "system")


def _write_campaign(
    folder: Path, key: str, metric: Any, track: Track, signature: str, records: list[dict[str, Any]]
) -> None:
    folder.mkdir(parents=True)
    block = metric.campaign_metric()
    block["signature"] = signature
    block["reference"] = track.reference
    card = {
        "id": campaign_id(key),
        "title": f"{metric.name} (sacreBLEU, track references)",
        "scheme": "metric",
        "description": f"{metric.name} of every machine system of the track against "
        f"{track.reference}, "
        "recomputed from scratch by `litboard track score` at every build.",
        "metric": block,
    }
    (folder / "campaign.yaml").write_text(
        yaml.safe_dump(card, sort_keys=False, allow_unicode=True, width=100), encoding="utf-8"
    )
    by_pair: dict[str, list[dict[str, Any]]] = {}
    for record in records:
        by_pair.setdefault(record["pair"], []).append(record)
    for pair, rows in sorted(by_pair.items()):
        rows.sort(key=lambda r: (r["system"], r["level"], r.get("paragraph", "")))
        (folder / f"{pair}.jsonl").write_text(
            "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8"
        )

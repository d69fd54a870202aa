"""Export every released translation of every track (target language, text) as JSONL, for
bench/measure_langid.py (issue 27: the language identifier is chosen by measuring both)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from litboard.load import load
from litboard.importers.pinned import prepare
from litboard.tracks.roots import roots
from litboard.load.track_decl import TRACKS

REPO = Path(__file__).resolve().parents[1]


def main(mirror: Path, cache: Path, out: Path) -> None:
    imported = prepare(
        REPO / "releases.yaml", cache, mirror, only=[t.release for t in TRACKS if t.release]
    )
    with out.open("w", encoding="utf-8") as handle:
        for track in TRACKS:
            corpus = load(roots(track, REPO, imported))
            tr = corpus.tables["translations"]
            for row in tr[tr["text"].notna()].itertuples():
                if len(" ".join(str(row.text).split())) >= 30:
                    handle.write(
                        json.dumps(
                            {
                                "track": track.id,
                                "pair": row.pair,
                                "system": row.system,
                                "text": row.text,
                            },
                            ensure_ascii=False,
                        )
                        + "\n"
                    )


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3]))

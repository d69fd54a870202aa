"""Label Studio's own lock and venv (issue 44): `make test` installs it, hash-pinned, apart from the
test lock (its Django, numpy 2 and pandas 3 pins cannot share one environment with litboard's)."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
LOCK = REPO / "requirements" / "labelstudio.txt"


def _recipe(text: str, target: str) -> str:
    return text[text.index(f"\n{target}:") + 1 :].split("\n\n", 1)[0]


def test_the_lock_pins_label_studio_with_hashes() -> None:
    text = LOCK.read_text(encoding="utf-8")
    hashes = r"((?:\s+--hash=sha256:[0-9a-f]{64}(?: \\)?\n)+)"
    pins = re.findall(r"^([a-z0-9_.-]+)==(\S+) \\\n" + hashes, text, re.M)
    assert ("label-studio", "1.23.2") in {(name, version) for name, version, _ in pins}
    assert len(pins) == len(re.findall(r"^[a-z0-9_.-]+==", text, re.M)), "a pin without a hash"
    source = (REPO / "requirements" / "labelstudio.in").read_text(encoding="utf-8")
    assert "label-studio==1.23.2" in source


def test_make_test_installs_it_into_its_own_venv() -> None:
    text = (REPO / "Makefile").read_text(encoding="utf-8")
    assert "labelstudio" in _recipe(text, "install-test").split("\n")[0].split(":")[1].split()
    assert "LS_VENV  ?= .venv-labelstudio" in text
    assert "LS_LOCK  := requirements/labelstudio.txt" in text
    stamp = _recipe(text, "$(LS_STAMP)")
    assert "pip install -q --require-hashes --no-deps -r $(LS_LOCK)" in stamp
    assert "--output-file $(LS_LOCK) requirements/labelstudio.in" in _recipe(text, "lock")
    assert ".venv-labelstudio/" in (REPO / ".gitignore").read_text(encoding="utf-8").splitlines()

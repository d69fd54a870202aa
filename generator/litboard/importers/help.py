"""Per-format help of ``litboard import FORMAT --help``, from the same declarations as the docs.

The mapping keys come from ``mapping.MAPPINGS`` (also the source of the key tables on
generator/litboard/pages/importers.md), the example from generator/litboard/importers/examples/, and
what is skipped from the importer's ``SKIPS`` tuple. Modules are read with ``ast`` (not imported),
so building the CLI parser stays fast.
"""

from __future__ import annotations

import ast
from pathlib import Path

from . import IMPORTERS
from .core.mapping import MAPPINGS, mapping_keys

HERE = Path(__file__).resolve().parent
# format -> example mapping shown in its help
EXAMPLES: dict[str, str] = {
    "labelstudio": "pairwise_spans.yaml",
    "csv": "csv.yaml",
    "wmt-mqm": "wmt.yaml",
}


def _module(name: str) -> ast.Module:
    return ast.parse((HERE / f"{IMPORTERS[name].replace('.', '/')}.py").read_text(encoding="utf-8"))


def description(name: str) -> str:
    """The importer module's docstring."""
    return (ast.get_docstring(_module(name)) or "").strip()


def skips(name: str) -> list[tuple[str, str]]:
    """(what is skipped, why) declared as ``SKIPS`` in the importer module."""
    for node in _module(name).body:
        target = (
            node.target
            if isinstance(node, ast.AnnAssign)
            else (node.targets[0] if isinstance(node, ast.Assign) else None)
        )
        if (
            isinstance(node, (ast.Assign, ast.AnnAssign))
            and isinstance(target, ast.Name)
            and target.id == "SKIPS"
            and node.value is not None
        ):
            return [tuple(x) for x in ast.literal_eval(node.value)]
    return []


def key_lines(name: str) -> list[str]:
    """One line per mapping key: ``key (type; default): help``."""
    cls = MAPPINGS.get(name)
    if cls is None:
        return []
    bar = " \\| "
    return [
        f"  {k.path} ({k.type.replace(bar, ' | ')}; default {k.default}): {k.help}"
        for k in mapping_keys(cls)
    ]


def epilog(name: str) -> str:
    """Mapping keys, an example mapping, and what is skipped and why."""
    parts: list[str] = []
    keys = key_lines(name)
    if keys:
        parts.append("mapping keys (the same table is on the Importers page):\n" + "\n".join(keys))
    example = EXAMPLES.get(name)
    if example and (HERE / "examples" / example).is_file():
        text = (HERE / "examples" / example).read_text(encoding="utf-8").rstrip()
        parts.append(
            f"example mapping (generator/litboard/importers/examples/{example}):\n"
            + "\n".join("  " + line for line in text.splitlines())
        )
    listed = skips(name)
    if listed:
        parts.append(
            "what is skipped, and why (each skip is counted in the summary; --strict "
            "exits 1 on any):\n" + "\n".join(f"  - {what}: {why}" for what, why in listed)
        )
    return "\n\n".join(parts)

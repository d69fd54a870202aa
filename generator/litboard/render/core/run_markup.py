"""Runs -> HTML: the markup of an annotated text, written in Python (issue 42: on a WMT-sized
dataset the same markup as jinja macros was a fifth of the build).

The templates call these as globals (``templates/text.html.j2``). Every value from data is
escaped as an autoescaped ``{{ value }}`` would be (``escaping.escaped``); class names come from
fixed vocabularies (``render.reader.spans``). Whitespace matters: runs sit inside a
``white-space: pre-wrap`` paragraph, so nothing here puts a space or newline between the text's
characters. Two forms: ``runs`` (creativity pages): a run's popover lists one item per mark, in
the marks' order (reader.js hides the items of hidden marks); ``described_runs`` (paragraph
reader): each span is described once, in ``described`` (a list under the text), and a run
refers to the items of its spans with aria-describedby; reader.js shows them as its popover.

The arguments are the reader's view models (``render.reader.views.RunView`` and its
``MarkView``/``SpanView``), read by attribute.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

from markupsafe import Markup

from .escaping import escaped as _e


def item(s: Any, tag: str = "span", id: str = "", label: Callable[[str], str] | None = None) -> str:
    """One span's description: title, severity, who marked it in which campaign (``label``: the
    campaign's short label on the page), detail, renderings and comment."""
    parts = [f'<{tag} class="lb-pop-item lb-l-{_e(s.layer)}"']
    if id:
        parts.append(f' id="{_e(id)}"')
        if s.toggle:
            parts.append(f' data-toggle="{_e(s.toggle)}"')
    parts.append(f'>\n<bdi class="lb-pop-title">{_e(s.title)}</bdi>')
    if s.start == s.end:
        parts.append(' <span class="lb-pop-sev">omission ‸</span>')
    if s.severity:
        parts.append(f' · <span class="lb-pop-sev">severity: {_e(s.severity)}</span>')
    parts.append(f' <span class="lb-pop-who">by <bdi>{_e(s.annotator)}</bdi>')
    if s.expertise:
        parts.append(f" ({_e(s.expertise)})")
    campaign = label(s.campaign) if label else s.campaign
    parts.append(f" · <bdi>{_e(campaign)}</bdi></span>")
    if s.detail:
        parts.append(f' <bdi class="lb-pop-detail">{_e(s.detail)}</bdi>')
    for r in s.renderings:
        parts.append(
            f' <span class="lb-pop-rendering"><bdi class="lb-sysname">{_e(r.name)}</bdi>'
            f'<span class="lb-blindname">{_e(r.blind_label)}</span>: {_e(r.ucp_class)} '
            f"<bdi>“{_e(r.target_text)}”</bdi></span>"
        )
    if s.comment:
        parts.append(f' <bdi class="lb-pop-comment">{_e(s.comment)}</bdi>')
    parts.append(f"</{tag}>")
    return "".join(parts)


def _mark(m: Any, layer: bool) -> str:
    """A mark's opening tag (``layer``: with its layer and toggle, for ``runs``' popovers)."""
    s = m.span
    css = s.css
    if m.first:
        css += " lb-first"
    if m.last:
        css += " lb-last"
    if s.start == s.end:
        css += " lb-omission"
    tag = f'<mark class="lb-s {_e(css)}"'
    if layer:
        tag += f' data-layer="{_e(s.layer)}" data-toggle="{_e(s.toggle)}"'
    tag += f' data-span="{_e(s.key)}"'
    if s.ucp:
        tag += f' data-ucp="{_e(s.ucp)}"'
    if m.last and s.badge:
        tag += f' data-badge="{_e(s.badge)}"'
    return tag + ">"


def _runs(items: Iterable[Any], popovers: bool) -> Markup:
    out: list[str] = []
    for run in items:
        marks = run.marks
        if not marks:
            out.append(_e(run.text))
            continue
        omission = " lb-omission-run" if run.omission else ""
        pop = _e(run.pop)
        out.append(f'<span class="lb-run{omission}" tabindex="0" aria-describedby="{pop}">')
        out.extend(_mark(m, popovers) for m in marks)
        out.append(_e(run.text))
        out.append("</mark>" * len(marks))
        if popovers:
            out.append(f'<span class="lb-pop" role="tooltip" id="{pop}">')
            out.extend(item(m.span) for m in marks)
            out.append("</span>")
        out.append("</span>")
    return Markup("".join(out))


def runs(items: Iterable[Any]) -> Markup:
    """The runs of a text, each marked run with its popover (the creativity pages)."""
    return _runs(items, True)


def described_runs(items: Iterable[Any]) -> Markup:
    """The runs of a text; a marked run refers to its spans' items in ``described``."""
    return _runs(items, False)


def described(spans: list[Any], label: Callable[[str], str] | None) -> Markup:
    """The list under a text that describes each of its spans once (empty without spans)."""
    if not spans:
        return Markup("")
    items = "".join(f"{item(s, 'li', 'lb-d-' + s.key, label)}\n" for s in spans)
    return Markup(f'<ul class="lb-spans" aria-label="Annotated spans">\n{items}</ul>')

"""Endpoint URLs without credentials: what may be stored, shown or journaled.

A ``--base-url`` may carry credentials: ``https://user:secret@host/v1`` (HTTP basic auth) or
a token in the query (``?api-key=...``, Azure style). The client needs them to connect; nothing
that is written to disk may contain them. ``public_url`` keeps scheme, host, port and path;
``host`` keeps host and port only (what the cache's provenance records).
"""

from __future__ import annotations

from urllib.parse import parse_qsl, urlsplit, urlunsplit


def _netloc(url: str) -> str:
    parts = urlsplit(url)
    host = parts.hostname or ""
    if ":" in host:  # an IPv6 literal
        host = f"[{host}]"
    try:
        port = parts.port
    except ValueError:
        port = None
    return f"{host}:{port}" if port is not None else host


def public_url(url: str) -> str:
    """``url`` without user, password, query and fragment (safe to store in campaign.yaml)."""
    parts = urlsplit(url.strip())
    return urlunsplit((parts.scheme, _netloc(url.strip()), parts.path, "", ""))


def host(url: str) -> str:
    """Host and port of ``url`` (no credentials, no path), e.g. ``api.openai.com``."""
    return _netloc(url.strip())


def connection(url: str) -> tuple[str, dict[str, str]]:
    """(base URL without query, query parameters) for the HTTP client: the query goes into
    every request as a default query (the client would otherwise drop it when it adds paths)."""
    parts = urlsplit(url.strip())
    base = urlunsplit((parts.scheme, parts.netloc, parts.path, "", ""))
    return base, dict(parse_qsl(parts.query, keep_blank_values=True))


def has_credentials(text: str) -> bool:
    """Whether a stored URL or host carries a user, password or query."""
    parts = urlsplit(text if "//" in text else f"//{text}")
    return bool(parts.username or parts.password or parts.query or "@" in parts.netloc)

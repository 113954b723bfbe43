"""Store settings that are database URLs: telling them apart, and showing them without their password."""

from __future__ import annotations


def is_database_url(spec: str) -> bool:
    return spec.startswith(("postgresql://", "postgres://"))


def url_secrets(spec: str) -> list[str]:
    """The password(s) a database URL holds, so messages can be scrubbed of them."""
    if not is_database_url(spec):
        return []
    rest, _, query = spec.partition("://")[2].partition("?")
    userinfo, at, _ = rest.rpartition("@")
    found = [userinfo.split(":", 1)[1]] if at and ":" in userinfo else []
    found += [p.split("=", 1)[1] for p in query.split("&") if p.lower().startswith("password=")]
    return [s for s in found if s]


def safe_location(spec: str) -> str:
    """A store's setting fit to show: a database URL without its password."""
    if not is_database_url(spec):
        return spec
    scheme, _, rest = spec.partition("://")
    rest, mark, query = rest.partition("?")
    if mark:
        kept = [p for p in query.split("&") if p and not p.lower().startswith("password=")]
        query = "&".join(kept)
    userinfo, at, hostpart = rest.rpartition("@")
    if at:
        user = userinfo.split(":", 1)[0]
        rest = f"{user + '@' if user else ''}{hostpart}"
    return f"{scheme}://{rest}{'?' + query if query else ''}"

"""What every request must be before it reaches a route (docs/web.md, "Limits"): addressed to this server by a
name it serves, and, where it changes something, sent by this server's own pages (or by no page at all) with a JSON
body.

A web page the player happens to visit may send his browser's requests to a server on his own machine: a form posts
``text/plain`` to any address, a script opens a websocket to any address, and a name of the page's own may be made to
point at 127.0.0.1 (DNS rebinding). So:

- **Host**: a request names a host the server serves (loopback, what ``--host`` binds, the machine's name when it
  binds every interface, and the names in ``ROUNDGAMES_ALLOWED_HOSTS``), or an IP address (no rebinding makes a
  browser send another site's request with an IP address of ours as its host); else 403, field ``host``;
- **Origin**: a request that changes something (any method but GET, HEAD and OPTIONS, and the websocket's handshake)
  from a page is from a page of this server: its Origin is the scheme, host and port the request is addressed to;
  else 403, field ``origin``. A client that is no browser sends no Origin (curl, the CLI, the tests) and passes;
- **Content-Type**: a POST's body is ``application/json`` (a form cannot send that without the page's own server
  agreeing); else 415, field ``content-type``.

A refused websocket handshake is answered with the same JSON error and status, and no websocket.
"""

from __future__ import annotations

import ipaddress
import json
import os
import socket
from collections.abc import Iterable
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Receive, Scope, Send

__all__ = ["HOSTS_ENV", "RequestGuard", "served_hosts"]

#: the environment variable naming more host names the server answers to, separated by commas (a hosted server
#: behind a proxy that keeps the Host it was asked for: ``tables.example.org``)
HOSTS_ENV = "ROUNDGAMES_ALLOWED_HOSTS"
_SAFE_METHODS = ("GET", "HEAD", "OPTIONS")
_WILDCARDS = ("", "0.0.0.0", "::")


def served_hosts(bound: str, extra: Iterable[str] = ()) -> frozenset[str]:
    """The host names a server bound to ``bound`` answers to: loopback's, ``bound`` itself, the machine's name
    where ``bound`` is every interface, ``extra``, and those of :data:`HOSTS_ENV`."""
    names = {"localhost", bound.strip("[]").lower(), *(e.strip().lower() for e in extra)}
    if bound in _WILDCARDS:
        names.add(socket.gethostname().lower())
    names.update(n.strip().lower() for n in os.environ.get(HOSTS_ENV, "").split(",") if n.strip())
    return frozenset(n for n in names if n and n not in _WILDCARDS)


def _host_name(host: str) -> str:
    """``host`` (a Host header's value, ``name:port`` or ``[v6]:port``) without its port, lower case."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1 : host.find("]")] if "]" in host else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def _is_ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def _with_port(scheme: str, netloc: str) -> str:
    """``netloc`` with its port spelt out (a browser leaves the scheme's own out of an Origin, a Host may not)."""
    netloc = netloc.lower()
    if netloc.rsplit(":", 1)[-1].isdigit() and not netloc.endswith("]"):
        return netloc
    return f"{netloc}:{443 if scheme in ('https', 'wss') else 80}"


class RequestGuard:
    """ASGI middleware: the Host, Origin and Content-Type checks above; ``hosts`` None checks no Host (the
    application called in the same process, by tests, with a made-up host)."""

    def __init__(self, app: ASGIApp, hosts: frozenset[str] | None = None) -> None:
        self.app = app
        self.hosts = hosts

    def problem(self, scope: Scope) -> tuple[int, str, str] | None:
        """Why the request is refused: ``(status, field, message)``, or None."""
        headers = Headers(scope=scope)
        host = headers.get("host", "")
        name = _host_name(host)
        if self.hosts is not None and host and name not in self.hosts and not _is_ip(name):
            return 403, "host", f"Host {host!r} is not a name this server answers to (it serves {sorted(self.hosts)})"
        changes = scope["type"] == "websocket" or scope.get("method", "GET") not in _SAFE_METHODS
        origin = headers.get("origin")
        if changes and origin is not None:
            # The page's scheme, not the request's: behind a proxy that ends TLS the server itself is asked over http.
            try:
                parts = urlsplit(origin)
            except ValueError:  # "http://[::1": not an origin at all
                return 403, "origin", f"Origin {origin!r} is not an origin (scheme://host[:port]): refused"
            if origin == "null" or _with_port(parts.scheme, parts.netloc) != _with_port(parts.scheme, host):
                return 403, "origin", f"Origin {origin!r} is not this server's (a page of {host}): refused"
        if scope["type"] == "http" and scope.get("method") == "POST":
            kind = headers.get("content-type", "")
            if kind.split(";", 1)[0].strip().lower() != "application/json":
                return 415, "content-type", f"Content-Type {kind!r}: a request body here is application/json"
        return None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        problem = self.problem(scope)
        if problem is None:
            await self.app(scope, receive, send)
            return
        status, field, message = problem
        body = json.dumps({"error": {"field": field, "message": message}}).encode()
        headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
        if scope["type"] == "http":
            await send({"type": "http.response.start", "status": status, "headers": headers})
            await send({"type": "http.response.body", "body": body})
        elif "websocket.http.response" in scope.get("extensions", {}):
            await send({"type": "websocket.http.response.start", "status": status, "headers": headers})
            await send({"type": "websocket.http.response.body", "body": body})
        else:  # a server without the denial response: the handshake is refused with 403 alone
            await send({"type": "websocket.close", "code": 1008})

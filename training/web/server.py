"""Run the ``doubloon serve`` application under uvicorn on one address."""

import ipaddress
import sys

LOOPBACK = ("localhost",)


def is_loopback(host):
    """Whether ``host`` is reachable from this machine only."""
    if host in LOOPBACK:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def address_lines(host, port):
    """What ``serve`` prints before it starts: the URL, and a warning for an address
    other machines can reach (the server has no accounts or passwords)."""
    shown = f"[{host}]" if ":" in host else host
    lines = [f"doubloon serve: open http://{shown}:{port}/ in a browser (Ctrl-C stops the server)"]
    if not is_loopback(host):
        lines.insert(
            0,
            f"warning: {host} can be reached from other machines; anyone who can reach it can start "
            "and play games on this server (it has no passwords)",
        )
    return lines


def serve(host, port, bots=(), pause=0.6):
    import uvicorn

    from .app import create_app

    app = create_app(bots=bots, pause=pause)
    for line in address_lines(host, port):
        print(line, file=sys.stderr if line.startswith("warning") else sys.stdout, flush=True)
    uvicorn.run(app, host=host, port=port, log_level="warning")

"""Repository tooling outside the engines: ``python -m tools.docs`` regenerates the
generated blocks of docs/<game>.md."""

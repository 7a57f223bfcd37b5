"""Repository tooling outside the engines: ``python -m tools.docs`` regenerates the
generated blocks of docs/<game>.md; ``tools.rule_ids`` reads rule IDs, where the rules
pages define them and where the code and the tests cite them."""

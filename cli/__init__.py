"""The `tigerden` command: the composition root that wires the server, the bots and the thin
client together (an embedded server for `play`, a remote bot that decides with `bots`). It lives
beside `client/`, not in it, so the client library and UI know no rules and import no engine."""

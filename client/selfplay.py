"""`tigerden selfplay`: complete bot-vs-bot matches through a real server, counting errors."""

from __future__ import annotations

import asyncio
import random
import sys
import time
from collections.abc import Mapping

from tigerden.v1 import lobby_pb2

from client.api import Server
from client.bot import play_seat, random_chooser


async def one_match(
    server: Server, game_id: str, players: int, options: Mapping[str, str], rng: random.Random
) -> None:
    """Creates a match with every seat human, seats a remote random bot in each, plays it out."""
    seats = [(lobby_pb2.SEAT_KIND_HUMAN, "")] * players
    match = await server.create(game_id, players, options, seats)
    handles = [await server.join(match.match_id, f"bot-{n}", n) for n in range(len(match.seats))]
    finals = await asyncio.gather(
        *(play_seat(h, random_chooser(random.Random(rng.random()))) for h in handles)
    )
    results = {final.result.SerializeToString() for final in finals}
    if len(results) != 1:
        raise RuntimeError(f"match {match.match_id}: seats saw different results")


async def selfplay(
    server: Server,
    game_id: str,
    matches: int,
    players: int = 0,
    options: Mapping[str, str] | None = None,
    parallel: int = 4,
    seed: int | None = None,
) -> int:
    """Plays `matches` matches, `parallel` at a time; prints progress and returns the errors."""
    rng = random.Random(seed)
    if not players:
        games = {game.game_id: game for game in await server.games()}
        if game_id not in games:
            raise SystemExit(f"the server hosts no game {game_id!r} (games: {', '.join(games)})")
        players = games[game_id].default_players
    errors = 0
    done = 0
    started = time.monotonic()
    pending = iter(range(matches))

    async def worker() -> None:
        nonlocal errors, done
        for _ in pending:
            try:
                await one_match(
                    server, game_id, players, options or {}, random.Random(rng.random())
                )
            except Exception as error:  # every failure is counted and reported, none stops us
                errors += 1
                print(f"error: {type(error).__name__}: {error}", file=sys.stderr)
            done += 1
            if done % max(1, matches // 10) == 0 and done < matches:
                rate = done / (time.monotonic() - started)
                print(f"  {done}/{matches} matches ({rate:.1f}/s)", file=sys.stderr, flush=True)

    await asyncio.gather(*(worker() for _ in range(max(1, parallel))))
    return errors

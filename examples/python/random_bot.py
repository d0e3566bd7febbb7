"""A complete tigerden bot: plays GAME against the server's bots, choosing moves at random."""

import asyncio
import random
import sys

from client.api import connect


async def main(target: str = "127.0.0.1:50051", game: str = "doors") -> None:
    async with connect(target) as server:
        match = await server.create(game)  # seat 0 is a human seat (us); the others are bots
        seat = await server.join(match.match_id, "random-bot")
        async with seat.play() as table:
            acted_at = -1  # a snapshot can repeat a version: act once per version
            async for snapshot in table.snapshots():
                if snapshot.legal_moves and snapshot.version > acted_at:
                    acted_at = snapshot.version
                    choice = random.choice(snapshot.legal_moves)
                    print(f"v{snapshot.version}: {choice.label}")
                    await table.send(snapshot.version, choice.move)
        print("final scores:", list(snapshot.result.scores))  # the last snapshot has the result


if __name__ == "__main__":
    asyncio.run(main(*sys.argv[1:3]))

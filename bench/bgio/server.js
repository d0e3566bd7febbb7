// The boardgame.io peer of `make bench-server`: a boardgame.io 0.50 server (its socket.io
// transport, Lobby API and default in-memory storage) with one four-player card game, on
// 127.0.0.1 only. `node server.js` prints "bgio serving on 127.0.0.1:PORT" once it listens.
//
// The game is a trick-taking round: 52 cards, 13 to each of four hands; the seat to act plays a
// card, following the led suit when it can; the highest card of the led suit takes the trick and
// leads the next; the match ends when the hands are empty. `playerView` is what makes it a
// hidden-information game like tigerden's: a seat sees its own hand and only the size of the
// others', and, as a tigerden snapshot does, the cards it may play now.
'use strict';

const { Server, Origins } = require('boardgame.io/server');
const { INVALID_MOVE } = require('boardgame.io/core');

const SEATS = 4;
const SUITS = 4;
const RANKS = 13;

/** The cards of `hand` that may be played on `trick` (the led suit when the hand has one). */
function playable(hand, trick) {
  if (trick.length === 0) return hand;
  const led = Math.floor(trick[0].card / RANKS);
  const following = hand.filter((card) => Math.floor(card / RANKS) === led);
  return following.length > 0 ? following : hand;
}

const Cards = {
  name: 'cards',
  minPlayers: SEATS,
  maxPlayers: SEATS,
  setup: ({ random }) => {
    const deck = random.Shuffle([...Array(SUITS * RANKS).keys()]);
    const hands = {};
    for (let seat = 0; seat < SEATS; seat++) {
      hands[seat] = deck.slice(seat * RANKS, (seat + 1) * RANKS).sort((a, b) => a - b);
    }
    return { hands, trick: [], taken: Array(SEATS).fill(0), next: 0 };
  },
  turn: {
    minMoves: 1,
    maxMoves: 1,
    order: { first: () => 0, next: ({ G }) => G.next },
  },
  moves: {
    play: ({ G, playerID }, card) => {
      const hand = G.hands[playerID];
      if (!playable(hand, G.trick).includes(card)) return INVALID_MOVE;
      hand.splice(hand.indexOf(card), 1);
      G.trick.push({ seat: Number(playerID), card });
      if (G.trick.length < SEATS) {
        G.next = (Number(playerID) + 1) % SEATS;
        return undefined;
      }
      const led = Math.floor(G.trick[0].card / RANKS);
      let winner = G.trick[0];
      for (const played of G.trick) {
        if (Math.floor(played.card / RANKS) === led && played.card > winner.card) winner = played;
      }
      G.taken[winner.seat] += 1;
      G.trick = [];
      G.next = winner.seat;
      return undefined;
    },
  },
  endIf: ({ G }) => (G.hands[0].length === 0 && G.trick.length === 0 ? { taken: G.taken } : undefined),
  playerView: ({ G, ctx, playerID }) => {
    const sizes = {};
    for (let seat = 0; seat < SEATS; seat++) sizes[seat] = G.hands[seat].length;
    const own = playerID === null || playerID === undefined ? null : G.hands[playerID];
    const acting = own !== null && ctx.currentPlayer === String(playerID);
    return {
      hand: own,
      handSizes: sizes,
      trick: G.trick,
      taken: G.taken,
      legal: acting ? playable(own, G.trick) : [],
    };
  },
};

async function main() {
  const server = Server({ games: [Cards], origins: [Origins.LOCALHOST] });
  // koa-socket-2 made `app.listen` listen on every interface; the bench stays on loopback.
  server.app.listen = (port, done) => server.app.server.listen(port, '127.0.0.1', done);
  const { appServer } = await server.run({ port: 0 });
  process.stdout.write(`bgio serving on 127.0.0.1:${appServer.address().port}\n`);
  process.on('SIGINT', () => process.exit(0));
  process.on('SIGTERM', () => process.exit(0));
}

main();

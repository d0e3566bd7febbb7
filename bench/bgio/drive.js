// The load generator of the boardgame.io case of `make bench-server`, driving `server.js` the
// way bench/server.py drives tigerden: every seat on its own connection (a socket.io websocket),
// closed loop, the seat to act sends a random one of the legal cards its view lists, and the next
// move goes out once every seat holds the resulting state. A finished match is replaced by a new
// one (created and joined over the Lobby API, the seats' connections kept), as on tigerden.
//
//   node drive.js --base http://127.0.0.1:PORT --seconds 4 --tables 0,2,4
//
// Prints "ready" once every table sat down, starts on a line from stdin, and prints one JSON
// line when the window is over: moves, latencies (ms), bytes and states received.
'use strict';

const { io } = require('socket.io-client');
const { finish } = require('./finish');

const SEATS = 4;
const GAME = 'cards';

function option(name) {
  const at = process.argv.indexOf(`--${name}`);
  if (at < 0) throw new Error(`--${name} is required`);
  return process.argv[at + 1];
}

/** A small seeded generator (mulberry32): each table's moves are the same from run to run. */
function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function post(url, body) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.json();
}

class Table {
  constructor(base, number) {
    this.base = base;
    this.random = seeded(number + 1);
    this.bytes = 0;
    this.states = 0;
    this.sockets = [];
    for (let seat = 0; seat < SEATS; seat++) {
      const socket = io(`${base}/${GAME}`, { forceNew: true, transports: ['websocket'] });
      socket.on('sync', (matchID, info) => this.received(seat, matchID, info.state, info));
      socket.on('update', (matchID, state, log) => this.received(seat, matchID, state, log));
      this.sockets.push(socket);
    }
  }

  received(seat, matchID, state, rest) {
    if (matchID !== this.matchID) return; // a late word from the match before
    this.latest[seat] = state;
    this.bytes += JSON.stringify([matchID, state, rest]).length;
    this.states += 1;
    if (state.ctx.gameover !== undefined) this.finished = true;
    const version = state._stateID;
    if (this.versions[seat] < this.target && this.target <= version) {
      this.reached += 1;
      if (this.reached === SEATS) this.arrive();
    }
    this.versions[seat] = Math.max(this.versions[seat], version);
  }

  aim(target) {
    this.target = target;
    this.reached = this.versions.filter((version) => version >= target).length;
    this.arrival = new Promise((resolve) => {
      this.arrive = resolve;
    });
    if (this.reached === SEATS) this.arrive();
  }

  /** Creates a match, joins every seat over the Lobby API and syncs each seat's connection. */
  async setup() {
    const created = await post(`${this.base}/games/${GAME}/create`, { numPlayers: SEATS });
    this.matchID = created.matchID;
    this.latest = Array(SEATS).fill(null);
    this.versions = Array(SEATS).fill(-1);
    this.finished = false;
    this.credentials = [];
    for (let seat = 0; seat < SEATS; seat++) {
      const joined = await post(`${this.base}/games/${GAME}/${this.matchID}/join`, {
        playerID: String(seat),
        playerName: `p${seat}`,
      });
      this.credentials.push(joined.playerCredentials);
    }
    this.aim(0);
    this.sockets.forEach((socket, seat) => {
      socket.emit('sync', this.matchID, String(seat), this.credentials[seat], SEATS);
    });
    await this.arrival;
  }

  /** Sends the next move; returns when it was sent (null: nothing to send yet). */
  async move() {
    if (this.finished) await this.setup();
    const current = Math.max(...this.versions);
    for (let seat = 0; seat < SEATS; seat++) {
      const state = this.latest[seat];
      if (state !== null && state._stateID === current && state.G.legal.length > 0) {
        const legal = state.G.legal;
        const card = legal[Math.floor(this.random() * legal.length)];
        const playerID = String(seat);
        const credentials = this.credentials[seat];
        const action = { type: 'MAKE_MOVE', payload: { type: 'play', args: [card], playerID, credentials } };
        this.aim(current + 1);
        const sent = performance.now();
        this.sockets[seat].emit('update', action, current, this.matchID, playerID);
        return sent;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 5)); // a state is still on its way
    return null;
  }

  /** Plays until `end`; returns the moves whose states all arrived in [start, end]. */
  async run(start, end, latencies) {
    let moves = 0;
    while (performance.now() < end) {
      const sent = await this.move();
      if (sent === null) continue;
      let timer;
      const late = new Promise((resolve) => {
        timer = setTimeout(() => resolve(false), Math.max(1, end - performance.now()));
      });
      const arrived = await Promise.race([this.arrival.then(() => true), late]);
      clearTimeout(timer);
      const done = performance.now();
      if (arrived && sent >= start && done <= end) {
        moves += 1;
        latencies.push(done - sent);
      }
    }
    return moves;
  }

  close() {
    for (const socket of this.sockets) socket.close();
  }
}

async function main() {
  const base = option('base');
  const seconds = Number(option('seconds'));
  const numbers = option('tables').split(',').map(Number);
  const tables = numbers.map((number) => new Table(base, number));
  for (let at = 0; at < tables.length; at += 16) {
    await Promise.all(tables.slice(at, at + 16).map((table) => table.setup()));
  }
  process.stdout.write('ready\n');
  await new Promise((resolve) => process.stdin.once('data', resolve));
  const start = performance.now();
  const latencies = [];
  const counts = await Promise.all(tables.map((t) => t.run(start, start + 1000 * seconds, latencies)));
  const moves = counts.reduce((a, b) => a + b, 0);
  const bytes = tables.reduce((sum, t) => sum + t.bytes, 0);
  const states = tables.reduce((sum, t) => sum + t.states, 0);
  tables.forEach((table) => table.close());
  finish(JSON.stringify({ moves, latencies, bytes, states }));
}

main().catch((error) => {
  process.stderr.write(`${error.stack}\n`);
  process.exit(1);
});

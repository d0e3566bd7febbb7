#!/usr/bin/env node
// A tigerden client in Node.js, written from the .proto files and docs/protocol.md alone.
//
// It loads ../../proto/tigerden/v1/*.proto at run time (nothing is copied or generated),
// watches the lobby (WatchLobby) while it creates a private match against server bots (keeping
// the host token), joins seat 0 with the join code, says a chat line as the player and one as a
// spectator (SendChat), asks for a hint at its first decision and plays the hint's first move
// (Hint), plays on to the end choosing at random from the legal moves each snapshot offers,
// prints the chat lines the table heard and the final scores, and replays the finished match
// (ReplayMatch). With --host-controls it instead tries every host control on a table of two
// people: FreeSeat, ReplaceSeatWithBot, AbortMatch, watching as a spectator and printing the
// typed table notes (Event.table_note) those controls cause.
//
//   npm ci
//   node play.js --server 127.0.0.1:50051 --game koikoi
//   node play.js --game doors --act        # Watch + unary Act instead of the Play stream
//   node play.js --game doors --host-controls
//
// It knows no game rules: every game works the same way.

'use strict';

const fs = require('node:fs');
const path = require('node:path');
const grpc = require('@grpc/grpc-js');
const protoLoader = require('@grpc/proto-loader');

const PROTO_ROOT = path.resolve(__dirname, '..', '..', 'proto');
const PROTO_DIR = path.join(PROTO_ROOT, 'tigerden', 'v1');
const MAX_REJECTIONS = 5; // in-band refusals in a row before we give up

const USAGE = `usage: node play.js [--server HOST:PORT] [--game GAME] [--name NAME] [--act] [--host-controls] [--verbose]

  --server HOST:PORT  the tigerden server (default 127.0.0.1:50051)
  --game GAME         doors, koikoi or tiger-dragon (default doors)
  --name NAME         the player name other seats see (default node-bot)
  --act               send moves by unary Act while reading a Watch stream, not on Play
  --host-controls     free a seat, seat a bot and abort a match with the host token
  --verbose           print every move chosen (refused moves are always printed)`;

function parseArgs(argv) {
  const args = { server: '127.0.0.1:50051', game: 'doors', name: 'node-bot', act: false, verbose: false };
  for (let i = 0; i < argv.length; i += 1) {
    const flag = argv[i];
    if (flag === '--act' || flag === '--verbose') {
      args[flag.slice(2)] = true;
    } else if (flag === '--host-controls') {
      args.hostControls = true;
    } else if (['--server', '--game', '--name'].includes(flag) && i + 1 < argv.length) {
      args[flag.slice(2)] = argv[(i += 1)];
    } else if (flag === '--help' || flag === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else {
      console.error(`unknown or incomplete argument ${flag}\n${USAGE}`);
      process.exit(2);
    }
  }
  return args;
}

// Every .proto file of the package, loaded with the import root `proto/` so that
// `import "tigerden/v1/doors.proto"` resolves. keepCase keeps the .proto field names
// (legal_moves, to_act); oneofs adds a virtual property naming the member that is set
// (response.kind is "snapshot" or "result"); int64 versions become JS numbers.
function loadProtocol() {
  const files = fs
    .readdirSync(PROTO_DIR)
    .filter((name) => name.endsWith('.proto'))
    .map((name) => path.join('tigerden', 'v1', name));
  const definition = protoLoader.loadSync(files, {
    includeDirs: [PROTO_ROOT],
    keepCase: true,
    longs: Number,
    enums: String,
    defaults: true,
    oneofs: true,
  });
  return grpc.loadPackageDefinition(definition).tigerden.v1;
}

// Wraps a callback-style unary call in a promise.
function unary(client, method, request, metadata = new grpc.Metadata()) {
  return new Promise((resolve, reject) => {
    client[method](request, metadata, (error, response) => (error ? reject(error) : resolve(response)));
  });
}

function bearer(token) {
  const metadata = new grpc.Metadata();
  metadata.set('authorization', `Bearer ${token}`);
  return metadata;
}

// Prints one chat line as the table shows it; a spectator's line is marked as such.
function printChat(line) {
  const who = line.spectator ? `${line.name} (spectator)` : `${line.name} (seat ${line.seat})`;
  console.log(`  chat #${line.number} ${who}: ${line.text}`);
}

// Opens WatchLobby: the first message is the whole list of open matches and the archive's newest
// page (full = true), later ones carry each match that changed. `ready` resolves on the first message; `seen(matchId)` once a change
// shows that match.
function watchLobby(lobby) {
  const call = lobby.WatchLobby({ include_finished: true });
  const waiting = new Map();
  let listed;
  const ready = new Promise((resolve) => {
    listed = resolve;
  });
  call.on('data', (response) => {
    if (response.full) {
      // The archive of finished matches comes a page at a time: its size, and the ListMatches
      // page_token (status MATCH_STATUS_FINISHED) for the rest when more than the page was sent.
      const more = response.finished_page_token ? ', more via ListMatches' : '';
      console.log(
        `lobby: ${response.matches.length} match(es) listed on WatchLobby ` +
          `(${response.finished_count} finished in the archive${more})`,
      );
      listed();
      return;
    }
    for (const info of response.matches) {
      const resolve = waiting.get(info.match_id);
      if (resolve) resolve(info);
    }
  });
  call.on('error', (error) => {
    if (error.code !== grpc.status.CANCELLED) console.error(`lobby stream: ${error.details}`);
  });
  return {
    ready,
    seen: (matchId) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`WatchLobby did not show match ${matchId}`)), 10000);
        waiting.set(matchId, (info) => {
          clearTimeout(timer);
          resolve(info);
        });
      }),
    close: () => call.cancel(),
  };
}

function pick(legalMoves) {
  return legalMoves[Math.floor(Math.random() * legalMoves.length)];
}

// DoorsView.running_contest: the contest in play so far (opening display, both seats' moves,
// refills), replayed as a history record is, gives the display and collection on the table.
// Checked on every Doors snapshot of the match; the longest one checked is reported at the end.
const runningContests = { checked: 0, mostMoves: 0 };
function checkRunningContest(snapshot) {
  const doors = snapshot.view && snapshot.view.doors;
  if (!doors || snapshot.status === 'MATCH_STATUS_FINISHED') return;
  const running = doors.running_contest;
  if (!running) throw new Error('a Doors snapshot in play without running_contest');
  const display = [...running.opening_display];
  const refills = [...running.refills];
  const collection = [];
  for (const move of running.moves) {
    const card = move.take ? move.take.card : move.discard ? move.discard.card : null;
    if (move.take) collection.push(card);
    if (card !== null) {
      display.splice(display.indexOf(card), 1);
      display.push(refills.shift());
    }
  }
  const sorted = (cards) => [...cards].sort().join();
  if (refills.length || sorted(display) !== sorted(doors.display) || collection.join() !== doors.collection.join()) {
    throw new Error('DoorsView.running_contest does not replay to the display and collection');
  }
  runningContests.checked += 1;
  runningContests.mostMoves = Math.max(runningContests.mostMoves, running.moves.length);
}

// Plays the seat on one bidirectional Play stream until the server ends it after the
// finished snapshot. Resolves with the last snapshot.
function playOnStream(match, token, log) {
  return new Promise((resolve, reject) => {
    const call = match.Play(bearer(token));
    let latest = null;
    let actedAt = -1; // a snapshot can repeat a version (a seat (dis)connected): act once per version
    let rejections = 0;

    let hinted = false;
    const send = (version, choice) => {
      log(`v${version}: ${choice.label}`);
      call.write({ version, move: choice.move });
    };
    const act = (snapshot) => {
      if (snapshot.legal_moves.length === 0 || snapshot.version <= actedAt) return;
      actedAt = snapshot.version;
      if (hinted) {
        send(snapshot.version, pick(snapshot.legal_moves));
        return;
      }
      // The first decision asks for a hint (Hint: the hard bot's ranking, from this seat's
      // view) and plays its first move.
      hinted = true;
      unary(match, 'Hint', { version: snapshot.version }, bearer(token)).then(
        (hint) => {
          for (const move of hint.moves.slice(0, 3)) {
            const chance = move.win_chance === undefined || move.win_chance === null
              ? '?' : `${Math.round(100 * move.win_chance)}%`;
            console.log(`  hint: ${move.move.label} (${chance}): ${move.reason}`);
            // The same reason typed (reason_clauses): what a client in another language words.
            const clauses = move.reason_clauses.map((clause) => {
              const named = [clause.card, ...Object.entries(clause.counts).map(([k, v]) => `${k}=${v}`)];
              return `${clause.key}(${named.filter(Boolean).join(', ')})`;
            });
            if (clauses.length === 0) throw new Error('a hint without reason_clauses');
            console.log(`        ${clauses.join(' ')}`);
          }
          send(snapshot.version, hint.moves[0].move);
        },
        (error) => {
          call.cancel();
          reject(new Error(`Hint failed: ${grpc.status[error.code]}: ${error.details}`));
        },
      );
    };

    call.on('data', (response) => {
      if (response.kind === 'result') {
        const result = response.result;
        if (result.accepted) {
          rejections = 0;
          return;
        }
        // A refused move changed nothing; the stream stays open. A stale move is answered by
        // the newer snapshot already on its way; anything else, choose again at this version.
        const { reason, message } = result.rejection;
        console.error(`  move at v${result.version} refused: ${reason}: ${message}`);
        rejections += 1;
        if (rejections > MAX_REJECTIONS) {
          call.cancel();
          reject(new Error(`${rejections} moves refused in a row; last: ${reason}: ${message}`));
        } else if (reason !== 'STALE_VERSION' && latest && latest.version === result.version) {
          actedAt = -1;
          act(latest);
        }
        return;
      }
      latest = response.snapshot;
      checkRunningContest(latest);
      latest.chat.forEach(printChat);
      if (latest.status === 'MATCH_STATUS_FINISHED') {
        call.end(); // half-close: we send nothing more; the server ends the call
      } else {
        act(latest);
      }
    });
    call.on('error', reject); // the call failed: e.g. UNAUTHENTICATED for a bad token
    call.on('end', () => resolve(latest));
  });
}

// The same with a server-streaming Watch (with the seat's token: the seat's own view) and one
// unary Act per move, for clients that lack bidirectional streams.
function playWithAct(match, token, matchId, log) {
  return new Promise((resolve, reject) => {
    const call = match.Watch({ match_id: matchId }, bearer(token));
    let latest = null;
    let actedAt = -1;
    let rejections = 0;

    const act = (snapshot) => {
      if (snapshot.legal_moves.length === 0 || snapshot.version <= actedAt) return;
      actedAt = snapshot.version;
      const choice = pick(snapshot.legal_moves);
      log(`v${snapshot.version}: ${choice.label}`);
      unary(match, 'Act', { version: snapshot.version, move: choice.move }, bearer(token)).then(
        () => {
          rejections = 0;
        },
        (error) => {
          // ABORTED (stale version) and FAILED_PRECONDITION (not your turn, illegal, ...)
          // changed nothing: choose again from the newest snapshot. Anything else: stop.
          console.error(`  Act at v${snapshot.version} failed: ${grpc.status[error.code]}: ${error.details}`);
          rejections += 1;
          const retry = error.code === grpc.status.ABORTED || error.code === grpc.status.FAILED_PRECONDITION;
          if (!retry || rejections > MAX_REJECTIONS) {
            call.cancel();
            reject(error);
          } else if (latest.version === snapshot.version) {
            actedAt = -1;
            act(latest);
          }
        },
      );
    };

    call.on('data', ({ snapshot }) => {
      latest = snapshot;
      checkRunningContest(snapshot);
      snapshot.chat.forEach(printChat);
      act(snapshot);
    });
    call.on('error', reject); // e.g. NOT_FOUND, UNAUTHENTICATED, PERMISSION_DENIED
    call.on('end', () => resolve(latest)); // after the finished snapshot
  });
}

// Collects a server stream's messages until it ends.
function collect(call) {
  return new Promise((resolve, reject) => {
    const messages = [];
    call.on('data', (message) => messages.push(message));
    call.on('error', reject);
    call.on('end', () => resolve(messages));
  });
}

// A finished match, move by move with every seat's view (nothing is hidden once it is over).
async function replay(match, matchId) {
  const messages = await collect(match.ReplayMatch({ match_id: matchId }));
  const steps = messages.filter((message) => message.kind === 'step').map((message) => message.step);
  if (messages[0].kind !== 'header' || steps.length === 0) throw new Error('ReplayMatch sent no header or steps');
  return { header: messages[0].header, steps };
}

// After a match with a bot seat (hints on): the review of our own decisions, then "play again"
// (Rematch, with the finished match's token), and LeaveMatch gives the new seat up.
async function reviewAndRematch(lobby, match, token) {
  const progress = await collect(match.ReviewMatch({}, bearer(token)));
  const last = progress[progress.length - 1];
  if (!last || last.reviewed !== last.total) throw new Error('ReviewMatch did not finish');
  const differing = progress.filter((message) => message.move).length;
  console.log(`review: ${last.total} decisions, ${differing} where the hard search would differ`);
  const again = await unary(lobby, 'Rematch', {}, bearer(token));
  console.log(`rematch: match ${again.match.match_id}, seat ${again.seat} kept`);
  await unary(lobby, 'LeaveMatch', {}, bearer(again.token));
}

// Watches a match as a spectator and collects its table notes (Event.table_note: who sat down,
// was removed, which bot took over, the abort), typed, with the English text beside them; a
// client in another language would put `kind`, `name`, `seat` and `bot_level` into its own words.
function watchTableNotes(match, matchId) {
  const call = match.Watch({ match_id: matchId });
  const notes = [];
  let opened;
  const ready = new Promise((resolve) => {
    opened = resolve;
  });
  const ended = new Promise((resolve, reject) => {
    call.on('data', (response) => {
      opened(); // the first snapshot: the server counts this stream among the spectators
      for (const event of response.snapshot.events) {
        if (!event.table_note) continue;
        const { kind, name, bot_level: level } = event.table_note;
        const seat = event.table_note.seat ?? null; // optional: null for the whole match
        notes.push(kind);
        const about = seat === null ? 'the match' : `seat ${seat}${name ? ` (${name})` : ''}`;
        console.log(`table note: ${kind} about ${about}${level ? `, bot level ${level}` : ''}: "${event.text}"`);
      }
    });
    call.on('end', () => resolve(notes));
    call.on('error', reject);
  });
  return { ready, ended };
}

// CountSpectators: spectators are anonymous (Watch has no name), so a table asks how many there
// are, on demand. A finished match is refused (FAILED_PRECONDITION) like a move would be.
async function countSpectators(match, matchId) {
  const { spectators } = await unary(match, 'CountSpectators', { match_id: matchId });
  return spectators;
}

// The host controls: they take the host token from CreateMatch as the bearer token.
async function hostControls(lobby, match, name) {
  const created = await unary(lobby, 'CreateMatch', {
    game_id: 'doors',
    seats: [{ kind: 'SEAT_KIND_HUMAN' }, { kind: 'SEAT_KIND_HUMAN' }],
  });
  const matchId = created.match.match_id;
  const host = bearer(created.host_token);
  const watcher = watchTableNotes(match, matchId);
  await unary(lobby, 'JoinMatch', { match_id: matchId, player_name: name });
  const squatter = await unary(lobby, 'JoinMatch', { match_id: matchId, player_name: 'squatter' });
  const freed = await unary(lobby, 'FreeSeat', { match_id: matchId, seat: squatter.seat }, host);
  if (freed.match.seats[squatter.seat].taken) throw new Error('FreeSeat left the seat taken');
  try {
    await unary(match, 'Act', { version: 0, move: {} }, bearer(squatter.token));
    throw new Error("the kicked seat's token still works");
  } catch (error) {
    if (error.code !== grpc.status.UNAUTHENTICATED) throw error;
  }
  const botted = await unary(lobby, 'ReplaceSeatWithBot', { match_id: matchId, seat: squatter.seat, bot_level: 'easy' }, host);
  console.log(`host controls: seat ${squatter.seat} freed, then ${botted.match.seats[squatter.seat].name}; match ${botted.match.status}`);
  await watcher.ready;
  const spectators = await countSpectators(match, matchId);
  if (spectators !== 1) throw new Error(`CountSpectators says ${spectators} spectators, not our 1`);
  console.log(`spectators: ${spectators} (CountSpectators)`);
  const aborted = await unary(lobby, 'AbortMatch', { match_id: matchId }, host);
  if (aborted.match.ending !== 'MATCH_ENDING_ABORTED') throw new Error(`AbortMatch gave ${aborted.match.ending}`);
  await countSpectators(match, matchId).then(
    (count) => {
      throw new Error(`CountSpectators counted ${count} at a finished match`);
    },
    (error) => {
      if (error.code !== grpc.status.FAILED_PRECONDITION) throw error;
    },
  );
  const notes = await watcher.ended; // the stream ends with the finished snapshot
  const wanted = ['SAT_DOWN', 'REMOVED', 'BOT_TAKES_OVER', 'ABORTED'].map((k) => `TABLE_NOTE_KIND_${k}`);
  const missing = wanted.filter((kind) => !notes.includes(kind));
  if (missing.length) throw new Error(`the watcher saw no table note ${missing.join(', ')}`);
  const { header, steps } = await replay(match, matchId);
  console.log(`host controls: match ${matchId} ${header.result.ending} after ${steps.length - 1} moves`);
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const log = args.verbose ? (line) => console.log(`  ${line}`) : () => {};
  const tigerden = loadProtocol();
  const credentials = grpc.credentials.createInsecure();
  const lobby = new tigerden.LobbyService(args.server, credentials);
  const match = new tigerden.MatchService(args.server, credentials);
  try {
    await new Promise((resolve, reject) =>
      lobby.waitForReady(Date.now() + 10000, (error) =>
        error ? reject(new Error(`no tigerden server at ${args.server}: ${error.message}`)) : resolve(),
      ),
    );
    if (args.hostControls) {
      await hostControls(lobby, match, args.name);
      return;
    }
    const { games, bot_levels: botLevels } = await unary(lobby, 'ListGames', {});
    const game = games.find((g) => g.game_id === args.game);
    if (!game) throw new Error(`the server does not host ${args.game}`);
    console.log(`lobby: ${game.title}, ${game.min_players}-${game.max_players} players, ${game.options.length} options; bots: ${botLevels.map((l) => l.name).join(', ')}`);
    const lobbyStream = watchLobby(lobby);
    await lobbyStream.ready; // the list is on its way: a match created now arrives as a change
    // No seat list: seat 0 is a human seat (us), every other seat a server bot. The host
    // token makes the match private; joining then needs the join code.
    const created = await unary(lobby, 'CreateMatch', {
      game_id: args.game,
      creator_name: args.name,
      match_name: `${args.name}'s ${args.game}`,
    });
    const matchId = created.match.match_id;
    // MatchInfo.hints: the option `hints` defaults to "auto", on when a bot plays (ours do).
    if (!created.match.hints) throw new Error('a match with bot seats has hints off');
    const pushed = await lobbyStream.seen(matchId);
    // MatchInfo.name: the match's own name, as given (cleaned like player names).
    if (pushed.name !== `${args.name}'s ${args.game}`) throw new Error(`the match is named ${JSON.stringify(pushed.name)}`);
    console.log(`lobby: match ${matchId} "${pushed.name}" pushed as ${pushed.status}, created by ${pushed.created_by}`);
    lobbyStream.close();
    const { matches } = await unary(lobby, 'ListMatches', { game_id: args.game, page_size: 10 });
    if (!matches.some((m) => m.match_id === matchId)) throw new Error('ListMatches does not list the new match');
    const { join_code: joinCode } = await unary(
      lobby,
      'SetMatchPrivate',
      { match_id: matchId, private: true },
      bearer(created.host_token),
    );
    const joined = await unary(lobby, 'JoinMatch', { match_id: matchId, player_name: args.name, join_code: joinCode });
    console.log(`${args.game}: match ${matchId}, playing seat ${joined.seat} of ${created.match.seats.length}`);
    // One person, one seat: JoinMatch with this seat's token is refused another seat of the same
    // match (ALREADY_EXISTS / ALREADY_SEATED) unless hot_seat asks for a game at one screen.
    const second = { match_id: matchId, player_name: args.name, join_code: joinCode, hot_seat: false };
    await unary(lobby, 'JoinMatch', second, bearer(joined.token)).then(
      () => {
        throw new Error('the holder of a seat was given a second seat of the same match');
      },
      (error) => {
        if (error.code !== grpc.status.ALREADY_EXISTS) throw error;
      },
    );
    // Chat: as the seat (token in metadata), then as a spectator (no token, a name instead).
    // Both lines arrive on the first snapshot of the stream below, in order.
    await unary(match, 'SendChat', { match_id: matchId, text: `good luck, from ${args.name}` }, bearer(joined.token));
    await unary(match, 'SendChat', { match_id: matchId, text: 'watching from the sofa', spectator_name: 'node-fan' });

    const final = args.act
      ? await playWithAct(match, joined.token, matchId, log)
      : await playOnStream(match, joined.token, log);
    if (!final || final.status !== 'MATCH_STATUS_FINISHED' || !final.result) {
      throw new Error('the stream ended before the match was over');
    }
    const names = final.seats.map((seat) => seat.name || `seat ${seat.seat}`);
    const scores = final.result.scores.map((score, seat) => `${names[seat]} ${score}`).join(', ');
    const winners = final.result.winners.map((seat) => names[seat]).join(' and ') || 'nobody';
    console.log(`${args.game}: match ${matchId} over at version ${final.version}; scores: ${scores}; winner: ${winners}`);
    if (final.view && final.view.koikoi) {
      // KoikoiPlayer.counted_pile: each capture pile grouped as the match's rules count it (the
      // sake cup among the plains and/or the animals), beside the plain grouping in `pile`.
      for (const [seat, player] of final.view.koikoi.players.entries()) {
        if (!player.counted_pile) throw new Error(`KoikoiPlayer.counted_pile missing for seat ${seat}`);
      }
      console.log(`koikoi: every player's counted_pile present (${final.view.koikoi.players.length} players)`);
      // KoikoiView.history: the deal's public record, every card that met the board (from the
      // hand or the stock, with what it captured) and every koi-koi call; replayed from
      // opening_board it gives the board (of the last deal, in the finished match's view).
      const { history, opening_board: opening, board } = final.view.koikoi;
      const replayed = new Set(opening);
      for (const entry of history) {
        if (entry.kind === 'played') {
          const { card, captured } = entry.played;
          if (captured.length) captured.forEach((taken) => replayed.delete(taken));
          else replayed.add(card);
        } else if (entry.kind !== 'koi_koi_called') {
          throw new Error(`KoikoiView.history holds a ${entry.kind} event`);
        }
      }
      if (replayed.size !== board.length || !board.every((card) => replayed.has(card))) {
        throw new Error('KoikoiView.history does not replay from opening_board to the board');
      }
      const fromHand = history.filter((e) => e.kind === 'played' && e.played.step === 'KOIKOI_STEP_HAND');
      console.log(`koikoi: the last deal's history (${history.length} entries, ${fromHand.length} from hand) replays to the board`);
    }
    if (final.view && final.view.doors) {
      // DoorsView.history: every finished contest as the table saw it (its opening display,
      // both seats' moves in order, the refills, the outcome). A match to 10 gems takes at
      // least two contests, and the last record is last_contest's.
      const { history, last_contest: lastContest } = final.view.doors;
      if (!history || history.length < 2) throw new Error('DoorsView.history missing or short');
      const newest = history[history.length - 1];
      if (!newest.outcome || newest.outcome.contest !== lastContest.contest) {
        throw new Error('DoorsView.history does not end with last_contest');
      }
      const takes = history.map((record) => record.moves.filter((move) => move.take).length);
      console.log(`doors: history of ${history.length} contests, takes per contest ${takes.join(' ')}`);
      if (!runningContests.checked || final.view.doors.running_contest) {
        throw new Error('DoorsView.running_contest not sent in play, or sent after the match');
      }
      console.log(`doors: running_contest replayed to the table in ${runningContests.checked} snapshots (up to ${runningContests.mostMoves} moves)`);
    }
    const { steps } = await replay(match, matchId);
    if (steps.length !== final.version + 1) throw new Error(`the replay has ${steps.length} steps`);
    console.log(`${args.game}: replayed ${steps.length} positions, every seat's view revealed`);
    if (args.game === 'doors') await reviewAndRematch(lobby, match, joined.token);
  } finally {
    lobby.close();
    match.close();
  }
}

main().catch((error) => {
  const code = error.code !== undefined && grpc.status[error.code] ? `${grpc.status[error.code]}: ` : '';
  console.error(`play.js: ${code}${error.details || error.message}`);
  process.exit(1);
});

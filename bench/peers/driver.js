// The peers' loop against boardgame.io, for bench/peers.py.
// Usage: node driver.js SERVER_URL MATCHES SECONDS
//
// MATCHES 2-seat matches at once, each seat a boardgame.io client (the
// vanilla client of boardgame.io/client over socket.io, a websocket of its
// own per seat) that moves as soon as its state says it is to move; a
// finished match is replaced by a new one (lobby API: create, two joins).
// After SECONDS, prints one JSON line: {"moves": moves sent by then,
// "applied": moves the server applied ("_stateID"), "seconds",
// "handovers": [ms, ...]}, a handover being the time from one seat sending
// a move to the other seat's client receiving the state that says it is to
// move. The first matches are made before the window opens; the clients
// connect (and sync) inside it, as Spielpost's matches are pushed inside it.
const { Client } = require("boardgame.io/client");
const { SocketIO } = require("boardgame.io/multiplayer");
const { RaceGame } = require("./game");

const [server, matchesArg, secondsArg] = process.argv.slice(2);
const MATCHES = Number(matchesArg);
const SECONDS = Number(secondsArg);

const handovers = [];
let moves = 0;
let applied = 0;
let deadline = Infinity;

async function post(path, body) {
  const response = await fetch(`${server}/games/${RaceGame.name}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) {
    throw new Error(`${path}: ${response.status} ${await response.text()}`);
  }
  return response.json();
}

// Create a match and seat both players (lobby API).
async function matchCreate() {
  const { matchID } = await post("/create", { numPlayers: 2 });
  const seats = [];
  for (const playerID of ["0", "1"]) {
    const { playerCredentials } = await post(`/${matchID}/join`, {
      playerID,
      playerName: `p${playerID}`,
    });
    seats.push({ playerID, credentials: playerCredentials });
  }
  return { matchID, seats };
}

// Play a created match; resolve when it is over (or the deadline passed),
// with both clients stopped.
async function matchPlay({ matchID, seats }) {
  const sentAt = [null, null];
  const acted = [0, 0]; // the last turn each seat moved in
  return new Promise((resolve) => {
    const clients = [];
    let finished = false;
    let lastStateID = 0;
    const finish = () => {
      if (finished) return;
      finished = true;
      applied += lastStateID;
      // Stop outside the subscriber that noticed the end.
      setImmediate(() => {
        for (const client of clients) client.stop();
        resolve();
      });
    };
    for (const { playerID, credentials } of seats) {
      const seat = Number(playerID);
      const client = Client({
        game: RaceGame,
        numPlayers: 2,
        matchID,
        playerID,
        credentials,
        debug: false,
        multiplayer: SocketIO({
          server,
          // A connection per seat, as separate programs have; no long-polling.
          socketOpts: { forceNew: true, transports: ["websocket"] },
        }),
      });
      clients.push(client);
      client.subscribe((state) => {
        if (!state || finished) return;
        lastStateID = Math.max(lastStateID, state._stateID);
        if (state.ctx.gameover || performance.now() > deadline) {
          finish();
          return;
        }
        // One move per turn: the client's own optimistic state after its
        // move may still name it (turn not ended yet), so the turn counts.
        if (state.ctx.currentPlayer !== playerID || state.ctx.turn <= acted[seat]) {
          return;
        }
        const other = 1 - seat;
        if (sentAt[other] !== null) {
          handovers.push(performance.now() - sentAt[other]);
          sentAt[other] = null;
        }
        acted[seat] = state.ctx.turn;
        // Move after this callback: the client updates its own state at once.
        setImmediate(() => {
          if (finished) return;
          sentAt[seat] = performance.now();
          moves += 1;
          client.moves.advance(1 + Math.floor(Math.random() * 3));
        });
      });
      client.start();
    }
  });
}

async function tableLoop(first) {
  await matchPlay(first);
  while (performance.now() < deadline) {
    await matchPlay(await matchCreate());
  }
}

async function main() {
  // The first matches are made before the window, as bench/peers.py does.
  const firsts = await Promise.all(Array.from({ length: MATCHES }, matchCreate));
  deadline = performance.now() + SECONDS * 1000;
  await Promise.all(firsts.map(tableLoop));
  // Exit once the line is written: on a pipe, stdout is asynchronous, and
  // exiting at once cut a long line (many handovers) at 64 KiB.
  const line = JSON.stringify({ moves, applied, seconds: SECONDS, handovers });
  process.stdout.write(line + "\n", () => process.exit(0));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

// A 2-seat race for bench/peers.py: the boardgame.io counterpart of Spielpost's
// Race as the benchmark plays it. One move per turn (advance 1 to 3 fields),
// the match ends after MOVES_PER_MATCH moves, about a Race match's length
// (2 seats: 43 to 55 moves over 20 seeded random matches).
const { INVALID_MOVE } = require("boardgame.io/core");

const MOVES_PER_MATCH = 50;

const RaceGame = {
  name: "race",
  minPlayers: 2,
  maxPlayers: 2,
  setup: () => ({ positions: [0, 0], moves: 0 }),
  turn: { minMoves: 1, maxMoves: 1 },
  moves: {
    advance: ({ G, ctx }, steps) => {
      if (![1, 2, 3].includes(steps)) {
        return INVALID_MOVE;
      }
      G.positions[Number(ctx.currentPlayer)] += steps;
      G.moves += 1;
    },
  },
  endIf: ({ G }) => {
    if (G.moves < MOVES_PER_MATCH) {
      return undefined;
    }
    const [a, b] = G.positions;
    return a === b ? { draw: true } : { winner: a > b ? "0" : "1" };
  },
};

module.exports = { RaceGame, MOVES_PER_MATCH };

// boardgame.io 0.50.2 on PostgreSQL (bgio-postgres), one process, for
// bench/peers.py. Usage: node server.js PORT POSTGRES_URL
// Prints "listening" once the lobby API and the socket.io server accept.
const { Server } = require("boardgame.io/server");
const { PostgresStore } = require("bgio-postgres");
const { RaceGame } = require("./game");

const [port, url] = process.argv.slice(2);
// Sequelize logs every query to the console unless told not to.
const db = new PostgresStore(url, { logging: false });
const server = Server({ games: [RaceGame], db });
server.run({ port: Number(port), callback: () => console.log("listening") });

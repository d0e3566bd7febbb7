// How drive.js ends: its one result line written to stdout, then the process exits, but only
// once the line is out. A pipe's writes are asynchronous in Node, so `process.exit` right
// after `process.stdout.write` cut a result of over 64 KB (64 busy tables' latencies) to its
// first 65,536 bytes, and bench/peer.py could not read it.
'use strict';

/** Writes `line` and a newline to stdout, then exits with `code` once it is flushed. */
function finish(line, code = 0) {
  process.stdout.write(`${line}\n`, () => process.exit(code));
}

module.exports = { finish };

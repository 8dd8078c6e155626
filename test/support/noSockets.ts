// The unit suite opens no socket: loaded first by it (test/run-all.mjs), this makes any
// attempt to listen or to connect throw while the suite runs, naming where such a test belongs. Tests
// against the stand-in over HTTP are component tests (test/component), run by `npm test` after the unit
// suite, in the same process: the guard is lifted when the unit suite ends.
import * as net from 'node:net';

/** Every attempt, kept: code under test may swallow the error (fetch reports "offline"), this does not. */
const attempts: string[] = [];
const refuse = (what: string) =>
  function (): never {
    attempts.push(what);
    throw new Error(
      `The unit suite opens no socket (${what}): a test against the stand-in over HTTP belongs in test/component.`,
    );
  };

const listen = net.Server.prototype.listen;
const connect = net.Socket.prototype.connect;

before(() => {
  net.Server.prototype.listen = refuse('listen');
  net.Socket.prototype.connect = refuse('connect');
});

afterEach(() => {
  if (attempts.length)
    throw new Error(
      `The unit suite opens no socket (${attempts.splice(0).join(', ')}): a test against the stand-in over HTTP belongs in test/component.`,
    );
});

after(() => {
  net.Server.prototype.listen = listen;
  net.Socket.prototype.connect = connect;
});

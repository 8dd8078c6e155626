// The unit suite opens no socket: loaded first by it (test/run-all.mjs, .mocharc.json), this makes any
// attempt to listen or to connect throw, naming where such a test belongs. Tests against the stand-in over
// HTTP are component tests (test/component), run by `npm test` beside the unit suite.
import * as net from 'node:net';

const refuse = (what: string) =>
  function (): never {
    throw new Error(
      `The unit suite opens no socket (${what}): a test against the stand-in over HTTP belongs in test/component.`,
    );
  };

net.Server.prototype.listen = refuse('listen');
net.Socket.prototype.connect = refuse('connect');

// Fault injection for the stand-in: a test says which requests go wrong and how; the server asks which
// faults match each request and applies them.

export type FaultKind =
  | 'latency'
  | 'status'
  | 'notModified'
  | 'malformed'
  | 'removeField'
  | 'nullField'
  | 'setField'
  | 'oversize'
  | 'huge'
  | 'reset'
  | 'resetAfter'
  | 'revokeSession'
  | 'hold';

type Json = Record<string, any>;

/**
 * latency: wait, then answer. status: answer with an error status. notModified: answer 304 (with
 * `value` as its ETag, when given), whatever the request asked. malformed / removeField / nullField /
 * setField / oversize: change the answer's body. huge: stream an answer of `bytes` bytes, made as it is
 * sent (never held whole), with or without a Content-Length (`contentLength`). reset: drop the connection before the request is handled.
 * resetAfter: handle the request (a write takes effect), then drop the connection instead of answering.
 * revokeSession: end the request's session first. hold: wait until the test calls `release()`, then proceed
 * (an order of events made certain, not timed).
 */
export interface Fault {
  /** Matches the request path (e.g. `/3/movie/550`); a string matches a path that starts with it. */
  path: string | RegExp;
  method?: string;
  kind: FaultKind;
  /** latency: milliseconds before answering (the request then proceeds normally). */
  ms?: number;
  /** latency: the API's answer is made at once and sent `ms` after the request came (by default: wait, then make it). */
  roundTrip?: boolean;
  /** status: the HTTP status to answer (a TMDB error body goes with it). */
  status?: number;
  statusCode?: number;
  /** removeField / nullField / setField: a dotted path into the answer, e.g. `results.0.name`. */
  field?: string;
  /** setField: the value to put there. */
  value?: unknown;
  /** oversize: pad the answer to this many bytes; huge: send this many. */
  bytes?: number;
  /** huge: say the size in a Content-Length header (else chunked). */
  contentLength?: boolean;
  /** huge: the answer's Content-Type (JSON by default; `image/jpeg` for a picture). */
  contentType?: string;
  /** How many requests it applies to; unlimited when absent. */
  times?: number;
  /** The first this many requests it matches pass untouched (TMDB going out of reach midway). */
  after?: number;
  /** Only requests whose query has these values, e.g. `{ page: '2' }` for page 2 of something. */
  query?: Record<string, string>;
}

export class FaultSet {
  private readonly faults: Array<Fault & { used: number; passed: number }> = [];

  add(fault: Fault): void {
    this.faults.push({ ...fault, used: 0, passed: 0 });
  }

  clear(): void {
    this.faults.length = 0;
  }

  /** The faults for this request, each counted as used. */
  take(method: string, path: string, query: Record<string, string>): Fault[] {
    const matches = this.faults.filter((fault) => {
      if (fault.times !== undefined && fault.used >= fault.times) return false;
      if (fault.method && fault.method !== method) return false;
      if (fault.query && Object.entries(fault.query).some(([key, value]) => query[key] !== value)) return false;
      if (!(typeof fault.path === 'string' ? path.startsWith(fault.path) : fault.path.test(path))) return false;
      if (fault.passed < (fault.after ?? 0)) {
        fault.passed++;
        return false;
      }
      return true;
    });
    for (const fault of matches) fault.used++;
    return matches;
  }
}

/** How a body fault rewrites the answer, or undefined for faults that do not touch the body. */
export function bodyTransform(fault: Fault): ((data: Json) => string) | undefined {
  switch (fault.kind) {
    case 'malformed':
      return (data) => JSON.stringify(data).slice(0, 40);
    case 'removeField':
    case 'nullField':
      return (data) =>
        JSON.stringify(editField(data, fault.field ?? '', fault.kind === 'nullField' ? { value: null } : undefined));
    case 'setField':
      return (data) => JSON.stringify(editField(data, fault.field ?? '', { value: fault.value }));
    case 'oversize':
      return (data) => JSON.stringify(data).padEnd(fault.bytes ?? 6 * 1024 * 1024, ' ');
    default:
      return undefined;
  }
}

/** A copy with the field at `dotted` removed, or set to `set.value`. */
function editField(data: Json, dotted: string, set: { value: unknown } | undefined): Json {
  const copy = structuredClone(data);
  const keys = dotted.split('.').filter(Boolean);
  let target: any = copy;
  for (const key of keys.slice(0, -1)) {
    target = target?.[key];
    if (target === undefined) return copy;
  }
  const last = keys[keys.length - 1];
  if (last === undefined || target === undefined || target === null) return copy;
  if (set) target[last] = set.value;
  else delete target[last];
  return copy;
}

/**
 * A `huge` answer: valid JSON (a movie whose overview is `bytes` long) made as it is sent, in 64 KB
 * chunks that wait for the socket to drain; it stops when the client goes away. Resolves to the bytes
 * written, which tells a test whether the client stopped reading at its cap.
 */
export async function sendHuge(res: import('node:http').ServerResponse, fault: Fault): Promise<number> {
  const total = fault.bytes ?? 200 * 1024 * 1024;
  const head = '{"id":550,"title":"Fight Club","overview":"';
  const tail = '"}';
  res.writeHead(200, {
    'Content-Type': fault.contentType ?? 'application/json;charset=utf-8',
    ...(fault.contentLength ? { 'Content-Length': String(total) } : {}),
  });
  const chunk = Buffer.alloc(64 * 1024, 'a');
  let written = 0;
  const write = (data: Buffer | string) =>
    new Promise<boolean>((resolve) => {
      if (res.destroyed) return resolve(false);
      written += Buffer.byteLength(data);
      if (res.write(data)) return resolve(true);
      const done = (ok: boolean) => {
        res.off('drain', onDrain);
        res.off('close', onClose);
        resolve(ok);
      };
      const onDrain = () => done(true);
      const onClose = () => done(false);
      res.on('drain', onDrain);
      res.on('close', onClose);
    });
  if (!(await write(head))) return written;
  while (written + chunk.length + tail.length <= total) if (!(await write(chunk))) return written;
  if (!(await write(Buffer.alloc(total - written - tail.length, 'a')))) return written;
  await write(tail);
  res.end();
  return written;
}

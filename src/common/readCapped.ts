// A body read under a size cap, refused as it streams in rather than after it was held whole: a TMDB answer
// (5 MB; a season 32 MB), a row's picture (256 KB). Works on fetch's streams in Node and in the browser.
// No vscode import.

/** The body's bytes, or undefined once they pass `max` (the rest is not read: the stream is cancelled). */
export async function bytesUnder(body: ReadableStream<Uint8Array>, max: number): Promise<Uint8Array | undefined> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    if (bytes > max) {
      void reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  return joined(chunks, bytes);
}

/** A picture's bytes; undefined, unread, when its Content-Length says it is past `cap`, and when it grows past it or is empty. */
export async function pictureBytes(response: Response, cap: number): Promise<Uint8Array | undefined> {
  const said = Number(response.headers.get('content-length') ?? 0);
  if (said > cap || !response.body) {
    void response.body?.cancel().catch(() => undefined);
    return undefined;
  }
  const bytes = await bytesUnder(response.body, cap);
  return bytes?.byteLength ? bytes : undefined;
}

function joined(chunks: Uint8Array[], bytes: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const all = new Uint8Array(bytes);
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return all;
}

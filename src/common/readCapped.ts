// A body read under a size cap: what a small thing (a row's picture) may weigh, refused as it streams in
// rather than after it was held whole. Works on fetch's Response in Node and in the browser. No vscode import.

/** A response's body, read as it streams in; undefined (the rest not read) once it says or grows past `cap` bytes, or when it is empty. */
export async function readCapped(response: Response, cap: number): Promise<Uint8Array | undefined> {
  const said = Number(response.headers.get('content-length') ?? 0);
  if (said > cap || !response.body) {
    await response.body?.cancel().catch(() => undefined);
    return undefined;
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > cap) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return size ? bytes : undefined;
}

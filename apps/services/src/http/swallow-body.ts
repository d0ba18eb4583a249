// Reading the rest of a body the server will not use before refusing it. A server that answers 413
// and closes while the client is still sending makes the client's kernel see a reset, and a client
// (a browser, or the upstream proxy's HTTP client) that is still writing then reports the reset and
// never reads the answer that had already arrived. Tomcat swallows such bodies for the same reason
// (maxSwallowSize). Bounded: a body announced larger than `maxBytes`, or still arriving after
// `maxMs`, is left unread and the answer goes at once.
import type { Context } from 'hono';

export const SWALLOW_MAX_BYTES = 32 * 1024 * 1024;
export const SWALLOW_MAX_MS = 5000;

/** Resolves once the request's body has been read to its end, or the bounds say to stop trying. */
export async function swallowBody(
  c: Context,
  maxBytes = SWALLOW_MAX_BYTES,
  maxMs = SWALLOW_MAX_MS,
): Promise<void> {
  const declared = Number(c.req.header('content-length'));
  // only a body of announced length (a chunked one over the limit is already being read by the
  // body limit's own reader, and has no length to judge by)
  if (!Number.isFinite(declared) || declared > maxBytes) return;
  const body = c.req.raw.body;
  if (!body || body.locked) return;
  const reader = body.getReader();
  const deadline = setTimeout(() => void reader.cancel().catch(() => undefined), maxMs);
  try {
    let read = 0;
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      read += chunk.value.byteLength;
      if (read > maxBytes) break;
    }
  } catch {
    // the client went away or the deadline cancelled the read: answer all the same
  } finally {
    clearTimeout(deadline);
    reader.releaseLock();
  }
}

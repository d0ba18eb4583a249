// Hears that the tenant's configuration changed (GET /configEvents, a server-sent event stream)
// while the console is signed in, and has it read again at once: a title, vocabulary or landing
// page changed in another console shows here without a reload. The stream ends on the server's
// side now and then; it is opened again only after the person used the console meanwhile (a
// request went out), so that listening never keeps an idle session alive.

/** What the watcher needs from the console. */
export interface ConfigEventsDeps {
  /** Opens the stream (the HTTP client's openStream of `/configEvents`). */
  open(signal: AbortSignal): Promise<ReadableStream<Uint8Array>>;
  /** The configuration changed: read it again. */
  onChange(): void;
  /** When the console last sent a request of its own (ms since the epoch). */
  lastActivity(): number;
  now?: () => number;
  /** How often a closed stream looks for activity before it opens again (ms). */
  retryMs?: number;
  /** Warnings (an unexpected failure); the watcher keeps going. */
  warn?: (message: string, error: unknown) => void;
}

/** The `event:` names of a chunk of server-sent event text, with what is left unfinished. */
export function parseEventNames(buffer: string): { events: string[]; rest: string } {
  const events: string[] = [];
  let rest = buffer.replace(/\r\n/g, '\n');
  for (let end = rest.indexOf('\n\n'); end >= 0; end = rest.indexOf('\n\n')) {
    const block = rest.slice(0, end);
    rest = rest.slice(end + 2);
    const line = block.split('\n').find((candidate) => candidate.startsWith('event:'));
    if (line) events.push(line.slice('event:'.length).trim());
  }
  return { events, rest };
}

/** Starts listening; answers the stop. */
export function watchConfigEvents(deps: ConfigEventsDeps): () => void {
  const now = deps.now ?? Date.now;
  const retryMs = deps.retryMs ?? 5000;
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | null = null;

  async function listen(): Promise<void> {
    const openedAt = now();
    try {
      const body = await deps.open(controller.signal);
      const reader = body.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        const parsed = parseEventNames(buffer + decoder.decode(value, { stream: true }));
        buffer = parsed.rest;
        if (parsed.events.includes('config')) deps.onChange();
      }
    } catch (error) {
      if (controller.signal.aborted) return;
      // services without the stream (a platform of its own, in upstream mode): nothing to hear
      if ((error as { status?: unknown }).status === 404) return;
      // a refused stream (401: the session is over, and the console is told by the HTTP client)
      // or a network failure: try again later like an ended one
      deps.warn?.('portico: the configuration stream failed', error);
    }
    if (!controller.signal.aborted) waitForActivity(openedAt);
  }

  function waitForActivity(since: number): void {
    timer = setTimeout(() => {
      timer = null;
      if (controller.signal.aborted) return;
      if (deps.lastActivity() > since) void listen();
      else waitForActivity(since);
    }, retryMs);
  }

  void listen();
  return () => {
    controller.abort();
    if (timer !== null) clearTimeout(timer);
  };
}

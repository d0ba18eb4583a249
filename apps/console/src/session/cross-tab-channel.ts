// Sign-in and sign-out reach every tab of the browser at once.
// BroadcastChannel where available; the 1-second watcher covers browsers without it.

export type CrossTabMessage = { type: 'logout' } | { type: 'login'; userId: number };

export interface CrossTabChannel {
  post(message: CrossTabMessage): void;
  subscribe(listener: (message: CrossTabMessage) => void): () => void;
  close(): void;
}

function isMessage(value: unknown): value is CrossTabMessage {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as { type?: unknown; userId?: unknown };
  return (
    message.type === 'logout' || (message.type === 'login' && typeof message.userId === 'number')
  );
}

export function createCrossTabChannel(name = 'portico-session'): CrossTabChannel {
  const listeners = new Set<(message: CrossTabMessage) => void>();
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(name);
  if (channel) {
    channel.onmessage = (event: MessageEvent) => {
      if (!isMessage(event.data)) return;
      for (const listener of listeners) listener(event.data);
    };
  }
  return {
    post(message) {
      channel?.postMessage(message);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      listeners.clear();
      channel?.close();
    },
  };
}

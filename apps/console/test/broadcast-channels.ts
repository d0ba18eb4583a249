// Every console a test creates opens a BroadcastChannel (cross-tab sign-in/out). Channels of an
// earlier test must not hear later tests' sign-ins, so each is tracked and closed after the test.
const open = new Set<BroadcastChannel>();
let installed = false;

export function installTrackedBroadcastChannel(): void {
  if (installed || typeof globalThis.BroadcastChannel === 'undefined') return;
  installed = true;
  const Native = globalThis.BroadcastChannel;
  class TrackedBroadcastChannel extends Native {
    constructor(name: string) {
      super(name);
      open.add(this);
    }
    override close(): void {
      open.delete(this);
      super.close();
    }
  }
  globalThis.BroadcastChannel = TrackedBroadcastChannel;
}

export function closeBroadcastChannels(): void {
  for (const channel of [...open]) channel.close();
}

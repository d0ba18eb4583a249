/**
 * Entry of the classic script `portico-frame.js` (global `PorticoFrame`): the frame kit and its
 * private copy of zod. Zod's optional fast path compiles parsers with `new Function`, which a page
 * whose CSP has no 'unsafe-eval' refuses (and reports as a violation); this bundle's zod is its own,
 * so turning that path off here changes nothing for anyone else.
 */
import * as z from 'zod/mini';

z.config({ jitless: true });

export {
  BridgeError,
  BridgeRemoteError,
  BridgeTimeoutError,
  connect,
  protocol,
} from './frame-kit.ts';
export type { FrameKit, FrameKitOptions, FrameKitWindow } from './frame-kit.ts';

// Message round trip through the bridge endpoints over the in-memory transport (DESIGN §6).
import {
  createFrameEndpoint,
  createHostEndpoint,
  createMemoryTransportPair,
} from '@portico/bridge';
import { median, type BenchRow } from './table.ts';

export async function runBridgeBench(iterations = 2000): Promise<BenchRow[]> {
  const hostOrigin = 'http://console.test';
  const frameOrigin = 'http://legacy.test';
  const pair = createMemoryTransportPair({ hostOrigin, frameOrigin });
  const quiet = { warn() {} };
  const host = createHostEndpoint({ transport: pair.host, peerOrigin: frameOrigin, logger: quiet });
  const frame = createFrameEndpoint({
    transport: pair.frame,
    peerOrigin: hostOrigin,
    logger: quiet,
    currentPath: () => '/things/thing',
  });
  frame.handle('router', ({ path }) => ({ path }));
  await frame.connect();
  const samples: number[] = [];
  for (let i = 0; i < iterations; i += 1) {
    const started = process.hrtime.bigint();
    await host.navigate(i % 2 ? '/things/thing' : '/things/thingType');
    samples.push(Number(process.hrtime.bigint() - started) / 1000);
  }
  host.close();
  frame.close();
  return [
    {
      name: `bridge message round trip, router → routerSuccess (median of ${iterations})`,
      value: `${median(samples).toFixed(1)} µs`,
    },
  ];
}

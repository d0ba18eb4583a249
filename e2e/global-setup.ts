// Before any environment starts: the console and the legacy UI are built once (when missing or
// stale) for every project of the run.
import { ensureBuilt } from '../scripts/build.ts';

export default async function globalSetup(): Promise<void> {
  await ensureBuilt({ log: (line) => console.log(line) });
}

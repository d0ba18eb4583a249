// Version info written into each build as extra/git.json (spec §3 "Version info", §7 version reads).
import { execFileSync } from 'node:child_process';

/** `{displayVersion, commit, date}` for a build of a package at `version`. */
export interface BuildInfo {
  displayVersion: string;
  commit: string;
  date: string;
}

function git(args: string[], cwd: string): string | undefined {
  try {
    return execFileSync('git', args, { cwd, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return undefined;
  }
}

/** Reads the commit from git when there is one; a tarball install reports `unknown`. */
export function buildInfo(version: string, cwd: string = process.cwd()): BuildInfo {
  const commit = git(['rev-parse', '--short=12', 'HEAD'], cwd) ?? 'unknown';
  const dirty = git(['status', '--porcelain', '--untracked-files=no'], cwd);
  return {
    displayVersion: `v${version}`,
    commit: dirty ? `${commit}-dirty` : commit,
    date: git(['log', '-1', '--format=%cI'], cwd) ?? new Date().toISOString(),
  };
}

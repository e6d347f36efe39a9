import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';

/**
 * Debian's chromium (`apt-get install -y chromium`; .ci/run installs it),
 * driven by playwright-core: the browser builds playwright downloads cannot
 * be fetched here, and a real browser is what users have. POOL8_CHROMIUM
 * names another executable.
 */
export const CHROMIUM = process.env.POOL8_CHROMIUM ?? '/usr/bin/chromium';

export function launch(): Promise<Browser> {
  if (!existsSync(CHROMIUM))
    throw new Error(
      `no chromium at ${CHROMIUM}: apt-get install -y chromium (or set POOL8_CHROMIUM)`,
    );
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    // As root (CI, containers) chromium's sandbox cannot start.
    args: ['--no-sandbox', '--disable-dev-shm-usage'],
  });
}

/** Where the tests leave their screenshots: .pool8-tmp/screenshots (kept out of git). */
export const SHOTS = join(import.meta.dirname, '../../.pool8-tmp/screenshots');
mkdirSync(SHOTS, { recursive: true });

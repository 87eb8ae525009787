import {defineConfig, devices} from '@playwright/test';

/** Debian's Chromium: tests never download a browser. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/support/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // A focused test (`.only`) would silently drop every other one: refused everywhere, not only on CI.
  forbidOnly: true,
  reporter: [['list']],
  timeout: 30_000,
  expect: {timeout: 10_000},
  use: {
    ...devices['Desktop Chrome'],
    // Set by the global setup once nginx listens on its free port.
    baseURL: process.env.SITE_URL_UNDER_TEST,
    launchOptions: {executablePath: CHROMIUM, args: CHROMIUM_ARGS},
    trace: 'off',
  },
});

import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['journeys/**/*.test.ts'],
    globalSetup: ['./global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // A page answers through the server and the socket: a poll waits as long as Playwright's own
    // waits do, not vitest's 1 s default (on a loaded machine a refetch can take longer).
    expect: { poll: { timeout: 10_000 } },
    // One browser and one server for the whole run; journeys go one after another.
    fileParallelism: false,
  },
});

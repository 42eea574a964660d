import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@contract': path.resolve(import.meta.dirname, 'contract'),
      '@web': path.resolve(import.meta.dirname, 'web'),
    },
  },
  test: {
    include: ['{contract,server,web,scripts}/**/*.test.{ts,tsx}'],
    globalSetup: ['server/test/global-setup.ts'],
    pool: 'forks',
    // Two cores: two files at a time, each on its own database.
    maxWorkers: 2,
    // Files share a worker's module cache instead of importing the server afresh each time (half
    // the run's time). Nothing is shared through it: every file builds its own app and database.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { TZ: 'America/New_York' },
  },
});

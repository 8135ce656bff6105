import { defineConfig } from 'vitest/config';

// Unit tests are pure; API tests build the app on a real database. With TEST_DATABASE_URL set,
// the API tests run a second time against that PostgreSQL server.
const apiProject = (name: string, databaseKind: 'pglite' | 'postgres') => ({
  test: {
    name,
    include: ['apps/server/src/**/*.test.ts'],
    env: { TEST_DATABASE_KIND: databaseKind },
    globalSetup: ['apps/server/src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['packages/shared/src/**/*.test.ts', 'apps/web/src/**/*.test.ts'] } },
      apiProject('api-pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api-postgres', 'postgres')] : []),
    ],
  },
});

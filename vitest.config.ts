import { defineConfig } from 'vitest/config';

// Unit tests are pure (a server test that needs no database is named `*.unit.test.ts`); API tests build the
// app on a real database. With TEST_DATABASE_URL set, the API tests run a second time against that
// PostgreSQL server.
//
// API test files share their worker's loaded modules (`isolate: false`): each file builds its own app on its
// own copy of the template database, so nothing but the imported code is shared, and importing the whole
// server once per worker instead of once per file saves about a minute of a CI run. A test that mocks a
// module (`vi.mock`) needs a fresh module graph: it must be a unit test.
const apiProject = (name: string, databaseKind: 'pglite' | 'postgres') => ({
  test: {
    name,
    include: ['apps/server/src/**/*.test.ts'],
    exclude: ['**/*.unit.test.ts', '**/node_modules/**'],
    isolate: false,
    env: { TEST_DATABASE_KIND: databaseKind },
    globalSetup: ['apps/server/src/test/global-setup.ts'],
    // npm test runs the browser journeys beside these tests on the same cores.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/shared/src/**/*.test.ts',
            'apps/web/src/**/*.test.ts',
            'apps/web/build/**/*.test.ts',
            'apps/server/src/**/*.unit.test.ts',
          ],
        },
      },
      apiProject('api-pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api-postgres', 'postgres')] : []),
    ],
  },
});

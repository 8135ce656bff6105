import type { TestProject } from 'vitest/node';
import { type DatabaseKind, prepareTemplate } from './test-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: string;
  }
}

/** Migrates one template database per run; every test file works on its own copy of it. */
export default async function setup(project: TestProject) {
  const kind = (project.config.env?.TEST_DATABASE_KIND ?? 'pglite') as DatabaseKind;
  const { template, dispose } = await prepareTemplate(kind);
  project.provide('databaseTemplate', template);
  return dispose;
}

import type { TestProject } from 'vitest/node';
import { buildTemplate } from './template.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    template: string;
    templateFiles: string;
  }
}

export default async function setup(project: TestProject) {
  const engine = project.config.env.TEST_ENGINE ?? 'pglite';
  const built = await buildTemplate(engine, project.config.env.TEST_STORAGE === 'postgres' ? 'postgres' : 'local');
  project.provide('template', built.template);
  project.provide('templateFiles', built.storageDir);
  return built.cleanup;
}

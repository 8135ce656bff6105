import type { FileStorage } from '../platform/storage/file-storage.ts';

/** A FileStorage in memory, for tests of seeds and jobs that write files; `files` shows what was written. */
export function memoryStorage(): FileStorage & { files: Map<string, Buffer> } {
  const files = new Map<string, Buffer>();
  return {
    files,
    put: async (name, bytes) => void files.set(name, bytes),
    get: async (name) => files.get(name),
    exists: async (name) => files.has(name),
    delete: async (name) => void files.delete(name),
  };
}

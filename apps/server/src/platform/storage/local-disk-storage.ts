import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { type FileStorage, isStorageName } from './file-storage.ts';

/** The sandbox default: files in `<DATA_DIR>/uploads`, written to a temporary name and renamed into place. */
export function createLocalDiskStorage(dataDir: string): FileStorage {
  const root = resolve(dataDir, 'uploads');
  let isReady: Promise<unknown> | undefined;

  const pathOf = (name: string) => {
    if (!isStorageName(name)) throw new Error(`Invalid storage name: ${name}`);
    return join(root, name);
  };

  return {
    async put(name, bytes) {
      const path = pathOf(name);
      isReady ??= mkdir(root, { recursive: true });
      await isReady;
      const temporary = `${path}.partial`;
      await writeFile(temporary, bytes);
      await rename(temporary, path);
    },
    async get(name) {
      if (!isStorageName(name)) return undefined;
      try {
        return await readFile(pathOf(name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async exists(name) {
      if (!isStorageName(name)) return false;
      try {
        return (await stat(pathOf(name))).isFile();
      } catch {
        return false;
      }
    },
    async delete(name) {
      if (!isStorageName(name)) return;
      await rm(pathOf(name), { force: true });
    },
  };
}

import type { Config } from '../../config.ts';
import type { FileStorage } from './file-storage.ts';
import { createLocalDiskStorage } from './local-disk-storage.ts';

/** The storage adapter the configuration names; local disk is the only one so far (S3/OSS would go here). */
export function createFileStorage(config: Pick<Config, 'DATA_DIR'>): FileStorage {
  return createLocalDiskStorage(config.DATA_DIR);
}

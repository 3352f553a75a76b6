import { Inject, Injectable } from '@nestjs/common';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { APP_CONFIG, AppConfig } from '@qrd/config';

/**
 * Where finished exports are kept until they expire. Local disk by default (DATA_EXPORT_DIR);
 * another store (S3-compatible, say) is another implementation of these three methods.
 */
export abstract class ExportStorage {
  /** Stores the whole stream under `key`; answers its size in bytes. A failed write leaves nothing. */
  abstract write(key: string, body: Readable): Promise<number>;
  /** The stored file, or null when there is none (expired and swept, or never written). */
  abstract read(key: string): Promise<Readable | null>;
  /** Deletes the file; nothing happens when it is not there. */
  abstract remove(key: string): Promise<void>;
}

/** Keys are made by the service (`<export id>.zip`); anything else is refused rather than resolved. */
const KEY = /^[0-9a-f-]{36}\.zip$/;

@Injectable()
export class LocalDiskExportStorage extends ExportStorage {
  private readonly dir: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    super();
    this.dir = resolve(config.dataExports.dir);
  }

  async write(key: string, body: Readable): Promise<number> {
    const path = this.path(key);
    await mkdir(this.dir, { recursive: true });
    // Written under a temporary name, so a reader never sees half a file.
    const partial = `${path}.partial`;
    try {
      await pipeline(body, createWriteStream(partial, { mode: 0o600 }));
      await rename(partial, path);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    return (await stat(path)).size;
  }

  async read(key: string): Promise<Readable | null> {
    const path = this.path(key);
    try {
      await stat(path);
    } catch {
      return null;
    }
    return createReadStream(path);
  }

  async remove(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  private path(key: string): string {
    if (!KEY.test(key)) throw new Error(`not an export key: ${key}`);
    return join(this.dir, key);
  }
}

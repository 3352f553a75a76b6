import { OnModuleDestroy } from '@nestjs/common';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { APP_CONFIG, AppConfig } from '@qrd/config';

export interface StoredFile {
  body: Readable;
  sizeBytes: number;
}

/** A stored object as the sweep sees it. */
export interface StoredObject {
  key: string;
  modifiedAt: Date;
}

/**
 * Where the files of content codes are kept (CONTENT_STORAGE): local disk by default, any
 * S3-compatible store by configuration. Keys are made by the service (`<uuid>`); the type and
 * name of a file live in qr.content_files.
 */
export abstract class ContentStorage {
  abstract put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The file, or null when there is none. */
  abstract get(key: string): Promise<StoredFile | null>;
  /** Nothing happens when it is not there. */
  abstract remove(key: string): Promise<void>;
  /** Every stored file (keys of this storage only), in pages. */
  abstract list(): AsyncIterable<StoredObject[]>;
}

const LIST_PAGE = 500;
const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function checkedKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`not a content file key: ${key}`);
  return key;
}

export class LocalDiskContentStorage extends ContentStorage {
  private readonly dir: string;

  constructor(dir: string) {
    super();
    this.dir = resolve(dir);
  }

  async put(key: string, body: Buffer): Promise<void> {
    const path = this.path(key);
    await mkdir(this.dir, { recursive: true });
    // Written under a temporary name, so a reader never sees half a file.
    const partial = `${path}.partial`;
    try {
      await writeFile(partial, body, { mode: 0o600 });
      await rename(partial, path);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<StoredFile | null> {
    const path = this.path(key);
    try {
      const { size } = await stat(path);
      return { body: createReadStream(path), sizeBytes: size };
    } catch {
      return null;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  async *list(): AsyncIterable<StoredObject[]> {
    const names = await readdir(this.dir).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    const keys = names.filter((name) => KEY.test(name));
    for (let i = 0; i < keys.length; i += LIST_PAGE) {
      const page: StoredObject[] = [];
      for (const key of keys.slice(i, i + LIST_PAGE)) {
        const found = await stat(this.path(key)).catch(() => null);
        if (found) page.push({ key, modifiedAt: found.mtime });
      }
      yield page;
    }
  }

  private path(key: string): string {
    return join(this.dir, checkedKey(key));
  }
}

export class S3ContentStorage extends ContentStorage implements OnModuleDestroy {
  private readonly client: S3Client;

  constructor(
    private readonly settings: AppConfig['contentStorage']['s3'],
    client?: S3Client,
  ) {
    super();
    this.client =
      client ??
      new S3Client({
        region: settings.region,
        forcePathStyle: settings.forcePathStyle,
        ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
        ...(settings.accessKeyId && settings.secretAccessKey
          ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
          : {}),
      });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.settings.bucket, Key: checkedKey(key), Body: body, ContentType: contentType }));
  }

  async get(key: string): Promise<StoredFile | null> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: checkedKey(key) }));
      if (!object.Body) return null;
      return { body: object.Body as Readable, sizeBytes: Number(object.ContentLength ?? 0) };
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: checkedKey(key) }));
  }

  async *list(): AsyncIterable<StoredObject[]> {
    let token: string | undefined;
    do {
      const listed = await this.client.send(new ListObjectsV2Command({ Bucket: this.settings.bucket, ContinuationToken: token, MaxKeys: LIST_PAGE }));
      yield (listed.Contents ?? [])
        .filter((object) => object.Key && KEY.test(object.Key))
        .map((object) => ({ key: object.Key as string, modifiedAt: object.LastModified ?? new Date() }));
      token = listed.IsTruncated ? listed.NextContinuationToken : undefined;
    } while (token);
  }

  onModuleDestroy(): void {
    this.client.destroy();
  }
}

/** The storage CONTENT_STORAGE names. */
export function contentStorageFor(config: AppConfig): ContentStorage {
  const settings = config.contentStorage;
  return settings.driver === 's3' ? new S3ContentStorage(settings.s3) : new LocalDiskContentStorage(settings.dir);
}

/** Nest provider of the configured storage. */
export const CONTENT_STORAGE_PROVIDER = {
  provide: ContentStorage,
  useFactory: contentStorageFor,
  inject: [APP_CONFIG],
};

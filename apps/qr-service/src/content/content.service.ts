import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { EntityManager } from 'typeorm';
import {
  CodeContent,
  CONTENT_MESSAGES,
  contentFileIds,
  contentProblems,
  ContentFileView,
  DomainError,
  ErrorCode,
  normalizeContent,
  PAGE_AVATAR_PX,
  PublicPage,
  publicFileUrl,
  publicVcardUrl,
  StoredContent,
} from '@qrd/contracts';
import type { CodeRecord } from '../codes/code.record';
import { CodesRepository } from '../codes/codes.repository';
import { ContentFilesRepository } from './content-files.repository';
import { ContentStorage, StoredFile } from './content-storage';
import { toVCard, vcardFileName } from './vcard';

const PAGE_NOT_FOUND = 'This page does not exist';
const PAGE_INACTIVE = 'This QR code is not active';
/** The photo inside a .vcf: small enough for every contacts app. */
const VCARD_PHOTO_PX = 400;
/** Page avatars kept rendered (a few kB each): the pages scanned most stay in memory. */
const AVATARS_KEPT = 500;

function invalid(field: string, message: string): DomainError {
  return new DomainError(ErrorCode.Validation, message, { [field]: message });
}

/** The field of a content that names its file. */
function fileField(content: CodeContent): string {
  return content.type === 'file' ? 'content.fileId' : content.type === 'vcard' ? 'content.photoFileId' : 'content.avatarFileId';
}

export interface PublicFile extends StoredFile {
  fileName: string;
  contentType: string;
}

/** Whether an If-None-Match header names `etag` (weak or strong: a compressing proxy weakens it). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  return !!ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || tag.trim().replace(/^W\//, '') === etag);
}

/** An upload never changes (a new one gets a new id): its id is its validator. */
export function fileEtag(fileId: string): string {
  return `"${fileId}"`;
}

/** The .vcf follows from the card's fields alone (its photo is an upload that never changes). */
function vcardEtag(content: StoredContent): string {
  const { files: _files, ...fields } = content;
  return `"vcf-${createHash('sha256').update(JSON.stringify(fields)).digest('base64url').slice(0, 27)}"`;
}

/**
 * Content codes: the owner's content checked and stored with what it needs of its files; the
 * hosted page, its files and its vCard, for anyone, while the code is active.
 */
@Injectable()
export class ContentService {
  /** fileId -> the page's avatar of that upload (uploads never change, so neither does this). */
  private readonly avatars = new Map<string, Buffer>();

  constructor(
    private readonly codes: CodesRepository,
    private readonly files: ContentFilesRepository,
    private readonly storage: ContentStorage,
  ) {}

  /**
   * The content as it will be stored: checked again (the queue trusts no shape), every address
   * under the destination policy (`checkUrl`), every file the owner's own upload.
   */
  async prepare(ownerId: string, content: CodeContent, checkUrl: (field: string, url: string) => void): Promise<StoredContent> {
    const [problem] = Object.entries(contentProblems(content));
    if (problem) throw invalid(problem[0] ? `content.${problem[0]}` : 'content', problem[1]);
    const clean = normalizeContent(content);
    if (clean.type === 'vcard' && clean.website) checkUrl('content.website', clean.website);
    if (clean.type === 'links') clean.links.forEach((link, i) => checkUrl(`content.links.${i}.url`, link.url));
    const ids = contentFileIds(clean);
    if (ids.length === 0) return clean;
    const owned = await this.files.findOwned(ownerId, ids);
    const files: Record<string, ContentFileView> = {};
    for (const id of ids) {
      const file = owned.find((f) => f.id === id);
      if (!file) throw invalid(fileField(clean), CONTENT_MESSAGES.fileId);
      if (clean.type !== 'file' && !file.contentType.startsWith('image/')) throw invalid('content', CONTENT_MESSAGES.imageType);
      files[id] = { id, fileName: file.fileName, contentType: file.contentType, sizeBytes: file.sizeBytes };
    }
    return { ...clean, files };
  }

  /**
   * Inside the saving transaction, under the owner's lock: the files `prepare` found are still
   * there (a sweep may have removed an upload left unattached past its grace meanwhile).
   */
  async requireFiles(tx: EntityManager, ownerId: string, content: StoredContent): Promise<void> {
    if (!(await this.files.allOwned(tx, ownerId, contentFileIds(content)))) throw invalid(fileField(content), CONTENT_MESSAGES.fileId);
  }

  async page(slug: string): Promise<PublicPage> {
    const { content } = await this.activeContentCode(slug);
    const { files = {}, ...shown } = content;
    return {
      slug,
      content: shown as CodeContent,
      files: Object.fromEntries(Object.entries(files).map(([id, file]) => [id, { ...file, url: publicFileUrl(slug, id) }])),
      vcardUrl: content.type === 'vcard' ? publicVcardUrl(slug) : null,
    };
  }

  /** A file the active page shows; any other id is unknown here. */
  async file(slug: string, fileId: string): Promise<PublicFile> {
    await this.requireFile(slug, fileId);
    const record = await this.files.find(fileId);
    const stored = record && (await this.storage.get(record.storageKey));
    if (!record || !stored) throw new DomainError(ErrorCode.NotFound, 'File not found');
    return { ...stored, fileName: record.fileName, contentType: record.contentType };
  }

  /**
   * The photo or avatar as a page shows it: a square WebP of PAGE_AVATAR_PX, made once per upload.
   * Only for an image the active page names.
   */
  async avatar(slug: string, fileId: string): Promise<Buffer> {
    await this.requireFile(slug, fileId);
    const kept = this.avatars.get(fileId);
    if (kept) return kept;
    const record = await this.files.find(fileId);
    if (!record || !record.contentType.startsWith('image/')) throw new DomainError(ErrorCode.NotFound, 'File not found');
    const original = await this.bytes(record.storageKey);
    if (!original) throw new DomainError(ErrorCode.NotFound, 'File not found');
    const avatar = await sharp(original).resize(PAGE_AVATAR_PX, PAGE_AVATAR_PX, { fit: 'cover' }).webp({ quality: 72 }).toBuffer();
    if (this.avatars.size >= AVATARS_KEPT) this.avatars.delete(this.avatars.keys().next().value as string);
    this.avatars.set(fileId, avatar);
    return avatar;
  }

  /** Answers like `file` for a file the active page does not show (404) or a page that is off (410). */
  async requireFile(slug: string, fileId: string): Promise<void> {
    const { content } = await this.activeContentCode(slug);
    if (!contentFileIds(content).includes(fileId)) throw new DomainError(ErrorCode.NotFound, 'File not found');
  }

  /** The card as a .vcf; `text` null when If-None-Match names it already (nothing built). */
  async vcard(slug: string, ifNoneMatch?: string): Promise<{ etag: string; text: string | null; fileName: string }> {
    const { content } = await this.activeContentCode(slug);
    if (content.type !== 'vcard') throw new DomainError(ErrorCode.NotFound, 'This page has no contact card');
    const etag = vcardEtag(content);
    if (etagMatches(ifNoneMatch, etag)) return { etag, text: null, fileName: vcardFileName(content) };
    const photo = content.photoFileId ? await this.photo(content.photoFileId) : null;
    return { etag, text: toVCard(content, photo), fileName: vcardFileName(content) };
  }

  private async photo(fileId: string): Promise<Buffer | null> {
    const record = await this.files.find(fileId);
    const original = record && (await this.bytes(record.storageKey));
    if (!original) return null;
    return sharp(original).resize(VCARD_PHOTO_PX, VCARD_PHOTO_PX, { fit: 'cover' }).jpeg({ quality: 80 }).toBuffer();
  }

  private async bytes(storageKey: string): Promise<Buffer | null> {
    const stored = await this.storage.get(storageKey);
    if (!stored) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of stored.body) chunks.push(Buffer.from(chunk as Buffer));
    return Buffer.concat(chunks);
  }

  /** A live content code whose redirect is on: taken down, deactivated or suspended ones answer 410 like the short link. */
  private async activeContentCode(slug: string): Promise<CodeRecord & { content: StoredContent }> {
    const code = /^[A-Za-z0-9_-]{1,64}$/.test(slug) ? await this.codes.findBySlug(slug) : null;
    if (!code || code.deletedAt || !code.content || !code.ownerId) throw new DomainError(ErrorCode.NotFound, PAGE_NOT_FOUND);
    if (code.takenDownAt || code.state !== 'active') throw new DomainError(ErrorCode.Gone, PAGE_INACTIVE);
    return code as CodeRecord & { content: StoredContent };
  }
}

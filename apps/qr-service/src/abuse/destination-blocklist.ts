import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { readFileSync, statSync } from 'node:fs';
import { APP_CONFIG, AppConfig, LOGGER, Logger } from '@qrd/config';

/** One entry as compared: lower case, punycode, no "*." or leading/trailing dots; null for a comment or nonsense. */
export function blockedDomain(entry: string): string | null {
  const text = entry.replace(/#.*/, '').trim().toLowerCase().replace(/^\*\./, '').replace(/^\.+|\.+$/g, '');
  if (!text || /[\s/:@]/.test(text)) return null;
  try {
    return new URL(`http://${text}/`).hostname;
  } catch {
    return null;
  }
}

/** The blocked domain a host is, or is under (a subdomain), else null. */
export function matchBlocked(hostname: string, domains: readonly string[]): string | null {
  const host = hostname.toLowerCase().replace(/\.+$/, '');
  return domains.find((domain) => host === domain || host.endsWith(`.${domain}`)) ?? null;
}

/**
 * The operator's destination blocklist: DESTINATION_BLOCKLIST (comma or space separated) plus the
 * file DESTINATION_BLOCKLIST_FILE (one domain a line, # comments), read again whenever the file
 * changes. Each domain also blocks its subdomains.
 */
@Injectable()
export class DestinationBlocklist implements OnModuleInit {
  private readonly fromSetting: string[];
  private fromFile: string[] = [];
  private fileStamp = '';

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.fromSetting = config.destinationBlocklist.domains.map(blockedDomain).filter((d): d is string => d !== null);
  }

  /** A file named but not readable is an operator's mistake: said at start, not found out later. */
  onModuleInit(): void {
    const file = this.config.destinationBlocklist.file;
    if (file) this.readFile(file, true);
  }

  domains(): string[] {
    const file = this.config.destinationBlocklist.file;
    if (file) this.readFile(file, false);
    return [...new Set([...this.fromSetting, ...this.fromFile])];
  }

  /** The blocked domain a destination URL leads to, or null. */
  refuses(url: URL): string | null {
    return matchBlocked(url.hostname, this.domains());
  }

  private readFile(file: string, atStart: boolean): void {
    try {
      const stat = statSync(file);
      const stamp = `${stat.mtimeMs}:${stat.size}`;
      if (stamp === this.fileStamp) return;
      this.fromFile = readFileSync(file, 'utf8')
        .split(/\r?\n/)
        .map(blockedDomain)
        .filter((d): d is string => d !== null);
      this.fileStamp = stamp;
      this.logger.info({ file, domains: this.fromFile.length }, 'destination blocklist read');
    } catch (error) {
      if (atStart) throw new Error(`DESTINATION_BLOCKLIST_FILE: cannot read ${file}: ${(error as Error).message}`);
      this.logger.warn({ err: error, file }, 'destination blocklist file unreadable; keeping the list read before');
    }
  }
}

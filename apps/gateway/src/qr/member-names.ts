import { Inject, Injectable } from '@nestjs/common';
import { LOGGER, Logger } from '@qrd/config';
import { AuthPattern } from '@qrd/contracts';
import { MessageBus } from '@qrd/messaging';

/** The names of the accounts history entries were made by come from the auth-service; history is shown without them if it is slow. */
const NAMES_TIMEOUT_MS = 2000;

/**
 * Names the member behind each history entry ("by alice"). The qr-service keeps account ids only;
 * the usernames are asked of the auth-service at once for a whole page.
 */
@Injectable()
export class MemberNames {
  constructor(
    private readonly bus: MessageBus,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async add<T extends { memberId?: string | null }>(items: T[]): Promise<(T & { memberName: string | null })[]> {
    const ids = [...new Set(items.flatMap((item) => (item.memberId ? [item.memberId] : [])))];
    const names = new Map<string, string>();
    if (ids.length > 0) {
      try {
        const users = await this.bus.request(AuthPattern.ListUsers, { page: 1, pageSize: ids.length, ids }, { timeoutMs: NAMES_TIMEOUT_MS });
        for (const user of users.items) names.set(user.id, user.username);
      } catch (error) {
        this.logger.warn({ err: error }, 'history shown without the names of the members who made the changes');
      }
    }
    return items.map((item) => ({ ...item, memberName: item.memberId ? (names.get(item.memberId) ?? null) : null }));
  }
}

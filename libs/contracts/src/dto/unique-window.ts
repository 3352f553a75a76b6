/**
 * How long one visitor counts as one unique visitor of a code (docs/conversions.md, "Unique
 * visitors"): once per UTC hour or once per UTC day. A code's choice; the account's figures stay per day.
 */
export const UNIQUE_WINDOWS = ['hour', 'day'] as const;
export type UniqueWindow = (typeof UNIQUE_WINDOWS)[number];

/** What every code counted by before the choice existed, and what a new code counts by. */
export const DEFAULT_UNIQUE_WINDOW: UniqueWindow = 'day';

export const UNIQUE_WINDOW_MESSAGE = 'The unique-visitor window must be "hour" or "day"';

export function isUniqueWindow(value: unknown): value is UniqueWindow {
  return (UNIQUE_WINDOWS as readonly unknown[]).includes(value);
}

// Its own module, without DTO classes: the web app's first script shows prices without carrying
// the validation library along.

/** "$3.49" from 349: every amount travels in cents and is formatted only for display. */
export function formatCents(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/**
 * Calendar arithmetic on business days ('YYYY-MM-DD' in TZ_BUSINESS, see quota/period): the
 * dates are already local, so they are handled as plain UTC dates with no zone math.
 */
const DAY_MS = 86_400_000;

function toUtc(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

function fromUtc(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addDays(day: string, n: number): string {
  return fromUtc(toUtc(day) + n * DAY_MS);
}

/** Monday of the week the day is in: the streak resets there (00:00 of the business zone). */
export function mondayOf(day: string): string {
  const weekday = new Date(toUtc(day)).getUTCDay(); // 0 Sunday .. 6 Saturday
  return addDays(day, -((weekday + 6) % 7));
}

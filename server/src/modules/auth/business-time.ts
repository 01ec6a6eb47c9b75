/**
 * Calendar arithmetic in the business time zone (config.tzBusiness, Asia/Shanghai by default),
 * with Intl only: "today" for SMS day caps and the 'YYYY-MM-DD HH:mm:ss' strings of the spec.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function partsIn(at: Date, tz: string): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number> {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone: tz,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(tz, f);
  }
  const out = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const p of f.formatToParts(at)) if (p.type in out) out[p.type as keyof typeof out] = Number(p.value);
  return out;
}

/** 'YYYY-MM-DD HH:mm:ss' of `at` in time zone `tz`. */
export function formatBusinessTime(at: Date, tz: string): string {
  const p = partsIn(at, tz);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${p.year}-${two(p.month)}-${two(p.day)} ${two(p.hour)}:${two(p.minute)}:${two(p.second)}`;
}

/** The instant the business day containing `at` began (00:00 in `tz`). */
export function startOfBusinessDay(at: Date, tz: string): Date {
  const p = partsIn(at, tz);
  // The zone's offset at `at`: the local wall clock read as if it were UTC, minus the real instant.
  const offsetMs = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(at.getTime() / 1000) * 1000;
  return new Date(Date.UTC(p.year, p.month - 1, p.day) - offsetMs);
}

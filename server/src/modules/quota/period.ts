/**
 * Business day 'YYYY-MM-DD' in a time zone: the period a daily quota counts in.
 * Formatting a date through Intl costs microseconds, but it sits on the chat hot path,
 * so the formatter is built once per zone and the answer is reused within the same minute
 * (every real zone offset is a whole number of minutes, so a day never turns mid-minute).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
const lastByZone = new Map<string, { minute: number; day: string }>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    // en-CA formats dates as YYYY-MM-DD.
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, f);
  }
  return f;
}

export function businessDay(now: Date, timeZone: string): string {
  const minute = Math.floor(now.getTime() / 60_000);
  const last = lastByZone.get(timeZone);
  if (last && last.minute === minute) return last.day;
  const day = formatterFor(timeZone).format(now);
  lastByZone.set(timeZone, { minute, day });
  return day;
}

/**
 * CSV for Excel and other spreadsheets (RFC 4180 quoting, CRLF lines). A cell a spreadsheet would read as a formula
 * (starting with = + - @, a tab or a carriage return: CSV injection, OWASP) gets a leading apostrophe, so an order's
 * item name or a refund reason typed by someone can never run as a formula on the operator's machine.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** Content-Disposition of a download named `name` (ASCII, so no encoding is needed). */
export function attachment(name: string): string {
  return `attachment; filename="${name}"`;
}

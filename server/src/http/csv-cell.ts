/**
 * One CSV cell: RFC 4180 quoting, and text starting with = + - @ tab or CR gets a leading quote
 * so a spreadsheet never runs it as a formula (OWASP CSV injection). Numbers stay numbers; objects
 * are written as JSON.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text: string;
  if (typeof value === 'string') text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  else if (typeof value === 'object') text = JSON.stringify(value);
  else text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

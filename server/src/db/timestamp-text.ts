/** A timestamp as the contract's ISO text, whether the driver handed back a Date (pg) or text (PGlite). */
export const isoTimestamp = (value: string | Date): string => new Date(value).toISOString();

/** A 0–1 rate as a whole percentage, e.g. 0.425 → "43%". */
export const formatPercent = (rate: number) => `${Math.round(rate * 100)}%`;

/** "Info", "Scheduled": the API's lowercase values as labels. */
export const capitalize = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/**
 * The x-axis of a time-series chart: where its ticks go and how they read. The format follows the span
 * shown (seconds under a few minutes, hours and minutes under two days, days beyond), and the ticks sit
 * on round steps of at least the format's resolution, so no two ticks read the same ("08:27 PM" twice).
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Under this span the labels show seconds. */
const SECONDS_SPAN = 5 * MINUTE;
/** Under this span the labels show hours and minutes; beyond it, days. */
const CLOCK_SPAN = 2 * DAY;

const STEPS = [
  SECOND,
  5 * SECOND,
  10 * SECOND,
  15 * SECOND,
  30 * SECOND,
  MINUTE,
  2 * MINUTE,
  5 * MINUTE,
  10 * MINUTE,
  15 * MINUTE,
  30 * MINUTE,
  HOUR,
  2 * HOUR,
  3 * HOUR,
  6 * HOUR,
  12 * HOUR,
  DAY,
  2 * DAY,
  7 * DAY,
  14 * DAY,
  30 * DAY,
];

const secondsFormat = new Intl.DateTimeFormat(undefined, {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});
const clockFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const dayFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });
const exactFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

export interface TimeAxis {
  /** Tick positions, in ms since the epoch, each with a label of its own. */
  ticks: number[];
  /** A tick's label, at the resolution the span needs. */
  format(ms: number): string;
  /** A point's moment in full, for the tooltip. */
  exact(ms: number): string;
}

/** The format for a span: seconds under five minutes, the clock under two days, then the day. */
export function timeFormatFor(spanMs: number): { format(ms: number): string; resolution: number } {
  if (spanMs < SECONDS_SPAN) return { format: (ms) => secondsFormat.format(ms), resolution: SECOND };
  if (spanMs < CLOCK_SPAN) return { format: (ms) => clockFormat.format(ms), resolution: MINUTE };
  return { format: (ms) => dayFormat.format(ms), resolution: DAY };
}

/** The first multiple of `step` at or after `ms`; day steps start at a local midnight. */
function firstTick(ms: number, step: number): number {
  if (step < DAY) {
    // Steps under a day line up with the local clock (whole minutes and hours where the zone is offset).
    const offset = new Date(ms).getTimezoneOffset() * MINUTE;
    return Math.ceil((ms - offset) / step) * step + offset;
  }
  const midnight = new Date(ms);
  midnight.setHours(0, 0, 0, 0);
  return midnight.getTime() < ms ? midnight.setDate(midnight.getDate() + 1) : midnight.getTime();
}

/** The axis for points at `times` (ms since the epoch, any order), with at most `maxTicks` ticks. */
export function timeAxis(times: readonly number[], maxTicks = 6): TimeAxis {
  const exact = (ms: number) => exactFormat.format(ms);
  if (times.length === 0) return { ticks: [], format: (ms) => clockFormat.format(ms), exact };
  const min = Math.min(...times);
  const max = Math.max(...times);
  const { format, resolution } = timeFormatFor(max - min);
  const wanted = (max - min) / Math.max(1, maxTicks - 1);
  const step = STEPS.find((s) => s >= resolution && s >= wanted) ?? Math.ceil(wanted / (30 * DAY)) * 30 * DAY;
  const ticks: number[] = [];
  let last = '';
  for (let at = firstTick(min, step); at <= max; at = step >= DAY ? addDays(at, step / DAY) : at + step) {
    const label = format(at);
    // A day step across a clock change, or a zone offset off the step, could still repeat a label.
    if (label === last) continue;
    ticks.push(at);
    last = label;
  }
  // A single point (or points closer than a step) still gets its moment on the axis.
  if (ticks.length === 0) ticks.push(min);
  return { ticks, format, exact };
}

function addDays(ms: number, days: number): number {
  const date = new Date(ms);
  return date.setDate(date.getDate() + days);
}

const utcDayFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** A UTC day of a daily rollup ("2026-11-23") as an axis label: "Nov 23". */
export function dayLabel(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : utcDayFormat.format(date);
}

/** An ISO timestamp as ms, for a chart's numeric time axis. */
export const toMs = (iso: string) => new Date(iso).getTime();

/** The props of a recharts XAxis over `dataKey` (ms since the epoch) laid out by `axis`. */
export function timeAxisProps(dataKey: string, axis: TimeAxis) {
  return {
    dataKey,
    type: 'number' as const,
    scale: 'time' as const,
    domain: ['dataMin', 'dataMax'] as [string, string],
    ticks: axis.ticks,
    tickFormatter: axis.format,
    interval: 'preserveStartEnd' as const,
  };
}

import { describe, expect, it } from 'vitest';
import { timeAxis, timeFormatFor } from './time-axis.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** A local evening, so the tests read the same in any time zone. */
const EVENING = new Date(2026, 10, 26, 20, 27, 13).getTime();

/** Points every `every` ms over `span` ms, ending at EVENING. */
const series = (span: number, every: number) =>
  Array.from({ length: Math.floor(span / every) + 1 }, (_, i) => EVENING - span + i * every);

const labels = (times: number[], maxTicks?: number) => {
  const axis = timeAxis(times, maxTicks);
  return axis.ticks.map(axis.format);
};

describe('timeAxis', () => {
  it.each([
    ['two minutes of 5 s points', series(2 * MINUTE, 5 * SECOND)],
    ['fifteen minutes of 5 s points', series(15 * MINUTE, 5 * SECOND)],
    ['an hour of minute points', series(HOUR, MINUTE)],
    ['a day of 5 min points', series(DAY, 5 * MINUTE)],
    ['90 days of daily points', series(90 * DAY, DAY)],
  ])('labels %s with no label twice and at most six ticks', (_, times) => {
    const shown = labels(times);
    expect(shown.length).toBeGreaterThan(1);
    expect(shown.length).toBeLessThanOrEqual(6);
    expect(new Set(shown).size).toBe(shown.length);
  });

  it('never repeats a minute label over a short span where minutes alone would ("08:27 PM" twice)', () => {
    // 90 seconds: a minute-only format would give two or three ticks reading the same minute.
    const shown = labels(series(90 * SECOND, SECOND));
    expect(new Set(shown).size).toBe(shown.length);
    expect(shown.every((label) => /\d{2}\D\d{2}\D\d{2}/.test(label))).toBe(true);
  });

  it('puts ticks on round moments inside the span', () => {
    const times = series(HOUR, MINUTE);
    const { ticks } = timeAxis(times);
    for (const tick of ticks) {
      expect(tick).toBeGreaterThanOrEqual(times[0] as number);
      expect(tick).toBeLessThanOrEqual(EVENING);
      expect(new Date(tick).getSeconds()).toBe(0);
      expect(new Date(tick).getMinutes() % 5).toBe(0);
    }
  });

  it('gives a single point its own tick, and no ticks to no points', () => {
    expect(timeAxis([EVENING]).ticks).toEqual([EVENING]);
    expect(timeAxis([]).ticks).toEqual([]);
  });
});

describe('timeFormatFor', () => {
  it('shows seconds under five minutes, the clock under two days, and the day beyond', () => {
    const at = new Date(2026, 10, 26, 20, 27, 13).getTime();
    const clock = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' }).format(at);
    const day = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' }).format(at);
    expect(timeFormatFor(2 * MINUTE).format(at)).toContain('13');
    expect(timeFormatFor(2 * MINUTE).format(at)).not.toBe(clock);
    expect(timeFormatFor(HOUR).format(at)).toBe(clock);
    expect(timeFormatFor(7 * DAY).format(at)).toBe(day);
  });
});

/** Chart series colours, read from the palette in styles.css so that they change with the theme. */
export const CHART = {
  blue: 'var(--color-chart-1)',
  green: 'var(--color-chart-2)',
  amber: 'var(--color-chart-3)',
  red: 'var(--color-chart-4)',
  violet: 'var(--color-chart-5)',
} as const;

import { screen, within } from '@testing-library/react';

/** Queries within the table row that shows `text` (in an element matching `selector`, when given). */
export function rowOf(text: string, selector?: string) {
  const tr = screen.getByText(text, selector ? { selector } : undefined).closest('tr');
  if (!tr) throw new Error(`no row ${text}`);
  return within(tr);
}

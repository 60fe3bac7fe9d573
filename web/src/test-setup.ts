import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { takeContractViolations } from '@/testing/contract-check.ts';
import { network } from '@/testing/mock-fetch.ts';

// jsdom lacks these browser APIs; Radix Select calls the pointer/scroll ones when it opens (a toast's
// button captures the pointer when pressed), and
// Radix Checkbox measures itself with ResizeObserver inside a <form>.
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};
Element.prototype.setPointerCapture ??= () => {};
Element.prototype.scrollIntoView ??= () => {};
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
// No media query matches (a wide screen with default preferences); a test can spy on this to narrow it.
window.matchMedia ??= (query: string): MediaQueryList => ({
  matches: false,
  media: query,
  onchange: null,
  addEventListener() {},
  removeEventListener() {},
  addListener() {},
  removeListener() {},
  dispatchEvent: () => false,
});

beforeAll(() => network.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  window.localStorage.clear();
  network.resetHandlers();
  const violations = takeContractViolations();
  if (violations.length > 0)
    throw new Error(`A fake answered outside the contract:\n${violations.join('\n')}`);
});
afterAll(() => network.close());

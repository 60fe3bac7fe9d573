// jsdom lacks these browser APIs; Radix Select calls the pointer/scroll ones when it opens and
// Radix Checkbox measures itself with ResizeObserver inside a <form>.
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};
Element.prototype.scrollIntoView ??= () => {};
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

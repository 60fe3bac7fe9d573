import { useEffect, useState } from 'react';

/**
 * Whether `element` is narrower than its content (a wide table on a phone). Such a box must take focus,
 * or a keyboard cannot scroll it; one that fits stays out of the Tab order.
 */
export function useScrollsSideways(element: HTMLElement | null): boolean {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    // The content grows too when rows arrive, without the box changing size.
    for (const child of element.children) observer.observe(child);
    measure();
    return () => observer.disconnect();
  }, [element]);
  return scrolls;
}

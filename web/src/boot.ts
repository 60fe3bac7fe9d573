import '@/styles.css';

/**
 * The entry point. login.html and landing.html carry their page prerendered, and index.html a loading
 * line: the app's modules (react-dom, the router…) run only once the browser has painted that, since
 * evaluating them first would hold the first paint back by as long as they take on a phone. The HTML
 * modulepreloads them, so they download meanwhile. A hidden tab paints nothing and starts at once.
 */
function afterFirstPaint(): Promise<void> {
  if (document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

void afterFirstPaint().then(() => import('@/main.tsx'));

import '@/styles.css';

/**
 * The entry point. login.html and landing.html carry their page prerendered, and index.html a loading
 * line: the app's modules run only once the browser has painted that, since evaluating them first would
 * hold the first paint back by as long as they take on a phone. The HTML modulepreloads them, so they
 * download meanwhile. A hidden tab paints nothing and starts at once.
 */
function afterFirstPaint(): Promise<void> {
  if (document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

const yieldToBrowser = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * react-dom, then the rest of the app: each evaluates in a task of its own, so the browser can answer
 * input between them instead of waiting out one long task (a phone's Total Blocking Time). Only a module
 * whose exports the app uses nearly all of can be split off this way: a dynamic import keeps every export.
 */
async function start(): Promise<void> {
  await afterFirstPaint();
  await import('react-dom/client');
  await yieldToBrowser();
  await import('@/main.tsx');
}

void start();

import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app.tsx';
import '@/styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);
// A transition renders in slices that yield to the browser, so the first render is not one long task
// (which is what a phone's Total Blocking Time counts); index.html's loading line shows meanwhile.
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

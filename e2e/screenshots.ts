// Captures the README's screenshots from a real server with demo data: `node --import tsx e2e/screenshots.ts`.
import { launchBrowser, signIn } from './support/browser.ts';
import { startServer } from './support/server.ts';

const out = new URL('../docs/', import.meta.url).pathname;
const [server, browser] = await Promise.all([startServer({ demo: true }), launchBrowser()]);
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(server.url);
  await page.getByRole('link', { name: 'Get Started' }).first().waitFor();
  await page.screenshot({ path: `${out}landing.png` });
  await page.goto(`${server.url}/login`);
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  await page.screenshot({ path: `${out}login.png` });
  await page.goto(`${server.url}/admin_root_admin`);
  await page.getByText('Registration Disabled').waitFor();
  await page.screenshot({ path: `${out}root-admin-closed.png` });
  await signIn(page, server.url);
  await page.goto(`${server.url}/users`);
  await page.getByText(/Showing 1–10 of/).waitFor();
  await page.screenshot({ path: `${out}users-screen.png` });
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await signIn(phone, server.url);
  await phone.goto(`${server.url}/users`);
  await phone.getByText(/Showing 1–10 of/).waitFor();
  await phone.screenshot({ path: `${out}users-phone.png` });
  await phone.getByRole('button', { name: 'Open navigation' }).click();
  await phone.waitForTimeout(400);
  await phone.screenshot({ path: `${out}nav-phone.png` });
} finally {
  await server.stop();
}

// The Real-time Monitor of a server with the demo's simulated app users, once its live charts have a
// few minutes of figures.
const living = await startServer({ demo: true, traffic: true });
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 1100 } });
  await signIn(page, living.url);
  await page.goto(`${living.url}/monitor`);
  await page.getByText('Waiting for the first live figures…').waitFor({ state: 'hidden', timeout: 60_000 });
  await page.waitForTimeout(150_000);
  await page.screenshot({ path: `${out}monitor-live.png` });
} finally {
  await browser.close();
  await living.stop();
}

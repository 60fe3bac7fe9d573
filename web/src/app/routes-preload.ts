import { CONSOLE_SCREENS } from '@/app/console-screens.ts';
import { SIGNED_IN_HOME } from '@/app/route-guards.tsx';

/** The console's frame, fetched while a sign-in lands so the first signed-in screen does not wait for it. */
export const loadConsoleLayout = () => import('@/app/layout/console-layout.tsx');

/** After a successful sign-in: start fetching the console layout and the home screen's chunks. */
export function preloadConsole(): void {
  void loadConsoleLayout().catch(() => undefined);
  void CONSOLE_SCREENS.find((screen) => screen.path === SIGNED_IN_HOME)
    ?.lazy()
    .catch(() => undefined);
}

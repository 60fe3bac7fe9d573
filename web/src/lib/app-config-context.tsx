import type { AppConfig } from '@switchboard/contract/app-config';
import { createContext, type ReactNode, use, useCallback, useEffect, useState } from 'react';
import { FullPageSpinner } from '@/components/full-page-spinner.tsx';
import { DEFAULT_APP_CONFIG, fetchAppConfig, readAppConfig } from '@/lib/app-config.ts';

const AppConfigContext = createContext<AppConfig>(DEFAULT_APP_CONFIG);
const RefreshContext = createContext<() => Promise<void>>(async () => {});

export function useAppConfig(): AppConfig {
  return use(AppConfigContext);
}

/**
 * Reads /config.json again: after a settings save (App Name, password length) and where a form needs
 * the live rules, so nothing waits for a reload.
 */
export function useRefreshAppConfig(): () => Promise<void> {
  return use(RefreshContext);
}

interface AppConfigProviderProps {
  children: ReactNode;
  /** Skips the fetch (tests, storybook-like harnesses). */
  initialConfig?: AppConfig;
}

/** Holds rendering until /config.json has answered (or failed), so the first screen already knows it. */
export function AppConfigProvider({ children, initialConfig }: AppConfigProviderProps) {
  const [config, setConfig] = useState<AppConfig | null>(initialConfig ?? null);

  useEffect(() => {
    if (initialConfig) return;
    const controller = new AbortController();
    fetchAppConfig(controller.signal).then(setConfig, () => {});
    return () => controller.abort();
  }, [initialConfig]);

  // A failed read keeps what is shown (fetchAppConfig's defaults would undo a name already loaded).
  const refresh = useCallback(() => readAppConfig().then(setConfig, () => {}), []);

  if (!config) return <FullPageSpinner />;
  return (
    <RefreshContext value={refresh}>
      <AppConfigContext value={config}>{children}</AppConfigContext>
    </RefreshContext>
  );
}

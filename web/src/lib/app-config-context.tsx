import type { AppConfig } from '@switchboard/contract/app-config';
import { createContext, type ReactNode, use, useEffect, useState } from 'react';
import { FullPageSpinner } from '@/components/full-page-spinner.tsx';
import { DEFAULT_APP_CONFIG, fetchAppConfig } from '@/lib/app-config.ts';

const AppConfigContext = createContext<AppConfig>(DEFAULT_APP_CONFIG);

export function useAppConfig(): AppConfig {
  return use(AppConfigContext);
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

  if (!config) return <FullPageSpinner />;
  return <AppConfigContext value={config}>{children}</AppConfigContext>;
}

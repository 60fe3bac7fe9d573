import { Toaster } from 'sonner';
import { useResolvedTheme } from '@/lib/use-resolved-theme.ts';

/** sonner's toasts in the theme on screen: they take a theme rather than reading the palette. */
export function ThemedToaster() {
  const theme = useResolvedTheme();
  return <Toaster theme={theme} richColors closeButton position="top-right" />;
}

import { SearchIcon } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { shortcutOf } from '@/app/command-palette/keyboard-shortcut.ts';
import { Button } from '@/components/ui/button.tsx';

// Fetched on first use: cmdk and the command list stay out of the layout's first load.
const CommandPalette = lazy(() =>
  import('@/app/command-palette/command-palette.tsx').then((m) => ({ default: m.CommandPalette })),
);
const ShortcutsDialog = lazy(() =>
  import('@/app/command-palette/shortcuts-dialog.tsx').then((m) => ({ default: m.ShortcutsDialog })),
);

/** Another dialog (a form, a confirmation) is open: the shortcuts leave it be rather than stack on it. */
const otherDialogOpen = () =>
  document.querySelector('[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]') !==
  null;

const onMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/**
 * The top bar's "Search… Ctrl K" button and the console's keyboard shortcuts: Ctrl+K (⌘K) or '/'
 * open the command palette, '?' lists the shortcuts.
 */
export function CommandPaletteButton() {
  const [open, setOpen] = useState<'palette' | 'shortcuts' | null>(null);
  const openRef = useRef(open);
  openRef.current = open;
  // Once loaded, a dialog stays mounted so closing it can animate and return focus.
  const [loaded, setLoaded] = useState({ palette: false, shortcuts: false });

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const ask = shortcutOf(event);
      if (!ask || (!openRef.current && otherDialogOpen())) return;
      event.preventDefault();
      setLoaded((l) => ({ ...l, [ask]: true }));
      setOpen((current) => (ask === 'palette' && current === 'palette' ? null : ask));
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  const show = (which: 'palette' | 'shortcuts') => (next: boolean) => setOpen(next ? which : null);

  return (
    <>
      <Button
        variant="outline"
        size="sm"
        className="w-9 justify-between gap-2 px-0 text-muted-foreground sm:w-56 sm:px-3"
        aria-keyshortcuts="Control+K Meta+K /"
        onClick={() => {
          setLoaded((l) => ({ ...l, palette: true }));
          setOpen('palette');
        }}
      >
        <span className="flex items-center gap-2">
          <SearchIcon aria-hidden="true" />
          {/* The button's name is its words, also on a phone where only the icon shows. */}
          <span className="sr-only sm:not-sr-only">Search…</span>
        </span>
        <kbd className="hidden rounded border bg-muted px-1.5 font-mono text-[11px] sm:inline">
          {onMac() ? '⌘ K' : 'Ctrl K'}
        </kbd>
      </Button>
      <Suspense fallback={null}>
        {loaded.palette ? <CommandPalette open={open === 'palette'} onOpenChange={show('palette')} /> : null}
        {loaded.shortcuts ? (
          <ShortcutsDialog open={open === 'shortcuts'} onOpenChange={show('shortcuts')} />
        ) : null}
      </Suspense>
    </>
  );
}

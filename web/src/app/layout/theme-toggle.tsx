import { CheckIcon, MonitorIcon, MoonIcon, SunIcon } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import {
  applyTheme,
  readThemePreference,
  storeThemePreference,
  THEME_PREFERENCES,
  type ThemePreference,
} from '@/lib/theme.ts';

const CHOICES: Record<ThemePreference, { label: string; icon: typeof SunIcon }> = {
  light: { label: 'Light', icon: SunIcon },
  dark: { label: 'Dark', icon: MoonIcon },
  system: { label: 'System', icon: MonitorIcon },
};

/**
 * The top bar's theme menu: light, dark or the system's. The boot script in index.html already set the
 * theme before the first paint (and follows the system while 'System' is chosen); this only changes it.
 */
export function ThemeToggle() {
  const [preference, setPreference] = useState<ThemePreference>(() => readThemePreference());
  const Current = CHOICES[preference].icon;

  const choose = (value: string) => {
    const next = value as ThemePreference;
    storeThemePreference(next);
    applyTheme(next);
    setPreference(next);
  };

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Theme: ${CHOICES[preference].label}`}>
          <Current aria-hidden="true" />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-36 rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
        >
          <DropdownMenu.Label className="px-2 py-1.5 text-xs font-medium text-muted-foreground">
            Theme
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={preference} onValueChange={choose}>
            {THEME_PREFERENCES.map((value) => {
              const { label, icon: Icon } = CHOICES[value];
              return (
                <DropdownMenu.RadioItem
                  key={value}
                  value={value}
                  className="flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none select-none data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground"
                >
                  <Icon className="size-4" aria-hidden="true" />
                  <span className="flex-1">{label}</span>
                  <DropdownMenu.ItemIndicator>
                    <CheckIcon className="size-4" aria-hidden="true" />
                  </DropdownMenu.ItemIndicator>
                </DropdownMenu.RadioItem>
              );
            })}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

import type { LucideIcon } from 'lucide-react';
import { Button, type ButtonProps } from '@/components/ui/button.tsx';

interface IconButtonProps extends Omit<ButtonProps, 'children' | 'size' | 'variant' | 'aria-label'> {
  /** The button's accessible name ("View call Alice → Bob"); the icon alone says nothing to a screen reader. */
  label: string;
  icon: LucideIcon;
}

/** A ghost icon button, as in a row's actions. */
export function IconButton({ label, icon: Icon, ...props }: IconButtonProps) {
  return (
    <Button variant="ghost" size="icon" aria-label={label} {...props}>
      <Icon aria-hidden="true" />
    </Button>
  );
}

import type { Settings } from '@switchboard/contract/settings';
import { Badge } from '@/components/ui/badge.tsx';
import { useRootAdminSettings } from './api.ts';
import { IntegerField, ToggleField } from './settings-fields.tsx';
import { Section } from './settings-section.tsx';

interface RootAdminTabProps {
  section: Settings['root_admin'];
  errors: Record<string, string>;
  onChange<K extends keyof Settings['root_admin']>(field: K, value: Settings['root_admin'][K]): void;
}

/** Registration state from GET /admin_root_admin/settings (root only; others see the form alone). */
export function RootAdminTab({ section, errors, onChange }: RootAdminTabProps) {
  const status = useRootAdminSettings();
  return (
    <Section title="Root Admin">
      <div className="flex flex-wrap items-center gap-3 text-sm sm:col-span-2">
        <span>Registration:</span>
        <Badge variant={status.data?.registration_enabled ? 'default' : 'secondary'}>
          {status.data?.registration_enabled ? 'Enabled' : 'Disabled'}
        </Badge>
        <span>Existing root admins: {status.data?.existing_root_admins ?? 0}</span>
      </div>
      <ToggleField
        id="root-auto-disable"
        label="Auto-disable registration after creation"
        checked={section.auto_disable_after_creation}
        onChange={(v) => onChange('auto_disable_after_creation', v)}
      />
      <ToggleField
        id="root-strong-password"
        label="Require strong password"
        checked={section.require_strong_password}
        onChange={(v) => onChange('require_strong_password', v)}
      />
      <IntegerField
        id="root-max"
        label="Max Root Admins"
        value={section.max_root_admins}
        error={errors['root_admin.max_root_admins']}
        onChange={(v) => onChange('max_root_admins', v)}
      />
    </Section>
  );
}

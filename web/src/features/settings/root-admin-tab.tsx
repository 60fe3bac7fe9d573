import { SETTINGS_MESSAGES, type Settings } from '@switchboard/contract/settings';
import { Badge } from '@/components/ui/badge.tsx';
import { useRootAdminSettings } from './api.ts';
import { SettingsFields } from './settings-fields.tsx';
import { Section } from './settings-section.tsx';
import { ROOT_ADMIN_FIELDS } from './settings-tabs.ts';

interface RootAdminTabProps {
  section: Settings['root_admin'];
  errors: Record<string, string>;
  onChange(field: string, value: unknown): void;
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
      {status.isError && (
        <p className="text-sm text-muted-foreground sm:col-span-2">{SETTINGS_MESSAGES.rootOnly}.</p>
      )}
      <SettingsFields
        section="root_admin"
        fields={ROOT_ADMIN_FIELDS}
        values={section}
        errors={errors}
        onChange={onChange}
      />
    </Section>
  );
}

import {
  SETTINGS_DEFAULTS,
  SETTINGS_MESSAGES,
  SETTINGS_SAVED_MS,
  type Settings,
  settingsEndpoints,
} from '@switchboard/contract/settings';
import { SaveIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { FormAlert } from '@/components/form-alert.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.tsx';
import { ApiRequestError } from '@/lib/api-client.ts';
import { useCan } from '@/lib/permissions.ts';
import { useSaveSettings, useSettings } from './api.ts';
import { FactoryResetTab } from './factory-reset-tab.tsx';
import { RootAdminTab } from './root-admin-tab.tsx';
import { SecurityLogsTab } from './security-logs-tab.tsx';
import { SettingsFields } from './settings-fields.tsx';
import { validateSettings } from './settings-form.ts';
import { Section } from './settings-section.tsx';
import { FIELD_TABS } from './settings-tabs.ts';

const TABS = [
  ...FIELD_TABS.map((t) => [t.value, t.label] as const),
  ['root-admin', 'Root Admin'],
  ['factory-reset', 'Factory Reset'],
  ['security-logs', 'Security Logs'],
] as const;

/** Shown instead of Save Settings to a role that may read the settings but not change them. */
export const READ_ONLY_NOTE = 'Your role can view these settings but not change them.';

/** System Settings: every section in one object, saved together. */
export function SettingsPage() {
  const query = useSettings();
  const save = useSaveSettings();
  const canSave = useCan()(settingsEndpoints.put);
  const [draft, setDraft] = useState<Settings>(SETTINGS_DEFAULTS);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  const [saveFailed, setSaveFailed] = useState<string | null>(null);

  useEffect(() => {
    if (!query.data) return;
    setDraft(query.data);
  }, [query.data]);

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => setSaved(false), SETTINGS_SAVED_MS);
    return () => clearTimeout(timer);
  }, [saved]);

  const set = (section: keyof Settings, field: string, value: unknown) =>
    setDraft((d) => ({ ...d, [section]: { ...d[section], [field]: value } }));

  const onSave = async () => {
    setSaved(false);
    setSaveFailed(null);
    const checked = validateSettings(draft);
    if (!checked.ok) {
      setErrors(checked.errors);
      setSaveFailed(SETTINGS_MESSAGES.saveFailed);
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync(checked.value);
      setSaved(true);
    } catch (error) {
      if (error instanceof ApiRequestError)
        setErrors(Object.fromEntries(error.fieldErrors.map((e) => [e.field, e.message])));
      setSaveFailed(SETTINGS_MESSAGES.saveFailed);
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="System Settings"
        actions={
          canSave ? (
            <Button onClick={onSave} disabled={save.isPending || query.isPending}>
              <SaveIcon aria-hidden="true" />
              {save.isPending ? 'Saving...' : 'Save Settings'}
            </Button>
          ) : undefined
        }
      />
      {canSave ? null : <p className="text-sm text-muted-foreground">{READ_ONLY_NOTE}</p>}
      {query.isError && <FormAlert message={SETTINGS_MESSAGES.fetchFailed} />}
      {saveFailed && <FormAlert message={saveFailed} focusOnMount />}
      {saved && (
        <p
          role="status"
          className="rounded-md border border-success/30 bg-success/10 px-4 py-3 text-sm text-success"
        >
          {SETTINGS_MESSAGES.saved}
        </p>
      )}
      <Tabs defaultValue="general">
        <TabsList aria-label="Settings sections">
          {TABS.map(([value, label]) => (
            <TabsTrigger key={value} value={value}>
              {label}
            </TabsTrigger>
          ))}
        </TabsList>

        {FIELD_TABS.map((t) => (
          <TabsContent key={t.value} value={t.value}>
            <Section title={t.label}>
              <SettingsFields
                section={t.section}
                fields={t.fields}
                values={draft[t.section]}
                errors={errors}
                onChange={(field, value) => set(t.section, field, value)}
              />
            </Section>
          </TabsContent>
        ))}

        <TabsContent value="root-admin">
          <RootAdminTab
            section={draft.root_admin}
            errors={errors}
            onChange={(field, value) => set('root_admin', field, value)}
          />
        </TabsContent>

        <TabsContent value="factory-reset">
          <FactoryResetTab />
        </TabsContent>

        <TabsContent value="security-logs">
          <SecurityLogsTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}

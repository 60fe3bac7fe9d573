import {
  SETTINGS_DEFAULTS,
  SETTINGS_MESSAGES,
  SETTINGS_SAVED_MS,
  type Settings,
  settingsEndpoints,
} from '@switchboard/contract/settings';
import { SaveIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { FormAlert } from '@/components/form-alert.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.tsx';
import { UnsavedChangesPrompt } from '@/components/unsaved-changes-prompt.tsx';
import { ApiRequestError } from '@/lib/api-client.ts';
import { useRefreshAppConfig } from '@/lib/app-config-context.tsx';
import { failureToast } from '@/lib/failure-toast.ts';
import { useCan } from '@/lib/permissions.ts';
import { useTabUrlState } from '@/lib/use-tab-url-state.ts';
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

/** One toast for the outcome of a save: a second save replaces it rather than stacking another. */
const SAVE_TOAST = 'settings-save';

/** Shown instead of Save Settings to a role that may read the settings but not change them. */
export const READ_ONLY_NOTE = 'Your role can view these settings but not change them.';

/** System Settings: every section in one object, saved together. */
export function SettingsPage() {
  const query = useSettings();
  const save = useSaveSettings();
  const canSave = useCan()(settingsEndpoints.put);
  const [tab, setTab] = useTabUrlState(TABS);
  const [draft, setDraft] = useState<Settings>(SETTINGS_DEFAULTS);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const refreshAppConfig = useRefreshAppConfig();
  // Edits not yet saved: leaving the screen asks first.
  const dirty = canSave && query.data !== undefined && JSON.stringify(draft) !== JSON.stringify(query.data);

  useEffect(() => {
    if (!query.data) return;
    setDraft(query.data);
  }, [query.data]);

  const set = (section: keyof Settings, field: string, value: unknown) =>
    setDraft((d) => ({ ...d, [section]: { ...d[section], [field]: value } }));

  // Saved and failed are toasts, as on every other screen; the fields at fault are marked in place.
  const onSave = async () => {
    const checked = validateSettings(draft);
    if (!checked.ok) {
      setErrors(checked.errors);
      toast.error(SETTINGS_MESSAGES.saveFailed, { id: SAVE_TOAST });
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync(checked.value);
      toast.success(SETTINGS_MESSAGES.saved, { id: SAVE_TOAST, duration: SETTINGS_SAVED_MS });
      // The App Name in the brand and the tab title, and the password length the forms hint, from now.
      void refreshAppConfig();
    } catch (error) {
      if (error instanceof ApiRequestError)
        setErrors(Object.fromEntries(error.fieldErrors.map((e) => [e.field, e.message])));
      failureToast(SETTINGS_MESSAGES.saveFailed, error, { id: SAVE_TOAST });
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <UnsavedChangesPrompt when={dirty} />
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
      <Tabs value={tab} onValueChange={(next) => setTab(next as typeof tab)}>
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

import {
  BACKUP_FREQUENCIES,
  ENVIRONMENTS,
  NOTIFICATION_FREQUENCIES,
  SETTINGS_DEFAULTS,
  SETTINGS_MESSAGES,
  SETTINGS_SAVED_MS,
  type Settings,
} from '@switchboard/contract/settings';
import { SaveIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { FormAlert } from '@/components/form-alert.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.tsx';
import { ApiRequestError } from '@/lib/api-client.ts';
import { useSaveSettings, useSettings } from './api.ts';
import { FactoryResetTab } from './factory-reset-tab.tsx';
import { RootAdminTab } from './root-admin-tab.tsx';
import { SecurityLogsTab } from './security-logs-tab.tsx';
import { ChoiceField, IntegerField, TextField, ToggleField } from './settings-fields.tsx';
import { originsFromText, originsToText, validateSettings } from './settings-form.ts';
import { Section } from './settings-section.tsx';

const TABS = [
  ['general', 'General'],
  ['security', 'Security'],
  ['notifications', 'Notifications'],
  ['database', 'Database'],
  ['api', 'API'],
  ['root-admin', 'Root Admin'],
  ['factory-reset', 'Factory Reset'],
  ['security-logs', 'Security Logs'],
] as const;

/** System Settings: every section in one object, saved together. */
export function SettingsPage() {
  const query = useSettings();
  const save = useSaveSettings();
  const [draft, setDraft] = useState<Settings>(SETTINGS_DEFAULTS);
  const [originsText, setOriginsText] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  const [saveFailed, setSaveFailed] = useState<string | null>(null);

  useEffect(() => {
    if (!query.data) return;
    setDraft(query.data);
    setOriginsText(originsToText(query.data.api.cors_origins));
  }, [query.data]);

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => setSaved(false), SETTINGS_SAVED_MS);
    return () => clearTimeout(timer);
  }, [saved]);

  const set = <K extends keyof Settings>(section: K, field: keyof Settings[K], value: unknown) =>
    setDraft((d) => ({ ...d, [section]: { ...d[section], [field]: value } }));
  const err = (path: string) => errors[path];

  const onSave = async () => {
    setSaved(false);
    setSaveFailed(null);
    const checked = validateSettings({
      ...draft,
      api: { ...draft.api, cors_origins: originsFromText(originsText) },
    });
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
          <Button onClick={onSave} disabled={save.isPending || query.isPending}>
            <SaveIcon aria-hidden="true" />
            {save.isPending ? 'Saving...' : 'Save Settings'}
          </Button>
        }
      />
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

        <TabsContent value="general">
          <Section title="General">
            <TextField
              id="app-name"
              label="App Name"
              value={draft.app.name}
              error={err('app.name')}
              onChange={(v) => set('app', 'name', v)}
            />
            <TextField
              id="app-version"
              label="Version"
              value={draft.app.version}
              error={err('app.version')}
              onChange={(v) => set('app', 'version', v)}
            />
            <ChoiceField
              id="app-environment"
              label="Environment"
              value={draft.app.environment}
              options={ENVIRONMENTS}
              onChange={(v) => set('app', 'environment', v)}
            />
            <ToggleField
              id="app-debug"
              label="Debug Mode"
              checked={draft.app.debug_mode}
              onChange={(v) => set('app', 'debug_mode', v)}
            />
            <ToggleField
              id="app-maintenance"
              label="Maintenance Mode"
              checked={draft.app.maintenance_mode}
              onChange={(v) => set('app', 'maintenance_mode', v)}
            />
          </Section>
        </TabsContent>

        <TabsContent value="security">
          <Section title="Security">
            <ToggleField
              id="sec-csrf"
              label="Enable CSRF Protection"
              checked={draft.security.enable_csrf_protection}
              onChange={(v) => set('security', 'enable_csrf_protection', v)}
            />
            <ToggleField
              id="sec-xss"
              label="Enable XSS Protection"
              checked={draft.security.enable_xss_protection}
              onChange={(v) => set('security', 'enable_xss_protection', v)}
            />
            <ToggleField
              id="sec-csp"
              label="Enable Content Security Policy"
              checked={draft.security.enable_content_security_policy}
              onChange={(v) => set('security', 'enable_content_security_policy', v)}
            />
            <IntegerField
              id="sec-session"
              label="Session Timeout (minutes)"
              value={draft.security.session_timeout}
              error={err('security.session_timeout')}
              onChange={(v) => set('security', 'session_timeout', v)}
            />
            <IntegerField
              id="sec-attempts"
              label="Max Login Attempts"
              value={draft.security.max_login_attempts}
              error={err('security.max_login_attempts')}
              onChange={(v) => set('security', 'max_login_attempts', v)}
            />
            <IntegerField
              id="sec-password"
              label="Password Minimum Length"
              value={draft.security.password_min_length}
              error={err('security.password_min_length')}
              onChange={(v) => set('security', 'password_min_length', v)}
            />
          </Section>
        </TabsContent>

        <TabsContent value="notifications">
          <Section title="Notifications">
            <ToggleField
              id="notif-email"
              label="Email Notifications"
              checked={draft.notifications.email_notifications}
              onChange={(v) => set('notifications', 'email_notifications', v)}
            />
            <ToggleField
              id="notif-push"
              label="Push Notifications"
              checked={draft.notifications.push_notifications}
              onChange={(v) => set('notifications', 'push_notifications', v)}
            />
            <ToggleField
              id="notif-sms"
              label="SMS Notifications"
              checked={draft.notifications.sms_notifications}
              onChange={(v) => set('notifications', 'sms_notifications', v)}
            />
            <ChoiceField
              id="notif-frequency"
              label="Notification Frequency"
              value={draft.notifications.notification_frequency}
              options={NOTIFICATION_FREQUENCIES}
              onChange={(v) => set('notifications', 'notification_frequency', v)}
            />
          </Section>
        </TabsContent>

        <TabsContent value="database">
          <Section title="Database">
            <IntegerField
              id="db-pool"
              label="Connection Pool Size"
              value={draft.database.connection_pool_size}
              error={err('database.connection_pool_size')}
              onChange={(v) => set('database', 'connection_pool_size', v)}
            />
            <IntegerField
              id="db-timeout"
              label="Query Timeout (seconds)"
              value={draft.database.query_timeout}
              error={err('database.query_timeout')}
              onChange={(v) => set('database', 'query_timeout', v)}
            />
            <ChoiceField
              id="db-backup-frequency"
              label="Backup Frequency"
              value={draft.database.backup_frequency}
              options={BACKUP_FREQUENCIES}
              onChange={(v) => set('database', 'backup_frequency', v)}
            />
            <ToggleField
              id="db-auto-backup"
              label="Auto Backup"
              checked={draft.database.auto_backup}
              onChange={(v) => set('database', 'auto_backup', v)}
            />
          </Section>
        </TabsContent>

        <TabsContent value="api">
          <Section title="API">
            <ToggleField
              id="api-rate-enabled"
              label="Enable Rate Limiting"
              checked={draft.api.rate_limit_enabled}
              onChange={(v) => set('api', 'rate_limit_enabled', v)}
            />
            <IntegerField
              id="api-rate-requests"
              label="Rate Limit Requests"
              value={draft.api.rate_limit_requests}
              error={err('api.rate_limit_requests')}
              onChange={(v) => set('api', 'rate_limit_requests', v)}
            />
            <IntegerField
              id="api-rate-window"
              label="Rate Limit Window (seconds)"
              value={draft.api.rate_limit_window}
              error={err('api.rate_limit_window')}
              onChange={(v) => set('api', 'rate_limit_window', v)}
            />
            <ToggleField
              id="api-cors-enabled"
              label="Enable CORS"
              checked={draft.api.cors_enabled}
              onChange={(v) => set('api', 'cors_enabled', v)}
            />
            <div className="flex flex-col gap-2">
              <Label htmlFor="api-cors-origins">CORS Origins (one per line)</Label>
              <textarea
                id="api-cors-origins"
                rows={4}
                value={originsText}
                onChange={(e) => setOriginsText(e.target.value)}
                className="rounded-md border border-input bg-card px-3 py-2 text-sm shadow-xs focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              />
              {err('api.cors_origins') && (
                <p className="text-sm text-destructive">{err('api.cors_origins')}</p>
              )}
            </div>
          </Section>
        </TabsContent>

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

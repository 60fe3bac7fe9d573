import { writeFileSync } from 'node:fs';
import {
  SCREEN_SECTIONS,
  SETTINGS_FIELD_NOTES,
  type SettingsFieldNote,
} from '@switchboard/contract/settings-fields';
import { SETTINGS_READERS } from './settings-readers.ts';

export const SETTINGS_DOC_PATH = new URL('../../../../../docs/settings.md', import.meta.url);

const cell = (text: string) => text.replaceAll('|', '\\|');

/** docs/settings.md: every Settings screen field, what it does, and where it takes effect or why it is fixed. */
export function settingsDoc(): string {
  const lines = [
    '# Settings: what each field does',
    '',
    'Generated from `contract/src/settings-fields.ts` (help and fixed reasons) and',
    '`server/src/modules/settings/testing/settings-readers.ts` (where each field is read);',
    '`settings-doc.test.ts` fails when this page differs, or when a field has neither a reader nor a fixed mark.',
    'Regenerate: `cd server && npx tsx src/modules/settings/testing/settings-doc.ts`.',
    '',
  ];
  let count = 0;
  for (const section of SCREEN_SECTIONS) {
    lines.push(`## ${section}`, '', '| field | help | takes effect in / fixed |', '|---|---|---|');
    const readers = SETTINGS_READERS[section];
    for (const [key, note] of Object.entries(SETTINGS_FIELD_NOTES[section]) as [
      string,
      SettingsFieldNote,
    ][]) {
      count += 1;
      const reader = readers[key];
      const where = note.fixed
        ? `**fixed**: ${note.fixed.reason}`
        : reader
          ? `\`server/src/${reader.file}\` (${reader.fn})`
          : '**no effect**';
      lines.push(`| \`${section}.${key}\` | ${cell(note.help)} | ${cell(where)} |`);
    }
    lines.push('');
  }
  lines.push(`${count} fields.`, '');
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) writeFileSync(SETTINGS_DOC_PATH, settingsDoc());

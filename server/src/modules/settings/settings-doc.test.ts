import { readFileSync } from 'node:fs';
import { SETTINGS_DEFAULTS } from '@switchboard/contract/settings';
import { SCREEN_SECTIONS, SETTINGS_FIELD_NOTES } from '@switchboard/contract/settings-fields';
import { describe, expect, it } from 'vitest';
import { SETTINGS_DOC_PATH, settingsDoc } from './testing/settings-doc.ts';
import { SETTINGS_READERS } from './testing/settings-readers.ts';

const SERVER_SRC = new URL('../../', import.meta.url);

/** Every field the Settings screen edits, by section, as the schema holds them. */
const fields = SCREEN_SECTIONS.flatMap((section) =>
  Object.keys(SETTINGS_DEFAULTS[section]).map((key) => ({ section, key })),
);

describe('every Settings field means something', () => {
  it('covers every field of the screen’s sections', () => {
    expect(fields).toHaveLength(43);
    for (const { section, key } of fields)
      expect(SETTINGS_FIELD_NOTES[section], `${section}.${key} has no help`).toHaveProperty(key);
  });

  it.each(fields)(
    '$section.$key is read where docs/settings.md says, or marked fixed',
    ({ section, key }) => {
      const note = (SETTINGS_FIELD_NOTES[section] as Record<string, { help: string; fixed?: unknown }>)[key];
      expect(note?.help.length).toBeGreaterThan(0);
      const reader = SETTINGS_READERS[section][key];
      if (note?.fixed) {
        expect(reader, `${section}.${key} is fixed, yet a reader is listed`).toBeUndefined();
        return;
      }
      expect(reader, `${section}.${key} has no effect and no fixed mark`).toBeDefined();
      const source = readFileSync(new URL(reader?.file ?? '', SERVER_SRC), 'utf8');
      expect(source, `${reader?.file} does not read ${key}`).toMatch(new RegExp(`\\b${key}\\b`));
      for (const fn of reader?.fn.match(/^[A-Za-z]+/) ?? [])
        expect(source).toMatch(new RegExp(`function ${fn}\\b|const ${fn}\\b`));
    },
  );

  it('docs/settings.md is the generated page', () => {
    expect(readFileSync(SETTINGS_DOC_PATH, 'utf8')).toBe(settingsDoc());
  });
});

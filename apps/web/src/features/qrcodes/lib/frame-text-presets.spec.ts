import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { frameTextProblem } from '@qrd/contracts';
import { FRAME_TEXT_PRESETS } from './frame-text-presets';

const CATALOGUES = join(__dirname, '../../../i18n/catalogues/codesCreate');
const LANGUAGES = ['de', 'fr', 'es', 'pt-BR', 'ja', 'ar'];

describe('frame text presets', () => {
  it.each(LANGUAGES)('are texts a frame can print, in %s', (language) => {
    const catalogue = JSON.parse(readFileSync(join(CATALOGUES, `${language}.json`), 'utf8')) as Record<string, string>;
    for (const preset of Object.values(FRAME_TEXT_PRESETS)) {
      const text = catalogue[preset.id];
      expect([preset.id, typeof text]).toEqual([preset.id, 'string']);
      expect([text, frameTextProblem(text)]).toEqual([text, null]);
    }
  });

  it('are in German for a German reader', () => {
    const catalogue = JSON.parse(readFileSync(join(CATALOGUES, 'de.json'), 'utf8')) as Record<string, string>;
    expect(catalogue[FRAME_TEXT_PRESETS.scanMe.id]).toBe('Scan mich');
    for (const preset of Object.values(FRAME_TEXT_PRESETS)) expect(frameTextProblem(preset.defaultMessage as string)).toBeNull();
  });
});

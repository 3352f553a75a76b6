import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import * as contracts from '@qrd/contracts';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { createIntl, createIntlCache, type MessageDescriptor } from 'react-intl';
import ar from './catalogues/server/ar.json';
import de from './catalogues/server/de.json';
import es from './catalogues/server/es.json';
import fr from './catalogues/server/fr.json';
import ja from './catalogues/server/ja.json';
import ptBR from './catalogues/server/pt-BR.json';
import { serverMessages, translateServerMessage } from './server-messages';
import { serverText, setServerTranslator } from './server-text';

const german = createIntl({ locale: 'de', messages: de }, createIntlCache());

/** A message counts as translated when the German differs from the English it came in as. */
function translated(text: string): boolean {
  return translateServerMessage(text, german) !== text;
}

describe('translateServerMessage', () => {
  it('translates a message without variable parts', () => {
    expect(translateServerMessage('Please enter a valid email address', german)).toBe('Bitte geben Sie eine gültige E-Mail-Adresse ein');
    expect(translateServerMessage("Passwords don't match", german)).toBe('Die Passwörter stimmen nicht überein');
  });

  it('carries the values of a variable message over, numbers in the language', () => {
    expect(translateServerMessage('A tag can have at most 32 characters', german)).toBe('Ein Tag darf höchstens 32 Zeichen haben');
    expect(translateServerMessage('The file has 120,000 rows: upload at most 100,000 rows at a time.', german)).toBe(
      'Die Datei hat 120.000 Zeilen: Laden Sie höchstens 100.000 Zeilen auf einmal hoch.',
    );
    expect(translateServerMessage('This invitation is for ana@example.com: sign up with that address', german)).toBe(
      'Diese Einladung gilt für ana@example.com: Registrieren Sie sich mit dieser Adresse',
    );
    expect(translateServerMessage(contracts.ARCHIVE_MESSAGES.notFound(1), german)).toBe(
      'Einer der ausgewählten Codes wurde nicht gefunden: Er wurde möglicherweise gelöscht',
    );
    expect(translateServerMessage(contracts.ARCHIVE_MESSAGES.notFound(3), german)).toBe(
      '3 der ausgewählten Codes wurden nicht gefunden: Sie wurden möglicherweise gelöscht',
    );
  });

  it('translates a nested problem and a field-prefixed one', () => {
    expect(translateServerMessage(contracts.DESIGN_TEMPLATE_MESSAGES.notApplicable('Menu', 'Error correction must be L, M, Q or H'), german)).toBe(
      'Die Vorlage kann nicht auf „Menu“ angewendet werden: Die Fehlerkorrektur muss L, M, Q oder H sein Es wurde nichts geändert.',
    );
    expect(translateServerMessage(`${contracts.CONTENT_MESSAGES.imageType}; this file is EXE`, german)).toBe(
      'Das Bild muss ein PNG, JPEG, WebP oder GIF sein; diese Datei ist vom Typ EXE',
    );
    expect(translateServerMessage('rules.0.destination: URL is required', german)).toBe('rules.0.destination: Bitte geben Sie eine URL ein');
  });

  it('finds every message with variable parts by its pattern, values and all', () => {
    const english = createIntl({ locale: 'en', messages: {} }, createIntlCache());
    const samples: Record<string, string> = { currency: 'EUR', unit: 'mm', role: 'editor' };
    for (const message of Object.values(serverMessages) as MessageDescriptor[]) {
      const values: Record<string, string | number> = {};
      const walk = (elements: MessageFormatElement[]) => {
        for (const element of elements) {
          if (element.type === TYPE.number || element.type === TYPE.plural) values[element.value] = 3;
          else if (element.type === TYPE.select) values[element.value] = Object.keys(element.options)[0];
          else if (element.type === TYPE.argument) values[element.value] = samples[element.value] ?? 'sample-value';
          if ('options' in element) for (const option of Object.values(element.options)) walk(option.value);
        }
      };
      walk(parse(message.defaultMessage as string));
      if (Object.keys(values).length === 0) continue;
      const text = english.formatMessage(message, values);
      expect({ id: message.id, text: translateServerMessage(text, english) }).toEqual({ id: message.id, text });
      expect({ id: message.id, text: translateServerMessage(text, german) }).toEqual({ id: message.id, text: german.formatMessage(message, values) });
    }
  });

  it('gives an unknown text back unchanged, and never throws', () => {
    expect(translateServerMessage('Something nobody wrote', german)).toBe('Something nobody wrote');
    expect(translateServerMessage('', german)).toBe('');
    expect(translateServerMessage('{not valid ICU', german)).toBe('{not valid ICU');
  });

  it('translates with the current language once one is set', () => {
    setServerTranslator(null);
    expect(serverText('URL is required')).toBe('URL is required');
    setServerTranslator((text) => translateServerMessage(text, german));
    expect(serverText('URL is required')).toBe('Bitte geben Sie eine URL ein');
    setServerTranslator(null);
  });
});

const CONTRACTS = join(__dirname, '../../../../libs/contracts/src');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') && !name.endsWith('.spec.ts') ? [path] : [];
  });
}

/** A template literal's text with its `${...}` parts worked out from the contracts' exports. */
function evaluateTemplate(body: string): string {
  const names = Object.keys(contracts).filter((name) => /^[A-Za-z_$][\w$]*$/.test(name));
  const values = names.map((name) => (contracts as Record<string, unknown>)[name]);
  return new Function(...names, `return \`${body}\`;`)(...values) as string;
}

/**
 * Every `message: '...'` (or "...", or `...`) option of a decorator in libs/contracts, and the
 * messages of the checks written inline in a decorator (`(v) => (ok ? null : '...')`, `inRange(1, 100, '...')`).
 */
function decoratorMessages(): string[] {
  const found = new Set<string>();
  const option = /(?:\bmessage:|\?\s*null\s*:|\binRange\([^)']*?,)\s*(?:'((?:\\.|[^'\\])*)'|"((?:\\.|[^"\\])*)"|`((?:\\.|[^`\\])*)`)/g;
  for (const file of sources(CONTRACTS)) {
    for (const match of readFileSync(file, 'utf8').matchAll(option)) {
      if (match[3] !== undefined) found.add(evaluateTemplate(match[3]));
      else found.add((match[1] ?? match[2]).replace(/\\(.)/g, '$1'));
    }
  }
  return [...found];
}

/** Sample arguments for the message tables' functions (a new one needs a sample and a translation). */
const SAMPLES: Record<string, unknown[][]> = {
  'API_KEY_MESSAGES.notForResource': [['webhooks']],
  'ARCHIVE_MESSAGES.printSize': [['mm'], ['in']],
  'ARCHIVE_MESSAGES.notFound': [[1], [4]],
  'BULK_IMPORT_MESSAGES.tooManyRows': [[150000]],
  'BULK_IMPORT_MESSAGES.missingColumn': [['destination']],
  'BULK_IMPORT_MESSAGES.unknownColumn': [['colour']],
  'BULK_IMPORT_MESSAGES.domainUnknown': [['qr.example.com']],
  'BULK_IMPORT_MESSAGES.templateUnknown': [['Spring']],
  'BULK_IMPORT_MESSAGES.duplicateColumn': [['name']],
  'BULK_IMPORT_MESSAGES.tagTooLong': [['a-very-long-tag-that-goes-on-and-on']],
  'BULK_IMPORT_MESSAGES.slugRepeated': [[12]],
  'CONVERSION_MESSAGES.outsideWindow': [[30]],
  'DESIGN_TEMPLATE_MESSAGES.notApplicable': [['Menu', 'The frame must be none, label or border']],
  'DOMAIN_MESSAGES.tooMany': [[5]],
  'DOMAIN_MESSAGES.inUse': [[1], [3]],
  'DOMAIN_MESSAGES.moveBreaksPrints': [['https://qr.example.com/AbC1234']],
  'PRINT_MESSAGES.printSize': [['mm'], ['in']],
  'PRINT_MESSAGES.bleed': [['mm'], ['in']],
};

/** The messages of the contracts' tables (`*_MESSAGES`, `*_MESSAGE`, `UNKNOWN_*`), functions called with their samples. */
function tableMessages(): { name: string; text: string }[] {
  const out: { name: string; text: string }[] = [];
  for (const [table, value] of Object.entries(contracts as Record<string, unknown>)) {
    if (!/_MESSAGES?$|^UNKNOWN_/.test(table)) continue;
    if (typeof value === 'string') out.push({ name: table, text: value });
    else if (value && typeof value === 'object') {
      for (const [key, entry] of Object.entries(value)) {
        const name = `${table}.${key}`;
        if (typeof entry === 'string') out.push({ name, text: entry });
        else if (typeof entry === 'function') {
          const samples = SAMPLES[name];
          if (!samples) out.push({ name, text: `${name} has no sample arguments in this test` });
          else for (const args of samples) out.push({ name, text: (entry as (...a: unknown[]) => string)(...args) });
        }
      }
    }
  }
  return out;
}

describe('every message of the contracts has a translation', () => {
  it('has every server message in every language', () => {
    const ids = Object.values(serverMessages).map((message) => message.id).sort();
    for (const catalogue of [de, fr, es, ptBR, ja, ar]) expect(Object.keys(catalogue).sort()).toEqual(ids);
  });

  it('finds the decorators’ messages', () => {
    expect(decoratorMessages().length).toBeGreaterThan(90);
  });

  it('translates every message option of a class-validator decorator', () => {
    expect(decoratorMessages().filter((text) => !translated(text))).toEqual([]);
  });

  it('translates every message of the contracts’ message tables', () => {
    const tables = tableMessages();
    expect(tables.length).toBeGreaterThan(150);
    expect(tables.filter(({ text }) => !translated(text))).toEqual([]);
  });

  it('translates what the problem checks answer for invalid values', async () => {
    const problems = [
      contracts.folderNameProblem(''),
      contracts.folderNameProblem('x'.repeat(500)),
      contracts.tagsProblem('not a list'),
      contracts.tagsProblem(['ok', '']),
      contracts.tagsProblem(['#!']),
      contracts.destinationProblem('ftp://example.com'),
      contracts.codePasswordProblem('ab'),
      contracts.customSlugProblem('a'),
      contracts.designTemplateNameProblem(''),
      contracts.frameTextProblem(''),
      contracts.gradientProblem({}),
      ...Object.values(
        contracts.campaignProblems(
          {
            passQuery: 'yes',
            expiresAt: 'soon',
            scanLimit: 0,
            rules: [
              { os: ['beos'], device: ['fridge'], country: ['Germany'], language: ['??'], region: [''], city: [{ name: 'Munich', country: 'Bavaria' }] },
              {},
              { time: { zone: 'Europe/Berlin', from: '09:00' } },
              { time: { zone: 'Nowhere' } },
            ],
            split: [{ name: '', destination: 'https://example.com', weight: 0 }],
            schedule: [{ at: 'later', destination: 'https://example.com' }],
          },
          Date.now(),
        ),
      ),
      ...Object.values(contracts.campaignProblems({ rules: [{ city: [{ name: 'Munich', shop: 'x' }] }, { region: ['x'.repeat(200)] }] }, Date.now())),
      ...Object.values(contracts.campaignProblems({ rules: [{ os: ['ios'] }, { os: ['ios'] }] }, Date.now())),
      ...Object.values(contracts.contentProblems({ type: 'wifi', ssid: '', security: 'WPA', password: 'short' })),
      ...Object.values(contracts.contentProblems({ type: 'vcard' })),
      ...Object.values(contracts.contentProblems({ type: 'links', links: [] })),
      ...Object.values(contracts.contentProblems({ type: 'teapot' })),
    ].filter((problem): problem is string => typeof problem === 'string');
    expect(problems.length).toBeGreaterThan(20);
    expect(problems.filter((text) => !translated(text))).toEqual([]);
  });

  it('translates what validateDto answers for invalid forms', async () => {
    const errors = {
      ...(await contracts.validateDto(contracts.RegisterDto, { username: 'a', email: 'nope', password: 'short' })),
      ...(await contracts.validateDto(contracts.LoginDto, {})),
      ...(await contracts.validateDto(contracts.CreateQrCodeDto, { name: '', destination: 'nope', campaign: { rules: 'x' } })),
    };
    expect(Object.keys(errors).length).toBeGreaterThan(3);
    expect(Object.values(errors).filter((text) => !translated(text))).toEqual([]);
  });
});

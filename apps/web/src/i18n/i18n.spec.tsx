import { parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { render, screen, waitFor } from '@testing-library/react';
import { IntlMessageFormat } from 'intl-messageformat';
import { FormattedMessage } from 'react-intl';
import { loadMessages } from './catalogues';
import { I18nProvider } from './i18n-provider';
import { applyToDocument, initialLocale } from './language';
import { pseudoElements, pseudoText } from './pseudo';
import { serverText } from './server-text';

function setLanguages(languages: string[]) {
  Object.defineProperty(window.navigator, 'languages', { value: languages, configurable: true });
}

describe('the language the app opens in', () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  it("is the browser's first language the product speaks, by its primary subtag", () => {
    setLanguages(['de-AT', 'en-US']);
    expect(initialLocale()).toBe('de');
    setLanguages(['sv-SE', 'pt-PT', 'en']);
    expect(initialLocale()).toBe('pt-BR');
  });

  it('is English when the browser speaks none of them or sends nonsense', () => {
    setLanguages(['sv-SE', '', 'x'.repeat(200), '*']);
    expect(initialLocale()).toBe('en');
  });

  it('follows ?lang= (remembered) and then the stored choice over the browser', () => {
    setLanguages(['de']);
    window.history.replaceState(null, '', '/?lang=ar');
    expect(initialLocale()).toBe('ar');
    window.history.replaceState(null, '', '/');
    expect(initialLocale()).toBe('ar');
    window.history.replaceState(null, '', '/?lang=klingon');
    expect(initialLocale()).toBe('ar');
  });

  it('sets the page right to left for Arabic and back', () => {
    applyToDocument('ar');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    applyToDocument('fr');
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
  });
});

describe('messages', () => {
  it("shows the catalogue's translation, and the English text where a catalogue has none", () => {
    render(
      <I18nProvider initial={{ locale: 'de', messages: { 'test.greeting': 'Hallo {name}' } }}>
        <p>
          <FormattedMessage id="test.greeting" defaultMessage="Hello {name}" values={{ name: 'Ada' }} />
        </p>
        <p>
          <FormattedMessage id="test.missing" defaultMessage="Only in English" />
        </p>
      </I18nProvider>,
    );
    expect(screen.getByText('Hallo Ada')).toBeInTheDocument();
    expect(screen.getByText('Only in English')).toBeInTheDocument();
  });
});

describe("the server's messages", () => {
  it('are shown in the language of the app once its translations have loaded, and as written in English', async () => {
    const german = render(<I18nProvider initial={{ locale: 'de', messages: await loadMessages('de') }}>{null}</I18nProvider>);
    await waitFor(() => expect(serverText('URL is required')).toBe('Bitte geben Sie eine URL ein'));
    expect(serverText('Something nobody wrote')).toBe('Something nobody wrote');
    german.unmount();
    render(<I18nProvider initial={{ locale: 'en', messages: {} }}>{null}</I18nProvider>);
    await waitFor(() => expect(serverText('URL is required')).toBe('URL is required'));
  });
});

describe('the pseudo-language', () => {
  it('accents and lengthens the text but keeps placeholders, plurals and tags working', () => {
    const ast = pseudoElements(parse('Hello {name}, <b>{count, plural, one {# code} other {# codes}}</b>'));
    const text = new IntlMessageFormat(ast, 'en').format({ name: 'Ada', count: 2, b: (chunks: unknown) => chunks });
    const joined = Array.isArray(text) ? text.join('') : String(text);
    expect(joined).toContain('Ada');
    expect(joined).toContain('2 çóðéš··');
    expect(joined).toMatch(/^Ĥéĺĺó/);
    expect(joined).not.toMatch(/Hello|codes/);
    expect(ast.some((element) => element.type === TYPE.tag)).toBe(true);
  });

  it('makes each word about 40 % longer, so lines still break between words', () => {
    expect(pseudoText('Save changes')).toBe('Šáṽé·· çĥáñĝéš···');
    expect(pseudoText('42 / 7')).toBe('42 / 7');
  });
});

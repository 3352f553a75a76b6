import { LANGUAGES } from '@qrd/contracts';
import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { IntlProvider } from 'react-intl';
import { aBillingConfig } from '../../../testing/fixtures';
import { installFetchStub, ok } from '../../../testing/fetch-stub';
import { renderWithApp } from '../../../testing/render';
import { AboutContent } from './about-content';
import { PrivacyContent } from './privacy-content';
import { TermsContent } from './terms-content';

const PAGES: [string, () => ReactElement, string][] = [
  ['About', () => <AboutContent />, 'site.about.title'],
  ['Privacy Policy', () => <PrivacyContent />, 'site.privacy.title'],
  ['Terms of Service', () => <TermsContent />, 'site.terms.title'],
];

/** The site area's catalogue of a language (English has none: its text is in the code). */
function catalogue(language: string): Record<string, string> {
  return language === 'en' ? {} : (jest.requireActual(`../../../i18n/catalogues/site/${language}.json`) as Record<string, string>);
}

describe('the footer pages', () => {
  describe.each(PAGES)('%s', (_name, page, titleId) => {
    it.each(LANGUAGES)('is written whole in %s', async (language) => {
      installFetchStub().on('GET /api/config', ok(aBillingConfig()));
      const messages = catalogue(language);
      const errors: string[] = [];
      renderWithApp(
        <IntlProvider locale={language} defaultLocale="en" messages={messages} onError={(error) => errors.push(error.message)}>
          {page()}
        </IntlProvider>,
      );

      const heading = await screen.findByRole('heading', { level: 1 });
      if (language !== 'en') expect(heading).toHaveTextContent(messages[titleId]);
      // Every message of this area on the page is in the catalogue and formats (placeholders, tags, values).
      expect(errors.filter((message) => message.includes('"site.'))).toEqual([]);
      expect(document.body.textContent).not.toContain('{');
    });
  });
});

import { Languages } from 'lucide-react';
import { FormattedMessage } from 'react-intl';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { LanguageSwitcher } from '../../../i18n/language-switcher';

/** The account's language: the app's, at once, and the one its mail is written in (stored on the account). */
export function LanguageCard() {
  return (
    <Card role="region" aria-labelledby="language-title">
      <CardHeader>
        <CardTitle as="h2" id="language-title" className="flex items-center gap-2">
          <Languages className="size-5" aria-hidden="true" />
          <FormattedMessage id="account.language.title" defaultMessage="Language" />
        </CardTitle>
        <CardDescription>
          <FormattedMessage
            id="account.language.description"
            defaultMessage="The language this app is shown in. It is also the language of the emails we send to your account."
          />
        </CardDescription>
      </CardHeader>
      <CardContent>
        <LanguageSwitcher />
      </CardContent>
    </Card>
  );
}

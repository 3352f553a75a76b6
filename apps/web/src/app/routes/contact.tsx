import { FormattedMessage, useIntl } from 'react-intl';
import { ContactForm } from '../../features/marketing/components/contact-form';
import { usePageTitle } from '../../hooks/use-page-title';

export default function ContactRoute() {
  const intl = useIntl();
  usePageTitle(
    intl.formatMessage({ id: 'site.contact.pageTitle', defaultMessage: 'Contact' }),
    intl.formatMessage({
      id: 'site.contact.pageDescription',
      defaultMessage: 'Questions about QR Dynamic, billing or a code? Send us a message and a person will answer by email.',
    }),
  );
  return (
    <div className="mx-auto grid max-w-3xl gap-8 px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
      <header>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">
          <FormattedMessage id="site.contact.title" defaultMessage="Contact us" />
        </h1>
        <p className="mt-4 text-lg text-muted-foreground text-pretty">
          <FormattedMessage
            id="site.contact.intro"
            defaultMessage="Questions about your codes, billing or anything else? Write to us and a person will answer by email."
          />
        </p>
      </header>
      <ContactForm />
    </div>
  );
}

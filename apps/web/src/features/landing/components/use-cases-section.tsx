import {
  Building2,
  CalendarCheck,
  ClipboardList,
  GraduationCap,
  IdCard,
  Megaphone,
  MessageSquareText,
  Package,
  Share2,
  UtensilsCrossed,
  Wifi,
} from 'lucide-react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../lib/paths';
import { SectionHeading } from './section-heading';

const messages = defineMessages<string>({
  menusTitle: { id: 'billing.landing.useCases.menusTitle', defaultMessage: 'Restaurant menus' },
  menusText: { id: 'billing.landing.useCases.menusText', defaultMessage: 'Swap in the new menu without reprinting table cards.' },
  cardsTitle: { id: 'billing.landing.useCases.cardsTitle', defaultMessage: 'Business cards' },
  cardsText: { id: 'billing.landing.useCases.cardsText', defaultMessage: 'Point to your latest profile or portfolio.' },
  eventsTitle: { id: 'billing.landing.useCases.eventsTitle', defaultMessage: 'Event registration' },
  eventsText: { id: 'billing.landing.useCases.eventsText', defaultMessage: 'Send guests to sign-up, then to the schedule.' },
  productsTitle: { id: 'billing.landing.useCases.productsTitle', defaultMessage: 'Product information' },
  productsText: { id: 'billing.landing.useCases.productsText', defaultMessage: 'Manuals, ingredients and videos on the box.' },
  realEstateTitle: { id: 'billing.landing.useCases.realEstateTitle', defaultMessage: 'Real estate' },
  realEstateText: { id: 'billing.landing.useCases.realEstateText', defaultMessage: 'A sign that links to the current listing.' },
  marketingTitle: { id: 'billing.landing.useCases.marketingTitle', defaultMessage: 'Marketing campaigns' },
  marketingText: { id: 'billing.landing.useCases.marketingText', defaultMessage: 'Change the landing page as the campaign moves on.' },
  educationTitle: { id: 'billing.landing.useCases.educationTitle', defaultMessage: 'Education' },
  educationText: { id: 'billing.landing.useCases.educationText', defaultMessage: 'Course material on handouts and posters.' },
  wifiTitle: { id: 'billing.landing.useCases.wifiTitle', defaultMessage: 'Wi-Fi access' },
  wifiText: { id: 'billing.landing.useCases.wifiText', defaultMessage: 'Guests open your network details in one scan.' },
  socialTitle: { id: 'billing.landing.useCases.socialTitle', defaultMessage: 'Social profiles' },
  socialText: { id: 'billing.landing.useCases.socialText', defaultMessage: 'Grow followers from flyers and packaging.' },
  feedbackTitle: { id: 'billing.landing.useCases.feedbackTitle', defaultMessage: 'Feedback surveys' },
  feedbackText: { id: 'billing.landing.useCases.feedbackText', defaultMessage: 'Collect reviews right where the experience happens.' },
});

/** Spec section 1's use cases. */
const USE_CASES = [
  { key: 'menus', title: messages.menusTitle, text: messages.menusText, Icon: UtensilsCrossed },
  { key: 'cards', title: messages.cardsTitle, text: messages.cardsText, Icon: IdCard },
  { key: 'events', title: messages.eventsTitle, text: messages.eventsText, Icon: CalendarCheck },
  { key: 'products', title: messages.productsTitle, text: messages.productsText, Icon: Package },
  { key: 'realEstate', title: messages.realEstateTitle, text: messages.realEstateText, Icon: Building2 },
  { key: 'marketing', title: messages.marketingTitle, text: messages.marketingText, Icon: Megaphone },
  { key: 'education', title: messages.educationTitle, text: messages.educationText, Icon: GraduationCap },
  { key: 'wifi', title: messages.wifiTitle, text: messages.wifiText, Icon: Wifi },
  { key: 'social', title: messages.socialTitle, text: messages.socialText, Icon: Share2 },
  { key: 'feedback', title: messages.feedbackTitle, text: messages.feedbackText, Icon: MessageSquareText },
] as const;

export function UseCasesSection() {
  const intl = useIntl();
  return (
    <section aria-labelledby="use-cases-title" className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
      <SectionHeading
        id="use-cases-title"
        eyebrow={intl.formatMessage({ id: 'billing.landing.useCases.eyebrow', defaultMessage: 'Use cases' })}
        title={intl.formatMessage({ id: 'billing.landing.useCases.title', defaultMessage: 'One code, printed once, useful for years' })}
        text={intl.formatMessage({
          id: 'billing.landing.useCases.text',
          defaultMessage: 'Wherever you print a QR code, a dynamic one lets you change what it opens later.',
        })}
      />
      <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        {USE_CASES.map(({ key, title, text, Icon }) => (
          <li key={key} className="rounded-xl border bg-card p-5">
            <Icon className="size-6 text-primary" aria-hidden="true" />
            <h3 className="mt-3 font-semibold">{intl.formatMessage(title)}</h3>
            <p className="mt-1 text-sm text-muted-foreground">{intl.formatMessage(text)}</p>
          </li>
        ))}
      </ul>
      <div className="mt-10 flex justify-center">
        <Button asChild size="lg">
          <Link to={paths.auth}>
            <ClipboardList aria-hidden="true" /> <FormattedMessage id="billing.landing.useCases.cta" defaultMessage="Create Your QR Code Now" />
          </Link>
        </Button>
      </div>
    </section>
  );
}

import type { PublicPage, VCardContent } from '@qrd/contracts';
import { Building2, Globe, Mail, MapPin, Phone, UserPlus } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../../components/ui/button';

/** A contact card: the person's details, each one tappable, and "Add to contacts" (a vCard file). */
export function ContactCardPage({ page, card }: { page: PublicPage; card: VCardContent }) {
  const intl = useIntl();
  const name =
    [card.firstName, card.lastName].filter(Boolean).join(' ') ||
    card.company ||
    intl.formatMessage({ id: 'site.contactCard.fallbackName', defaultMessage: 'Contact' });
  const photo = card.photoFileId ? page.files[card.photoFileId] : undefined;
  const address = card.address ? [card.address.street, [card.address.postcode, card.address.city].filter(Boolean).join(' '), card.address.region, card.address.country].filter(Boolean) : [];
  const row = 'flex min-w-0 items-start gap-3 rounded-md px-2 py-2 hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring/40 focus-visible:outline-none';
  return (
    <article className="grid gap-6">
      <header className="grid justify-items-center gap-3 text-center">
        {photo && <img src={photo.url} alt={intl.formatMessage({ id: 'site.contactCard.photo', defaultMessage: 'Photo of {name}' }, { name })} className="size-28 rounded-full object-cover" />}
        <h1 className="text-2xl font-bold break-words">{name}</h1>
        {(card.title || card.company) && (
          <p className="flex items-center gap-2 text-muted-foreground">
            <Building2 className="size-4 shrink-0" aria-hidden="true" />
            <span className="break-words">{[card.title, card.company].filter(Boolean).join(', ')}</span>
          </p>
        )}
      </header>
      {page.vcardUrl && (
        <Button asChild size="lg" className="w-full">
          <a href={page.vcardUrl} download>
            <UserPlus aria-hidden="true" /> <FormattedMessage id="site.contactCard.add" defaultMessage="Add to contacts" />
          </a>
        </Button>
      )}
      <ul className="grid gap-1" aria-label={intl.formatMessage({ id: 'site.contactCard.details', defaultMessage: 'Contact details' })}>
        {card.phones.map((phone, i) => (
          <li key={`tel-${i}`}>
            <a className={row} href={`tel:${phone.number.replace(/[^+\d]/g, '')}`}>
              <Phone className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span className="grid min-w-0">
                <span className="break-words">{phone.number}</span>
                {phone.label && <span className="text-xs text-muted-foreground">{phone.label}</span>}
              </span>
            </a>
          </li>
        ))}
        {card.emails.map((email) => (
          <li key={email}>
            <a className={row} href={`mailto:${email}`}>
              <Mail className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span className="min-w-0 break-all">{email}</span>
            </a>
          </li>
        ))}
        {card.website && (
          <li>
            <a className={row} href={card.website} rel="noopener noreferrer nofollow">
              <Globe className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span className="min-w-0 break-all">{card.website.replace(/^https?:\/\//, '')}</span>
            </a>
          </li>
        )}
        {address.length > 0 && (
          <li className={row}>
            <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <address className="min-w-0 break-words not-italic">{address.join(', ')}</address>
          </li>
        )}
      </ul>
      {card.note && <p className="whitespace-pre-line break-words text-muted-foreground">{card.note}</p>}
    </article>
  );
}

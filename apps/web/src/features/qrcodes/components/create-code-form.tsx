import { CreateQrCodeDto, QR_CATEGORIES, type CodeContent, type ContentFileView, type QrCategory, type SubscriptionView } from '@qrd/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { toast } from '../../../hooks/use-toast';
import { getErrorMessage, getFieldErrors } from '../../../lib/api-client';
import { useCan } from '../../../lib/auth';
import { useDtoForm } from '../../../lib/form';
import { paths } from '../../../lib/paths';
import { usePaymentAuthentication } from '../../billing';
import { useVerifiedDomains } from '../../domains';
import { usePurchaseSeat } from '../api/purchase';
import { slugAvailabilityQuery, useCreateQrCode } from '../api/qr-codes';
import { PurchaseDialog } from './purchase-dialog';
import { categoryLabel } from '../lib/code-list';
import { CodeKindPicker } from './code-kind-picker';
import { ContentEditor } from './content-editor';
import { contentToSend, draftProblems, emptyContent, type CodeKind } from '../lib/content-draft';

interface CreateCodeFormProps {
  subscription: SubscriptionView;
  codesInUse: number;
}

type Draft = { name: string; destinationUrl?: string; content?: CodeContent; category?: QrCategory; slug?: string; domainId?: string };

/** Problems of a content, by field path inside it, out of the server's field errors. */
function contentFieldErrors(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).filter(([key]) => key.startsWith('content.')).map(([key, message]) => [key.slice('content.'.length), message]));
}

const EXAMPLE_DESTINATION = 'https://example.com/menu';

/** The link a new code gets: https://{domain}/{slug} on a custom domain, {this site}/r/{slug} on the default host. */
function shortLinkPreview(host: string | null, slug: string): string {
  const ending = slug || '…';
  return host ? `https://${host}/${ending}` : `${window.location.origin}/r/${ending}`;
}

const selectClass =
  'h-10 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs focus-visible:ring-2 focus-visible:ring-ring/40 focus-visible:outline-none';

/** Name, destination and category; a second code first buys its seat (spec section 4). */
export function CreateCodeForm({ subscription, codesInUse }: CreateCodeFormProps) {
  const intl = useIntl();
  const navigate = useNavigate();
  const create = useCreateQrCode();
  const purchase = usePurchaseSeat();
  const payment = usePaymentAuthentication();
  const [category, setCategory] = useState<QrCategory | ''>('');
  const [pending, setPending] = useState<Draft | null>(null);
  const [slug, setSlug] = useState('');
  const [kind, setKind] = useState<CodeKind>('website');
  const [content, setContent] = useState<CodeContent | null>(null);
  const [files, setFiles] = useState<Record<string, ContentFileView>>({});
  const [attempted, setAttempted] = useState(false);
  const [serverContentErrors, setServerContentErrors] = useState<Record<string, string>>({});
  const chooseKind = (next: CodeKind) => {
    setKind(next);
    setContent(next === 'website' ? null : emptyContent(next, intl.formatMessage({ id: 'codesCreate.form.defaultPhoneLabel', defaultMessage: 'mobile' })));
    setAttempted(false);
    setServerContentErrors({});
  };
  const changeContent = (next: CodeContent) => {
    setContent(next);
    setServerContentErrors({});
  };
  const contentErrors = content ? { ...serverContentErrors, ...(attempted ? draftProblems(content) : {}) } : {};
  // The workspace's verified custom domains, asked by members who create codes; with none, no choice is shown.
  const mayReadDomains = useCan('codes.write');
  const domains = useVerifiedDomains(mayReadDomains);
  const [domainId, setDomainId] = useState('');
  // Hosted pages (contact cards, link lists, files, Wi-Fi) always use the default host.
  const domain = content ? undefined : domains.find((candidate) => candidate.id === domainId);
  const chosenDomain = domain ? { domainId: domain.id } : {};
  // Asked once typing pauses, not on every key, in the namespace of the domain chosen.
  const askedSlug = useDebouncedValue(slug.trim(), 400, { initial: '' });
  const availability = useQuery(slugAvailabilityQuery(askedSlug, domain?.id ?? ''));
  // A free seat (one bought but unused) is simply taken; otherwise one more is bought first.
  const needsSeat = codesInUse >= 1 && subscription.seats <= subscription.seatsUsed;

  /** Only one toast shows at a time: after a purchase, its confirmation is the one worth reading. */
  const createCode = async (draft: Draft, { purchased = false } = {}) => {
    try {
      const code = await create.mutateAsync(draft);
      if (purchased) {
        toast({
          title: intl.formatMessage({ id: 'codesCreate.form.purchasedTitle', defaultMessage: 'QR Code Purchase Confirmed' }),
          description: intl.formatMessage({ id: 'codesCreate.form.purchasedDescription', defaultMessage: 'Your new QR code has been added to your monthly subscription.' }),
        });
      } else {
        toast({
          title: intl.formatMessage({ id: 'codesCreate.form.createdTitle', defaultMessage: 'QR Code Created' }),
          description: intl.formatMessage({ id: 'codesCreate.form.createdDescription', defaultMessage: 'QR Code Created Successfully' }),
        });
      }
      navigate(paths.editQr(code.id), { state: { created: true } });
    } catch (error) {
      form.setErrorsFromResponse(error);
      setServerContentErrors(contentFieldErrors(getFieldErrors(error)));
      toast({
        variant: 'destructive',
        title: intl.formatMessage({ id: 'codesCreate.form.createErrorTitle', defaultMessage: 'Error Creating QR Code' }),
        description: getErrorMessage(error, intl.formatMessage({ id: 'codesCreate.form.createErrorFallback', defaultMessage: 'Something went wrong while creating your QR code.' })),
      });
    }
  };

  const form = useDtoForm(
    CreateQrCodeDto,
    { name: '', destinationUrl: '' },
    {
      idPrefix: 'create-',
      extra: () => ({
        ...(category ? { category } : {}),
        ...(slug.trim() ? { slug: slug.trim() } : {}),
        ...chosenDomain,
        // A hosted page has no web address of its own.
        ...(content ? { destinationUrl: undefined, content: contentToSend(content) } : {}),
      }),
      onSubmit: async (values) => {
        const draft: Draft = {
          name: values.name.trim(),
          ...(content ? { content: contentToSend(content) } : { destinationUrl: values.destinationUrl.trim() }),
          ...(category ? { category } : {}),
          ...(slug.trim() ? { slug: slug.trim() } : {}),
          ...chosenDomain,
        };
        if (needsSeat) setPending(draft);
        else await createCode(draft);
      },
    },
  );

  const confirmPurchase = async () => {
    if (!pending) return;
    const draft = pending;
    try {
      const price = subscription.unitAmountCents === null ? undefined : subscription.unitAmountCents / 100;
      let result = await purchase.mutateAsync({ name: draft.name, price });
      if (result.authentication) {
        // The bank asks the customer to confirm the payment (3-D Secure); the seat is added once they do.
        setPending(null);
        const answered = await payment.authenticate(result.authentication.clientSecret);
        if (!answered.ok) {
          toast({ variant: 'destructive', title: intl.formatMessage({ id: 'codesCreate.form.paymentFailedTitle', defaultMessage: 'Payment Failed' }), description: answered.message });
          return;
        }
        result = await purchase.mutateAsync({ name: draft.name, price });
        if (result.authentication) {
          toast({
            variant: 'destructive',
            title: intl.formatMessage({ id: 'codesCreate.form.paymentFailedTitle', defaultMessage: 'Payment Failed' }),
            description: intl.formatMessage({ id: 'codesCreate.form.paymentNotConfirmed', defaultMessage: 'Your bank has not confirmed the payment yet. Please try again.' }),
          });
          return;
        }
      }
    } catch (error) {
      setPending(null);
      toast({
        variant: 'destructive',
        title: intl.formatMessage({ id: 'codesCreate.form.paymentErrorTitle', defaultMessage: 'Payment Processing Error' }),
        description: getErrorMessage(error, intl.formatMessage({ id: 'codesCreate.form.paymentErrorFallback', defaultMessage: 'There was an issue processing your payment. Please try again.' })),
      });
      return;
    }
    setPending(null);
    await createCode(draft, { purchased: true });
  };

  const busy = form.isSubmitting || create.isPending;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        setAttempted(true);
        return form.handleSubmit(event);
      }}
      className="grid min-w-0 gap-5"
    >
      <CodeKindPicker value={kind} onChange={chooseKind} />
      <FormField
        id={form.fieldId('name')}
        label={intl.formatMessage({ id: 'codesCreate.form.nameLabel', defaultMessage: 'Name' })}
        error={form.errors.name}
        hint={intl.formatMessage({ id: 'codesCreate.form.nameHint', defaultMessage: 'For you only, e.g. “Table menu” (at most {max, number} characters).' }, { max: 100 })}
      >
        <Input {...form.inputProps('name')} maxLength={120} autoComplete="off" />
      </FormField>
      {content ? (
        <ContentEditor
          value={content}
          onChange={changeContent}
          errors={contentErrors}
          files={files}
          onFile={(file) => setFiles((known) => ({ ...known, [file.id]: file }))}
          idPrefix="create-"
        />
      ) : (
        <FormField
          id={form.fieldId('destinationUrl')}
          label={intl.formatMessage({ id: 'codesCreate.form.destinationLabel', defaultMessage: 'Destination URL' })}
          error={form.errors.destinationUrl}
          hint={intl.formatMessage({ id: 'codesCreate.form.destinationHint', defaultMessage: 'Where scans go. You can change it any time without reprinting.' })}
        >
          <Input {...form.inputProps('destinationUrl')} type="url" inputMode="url" placeholder={EXAMPLE_DESTINATION} autoComplete="url" />
        </FormField>
      )}
      <FormField id="create-category" label={intl.formatMessage({ id: 'codesCreate.form.categoryLabel', defaultMessage: 'Category (optional)' })} error={form.errors.category}>
        <select id="create-category" value={category} onChange={(event) => setCategory(event.target.value as QrCategory | '')} className={selectClass}>
          <option value="">{intl.formatMessage({ id: 'codesCreate.form.categoryNone', defaultMessage: 'None' })}</option>
          {QR_CATEGORIES.map((value) => (
            <option key={value} value={value}>
              {categoryLabel(intl, value)}
            </option>
          ))}
        </select>
      </FormField>
      {domains.length > 0 && (
        <FormField
          id="create-domain"
          label={intl.formatMessage({ id: 'codesCreate.form.domainLabel', defaultMessage: 'Domain' })}
          error={form.errors.domainId}
          hint={
            content
              ? intl.formatMessage({
                  id: 'codesCreate.form.pagesOnDefaultHost',
                  defaultMessage: 'Pages we host (contact cards, link lists, files, Wi-Fi) use the default domain: choose it for this code',
                })
              : intl.formatMessage({ id: 'codesCreate.form.shortLinkPreview', defaultMessage: 'Your short link: {link}' }, { link: shortLinkPreview(domain?.unicodeHostname ?? null, slug.trim()) })
          }
        >
          <select
            id="create-domain"
            value={domain?.id ?? ''}
            onChange={(event) => setDomainId(event.target.value)}
            disabled={content !== null}
            aria-describedby={form.errors.domainId ? 'create-domain-error' : 'create-domain-hint'}
            className={selectClass}
          >
            <option value="">{intl.formatMessage({ id: 'codesCreate.form.defaultDomain', defaultMessage: '{host} (default)' }, { host: window.location.host })}</option>
            {domains.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.unicodeHostname}
              </option>
            ))}
          </select>
        </FormField>
      )}
      <FormField
        id="create-slug"
        label={intl.formatMessage({ id: 'codesCreate.form.slugLabel', defaultMessage: 'Custom short link (optional)' })}
        error={form.errors.slug ?? (availability.data && !availability.data.available && askedSlug === slug.trim() ? availability.data.reason : undefined)}
        hint={
          availability.data?.available && askedSlug === slug.trim()
            ? intl.formatMessage(
                { id: 'codesCreate.form.slugAvailable', defaultMessage: '{slug} is available. It can never change once the code is printed.' },
                { slug: availability.data.slug },
              )
            : domain && slug.trim()
              ? intl.formatMessage(
                  { id: 'codesCreate.form.slugCheckedOn', defaultMessage: 'Checked on {host} when the code is created. It can never change once the code is printed.' },
                  { host: domain.unicodeHostname },
                )
              : intl.formatMessage(
                  { id: 'codesCreate.form.slugHint', defaultMessage: 'Leave empty for a short random one. {min, number} to {max, number} letters, digits, - or _.' },
                  { min: 4, max: 32 },
                )
        }
      >
        <Input id="create-slug" value={slug} onChange={(event) => setSlug(event.target.value)} maxLength={32} autoComplete="off" spellCheck={false} />
      </FormField>
      <p className="text-sm text-muted-foreground">
        <FormattedMessage
          id="codesCreate.form.designLater"
          defaultMessage="Your code starts as a black and white QR image; change its colours, style and logo after creating it."
        />
      </p>
      <Button type="submit" disabled={busy} className="justify-self-start">
        {busy && <Spinner />}
        {busy ? (
          <FormattedMessage id="codesCreate.form.creating" defaultMessage="Creating..." />
        ) : (
          <FormattedMessage id="codesCreate.form.submit" defaultMessage="Create QR Code" />
        )}
      </Button>
      <PurchaseDialog
        open={pending !== null}
        codesInUse={codesInUse}
        unitAmountCents={subscription.unitAmountCents ?? 0}
        currency={subscription.currency ?? undefined}
        interval={subscription.interval ?? 'monthly'}
        busy={purchase.isPending || create.isPending}
        onConfirm={() => void confirmPurchase()}
        onCancel={() => setPending(null)}
      />
      {payment.dialog}
    </form>
  );
}

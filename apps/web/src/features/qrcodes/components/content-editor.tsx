import { CONTENT_MAX_EMAILS, CONTENT_MAX_LINKS, CONTENT_MAX_PHONES, WIFI_SECURITY, type CodeContent, type ContentFileView } from '@qrd/contracts';
import { Plus, Trash2 } from 'lucide-react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { CONTENT_FILE_MAX_MB } from '../lib/content-draft';
import { ContentFileInput } from './content-file-input';

export interface ContentEditorProps {
  value: CodeContent;
  onChange: (next: CodeContent) => void;
  /** Problems by field path inside the content ("phones.0.number"). */
  errors: Record<string, string>;
  /** What the server knows of the files the content names. */
  files: Record<string, ContentFileView>;
  onFile: (file: ContentFileView) => void;
  idPrefix: string;
}

const selectClass =
  'h-10 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs focus-visible:ring-2 focus-visible:ring-ring/40 focus-visible:outline-none';

const SECURITY_LABELS = defineMessages({
  WPA: { id: 'codesCreate.content.security.wpa', defaultMessage: 'WPA/WPA2/WPA3' },
  WEP: { id: 'codesCreate.content.security.wep', defaultMessage: 'WEP' },
  nopass: { id: 'codesCreate.content.security.none', defaultMessage: 'None (open network)' },
}) satisfies Record<(typeof WIFI_SECURITY)[number], unknown>;

const EXAMPLE_WEBSITE = 'https://example.com';
const URL_START = 'https://';

/** The fields of a hosted page: a contact card, a link list, a file or a Wi-Fi network. */
export function ContentEditor(props: ContentEditorProps) {
  const { value } = props;
  if (value.type === 'vcard') return <VCardFields {...props} value={value} />;
  if (value.type === 'links') return <LinkFields {...props} value={value} />;
  if (value.type === 'file') return <FileFields {...props} value={value} />;
  return <WifiFields {...props} value={value} />;
}

/** A text input bound to one field of the content. */
function TextField({ id, label, value, error, onChange, ...rest }: { id: string; label: string; value: string | undefined; error?: string; onChange: (v: string) => void } & Omit<React.ComponentProps<'input'>, 'value' | 'onChange' | 'id'>) {
  return (
    <FormField id={id} label={label} error={error}>
      <Input id={id} value={value ?? ''} onChange={(event) => onChange(event.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...rest} />
    </FormField>
  );
}

function VCardFields({ value, onChange, errors, files, onFile, idPrefix }: ContentEditorProps & { value: Extract<CodeContent, { type: 'vcard' }> }) {
  const set = (patch: Partial<typeof value>) => onChange({ ...value, ...patch });
  const id = (name: string) => `${idPrefix}content-${name}`;
  const address = value.address ?? {};
  const intl = useIntl();
  return (
    <fieldset className="grid min-w-0 gap-4">
      <legend className="mb-2 font-medium">
        <FormattedMessage id="codesCreate.content.vcard.legend" defaultMessage="Contact card" />
      </legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id={id('firstName')} label={intl.formatMessage({ id: 'codesCreate.content.vcard.firstName', defaultMessage: 'First name' })} value={value.firstName} error={errors.firstName} onChange={(v) => set({ firstName: v })} autoComplete="given-name" />
        <TextField id={id('lastName')} label={intl.formatMessage({ id: 'codesCreate.content.vcard.lastName', defaultMessage: 'Last name' })} value={value.lastName} error={errors.lastName} onChange={(v) => set({ lastName: v })} autoComplete="family-name" />
        <TextField id={id('company')} label={intl.formatMessage({ id: 'codesCreate.content.vcard.company', defaultMessage: 'Company (optional)' })} value={value.company} error={errors.company} onChange={(v) => set({ company: v })} autoComplete="organization" />
        <TextField id={id('title')} label={intl.formatMessage({ id: 'codesCreate.content.vcard.jobTitle', defaultMessage: 'Job title (optional)' })} value={value.title} error={errors.title} onChange={(v) => set({ title: v })} autoComplete="organization-title" />
      </div>
      {value.phones.map((phone, i) => (
        <div key={i} className="grid grid-cols-[minmax(0,1fr)_minmax(0,2fr)_auto] items-end gap-2">
          <TextField id={id(`phones-${i}-label`)} label={intl.formatMessage({ id: 'codesCreate.content.vcard.phoneLabel', defaultMessage: 'Label' })} value={phone.label} error={errors[`phones.${i}.label`]} onChange={(v) => set({ phones: value.phones.map((p, j) => (j === i ? { ...p, label: v } : p)) })} />
          <TextField id={id(`phones-${i}-number`)} label={intl.formatMessage({ id: 'codesCreate.content.vcard.phone', defaultMessage: 'Phone {number, number}' }, { number: i + 1 })} type="tel" value={phone.number} error={errors[`phones.${i}.number`]} onChange={(v) => set({ phones: value.phones.map((p, j) => (j === i ? { ...p, number: v } : p)) })} />
          <Button type="button" variant="ghost" size="icon" aria-label={intl.formatMessage({ id: 'codesCreate.content.vcard.removePhone', defaultMessage: 'Remove phone {number, number}' }, { number: i + 1 })} onClick={() => set({ phones: value.phones.filter((_, j) => j !== i) })}>
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      ))}
      {value.phones.length < CONTENT_MAX_PHONES && (
        <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={() => set({ phones: [...value.phones, { label: '', number: '' }] })}>
          <Plus aria-hidden="true" /> <FormattedMessage id="codesCreate.content.vcard.addPhone" defaultMessage="Add phone" />
        </Button>
      )}
      {value.emails.map((email, i) => (
        <div key={i} className="grid grid-cols-[minmax(0,1fr)_auto] items-end gap-2">
          <TextField id={id(`emails-${i}`)} label={intl.formatMessage({ id: 'codesCreate.content.vcard.email', defaultMessage: 'Email {number, number}' }, { number: i + 1 })} type="email" value={email} error={errors[`emails.${i}`]} onChange={(v) => set({ emails: value.emails.map((e, j) => (j === i ? v : e)) })} />
          <Button type="button" variant="ghost" size="icon" aria-label={intl.formatMessage({ id: 'codesCreate.content.vcard.removeEmail', defaultMessage: 'Remove email {number, number}' }, { number: i + 1 })} onClick={() => set({ emails: value.emails.filter((_, j) => j !== i) })}>
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      ))}
      {value.emails.length < CONTENT_MAX_EMAILS && (
        <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={() => set({ emails: [...value.emails, ''] })}>
          <Plus aria-hidden="true" /> <FormattedMessage id="codesCreate.content.vcard.addEmail" defaultMessage="Add email" />
        </Button>
      )}
      <TextField id={id('website')} label={intl.formatMessage({ id: 'codesCreate.content.vcard.website', defaultMessage: 'Website (optional)' })} type="url" inputMode="url" placeholder={EXAMPLE_WEBSITE} value={value.website} error={errors.website} onChange={(v) => set({ website: v })} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id={id('street')} label={intl.formatMessage({ id: 'codesCreate.content.vcard.street', defaultMessage: 'Street (optional)' })} value={address.street} error={errors['address.street']} onChange={(v) => set({ address: { ...address, street: v } })} />
        <TextField id={id('city')} label={intl.formatMessage({ id: 'codesCreate.content.vcard.city', defaultMessage: 'City' })} value={address.city} error={errors['address.city']} onChange={(v) => set({ address: { ...address, city: v } })} />
        <TextField id={id('postcode')} label={intl.formatMessage({ id: 'codesCreate.content.vcard.postcode', defaultMessage: 'Postcode' })} value={address.postcode} error={errors['address.postcode']} onChange={(v) => set({ address: { ...address, postcode: v } })} />
        <TextField id={id('country')} label={intl.formatMessage({ id: 'codesCreate.content.vcard.country', defaultMessage: 'Country' })} value={address.country} error={errors['address.country']} onChange={(v) => set({ address: { ...address, country: v } })} />
      </div>
      <FormField id={id('photo')} label={intl.formatMessage({ id: 'codesCreate.content.vcard.photo', defaultMessage: 'Photo (optional)' })}>
        <ContentFileInput
          id={id('photo')}
          purpose="image"
          current={value.photoFileId ? (files[value.photoFileId] ?? null) : null}
          error={errors.photoFileId}
          onUploaded={(file) => {
            onFile(file);
            set({ photoFileId: file.id });
          }}
        />
      </FormField>
    </fieldset>
  );
}

function LinkFields({ value, onChange, errors, files, onFile, idPrefix }: ContentEditorProps & { value: Extract<CodeContent, { type: 'links' }> }) {
  const set = (patch: Partial<typeof value>) => onChange({ ...value, ...patch });
  const id = (name: string) => `${idPrefix}content-${name}`;
  const intl = useIntl();
  return (
    <fieldset className="grid min-w-0 gap-4">
      <legend className="mb-2 font-medium">
        <FormattedMessage id="codesCreate.content.links.legend" defaultMessage="Link list" />
      </legend>
      <TextField id={id('title')} label={intl.formatMessage({ id: 'codesCreate.content.links.pageTitle', defaultMessage: 'Page title' })} value={value.title} error={errors.title} onChange={(v) => set({ title: v })} />
      <TextField id={id('description')} label={intl.formatMessage({ id: 'codesCreate.content.links.description', defaultMessage: 'Description (optional)' })} value={value.description} error={errors.description} onChange={(v) => set({ description: v })} />
      <FormField id={id('avatar')} label={intl.formatMessage({ id: 'codesCreate.content.links.avatar', defaultMessage: 'Avatar (optional)' })}>
        <ContentFileInput
          id={id('avatar')}
          purpose="image"
          current={value.avatarFileId ? (files[value.avatarFileId] ?? null) : null}
          error={errors.avatarFileId}
          onUploaded={(file) => {
            onFile(file);
            set({ avatarFileId: file.id });
          }}
        />
      </FormField>
      {errors.links && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {errors.links}
        </p>
      )}
      {value.links.map((link, i) => (
        <div key={i} className="grid grid-cols-[minmax(0,1fr)_auto] items-end gap-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)_auto]">
          <TextField id={id(`links-${i}-label`)} label={intl.formatMessage({ id: 'codesCreate.content.links.buttonLabel', defaultMessage: 'Button {number, number} label' }, { number: i + 1 })} value={link.label} error={errors[`links.${i}.label`]} onChange={(v) => set({ links: value.links.map((l, j) => (j === i ? { ...l, label: v } : l)) })} />
          <div className="col-start-1 sm:col-start-auto">
            <TextField id={id(`links-${i}-url`)} label={intl.formatMessage({ id: 'codesCreate.content.links.buttonUrl', defaultMessage: 'Button {number, number} URL' }, { number: i + 1 })} type="url" inputMode="url" placeholder={URL_START} value={link.url} error={errors[`links.${i}.url`]} onChange={(v) => set({ links: value.links.map((l, j) => (j === i ? { ...l, url: v } : l)) })} />
          </div>
          <Button type="button" variant="ghost" size="icon" className="row-start-1 col-start-2 self-end sm:row-start-auto sm:col-start-auto" aria-label={intl.formatMessage({ id: 'codesCreate.content.links.removeButton', defaultMessage: 'Remove button {number, number}' }, { number: i + 1 })} onClick={() => set({ links: value.links.filter((_, j) => j !== i) })}>
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      ))}
      {value.links.length < CONTENT_MAX_LINKS && (
        <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={() => set({ links: [...value.links, { label: '', url: '' }] })}>
          <Plus aria-hidden="true" /> <FormattedMessage id="codesCreate.content.links.addButton" defaultMessage="Add button" />
        </Button>
      )}
    </fieldset>
  );
}

function FileFields({ value, onChange, errors, files, onFile, idPrefix }: ContentEditorProps & { value: Extract<CodeContent, { type: 'file' }> }) {
  const id = (name: string) => `${idPrefix}content-${name}`;
  const intl = useIntl();
  return (
    <fieldset className="grid min-w-0 gap-4">
      <legend className="mb-2 font-medium">
        <FormattedMessage id="codesCreate.content.file.legend" defaultMessage="File" />
      </legend>
      <TextField id={id('title')} label={intl.formatMessage({ id: 'codesCreate.content.file.title', defaultMessage: 'Title (optional)' })} value={value.title} error={errors.title} onChange={(v) => onChange({ ...value, title: v })} />
      <FormField id={id('file')} label={intl.formatMessage({ id: 'codesCreate.content.file.file', defaultMessage: 'PDF or image (at most {max, number} MB)' }, { max: CONTENT_FILE_MAX_MB })}>
        <ContentFileInput
          id={id('file')}
          purpose="file"
          current={value.fileId ? (files[value.fileId] ?? null) : null}
          error={errors.fileId}
          onUploaded={(file) => {
            onFile(file);
            onChange({ ...value, fileId: file.id });
          }}
        />
      </FormField>
    </fieldset>
  );
}

function WifiFields({ value, onChange, errors, idPrefix }: ContentEditorProps & { value: Extract<CodeContent, { type: 'wifi' }> }) {
  const set = (patch: Partial<typeof value>) => onChange({ ...value, ...patch });
  const id = (name: string) => `${idPrefix}content-${name}`;
  const intl = useIntl();
  return (
    <fieldset className="grid min-w-0 gap-4">
      <legend className="mb-2 font-medium">
        <FormattedMessage id="codesCreate.content.wifi.legend" defaultMessage="Wi-Fi network" />
      </legend>
      <TextField id={id('ssid')} label={intl.formatMessage({ id: 'codesCreate.content.wifi.ssid', defaultMessage: 'Network name (SSID)' })} value={value.ssid} error={errors.ssid} onChange={(v) => set({ ssid: v })} autoComplete="off" spellCheck={false} />
      <FormField id={id('security')} label={intl.formatMessage({ id: 'codesCreate.content.wifi.security', defaultMessage: 'Security' })} error={errors.security}>
        <select id={id('security')} value={value.security} onChange={(event) => set({ security: event.target.value as typeof value.security })} className={selectClass}>
          {WIFI_SECURITY.map((option) => (
            <option key={option} value={option}>
              {intl.formatMessage(SECURITY_LABELS[option])}
            </option>
          ))}
        </select>
      </FormField>
      {value.security !== 'nopass' && (
        <TextField id={id('password')} label={intl.formatMessage({ id: 'codesCreate.content.wifi.password', defaultMessage: 'Password' })} value={value.password} error={errors.password} onChange={(v) => set({ password: v })} autoComplete="off" spellCheck={false} />
      )}
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={value.hidden} onChange={(event) => set({ hidden: event.target.checked })} className="size-4" />
        <FormattedMessage id="codesCreate.content.wifi.hidden" defaultMessage="Hidden network (not broadcast)" />
      </label>
    </fieldset>
  );
}

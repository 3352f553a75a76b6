import type { DomainView } from '@qrd/contracts';
import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../hooks/use-toast';
import { copyText } from '../../../lib/copy-text';

interface DnsRecord {
  type: 'CNAME' | 'A' | 'AAAA' | 'TXT';
  name: string;
  value: string;
}

/** The records a domain needs at its DNS host: where its links go (CNAME, or A/AAAA), and the TXT record that proves it is the workspace's. */
export function dnsRecordsOf(domain: DomainView): { point: DnsRecord[]; apex: DnsRecord[]; proof: DnsRecord } {
  const { cname, addresses, challenge } = domain.dns;
  return {
    point: [{ type: 'CNAME', name: domain.hostname, value: cname }],
    apex: addresses.map((address) => ({ type: address.includes(':') ? 'AAAA' : 'A', name: domain.hostname, value: address })),
    proof: { type: 'TXT', name: challenge.name, value: challenge.value },
  };
}

const messages = defineMessages<string>({
  copied: { id: 'analytics.dnsRecords.copied', defaultMessage: 'Copied' },
  copyFailed: { id: 'analytics.dnsRecords.copyFailed', defaultMessage: 'Copy failed' },
  copyByHand: { id: 'analytics.dnsRecords.copyByHand', defaultMessage: 'Select the text and copy it by hand.' },
  copyName: { id: 'analytics.dnsRecords.copyName', defaultMessage: 'Copy {type} name' },
  copyValue: { id: 'analytics.dnsRecords.copyValue', defaultMessage: 'Copy {type} value' },
  apexNote: {
    id: 'analytics.dnsRecords.apexNote',
    defaultMessage: 'Or, where a CNAME cannot be made (a domain without a subdomain, such as example.com), these instead of the CNAME:',
  },
  recordsFor: { id: 'analytics.dnsRecords.recordsFor', defaultMessage: 'DNS records for {domain}' },
  addressRecordsFor: { id: 'analytics.dnsRecords.addressRecordsFor', defaultMessage: 'Address records for {domain}' },
});

function CopyButton({ text, label }: { text: string; label: string }) {
  const intl = useIntl();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await copyText(text);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
      toast({ title: intl.formatMessage(messages.copied), description: text });
    } catch {
      toast({ variant: 'destructive', title: intl.formatMessage(messages.copyFailed), description: intl.formatMessage(messages.copyByHand) });
    }
  };
  return (
    <Button type="button" variant="ghost" size="icon" className="size-8" aria-label={label} title={label} onClick={() => void copy()}>
      {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
    </Button>
  );
}

function Cell({ text, label }: { text: string; label: string }) {
  return (
    <td className="p-2 align-top">
      <div className="flex items-start gap-1">
        <code className="min-w-0 flex-1 py-1.5 font-mono text-xs break-all">{text}</code>
        <CopyButton text={text} label={label} />
      </div>
    </td>
  );
}

function Row({ record }: { record: DnsRecord }) {
  const intl = useIntl();
  return (
    <tr className="border-t">
      <th scope="row" className="p-2 text-start align-top font-mono text-xs font-semibold">
        <span className="inline-block py-1.5">{record.type}</span>
      </th>
      <Cell text={record.name} label={intl.formatMessage(messages.copyName, { type: record.type })} />
      <Cell text={record.value} label={intl.formatMessage(messages.copyValue, { type: record.type })} />
    </tr>
  );
}

/** One record on a phone: its type, then its name and value one above the other, each with its copy button. */
function Stacked({ record }: { record: DnsRecord }) {
  const intl = useIntl();
  return (
    <li className="grid gap-1 p-3">
      <p className="font-mono text-xs font-semibold">{record.type}</p>
      {(['name', 'value'] as const).map((field) => (
        <div key={field} className="flex items-start gap-1">
          <p className="min-w-0 flex-1 py-1.5 text-xs">
            <FormattedMessage
              id="analytics.dnsRecords.stackedField"
              defaultMessage="<label>{field, select, name {Name} other {Value}}: </label><code>{text}</code>"
              values={{
                field,
                text: record[field],
                label: (chunks) => <span className="text-muted-foreground">{chunks}</span>,
                code: (chunks) => <code className="font-mono break-all">{chunks}</code>,
              }}
            />
          </p>
          <CopyButton text={record[field]} label={intl.formatMessage(field === 'name' ? messages.copyName : messages.copyValue, { type: record.type })} />
        </div>
      ))}
    </li>
  );
}

/** The DNS records to create, each name and value with a copy button: a table, or a list on a phone's width. */
export function DnsRecords({ domain }: { domain: DomainView }) {
  const intl = useIntl();
  const { point, apex, proof } = dnsRecordsOf(domain);
  const apexNote = intl.formatMessage(messages.apexNote);
  const recordsFor = intl.formatMessage(messages.recordsFor, { domain: domain.unicodeHostname });
  return (
    <>
      <div className="hidden rounded-md border sm:block">
        <table className="w-full table-fixed text-sm">
          <caption className="sr-only">{recordsFor}</caption>
          <colgroup>
            <col className="w-20" />
            <col />
            <col />
          </colgroup>
          <thead className="bg-muted/50 text-start text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="p-2 text-start font-medium">
                <FormattedMessage id="analytics.dnsRecords.type" defaultMessage="Type" />
              </th>
              <th scope="col" className="p-2 text-start font-medium">
                <FormattedMessage id="analytics.dnsRecords.name" defaultMessage="Name" />
              </th>
              <th scope="col" className="p-2 text-start font-medium">
                <FormattedMessage id="analytics.dnsRecords.value" defaultMessage="Value" />
              </th>
            </tr>
          </thead>
          <tbody>
            {point.map((record) => (
              <Row key={record.type} record={record} />
            ))}
            {apex.length > 0 && (
              <>
                <tr className="border-t">
                  <td colSpan={3} className="p-2 text-xs text-muted-foreground">
                    {apexNote}
                  </td>
                </tr>
                {apex.map((record) => (
                  <Row key={`${record.type}-${record.value}`} record={record} />
                ))}
              </>
            )}
            <Row record={proof} />
          </tbody>
        </table>
      </div>
      <div className="grid gap-2 sm:hidden">
        <ul className="divide-y rounded-md border" aria-label={recordsFor}>
          {point.map((record) => (
            <Stacked key={record.type} record={record} />
          ))}
          <Stacked record={proof} />
        </ul>
        {apex.length > 0 && (
          <>
            <p className="text-xs text-muted-foreground">{apexNote}</p>
            <ul className="divide-y rounded-md border" aria-label={intl.formatMessage(messages.addressRecordsFor, { domain: domain.unicodeHostname })}>
              {apex.map((record) => (
                <Stacked key={`${record.type}-${record.value}`} record={record} />
              ))}
            </ul>
          </>
        )}
      </div>
    </>
  );
}

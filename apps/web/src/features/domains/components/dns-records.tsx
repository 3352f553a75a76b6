import type { DomainView } from '@qrd/contracts';
import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
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

function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await copyText(text);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
      toast({ title: 'Copied', description: text });
    } catch {
      toast({ variant: 'destructive', title: 'Copy failed', description: 'Select the text and copy it by hand.' });
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
  return (
    <tr className="border-t">
      <th scope="row" className="p-2 text-left align-top font-mono text-xs font-semibold">
        <span className="inline-block py-1.5">{record.type}</span>
      </th>
      <Cell text={record.name} label={`Copy ${record.type} name`} />
      <Cell text={record.value} label={`Copy ${record.type} value`} />
    </tr>
  );
}

/** One record on a phone: its type, then its name and value one above the other, each with its copy button. */
function Stacked({ record }: { record: DnsRecord }) {
  return (
    <li className="grid gap-1 p-3">
      <p className="font-mono text-xs font-semibold">{record.type}</p>
      {(['name', 'value'] as const).map((field) => (
        <div key={field} className="flex items-start gap-1">
          <p className="min-w-0 flex-1 py-1.5 text-xs">
            <span className="text-muted-foreground">{field === 'name' ? 'Name' : 'Value'}: </span>
            <code className="font-mono break-all">{record[field]}</code>
          </p>
          <CopyButton text={record[field]} label={`Copy ${record.type} ${field}`} />
        </div>
      ))}
    </li>
  );
}

const APEX_NOTE = 'Or, where a CNAME cannot be made (a domain without a subdomain, such as example.com), these instead of the CNAME:';

/** The DNS records to create, each name and value with a copy button: a table, or a list on a phone's width. */
export function DnsRecords({ domain }: { domain: DomainView }) {
  const { point, apex, proof } = dnsRecordsOf(domain);
  return (
    <>
      <div className="hidden rounded-md border sm:block">
        <table className="w-full table-fixed text-sm">
          <caption className="sr-only">DNS records for {domain.unicodeHostname}</caption>
          <colgroup>
            <col className="w-20" />
            <col />
            <col />
          </colgroup>
          <thead className="bg-muted/50 text-left text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="p-2 font-medium">
                Type
              </th>
              <th scope="col" className="p-2 font-medium">
                Name
              </th>
              <th scope="col" className="p-2 font-medium">
                Value
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
                    {APEX_NOTE}
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
        <ul className="divide-y rounded-md border" aria-label={`DNS records for ${domain.unicodeHostname}`}>
          {point.map((record) => (
            <Stacked key={record.type} record={record} />
          ))}
          <Stacked record={proof} />
        </ul>
        {apex.length > 0 && (
          <>
            <p className="text-xs text-muted-foreground">{APEX_NOTE}</p>
            <ul className="divide-y rounded-md border" aria-label={`Address records for ${domain.unicodeHostname}`}>
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

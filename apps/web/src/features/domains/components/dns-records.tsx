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

/** The DNS records to create, each name and value with a copy button. */
export function DnsRecords({ domain }: { domain: DomainView }) {
  const { point, apex, proof } = dnsRecordsOf(domain);
  return (
    <div className="overflow-x-auto rounded-md border">
      <table className="w-full min-w-[18rem] table-fixed text-sm">
        <caption className="sr-only">DNS records for {domain.unicodeHostname}</caption>
        <colgroup>
          <col className="w-16" />
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
                  Or, where a CNAME cannot be made (a domain without a subdomain, such as example.com), these instead of the CNAME:
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
  );
}

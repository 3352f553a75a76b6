import type { InvoiceReason, Language } from '@qrd/contracts';

/** The invoice PDF's words in every language of the product; `{name}` is filled in by `label`. */
export interface InvoicePdfMessages {
  invoice: string;
  title: string;
  number: string;
  issued: string;
  reasons: Record<InvoiceReason, string>;
  status: string;
  from: string;
  billedTo: string;
  vatId: string;
  description: string;
  period: string;
  amount: string;
  subtotal: string;
  credit: string;
  totalPaid: string;
  taxIncluded: string;
}

export const INVOICE_PDF_MESSAGES: Record<Language, InvoicePdfMessages> = {
  en: {
    invoice: 'Invoice',
    title: 'Invoice {number}',
    number: 'Invoice number: {number}',
    issued: 'Date of issue: {date}',
    reasons: { subscription_create: 'Subscription', subscription_cycle: 'Renewal', subscription_update: 'Subscription change' },
    status: 'Status: paid',
    from: 'From',
    billedTo: 'Billed to',
    vatId: 'VAT ID: {id}',
    description: 'Description',
    period: 'Period',
    amount: 'Amount',
    subtotal: 'Subtotal',
    credit: 'Credit applied',
    totalPaid: 'Total paid ({currency})',
    taxIncluded: 'Of which {label} {rate}',
  },
  de: {
    invoice: 'Rechnung',
    title: 'Rechnung {number}',
    number: 'Rechnungsnummer: {number}',
    issued: 'Rechnungsdatum: {date}',
    reasons: { subscription_create: 'Abonnement', subscription_cycle: 'Verlängerung', subscription_update: 'Änderung des Abonnements' },
    status: 'Status: bezahlt',
    from: 'Von',
    billedTo: 'Rechnungsempfänger',
    vatId: 'USt-IdNr.: {id}',
    description: 'Beschreibung',
    period: 'Zeitraum',
    amount: 'Betrag',
    subtotal: 'Zwischensumme',
    credit: 'Verrechnetes Guthaben',
    totalPaid: 'Bezahlt gesamt ({currency})',
    taxIncluded: 'Darin enthalten {label} {rate}',
  },
  fr: {
    invoice: 'Facture',
    title: 'Facture {number}',
    number: 'Numéro de facture : {number}',
    issued: 'Date d’émission : {date}',
    reasons: { subscription_create: 'Abonnement', subscription_cycle: 'Renouvellement', subscription_update: 'Modification de l’abonnement' },
    status: 'Statut : payée',
    from: 'De',
    billedTo: 'Facturé à',
    vatId: 'N° de TVA : {id}',
    description: 'Description',
    period: 'Période',
    amount: 'Montant',
    subtotal: 'Sous-total',
    credit: 'Crédit appliqué',
    totalPaid: 'Total payé ({currency})',
    taxIncluded: 'Dont {label} {rate}',
  },
  es: {
    invoice: 'Factura',
    title: 'Factura {number}',
    number: 'Número de factura: {number}',
    issued: 'Fecha de emisión: {date}',
    reasons: { subscription_create: 'Suscripción', subscription_cycle: 'Renovación', subscription_update: 'Cambio de suscripción' },
    status: 'Estado: pagada',
    from: 'De',
    billedTo: 'Facturado a',
    vatId: 'NIF-IVA: {id}',
    description: 'Descripción',
    period: 'Periodo',
    amount: 'Importe',
    subtotal: 'Subtotal',
    credit: 'Saldo aplicado',
    totalPaid: 'Total pagado ({currency})',
    taxIncluded: 'De los cuales {label} {rate}',
  },
  'pt-BR': {
    invoice: 'Fatura',
    title: 'Fatura {number}',
    number: 'Número da fatura: {number}',
    issued: 'Data de emissão: {date}',
    reasons: { subscription_create: 'Assinatura', subscription_cycle: 'Renovação', subscription_update: 'Alteração da assinatura' },
    status: 'Status: paga',
    from: 'De',
    billedTo: 'Faturado para',
    vatId: 'Nº de IVA: {id}',
    description: 'Descrição',
    period: 'Período',
    amount: 'Valor',
    subtotal: 'Subtotal',
    credit: 'Crédito aplicado',
    totalPaid: 'Total pago ({currency})',
    taxIncluded: 'Dos quais {label} {rate}',
  },
  ja: {
    invoice: '請求書',
    title: '請求書 {number}',
    number: '請求書番号: {number}',
    issued: '発行日: {date}',
    reasons: { subscription_create: 'サブスクリプション', subscription_cycle: '更新', subscription_update: 'サブスクリプションの変更' },
    status: 'ステータス: 支払い済み',
    from: '発行元',
    billedTo: '請求先',
    vatId: '付加価値税番号: {id}',
    description: '内容',
    period: '期間',
    amount: '金額',
    subtotal: '小計',
    credit: '適用されたクレジット',
    totalPaid: 'お支払い合計 ({currency})',
    taxIncluded: 'うち {label} {rate}',
  },
  ar: {
    invoice: 'فاتورة',
    title: 'فاتورة {number}',
    number: 'رقم الفاتورة: {number}',
    issued: 'تاريخ الإصدار: {date}',
    reasons: { subscription_create: 'اشتراك', subscription_cycle: 'تجديد', subscription_update: 'تغيير الاشتراك' },
    status: 'الحالة: مدفوعة',
    from: 'من',
    billedTo: 'إلى',
    vatId: 'رقم ضريبة القيمة المضافة: {id}',
    description: 'الوصف',
    period: 'الفترة',
    amount: 'المبلغ',
    subtotal: 'المجموع الفرعي',
    credit: 'الرصيد المطبّق',
    totalPaid: 'إجمالي المدفوع ({currency})',
    taxIncluded: 'منها {label} {rate}',
  },
};

/** A message with its `{name}` placeholders filled in. */
export function label(message: string, values: Record<string, string> = {}): string {
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

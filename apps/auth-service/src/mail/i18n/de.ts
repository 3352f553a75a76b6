import type { MailCatalogue } from './en';

export const de: MailCatalogue = {
  brand: 'QR Dynamic',
  hello: 'Hallo {name},',
  helloAnonymous: 'Hallo,',
  linkLine: '{label}: {url}',

  'passwordReset.subject': 'Setzen Sie Ihr QR Dynamic-Passwort zurück',
  'passwordReset.intro':
    'Jemand hat angefordert, das Passwort Ihres QR Dynamic-Kontos zurückzusetzen. Um ein neues Passwort zu wählen, öffnen Sie innerhalb einer Stunde diesen Link:',
  'passwordReset.button': 'Mein Passwort zurücksetzen',
  'passwordReset.ignore': 'Falls Sie das nicht waren, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.',

  'contact.subject': 'Kontaktformular: {name}',
  'contact.from': '<b>Von:</b> {sender}',

  'takedown.subject': 'Ihr QR-Code „{name}“ wurde gesperrt',
  'takedown.what': 'Wir haben Ihren QR-Code „<b>{name}</b>“ ({shortUrl}) gesperrt, der zu {destination} führte.',
  'takedown.reason': '<b>Grund:</b> {reason}',
  'takedown.appeal':
    'Wer ihn jetzt scannt, sieht eine Seite mit dem Hinweis, dass der Code gesperrt wurde. Wenn Sie das für einen Fehler halten, schreiben Sie uns über unsere <link>Kontaktseite</link>, und ein Mitarbeiter prüft den Fall erneut.',

  'webhook.subject': 'Ein Webhook-Endpunkt Ihres QR Dynamic-Kontos wurde deaktiviert',
  'webhook.what':
    'Wir senden keine Webhooks mehr an {url}: {failures, plural, one {Das letzte Ereignis konnte dort auch nach etwa einem Tag mit Wiederholungsversuchen nicht zugestellt werden} other {Die letzten # Ereignisse konnten dort nicht zugestellt werden, jedes auch nach etwa einem Tag mit Wiederholungsversuchen}}.',
  'webhook.enable':
    'Im Zustellprotokoll in Ihrem Konto sehen Sie, was der Endpunkt geantwortet hat. Sobald er wieder funktioniert, <link>aktivieren Sie ihn in Ihrem Konto</link>.',

  'domain.subject.misconfigured': 'Ihre eigene Domain {hostname} erfordert Ihre Aufmerksamkeit',
  'domain.subject.disabled': 'Ihre eigene Domain {hostname} wurde deaktiviert',
  'domain.misconfigured':
    'Wir konnten die DNS-Einträge Ihrer eigenen Domain {hostname} nicht mehr finden ({reason}). Ihre Kurzlinks funktionieren noch bis {until}; danach funktionieren sie erst wieder, wenn die Einträge wieder vorhanden sind.',
  'domain.misconfiguredForNow':
    'Wir konnten die DNS-Einträge Ihrer eigenen Domain {hostname} nicht mehr finden ({reason}). Ihre Kurzlinks funktionieren vorerst weiter; danach funktionieren sie erst wieder, wenn die Einträge wieder vorhanden sind.',
  'domain.disabledByAdmin':
    'Ein Administrator von QR Dynamic hat Ihre eigene Domain {hostname} deaktiviert: {reason}. Ihre Kurzlinks antworten mit „nicht gefunden“, bis sie wieder aktiviert wird; antworten Sie auf diese E-Mail oder kontaktieren Sie uns, wenn Sie das für einen Fehler halten.',
  'domain.disabled':
    'Ihre eigene Domain {hostname} wurde deaktiviert: Ihre DNS-Einträge fehlten weiterhin ({reason}). Ihre Kurzlinks antworten mit „nicht gefunden“, bis die Einträge wieder vorhanden sind und die Domain erneut verifiziert wurde.',
  'domain.check': '<link>Sehen Sie sich die Einträge an und prüfen Sie die Domain erneut</link>.',

  'emailChange.subject': 'Die E-Mail-Adresse Ihres QR Dynamic-Kontos wird geändert',
  'emailChange.what':
    'Jemand, der bei Ihrem QR Dynamic-Konto angemeldet ist, hat angefordert, dessen E-Mail-Adresse in <b>{newEmail}</b> zu ändern. Nichts ändert sich, bevor die neue Adresse über den Link bestätigt wird, den wir dorthin geschickt haben; bis dahin bleibt diese Adresse die für die Anmeldung und das Zurücksetzen des Passworts.',
  'emailChange.notYou':
    'Falls Sie das nicht waren, <passwordLink>ändern Sie jetzt Ihr Passwort</passwordLink> und brechen Sie die Änderung auf Ihrer Kontoseite ab, oder <resetLink>setzen Sie Ihr Passwort zurück</resetLink>.',

  'confirmEmail.subject': 'Bestätigen Sie Ihre neue E-Mail-Adresse für QR Dynamic',
  'confirmEmail.intro': 'Um diese Adresse zur E-Mail-Adresse Ihres QR Dynamic-Kontos zu machen, öffnen Sie innerhalb von 24 Stunden diesen Link:',
  'confirmEmail.button': 'Meine E-Mail-Adresse bestätigen',
  'confirmEmail.ignore': 'Falls Sie das nicht angefordert haben, ignorieren Sie diese E-Mail: Es ändert sich nichts.',

  'accountDeleted.subject': 'Ihr QR Dynamic-Konto wurde gelöscht',
  'accountDeleted.byAdmin': 'Ein Administrator hat Ihr QR Dynamic-Konto gelöscht.',
  'accountDeleted.byOwner': 'Ihr QR Dynamic-Konto wurde wie gewünscht gelöscht.',
  'accountDeleted.what':
    'Ihr Abonnement wurde sofort gekündigt und verlängert sich nicht, Ihre QR-Codes funktionieren nicht mehr, und Ihr Profil, Ihre Codes und Scandaten wurden gelöscht. Abrechnungsunterlagen werden nur so lange aufbewahrt, wie das Steuerrecht es verlangt.',
  'accountDeleted.contact': 'Falls Sie damit nicht gerechnet haben, <link>schreiben Sie uns</link>.',

  'dataExport.subject': 'Ihr QR Dynamic-Datenexport ist fertig',
  'dataExport.ready':
    'Der von Ihnen angeforderte Export Ihrer QR Dynamic-Daten ist fertig: eine ZIP-Datei mit Ihrem Profil, Ihren Abrechnungsunterlagen, Ihren QR-Codes und deren Scans.',
  'dataExport.signIn': 'Melden Sie sich zuerst an, um ihn herunterzuladen; der Link funktioniert nur für Sie:',
  'dataExport.button': 'Meine Daten herunterladen',
  'dataExport.until': 'Er kann bis {until} heruntergeladen werden und wird danach gelöscht. Sie finden ihn auch auf <link>Ihrer Kontoseite</link>.',
  'dataExport.notYou': 'Falls Sie das nicht angefordert haben, <link>ändern Sie Ihr Passwort</link>.',

  'invitation.subject': '{inviter} hat Sie zu {workspace} auf QR Dynamic eingeladen',
  'invitation.what': '{inviter} hat Sie als {role} in den Arbeitsbereich „{workspace}“ auf QR Dynamic eingeladen.',
  'invitation.join':
    'Um beizutreten, öffnen Sie diesen Link (er funktioniert einmal, bis {until}) und melden Sie sich mit dem Konto dieser E-Mail-Adresse an.',
  'invitation.button': '{workspace} beitreten',
  'invitation.ignore': 'Falls Sie damit nicht gerechnet haben, ignorieren Sie diese E-Mail: Ohne den Link passiert nichts.',
  'invitation.personalWorkspace': 'Arbeitsbereich von {owner}',
  'role.owner': 'Inhaber',
  'role.admin': 'Administrator',
  'role.editor': 'Bearbeiter',
  'role.viewer': 'Betrachter',
  'role.billing': 'Abrechnungsverantwortlicher',

  'billing.periodEnd': 'zum Ende des aktuellen Abrechnungszeitraums',
  'billing.card': 'Ihrer Karte {brand} mit den Endziffern {last4}',
  'billing.cardOnFile': 'Ihrer hinterlegten Karte',
  'billing.receipt.subject': 'Ihre QR Dynamic-Quittung {invoice}: {total}',
  'billing.receipt.thanks': 'Vielen Dank für Ihre Zahlung von {total} am {date} (Rechnung {invoice}).',
  'billing.receipt.line': '{description}: {amount}',
  'billing.receipt.pdf': 'Die Rechnung finden Sie als PDF in Ihrem Konto.',
  'billing.receipt.link': 'Ihre Rechnungen',
  'billing.paymentFailed.subject': 'Ihre Zahlung an QR Dynamic ist fehlgeschlagen',
  'billing.paymentFailed.what':
    'Wir konnten Ihre Karte nicht mit {amount} für die Verlängerung {seats, plural, one {Ihres # QR-Codes} other {Ihrer # QR-Codes}} belasten.',
  'billing.paymentFailed.retry':
    'Ihre Codes leiten weiter, während wir es in den nächsten Tagen erneut versuchen. Bitte aktualisieren Sie Ihre Zahlungsmethode, damit die Verlängerung bezahlt werden kann.',
  'billing.paymentFailed.link': 'Zahlungsmethode aktualisieren',
  'billing.renewal.subject': 'Ihr QR Dynamic-Abonnement verlängert sich am {date}',
  'billing.renewal.what':
    'Ihr Jahresabonnement verlängert sich am {date}: {seats, plural, one {# QR-Code} other {# QR-Codes}} zu je {unitAmount} pro Jahr, insgesamt {amount}, abgebucht von {card}.',
  'billing.renewal.change': 'Um Ihren Tarif zu ändern oder vorher zu kündigen, gehen Sie zu Ihrem Konto.',
  'billing.subscriptionLink': 'Ihr Abonnement',
  'billing.cancelled.subject': 'Ihr QR Dynamic-Abonnement ist gekündigt',
  'billing.cancelled.what':
    'Ihr Abonnement ist gekündigt: Es wird nichts mehr abgebucht. {seats, plural, one {Ihr # QR-Code funktioniert} other {Ihre # QR-Codes funktionieren}} noch bis {date} und leiten danach nicht mehr weiter.',
  'billing.cancelled.resume': 'Haben Sie es sich anders überlegt? Setzen Sie das Abonnement vorher in Ihrem Konto fort.',
  'billing.ended.subject': 'Ihr QR Dynamic-Abonnement ist beendet',
  'billing.ended.what':
    'Ihr Abonnement ist beendet, und {seats, plural, one {Ihr # QR-Code leitet} other {Ihre # QR-Codes leiten}} nicht mehr weiter: Wer scannt, sieht jetzt eine Seite mit dem Hinweis, dass der Code nicht aktiv ist.',
  'billing.ended.again': 'Schließen Sie jederzeit wieder ein Abonnement ab, um alle Codes zurückzuholen.',
  'billing.ended.link': 'Erneut abonnieren',
  'billing.restored.subject': 'Ihre QR Dynamic-Codes funktionieren wieder',
  'billing.restored.what':
    'Ihr Abonnement ist wieder aktiv, und {seats, plural, one {Ihr # QR-Code leitet} other {Ihre # QR-Codes leiten}} wieder weiter.',

  'weekly.subject': 'Ihre QR-Codes diese Woche: {scans, plural, one {# Scan} other {# Scans}}',
  'weekly.period': 'Ihre QR-Codes vom {from} bis {to} ({timeZone}):',
  'weekly.scans': '<b>Scans: {scans}</b> ({change}; {previous} in der Vorwoche)',
  'weekly.unique': 'Eindeutige Scanner: {unique}',
  'weekly.top': 'Top-Codes:',
  'weekly.topCode': '{name}: {scans, plural, one {# Scan} other {# Scans}} ({change})',
  'weekly.none': 'Keiner Ihrer Codes wurde diese Woche gescannt.',
  'weekly.change.new': 'neu in dieser Woche',
  'weekly.change.same': 'gleich wie in der Vorwoche',
  'weekly.change.percent': '{percent} gegenüber der Vorwoche',
  'weekly.dashboard': '<link>Alle Ihre Zahlen ansehen</link>',
  'weekly.why': 'Sie erhalten diese E-Mail, weil Sie den Wochenbericht aktiviert haben.',
  'weekly.stop': 'Zum Abbestellen: {url}',
  'weekly.unsubscribe': 'Abbestellen',
};

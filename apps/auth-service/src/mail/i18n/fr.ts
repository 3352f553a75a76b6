import type { MailCatalogue } from './en';

export const fr: MailCatalogue = {
  brand: 'QR Dynamic',
  hello: 'Bonjour {name},',
  helloAnonymous: 'Bonjour,',
  linkLine: '{label} : {url}',

  'passwordReset.subject': 'Réinitialisez votre mot de passe QR Dynamic',
  'passwordReset.intro':
    'Quelqu’un a demandé à réinitialiser le mot de passe de votre compte QR Dynamic. Pour choisir un nouveau mot de passe, ouvrez ce lien dans l’heure :',
  'passwordReset.button': 'Réinitialiser mon mot de passe',
  'passwordReset.ignore': 'Si ce n’était pas vous, ignorez cet e-mail : votre mot de passe reste inchangé.',

  'contact.subject': 'Formulaire de contact : {name}',
  'contact.from': '<b>De :</b> {sender}',

  'takedown.subject': 'Votre code QR « {name} » a été désactivé',
  'takedown.what': 'Nous avons désactivé votre code QR « <b>{name}</b> » ({shortUrl}), qui menait à {destination}.',
  'takedown.reason': '<b>Motif :</b> {reason}',
  'takedown.appeal':
    'Les personnes qui le scannent voient désormais une page indiquant que le code a été désactivé. Si vous pensez qu’il s’agit d’une erreur, écrivez-nous depuis notre <link>page de contact</link> et une personne réexaminera votre cas.',

  'webhook.subject': 'Un point de terminaison webhook de votre compte QR Dynamic a été désactivé',
  'webhook.what':
    'Nous avons cessé d’envoyer des webhooks à {url} : {failures, plural, one {le dernier événement n’a pas pu y être livré, malgré des tentatives répétées pendant environ une journée} other {les # derniers événements n’ont pas pu y être livrés, chacun malgré des tentatives répétées pendant environ une journée}}.',
  'webhook.enable':
    'Le journal des livraisons de votre compte indique ce que le point de terminaison a répondu. Une fois qu’il fonctionne de nouveau, <link>réactivez-le dans votre compte</link>.',

  'domain.subject.misconfigured': 'Votre domaine personnalisé {hostname} requiert votre attention',
  'domain.subject.disabled': 'Votre domaine personnalisé {hostname} a été désactivé',
  'domain.misconfigured':
    'Nous ne trouvons plus les enregistrements DNS de votre domaine personnalisé {hostname} ({reason}). Ses liens courts continuent de fonctionner jusqu’au {until} ; ensuite, ils s’arrêteront jusqu’au retour des enregistrements.',
  'domain.misconfiguredForNow':
    'Nous ne trouvons plus les enregistrements DNS de votre domaine personnalisé {hostname} ({reason}). Ses liens courts continuent de fonctionner pour l’instant ; ensuite, ils s’arrêteront jusqu’au retour des enregistrements.',
  'domain.disabledByAdmin':
    'Un administrateur de QR Dynamic a désactivé votre domaine personnalisé {hostname} : {reason}. Ses liens courts répondent « introuvable » jusqu’à sa réactivation ; répondez à cet e-mail ou contactez-nous si vous pensez qu’il s’agit d’une erreur.',
  'domain.disabled':
    'Votre domaine personnalisé {hostname} a été désactivé : ses enregistrements DNS sont restés introuvables ({reason}). Ses liens courts répondent « introuvable » jusqu’à ce que les enregistrements soient rétablis et le domaine de nouveau vérifié.',
  'domain.check': '<link>Consultez ses enregistrements et vérifiez-le de nouveau</link>.',

  'emailChange.subject': 'L’adresse e-mail de votre compte QR Dynamic est en cours de modification',
  'emailChange.what':
    'Une personne connectée à votre compte QR Dynamic a demandé à remplacer son adresse e-mail par <b>{newEmail}</b>. Rien ne change tant que la nouvelle adresse n’est pas confirmée par le lien que nous y avons envoyé ; d’ici là, cette adresse reste celle de la connexion et de la réinitialisation du mot de passe.',
  'emailChange.notYou':
    'Si ce n’était pas vous, <passwordLink>changez votre mot de passe dès maintenant</passwordLink> et annulez la modification depuis la page de votre compte, ou <resetLink>réinitialisez votre mot de passe</resetLink>.',

  'confirmEmail.subject': 'Confirmez votre nouvelle adresse e-mail QR Dynamic',
  'confirmEmail.intro': 'Pour faire de cette adresse l’adresse e-mail de votre compte QR Dynamic, ouvrez ce lien dans les 24 heures :',
  'confirmEmail.button': 'Confirmer mon adresse e-mail',
  'confirmEmail.ignore': 'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : rien ne change.',

  'accountDeleted.subject': 'Votre compte QR Dynamic a été supprimé',
  'accountDeleted.byAdmin': 'Un administrateur a supprimé votre compte QR Dynamic.',
  'accountDeleted.byOwner': 'Votre compte QR Dynamic a été supprimé, comme vous l’avez demandé.',
  'accountDeleted.what':
    'Votre abonnement a été résilié immédiatement et ne sera pas renouvelé, vos codes QR ont cessé de fonctionner, et votre profil, vos codes et vos données de scan ont été effacés. Les documents de facturation ne sont conservés que le temps exigé par la législation fiscale.',
  'accountDeleted.contact': 'Si vous ne vous y attendiez pas, <link>écrivez-nous</link>.',

  'dataExport.subject': 'Votre export de données QR Dynamic est prêt',
  'dataExport.ready':
    'L’export de vos données QR Dynamic que vous avez demandé est prêt : un fichier ZIP contenant votre profil, vos documents de facturation, vos codes QR et leurs scans.',
  'dataExport.signIn': 'Connectez-vous d’abord pour le télécharger ; le lien ne fonctionne que pour vous :',
  'dataExport.button': 'Télécharger mes données',
  'dataExport.until': 'Il peut être téléchargé jusqu’au {until}, puis il sera supprimé. Vous le trouverez aussi sur <link>la page de votre compte</link>.',
  'dataExport.notYou': 'Si vous n’êtes pas à l’origine de cette demande, <link>changez votre mot de passe</link>.',

  'invitation.subject': '{inviter} vous invite à rejoindre « {workspace} » sur QR Dynamic',
  'invitation.what': '{inviter} vous invite à rejoindre l’espace de travail « {workspace} » sur QR Dynamic, avec le rôle « {role} ».',
  'invitation.join':
    'Pour le rejoindre, ouvrez ce lien (il fonctionne une seule fois, jusqu’au {until}) et connectez-vous avec le compte de cette adresse.',
  'invitation.button': 'Rejoindre {workspace}',
  'invitation.ignore': 'Si vous ne vous y attendiez pas, ignorez cet e-mail : rien ne se passe sans le lien.',
  'invitation.personalWorkspace': 'espace de travail de {owner}',
  'role.owner': 'propriétaire',
  'role.admin': 'administrateur',
  'role.editor': 'éditeur',
  'role.viewer': 'lecteur',
  'role.billing': 'responsable de la facturation',

  'billing.periodEnd': 'la fin de la période en cours',
  'billing.card': 'la carte {brand} se terminant par {last4}',
  'billing.cardOnFile': 'votre carte enregistrée',
  'billing.receipt.subject': 'Votre reçu QR Dynamic {invoice} : {total}',
  'billing.receipt.thanks': 'Merci pour votre paiement de {total} le {date} (facture {invoice}).',
  'billing.receipt.line': '{description} : {amount}',
  'billing.receipt.pdf': 'La facture, au format PDF, se trouve dans votre compte.',
  'billing.receipt.link': 'Vos factures',
  'billing.paymentFailed.subject': 'Votre paiement QR Dynamic a échoué',
  'billing.paymentFailed.what':
    'Nous n’avons pas pu débiter {amount} de votre carte pour le renouvellement de {seats, plural, one {votre # code QR} other {vos # codes QR}}.',
  'billing.paymentFailed.retry':
    'Vos codes continuent de rediriger pendant que nous réessayons au cours des prochains jours. Veuillez mettre à jour votre moyen de paiement afin que le renouvellement puisse être réglé.',
  'billing.paymentFailed.link': 'Mettre à jour votre moyen de paiement',
  'billing.renewal.subject': 'Votre abonnement QR Dynamic sera renouvelé le {date}',
  'billing.renewal.what':
    'Votre abonnement annuel sera renouvelé le {date} : {seats, plural, one {# code QR} other {# codes QR}} à {unitAmount} par an, {amount} au total, débités sur {card}.',
  'billing.renewal.change': 'Pour changer de formule ou résilier avant cette date, rendez-vous dans votre compte.',
  'billing.subscriptionLink': 'Votre abonnement',
  'billing.cancelled.subject': 'Votre abonnement QR Dynamic est résilié',
  'billing.cancelled.what':
    'Votre abonnement est résilié : plus rien ne sera prélevé. {seats, plural, one {Votre # code QR continue} other {Vos # codes QR continuent}} de fonctionner jusqu’à {date}, puis {seats, plural, one {cessera} other {cesseront}} de rediriger.',
  'billing.cancelled.resume': 'Vous avez changé d’avis ? Reprenez l’abonnement depuis votre compte avant cette date.',
  'billing.ended.subject': 'Votre abonnement QR Dynamic a pris fin',
  'billing.ended.what':
    'Votre abonnement a pris fin et {seats, plural, one {votre # code QR a cessé} other {vos # codes QR ont cessé}} de rediriger : les scans affichent désormais une page indiquant que le code n’est pas actif.',
  'billing.ended.again': 'Abonnez-vous de nouveau à tout moment pour réactiver tous vos codes.',
  'billing.ended.link': 'S’abonner de nouveau',
  'billing.restored.subject': 'Vos codes QR Dynamic fonctionnent de nouveau',
  'billing.restored.what':
    'Votre abonnement est de nouveau actif et {seats, plural, one {votre # code QR redirige} other {vos # codes QR redirigent}} de nouveau.',

  'weekly.subject': 'Vos codes QR cette semaine : {scans, plural, one {# scan} other {# scans}}',
  'weekly.period': 'Vos codes QR du {from} au {to} ({timeZone}) :',
  'weekly.scans': '<b>Scans : {scans}</b> ({change} ; {previous} la semaine précédente)',
  'weekly.unique': 'Visiteurs uniques : {unique}',
  'weekly.top': 'Codes les plus scannés :',
  'weekly.topCode': '{name} : {scans, plural, one {# scan} other {# scans}} ({change})',
  'weekly.none': 'Aucun de vos codes n’a été scanné cette semaine.',
  'weekly.change.new': 'nouveau cette semaine',
  'weekly.change.same': 'stable par rapport à la semaine précédente',
  'weekly.change.percent': '{percent} par rapport à la semaine précédente',
  'weekly.dashboard': '<link>Voir tous vos chiffres</link>',
  'weekly.why': 'Vous recevez cet e-mail parce que vous avez activé le rapport hebdomadaire.',
  'weekly.stop': 'Pour ne plus le recevoir : {url}',
  'weekly.unsubscribe': 'Se désabonner',
};

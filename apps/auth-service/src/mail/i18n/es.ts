import type { MailCatalogue } from './en';

export const es: MailCatalogue = {
  brand: 'QR Dynamic',
  hello: 'Hola, {name}:',
  helloAnonymous: 'Hola:',
  linkLine: '{label}: {url}',

  'passwordReset.subject': 'Restablece tu contraseña de QR Dynamic',
  'passwordReset.intro':
    'Alguien ha pedido restablecer la contraseña de tu cuenta de QR Dynamic. Para elegir una contraseña nueva, abre este enlace antes de que pase una hora:',
  'passwordReset.button': 'Restablecer mi contraseña',
  'passwordReset.ignore': 'Si no has sido tú, ignora este correo: tu contraseña seguirá siendo la misma.',

  'contact.subject': 'Formulario de contacto: {name}',
  'contact.from': '<b>De:</b> {sender}',

  'takedown.subject': 'Tu código QR «{name}» ha sido desactivado',
  'takedown.what': 'Hemos desactivado tu código QR «<b>{name}</b>» ({shortUrl}), que llevaba a {destination}.',
  'takedown.reason': '<b>Motivo:</b> {reason}',
  'takedown.appeal':
    'Quien lo escanee ahora verá una página que indica que el código ha sido desactivado. Si crees que se trata de un error, escríbenos desde nuestra <link>página de contacto</link> y una persona volverá a revisarlo.',

  'webhook.subject': 'Se ha desactivado un endpoint de webhooks de tu cuenta de QR Dynamic',
  'webhook.what':
    'Hemos dejado de enviar webhooks a {url}: {failures, plural, one {no se pudo entregar allí el último evento, tras reintentarlo durante aproximadamente un día} other {no se pudieron entregar allí los últimos # eventos, cada uno tras reintentarlo durante aproximadamente un día}}.',
  'webhook.enable':
    'El registro de entregas de tu cuenta muestra lo que respondió el endpoint. Cuando vuelva a funcionar, <link>actívalo de nuevo en tu cuenta</link>.',

  'domain.subject.misconfigured': 'Tu dominio personalizado {hostname} necesita tu atención',
  'domain.subject.disabled': 'Tu dominio personalizado {hostname} ha sido desactivado',
  'domain.misconfigured':
    'Ya no encontramos los registros DNS de tu dominio personalizado {hostname} ({reason}). Sus enlaces cortos seguirán funcionando hasta el {until}; después dejarán de funcionar hasta que los registros vuelvan a estar.',
  'domain.misconfiguredForNow':
    'Ya no encontramos los registros DNS de tu dominio personalizado {hostname} ({reason}). Sus enlaces cortos siguen funcionando por ahora; después dejarán de funcionar hasta que los registros vuelvan a estar.',
  'domain.disabledByAdmin':
    'Un administrador de QR Dynamic ha desactivado tu dominio personalizado {hostname}: {reason}. Sus enlaces cortos responden «no encontrado» hasta que se vuelva a activar; responde a este correo o contáctanos si crees que se trata de un error.',
  'domain.disabled':
    'Tu dominio personalizado {hostname} ha sido desactivado: sus registros DNS siguieron sin aparecer ({reason}). Sus enlaces cortos responden «no encontrado» hasta que los registros vuelvan a estar y el dominio se verifique de nuevo.',
  'domain.check': '<link>Consulta sus registros y vuelve a comprobarlo</link>.',

  'emailChange.subject': 'Se está cambiando la dirección de correo de tu cuenta de QR Dynamic',
  'emailChange.what':
    'Alguien con la sesión iniciada en tu cuenta de QR Dynamic ha pedido cambiar su dirección de correo a <b>{newEmail}</b>. No cambia nada hasta que se confirme la nueva dirección con el enlace que le hemos enviado; hasta entonces, esta dirección sigue siendo la de inicio de sesión y la del restablecimiento de contraseña.',
  'emailChange.notYou':
    'Si no has sido tú, <passwordLink>cambia tu contraseña ahora</passwordLink> y cancela el cambio en la página de tu cuenta, o <resetLink>restablece tu contraseña</resetLink>.',

  'confirmEmail.subject': 'Confirma tu nueva dirección de correo de QR Dynamic',
  'confirmEmail.intro': 'Para que esta sea la dirección de correo de tu cuenta de QR Dynamic, abre este enlace en las próximas 24 horas:',
  'confirmEmail.button': 'Confirmar mi dirección de correo',
  'confirmEmail.ignore': 'Si no lo has pedido tú, ignora este correo: no cambiará nada.',

  'accountDeleted.subject': 'Tu cuenta de QR Dynamic ha sido eliminada',
  'accountDeleted.byAdmin': 'Un administrador ha eliminado tu cuenta de QR Dynamic.',
  'accountDeleted.byOwner': 'Tu cuenta de QR Dynamic ha sido eliminada, como pediste.',
  'accountDeleted.what':
    'Tu suscripción se canceló de inmediato y no se renovará, tus códigos QR dejaron de funcionar y se borraron tu perfil, tus códigos y tus datos de escaneo. Los registros de facturación solo se conservan el tiempo que exige la legislación fiscal.',
  'accountDeleted.contact': 'Si no lo esperabas, <link>escríbenos</link>.',

  'dataExport.subject': 'Tu exportación de datos de QR Dynamic está lista',
  'dataExport.ready':
    'La exportación de tus datos de QR Dynamic que pediste está lista: un ZIP con tu perfil, tus registros de facturación, tus códigos QR y sus escaneos.',
  'dataExport.signIn': 'Inicia sesión primero para descargarla; el enlace solo funciona para ti:',
  'dataExport.button': 'Descargar mis datos',
  'dataExport.until': 'Puedes descargarla hasta el {until}; después se eliminará. También la encontrarás en <link>la página de tu cuenta</link>.',
  'dataExport.notYou': 'Si no lo has pedido tú, <link>cambia tu contraseña</link>.',

  'invitation.subject': '{inviter} te ha invitado a «{workspace}» en QR Dynamic',
  'invitation.what': '{inviter} te ha invitado al espacio de trabajo «{workspace}» en QR Dynamic, con el rol de {role}.',
  'invitation.join':
    'Para unirte, abre este enlace (funciona una sola vez, hasta el {until}) e inicia sesión con la cuenta de esta dirección.',
  'invitation.button': 'Unirme a {workspace}',
  'invitation.ignore': 'Si no lo esperabas, ignora este correo: sin el enlace no ocurre nada.',
  'invitation.personalWorkspace': 'espacio de trabajo de {owner}',
  'role.owner': 'propietario',
  'role.admin': 'administrador',
  'role.editor': 'editor',
  'role.viewer': 'lector',
  'role.billing': 'responsable de facturación',

  'billing.periodEnd': 'el final del periodo actual',
  'billing.card': 'la tarjeta {brand} terminada en {last4}',
  'billing.cardOnFile': 'tu tarjeta registrada',
  'billing.receipt.subject': 'Tu recibo de QR Dynamic {invoice}: {total}',
  'billing.receipt.thanks': 'Gracias por tu pago de {total} el {date} (factura {invoice}).',
  'billing.receipt.line': '{description}: {amount}',
  'billing.receipt.pdf': 'La factura, en PDF, está en tu cuenta.',
  'billing.receipt.link': 'Tus facturas',
  'billing.paymentFailed.subject': 'No se ha podido cobrar tu pago de QR Dynamic',
  'billing.paymentFailed.what':
    'No hemos podido cobrar {amount} en tu tarjeta por la renovación de {seats, plural, one {tu # código QR} other {tus # códigos QR}}.',
  'billing.paymentFailed.retry':
    'Tus códigos siguen redirigiendo mientras lo volvemos a intentar en los próximos días. Actualiza tu método de pago para que se pueda pagar la renovación.',
  'billing.paymentFailed.link': 'Actualizar tu método de pago',
  'billing.renewal.subject': 'Tu suscripción a QR Dynamic se renueva el {date}',
  'billing.renewal.what':
    'Tu suscripción anual se renueva el {date}: {seats, plural, one {# código QR} other {# códigos QR}} a {unitAmount} al año, {amount} en total, con cargo a {card}.',
  'billing.renewal.change': 'Para cambiar de plan o cancelar antes de esa fecha, ve a tu cuenta.',
  'billing.subscriptionLink': 'Tu suscripción',
  'billing.cancelled.subject': 'Tu suscripción a QR Dynamic está cancelada',
  'billing.cancelled.what':
    'Tu suscripción está cancelada: no se te cobrará nada más. {seats, plural, one {Tu # código QR sigue} other {Tus # códigos QR siguen}} funcionando hasta {date}; después {seats, plural, one {dejará} other {dejarán}} de redirigir.',
  'billing.cancelled.resume': '¿Has cambiado de opinión? Reanuda la suscripción desde tu cuenta antes de esa fecha.',
  'billing.ended.subject': 'Tu suscripción a QR Dynamic ha terminado',
  'billing.ended.what':
    'Tu suscripción ha terminado y {seats, plural, one {tu # código QR ha dejado} other {tus # códigos QR han dejado}} de redirigir: al escanear se muestra ahora una página que indica que el código no está activo.',
  'billing.ended.again': 'Vuelve a suscribirte cuando quieras para recuperar todos tus códigos.',
  'billing.ended.link': 'Volver a suscribirme',
  'billing.restored.subject': 'Tus códigos de QR Dynamic vuelven a funcionar',
  'billing.restored.what':
    'Tu suscripción vuelve a estar activa y {seats, plural, one {tu # código QR vuelve} other {tus # códigos QR vuelven}} a redirigir.',

  'weekly.subject': 'Tus códigos QR esta semana: {scans, plural, one {# escaneo} other {# escaneos}}',
  'weekly.period': 'Tus códigos QR del {from} al {to} ({timeZone}):',
  'weekly.scans': '<b>Escaneos: {scans}</b> ({change}; {previous} la semana anterior)',
  'weekly.unique': 'Visitantes únicos: {unique}',
  'weekly.top': 'Códigos más escaneados:',
  'weekly.topCode': '{name}: {scans, plural, one {# escaneo} other {# escaneos}} ({change})',
  'weekly.none': 'Ninguno de tus códigos se escaneó esta semana.',
  'weekly.change.new': 'nuevo esta semana',
  'weekly.change.same': 'igual que la semana anterior',
  'weekly.change.percent': '{percent} respecto a la semana anterior',
  'weekly.dashboard': '<link>Ver todas tus cifras</link>',
  'weekly.why': 'Recibes este correo porque activaste el informe semanal.',
  'weekly.stop': 'Para dejar de recibirlo: {url}',
  'weekly.unsubscribe': 'Cancelar la suscripción',
};

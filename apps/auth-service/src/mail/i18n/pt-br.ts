import type { MailCatalogue } from './en';

export const ptBR: MailCatalogue = {
  brand: 'QR Dynamic',
  hello: 'Olá, {name},',
  helloAnonymous: 'Olá,',
  linkLine: '{label}: {url}',

  'passwordReset.subject': 'Redefina sua senha do QR Dynamic',
  'passwordReset.intro':
    'Alguém pediu para redefinir a senha da sua conta do QR Dynamic. Para escolher uma nova senha, abra este link dentro de uma hora:',
  'passwordReset.button': 'Redefinir minha senha',
  'passwordReset.ignore': 'Se não foi você, ignore este e-mail: sua senha continua a mesma.',

  'contact.subject': 'Formulário de contato: {name}',
  'contact.from': '<b>De:</b> {sender}',

  'takedown.subject': 'Seu QR code “{name}” foi desativado',
  'takedown.what': 'Desativamos seu QR code “<b>{name}</b>” ({shortUrl}), que levava a {destination}.',
  'takedown.reason': '<b>Motivo:</b> {reason}',
  'takedown.appeal':
    'Quem escanear o código agora verá uma página informando que ele foi desativado. Se você acha que houve um engano, escreva para nós pela nossa <link>página de contato</link> e uma pessoa vai analisar o caso novamente.',

  'webhook.subject': 'Um endpoint de webhook da sua conta do QR Dynamic foi desativado',
  'webhook.what':
    'Paramos de enviar webhooks para {url}: {failures, plural, one {o último evento não pôde ser entregue ali, mesmo após novas tentativas durante cerca de um dia} other {os últimos # eventos não puderam ser entregues ali, cada um após novas tentativas durante cerca de um dia}}.',
  'webhook.enable':
    'O registro de entregas na sua conta mostra o que o endpoint respondeu. Quando ele voltar a funcionar, <link>reative-o na sua conta</link>.',

  'domain.subject.misconfigured': 'Seu domínio personalizado {hostname} precisa de atenção',
  'domain.subject.disabled': 'Seu domínio personalizado {hostname} foi desativado',
  'domain.misconfigured':
    'Não encontramos mais os registros DNS do seu domínio personalizado {hostname} ({reason}). Os links curtos dele continuam funcionando até {until}; depois disso, param até que os registros voltem.',
  'domain.misconfiguredForNow':
    'Não encontramos mais os registros DNS do seu domínio personalizado {hostname} ({reason}). Os links curtos dele continuam funcionando por enquanto; depois disso, param até que os registros voltem.',
  'domain.disabledByAdmin':
    'Um administrador do QR Dynamic desativou seu domínio personalizado {hostname}: {reason}. Os links curtos dele respondem “não encontrado” até que ele seja reativado; responda a este e-mail ou fale conosco se você acha que houve um engano.',
  'domain.disabled':
    'Seu domínio personalizado {hostname} foi desativado: os registros DNS dele continuaram ausentes ({reason}). Os links curtos dele respondem “não encontrado” até que os registros voltem e o domínio seja verificado novamente.',
  'domain.check': '<link>Veja os registros dele e verifique-o novamente</link>.',

  'emailChange.subject': 'O e-mail da sua conta do QR Dynamic está sendo alterado',
  'emailChange.what':
    'Alguém conectado à sua conta do QR Dynamic pediu para alterar o endereço de e-mail dela para <b>{newEmail}</b>. Nada muda até que o novo endereço seja confirmado pelo link que enviamos para ele; até lá, este endereço continua sendo o usado para entrar e para redefinir a senha.',
  'emailChange.notYou':
    'Se não foi você, <passwordLink>altere sua senha agora</passwordLink> e cancele a alteração na página da sua conta, ou <resetLink>redefina sua senha</resetLink>.',

  'confirmEmail.subject': 'Confirme seu novo e-mail do QR Dynamic',
  'confirmEmail.intro': 'Para tornar este o endereço de e-mail da sua conta do QR Dynamic, abra este link dentro de 24 horas:',
  'confirmEmail.button': 'Confirmar meu endereço de e-mail',
  'confirmEmail.ignore': 'Se você não pediu isso, ignore este e-mail: nada muda.',

  'accountDeleted.subject': 'Sua conta do QR Dynamic foi excluída',
  'accountDeleted.byAdmin': 'Um administrador excluiu sua conta do QR Dynamic.',
  'accountDeleted.byOwner': 'Sua conta do QR Dynamic foi excluída, como você pediu.',
  'accountDeleted.what':
    'Sua assinatura foi cancelada na hora e não será renovada, seus QR codes pararam de funcionar, e seu perfil, seus códigos e seus dados de leitura foram apagados. Os registros de cobrança são mantidos apenas pelo tempo que a legislação tributária exige.',
  'accountDeleted.contact': 'Se você não esperava por isso, <link>escreva para nós</link>.',

  'dataExport.subject': 'Sua exportação de dados do QR Dynamic está pronta',
  'dataExport.ready':
    'A exportação dos seus dados do QR Dynamic que você pediu está pronta: um ZIP com seu perfil, seus registros de cobrança, seus QR codes e as leituras deles.',
  'dataExport.signIn': 'Entre na sua conta antes de baixar; o link só funciona para você:',
  'dataExport.button': 'Baixar meus dados',
  'dataExport.until': 'Ela pode ser baixada até {until}; depois disso, será excluída. Você também a encontra na <link>página da sua conta</link>.',
  'dataExport.notYou': 'Se você não pediu isso, <link>altere sua senha</link>.',

  'invitation.subject': '{inviter} convidou você para “{workspace}” no QR Dynamic',
  'invitation.what': '{inviter} convidou você para o espaço de trabalho “{workspace}” no QR Dynamic, como {role}.',
  'invitation.join':
    'Para participar, abra este link (ele funciona uma única vez, até {until}) e entre com a conta deste endereço de e-mail.',
  'invitation.button': 'Entrar em {workspace}',
  'invitation.ignore': 'Se você não esperava por isso, ignore este e-mail: nada acontece sem o link.',
  'invitation.personalWorkspace': 'espaço de trabalho de {owner}',
  'role.owner': 'proprietário',
  'role.admin': 'administrador',
  'role.editor': 'editor',
  'role.viewer': 'leitor',
  'role.billing': 'responsável pela cobrança',

  'billing.periodEnd': 'o fim do período atual',
  'billing.card': 'no cartão {brand} com final {last4}',
  'billing.cardOnFile': 'no seu cartão cadastrado',
  'billing.receipt.subject': 'Seu recibo do QR Dynamic {invoice}: {total}',
  'billing.receipt.thanks': 'Obrigado pelo seu pagamento de {total} em {date} (fatura {invoice}).',
  'billing.receipt.line': '{description}: {amount}',
  'billing.receipt.pdf': 'A fatura, em PDF, está na sua conta.',
  'billing.receipt.link': 'Suas faturas',
  'billing.paymentFailed.subject': 'Seu pagamento do QR Dynamic falhou',
  'billing.paymentFailed.what':
    'Não conseguimos cobrar {amount} no seu cartão pela renovação {seats, plural, one {do seu # QR code} other {dos seus # QR codes}}.',
  'billing.paymentFailed.retry':
    'Seus códigos continuam redirecionando enquanto tentamos de novo nos próximos dias. Atualize sua forma de pagamento para que a renovação possa ser paga.',
  'billing.paymentFailed.link': 'Atualizar sua forma de pagamento',
  'billing.renewal.subject': 'Sua assinatura do QR Dynamic será renovada em {date}',
  'billing.renewal.what':
    'Sua assinatura anual será renovada em {date}: {seats, plural, one {# QR code} other {# QR codes}} a {unitAmount} por ano, {amount} no total, cobrados {card}.',
  'billing.renewal.change': 'Para mudar de plano ou cancelar antes disso, acesse sua conta.',
  'billing.subscriptionLink': 'Sua assinatura',
  'billing.cancelled.subject': 'Sua assinatura do QR Dynamic foi cancelada',
  'billing.cancelled.what':
    'Sua assinatura foi cancelada: nada mais será cobrado. {seats, plural, one {Seu # QR code continua} other {Seus # QR codes continuam}} funcionando até {date} e depois {seats, plural, one {deixa} other {deixam}} de redirecionar.',
  'billing.cancelled.resume': 'Mudou de ideia? Retome a assinatura na sua conta antes disso.',
  'billing.ended.subject': 'Sua assinatura do QR Dynamic terminou',
  'billing.ended.what':
    'Sua assinatura terminou e {seats, plural, one {seu # QR code parou} other {seus # QR codes pararam}} de redirecionar: quem escaneia agora vê uma página informando que o código não está ativo.',
  'billing.ended.again': 'Assine de novo quando quiser para trazer todos os códigos de volta.',
  'billing.ended.link': 'Assinar de novo',
  'billing.restored.subject': 'Seus códigos do QR Dynamic estão funcionando de novo',
  'billing.restored.what':
    'Sua assinatura está ativa de novo e {seats, plural, one {seu # QR code voltou} other {seus # QR codes voltaram}} a redirecionar.',

  'weekly.subject': 'Seus QR codes nesta semana: {scans, plural, one {# leitura} other {# leituras}}',
  'weekly.period': 'Seus QR codes de {from} a {to} ({timeZone}):',
  'weekly.scans': '<b>Leituras: {scans}</b> ({change}; {previous} na semana anterior)',
  'weekly.unique': 'Visitantes únicos: {unique}',
  'weekly.top': 'Códigos mais lidos:',
  'weekly.topCode': '{name}: {scans, plural, one {# leitura} other {# leituras}} ({change})',
  'weekly.none': 'Nenhum dos seus códigos foi escaneado nesta semana.',
  'weekly.change.new': 'novo nesta semana',
  'weekly.change.same': 'igual à semana anterior',
  'weekly.change.percent': '{percent} em relação à semana anterior',
  'weekly.dashboard': '<link>Ver todos os seus números</link>',
  'weekly.why': 'Você recebe este e-mail porque ativou o relatório semanal.',
  'weekly.stop': 'Para deixar de recebê-lo: {url}',
  'weekly.unsubscribe': 'Cancelar inscrição',
};

import type { MailCatalogue } from './en';

export const ja: MailCatalogue = {
  brand: 'QR Dynamic',
  hello: '{name} 様',
  helloAnonymous: 'こんにちは。',
  linkLine: '{label}：{url}',

  'passwordReset.subject': 'QR Dynamic のパスワードの再設定',
  'passwordReset.intro':
    'QR Dynamic アカウントのパスワードの再設定が依頼されました。新しいパスワードを設定するには、1 時間以内に次のリンクを開いてください。',
  'passwordReset.button': 'パスワードを再設定する',
  'passwordReset.ignore': 'お心当たりがない場合は、このメールを無視してください。パスワードは変更されません。',

  'contact.subject': 'お問い合わせフォーム：{name}',
  'contact.from': '<b>送信者：</b>{sender}',

  'takedown.subject': 'QR コード「{name}」を無効にしました',
  'takedown.what': '{destination} にリンクしていた QR コード「<b>{name}</b>」（{shortUrl}）を無効にしました。',
  'takedown.reason': '<b>理由：</b>{reason}',
  'takedown.appeal':
    '現在このコードを読み取ると、コードが無効にされたことを知らせるページが表示されます。誤りだと思われる場合は、<link>お問い合わせページ</link>からご連絡ください。担当者が改めて確認いたします。',

  'webhook.subject': 'QR Dynamic アカウントの Webhook エンドポイントを無効にしました',
  'webhook.what':
    '{url} への Webhook の送信を停止しました。{failures, plural, other {直近 # 件のイベントを、それぞれ約 1 日にわたって再試行しましたが、配信できませんでした}}。',
  'webhook.enable':
    'エンドポイントの応答内容は、アカウントの配信ログで確認できます。再び動作するようになったら、<link>アカウントで有効にしてください</link>。',

  'domain.subject.misconfigured': 'カスタムドメイン {hostname} の確認が必要です',
  'domain.subject.disabled': 'カスタムドメイン {hostname} を無効にしました',
  'domain.misconfigured':
    'カスタムドメイン {hostname} の DNS レコードが見つからなくなりました（{reason}）。短縮リンクは {until}まで引き続き機能しますが、その後はレコードが元に戻るまで停止します。',
  'domain.misconfiguredForNow':
    'カスタムドメイン {hostname} の DNS レコードが見つからなくなりました（{reason}）。短縮リンクは当面引き続き機能しますが、その後はレコードが元に戻るまで停止します。',
  'domain.disabledByAdmin':
    'QR Dynamic の管理者がカスタムドメイン {hostname} を無効にしました：{reason}。再び有効になるまで、短縮リンクは「見つかりません」と応答します。誤りだと思われる場合は、このメールに返信するか、お問い合わせください。',
  'domain.disabled':
    'DNS レコードが見つからない状態が続いたため（{reason}）、カスタムドメイン {hostname} を無効にしました。レコードが元に戻り、ドメインが再び確認されるまで、短縮リンクは「見つかりません」と応答します。',
  'domain.check': '<link>レコードを確認して、もう一度チェックしてください</link>。',

  'emailChange.subject': 'QR Dynamic のメールアドレスが変更されようとしています',
  'emailChange.what':
    'QR Dynamic アカウントにサインインしている方が、メールアドレスを <b>{newEmail}</b> に変更するよう依頼しました。新しいアドレスに送ったリンクで確認されるまで、何も変更されません。それまでは、このアドレスが引き続きサインインとパスワード再設定に使われます。',
  'emailChange.notYou':
    'お心当たりがない場合は、<passwordLink>今すぐパスワードを変更</passwordLink>して、アカウントページで変更を取り消すか、<resetLink>パスワードを再設定</resetLink>してください。',

  'confirmEmail.subject': 'QR Dynamic の新しいメールアドレスの確認',
  'confirmEmail.intro': 'このアドレスを QR Dynamic アカウントのメールアドレスにするには、24 時間以内に次のリンクを開いてください。',
  'confirmEmail.button': 'メールアドレスを確認する',
  'confirmEmail.ignore': 'お心当たりがない場合は、このメールを無視してください。何も変更されません。',

  'accountDeleted.subject': 'QR Dynamic アカウントを削除しました',
  'accountDeleted.byAdmin': '管理者があなたの QR Dynamic アカウントを削除しました。',
  'accountDeleted.byOwner': 'ご依頼に従い、QR Dynamic アカウントを削除しました。',
  'accountDeleted.what':
    'サブスクリプションは直ちに解約され、更新されることはありません。QR コードは機能しなくなり、プロフィール、コード、スキャンデータは消去されました。請求記録は、税法で定められた期間のみ保管されます。',
  'accountDeleted.contact': 'お心当たりがない場合は、<link>ご連絡ください</link>。',

  'dataExport.subject': 'QR Dynamic のデータのエクスポートが完了しました',
  'dataExport.ready':
    'ご依頼いただいた QR Dynamic のデータのエクスポートが完了しました。プロフィール、請求記録、QR コードとそのスキャンを含む ZIP ファイルです。',
  'dataExport.signIn': 'ダウンロードするには先にサインインしてください。このリンクはご本人だけが使えます。',
  'dataExport.button': 'データをダウンロードする',
  'dataExport.until': '{until}までダウンロードでき、その後は削除されます。<link>アカウントページ</link>からもアクセスできます。',
  'dataExport.notYou': 'お心当たりがない場合は、<link>パスワードを変更してください</link>。',

  'invitation.subject': '{inviter} さんから QR Dynamic の {workspace} への招待が届いています',
  'invitation.what': '{inviter} さんが、QR Dynamic のワークスペース「{workspace}」に {role}としてあなたを招待しました。',
  'invitation.join': '参加するには、次のリンク（1 回限り、{until}まで有効）を開き、このメールアドレスのアカウントでサインインしてください。',
  'invitation.button': '{workspace} に参加する',
  'invitation.ignore': 'お心当たりがない場合は、このメールを無視してください。リンクを開かない限り何も起こりません。',
  'invitation.personalWorkspace': '{owner} さんのワークスペース',
  'role.owner': 'オーナー',
  'role.admin': '管理者',
  'role.editor': '編集者',
  'role.viewer': '閲覧者',
  'role.billing': '請求担当者',

  'billing.periodEnd': '現在の期間の終了日',
  'billing.card': '末尾 {last4} の {brand}',
  'billing.cardOnFile': '登録済みのカード',
  'billing.receipt.subject': 'QR Dynamic の領収書 {invoice}：{total}',
  'billing.receipt.thanks': '{date}に {total} をお支払いいただき、ありがとうございます（請求書 {invoice}）。',
  'billing.receipt.line': '{description}：{amount}',
  'billing.receipt.pdf': '請求書の PDF はアカウントでご確認いただけます。',
  'billing.receipt.link': '請求書',
  'billing.paymentFailed.subject': 'QR Dynamic のお支払いができませんでした',
  'billing.paymentFailed.what': '{seats, plural, other {QR コード # 件}}の更新料金 {amount} をカードに請求できませんでした。',
  'billing.paymentFailed.retry':
    '今後数日間に再試行する間も、コードのリダイレクトは続きます。更新料金をお支払いいただけるよう、お支払い方法を更新してください。',
  'billing.paymentFailed.link': 'お支払い方法を更新する',
  'billing.renewal.subject': 'QR Dynamic のサブスクリプションは{date}に更新されます',
  'billing.renewal.what':
    '年間サブスクリプションは{date}に更新されます：{seats, plural, other {QR コード # 件}}、1 件あたり年額 {unitAmount}、合計 {amount} を {card} に請求します。',
  'billing.renewal.change': 'それまでにプランを変更または解約するには、アカウントにアクセスしてください。',
  'billing.subscriptionLink': 'サブスクリプション',
  'billing.cancelled.subject': 'QR Dynamic のサブスクリプションを解約しました',
  'billing.cancelled.what':
    'サブスクリプションを解約しました。今後請求されることはありません。{seats, plural, other {QR コード # 件}}は{date}まで機能し、その後はリダイレクトを停止します。',
  'billing.cancelled.resume': '気が変わった場合は、それまでにアカウントからサブスクリプションを再開してください。',
  'billing.ended.subject': 'QR Dynamic のサブスクリプションが終了しました',
  'billing.ended.what':
    'サブスクリプションが終了し、{seats, plural, other {QR コード # 件}}のリダイレクトを停止しました。現在読み取ると、コードが有効でないことを知らせるページが表示されます。',
  'billing.ended.again': 'いつでも再度ご登録いただければ、すべてのコードが元に戻ります。',
  'billing.ended.link': '再度登録する',
  'billing.restored.subject': 'QR Dynamic のコードが再び機能しています',
  'billing.restored.what': 'サブスクリプションが再び有効になり、{seats, plural, other {QR コード # 件}}のリダイレクトが再開しました。',

  'weekly.subject': '今週の QR コード：{scans, plural, other {# 回のスキャン}}',
  'weekly.period': '{from}～{to}（{timeZone}）の QR コード：',
  'weekly.scans': '<b>スキャン数：{scans}</b>（{change}、前週は {previous}）',
  'weekly.unique': 'ユニークスキャナー数：{unique}',
  'weekly.top': 'スキャンの多いコード：',
  'weekly.topCode': '{name}：{scans, plural, other {# 回}}（{change}）',
  'weekly.none': '今週スキャンされたコードはありませんでした。',
  'weekly.change.new': '今週の新規',
  'weekly.change.same': '前週と同じ',
  'weekly.change.percent': '前週比 {percent}',
  'weekly.dashboard': '<link>すべての数値を見る</link>',
  'weekly.why': 'このメールは、週間レポートを有効にしているためお送りしています。',
  'weekly.stop': '配信を停止するには：{url}',
  'weekly.unsubscribe': '配信を停止する',
};

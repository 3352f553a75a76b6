import type { MailCatalogue } from './en';

/** Arabic: the HTML part is written right to left (`dir="rtl"`). */
export const ar: MailCatalogue = {
  brand: 'QR Dynamic',
  hello: 'مرحبًا {name}،',
  helloAnonymous: 'مرحبًا،',
  linkLine: '{label}: {url}',

  'passwordReset.subject': 'إعادة تعيين كلمة مرور QR Dynamic',
  'passwordReset.intro': 'طلب أحدهم إعادة تعيين كلمة مرور حسابك في QR Dynamic. لاختيار كلمة مرور جديدة، افتح هذا الرابط خلال ساعة واحدة:',
  'passwordReset.button': 'إعادة تعيين كلمة المرور',
  'passwordReset.ignore': 'إذا لم تكن أنت من طلب ذلك، فتجاهل هذه الرسالة: ستبقى كلمة مرورك كما هي.',

  'contact.subject': 'نموذج الاتصال: {name}',
  'contact.from': '<b>من:</b> {sender}',

  'takedown.subject': 'تم تعطيل رمز QR الخاص بك «{name}»',
  'takedown.what': 'عطّلنا رمز QR الخاص بك «<b>{name}</b>» ({shortUrl})، الذي كان يؤدي إلى {destination}.',
  'takedown.reason': '<b>السبب:</b> {reason}',
  'takedown.appeal':
    'من يمسح الرمز الآن يرى صفحة تفيد بأنه قد عُطّل. إذا كنت تعتقد أن هذا خطأ، فراسلنا عبر <link>صفحة الاتصال</link> وسيراجع أحد موظفينا الأمر من جديد.',

  'webhook.subject': 'تم تعطيل نقطة نهاية Webhook في حسابك على QR Dynamic',
  'webhook.what':
    'أوقفنا إرسال الـ Webhooks إلى {url}: {failures, plural, one {تعذّر تسليم الحدث الأخير إليها رغم إعادة المحاولة لمدة يوم تقريبًا} two {تعذّر تسليم الحدثين الأخيرين إليها، كلٌّ منهما رغم إعادة المحاولة لمدة يوم تقريبًا} few {تعذّر تسليم آخر # أحداث إليها، كلٌّ منها رغم إعادة المحاولة لمدة يوم تقريبًا} many {تعذّر تسليم آخر # حدثًا إليها، كلٌّ منها رغم إعادة المحاولة لمدة يوم تقريبًا} other {تعذّر تسليم آخر # حدث إليها، كلٌّ منها رغم إعادة المحاولة لمدة يوم تقريبًا}}.',
  'webhook.enable': 'يعرض سجل التسليم في حسابك ما أجابت به نقطة النهاية. وعندما تعود إلى العمل، <link>فعّلها من جديد في حسابك</link>.',

  'domain.subject.misconfigured': 'نطاقك المخصص {hostname} يحتاج إلى انتباهك',
  'domain.subject.disabled': 'تم تعطيل نطاقك المخصص {hostname}',
  'domain.misconfigured':
    'لم نعد نجد سجلات DNS لنطاقك المخصص {hostname} ({reason}). ستظل روابطه المختصرة تعمل حتى {until}، ثم تتوقف إلى أن تعود السجلات.',
  'domain.misconfiguredForNow':
    'لم نعد نجد سجلات DNS لنطاقك المخصص {hostname} ({reason}). لا تزال روابطه المختصرة تعمل في الوقت الحالي، ثم تتوقف إلى أن تعود السجلات.',
  'domain.disabledByAdmin':
    'عطّل أحد مسؤولي QR Dynamic نطاقك المخصص {hostname}: {reason}. ستجيب روابطه المختصرة بـ«غير موجود» إلى أن يُفعَّل من جديد؛ ردّ على هذه الرسالة أو تواصل معنا إذا كنت تعتقد أن هذا خطأ.',
  'domain.disabled':
    'تم تعطيل نطاقك المخصص {hostname}: ظلت سجلات DNS الخاصة به مفقودة ({reason}). ستجيب روابطه المختصرة بـ«غير موجود» إلى أن تعود السجلات ويُتحقَّق من النطاق من جديد.',
  'domain.check': '<link>اطّلع على سجلاته وتحقّق منه من جديد</link>.',

  'emailChange.subject': 'جارٍ تغيير عنوان البريد الإلكتروني لحسابك في QR Dynamic',
  'emailChange.what':
    'طلب شخص مسجَّل الدخول إلى حسابك في QR Dynamic تغيير عنوان بريده الإلكتروني إلى <b>{newEmail}</b>. لن يتغير شيء قبل تأكيد العنوان الجديد عبر الرابط الذي أرسلناه إليه؛ وحتى ذلك الحين يبقى هذا العنوان هو المستخدم لتسجيل الدخول وإعادة تعيين كلمة المرور.',
  'emailChange.notYou':
    'إذا لم تكن أنت، <passwordLink>فغيّر كلمة مرورك الآن</passwordLink> وألغِ التغيير من صفحة حسابك، أو <resetLink>أعد تعيين كلمة مرورك</resetLink>.',

  'confirmEmail.subject': 'أكّد عنوان بريدك الإلكتروني الجديد في QR Dynamic',
  'confirmEmail.intro': 'لجعل هذا العنوان عنوان البريد الإلكتروني لحسابك في QR Dynamic، افتح هذا الرابط خلال 24 ساعة:',
  'confirmEmail.button': 'تأكيد عنوان بريدي الإلكتروني',
  'confirmEmail.ignore': 'إذا لم تطلب ذلك، فتجاهل هذه الرسالة: لن يتغير شيء.',

  'accountDeleted.subject': 'تم حذف حسابك في QR Dynamic',
  'accountDeleted.byAdmin': 'حذف أحد المسؤولين حسابك في QR Dynamic.',
  'accountDeleted.byOwner': 'تم حذف حسابك في QR Dynamic كما طلبت.',
  'accountDeleted.what':
    'أُلغي اشتراكك فورًا ولن يُجدَّد، وتوقفت رموز QR الخاصة بك عن العمل، ومُحي ملفك الشخصي ورموزك وبيانات المسح. ولا نحتفظ بسجلات الفوترة إلا للمدة التي يفرضها قانون الضرائب.',
  'accountDeleted.contact': 'إذا لم تكن تتوقع ذلك، <link>فراسلنا</link>.',

  'dataExport.subject': 'تصدير بياناتك من QR Dynamic جاهز',
  'dataExport.ready': 'أصبح تصدير بياناتك في QR Dynamic الذي طلبته جاهزًا: ملف ZIP يضم ملفك الشخصي وسجلات الفوترة ورموز QR وعمليات مسحها.',
  'dataExport.signIn': 'سجّل الدخول أولًا لتنزيله؛ فالرابط لا يعمل إلا لك:',
  'dataExport.button': 'تنزيل بياناتي',
  'dataExport.until': 'يمكن تنزيله حتى {until}، ثم يُحذف. ويمكنك أيضًا العثور عليه في <link>صفحة حسابك</link>.',
  'dataExport.notYou': 'إذا لم تطلب ذلك، <link>فغيّر كلمة مرورك</link>.',

  'invitation.subject': 'دعاك {inviter} إلى {workspace} على QR Dynamic',
  'invitation.what': 'دعاك {inviter} إلى مساحة العمل «{workspace}» على QR Dynamic بصفة {role}.',
  'invitation.join': 'للانضمام، افتح هذا الرابط (يعمل مرة واحدة، حتى {until}) وسجّل الدخول بالحساب المرتبط بهذا العنوان.',
  'invitation.button': 'الانضمام إلى {workspace}',
  'invitation.ignore': 'إذا لم تكن تتوقع هذه الدعوة، فتجاهل هذه الرسالة: لن يحدث شيء دون الرابط.',
  'invitation.personalWorkspace': 'مساحة عمل {owner}',
  'role.owner': 'مالك',
  'role.admin': 'مسؤول',
  'role.editor': 'محرر',
  'role.viewer': 'مشاهد',
  'role.billing': 'مسؤول الفوترة',

  'billing.periodEnd': 'نهاية الفترة الحالية',
  'billing.card': 'بطاقة {brand} المنتهية بـ {last4}',
  'billing.cardOnFile': 'بطاقتك المسجلة',
  'billing.receipt.subject': 'إيصالك من QR Dynamic رقم {invoice}: {total}',
  'billing.receipt.thanks': 'شكرًا لك على دفع {total} بتاريخ {date} (الفاتورة {invoice}).',
  'billing.receipt.line': '{description}: {amount}',
  'billing.receipt.pdf': 'الفاتورة بصيغة PDF متاحة في حسابك.',
  'billing.receipt.link': 'فواتيرك',
  'billing.paymentFailed.subject': 'تعذّر إتمام دفعتك إلى QR Dynamic',
  'billing.paymentFailed.what':
    'تعذّر علينا خصم {amount} من بطاقتك لتجديد {seats, plural, one {رمز QR واحد} two {رمزَي QR} few {# رموز QR} many {# رمزًا QR} other {# رمز QR}}.',
  'billing.paymentFailed.retry': 'تستمر رموزك في إعادة التوجيه بينما نعيد المحاولة خلال الأيام القادمة. يُرجى تحديث وسيلة الدفع حتى يمكن سداد التجديد.',
  'billing.paymentFailed.link': 'تحديث وسيلة الدفع',
  'billing.renewal.subject': 'يتجدد اشتراكك في QR Dynamic بتاريخ {date}',
  'billing.renewal.what':
    'يتجدد اشتراكك السنوي بتاريخ {date}: {seats, plural, one {رمز QR واحد} two {رمزا QR} few {# رموز QR} many {# رمزًا QR} other {# رمز QR}} بسعر {unitAmount} سنويًا للرمز، أي {amount} إجمالًا، تُخصم من {card}.',
  'billing.renewal.change': 'لتغيير خطتك أو الإلغاء قبل ذلك الموعد، انتقل إلى حسابك.',
  'billing.subscriptionLink': 'اشتراكك',
  'billing.cancelled.subject': 'تم إلغاء اشتراكك في QR Dynamic',
  'billing.cancelled.what':
    'تم إلغاء اشتراكك: لن يُخصم أي مبلغ آخر. {seats, plural, one {سيظل رمز QR الخاص بك يعمل} two {سيظل رمزا QR الخاصان بك يعملان} few {ستظل رموز QR الـ# الخاصة بك تعمل} many {ستظل رموز QR الـ# الخاصة بك تعمل} other {ستظل رموز QR الـ# الخاصة بك تعمل}} حتى {date}، ثم تتوقف إعادة التوجيه.',
  'billing.cancelled.resume': 'هل غيّرت رأيك؟ استأنف الاشتراك من حسابك قبل ذلك الموعد.',
  'billing.ended.subject': 'انتهى اشتراكك في QR Dynamic',
  'billing.ended.what':
    'انتهى اشتراكك وتوقفت إعادة التوجيه في {seats, plural, one {رمز QR الخاص بك} two {رمزَي QR الخاصين بك} few {رموز QR الـ# الخاصة بك} many {رموز QR الـ# الخاصة بك} other {رموز QR الـ# الخاصة بك}}: تعرض عمليات المسح الآن صفحة تفيد بأن الرمز غير نشط.',
  'billing.ended.again': 'اشترك من جديد في أي وقت لاستعادة جميع رموزك.',
  'billing.ended.link': 'الاشتراك من جديد',
  'billing.restored.subject': 'عادت رموزك في QR Dynamic إلى العمل',
  'billing.restored.what':
    'أصبح اشتراكك نشطًا من جديد، و{seats, plural, one {عاد رمز QR الخاص بك} two {عاد رمزا QR الخاصان بك} few {عادت رموز QR الـ# الخاصة بك} many {عادت رموز QR الـ# الخاصة بك} other {عادت رموز QR الـ# الخاصة بك}} إلى إعادة التوجيه.',

  'weekly.subject': 'رموز QR الخاصة بك هذا الأسبوع: {scans, plural, zero {لا عمليات مسح} one {عملية مسح واحدة} two {عمليتا مسح} few {# عمليات مسح} many {# عملية مسح} other {# عملية مسح}}',
  'weekly.period': 'رموز QR الخاصة بك من {from} إلى {to} ({timeZone}):',
  'weekly.scans': '<b>عمليات المسح: {scans}</b> ({change}؛ {previous} في الأسبوع السابق)',
  'weekly.unique': 'الماسحون الفريدون: {unique}',
  'weekly.top': 'الرموز الأكثر مسحًا:',
  'weekly.topCode': '{name}: {scans, plural, zero {لا عمليات مسح} one {عملية مسح واحدة} two {عمليتا مسح} few {# عمليات مسح} many {# عملية مسح} other {# عملية مسح}} ({change})',
  'weekly.none': 'لم يُمسح أي من رموزك هذا الأسبوع.',
  'weekly.change.new': 'جديد هذا الأسبوع',
  'weekly.change.same': 'مثل الأسبوع السابق',
  'weekly.change.percent': '{percent} مقارنة بالأسبوع السابق',
  'weekly.dashboard': '<link>عرض جميع أرقامك</link>',
  'weekly.why': 'تصلك هذه الرسالة لأنك فعّلت التقرير الأسبوعي.',
  'weekly.stop': 'لإيقافها: {url}',
  'weekly.unsubscribe': 'إلغاء الاشتراك',
};

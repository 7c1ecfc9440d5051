import type { STATIC_PAGE_KINDS } from "../../constants";
import type { L, RichSource } from "./types";

export interface PageSource {
  kind: (typeof STATIC_PAGE_KINDS)[number];
  updatedAt: string;
  title: L;
  intro: L;
  body: L<RichSource>;
}

export const STATIC_PAGES: PageSource[] = [
  {
    kind: "about",
    updatedAt: "2025-01-05",
    title: { en: "About Rihla", ru: "О компании Rihla", zh: "关于Rihla", ar: "عن رحلة" },
    intro: {
      en: "Rihla is a travel company from Riyadh. Since 2020 we have helped travellers book more than 3,000 tours, attractions and cruises worldwide.",
      ru: "Rihla — туристическая компания из Эр-Рияда. С 2020 года мы помогли путешественникам забронировать более 3000 экскурсий, достопримечательностей и круизов по всему миру.",
      zh: "Rihla是一家来自利雅得的旅游公司。自2020年以来，我们已帮助旅行者在全球预订了3000多项旅游、景点和游船项目。",
      ar: "رحلة شركة سفر من الرياض. منذ عام 2020 نساعد المسافرين على حجز أكثر من 3000 جولة ومعلم ورحلة بحرية حول العالم.",
    },
    body: {
      en: [
        "Rihla means “journey” in Arabic. We started with desert safaris and heritage tours in Saudi Arabia and now work with trusted local suppliers in more than 40 cities.",
        "## What we promise",
        "- Clear prices in your currency, with no hidden fees",
        "- Support in Arabic, English, Russian and Chinese by chat, phone, email and WhatsApp",
        "- Free cancellation on most experiences",
        "Questions? [Contact us](/contact-us).",
      ],
      ru: [
        "«Рихля» по-арабски означает «путешествие». Мы начинали с сафари и исторических туров по Саудовской Аравии, а сейчас работаем с проверенными местными партнёрами более чем в 40 городах.",
        "## Наши обещания",
        "- Понятные цены в вашей валюте без скрытых сборов",
        "- Поддержка на арабском, английском, русском и китайском в чате, по телефону, почте и WhatsApp",
        "- Бесплатная отмена для большинства впечатлений",
        "Есть вопросы? [Свяжитесь с нами](/ru/contact-us).",
      ],
      zh: [
        "Rihla在阿拉伯语中意为“旅程”。我们从沙特阿拉伯的沙漠之旅和遗产游起步，现在与40多个城市值得信赖的当地供应商合作。",
        "## 我们的承诺",
        "- 以您的货币清晰标价，无隐藏费用",
        "- 通过在线聊天、电话、邮件和WhatsApp提供阿拉伯语、英语、俄语和中文支持",
        "- 大多数体验可免费取消",
        "有疑问？[联系我们](/zh/contact-us)。",
      ],
      ar: [
        "«رحلة» كلمة عربية تعني السفر. بدأنا برحلات السفاري والجولات التراثية في المملكة العربية السعودية، ونعمل اليوم مع مزودين محليين موثوقين في أكثر من 40 مدينة.",
        "## وعودنا",
        "- أسعار واضحة بعملتك دون رسوم خفية",
        "- دعم بالعربية والإنجليزية والروسية والصينية عبر الدردشة والهاتف والبريد وواتساب",
        "- إلغاء مجاني لمعظم التجارب",
        "لديك أسئلة؟ [تواصل معنا](/ar/contact-us).",
      ],
    },
  },
  {
    kind: "privacy-policy",
    updatedAt: "2025-03-01",
    title: { en: "Privacy policy", ru: "Политика конфиденциальности", zh: "隐私政策", ar: "سياسة الخصوصية" },
    intro: {
      en: "This policy explains what personal data Rihla collects when you browse and book, why, and the rights you have.",
      ru: "Эта политика объясняет, какие персональные данные Rihla собирает при просмотре и бронировании, зачем и какие у вас есть права.",
      zh: "本政策说明Rihla在您浏览和预订时收集哪些个人数据、用途以及您享有的权利。",
      ar: "توضح هذه السياسة البيانات الشخصية التي تجمعها رحلة عند التصفح والحجز، وسبب جمعها، وحقوقك.",
    },
    body: {
      en: [
        "## Data we collect",
        "- Your name, email and phone number when you book or create an account",
        "- Booking details shared with the supplier who runs your experience",
        "- Cookies for your language, cart and session",
        "## How we use it",
        "We use your data to fulfil bookings, send tickets and updates, and prevent fraud. Card payments are handled by our payment provider; we never store card numbers.",
        "## Your rights",
        "You may ask to see, correct or delete your data by writing to [support@rihla.example](mailto:support@rihla.example). We answer within 30 days, in line with the Saudi Personal Data Protection Law.",
      ],
      ru: [
        "## Какие данные мы собираем",
        "- Имя, email и номер телефона при бронировании или регистрации",
        "- Данные бронирования, которые передаются поставщику впечатления",
        "- Файлы cookie для языка, корзины и сессии",
        "## Как мы их используем",
        "Мы используем данные, чтобы выполнять бронирования, отправлять билеты и уведомления и предотвращать мошенничество. Оплату картой обрабатывает платёжный провайдер; номера карт мы не храним.",
        "## Ваши права",
        "Вы можете запросить доступ к своим данным, их исправление или удаление, написав на [support@rihla.example](mailto:support@rihla.example). Мы отвечаем в течение 30 дней в соответствии с законом Саудовской Аравии о защите персональных данных.",
      ],
      zh: [
        "## 我们收集的数据",
        "- 预订或注册账户时提供的姓名、电子邮件和电话号码",
        "- 与运营您体验的供应商共享的预订信息",
        "- 用于语言、购物车和会话的Cookie",
        "## 我们如何使用",
        "我们使用您的数据来完成预订、发送门票和通知以及防范欺诈。银行卡付款由支付服务商处理，我们从不存储卡号。",
        "## 您的权利",
        "您可发送邮件至[support@rihla.example](mailto:support@rihla.example)，要求查看、更正或删除您的数据。我们将依照沙特《个人数据保护法》在30天内答复。",
      ],
      ar: [
        "## البيانات التي نجمعها",
        "- اسمك وبريدك الإلكتروني ورقم هاتفك عند الحجز أو إنشاء حساب",
        "- تفاصيل الحجز التي نشاركها مع المزوّد الذي ينظم تجربتك",
        "- ملفات تعريف الارتباط للغة والسلة والجلسة",
        "## كيف نستخدمها",
        "نستخدم بياناتك لتنفيذ الحجوزات وإرسال التذاكر والتحديثات ومنع الاحتيال. يعالج مزوّد الدفع عمليات البطاقات، ولا نخزّن أرقام البطاقات أبداً.",
        "## حقوقك",
        "يحق لك طلب الاطلاع على بياناتك أو تصحيحها أو حذفها بمراسلة [support@rihla.example](mailto:support@rihla.example). نرد خلال 30 يوماً وفق نظام حماية البيانات الشخصية في المملكة.",
      ],
    },
  },
  {
    kind: "terms-and-conditions",
    updatedAt: "2025-03-01",
    title: { en: "Terms and conditions", ru: "Условия использования", zh: "条款和条件", ar: "الشروط والأحكام" },
    intro: {
      en: "These terms apply to every booking made on Rihla. Please read them together with the cancellation policy of each experience.",
      ru: "Эти условия действуют для каждого бронирования на Rihla. Читайте их вместе с условиями отмены каждого впечатления.",
      zh: "这些条款适用于在Rihla上进行的每一笔预订。请结合各体验的取消政策一并阅读。",
      ar: "تنطبق هذه الشروط على كل حجز يتم عبر رحلة. يرجى قراءتها مع سياسة الإلغاء الخاصة بكل تجربة.",
    },
    body: {
      en: [
        "## 1. Who we are",
        "Rihla Travel and Tourism Co., Riyadh, Kingdom of Saudi Arabia, acts as an agent for the suppliers who run the experiences.",
        "## 2. Bookings and prices",
        "A booking is binding once confirmed. Prices include VAT where applicable. Experiences confirmed on request are charged only after confirmation.",
        "## 3. Cancellations and refunds",
        "Each experience states its cancellation policy. Failed bookings are refunded within 24 hours.",
        "## 4. Governing law",
        "These terms are governed by the laws of the Kingdom of Saudi Arabia.",
      ],
      ru: [
        "## 1. Кто мы",
        "Rihla Travel and Tourism Co., Эр-Рияд, Королевство Саудовская Аравия, выступает агентом поставщиков, проводящих впечатления.",
        "## 2. Бронирования и цены",
        "Бронирование становится обязательным после подтверждения. Цены включают НДС, если он применяется. Впечатления с подтверждением по запросу оплачиваются только после подтверждения.",
        "## 3. Отмена и возвраты",
        "У каждого впечатления указаны условия отмены. Средства за неудавшиеся бронирования возвращаются в течение 24 часов.",
        "## 4. Применимое право",
        "Эти условия регулируются законодательством Королевства Саудовская Аравия.",
      ],
      zh: [
        "## 1. 关于我们",
        "Rihla旅游观光公司（沙特阿拉伯王国利雅得）作为体验项目运营供应商的代理。",
        "## 2. 预订与价格",
        "预订一经确认即具约束力。价格已含适用的增值税。需确认的体验仅在确认后扣款。",
        "## 3. 取消与退款",
        "每项体验均注明其取消政策。预订失败的款项将在24小时内退还。",
        "## 4. 适用法律",
        "本条款受沙特阿拉伯王国法律管辖。",
      ],
      ar: [
        "## 1. من نحن",
        "شركة رحلة للسفر والسياحة، الرياض، المملكة العربية السعودية، تعمل وكيلاً عن المزودين الذين ينظمون التجارب.",
        "## 2. الحجوزات والأسعار",
        "يصبح الحجز ملزماً بعد تأكيده. تشمل الأسعار ضريبة القيمة المضافة حيثما تنطبق. التجارب التي تُؤكَّد عند الطلب لا تُحصَّل قيمتها إلا بعد التأكيد.",
        "## 3. الإلغاء والاسترداد",
        "لكل تجربة سياسة إلغاء خاصة بها. تُسترد مبالغ الحجوزات الفاشلة خلال 24 ساعة.",
        "## 4. القانون الحاكم",
        "تخضع هذه الشروط لأنظمة المملكة العربية السعودية.",
      ],
    },
  },
  {
    kind: "contact-us",
    updatedAt: "2025-02-10",
    title: { en: "Contact us", ru: "Контакты", zh: "联系我们", ar: "تواصل معنا" },
    intro: {
      en: "Our team in Riyadh answers every day from 9 am to 11 pm (Saudi time) in Arabic, English, Russian and Chinese.",
      ru: "Наша команда в Эр-Рияде отвечает ежедневно с 9:00 до 23:00 (по саудовскому времени) на арабском, английском, русском и китайском.",
      zh: "我们在利雅得的团队每天上午9点至晚上11点（沙特时间）以阿拉伯语、英语、俄语和中文为您服务。",
      ar: "يرد فريقنا في الرياض يومياً من التاسعة صباحاً حتى الحادية عشرة مساءً بتوقيت السعودية بالعربية والإنجليزية والروسية والصينية.",
    },
    body: {
      en: [
        "- Phone: [+966 11 520 4400](tel:+966115204400)",
        "- Email: [support@rihla.example](mailto:support@rihla.example)",
        "- WhatsApp: [+966 55 512 3456](https://wa.me/966555123456)",
        "Our office: King Fahd Road, Al Olaya, Riyadh 12214, Saudi Arabia.",
      ],
      ru: [
        "- Телефон: [+966 11 520 4400](tel:+966115204400)",
        "- Email: [support@rihla.example](mailto:support@rihla.example)",
        "- WhatsApp: [+966 55 512 3456](https://wa.me/966555123456)",
        "Наш офис: улица Короля Фахда, район Аль-Олая, Эр-Рияд 12214, Саудовская Аравия.",
      ],
      zh: [
        "- 电话：[+966 11 520 4400](tel:+966115204400)",
        "- 邮箱：[support@rihla.example](mailto:support@rihla.example)",
        "- WhatsApp：[+966 55 512 3456](https://wa.me/966555123456)",
        "办公地址：沙特阿拉伯利雅得奥拉亚区法赫德国王路，邮编12214。",
      ],
      ar: [
        "- الهاتف: [+966 11 520 4400](tel:+966115204400)",
        "- البريد الإلكتروني: [support@rihla.example](mailto:support@rihla.example)",
        "- واتساب: [+966 55 512 3456](https://wa.me/966555123456)",
        "مكتبنا: طريق الملك فهد، حي العليا، الرياض 12214، المملكة العربية السعودية.",
      ],
    },
  },
];

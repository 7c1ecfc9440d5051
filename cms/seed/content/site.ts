import type { L } from "./types";

export const SITE_NAME: L = { en: "Rihla", ru: "Rihla", zh: "Rihla", ar: "رحلة" };

export const SUPPORT = {
  phone: "+966 11 520 4400",
  email: "support@rihla.example",
  whatsapp: "+966555123456",
  chatUrl: "https://chat.rihla.example/",
};

export const SOCIAL_LINKS = [
  { platform: "instagram", url: "https://www.instagram.com/rihla.travel" },
  { platform: "x", url: "https://x.com/rihlatravel" },
  { platform: "tiktok", url: "https://www.tiktok.com/@rihla.travel" },
  { platform: "snapchat", url: "https://www.snapchat.com/add/rihlatravel" },
];

export interface ThemeSource {
  slug: string;
  order: number;
  title: L;
  description: L;
}

export const THEMES: ThemeSource[] = [
  {
    slug: "family-fun",
    order: 10,
    title: { en: "Family fun", ru: "Отдых с семьёй", zh: "亲子游乐", ar: "مرح عائلي" },
    description: {
      en: "Theme parks, aquariums and gentle adventures the whole family will love.",
      ru: "Тематические парки, океанариумы и спокойные приключения для всей семьи.",
      zh: "主题公园、水族馆和适合全家的轻松冒险。",
      ar: "مدن ترفيهية وأحواض أسماك ومغامرات لطيفة تحبها العائلة كلها.",
    },
  },
  {
    slug: "heritage-and-culture",
    order: 20,
    title: { en: "Heritage and culture", ru: "История и культура", zh: "历史与文化", ar: "التراث والثقافة" },
    description: {
      en: "Ancient sites, old towns and museums with guides who bring history to life.",
      ru: "Древние памятники, старые города и музеи с гидами, которые оживляют историю.",
      zh: "古迹、老城和博物馆，导游让历史鲜活起来。",
      ar: "مواقع أثرية ومدن قديمة ومتاحف مع مرشدين يحيون التاريخ.",
    },
  },
  {
    slug: "desert-adventures",
    order: 30,
    title: { en: "Desert adventures", ru: "Приключения в пустыне", zh: "沙漠探险", ar: "مغامرات الصحراء" },
    description: {
      en: "Dune bashing, camel treks and nights under the stars.",
      ru: "Катание по дюнам, прогулки на верблюдах и ночи под звёздами.",
      zh: "冲沙、骆驼骑行和星空下的夜晚。",
      ar: "تطعيس على الكثبان ورحلات على الجمال وليالٍ تحت النجوم.",
    },
  },
  {
    slug: "romantic-escapes",
    order: 40,
    title: { en: "Romantic escapes", ru: "Романтический отдых", zh: "浪漫之旅", ar: "رحلات رومانسية" },
    description: {
      en: "Sunset cruises, private dinners and views made for two.",
      ru: "Круизы на закате, ужины вдвоём и виды, созданные для пары.",
      zh: "日落游船、私人晚餐和二人专属美景。",
      ar: "رحلات بحرية عند الغروب وعشاء خاص ومناظر لشخصين.",
    },
  },
  {
    slug: "food-lovers",
    order: 50,
    title: { en: "For food lovers", ru: "Для гурманов", zh: "美食之旅", ar: "لعشاق الطعام" },
    description: {
      en: "Market walks, cooking classes and tasting tours with local chefs.",
      ru: "Прогулки по рынкам, кулинарные классы и дегустации с местными шеф-поварами.",
      zh: "逛市场、烹饪课和跟随当地厨师的品尝之旅。",
      ar: "جولات في الأسواق ودروس طهي وجولات تذوق مع طهاة محليين.",
    },
  },
  {
    slug: "sea-and-sun",
    order: 60,
    title: { en: "Sea and sun", ru: "Море и солнце", zh: "阳光与海洋", ar: "البحر والشمس" },
    description: {
      en: "Snorkelling, yacht charters and island days on the Red Sea and beyond.",
      ru: "Снорклинг, аренда яхт и дни на островах Красного моря и не только.",
      zh: "在红海及更远的地方浮潜、包船出海和海岛度假。",
      ar: "غطس واستئجار يخوت وأيام على جزر البحر الأحمر وما بعده.",
    },
  },
];

export interface TestimonialSource {
  key: string;
  rating: number;
  date: string;
  name: L;
  location: L;
  activity: L;
  quote: L;
}

export const TESTIMONIALS: TestimonialSource[] = [
  {
    key: "ahmed-desert-safari",
    rating: 5,
    date: "2025-01-18",
    name: { en: "Ahmed K.", ru: "Ахмед К.", zh: "艾哈迈德·K", ar: "أحمد ك." },
    location: { en: "Riyadh", ru: "Эр-Рияд", zh: "利雅得", ar: "الرياض" },
    activity: { en: "Evening desert safari, Dubai", ru: "Вечернее сафари, Дубай", zh: "迪拜傍晚沙漠之旅", ar: "سفاري المساء، دبي" },
    quote: {
      en: "Pick-up was on time, the driver was careful on the dunes and the dinner was excellent. My children still talk about the camels.",
      ru: "Трансфер приехал вовремя, водитель аккуратно ехал по дюнам, а ужин был отличным. Дети до сих пор вспоминают верблюдов.",
      zh: "准时接送，司机在沙丘上驾驶很稳，晚餐也非常棒。孩子们至今还在谈论骆驼。",
      ar: "وصل الاستقبال في موعده، وكان السائق حذراً على الكثبان والعشاء ممتاز. ما زال أطفالي يتحدثون عن الجمال.",
    },
  },
  {
    key: "elena-alula",
    rating: 5,
    date: "2025-02-02",
    name: { en: "Elena S.", ru: "Елена С.", zh: "叶莲娜·S", ar: "إيلينا س." },
    location: { en: "Moscow", ru: "Москва", zh: "莫斯科", ar: "موسكو" },
    activity: { en: "Hegra heritage tour, AlUla", ru: "Экскурсия в Хегру, Аль-Ула", zh: "欧拉黑格拉遗产之旅", ar: "جولة الحِجر التراثية، العُلا" },
    quote: {
      en: "Our guide spoke Russian and knew every inscription. Booking through Rihla took two minutes and the tickets arrived at once.",
      ru: "Гид говорил по-русски и знал каждую надпись. Бронирование через Rihla заняло две минуты, билеты пришли сразу.",
      zh: "导游会说俄语，熟悉每一处铭文。通过Rihla预订只用了两分钟，门票立即就到了。",
      ar: "تحدث مرشدنا الروسية وكان يعرف كل نقش. استغرق الحجز عبر رحلة دقيقتين ووصلت التذاكر فوراً.",
    },
  },
  {
    key: "wei-istanbul",
    rating: 4,
    date: "2025-03-14",
    name: { en: "Li Wei", ru: "Ли Вэй", zh: "李伟", ar: "لي وي" },
    location: { en: "Shanghai", ru: "Шанхай", zh: "上海", ar: "شنغهاي" },
    activity: { en: "Bosphorus sunset cruise, Istanbul", ru: "Круиз по Босфору на закате, Стамбул", zh: "伊斯坦布尔博斯普鲁斯日落游船", ar: "رحلة غروب في البوسفور، إسطنبول" },
    quote: {
      en: "Beautiful views and friendly crew. The boat was a little crowded, but support answered my WhatsApp message within minutes.",
      ru: "Красивые виды и приветливая команда. На теплоходе было тесновато, но поддержка ответила в WhatsApp за несколько минут.",
      zh: "景色优美，船员友好。船上有点拥挤，但客服几分钟内就回复了我的WhatsApp消息。",
      ar: "مناظر جميلة وطاقم ودود. كان القارب مزدحماً قليلاً، لكن الدعم رد على رسالتي في واتساب خلال دقائق.",
    },
  },
  {
    key: "fatima-yas",
    rating: 5,
    date: "2025-04-06",
    name: { en: "Fatima A.", ru: "Фатима А.", zh: "法蒂玛·A", ar: "فاطمة ع." },
    location: { en: "Jeddah", ru: "Джидда", zh: "吉达", ar: "جدة" },
    activity: { en: "Yas Island two-park pass, Abu Dhabi", ru: "Билет в два парка на острове Яс, Абу-Даби", zh: "阿布扎比亚斯岛双园通票", ar: "تذكرة مدينتين في جزيرة ياس، أبوظبي" },
    quote: {
      en: "The combo ticket saved us a lot and we skipped the ticket queue completely. Perfect family day.",
      ru: "Комбо-билет сильно сэкономил нам деньги, а очередь в кассу мы пропустили полностью. Идеальный семейный день.",
      zh: "套票为我们省了不少钱，还完全不用排队买票。完美的家庭日。",
      ar: "وفّرت لنا التذكرة المجمعة الكثير وتجاوزنا طابور التذاكر تماماً. يوم عائلي مثالي.",
    },
  },
  {
    key: "james-cairo",
    rating: 5,
    date: "2025-05-11",
    name: { en: "James P.", ru: "Джеймс П.", zh: "詹姆斯·P", ar: "جيمس ب." },
    location: { en: "London", ru: "Лондон", zh: "伦敦", ar: "لندن" },
    activity: { en: "Giza pyramids half-day tour, Cairo", ru: "Пирамиды Гизы за полдня, Каир", zh: "开罗吉萨金字塔半日游", ar: "جولة نصف يوم في أهرامات الجيزة، القاهرة" },
    quote: {
      en: "Starting at 7 am was the best advice. Our Egyptologist was brilliant and the whole morning ran like clockwork.",
      ru: "Начать в 7 утра — лучший совет. Наш египтолог был великолепен, и всё утро прошло как по часам.",
      zh: "早上7点出发是最好的建议。我们的埃及学家导游非常出色，整个上午安排得井井有条。",
      ar: "البدء في السابعة صباحاً كان أفضل نصيحة. كان عالم المصريات رائعاً ومرّ الصباح كله بدقة متناهية.",
    },
  },
  {
    key: "maria-paris",
    rating: 4,
    date: "2025-05-29",
    name: { en: "María G.", ru: "Мария Г.", zh: "玛丽亚·G", ar: "ماريا غ." },
    location: { en: "Barcelona", ru: "Барселона", zh: "巴塞罗那", ar: "برشلونة" },
    activity: { en: "Louvre guided tour, Paris", ru: "Экскурсия по Лувру, Париж", zh: "巴黎卢浮宫导览游", ar: "جولة إرشادية في اللوفر، باريس" },
    quote: {
      en: "Two hours went by fast and we saw the highlights without getting lost. I would book a longer tour next time.",
      ru: "Два часа пролетели незаметно, мы увидели главное и не заблудились. В следующий раз возьму экскурсию подольше.",
      zh: "两个小时过得很快，我们看到了精华展品，也没有迷路。下次我会预订更长的行程。",
      ar: "مرت الساعتان بسرعة ورأينا أبرز المعروضات دون أن نضيع. سأحجز جولة أطول في المرة القادمة.",
    },
  },
  {
    key: "khalid-bali",
    rating: 5,
    date: "2025-06-21",
    name: { en: "Khalid M.", ru: "Халид М.", zh: "哈立德·M", ar: "خالد م." },
    location: { en: "Dammam", ru: "Даммам", zh: "达曼", ar: "الدمام" },
    activity: { en: "Nusa Penida snorkelling trip, Bali", ru: "Снорклинг у Нуса-Пениды, Бали", zh: "巴厘岛努沙佩尼达浮潜之旅", ar: "رحلة غطس في نوسا بينيدا، بالي" },
    quote: {
      en: "We swam with manta rays! The crew provided everything and the halal lunch on the boat was a nice surprise.",
      ru: "Мы плавали с мантами! Команда дала всё снаряжение, а халяльный обед на лодке стал приятным сюрпризом.",
      zh: "我们和蝠鲼一起游泳了！船员提供了全部装备，船上的清真午餐更是惊喜。",
      ar: "سبحنا مع أسماك المانتا! وفّر الطاقم كل شيء وكان الغداء الحلال على القارب مفاجأة جميلة.",
    },
  },
  {
    key: "anna-tokyo",
    rating: 5,
    date: "2025-07-09",
    name: { en: "Anna V.", ru: "Анна В.", zh: "安娜·V", ar: "آنا ف." },
    location: { en: "Saint Petersburg", ru: "Санкт-Петербург", zh: "圣彼得堡", ar: "سانت بطرسبرغ" },
    activity: { en: "Mount Fuji day trip from Tokyo", ru: "Поездка к Фудзи из Токио", zh: "东京出发富士山一日游", ar: "رحلة يومية إلى جبل فوجي من طوكيو" },
    quote: {
      en: "Clear skies and a perfect view of Fuji. The bus was comfortable and the guide explained everything in English and Russian.",
      ru: "Ясное небо и идеальный вид на Фудзи. Автобус удобный, гид всё объяснял на английском и русском.",
      zh: "晴空万里，富士山一览无余。大巴很舒适，导游用英语和俄语讲解一切。",
      ar: "سماء صافية وإطلالة مثالية على فوجي. كانت الحافلة مريحة وشرح المرشد كل شيء بالإنجليزية والروسية.",
    },
  },
  {
    key: "chen-jeddah",
    rating: 4,
    date: "2025-08-15",
    name: { en: "Chen Jing", ru: "Чэнь Цзин", zh: "陈静", ar: "تشن جينغ" },
    location: { en: "Beijing", ru: "Пекин", zh: "北京", ar: "بكين" },
    activity: { en: "Al-Balad walking tour, Jeddah", ru: "Прогулка по Аль-Баладу, Джидда", zh: "吉达巴拉德老城徒步游", ar: "جولة مشي في البلد، جدة" },
    quote: {
      en: "The old houses are stunning at night. The tour was in the evening so it was not too hot. Great local sweets at the end.",
      ru: "Старые дома ночью потрясающие. Экскурсия была вечером, поэтому не жарко. В конце — отличные местные сладости.",
      zh: "老房子在夜晚美极了。行程安排在傍晚，所以不太热。最后还品尝了很棒的当地甜点。",
      ar: "البيوت القديمة مذهلة ليلاً. كانت الجولة مسائية فلم يكن الجو حاراً، وفي النهاية حلويات محلية رائعة.",
    },
  },
  {
    key: "sultan-riyadh",
    rating: 5,
    date: "2025-09-03",
    name: { en: "Sultan R.", ru: "Султан Р.", zh: "苏尔坦·R", ar: "سلطان ر." },
    location: { en: "Kuwait City", ru: "Эль-Кувейт", zh: "科威特城", ar: "مدينة الكويت" },
    activity: { en: "Edge of the World sunset trip, Riyadh", ru: "Закат на Краю света, Эр-Рияд", zh: "利雅得世界边缘日落之旅", ar: "رحلة غروب حافة العالم، الرياض" },
    quote: {
      en: "Unforgettable cliffs and a very professional driver. I paid later by card after the team called me, exactly as promised.",
      ru: "Незабываемые скалы и очень профессиональный водитель. Я оплатил картой позже, после звонка команды, — как и обещали.",
      zh: "令人难忘的悬崖和非常专业的司机。团队给我打电话后我再刷卡付款，完全如承诺的一样。",
      ar: "منحدرات لا تُنسى وسائق محترف جداً. دفعت لاحقاً بالبطاقة بعد أن اتصل بي الفريق، تماماً كما وعدوا.",
    },
  },
];

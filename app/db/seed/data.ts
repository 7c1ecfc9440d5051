/**
 * Hand-written reference data for the seed generator: places, categories, vocabularies and phrase
 * pools, each in en, ru, zh and ar. The generator combines them deterministically.
 */
import type { LocalizedText } from "../types";

export const L = (en: string, ru: string, zh: string, ar: string): LocalizedText => ({ en, ru, zh, ar });

export type Region = "gulf" | "middle-east" | "europe" | "asia" | "americas";

export interface CountrySeed {
  code: string;
  name: LocalizedText;
  region: Region;
  currency: string;
}

export const COUNTRIES: CountrySeed[] = [
  { code: "SA", name: L("Saudi Arabia", "Саудовская Аравия", "沙特阿拉伯", "المملكة العربية السعودية"), region: "gulf", currency: "SAR" },
  { code: "AE", name: L("United Arab Emirates", "Объединённые Арабские Эмираты", "阿拉伯联合酋长国", "الإمارات العربية المتحدة"), region: "gulf", currency: "AED" },
  { code: "QA", name: L("Qatar", "Катар", "卡塔尔", "قطر"), region: "gulf", currency: "QAR" },
  { code: "BH", name: L("Bahrain", "Бахрейн", "巴林", "البحرين"), region: "gulf", currency: "BHD" },
  { code: "OM", name: L("Oman", "Оман", "阿曼", "عُمان"), region: "gulf", currency: "OMR" },
  { code: "KW", name: L("Kuwait", "Кувейт", "科威特", "الكويت"), region: "gulf", currency: "KWD" },
  { code: "JO", name: L("Jordan", "Иордания", "约旦", "الأردن"), region: "middle-east", currency: "JOD" },
  { code: "EG", name: L("Egypt", "Египет", "埃及", "مصر"), region: "middle-east", currency: "EGP" },
  { code: "TR", name: L("Türkiye", "Турция", "土耳其", "تركيا"), region: "middle-east", currency: "TRY" },
  { code: "GB", name: L("United Kingdom", "Великобритания", "英国", "المملكة المتحدة"), region: "europe", currency: "GBP" },
  { code: "FR", name: L("France", "Франция", "法国", "فرنسا"), region: "europe", currency: "EUR" },
  { code: "IT", name: L("Italy", "Италия", "意大利", "إيطاليا"), region: "europe", currency: "EUR" },
  { code: "ES", name: L("Spain", "Испания", "西班牙", "إسبانيا"), region: "europe", currency: "EUR" },
  { code: "DE", name: L("Germany", "Германия", "德国", "ألمانيا"), region: "europe", currency: "EUR" },
  { code: "NL", name: L("Netherlands", "Нидерланды", "荷兰", "هولندا"), region: "europe", currency: "EUR" },
  { code: "GR", name: L("Greece", "Греция", "希腊", "اليونان"), region: "europe", currency: "EUR" },
  { code: "RU", name: L("Russia", "Россия", "俄罗斯", "روسيا"), region: "europe", currency: "RUB" },
  { code: "CN", name: L("China", "Китай", "中国", "الصين"), region: "asia", currency: "CNY" },
  { code: "JP", name: L("Japan", "Япония", "日本", "اليابان"), region: "asia", currency: "JPY" },
  { code: "TH", name: L("Thailand", "Таиланд", "泰国", "تايلاند"), region: "asia", currency: "USD" },
  { code: "SG", name: L("Singapore", "Сингапур", "新加坡", "سنغافورة"), region: "asia", currency: "USD" },
  { code: "MY", name: L("Malaysia", "Малайзия", "马来西亚", "ماليزيا"), region: "asia", currency: "USD" },
  { code: "ID", name: L("Indonesia", "Индонезия", "印度尼西亚", "إندونيسيا"), region: "asia", currency: "USD" },
  { code: "MV", name: L("Maldives", "Мальдивы", "马尔代夫", "جزر المالديف"), region: "asia", currency: "USD" },
  { code: "US", name: L("United States", "США", "美国", "الولايات المتحدة"), region: "americas", currency: "USD" },
  { code: "MX", name: L("Mexico", "Мексика", "墨西哥", "المكسيك"), region: "americas", currency: "USD" },
  { code: "BR", name: L("Brazil", "Бразилия", "巴西", "البرازيل"), region: "americas", currency: "USD" },
];

export interface DestinationSeed {
  slug: string;
  country: string;
  name: LocalizedText;
  lat: number;
  lng: number;
  tz: string;
  /** Relative weight: how many experiences the city gets. */
  weight: number;
  desert?: boolean;
  coastal?: boolean;
  themeParks?: boolean;
}

export const DESTINATIONS: DestinationSeed[] = [
  { slug: "riyadh", country: "SA", name: L("Riyadh", "Эр-Рияд", "利雅得", "الرياض"), lat: 24.7136, lng: 46.6753, tz: "Asia/Riyadh", weight: 22, desert: true, themeParks: true },
  { slug: "jeddah", country: "SA", name: L("Jeddah", "Джидда", "吉达", "جدة"), lat: 21.4858, lng: 39.1925, tz: "Asia/Riyadh", weight: 16, coastal: true, desert: true },
  { slug: "alula", country: "SA", name: L("AlUla", "Эль-Ула", "欧拉", "العلا"), lat: 26.6086, lng: 37.9232, tz: "Asia/Riyadh", weight: 8, desert: true },
  { slug: "abha", country: "SA", name: L("Abha", "Абха", "艾卜哈", "أبها"), lat: 18.2164, lng: 42.5053, tz: "Asia/Riyadh", weight: 5 },
  { slug: "dammam", country: "SA", name: L("Dammam", "Даммам", "达曼", "الدمام"), lat: 26.4207, lng: 50.0888, tz: "Asia/Riyadh", weight: 5, coastal: true, desert: true },
  { slug: "taif", country: "SA", name: L("Taif", "Таиф", "塔伊夫", "الطائف"), lat: 21.2703, lng: 40.4158, tz: "Asia/Riyadh", weight: 4 },
  { slug: "dubai", country: "AE", name: L("Dubai", "Дубай", "迪拜", "دبي"), lat: 25.2048, lng: 55.2708, tz: "Asia/Dubai", weight: 10, desert: true, coastal: true, themeParks: true },
  { slug: "abu-dhabi", country: "AE", name: L("Abu Dhabi", "Абу-Даби", "阿布扎比", "أبوظبي"), lat: 24.4539, lng: 54.3773, tz: "Asia/Dubai", weight: 7, desert: true, coastal: true, themeParks: true },
  { slug: "sharjah", country: "AE", name: L("Sharjah", "Шарджа", "沙迦", "الشارقة"), lat: 25.3463, lng: 55.4209, tz: "Asia/Dubai", weight: 3, desert: true, coastal: true },
  { slug: "ras-al-khaimah", country: "AE", name: L("Ras Al Khaimah", "Рас-эль-Хайма", "哈伊马角", "رأس الخيمة"), lat: 25.8007, lng: 55.9762, tz: "Asia/Dubai", weight: 2, desert: true, coastal: true },
  { slug: "doha", country: "QA", name: L("Doha", "Доха", "多哈", "الدوحة"), lat: 25.2854, lng: 51.531, tz: "Asia/Qatar", weight: 5, desert: true, coastal: true },
  { slug: "manama", country: "BH", name: L("Manama", "Манама", "麦纳麦", "المنامة"), lat: 26.2285, lng: 50.586, tz: "Asia/Bahrain", weight: 3, coastal: true },
  { slug: "muscat", country: "OM", name: L("Muscat", "Маскат", "马斯喀特", "مسقط"), lat: 23.588, lng: 58.3829, tz: "Asia/Muscat", weight: 4, desert: true, coastal: true },
  { slug: "salalah", country: "OM", name: L("Salalah", "Салала", "塞拉莱", "صلالة"), lat: 17.0151, lng: 54.0924, tz: "Asia/Muscat", weight: 2, coastal: true },
  { slug: "kuwait-city", country: "KW", name: L("Kuwait City", "Эль-Кувейт", "科威特城", "مدينة الكويت"), lat: 29.3759, lng: 47.9774, tz: "Asia/Kuwait", weight: 3, coastal: true, desert: true },
  { slug: "amman", country: "JO", name: L("Amman", "Амман", "安曼", "عمّان"), lat: 31.9454, lng: 35.9284, tz: "Asia/Amman", weight: 3 },
  { slug: "petra", country: "JO", name: L("Petra", "Петра", "佩特拉", "البتراء"), lat: 30.3285, lng: 35.4444, tz: "Asia/Amman", weight: 2, desert: true },
  { slug: "aqaba", country: "JO", name: L("Aqaba", "Акаба", "亚喀巴", "العقبة"), lat: 29.5321, lng: 35.0063, tz: "Asia/Amman", weight: 2, coastal: true, desert: true },
  { slug: "cairo", country: "EG", name: L("Cairo", "Каир", "开罗", "القاهرة"), lat: 30.0444, lng: 31.2357, tz: "Africa/Cairo", weight: 6, desert: true },
  { slug: "luxor", country: "EG", name: L("Luxor", "Луксор", "卢克索", "الأقصر"), lat: 25.6872, lng: 32.6396, tz: "Africa/Cairo", weight: 3, desert: true },
  { slug: "sharm-el-sheikh", country: "EG", name: L("Sharm El Sheikh", "Шарм-эль-Шейх", "沙姆沙伊赫", "شرم الشيخ"), lat: 27.9158, lng: 34.33, tz: "Africa/Cairo", weight: 3, coastal: true, desert: true },
  { slug: "hurghada", country: "EG", name: L("Hurghada", "Хургада", "赫尔格达", "الغردقة"), lat: 27.2579, lng: 33.8116, tz: "Africa/Cairo", weight: 3, coastal: true, desert: true },
  { slug: "istanbul", country: "TR", name: L("Istanbul", "Стамбул", "伊斯坦布尔", "إسطنبول"), lat: 41.0082, lng: 28.9784, tz: "Europe/Istanbul", weight: 7, coastal: true },
  { slug: "cappadocia", country: "TR", name: L("Cappadocia", "Каппадокия", "卡帕多奇亚", "كابادوكيا"), lat: 38.6431, lng: 34.8289, tz: "Europe/Istanbul", weight: 3 },
  { slug: "antalya", country: "TR", name: L("Antalya", "Анталья", "安塔利亚", "أنطاليا"), lat: 36.8969, lng: 30.7133, tz: "Europe/Istanbul", weight: 3, coastal: true, themeParks: true },
  { slug: "london", country: "GB", name: L("London", "Лондон", "伦敦", "لندن"), lat: 51.5072, lng: -0.1276, tz: "Europe/London", weight: 7 },
  { slug: "paris", country: "FR", name: L("Paris", "Париж", "巴黎", "باريس"), lat: 48.8566, lng: 2.3522, tz: "Europe/Paris", weight: 7, themeParks: true },
  { slug: "nice", country: "FR", name: L("Nice", "Ницца", "尼斯", "نيس"), lat: 43.7102, lng: 7.262, tz: "Europe/Paris", weight: 2, coastal: true },
  { slug: "rome", country: "IT", name: L("Rome", "Рим", "罗马", "روما"), lat: 41.9028, lng: 12.4964, tz: "Europe/Rome", weight: 6 },
  { slug: "venice", country: "IT", name: L("Venice", "Венеция", "威尼斯", "البندقية"), lat: 45.4408, lng: 12.3155, tz: "Europe/Rome", weight: 3, coastal: true },
  { slug: "florence", country: "IT", name: L("Florence", "Флоренция", "佛罗伦萨", "فلورنسا"), lat: 43.7696, lng: 11.2558, tz: "Europe/Rome", weight: 3 },
  { slug: "barcelona", country: "ES", name: L("Barcelona", "Барселона", "巴塞罗那", "برشلونة"), lat: 41.3874, lng: 2.1686, tz: "Europe/Madrid", weight: 5, coastal: true },
  { slug: "madrid", country: "ES", name: L("Madrid", "Мадрид", "马德里", "مدريد"), lat: 40.4168, lng: -3.7038, tz: "Europe/Madrid", weight: 4, themeParks: true },
  { slug: "berlin", country: "DE", name: L("Berlin", "Берлин", "柏林", "برلين"), lat: 52.52, lng: 13.405, tz: "Europe/Berlin", weight: 4 },
  { slug: "munich", country: "DE", name: L("Munich", "Мюнхен", "慕尼黑", "ميونخ"), lat: 48.1351, lng: 11.582, tz: "Europe/Berlin", weight: 3 },
  { slug: "amsterdam", country: "NL", name: L("Amsterdam", "Амстердам", "阿姆斯特丹", "أمستردام"), lat: 52.3676, lng: 4.9041, tz: "Europe/Amsterdam", weight: 4, coastal: true },
  { slug: "athens", country: "GR", name: L("Athens", "Афины", "雅典", "أثينا"), lat: 37.9838, lng: 23.7275, tz: "Europe/Athens", weight: 3, coastal: true },
  { slug: "santorini", country: "GR", name: L("Santorini", "Санторини", "圣托里尼", "سانتوريني"), lat: 36.3932, lng: 25.4615, tz: "Europe/Athens", weight: 2, coastal: true },
  { slug: "moscow", country: "RU", name: L("Moscow", "Москва", "莫斯科", "موسكو"), lat: 55.7558, lng: 37.6173, tz: "Europe/Moscow", weight: 5 },
  { slug: "saint-petersburg", country: "RU", name: L("Saint Petersburg", "Санкт-Петербург", "圣彼得堡", "سانت بطرسبرغ"), lat: 59.9311, lng: 30.3609, tz: "Europe/Moscow", weight: 4, coastal: true },
  { slug: "beijing", country: "CN", name: L("Beijing", "Пекин", "北京", "بكين"), lat: 39.9042, lng: 116.4074, tz: "Asia/Shanghai", weight: 5 },
  { slug: "shanghai", country: "CN", name: L("Shanghai", "Шанхай", "上海", "شنغهاي"), lat: 31.2304, lng: 121.4737, tz: "Asia/Shanghai", weight: 5, coastal: true, themeParks: true },
  { slug: "tokyo", country: "JP", name: L("Tokyo", "Токио", "东京", "طوكيو"), lat: 35.6762, lng: 139.6503, tz: "Asia/Tokyo", weight: 6, coastal: true, themeParks: true },
  { slug: "kyoto", country: "JP", name: L("Kyoto", "Киото", "京都", "كيوتو"), lat: 35.0116, lng: 135.7681, tz: "Asia/Tokyo", weight: 3 },
  { slug: "bangkok", country: "TH", name: L("Bangkok", "Бангкок", "曼谷", "بانكوك"), lat: 13.7563, lng: 100.5018, tz: "Asia/Bangkok", weight: 5 },
  { slug: "phuket", country: "TH", name: L("Phuket", "Пхукет", "普吉岛", "بوكيت"), lat: 7.8804, lng: 98.3923, tz: "Asia/Bangkok", weight: 4, coastal: true },
  { slug: "singapore", country: "SG", name: L("Singapore", "Сингапур", "新加坡", "سنغافورة"), lat: 1.3521, lng: 103.8198, tz: "Asia/Singapore", weight: 5, coastal: true, themeParks: true },
  { slug: "kuala-lumpur", country: "MY", name: L("Kuala Lumpur", "Куала-Лумпур", "吉隆坡", "كوالالمبور"), lat: 3.139, lng: 101.6869, tz: "Asia/Kuala_Lumpur", weight: 4 },
  { slug: "bali", country: "ID", name: L("Bali", "Бали", "巴厘岛", "بالي"), lat: -8.3405, lng: 115.092, tz: "Asia/Makassar", weight: 4, coastal: true },
  { slug: "male", country: "MV", name: L("Malé", "Мале", "马累", "ماليه"), lat: 4.1755, lng: 73.5093, tz: "Indian/Maldives", weight: 3, coastal: true },
  { slug: "new-york", country: "US", name: L("New York", "Нью-Йорк", "纽约", "نيويورك"), lat: 40.7128, lng: -74.006, tz: "America/New_York", weight: 6, coastal: true },
  { slug: "orlando", country: "US", name: L("Orlando", "Орландо", "奥兰多", "أورلاندو"), lat: 28.5383, lng: -81.3792, tz: "America/New_York", weight: 4, themeParks: true },
  { slug: "las-vegas", country: "US", name: L("Las Vegas", "Лас-Вегас", "拉斯维加斯", "لاس فيغاس"), lat: 36.1699, lng: -115.1398, tz: "America/Los_Angeles", weight: 3, desert: true },
  { slug: "cancun", country: "MX", name: L("Cancún", "Канкун", "坎昆", "كانكون"), lat: 21.1619, lng: -86.8515, tz: "America/Cancun", weight: 3, coastal: true },
  { slug: "rio-de-janeiro", country: "BR", name: L("Rio de Janeiro", "Рио-де-Жанейро", "里约热内卢", "ريو دي جانيرو"), lat: -22.9068, lng: -43.1729, tz: "America/Sao_Paulo", weight: 3, coastal: true },
];

export type CategoryNeed = "desert" | "coastal" | "themeParks";

export interface CategorySeed {
  slug: string;
  icon: string;
  name: LocalizedText;
  description: LocalizedText;
  needs?: CategoryNeed;
  /** Typical price per adult in USD cents (low, high) before local scaling. */
  price: [number, number];
  /** Typical duration in minutes (low, high). */
  duration: [number, number];
  availability: "START_TIME" | "OPENING_HOURS";
  /** Titles with a {city} placeholder. */
  titles: LocalizedText[];
  /** Hue range for generated images. */
  hue: number;
}

export const CATEGORIES: CategorySeed[] = [
  {
    slug: "tours",
    icon: "map",
    name: L("Tours", "Экскурсии", "观光游览", "جولات"),
    description: L("Guided walking, bus and private tours", "Пешеходные, автобусные и индивидуальные экскурсии", "步行、巴士及私人导览游", "جولات سيرًا على الأقدام وبالحافلة وجولات خاصة"),
    price: [2500, 12000],
    duration: [120, 480],
    availability: "START_TIME",
    hue: 210,
    titles: [
      L("{city} Old Town Walking Tour", "Пешеходная экскурсия по старому городу {city}", "{city}老城徒步游", "جولة سيرًا على الأقدام في البلدة القديمة في {city}"),
      L("{city} City Highlights Tour", "Обзорная экскурсия по {city}", "{city}城市精华游", "جولة أبرز معالم {city}"),
      L("{city} by Night: Lights and Landmarks Tour", "Ночной {city}: огни и достопримечательности", "{city}夜游：灯光与地标", "{city} ليلًا: جولة الأضواء والمعالم"),
      L("Hidden Gems of {city} with a Local Guide", "Секретные места {city} с местным гидом", "跟随当地导游探索{city}秘境", "كنوز {city} الخفية مع مرشد محلي"),
      L("{city} Hop-On Hop-Off Bus Tour", "Автобусный тур hop-on hop-off по {city}", "{city}随上随下观光巴士", "جولة حافلة {city} السياحية بنظام اصعد وانزل"),
      L("{city} Architecture and Heritage Tour", "Архитектура и наследие {city}", "{city}建筑与遗产之旅", "جولة العمارة والتراث في {city}"),
    ],
  },
  {
    slug: "attractions",
    icon: "ticket",
    name: L("Attractions", "Достопримечательности", "景点门票", "معالم سياحية"),
    description: L("Tickets to landmarks, towers and observation decks", "Билеты на знаковые места, башни и смотровые площадки", "地标、高塔与观景台门票", "تذاكر المعالم والأبراج ومنصات المشاهدة"),
    price: [1500, 9000],
    duration: [60, 240],
    availability: "OPENING_HOURS",
    hue: 30,
    titles: [
      L("{city} Observation Deck Entry Ticket", "Билет на смотровую площадку {city}", "{city}观景台门票", "تذكرة دخول منصة المراقبة في {city}"),
      L("{city} Aquarium Admission", "Билет в аквариум {city}", "{city}水族馆门票", "تذكرة دخول أكواريوم {city}"),
      L("Skip-the-Line Ticket to {city}'s Landmark Tower", "Билет без очереди на главную башню {city}", "{city}地标塔免排队门票", "تذكرة بدون انتظار إلى برج {city} الشهير"),
      L("{city} Botanical Garden Ticket", "Билет в ботанический сад {city}", "{city}植物园门票", "تذكرة حديقة {city} النباتية"),
      L("{city} Palace and Gardens Entry", "Вход во дворец и сады {city}", "{city}宫殿与花园门票", "دخول قصر وحدائق {city}"),
      L("{city} Zoo and Wildlife Park Ticket", "Билет в зоопарк и парк дикой природы {city}", "{city}动物园与野生动物园门票", "تذكرة حديقة الحيوان والحياة البرية في {city}"),
    ],
  },
  {
    slug: "activities",
    icon: "sparkles",
    name: L("Activities", "Развлечения", "体验活动", "أنشطة"),
    description: L("Workshops, classes and hands-on experiences", "Мастер-классы, занятия и впечатления", "工作坊、课程与亲身体验", "ورش عمل ودروس وتجارب عملية"),
    price: [3000, 15000],
    duration: [90, 240],
    availability: "START_TIME",
    hue: 280,
    titles: [
      L("{city} Pottery Workshop with a Local Artist", "Гончарный мастер-класс с местным мастером в {city}", "{city}当地艺术家陶艺工作坊", "ورشة فخار مع فنان محلي في {city}"),
      L("{city} Photography Walk at Golden Hour", "Фотопрогулка по {city} в золотой час", "{city}黄金时刻摄影漫步", "جولة تصوير في {city} وقت الغروب الذهبي"),
      L("Calligraphy Class in {city}", "Урок каллиграфии в {city}", "{city}书法课", "درس خط عربي في {city}"),
      L("{city} Horse Riding Experience", "Конная прогулка в {city}", "{city}骑马体验", "تجربة ركوب الخيل في {city}"),
      L("{city} Escape Room Challenge", "Квест-комната в {city}", "{city}密室逃脱挑战", "تحدي غرفة الهروب في {city}"),
      L("Traditional Perfume Making in {city}", "Создание традиционных духов в {city}", "{city}传统香水制作", "صناعة العطور التقليدية في {city}"),
    ],
  },
  {
    slug: "cruises",
    icon: "ship",
    name: L("Cruises", "Круизы", "游船", "رحلات بحرية"),
    description: L("Dinner cruises, yacht charters and boat trips", "Круизы с ужином, аренда яхт и морские прогулки", "晚餐游船、游艇包租与乘船游", "رحلات عشاء بحرية واستئجار يخوت ورحلات بالقارب"),
    needs: "coastal",
    price: [4000, 30000],
    duration: [90, 300],
    availability: "START_TIME",
    hue: 195,
    titles: [
      L("{city} Dinner Cruise with Live Entertainment", "Круиз с ужином и шоу в {city}", "{city}晚餐游船与现场表演", "رحلة عشاء بحرية مع عروض حية في {city}"),
      L("Private Yacht Charter in {city}", "Аренда частной яхты в {city}", "{city}私人游艇包租", "استئجار يخت خاص في {city}"),
      L("{city} Sunset Sailing Trip", "Прогулка на паруснике на закате в {city}", "{city}日落帆船之旅", "رحلة إبحار عند الغروب في {city}"),
      L("{city} Harbour Boat Tour", "Морская прогулка по гавани {city}", "{city}港口乘船游", "جولة بالقارب في ميناء {city}"),
      L("Traditional Dhow Cruise in {city}", "Круиз на традиционной доу в {city}", "{city}传统独桅帆船游", "رحلة بحرية على مركب الداو التقليدي في {city}"),
    ],
  },
  {
    slug: "desert-safari",
    icon: "sun",
    name: L("Desert Safari", "Сафари в пустыне", "沙漠探险", "سفاري الصحراء"),
    description: L("Dune bashing, camel rides and Bedouin camps", "Покатушки по дюнам, верблюды и лагерь бедуинов", "冲沙、骑骆驼与贝都因营地", "التطعيس وركوب الجمال والمخيمات البدوية"),
    needs: "desert",
    price: [3500, 25000],
    duration: [240, 420],
    availability: "START_TIME",
    hue: 35,
    titles: [
      L("Evening Desert Safari with BBQ Dinner from {city}", "Вечернее сафари в пустыне с барбекю из {city}", "{city}出发傍晚沙漠探险含烧烤晚餐", "سفاري صحراوية مسائية مع عشاء شواء من {city}"),
      L("Morning Dune Bashing and Sandboarding near {city}", "Утренние покатушки по дюнам и сэндбординг у {city}", "{city}附近清晨冲沙与滑沙", "تطعيس صباحي وتزلج على الرمال قرب {city}"),
      L("Overnight Bedouin Camp under the Stars near {city}", "Ночь в лагере бедуинов под звёздами у {city}", "{city}附近星空下的贝都因营地过夜", "ليلة في مخيم بدوي تحت النجوم قرب {city}"),
      L("Quad Bike Desert Adventure from {city}", "Приключение на квадроциклах в пустыне из {city}", "{city}出发沙漠四驱摩托探险", "مغامرة الدراجات الرباعية في الصحراء من {city}"),
      L("Camel Trek at Sunset near {city}", "Прогулка на верблюдах на закате у {city}", "{city}附近日落骆驼骑行", "رحلة على الجمال عند الغروب قرب {city}"),
      L("Premium Red Dunes Safari from {city}", "Премиальное сафари по красным дюнам из {city}", "{city}出发高级红沙丘探险", "سفاري الكثبان الحمراء المميزة من {city}"),
    ],
  },
  {
    slug: "water-sports",
    icon: "waves",
    name: L("Water Sports", "Водные виды спорта", "水上运动", "رياضات مائية"),
    description: L("Diving, snorkelling, jet skis and parasailing", "Дайвинг, снорклинг, гидроциклы и парасейлинг", "潜水、浮潜、水上摩托与滑翔伞", "الغوص والسنوركل والدراجات المائية والباراسيلنج"),
    needs: "coastal",
    price: [3000, 20000],
    duration: [30, 240],
    availability: "START_TIME",
    hue: 185,
    titles: [
      L("{city} Jet Ski Rental", "Прокат гидроцикла в {city}", "{city}水上摩托租赁", "استئجار دراجة مائية في {city}"),
      L("Snorkelling Trip to the Coral Reefs of {city}", "Снорклинг на коралловых рифах {city}", "{city}珊瑚礁浮潜之旅", "رحلة سنوركل إلى الشعاب المرجانية في {city}"),
      L("{city} Parasailing Adventure", "Парасейлинг в {city}", "{city}滑翔伞冒险", "مغامرة الباراسيلنج في {city}"),
      L("Discover Scuba Diving in {city}", "Пробное погружение с аквалангом в {city}", "{city}体验水肺潜水", "تجربة الغوص بالسكوبا في {city}"),
      L("{city} Stand-Up Paddle and Kayak Session", "Сапбординг и каяк в {city}", "{city}立式桨板与皮划艇", "جلسة التجديف وقوفًا والكاياك في {city}"),
      L("{city} Flyboard Experience", "Полёт на флайборде в {city}", "{city}水上飞板体验", "تجربة الفلاي بورد في {city}"),
    ],
  },
  {
    slug: "theme-parks",
    icon: "ferris-wheel",
    name: L("Theme Parks", "Тематические парки", "主题乐园", "مدن ترفيهية"),
    description: L("Rides, water parks and family fun", "Аттракционы, аквапарки и семейный отдых", "游乐设施、水上乐园与亲子乐趣", "ألعاب وحدائق مائية ومرح عائلي"),
    needs: "themeParks",
    price: [5000, 25000],
    duration: [240, 600],
    availability: "OPENING_HOURS",
    hue: 330,
    titles: [
      L("{city} Water Park Day Pass", "Дневной билет в аквапарк {city}", "{city}水上乐园一日票", "تذكرة يوم كامل لحديقة {city} المائية"),
      L("{city} Adventure Theme Park Ticket", "Билет в парк приключений {city}", "{city}冒险主题乐园门票", "تذكرة مدينة {city} الترفيهية للمغامرات"),
      L("{city} Indoor Snow Park Entry", "Вход в крытый снежный парк {city}", "{city}室内滑雪乐园门票", "دخول حديقة الثلج الداخلية في {city}"),
      L("{city} Two-Park Combo Ticket", "Комбо-билет в два парка {city}", "{city}双园联票", "تذكرة مجمعة لحديقتين في {city}"),
      L("{city} Family Fun Park Pass", "Семейный абонемент в парк развлечений {city}", "{city}家庭欢乐园通票", "تذكرة حديقة {city} للمرح العائلي"),
    ],
  },
  {
    slug: "museums",
    icon: "landmark",
    name: L("Museums", "Музеи", "博物馆", "متاحف"),
    description: L("Museums, galleries and exhibitions", "Музеи, галереи и выставки", "博物馆、美术馆与展览", "متاحف ومعارض فنية"),
    price: [1000, 6000],
    duration: [60, 180],
    availability: "OPENING_HOURS",
    hue: 15,
    titles: [
      L("{city} National Museum Ticket", "Билет в Национальный музей {city}", "{city}国家博物馆门票", "تذكرة المتحف الوطني في {city}"),
      L("{city} Museum of Art with Audio Guide", "Музей искусств {city} с аудиогидом", "{city}艺术博物馆含语音导览", "متحف الفنون في {city} مع دليل صوتي"),
      L("{city} Museum of the Future Admission", "Билет в Музей будущего {city}", "{city}未来博物馆门票", "تذكرة متحف المستقبل في {city}"),
      L("Guided Tour of {city}'s History Museum", "Экскурсия по историческому музею {city}", "{city}历史博物馆导览", "جولة إرشادية في متحف تاريخ {city}"),
      L("{city} Immersive Digital Art Exhibition", "Иммерсивная выставка цифрового искусства в {city}", "{city}沉浸式数字艺术展", "معرض الفن الرقمي التفاعلي في {city}"),
    ],
  },
  {
    slug: "day-trips",
    icon: "route",
    name: L("Day Trips", "Однодневные поездки", "一日游", "رحلات يومية"),
    description: L("Full-day excursions beyond the city", "Экскурсии на целый день за город", "城外全天游览", "رحلات ليوم كامل خارج المدينة"),
    price: [6000, 30000],
    duration: [480, 720],
    availability: "START_TIME",
    hue: 120,
    titles: [
      L("Full-Day Trip from {city} to the Mountains", "Поездка на целый день из {city} в горы", "{city}出发山区一日游", "رحلة ليوم كامل من {city} إلى الجبال"),
      L("{city} Countryside and Villages Day Trip", "Однодневная поездка по окрестностям {city}", "{city}乡村一日游", "رحلة يومية إلى ريف وقرى {city}"),
      L("Day Trip from {city} to the Ancient Ruins", "Поездка из {city} к древним руинам", "{city}出发古迹遗址一日游", "رحلة يومية من {city} إلى الآثار القديمة"),
      L("{city} Coastal Road Trip with Lunch", "Поездка по побережью из {city} с обедом", "{city}沿海公路游含午餐", "رحلة على الطريق الساحلي من {city} مع الغداء"),
      L("Oasis and Heritage Villages Day Trip from {city}", "Оазис и старинные деревни: поездка из {city}", "{city}出发绿洲与传统村落一日游", "رحلة يومية إلى الواحة والقرى التراثية من {city}"),
    ],
  },
  {
    slug: "food-and-drink",
    icon: "utensils",
    name: L("Food & Drink", "Еда и напитки", "美食美饮", "طعام وشراب"),
    description: L("Food tours, cooking classes and tastings", "Гастротуры, кулинарные классы и дегустации", "美食之旅、烹饪课与品鉴", "جولات طعام ودروس طبخ وتذوق"),
    price: [3000, 14000],
    duration: [120, 240],
    availability: "START_TIME",
    hue: 15,
    titles: [
      L("{city} Street Food Tour", "Гастротур по уличной еде {city}", "{city}街头美食之旅", "جولة طعام الشارع في {city}"),
      L("{city} Cooking Class with Market Visit", "Кулинарный класс с посещением рынка в {city}", "{city}烹饪课含市场参观", "درس طبخ مع زيارة السوق في {city}"),
      L("Arabic Coffee and Dates Tasting in {city}", "Дегустация арабского кофе и фиников в {city}", "{city}阿拉伯咖啡与椰枣品鉴", "تذوق القهوة العربية والتمور في {city}"),
      L("{city} Dessert and Sweets Walk", "Сладкая прогулка по {city}", "{city}甜点漫步", "جولة الحلويات في {city}"),
      L("Traditional Breakfast Experience in {city}", "Традиционный завтрак в {city}", "{city}传统早餐体验", "تجربة الفطور التقليدي في {city}"),
      L("{city} Rooftop Dinner Experience", "Ужин на крыше в {city}", "{city}屋顶晚餐体验", "تجربة عشاء على السطح في {city}"),
    ],
  },
  {
    slug: "adventure",
    icon: "mountain",
    name: L("Adventure", "Приключения", "探险", "مغامرات"),
    description: L("Hiking, zip lines, skydiving and climbing", "Походы, зиплайны, прыжки с парашютом и скалолазание", "徒步、滑索、跳伞与攀岩", "المشي الجبلي والانزلاق بالحبال والقفز المظلي والتسلق"),
    price: [5000, 60000],
    duration: [60, 480],
    availability: "START_TIME",
    hue: 95,
    titles: [
      L("{city} Hot Air Balloon Flight at Sunrise", "Полёт на воздушном шаре на рассвете в {city}", "{city}日出热气球飞行", "رحلة منطاد الهواء الساخن عند شروق الشمس في {city}"),
      L("Tandem Skydive over {city}", "Тандем-прыжок с парашютом над {city}", "{city}上空双人跳伞", "قفز مظلي مزدوج فوق {city}"),
      L("{city} Zip Line Adventure", "Зиплайн в {city}", "{city}高空滑索冒险", "مغامرة الانزلاق بالحبل في {city}"),
      L("Guided Canyon Hike near {city}", "Поход по каньону с гидом у {city}", "{city}附近峡谷徒步", "رحلة مشي في الوادي مع مرشد قرب {city}"),
      L("{city} Rock Climbing for Beginners", "Скалолазание для начинающих в {city}", "{city}初学者攀岩", "تسلق الصخور للمبتدئين في {city}"),
      L("{city} Helicopter Sightseeing Flight", "Обзорный полёт на вертолёте над {city}", "{city}直升机观光飞行", "رحلة بالمروحية لمشاهدة معالم {city}"),
    ],
  },
  {
    slug: "shows-and-entertainment",
    icon: "music",
    name: L("Shows & Entertainment", "Шоу и развлечения", "演出娱乐", "عروض وترفيه"),
    description: L("Concerts, theatre, festivals and nightlife", "Концерты, театр, фестивали и ночная жизнь", "音乐会、剧院、节庆与夜生活", "حفلات ومسرح ومهرجانات وحياة ليلية"),
    price: [3000, 20000],
    duration: [90, 180],
    availability: "START_TIME",
    hue: 260,
    titles: [
      L("{city} Acrobatic Show Tickets", "Билеты на акробатическое шоу в {city}", "{city}杂技表演门票", "تذاكر العرض البهلواني في {city}"),
      L("{city} Fountain and Light Show with Dinner", "Шоу фонтанов и света с ужином в {city}", "{city}喷泉灯光秀含晚餐", "عرض النوافير والأضواء مع العشاء في {city}"),
      L("{city} Seasonal Festival Entry", "Вход на сезонный фестиваль {city}", "{city}季节节庆门票", "دخول مهرجان {city} الموسمي"),
      L("Traditional Music Night in {city}", "Вечер традиционной музыки в {city}", "{city}传统音乐之夜", "أمسية موسيقى تقليدية في {city}"),
      L("{city} Comedy Club Night", "Вечер в камеди-клубе {city}", "{city}喜剧俱乐部之夜", "أمسية نادي الكوميديا في {city}"),
    ],
  },
  {
    slug: "wellness-and-spa",
    icon: "flower",
    name: L("Wellness & Spa", "Велнес и спа", "养生水疗", "عافية وسبا"),
    description: L("Hammams, spas and yoga retreats", "Хаммамы, спа и йога-ретриты", "土耳其浴、水疗与瑜伽", "حمامات تقليدية ومنتجعات صحية ويوغا"),
    price: [4000, 25000],
    duration: [60, 180],
    availability: "OPENING_HOURS",
    hue: 160,
    titles: [
      L("Traditional Hammam Experience in {city}", "Традиционный хаммам в {city}", "{city}传统土耳其浴体验", "تجربة الحمام التقليدي في {city}"),
      L("{city} Luxury Spa Day", "Роскошный спа-день в {city}", "{city}奢华水疗日", "يوم سبا فاخر في {city}"),
      L("Sunrise Yoga Session in {city}", "Йога на рассвете в {city}", "{city}日出瑜伽课", "جلسة يوغا عند الشروق في {city}"),
      L("{city} Couples Massage Package", "Массаж для пар в {city}", "{city}情侣按摩套餐", "باقة تدليك للأزواج في {city}"),
    ],
  },
  {
    slug: "transfers",
    icon: "car",
    name: L("Transfers", "Трансферы", "接送服务", "خدمات النقل"),
    description: L("Airport and intercity private transfers", "Трансферы из аэропорта и между городами", "机场及城际私人接送", "نقل خاص من المطار وبين المدن"),
    price: [4000, 20000],
    duration: [30, 180],
    availability: "START_TIME",
    hue: 230,
    titles: [
      L("{city} Airport Private Transfer", "Частный трансфер из аэропорта {city}", "{city}机场私人接送", "نقل خاص من مطار {city}"),
      L("{city} Chauffeur Service by the Hour", "Машина с водителем на час в {city}", "{city}按小时包车服务", "خدمة سائق خاص بالساعة في {city}"),
      L("{city} Intercity Private Car", "Частный автомобиль между городами из {city}", "{city}城际私人专车", "سيارة خاصة بين المدن من {city}"),
    ],
  },
];

/** Suffixes that vary titles; the same index in every language. */
export const TITLE_SUFFIXES: Array<LocalizedText | null> = [
  null,
  null,
  L(" with Hotel Pickup", " с трансфером из отеля", "（含酒店接送）", " مع التوصيل من الفندق"),
  L(": Private Tour", ": индивидуальный тур", "：私人团", ": جولة خاصة"),
  L(": Small-Group Experience", ": в мини-группе", "：小团体验", ": تجربة في مجموعة صغيرة"),
  L(" (VIP Access)", " (VIP-доступ)", "（VIP通道）", " (دخول كبار الشخصيات)"),
  L(" with Lunch", " с обедом", "（含午餐）", " مع الغداء"),
  L(" for Families", " для всей семьи", "（家庭专享）", " للعائلات"),
  L(": Premium Package", ": премиум-пакет", "：尊享套餐", ": الباقة المميزة"),
  L(" with Photographer", " с фотографом", "（含摄影师）", " مع مصور"),
];

export const THEMES: Array<{ slug: string; name: LocalizedText }> = [
  { slug: "family-fun", name: L("Family Fun", "Семейный отдых", "亲子乐趣", "مرح عائلي") },
  { slug: "romantic", name: L("Romantic", "Романтика", "浪漫之旅", "رومانسية") },
  { slug: "culture-and-heritage", name: L("Culture & Heritage", "Культура и наследие", "文化与遗产", "ثقافة وتراث") },
  { slug: "nature-and-wildlife", name: L("Nature & Wildlife", "Природа и животные", "自然与野生动物", "طبيعة وحياة برية") },
  { slug: "luxury", name: L("Luxury", "Люкс", "奢华体验", "فخامة") },
  { slug: "budget-friendly", name: L("Budget Friendly", "Бюджетно", "经济实惠", "اقتصادية") },
  { slug: "adrenaline", name: L("Adrenaline", "Адреналин", "刺激冒险", "أدرينالين") },
  { slug: "photography", name: L("Photography", "Фотография", "摄影", "تصوير") },
  { slug: "ramadan-and-eid", name: L("Ramadan & Eid", "Рамадан и Ид", "斋月与开斋节", "رمضان والعيد") },
  { slug: "nightlife", name: L("Nightlife", "Ночная жизнь", "夜生活", "الحياة الليلية") },
  { slug: "history", name: L("History", "История", "历史", "تاريخ") },
  { slug: "winter-season", name: L("Winter Season", "Зимний сезон", "冬季精选", "موسم الشتاء") },
];

export const LABELS: Array<{ code: string; name: LocalizedText }> = [
  { code: "bestseller", name: L("Bestseller", "Хит продаж", "畅销", "الأكثر مبيعًا") },
  { code: "new", name: L("New", "Новинка", "新品", "جديد") },
  { code: "free-cancellation", name: L("Free cancellation", "Бесплатная отмена", "免费取消", "إلغاء مجاني") },
  { code: "skip-the-line", name: L("Skip the line", "Без очереди", "免排队", "بدون انتظار") },
  { code: "private", name: L("Private", "Индивидуально", "私人", "خاص") },
  { code: "instant-confirmation", name: L("Instant confirmation", "Мгновенное подтверждение", "即时确认", "تأكيد فوري") },
  { code: "likely-to-sell-out", name: L("Likely to sell out", "Быстро раскупают", "即将售罄", "قد تنفد قريبًا") },
  { code: "eco-friendly", name: L("Eco-friendly", "Экологично", "环保", "صديق للبيئة") },
  { code: "wheelchair-accessible", name: L("Wheelchair accessible", "Доступно для колясок", "无障碍通行", "مناسب للكراسي المتحركة") },
];

export const OCCASIONS: Array<{ code: string; name: LocalizedText }> = [
  { code: "birthday", name: L("Birthday", "День рождения", "生日", "عيد ميلاد") },
  { code: "anniversary", name: L("Anniversary", "Годовщина", "周年纪念", "ذكرى سنوية") },
  { code: "honeymoon", name: L("Honeymoon", "Медовый месяц", "蜜月", "شهر العسل") },
  { code: "team-building", name: L("Team building", "Тимбилдинг", "团队建设", "بناء الفريق") },
  { code: "school-holidays", name: L("School holidays", "Школьные каникулы", "学校假期", "العطلات المدرسية") },
  { code: "national-day", name: L("National Day", "Национальный праздник", "国庆节", "اليوم الوطني") },
  { code: "eid", name: L("Eid", "Ид", "开斋节", "العيد") },
  { code: "weekend-getaway", name: L("Weekend getaway", "Выходные", "周末出游", "عطلة نهاية الأسبوع") },
];

export const BEST_FOR: Array<{ code: string; name: LocalizedText }> = [
  { code: "couples", name: L("Couples", "Пары", "情侣", "الأزواج") },
  { code: "families", name: L("Families", "Семьи", "家庭", "العائلات") },
  { code: "friends", name: L("Friends", "Друзья", "朋友", "الأصدقاء") },
  { code: "solo", name: L("Solo travellers", "Путешественники-одиночки", "独自旅行者", "المسافرون بمفردهم") },
  { code: "kids", name: L("Kids", "Дети", "儿童", "الأطفال") },
  { code: "seniors", name: L("Seniors", "Пожилые", "长者", "كبار السن") },
  { code: "groups", name: L("Large groups", "Большие группы", "大型团体", "المجموعات الكبيرة") },
];

export const GUIDE_LANGUAGES: Array<{ code: string; name: LocalizedText }> = [
  { code: "en", name: L("English", "Английский", "英语", "الإنجليزية") },
  { code: "ar", name: L("Arabic", "Арабский", "阿拉伯语", "العربية") },
  { code: "ru", name: L("Russian", "Русский", "俄语", "الروسية") },
  { code: "zh", name: L("Chinese", "Китайский", "中文", "الصينية") },
  { code: "fr", name: L("French", "Французский", "法语", "الفرنسية") },
  { code: "de", name: L("German", "Немецкий", "德语", "الألمانية") },
  { code: "es", name: L("Spanish", "Испанский", "西班牙语", "الإسبانية") },
  { code: "it", name: L("Italian", "Итальянский", "意大利语", "الإيطالية") },
  { code: "tr", name: L("Turkish", "Турецкий", "土耳其语", "التركية") },
  { code: "hi", name: L("Hindi", "Хинди", "印地语", "الهندية") },
  { code: "ur", name: L("Urdu", "Урду", "乌尔都语", "الأردية") },
];

export const TIMES_OF_DAY: Array<{ code: string; name: LocalizedText }> = [
  { code: "morning", name: L("Morning", "Утро", "上午", "الصباح") },
  { code: "afternoon", name: L("Afternoon", "День", "下午", "بعد الظهر") },
  { code: "evening", name: L("Evening", "Вечер", "傍晚", "المساء") },
  { code: "night", name: L("Night", "Ночь", "夜间", "الليل") },
];

export const OPTION_NAMES: LocalizedText[] = [
  L("Standard", "Стандарт", "标准", "قياسي"),
  L("Premium", "Премиум", "高级", "مميز"),
  L("Private", "Индивидуально", "私人", "خاص"),
  L("Shared with transfer", "Групповой с трансфером", "拼团含接送", "مشترك مع النقل"),
  L("VIP", "VIP", "VIP", "كبار الشخصيات"),
  L("Ticket only", "Только билет", "仅门票", "تذكرة فقط"),
];

export const UNIT_TITLES: Record<string, LocalizedText> = {
  ADULT: L("Adult", "Взрослый", "成人", "بالغ"),
  CHILD: L("Child", "Ребёнок", "儿童", "طفل"),
  INFANT: L("Infant", "Младенец", "婴儿", "رضيع"),
  YOUTH: L("Youth", "Подросток", "青少年", "شاب"),
  SENIOR: L("Senior", "Пенсионер", "长者", "كبير السن"),
  STUDENT: L("Student", "Студент", "学生", "طالب"),
  FAMILY: L("Family (2 adults + 2 children)", "Семья (2 взрослых + 2 детей)", "家庭（2大2小）", "عائلة (بالغان وطفلان)"),
  OTHER: L("Group", "Группа", "团体", "مجموعة"),
};

export const SHORT_DESCRIPTIONS: LocalizedText[] = [
  L(
    "Discover {city} on this {category} experience, with expert hosts and memorable views.",
    "Откройте для себя {city} в формате «{category}» с опытными гидами и незабываемыми видами.",
    "通过这次{category}体验探索{city}，专业向导带您领略难忘美景。",
    "اكتشف {city} في تجربة {category} مع مضيفين خبراء ومناظر لا تُنسى.",
  ),
  L(
    "One of the most-loved things to do in {city}: easy booking, friendly guides and great value.",
    "Одно из самых любимых занятий в {city}: простое бронирование, дружелюбные гиды и отличная цена.",
    "{city}最受欢迎的活动之一：预订便捷、向导热情、物超所值。",
    "من أكثر الأنشطة المحبوبة في {city}: حجز سهل ومرشدون ودودون وقيمة رائعة.",
  ),
  L(
    "Make the most of your time in {city} with a {category} experience tailored to first-time visitors.",
    "Проведите время в {city} с пользой: {category} для тех, кто здесь впервые.",
    "专为首次到访者打造的{category}体验，让您在{city}不虚此行。",
    "استفد من وقتك في {city} مع تجربة {category} مصممة للزوار لأول مرة.",
  ),
  L(
    "See a different side of {city}: small groups, local stories and time to explore at your own pace.",
    "Увидьте другой {city}: небольшие группы, местные истории и время на самостоятельные прогулки.",
    "发现{city}的另一面：小团出行、当地故事，还有自由探索的时间。",
    "شاهد جانبًا مختلفًا من {city}: مجموعات صغيرة وقصص محلية ووقت للاستكشاف على راحتك.",
  ),
];

export const LONG_PARAGRAPHS: LocalizedText[] = [
  L(
    "Your host meets you at the starting point and shares the stories behind every stop.",
    "Ваш гид встретит вас в начальной точке и расскажет истории каждого места.",
    "向导将在集合点与您会面，并讲述每一站背后的故事。",
    "يلتقي بك مضيفك عند نقطة الانطلاق ويروي القصص وراء كل محطة.",
  ),
  L(
    "Groups are kept small so there is always time for questions and photos.",
    "Группы небольшие, поэтому всегда есть время для вопросов и фотографий.",
    "采用小团形式，随时有时间提问和拍照。",
    "تبقى المجموعات صغيرة ليتسع الوقت دائمًا للأسئلة والتصوير.",
  ),
  L(
    "The experience runs in every season, with shaded breaks and cold water on hot days.",
    "Программа проводится в любой сезон, в жаркие дни предусмотрены перерывы в тени и холодная вода.",
    "全年开放，炎热天气提供阴凉休息处与冰水。",
    "تُقام التجربة في كل المواسم مع استراحات مظللة ومياه باردة في الأيام الحارة.",
  ),
  L(
    "Prices include all taxes and fees, and your voucher is sent to your phone right after booking.",
    "Цены включают все налоги и сборы, ваучер придёт на телефон сразу после бронирования.",
    "价格已含所有税费，预订后凭证将立即发送到您的手机。",
    "تشمل الأسعار جميع الضرائب والرسوم، ويصلك القسيمة على هاتفك فور الحجز.",
  ),
  L(
    "Families are welcome: children get their own tickets and there are quiet spots to rest.",
    "Рады семьям: для детей есть свои билеты и тихие места для отдыха.",
    "欢迎家庭出游：儿童有专属票种，还有安静的休息区。",
    "نرحب بالعائلات: للأطفال تذاكر خاصة وتتوفر أماكن هادئة للراحة.",
  ),
  L(
    "Finish with free time to enjoy the views, shop for souvenirs or try local snacks.",
    "В конце — свободное время, чтобы насладиться видами, купить сувениры или попробовать местные закуски.",
    "最后是自由活动时间，可欣赏风景、选购纪念品或品尝当地小吃。",
    "اختتم بوقت حر للاستمتاع بالمناظر وشراء التذكارات أو تذوق الوجبات المحلية.",
  ),
];

export const HIGHLIGHTS: LocalizedText[] = [
  L("Expert local guide", "Опытный местный гид", "专业当地向导", "مرشد محلي خبير"),
  L("Stunning panoramic views", "Потрясающие панорамные виды", "壮丽的全景风光", "إطلالات بانورامية خلابة"),
  L("Perfect for photos", "Отличные места для фото", "绝佳拍照地点", "مثالية لالتقاط الصور"),
  L("Small group for a personal feel", "Небольшая группа для уютной атмосферы", "小团出行更贴心", "مجموعة صغيرة لتجربة شخصية"),
  L("Authentic local flavours", "Настоящие местные вкусы", "地道当地风味", "نكهات محلية أصيلة"),
  L("Skip the ticket queues", "Без очередей за билетами", "免排队购票", "تجاوز طوابير التذاكر"),
  L("Comfortable air-conditioned vehicle", "Комфортный автомобиль с кондиционером", "舒适的空调车辆", "مركبة مريحة مكيفة"),
  L("Learn the history behind the landmarks", "История знаменитых мест", "了解地标背后的历史", "تعرّف على التاريخ وراء المعالم"),
  L("Sunset views you will never forget", "Незабываемый закат", "难忘的日落美景", "مناظر غروب لا تُنسى"),
  L("Great for all ages", "Подходит для любого возраста", "老少皆宜", "مناسبة لجميع الأعمار"),
  L("Hotel pickup available", "Трансфер из отеля", "提供酒店接送", "التوصيل من الفندق متاح"),
  L("Traditional music and hospitality", "Традиционная музыка и гостеприимство", "传统音乐与热情款待", "موسيقى تقليدية وكرم ضيافة"),
];

export const INCLUDES: LocalizedText[] = [
  L("Professional guide", "Профессиональный гид", "专业导游", "مرشد محترف"),
  L("Entry tickets", "Входные билеты", "门票", "تذاكر الدخول"),
  L("Bottled water", "Бутилированная вода", "瓶装水", "مياه معبأة"),
  L("Hotel pickup and drop-off", "Трансфер из отеля и обратно", "酒店接送", "التوصيل من الفندق وإليه"),
  L("Lunch", "Обед", "午餐", "الغداء"),
  L("Dinner buffet", "Ужин «шведский стол»", "自助晚餐", "بوفيه العشاء"),
  L("Soft drinks", "Безалкогольные напитки", "软饮料", "مشروبات غازية"),
  L("All taxes and fees", "Все налоги и сборы", "所有税费", "جميع الضرائب والرسوم"),
  L("Safety equipment", "Снаряжение для безопасности", "安全装备", "معدات السلامة"),
  L("Audio guide", "Аудиогид", "语音导览", "دليل صوتي"),
  L("Arabic coffee and dates", "Арабский кофе и финики", "阿拉伯咖啡与椰枣", "القهوة العربية والتمر"),
];

export const EXCLUDES: LocalizedText[] = [
  L("Gratuities", "Чаевые", "小费", "الإكراميات"),
  L("Personal expenses", "Личные расходы", "个人消费", "النفقات الشخصية"),
  L("Hotel pickup", "Трансфер из отеля", "酒店接送", "التوصيل من الفندق"),
  L("Food and drinks", "Еда и напитки", "餐饮", "الطعام والمشروبات"),
  L("Photos and videos", "Фото и видео", "照片和视频", "الصور ومقاطع الفيديو"),
];

export const KNOW_BEFORE: LocalizedText[] = [
  L("Please arrive 15 minutes before the start time", "Приходите за 15 минут до начала", "请在开始前15分钟到达", "يرجى الوصول قبل موعد البدء بـ 15 دقيقة"),
  L("Modest dress is required at religious sites", "На религиозных объектах требуется скромная одежда", "参观宗教场所需着装得体", "يلزم ارتداء ملابس محتشمة في المواقع الدينية"),
  L("Not recommended for travellers with back problems", "Не рекомендуется людям с проблемами спины", "背部有疾患者不建议参加", "لا يُنصح به للمسافرين الذين يعانون من مشاكل في الظهر"),
  L("Children must be accompanied by an adult", "Дети должны быть в сопровождении взрослого", "儿童须由成人陪同", "يجب أن يرافق الأطفال شخص بالغ"),
  L("Operates in all weather conditions", "Проводится в любую погоду", "风雨无阻", "تُقام في جميع الظروف الجوية"),
  L("A valid photo ID is required at check-in", "При регистрации нужен документ с фото", "登记时需出示有效带照片的证件", "يلزم تقديم هوية سارية بصورة عند تسجيل الوصول"),
  L("Pregnant travellers should not take part", "Беременным участие не рекомендуется", "孕妇不宜参加", "لا ينبغي للحوامل المشاركة"),
  L("Vegetarian options are available on request", "Вегетарианское меню по запросу", "可应要求提供素食", "تتوفر خيارات نباتية عند الطلب"),
];

export const WHAT_TO_BRING: LocalizedText[] = [
  L("Comfortable shoes", "Удобная обувь", "舒适的鞋子", "أحذية مريحة"),
  L("Sunscreen", "Солнцезащитный крем", "防晒霜", "واقي الشمس"),
  L("Hat and sunglasses", "Шляпа и солнцезащитные очки", "帽子和太阳镜", "قبعة ونظارات شمسية"),
  L("Camera", "Фотоаппарат", "相机", "كاميرا"),
  L("Passport or ID card", "Паспорт или удостоверение личности", "护照或身份证", "جواز السفر أو بطاقة الهوية"),
  L("Swimwear and towel", "Купальник и полотенце", "泳衣和毛巾", "ملابس السباحة ومنشفة"),
  L("Light jacket for the evening", "Лёгкая куртка на вечер", "晚间薄外套", "سترة خفيفة للمساء"),
  L("Cash for souvenirs", "Наличные на сувениры", "购买纪念品的现金", "نقود لشراء التذكارات"),
];

export const ITINERARY_STEPS: LocalizedText[] = [
  L("Meet your guide", "Встреча с гидом", "与向导会合", "لقاء المرشد"),
  L("Welcome drinks and briefing", "Приветственные напитки и инструктаж", "欢迎饮品与行前说明", "مشروبات ترحيبية وإرشادات"),
  L("Main experience", "Основная программа", "主要体验", "التجربة الرئيسية"),
  L("Photo stop", "Остановка для фото", "拍照停留", "توقف للتصوير"),
  L("Meal break", "Перерыв на еду", "用餐时间", "استراحة لتناول الطعام"),
  L("Free time to explore", "Свободное время", "自由探索", "وقت حر للاستكشاف"),
  L("Return to the meeting point", "Возвращение в место встречи", "返回集合点", "العودة إلى نقطة اللقاء"),
];

export const EXTRAS: LocalizedText[] = [
  L("Professional photo package", "Профессиональная фотосессия", "专业摄影套餐", "باقة تصوير احترافية"),
  L("Private transfer upgrade", "Индивидуальный трансфер", "升级私人接送", "ترقية إلى نقل خاص"),
  L("Traditional costume rental", "Прокат традиционного костюма", "传统服饰租赁", "استئجار الزي التقليدي"),
  L("Lunch upgrade", "Улучшенный обед", "升级午餐", "ترقية الغداء"),
  L("Souvenir gift box", "Подарочный набор", "纪念品礼盒", "صندوق هدايا تذكارية"),
];

export const PICKUP_PLACES: LocalizedText[] = [
  L("City centre hotels", "Отели в центре города", "市中心酒店", "فنادق وسط المدينة"),
  L("Main railway station", "Главный вокзал", "火车总站", "محطة القطار الرئيسية"),
  L("Marina promenade", "Набережная марины", "码头步道", "ممشى المارينا"),
  L("Airport arrivals hall", "Зал прилёта аэропорта", "机场到达大厅", "صالة الوصول في المطار"),
  L("Grand mall main entrance", "Главный вход торгового центра", "大型商场正门", "المدخل الرئيسي للمول الكبير"),
];

export const REVIEW_AUTHORS: Record<string, string[]> = {
  en: ["Emily", "James", "Sarah", "Michael", "Olivia", "Daniel", "Hannah", "Tom", "Grace", "Liam"],
  ru: ["Анна", "Дмитрий", "Екатерина", "Сергей", "Ольга", "Алексей", "Мария", "Иван"],
  zh: ["王芳", "李伟", "张敏", "刘洋", "陈静", "杨磊", "赵丽", "黄鑫"],
  ar: ["محمد", "فاطمة", "عبدالله", "نورة", "خالد", "سارة", "أحمد", "ريم", "فيصل", "هند"],
};

export const REVIEW_TEXTS: Record<string, Array<{ rating: number; title: string; body: string }>> = {
  en: [
    { rating: 5, title: "Unforgettable!", body: "Our guide was fantastic and the whole day ran like clockwork. Highly recommended." },
    { rating: 5, title: "Best thing we did", body: "Worth every penny. The kids loved it and the views were amazing." },
    { rating: 4, title: "Great experience", body: "Really enjoyed it. Pickup was a little late but the rest was perfect." },
    { rating: 4, title: "Very good value", body: "Well organised, friendly staff and plenty of time for photos." },
    { rating: 3, title: "Good but crowded", body: "Nice experience overall, though the group was bigger than expected." },
    { rating: 5, title: "A highlight of our trip", body: "Knowledgeable host, delicious food and a lovely atmosphere." },
    { rating: 2, title: "Not as described", body: "Shorter than advertised and the meeting point was hard to find." },
  ],
  ru: [
    { rating: 5, title: "Незабываемо!", body: "Гид был великолепен, всё прошло идеально. Очень рекомендую." },
    { rating: 5, title: "Лучшее за поездку", body: "Стоит своих денег. Детям очень понравилось, виды потрясающие." },
    { rating: 4, title: "Отличные впечатления", body: "Очень понравилось. Трансфер немного опоздал, но остальное на высоте." },
    { rating: 4, title: "Хорошее соотношение цены и качества", body: "Всё хорошо организовано, дружелюбный персонал." },
    { rating: 3, title: "Неплохо, но многолюдно", body: "В целом понравилось, но группа оказалась больше, чем ожидали." },
    { rating: 2, title: "Не соответствует описанию", body: "Короче, чем обещали, и место встречи трудно найти." },
  ],
  zh: [
    { rating: 5, title: "难忘的经历！", body: "导游非常棒，整个行程安排得井井有条，强烈推荐。" },
    { rating: 5, title: "此行最棒的体验", body: "物超所值，孩子们非常喜欢，风景美极了。" },
    { rating: 4, title: "很好的体验", body: "非常享受，接送稍晚了一点，其他都很完美。" },
    { rating: 4, title: "性价比高", body: "组织有序，工作人员友好，拍照时间充足。" },
    { rating: 3, title: "不错但人多", body: "总体不错，不过团队人数比预期多。" },
    { rating: 2, title: "与描述不符", body: "时间比宣传的短，集合点也很难找。" },
  ],
  ar: [
    { rating: 5, title: "تجربة لا تُنسى!", body: "كان المرشد رائعًا وسار اليوم بأكمله بسلاسة. أنصح بها بشدة." },
    { rating: 5, title: "أفضل ما قمنا به", body: "تستحق كل ريال. أحبها الأطفال وكانت المناظر مذهلة." },
    { rating: 4, title: "تجربة رائعة", body: "استمتعنا كثيرًا. تأخر التوصيل قليلًا لكن الباقي كان ممتازًا." },
    { rating: 4, title: "قيمة ممتازة", body: "تنظيم جيد وطاقم ودود ووقت كافٍ للتصوير." },
    { rating: 3, title: "جيدة لكن مزدحمة", body: "تجربة جميلة عمومًا لكن المجموعة كانت أكبر من المتوقع." },
    { rating: 2, title: "ليست كما وُصفت", body: "أقصر مما أُعلن وكان من الصعب إيجاد نقطة اللقاء." },
  ],
};

/**
 * The company itself as a supplier: experiences created in the console (app/catalogue/manage) belong
 * to it. Its id is fixed ("sup-own"); own products are "own-" plus eight random characters.
 */
export const OWN_SUPPLIER = {
  id: "sup-own",
  name: "Rihla",
  email: "experiences@rihla.example",
  phone: "+966110000000",
  website: null,
  description: { en: "Experiences run by Rihla itself", ru: "Впечатления от самой Rihla", zh: "Rihla 自营体验", ar: "تجارب تديرها رحلة بنفسها" },
} as const;

export const SUPPLIER_NAMES = [
  "Rihla Experiences",
  "Desert Pearl Tours",
  "Gulf Horizons",
  "Old Town Walks",
  "Blue Lagoon Marine",
  "Summit Adventures",
  "Heritage Trails Co.",
  "Taste Local",
  "CityPass Partners",
  "Oasis Travel Services",
  "Silk Road Journeys",
  "Coral Coast Diving",
];

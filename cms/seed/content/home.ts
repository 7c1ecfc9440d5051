import type { L } from "./types";

/** City names by catalogue slug. */
export const CITIES: Record<string, L> = {
  dubai: { en: "Dubai", ru: "Дубай", zh: "迪拜", ar: "دبي" },
  riyadh: { en: "Riyadh", ru: "Эр-Рияд", zh: "利雅得", ar: "الرياض" },
  jeddah: { en: "Jeddah", ru: "Джидда", zh: "吉达", ar: "جدة" },
  alula: { en: "AlUla", ru: "Аль-Ула", zh: "欧拉", ar: "العُلا" },
  "abu-dhabi": { en: "Abu Dhabi", ru: "Абу-Даби", zh: "阿布扎比", ar: "أبوظبي" },
  doha: { en: "Doha", ru: "Доха", zh: "多哈", ar: "الدوحة" },
  muscat: { en: "Muscat", ru: "Маскат", zh: "马斯喀特", ar: "مسقط" },
  cairo: { en: "Cairo", ru: "Каир", zh: "开罗", ar: "القاهرة" },
  istanbul: { en: "Istanbul", ru: "Стамбул", zh: "伊斯坦布尔", ar: "إسطنبول" },
  paris: { en: "Paris", ru: "Париж", zh: "巴黎", ar: "باريس" },
  london: { en: "London", ru: "Лондон", zh: "伦敦", ar: "لندن" },
  rome: { en: "Rome", ru: "Рим", zh: "罗马", ar: "روما" },
  barcelona: { en: "Barcelona", ru: "Барселона", zh: "巴塞罗那", ar: "برشلونة" },
  tokyo: { en: "Tokyo", ru: "Токио", zh: "东京", ar: "طوكيو" },
  bangkok: { en: "Bangkok", ru: "Бангкок", zh: "曼谷", ar: "بانكوك" },
  bali: { en: "Bali", ru: "Бали", zh: "巴厘岛", ar: "بالي" },
  singapore: { en: "Singapore", ru: "Сингапур", zh: "新加坡", ar: "سنغافورة" },
  "new-york": { en: "New York", ru: "Нью-Йорк", zh: "纽约", ar: "نيويورك" },
};

/** Category names by catalogue slug. */
export const CATEGORIES: Record<string, L> = {
  tours: { en: "Tours", ru: "Экскурсии", zh: "观光游览", ar: "جولات" },
  attractions: { en: "Attractions", ru: "Достопримечательности", zh: "景点门票", ar: "معالم سياحية" },
  activities: { en: "Activities", ru: "Развлечения", zh: "活动体验", ar: "أنشطة" },
  cruises: { en: "Cruises", ru: "Круизы", zh: "游船", ar: "رحلات بحرية" },
  "desert-safaris": { en: "Desert safaris", ru: "Сафари в пустыне", zh: "沙漠之旅", ar: "رحلات السفاري الصحراوية" },
  "water-sports": { en: "Water sports", ru: "Водные виды спорта", zh: "水上运动", ar: "رياضات مائية" },
  "theme-parks": { en: "Theme parks", ru: "Тематические парки", zh: "主题公园", ar: "مدن ترفيهية" },
  museums: { en: "Museums", ru: "Музеи", zh: "博物馆", ar: "متاحف" },
  "day-trips": { en: "Day trips", ru: "Однодневные поездки", zh: "一日游", ar: "رحلات يومية" },
  "food-and-drink": { en: "Food and drink", ru: "Еда и напитки", zh: "美食饮品", ar: "طعام ومشروبات" },
  "outdoor-adventures": { en: "Outdoor adventures", ru: "Активный отдых", zh: "户外探险", ar: "مغامرات في الهواء الطلق" },
  "shows-and-events": { en: "Shows and events", ru: "Шоу и мероприятия", zh: "演出和活动", ar: "عروض وفعاليات" },
};

export const POPULAR_CITIES = ["dubai", "riyadh", "alula", "jeddah", "abu-dhabi", "doha", "istanbul", "cairo"];
export const TOP_CITIES = ["paris", "london", "rome", "barcelona", "tokyo", "bangkok", "bali", "singapore", "new-york", "muscat"];
export const GALLERY_CITIES = ["alula", "dubai", "istanbul", "bali", "tokyo", "cairo"];

export const HOME: {
  heroTitle: L;
  heroSubtitle: L;
  heroAlt: L;
  popularHeading: L;
  topHeading: L;
  categoriesHeading: L;
  themesHeading: L;
  galleryHeading: L;
  testimonialsHeading: L;
  supportHeading: L;
  supportBody: L;
} = {
  heroTitle: {
    en: "Discover over 3,000 experiences worldwide",
    ru: "Более 3000 впечатлений по всему миру",
    zh: "探索全球3000多项精彩体验",
    ar: "اكتشف أكثر من 3000 تجربة حول العالم",
  },
  heroSubtitle: {
    en: "Tours, attractions and cruises from Riyadh to Tokyo, with free cancellation on most bookings.",
    ru: "Экскурсии, достопримечательности и круизы от Эр-Рияда до Токио, с бесплатной отменой для большинства бронирований.",
    zh: "从利雅得到东京的观光、景点和游船，大多数预订可免费取消。",
    ar: "جولات ومعالم ورحلات بحرية من الرياض إلى طوكيو، مع إلغاء مجاني لمعظم الحجوزات.",
  },
  heroAlt: {
    en: "Sand dunes at sunset near Riyadh",
    ru: "Песчаные дюны на закате под Эр-Риядом",
    zh: "利雅得附近日落时分的沙丘",
    ar: "كثبان رملية عند الغروب قرب الرياض",
  },
  popularHeading: { en: "Popular destinations", ru: "Популярные направления", zh: "热门目的地", ar: "وجهات شائعة" },
  topHeading: { en: "Top destinations worldwide", ru: "Лучшие направления мира", zh: "全球精选目的地", ar: "أفضل الوجهات حول العالم" },
  categoriesHeading: { en: "Browse by category", ru: "Категории", zh: "按类别浏览", ar: "تصفح حسب الفئة" },
  themesHeading: { en: "Travel your way", ru: "Путешествуйте по-своему", zh: "随心而行", ar: "سافر على طريقتك" },
  galleryHeading: { en: "Moments from our travellers", ru: "Моменты наших путешественников", zh: "旅行者的精彩瞬间", ar: "لحظات من رحلات مسافرينا" },
  testimonialsHeading: { en: "154 reviews from happy travellers", ru: "154 отзыва довольных путешественников", zh: "154条满意旅客的评价", ar: "154 تقييماً من مسافرين سعداء" },
  supportHeading: { en: "We are here to help", ru: "Мы всегда на связи", zh: "我们随时为您服务", ar: "نحن هنا لمساعدتك" },
  supportBody: {
    en: "Chat, call, email or message us on WhatsApp every day from 9 am to 11 pm Saudi time.",
    ru: "Пишите в чат, звоните, отправляйте письма или сообщения в WhatsApp ежедневно с 9:00 до 23:00 по саудовскому времени.",
    zh: "每天沙特时间上午9点至晚上11点，可通过在线聊天、电话、邮件或WhatsApp联系我们。",
    ar: "تواصل معنا بالدردشة أو الهاتف أو البريد أو واتساب يومياً من التاسعة صباحاً حتى الحادية عشرة مساءً بتوقيت السعودية.",
  },
};

export const GALLERY_CAPTIONS: L = { en: "Photo", ru: "Фото", zh: "照片", ar: "صورة" };

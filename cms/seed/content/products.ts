import type { LanguageId } from "../../constants";
import type { RichSource } from "./types";

/** Some languages of a field; the storefront shows English (then the engine's text) where one is missing. */
type Some<T = string> = Partial<Record<LanguageId, T>>;

export interface ProductContentSource {
  /** The demo catalogue's product id (app/db/seed: deterministic for the default seed). */
  productId: string;
  title?: Some;
  shortDescription?: Some;
  description?: Some<RichSource>;
  highlights?: Some<string[]>;
  inclusions?: Some<string[]>;
  exclusions?: Some<string[]>;
  whatToBring?: Some<string[]>;
  itinerary?: Array<{ key: string; time?: string; title: Some; description?: Some }>;
  faq?: Array<{ key: string; question: Some; answer: Some<RichSource> }>;
  /** Seed image names (cms/seed/images/{image}.jpg) and their alternative texts. */
  gallery?: Array<{ image: string; alt: Some }>;
}

/**
 * Content documents for two demo experiences, so the merge over the engine's texts shows in the demo:
 * the Riyadh snow park is told in full in English and Arabic with some fields left untranslated (they
 * fall back to English), the AlUla tour adds only questions and photos (its texts stay the engine's).
 */
export const PRODUCT_CONTENT: ProductContentSource[] = [
  {
    productId: "prd-000104",
    title: {
      en: "Snow Day at Riyadh's Indoor Snow Park",
      ar: "يوم ثلجي في حديقة الثلج الداخلية بالرياض",
      ru: "Снежный день в крытом парке Эр-Рияда",
      zh: "利雅得室内雪乐园的冰雪一日",
    },
    shortDescription: {
      en: "Build snowmen, ride the sledge hill and warm up with hot chocolate, minutes from the city centre.",
      ar: "اصنع رجل الثلج وانزلق على تلة الزلاجات ثم تدفأ بالشوكولاتة الساخنة، على بعد دقائق من وسط المدينة.",
      ru: "Лепите снеговиков, катайтесь с горки на санках и грейтесь горячим шоколадом в нескольких минутах от центра.",
      zh: "堆雪人、滑雪橇，再来一杯热巧克力暖暖身子，距市中心仅几分钟车程。",
    },
    description: {
      en: [
        "Trade the desert heat for a day of real snow. The park keeps a steady −4 °C all year, with a sledge hill, a snowball arena and a penguin show for younger guests.",
        "## Good to know",
        "- Warm jackets, gloves and boots are lent at the entrance",
        "- Lockers are free for ticket holders",
      ],
      ar: [
        "استبدل حر الصحراء بيوم من الثلج الحقيقي. تحافظ الحديقة على درجة حرارة −4 مئوية طوال العام، وفيها تلة للزلاجات وساحة لكرات الثلج وعرض للبطاريق للضيوف الصغار.",
        "## معلومات مفيدة",
        "- تُعار السترات الدافئة والقفازات والأحذية عند المدخل",
        "- الخزائن مجانية لحاملي التذاكر",
      ],
      ru: [
        "Смените жару пустыни на день настоящего снега. В парке круглый год −4 °C: горка для санок, арена для игры в снежки и шоу пингвинов для юных гостей.",
        "## Полезно знать",
        "- Тёплые куртки, перчатки и ботинки выдают на входе",
        "- Шкафчики бесплатны для владельцев билетов",
      ],
      zh: [
        "告别沙漠的炎热，享受一天真正的冰雪。乐园全年保持零下4摄氏度，设有雪橇坡、雪球竞技场，还有为小朋友准备的企鹅表演。",
        "## 温馨提示",
        "- 入口处免费借用保暖外套、手套和雪靴",
        "- 持票游客可免费使用储物柜",
      ],
    },
    highlights: {
      en: ["Real snow at −4 °C all year round", "Sledge hill and snowball arena", "Penguin show for children"],
      ar: ["ثلج حقيقي بدرجة −4 مئوية طوال العام", "تلة للزلاجات وساحة لكرات الثلج", "عرض البطاريق للأطفال"],
      ru: ["Настоящий снег при −4 °C круглый год", "Горка для санок и арена для снежков", "Шоу пингвинов для детей"],
      zh: ["全年零下4摄氏度的真雪", "雪橇坡和雪球竞技场", "儿童企鹅表演"],
    },
    inclusions: {
      en: ["Entry ticket", "Loan of warm clothing", "One hot chocolate"],
      ar: ["تذكرة الدخول", "إعارة الملابس الدافئة", "كوب شوكولاتة ساخنة"],
      ru: ["Входной билет", "Тёплая одежда напрокат", "Одна чашка горячего шоколада"],
      zh: ["门票", "保暖衣物租借", "一杯热巧克力"],
    },
    // Not yet translated: every language shows the English list.
    exclusions: { en: ["Ski lessons", "Transport to the park"] },
    whatToBring: { en: ["Thick socks", "A change of clothes for children"] },
    itinerary: [
      {
        key: "arrive",
        time: "10:00",
        title: { en: "Check in and gear up", ar: "تسجيل الوصول وارتداء المعدات", ru: "Регистрация и экипировка", zh: "签到并换装" },
        description: { en: "Collect your jacket, gloves and boots at the warm-up lounge.", ar: "استلم السترة والقفازات والأحذية في صالة الاستعداد." },
      },
      {
        key: "snow",
        time: "10:30",
        title: { en: "Snow play and sledging", ar: "اللعب بالثلج والتزلج", ru: "Игры в снегу и катание на санках", zh: "玩雪与滑雪橇" },
        // The Arabic description is missing: the English one shows.
        description: { en: "Two hours on the sledge hill and in the snowball arena." },
      },
      {
        key: "penguins",
        time: "12:30",
        title: { en: "Penguin show and hot chocolate", ar: "عرض البطاريق والشوكولاتة الساخنة", ru: "Шоу пингвинов и горячий шоколад", zh: "企鹅表演与热巧克力" },
      },
    ],
    faq: [
      {
        key: "age",
        question: { en: "Is the park suitable for toddlers?", ar: "هل الحديقة مناسبة للأطفال الصغار؟", ru: "Подходит ли парк для малышей?", zh: "乐园适合幼儿吗？" },
        answer: {
          en: ["Yes. Children from two years old are welcome, and the snow play area has a gentle slope for the youngest."],
          ar: ["نعم. يُرحَّب بالأطفال من عمر سنتين، وفي منطقة اللعب بالثلج منحدر لطيف للصغار."],
          ru: ["Да. Мы рады детям от двух лет, а в зоне снежных игр есть пологий склон для самых маленьких."],
          zh: ["适合。欢迎两岁以上的儿童，玩雪区为最小的孩子设有平缓的坡道。"],
        },
      },
      {
        key: "cold",
        question: { en: "How cold is it inside?", ar: "ما مدى البرودة في الداخل؟", ru: "Насколько холодно внутри?", zh: "室内有多冷？" },
        // Only the English answer so far.
        answer: { en: ["About −4 °C. The clothing we lend keeps you warm for the whole visit."] },
      },
    ],
    gallery: [
      { image: "product-snow-park-slope", alt: { en: "Children sledging down the snow hill", ar: "أطفال يتزلجون على تلة الثلج", ru: "Дети катаются на санках с горки", zh: "孩子们从雪坡上滑雪橇" } },
      { image: "product-snow-park-penguins", alt: { en: "Penguins waddling past the viewing window" } },
    ],
  },
  {
    productId: "prd-000108",
    faq: [
      {
        key: "heat",
        question: { en: "Is the tour comfortable in summer?", ar: "هل الجولة مريحة في الصيف؟", ru: "Комфортно ли на экскурсии летом?", zh: "夏季参加这个行程舒适吗？" },
        answer: {
          en: ["From May to September the tour starts at 08:00 and the vehicle is air-conditioned between stops."],
          ar: ["من مايو إلى سبتمبر تبدأ الجولة الساعة 08:00، والمركبة مكيفة بين المحطات."],
          ru: ["С мая по сентябрь экскурсия начинается в 08:00, а между остановками вы едете в машине с кондиционером."],
          zh: ["五月至九月行程于08:00开始，各站点之间乘坐空调车辆。"],
        },
      },
    ],
    gallery: [
      {
        image: "product-alula-old-town",
        alt: { en: "Mud-brick lanes of AlUla Old Town at sunrise", ar: "أزقة البلدة القديمة في العلا المبنية من الطين عند الشروق", ru: "Глинобитные улочки старого города Эль-Ула на рассвете", zh: "日出时欧拉古城的泥砖小巷" },
      },
    ],
  },
];

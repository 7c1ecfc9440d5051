// One file per domain keeps translators' and developers' edits apart; they merge into one namespace.
// Each file owns its top-level keys (app/i18n/locales.test.ts checks they never collide).
import account from "./account.json";
import booking from "./booking.json";
import common from "./common.json";
import detail from "./detail.json";
import discovery from "./discovery.json";
import layout from "./layout.json";
import site from "./site.json";

export default { ...account, ...booking, ...common, ...detail, ...discovery, ...layout, ...site };

// The staff console's strings on top of the storefront's: only /admin pages load them in the browser.
import admin from "./admin.json";
import storefront from "./index";

export default { ...storefront, ...admin };

import type { Permission } from "#app/staff/roles";

/**
 * The console's navigation, in one place: each console area adds its entry here. `permission` hides
 * an entry from staff whose role lacks it (the route checks again on the server).
 */
export const ADMIN_NAV: Array<{ to: string; labelKey: string; permission: Permission; end?: boolean }> = [
  { to: "/admin", labelKey: "admin.nav.today", permission: "orders.view", end: true },
  { to: "/admin/dashboard", labelKey: "admin.nav.dashboard", permission: "orders.view" },
  { to: "/admin/orders", labelKey: "admin.nav.orders", permission: "orders.view" },
  { to: "/admin/manifest", labelKey: "admin.nav.manifest", permission: "orders.view" },
  { to: "/admin/check-in", labelKey: "admin.nav.checkIn", permission: "tickets.redeem" },
  { to: "/admin/offers", labelKey: "admin.nav.offers", permission: "orders.view" },
  { to: "/admin/products", labelKey: "admin.nav.products", permission: "catalogue.manage" },
  { to: "/admin/availability", labelKey: "admin.nav.availability", permission: "catalogue.manage" },
  { to: "/admin/resources", labelKey: "admin.nav.resources", permission: "catalogue.manage" },
  { to: "/admin/staff", labelKey: "admin.nav.staff", permission: "staff.manage" },
  { to: "/admin/invoicing", labelKey: "admin.nav.invoicing", permission: "orders.view" },
  { to: "/admin/data-requests", labelKey: "admin.nav.dataRequests", permission: "privacy.manage" },
  { to: "/admin/audit", labelKey: "admin.nav.audit", permission: "orders.view" },
];

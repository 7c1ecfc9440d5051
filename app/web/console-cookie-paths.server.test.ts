import { withConsoleDataPath } from "./console-cookie-paths.server";

test("a console cookie is also set, and cleared, for the console home's single-fetch data path", () => {
  expect(withConsoleDataPath(["rihla_staff=abc; Path=/admin; HttpOnly; SameSite=Lax"])).toEqual(["rihla_staff=abc; Path=/admin; HttpOnly; SameSite=Lax", "rihla_staff=abc; Path=/admin.data; HttpOnly; SameSite=Lax"]);
  expect(withConsoleDataPath(["rihla_admin_lang=; Max-Age=0; path=/admin"])).toEqual(["rihla_admin_lang=; Max-Age=0; path=/admin", "rihla_admin_lang=; Max-Age=0; path=/admin.data"]);
});

test("storefront cookies and deeper console paths stay as they are", () => {
  const cookies = ["rihla_session=x; Path=/; HttpOnly", "a=1; Path=/admin/orders", "b=2; Path=/administrator"];
  expect(withConsoleDataPath(cookies)).toEqual(cookies);
});

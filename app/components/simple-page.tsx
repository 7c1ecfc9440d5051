import { useLoaderData } from "@remix-run/react";
import type { SimplePageData } from "#app/lib/page.server";

/** A page with a heading and an introduction (the screens that later capabilities fill in). */
export function SimplePage() {
  const data = useLoaderData<SimplePageData>();
  return (
    <section className="container page">
      <h1>{data.heading}</h1>
      <p>{data.intro}</p>
    </section>
  );
}

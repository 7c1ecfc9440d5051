// `npm run dev`: the storefront from its sources, on the embedded database (DATA_DIR, default ./data):
// Vite's dev server inside server.js compiles what a request needs and reloads an edited component in
// the browser without reloading the page (hot module reload); server code is reloaded on the next request.
process.env.NODE_ENV ??= "development";
const { startServer } = await import("../server.js");
await startServer({ dev: true });

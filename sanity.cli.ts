import { defineCliConfig } from "sanity/cli";

export default defineCliConfig({
  api: {
    projectId: process.env.SANITY_STUDIO_PROJECT_ID || "rihla000",
    dataset: process.env.SANITY_STUDIO_DATASET || "production",
  },
  // Sanity's vite would otherwise copy Remix's ./public (the storefront's build output) into the studio.
  vite: (config: Record<string, unknown>) => ({ ...config, publicDir: false }),
});
